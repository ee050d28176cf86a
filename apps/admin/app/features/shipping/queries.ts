import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminShippingApi, type AdminShipping, type AdminShippingZone } from '@shopfront/shared';
import { call, errorText } from '../../lib/api';
import { failure } from '../../lib/toast';
import { savedToast } from '../../lib/undo';

export const SHIPPING_KEY = ['shipping'] as const;

/** Every zone with its methods, the every-zone methods, the countries and the currency. */
export function useShipping() {
  return useQuery({
    queryKey: SHIPPING_KEY,
    queryFn: async () => (await call(adminShippingApi.overview)).data,
  });
}

/** Moves one item a place earlier (-1) or later (+1) in `list`; null when it is already at that end. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] | null {
  const to = index + by;
  if (to < 0 || to >= list.length) return null;
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/**
 * Earlier / Later for zones and for one zone's methods: the whole order is sent, and the server
 * refuses it (409, said in a toast, the list reloaded) when a zone or method came or went since.
 */
export function useReorder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (
      order: { kind: 'zones'; ids: number[] } | { kind: 'methods'; zone_id: number | null; codes: string[] },
    ) =>
      order.kind === 'zones'
        ? call(adminShippingApi.orderZones, { body: { ids: order.ids } })
        : call(adminShippingApi.orderMethods, { body: { zone_id: order.zone_id, codes: order.codes } }),
    onSuccess: (res) => qc.setQueryData<AdminShipping>(SHIPPING_KEY, res.data),
    onError: (err) => {
      void failure(errorText(err));
      void qc.invalidateQueries({ queryKey: SHIPPING_KEY });
    },
  });
}

/** Deletes a zone (with its methods) against the version shown. */
export function useDeleteZone(onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (zone: AdminShippingZone) =>
      call(adminShippingApi.removeZone, { params: { id: zone.id }, headers: { 'if-match': String(zone.version) } }),
    onSuccess: (res) => {
      // Undo puts the zone back whole (its place, its methods) for the toast's ten seconds.
      savedToast(qc, res.message ?? 'Shipping zone deleted', {
        description: res.data.name,
        offer: res.undo,
        refresh: [SHIPPING_KEY],
      });
      void qc.invalidateQueries({ queryKey: SHIPPING_KEY });
      onDone();
    },
    onError: (err) => {
      void failure(errorText(err));
      void qc.invalidateQueries({ queryKey: SHIPPING_KEY });
    },
  });
}
