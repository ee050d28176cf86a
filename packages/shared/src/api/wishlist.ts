import type { WishlistBodySchema, WishlistChangeSchema, WishlistSchema } from '../schemas/wishlist.ts';
import { endpoint } from './endpoint.ts';

/** The customer's wishlist (spec section 7, Wishlist; 401 for guests). /moveToCart is in cartApi. */
export const wishlistApi = {
  get: endpoint<{ data: typeof WishlistSchema }>('GET', '/api/wishlist/get'),
  add: endpoint<{ body: typeof WishlistBodySchema; data: typeof WishlistChangeSchema }>('POST', '/api/wishlist/add'),
  remove: endpoint<{ body: typeof WishlistBodySchema; data: typeof WishlistChangeSchema }>(
    'DELETE',
    '/api/wishlist/remove',
  ),
} as const;
