import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminPictureMessages,
  adminPicturesApi,
  type AdminPicture,
  type AdminPicturePatch,
  type AdminPictures,
} from '@shopfront/shared';
import { call, errorText } from '../../../lib/api';
import { uploadPicture } from '../../../lib/upload';
import { failure } from '../../../lib/toast';
import { savedToast } from '../../../lib/undo';
import { MEDIA_KEY } from '../../media/queries';
import { CATALOG_KEY } from '../queries';

export const picturesKey = (id: string) => [...CATALOG_KEY, 'pictures', id] as const;

export function usePictures(productId: string) {
  return useQuery({
    queryKey: picturesKey(productId),
    queryFn: async () => (await call(adminPicturesApi.list, { params: { id: productId } })).data,
  });
}

/** The resized copy the shop's /media serves (320 CSS px wide), for a thumbnail. */
export const thumbnailUrl = (p: AdminPicture) => p.url.replace(/^\/media\//, '/media/w_320/');

/** Uploads one file to the product (lib/upload.ts: progress, Idempotency-Key). */
export const uploadFile = (productId: string, file: File, key: string, onProgress: (fraction: number) => void) =>
  uploadPicture<AdminPictures>(
    adminPicturesApi.upload.path.replace(':id', encodeURIComponent(productId)),
    file,
    key,
    onProgress,
  );

/** Edits of one product's pictures; each answer replaces the list shown. */
export function usePictureActions(productId: string) {
  const client = useQueryClient();
  const key = picturesKey(productId);
  // One at a time, in the order made: a reorder names the order the one before it left.
  const mutationKey = [...key, 'write'];
  const scope = { id: `pictures:${productId}` };
  const settle = (data: AdminPictures) => {
    // A later edit already shown (optimistically) stays until its own answer comes.
    if (client.isMutating({ mutationKey }) <= 1) client.setQueryData(key, data);
    // The product's card picture may have changed (the first picture).
    void client.invalidateQueries({ queryKey: CATALOG_KEY, predicate: (q) => q.queryKey[1] === 'list' });
  };
  const onError = (err: unknown) => {
    void failure(errorText(err));
    void client.invalidateQueries({ queryKey: key });
  };

  const update = useMutation({
    mutationKey,
    scope,
    mutationFn: ({ id, patch }: { id: number; patch: AdminPicturePatch }) =>
      call(adminPicturesApi.update, { params: { id: productId, picture_id: id }, body: patch }),
    onMutate: ({ id, patch }) => {
      const before = client.getQueryData<AdminPictures>(key);
      if (before)
        client.setQueryData(key, {
          ...before,
          pictures: before.pictures.map((p) => (p.id === id ? { ...p, ...patch } : p)),
        });
    },
    onSuccess: (res) => settle(res.data),
    onError,
  });

  const reorder = useMutation({
    mutationKey,
    scope,
    mutationFn: ({ order, expected }: { order: number[]; expected: number[] }) =>
      call(adminPicturesApi.reorder, { params: { id: productId }, body: { order, expected } }),
    onMutate: ({ order }) => {
      const before = client.getQueryData<AdminPictures>(key);
      if (before) {
        const byId = new Map(before.pictures.map((p) => [p.id, p]));
        client.setQueryData(key, { ...before, pictures: order.map((id) => byId.get(id)!).filter(Boolean) });
      }
    },
    onSuccess: (res) => settle(res.data),
    onError,
  });

  const remove = useMutation({
    mutationKey,
    scope,
    mutationFn: (id: number) => call(adminPicturesApi.remove, { params: { id: productId, picture_id: id } }),
    onSuccess: (res) => {
      settle(res.data);
      // The media library lists it, marked, until its Undo runs out.
      void client.invalidateQueries({ queryKey: MEDIA_KEY });
      // One tap deletes; Undo (while the toast lasts) brings the picture back in its place. A
      // picture a page or post still shows stays, in the media library: the toast says where.
      const shown = res.data.still_shown ?? [];
      savedToast(client, adminPictureMessages.deleted, {
        description: shown.length > 0 ? adminPictureMessages.stillShown(shown) : undefined,
        offer: res.undo,
        refresh: [key, CATALOG_KEY, MEDIA_KEY],
      });
    },
    onError,
  });

  return { update, reorder, remove, settle };
}
