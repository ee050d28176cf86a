import type { Wishlist, WishlistChange } from '@shopfront/shared';
import { apiFetch } from '../../lib/api.client';

/** Browser-side wishlist calls (spec section 7; credentials + CSRF header, a 401 logs the UI out). */
export const wishlistApi = {
  get: () => apiFetch<Wishlist>('GET', '/api/wishlist/get'),
  add: (productId: string) => apiFetch<WishlistChange>('POST', '/api/wishlist/add', { product_id: productId }),
  remove: (productId: string) => apiFetch<WishlistChange>('DELETE', '/api/wishlist/remove', { product_id: productId }),
};
