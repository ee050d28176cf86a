import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  adminCatalogApi,
  adminCouponsApi,
  adminCustomersApi,
  adminOrdersApi,
  type AdminOrderRow,
} from '@shopfront/shared';
import { callAbortable } from '../../lib/api';

/** Typing pauses this long before the palette asks the API. */
export const SEARCH_DELAY_MS = 250;
const RESULTS = 5;

/** The text once typing has paused (trimmed); a new keystroke restarts the wait. */
export function useDebounced(text: string, ms = SEARCH_DELAY_MS): string {
  const [settled, setSettled] = useState(text.trim());
  useEffect(() => {
    const t = setTimeout(() => setSettled(text.trim()), ms);
    return () => clearTimeout(t);
  }, [text, ms]);
  return settled;
}

/**
 * Orders, customers and products matching the typed text, through the lists' own server search.
 * A newer term replaces the older query; TanStack Query aborts the older request (its `signal`).
 */
export function usePaletteSearch(term: string, areas: { orders: boolean; customers: boolean; catalog: boolean }) {
  const ready = term.length >= 2;
  const orders = useQuery({
    queryKey: ['palette', 'orders', term],
    enabled: ready && areas.orders,
    queryFn: async ({ signal }) =>
      (await callAbortable(adminOrdersApi.list, { query: { q: term, limit: RESULTS } }, signal)).data.orders,
    staleTime: 10_000,
  });
  const customers = useQuery({
    queryKey: ['palette', 'customers', term],
    enabled: ready && areas.customers,
    queryFn: async ({ signal }) =>
      (await callAbortable(adminCustomersApi.list, { query: { q: term, limit: RESULTS } }, signal)).data.customers,
    staleTime: 10_000,
  });
  const products = useQuery({
    queryKey: ['palette', 'products', term],
    enabled: ready && areas.catalog,
    queryFn: async ({ signal }) =>
      (await callAbortable(adminCatalogApi.list, { query: { q: term, limit: RESULTS } }, signal)).data.products,
    staleTime: 10_000,
  });
  // A coupon code: letters, digits, - and _ only (the list refuses anything else).
  const codeLike = /^[A-Za-z0-9_-]{2,40}$/.test(term);
  const coupons = useQuery({
    queryKey: ['palette', 'coupons', term],
    enabled: ready && codeLike && areas.catalog,
    queryFn: async ({ signal }) =>
      (await callAbortable(adminCouponsApi.list, { query: { q: term, limit: RESULTS } }, signal)).data.coupons,
    staleTime: 10_000,
  });
  const all = [orders, customers, products, coupons];
  return {
    orders: (ready && orders.data) || [],
    customers: (ready && customers.data) || [],
    products: (ready && products.data) || [],
    coupons: (ready && codeLike && coupons.data) || [],
    searching: ready && all.some((q) => q.isFetching),
    failed: ready && all.some((q) => q.isError),
  };
}

/** The move a packer makes next on an order in this state, as the order page's `?do=`. */
export function nextMove(order: Pick<AdminOrderRow, 'status'>): { action: string; label: string } | null {
  switch (order.status) {
    case 'confirmed':
      return { action: 'pack', label: 'Pack' };
    case 'packed':
      return { action: 'ship', label: 'Ship' };
    case 'shipped':
    case 'out_for_delivery':
      return { action: 'deliver', label: 'Mark delivered' };
    default:
      return null;
  }
}
