import { useQuery } from '@tanstack/react-query';
import { adminDashboardApi, adminOrdersApi } from '@shopfront/shared';
import { call } from '../../lib/api';

/**
 * The counts of the orders inbox's tabs (one row asked for; the counts come with every page).
 * Kept under the orders' key, so an order action refreshes the tiles too.
 */
export function useOrderCounts() {
  return useQuery({
    queryKey: ['orders', 'counts'],
    queryFn: async () => (await call(adminOrdersApi.list, { query: { tab: 'to_pack', limit: 1 } })).data.counts,
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
  });
}

/** Sales for today, 7 and 30 days; "today" starts at the owner's midnight (the browser's offset). */
export function useDashboard(enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard'],
    queryFn: async () =>
      (await call(adminDashboardApi.dashboard, { query: { utc_offset: -new Date().getTimezoneOffset() } })).data,
    enabled,
    refetchInterval: 5 * 60_000,
    refetchIntervalInBackground: false,
  });
}
