import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, adminTaxonomyApi } from '@shopfront/shared';
import { call, errorText } from '../../lib/api';

export const TAXONOMY_KEY = ['taxonomy'] as const;

export function useCategories() {
  return useQuery({
    queryKey: [...TAXONOMY_KEY, 'categories'],
    queryFn: async () => (await call(adminTaxonomyApi.categories)).data.categories,
  });
}

export function useSuperCategories() {
  return useQuery({
    queryKey: [...TAXONOMY_KEY, 'super-categories'],
    queryFn: async () => (await call(adminTaxonomyApi.superCategories)).data.super_categories,
  });
}

export function useCollections() {
  return useQuery({
    queryKey: [...TAXONOMY_KEY, 'collections'],
    queryFn: async () => (await call(adminTaxonomyApi.collections)).data.collections,
  });
}

export function useCollection(id: number) {
  return useQuery({
    queryKey: [...TAXONOMY_KEY, 'collection', id],
    queryFn: async () => (await call(adminTaxonomyApi.collection, { params: { id } })).data,
    enabled: Number.isSafeInteger(id) && id > 0,
  });
}

/** Refetches every taxonomy list (and the product editor's copies) after a write. */
export function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: TAXONOMY_KEY });
}

/** A failed write as field messages (422) and one line for the form. */
export function problemOf(err: unknown): { fields: Record<string, string>; message: string } {
  if (err instanceof ApiError && err.status === 422) {
    const fields = Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0] ?? '']));
    return {
      fields,
      message: Object.keys(fields).length ? 'Some fields need a look; each says what is wrong.' : err.message,
    };
  }
  return { fields: {}, message: errorText(err) };
}

/** The list with the item at `index` swapped with its neighbour (`by` -1 up, +1 down); null at an end. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] | null {
  const to = index + by;
  if (to < 0 || to >= list.length) return null;
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** The list with the item at `index` taken out and put at `to` (0-based, clamped); null if it stays. */
export function movedTo<T>(list: readonly T[], index: number, to: number): T[] | null {
  const at = Math.max(0, Math.min(list.length - 1, to));
  if (at === index || index < 0 || index >= list.length) return null;
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(at, 0, item!);
  return next;
}

export const slugOf = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
