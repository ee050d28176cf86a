import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  API_CART_COOKIE,
  AddItemBodySchema,
  ApplyCouponBodySchema,
  CartSchema,
  CouponOffersSchema,
  EmptyCartBodySchema,
  MoveToCartBodySchema,
  RemoveCouponBodySchema,
  RemoveItemBodySchema,
  StockValidationSchema,
  UpdateQtyBodySchema,
  cartApi,
  cartMessages,
  messages,
  type Cart,
} from '@shopfront/shared';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { HttpError, fieldError, ok } from '../../lib/http.ts';
import { requireCustomer } from '../../lib/session.ts';
import { COUPON_RATE_LIMITS } from '../coupons/limits.ts';
import { evaluateCoupon, listCouponOffers, normaliseCouponCode, type CouponContext } from '../coupons/service.ts';
import { removeFromWishlist, savedVariantOf } from '../wishlist/service.ts';
import { cartAnswers } from './answers.ts';
import type { CartOwner } from '../../lib/cart-owner.ts';
import { cartOwnerOf, setCartCookies } from './cart-cookie.ts';
import { loadCart, priceCartRow } from './load.ts';
import {
  acceptPrices,
  addToCart,
  cartGone,
  clearCoupon,
  findCartId,
  removeItem,
  setCoupon,
  updateQuantity,
} from './service.ts';

const tags = ['cart'];

const COOKIE_NOTE =
  'The cart is found by the session (a customer) or the HttpOnly cart_session cookie (a guest); api_cart and cart_session in a body are ignored.';

/** What a coupon is checked against: the lines that can be bought, at their prices now. */
function couponContextOf(cart: Cart): CouponContext {
  const lines = cart.items
    .filter((i) => i.max_quantity > 0)
    .map((i) => ({ lineId: i.id, productId: i.product.id, lineTotalMinor: i.line_total.amount }));
  return {
    customerId: cart.customer_id,
    currency: cart.currency,
    lines,
    subtotalMinor: lines.reduce((n, l) => n + l.lineTotalMinor, 0),
  };
}

/**
 * The cart (spec section 7, base /api/cart; ADR 0020). Every answer is the whole priced cart, so
 * a client replaces its copy with it. Prices, totals and stock are decided here: a price in a
 * body is a 422.
 */
