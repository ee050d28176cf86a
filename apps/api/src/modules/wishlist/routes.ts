import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorEnvelopeSchema,
  WishlistBodySchema,
  WishlistChangeSchema,
  WishlistSchema,
  envelope,
  wishlistMessages,
} from '@shopfront/shared';
import { ok } from '../../lib/http.ts';
import { requireCustomer } from '../../lib/session.ts';
import { addToWishlist, getWishlist, removeFromWishlist } from './service.ts';

const errors = { 401: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema, 422: ErrorEnvelopeSchema };

/**
 * The customer's wishlist (spec section 7, Wishlist; section 6: adding requires login). Every
 * call needs a session: a guest is answered 401. /moveToCart arrives with the cart.
 */
export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', async (req) => {
    await requireCustomer(req);
  });

  app.get(
    '/api/wishlist/get',
    {
      schema: {
        tags: ['wishlist'],
        summary: 'The saved products, newest first, as product cards (products taken off sale are left out)',
        response: { 200: envelope(WishlistSchema), 401: ErrorEnvelopeSchema },
      },
    },
    async (req) => {
      const customer = await requireCustomer(req);
      return ok(await getWishlist(app.db, customer.id));
    },
  );

  app.post(
    '/api/wishlist/add',
    {
      schema: {
        tags: ['wishlist'],
        summary: 'Save a product (idempotent); an unknown or unpublished product is 404',
        body: WishlistBodySchema,
        response: { 200: envelope(WishlistChangeSchema), ...errors },
      },
    },
    async (req) => {
      const customer = await requireCustomer(req);
      return ok(await addToWishlist(app.db, customer.id, req.body.product_id), wishlistMessages.added);
    },
  );

  app.delete(
    '/api/wishlist/remove',
    {
      schema: {
        tags: ['wishlist'],
        summary: 'Take a product off the wishlist (idempotent)',
        body: WishlistBodySchema,
        response: { 200: envelope(WishlistChangeSchema), 401: ErrorEnvelopeSchema, 422: ErrorEnvelopeSchema },
      },
    },
    async (req) => {
      const customer = await requireCustomer(req);
      return ok(await removeFromWishlist(app.db, customer.id, req.body.product_id), wishlistMessages.removed);
    },
  );
};
