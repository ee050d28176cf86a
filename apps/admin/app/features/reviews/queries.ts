import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi, adminInboxesApi } from '@shopfront/shared';
import { call, errorText } from '../../lib/api';
import { failure, success } from '../../lib/toast';

export type Visibility = 'all' | 'shown' | 'hidden';
const REVIEWS_KEY = ['reviews'] as const;

/** The moderation list, newest first, a keyset page at a time; the counts come with every page. */
export function useReviewList(visibility: Visibility) {
  return useInfiniteQuery({
    queryKey: [...REVIEWS_KEY, visibility],
    queryFn: async ({ pageParam }) =>
      (
        await call(adminInboxesApi.reviews, {
          query: {
            ...(visibility === 'all' ? {} : { visibility }),
            ...(pageParam ? { cursor: pageParam } : {}),
          },
        })
      ).data,
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: (prev) => prev,
  });
}

/** Hide a review, or show it again; the lists and counts are asked again, a toast says what happened. */
export function useModerate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hide }: { id: number; hide: boolean }) =>
      call(hide ? adminApi.hideReview : adminApi.unhideReview, { params: { id } }),
    onSuccess: (res) => {
      void client.invalidateQueries({ queryKey: REVIEWS_KEY });
      void success(res.message ?? 'Saved', res.data.product.name);
    },
    onError: (err) => void failure(errorText(err)),
  });
}