export async function cartRoutes(app: FastifyInstance) {
  const db = app.db;
  const { ctx, current, existing, answer } = cartAnswers(app);

  /**
   * A retry of an add gets the readable `api_cart` flag again; an add that made a guest's cart
   * (a new secret in `cart_session`) is not kept by the idempotency store and runs again.
   */
  const ADD_REPLAY = { replayCookies: [API_CART_COOKIE] };

  /**
   * Adds to the owner's cart, creating it (and the guest's cookie) on first use; answers the cart
   * priced as the add left it (read under the add's lock: no second read).
   */
  const add = async (
    req: FastifyRequest,
    reply: FastifyReply,
    owner: CartOwner,
    input: Parameters<typeof addToCart>[3],
  ): Promise<Cart> => {
    const added = await addToCart(db, owner, () => req.shop(), input);
    if (added.token || !req.cookies.api_cart) setCartCookies(app, req, reply, added.expireDays, added.token);
    const cart = await priceCartRow(db, added.cart, ctx);
    if (!cart) throw cartGone();
    return cart;
  };

  registerEndpoint(
    app,
    cartApi.get,
    {
      schemas: { data: CartSchema },
      tags,
      summary: `The shopper's cart, priced now (an empty cart when there is none). ${COOKIE_NOTE}`,
    },
    async (req) => ok(await current(req, await cartOwnerOf(req))),
  );

  registerEndpoint(
    app,
    cartApi.addItem,
    {
      schemas: { body: AddItemBodySchema, data: CartSchema },
      tags,
      summary:
        'Add quantity (1–10) of product_id: a variant id, or a product id with a single variant (ADR 0020). Never more than the stock or 10 per line (422 on quantity with the reason); additonal_data only for customisable products with the ProductCustomisation plugin. Creates the cart and its cookies on first use. Honours Idempotency-Key',
      errors: [404, 409, 422],
      config: { idempotent: ADD_REPLAY },
    },
    async (req, reply) => {
      return ok(await add(req, reply, await cartOwnerOf(req), req.body), cartMessages.added);
    },
  );

  registerEndpoint(
    app,
    cartApi.updateQty,
    {
      schemas: { body: UpdateQtyBodySchema, data: CartSchema },
      tags,
      summary:
        "Set a line's quantity (0 removes it): the line of product_id (a variant id), or item_id when a variant has several customised lines. 422 on quantity above the stock or 10",
      errors: [404, 409, 422],
      config: { idempotent: true },
    },
    async (req) => {
      const owner = await cartOwnerOf(req);
      const cartId = await findCartId(db, owner);
      if (!cartId) throw new HttpError(404, cartMessages.itemNotFound);
      await updateQuantity(db, cartId, req.body);
      return answer(cartId, req.body.quantity === 0 ? cartMessages.removed : cartMessages.updated);
    },
  );

  registerEndpoint(
    app,
    cartApi.removeItem,
    {
      schemas: { body: RemoveItemBodySchema, data: CartSchema },
      tags,
      summary: 'Remove the line item_id, or every line of product_id',
      errors: [404, 409, 422],
    },
    async (req) => {
      const cartId = await findCartId(db, await cartOwnerOf(req));
      if (!cartId) throw new HttpError(404, cartMessages.itemNotFound);
      await removeItem(db, cartId, req.body);
      return answer(cartId, cartMessages.removed);
    },
  );

  registerEndpoint(
    app,
    cartApi.coupons,
    {
      schemas: { data: CouponOffersSchema },
      tags,
      summary:
        'Coupons the shopper may see (secret ones are never listed), each saying whether it applies to the cart now',
    },
    async (req) => {
      const cart = await current(req, await cartOwnerOf(req));
      return ok({ coupons: await listCouponOffers(db, couponContextOf(cart)) });
    },
  );

  registerEndpoint(
    app,
    cartApi.applyCoupon,
    {
      schemas: { body: ApplyCouponBodySchema, data: CartSchema },
      tags,
      summary:
        'Apply a coupon code (any letter case), replacing the one applied. 422 on coupon with the reason: unknown (or switched off), starts on a later day, expired, used up, login needed, first order only, already used, not applicable, or the amount missing to the minimum. Uses are counted when an order is placed. 20 tries per 15 minutes per address',
      errors: [409, 422, 429],
      config: { rateLimit: COUPON_RATE_LIMITS.apply },
    },
    async (req) => {
      const owner = await cartOwnerOf(req);
      const cartId = await existing(owner, 'coupon', messages.cartEmpty);
      const cart = await loadCart(db, cartId, ctx);
      if (!cart || cart.items.length === 0) throw fieldError('coupon', messages.cartEmpty);
      const verdict = await evaluateCoupon(db, req.body.coupon, couponContextOf(cart));
      if (!verdict.ok) throw fieldError('coupon', verdict.message);
      await setCoupon(db, cartId, verdict.coupon.code);
      return answer(cartId, cartMessages.couponApplied);
    },
  );

  registerEndpoint(
    app,
    cartApi.removeCoupon,
    {
      schemas: { body: RemoveCouponBodySchema, data: CartSchema },
      tags,
      summary: 'Remove the applied coupon (succeeds when none is applied)',
      errors: [409, 422],
    },
    async (req) => {
      const owner = await cartOwnerOf(req);
      const cartId = await findCartId(db, owner);
      if (!cartId) return ok(await current(req, owner), cartMessages.couponRemoved);
      await clearCoupon(db, cartId, req.body.coupon ? normaliseCouponCode(req.body.coupon) : null);
      return answer(cartId, cartMessages.couponRemoved);
    },
  );

  registerEndpoint(
    app,
    cartApi.updateItemsPrice,
    {
      schemas: { body: EmptyCartBodySchema, data: CartSchema },
      tags,
      summary: "Accept today's prices for every line (prices_updated becomes false)",
      errors: [409, 422],
    },
    async (req) => {
      const owner = await cartOwnerOf(req);
      const cartId = await findCartId(db, owner);
      if (!cartId) return ok(await current(req, owner));
      await acceptPrices(db, cartId);
      return answer(cartId, cartMessages.pricesAccepted);
    },
  );

  registerEndpoint(
    app,
    cartApi.validateStock,
    {
      schemas: { data: StockValidationSchema },
      tags,
      summary: 'Lines that are sold out or ask for more than there is, with how many are available',
    },
    async (req) => {
      const cart = await current(req, await cartOwnerOf(req));
      const short = cart.items.filter((i) => i.out_of_stock);
      return ok({
        valid: short.length === 0,
        out_of_stock_items: short.map((i) => ({
          id: i.id,
          product_id: i.product_id,
          name: i.product.name,
          requested: i.quantity,
          available: i.max_quantity,
        })),
      });
    },
  );

  registerEndpoint(
    app,
    cartApi.moveToCart,
    {
      schemas: { body: MoveToCartBodySchema, data: CartSchema },
      tags: ['wishlist'],
      summary:
        'Move a saved product to the cart (product_id: the product, or one of its variants): the option saved with it on the wishlist, else its only variant; a product with several variants and none saved answers 422 "choose an option". Then take it off the wishlist',
      errors: [401, 404, 409, 422],
      config: { idempotent: ADD_REPLAY },
    },
    async (req, reply) => {
      const customer = await requireCustomer(req);
      const owner = { customerId: customer.id, tokenHash: null };
      // The option chosen when it was saved is the one moved (the server decides, not the page).
      const saved = await savedVariantOf(db, customer.id, req.body.product_id);
      const cart = await add(req, reply, owner, {
        product_id: saved ?? req.body.product_id,
        quantity: req.body.quantity,
      });
      const moved = cart.items.find(
        (i) => i.product_id === req.body.product_id || i.product.id === req.body.product_id,
      );
      if (moved) await removeFromWishlist(db, customer.id, moved.product.id);
      return ok(cart, cartMessages.added);
    },
  );
}
