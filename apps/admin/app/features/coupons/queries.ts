import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminCouponsApi, type AdminCoupon, type AdminCouponsQuery } from '@shopfront/shared';
import { call, errorText } from '../../lib/api';
import { failure } from '../../lib/toast';
import { savedToast } from '../../lib/undo';

export const COUPONS_KEY = ['coupons'] as const;
export const couponKey = (id: number) => [...COUPONS_KEY, 'coupon', id] as const;

/** The coupons list: a page at a time (keyset cursor). */
export function useCouponList(query: AdminCouponsQuery) {
  return useInfiniteQuery({
    queryKey: [...COUPONS_KEY, 'list', query],
    queryFn: async ({ pageParam }) =>
      (await call(adminCouponsApi.list, { query: { ...query, ...(pageParam ? { cursor: pageParam } : {}) } })).data,
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: (prev) => prev,
  });
}

export function useCoupon(id: number | null) {
  return useQuery({
    queryKey: couponKey(id ?? 0),
    queryFn: async () => (await call(adminCouponsApi.get, { params: { id: id! } })).data,
    enabled: id !== null,
  });
}

/** The orders that used a coupon, newest first, a page at a time. */
export function useCouponUses(id: number) {
  return useInfiniteQuery({
    queryKey: [...couponKey(id), 'uses'],
    queryFn: async ({ pageParam }) =>
      (
        await call(adminCouponsApi.uses, {
          params: { id },
          query: { limit: 5, ...(pageParam ? { cursor: pageParam } : {}) },
        })
      ).data,
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** Categories, and products matching the words typed (for the scope pickers). */
export function useScopeChoices(q: string) {
  return useQuery({
    queryKey: [...COUPONS_KEY, 'scope', q],
    queryFn: async () => (await call(adminCouponsApi.scopeChoices, { query: q ? { q } : {} })).data,
    placeholderData: (prev) => prev,
    staleTime: 30_000,
  });
}

/** Disable, enable (with If-Match; Undo in the toast) or delete a coupon. */
export function useCouponAction(coupon: AdminCoupon, onDeleted: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (action: 'disable' | 'enable' | 'delete') => {
      if (action === 'delete') return call(adminCouponsApi.remove, { params: { id: coupon.id } });
      return call(adminCouponsApi[action], {
        params: { id: coupon.id },
        headers: { 'if-match': String(coupon.version) },
      });
    },
    onSuccess: (res, action) => {
      void qc.invalidateQueries({ queryKey: COUPONS_KEY });
      savedToast(qc, res.message ?? 'Saved', { description: coupon.code, offer: res.undo, refresh: [COUPONS_KEY] });
      if (action === 'delete') onDeleted();
    },
    onError: (err) => {
      void failure(errorText(err));
      void qc.invalidateQueries({ queryKey: couponKey(coupon.id) });
    },
  });
}
