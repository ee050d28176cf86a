import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { failure, success } from '../../lib/toast';
import { ApiError, adminOrdersApi, type AdminOrderDetail, type ApiSuccess } from '@shopfront/shared';
import { call, errorText } from '../../lib/api';
import { ORDERS_KEY } from './list-query';

const orderKey = (id: string) => [...ORDERS_KEY, 'detail', id] as const;
export { BADGE_KEY, useOrderBadge } from './badge-query';

export function useOrder(id: string) {
  return useQuery({
    queryKey: orderKey(id),
    queryFn: async () => (await call(adminOrdersApi.get, { params: { id } })).data,
  });
}

/**
 * One action on an order: sent with `If-Match: <version>` of the order as shown. Success: the
 * answer (the order after it) replaces the page, the lists and the badge are asked again, a
 * toast says what happened. A 409 (someone else changed it, or the state does not allow it):
 * its message as a toast and the order read again. Other failures are left to the caller (a
 * form shows its field messages).
 */
export function useOrderAction<V>(
  order: AdminOrderDetail,
  run: (vars: V, headers: Record<string, string>) => Promise<ApiSuccess<AdminOrderDetail>>,
  fallbackMessage: string,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => run(vars, { 'if-match': String(order.version) }),
    onSuccess: (res) => {
      client.setQueryData(orderKey(order.id), res.data);
      void client.invalidateQueries({ queryKey: ORDERS_KEY, predicate: (q) => q.queryKey[1] !== 'detail' });
      void success(res.message ?? fallbackMessage);
    },
    onError: (err) => {
      if (err instanceof ApiError && (err.status === 409 || err.status === 404)) {
        void failure(err.message);
        void client.invalidateQueries({ queryKey: orderKey(order.id) });
      } else if (!(err instanceof ApiError && err.status === 422)) {
        void failure(errorText(err));
      }
    },
  });
}

/** The orders lists and badge are stale (after a bulk action). */
export function useRefreshOrders() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ORDERS_KEY });
}
