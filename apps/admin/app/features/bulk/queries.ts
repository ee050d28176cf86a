import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminBulkApi, type AdminBulkQuery, type AdminBulkSave } from '@shopfront/shared';
import { call } from '../../lib/api';
import { CATALOG_KEY } from '../catalog/queries';

export const BULK_KEY = [...CATALOG_KEY, 'bulk'] as const;

/**
 * The grid's rows, a page of products at a time. Never refetched behind the owner's back (focus,
 * reconnect): the values on screen are what the edits are compared with (`was`).
 */
export function useBulkGrid(query: AdminBulkQuery) {
  return useInfiniteQuery({
    queryKey: [...BULK_KEY, query],
    queryFn: async ({ pageParam }) =>
      (await call(adminBulkApi.page, { query: { ...query, ...(pageParam ? { cursor: pageParam } : {}) } })).data,
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    staleTime: Infinity,
  });
}

/** The batch, with one Idempotency-Key per batch (a retry of the same press is replayed, not saved twice). */
export function useBulkSave() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: AdminBulkSave; key: string }) =>
      call(adminBulkApi.save, { body, headers: { 'idempotency-key': key } }),
    onSuccess: () => client.invalidateQueries({ queryKey: CATALOG_KEY }),
  });
}
