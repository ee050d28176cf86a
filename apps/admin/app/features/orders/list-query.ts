import { useInfiniteQuery } from '@tanstack/react-query';
import { adminOrdersApi } from '@shopfront/shared';
import { call } from '../../lib/api';
import { toQuery, type InboxFilters } from './filters';

/**
 * Kept apart from the order actions (queries.ts: mutations and toasts): the inbox's first load
 * needs only its list, within the 150 kB budget.
 */
export const ORDERS_KEY = ['orders'] as const;

/** The inbox: a page at a time (keyset cursor), "Load more" asks for the next. */
export function useOrderList(filters: InboxFilters) {
  const query = toQuery(filters);
  return useInfiniteQuery({
    queryKey: [...ORDERS_KEY, 'list', query],
    queryFn: async ({ pageParam }) =>
      (await call(adminOrdersApi.list, { query: { ...query, ...(pageParam ? { cursor: pageParam } : {}) } })).data,
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: (prev) => prev,
  });
}
