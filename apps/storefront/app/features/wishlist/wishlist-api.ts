import { callEndpoint, wishlistApi } from '@shopfront/shared';
import { browserTransport } from '../../lib/api.client';
import type { WishlistCalls } from './wishlist-store';

/** The wishlist store's calls in the browser (credentials + CSRF header; a 401 logs the UI out). */
export const wishlistCalls: WishlistCalls = {
  get: () => callEndpoint(browserTransport, wishlistApi.get),
  add: (productId, variantId) =>
    callEndpoint(browserTransport, wishlistApi.add, {
      body: { product_id: productId, ...(variantId ? { variant_id: variantId } : {}) },
    }),
  remove: (productId) => callEndpoint(browserTransport, wishlistApi.remove, { body: { product_id: productId } }),
};
