import type { AdminProductsQuery } from '@shopfront/shared';

/** The statuses the list filters by (kept here, not from the schemas module: no zod on this screen). */
export const STATUS_LABELS = {
  draft: 'Draft',
  published: 'Published',
  scheduled: 'Scheduled',
  archived: 'Archived',
} as const;
export type ListStatus = keyof typeof STATUS_LABELS;
export const STOCK_LABELS = { low: 'Low stock', out: 'Out of stock' } as const;
export type ListStock = keyof typeof STOCK_LABELS;

export interface ProductFilters {
  q: string;
  status: ListStatus | '';
  stock: ListStock | '';
}

const one = <T extends string>(all: Record<T, string>, raw: string | null): T | '' =>
  raw && raw in all ? (raw as T) : '';

/** The filters as they live in the address (`?q=linen&status=draft&stock=low`); unknown values are dropped. */
export function readProductFilters(params: URLSearchParams): ProductFilters {
  return {
    q: params.get('q') ?? '',
    status: one(STATUS_LABELS, params.get('status')),
    stock: one(STOCK_LABELS, params.get('stock')),
  };
}

export function writeProductFilters(f: ProductFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.q.trim()) p.set('q', f.q.trim());
  if (f.status) p.set('status', f.status);
  if (f.stock) p.set('stock', f.stock);
  return p;
}

export function toProductsQuery(f: ProductFilters): AdminProductsQuery {
  return {
    ...(f.q.trim() ? { q: f.q.trim() } : {}),
    ...(f.status ? { status: f.status } : {}),
    ...(f.stock ? { stock: f.stock } : {}),
  };
}
