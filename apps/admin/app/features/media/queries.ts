import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { adminMediaApi, type MediaItem } from '@shopfront/shared';
import { call } from '../../lib/api';
import { uploadPicture } from '../../lib/upload';

export const MEDIA_KEY = ['media'] as const;

/** The media library: a page at a time (keyset cursor), "Load more" asks for the next. */
export function useMediaList(q: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...MEDIA_KEY, 'list', q],
    queryFn: async ({ pageParam }) =>
      (await call(adminMediaApi.list, { query: { ...(q ? { q } : {}), ...(pageParam ? { cursor: pageParam } : {}) } }))
        .data,
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: (prev) => prev,
    enabled,
  });
}

/** Uploads one file to the library (a retry with the same key answers the same picture); the list is read again. */
export function useMediaUpload() {
  const client = useQueryClient();
  return async (file: File, key: string, onProgress: (fraction: number) => void) => {
    const item = await uploadPicture<MediaItem>(adminMediaApi.upload.path, file, key, onProgress);
    await client.invalidateQueries({ queryKey: MEDIA_KEY });
    return item;
  };
}

/** Saves an upload's alt text in the library. */
export const saveMediaAlt = (item: MediaItem, alt: string) =>
  call(adminMediaApi.update, { params: { id: Number(item.id.split('-')[1]) }, body: { alt } });

/** Deletes an upload from the library (409 with the places still showing it). */
export const deleteMediaUpload = (item: MediaItem) =>
  call(adminMediaApi.remove, { params: { id: Number(item.id.split('-')[1]) } });
