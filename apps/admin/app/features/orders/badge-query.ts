import { useQuery } from '@tanstack/react-query';
import { adminOrdersApi } from '@shopfront/shared';
import { call } from '../../lib/api';

/** Kept apart from the order queries: the frame shows the badge on every screen, without their toasts. */
export const BADGE_KEY = ['orders', 'badge'] as const;

/** New orders and open refund requests, for the Orders badge; asked again every minute. */
export function useOrderBadge(enabled: boolean) {
  return useQuery({
    queryKey: BADGE_KEY,
    queryFn: async () => (await call(adminOrdersApi.badge)).data,
    enabled,
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
    staleTime: 30_000,
  });
}
