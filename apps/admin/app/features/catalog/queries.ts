import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  adminCatalogApi,
  type AdminProduct,
  type AdminProductsQuery,
  type AdminVariant,
} from '@shopfront/shared';
import { call, errorText } from '../../lib/api';
import { failure, success } from '../../lib/toast';

export const CATALOG_KEY = ['catalog'] as const;
export const productKey = (id: string) => [...CATALOG_KEY, 'product', id] as const;

/** The products list: a page at a time (keyset cursor), "Load more" asks for the next. */
export function useProductList(query: AdminProductsQuery) {
  return useInfiniteQuery({
    queryKey: [...CATALOG_KEY, 'list', query],
    queryFn: async ({ pageParam }) =>
      (await call(adminCatalogApi.list, { query: { ...query, ...(pageParam ? { cursor: pageParam } : {}) } })).data,
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: (prev) => prev,
  });
}

export function useProduct(id: string | null) {
  return useQuery({
    queryKey: productKey(id ?? ''),
    queryFn: async () => (await call(adminCatalogApi.get, { params: { id: id! } })).data,
    enabled: !!id,
  });
}

export function useLowStock() {
  return useQuery({
    queryKey: [...CATALOG_KEY, 'low-stock'],
    queryFn: async () => (await call(adminCatalogApi.lowStock)).data,
  });
}

/**
 * Sets one variant's stock to what the owner typed, only while it is still what the screen
 * showed (`expected_stock`): a sale in between is a 409, and the new number is read again.
 */
export function useSetStock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ variant, stock }: { variant: Pick<AdminVariant, 'id' | 'stock'>; stock: number }) =>
      call(adminCatalogApi.setStock, {
        params: { variant_id: variant.id },
        body: { stock, reason: 'manual', note: null, expected_stock: variant.stock },
      }),
    onSuccess: (res) => {
      void client.invalidateQueries({ queryKey: CATALOG_KEY });
      void success(res.message ?? 'Stock updated', `${res.data.variant.product_title} · ${res.data.variant.sku}`);
    },
    onError: (err) => {
      if (!(err instanceof ApiError && (err.status === 409 || err.status === 422))) void failure(errorText(err));
    },
  });
}

/** Reads one variant's stock as it is now (after a 409). */
export async function currentStock(variantId: string): Promise<number> {
  return (await call(adminCatalogApi.variantStock, { params: { variant_id: variantId } })).data.variant.stock;
}

/** Duplicate or archive a product (archive with If-Match). */
export function useProductAction(product: AdminProduct | undefined, onDone: (p: AdminProduct) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: 'duplicate' | 'archive') =>
      action === 'duplicate'
        ? call(adminCatalogApi.duplicate, { params: { id: product!.id } })
        : call(adminCatalogApi.archive, {
            params: { id: product!.id },
            headers: { 'if-match': String(product!.version) },
          }),
    onSuccess: (res, action) => {
      void client.invalidateQueries({ queryKey: CATALOG_KEY });
      void success(res.message ?? (action === 'duplicate' ? 'Product duplicated as a draft' : 'Product archived'));
      onDone(res.data);
    },
    onError: (err) => {
      void failure(errorText(err));
      if (product) void client.invalidateQueries({ queryKey: productKey(product.id) });
    },
  });
}
