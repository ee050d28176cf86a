import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  WishlistBodySchema,
  WishlistChangeSchema,
  WishlistSchema,
  wishlistApi,
  wishlistMessages,
} from '@shopfront/shared';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { ok } from '../../lib/http.ts';
import { requireCustomer } from '../../lib/session.ts';
import { addToWishlist, getWishlist, removeFromWishlist } from './service.ts';

/**
 * The customer's wishlist (spec section 7, Wishlist; section 6: adding requires login). Every
 * call needs a session: a guest is answered 401. /moveToCart arrives with the cart.
 */
export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', async (req) => {
    await requireCustomer(req);
  });

  registerEndpoint(
    app,
    wishlistApi.get,
    {
      schemas: { data: WishlistSchema },
      tags: ['wishlist'],
      summary: 'The saved products, newest first, as product cards (products taken off sale are left out)',
      errors: [401],
    },
    async (req) => {
      const customer = await requireCustomer(req);
      return ok(await getWishlist(app.db, customer.id, await req.shop()));
    },
  );

  registerEndpoint(
    app,
    wishlistApi.add,
    {
      schemas: { body: WishlistBodySchema, data: WishlistChangeSchema },
      tags: ['wishlist'],
      summary:
        'Save a product, with the option chosen on its page (variant_id; idempotent, a new option replaces the saved one); an unknown or unpublished product is 404',
      errors: [401, 404, 422],
    },
    async (req) => {
      const customer = await requireCustomer(req);
      return ok(
        await addToWishlist(app.db, customer.id, req.body.product_id, req.body.variant_id ?? null),
        wishlistMessages.added,
      );
    },
  );

  registerEndpoint(
    app,
    wishlistApi.remove,
    {
      schemas: { body: WishlistBodySchema, data: WishlistChangeSchema },
      tags: ['wishlist'],
      summary: 'Take a product off the wishlist (idempotent)',
      errors: [401, 422],
    },
    async (req) => {
      const customer = await requireCustomer(req);
      return ok(await removeFromWishlist(app.db, customer.id, req.body.product_id), wishlistMessages.removed);
    },
  );
};
