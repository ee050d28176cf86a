import type { FastifyInstance } from 'fastify';
import {
  LatestOrderSchema,
  PlaceOrderBodySchema,
  PlacedOrderSchema,
  checkoutApi,
  orderMessages,
  type PaymentNext,
} from '@shopfront/shared';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { HttpError, ok } from '../../lib/http.ts';
import { cartOwnerOf } from '../cart/cart-cookie.ts';
import { cartContextOf } from '../cart/load.ts';
import { ORDER_REF_COOKIE, orderAccess, setOrderRefCookie } from '../orders/access.ts';
import { latestOrderId, loadOrder } from '../orders/view.ts';
import { CHECKOUT_RATE_LIMITS } from './limits.ts';
import { OPEN_PAYMENTS_CAP, beginPayment, resultPath } from '../payments/service.ts';
import { placeOrder } from './place-order.ts';

export async function checkoutRoutes(app: FastifyInstance) {
  const ctx = cartContextOf(app.env);
  registerEndpoint(
    app,
    checkoutApi.placeOrder,
    {
      schemas: { body: PlaceOrderBodySchema, data: PlacedOrderSchema },
      tags: ['checkout'],
      summary: `Places the cart's order: re-priced, stock taken and coupon counted in one transaction; idempotent by key, and a second tab finds the cart ordered. An online payment is refused (409) while the shopper has ${OPEN_PAYMENTS_CAP} orders awaiting payment; ${CHECKOUT_RATE_LIMITS.placeOrder.max} requests per ${CHECKOUT_RATE_LIMITS.placeOrder.timeWindow} per address`,
      errors: [409, 422, 429],
      // A guest's retry gets the order_ref cookie again (signed with the shop secret, which lives in
      // the same database; the key's scope is the guest's cart secret, so only that browser replays).
      config: { idempotent: { replayCookies: [ORDER_REF_COOKIE] }, rateLimit: CHECKOUT_RATE_LIMITS.placeOrder },
    },
    async (req, reply) => {
      const owner = await cartOwnerOf(req);
      // One shopper may hold only so much stock with unpaid orders (payments/open-payments.ts).
      const placed = await placeOrder(
        app.db,
        owner,
        {
          confirmedTotal: req.body.confirmed_total,
          acceptTerms: req.body.accept_terms === true,
        },
        ctx,
      );
      // Committed: counted once (a replay of the same order answers created false).
      if (placed.created) app.metrics?.orderPlaced(placed);
      // A guest's browser remembers its order (signed, HttpOnly): the complete page and its tracking.
      if (owner.customerId === null) await setOrderRefCookie(app, req, reply, placed.orderId);
      // The provider is called after the order's transaction has committed (never inside it).
      const next: PaymentNext = placed.online
        ? await beginPayment(app, req.log, placed.orderId)
        : { type: 'complete', path: resultPath(placed.orderId, true) };
      const order = await loadOrder(app.db, placed.orderId);
      if (!order) throw new HttpError(404, orderMessages.orderNotFound);
      return ok({ order, next }, placed.created ? orderMessages.placed : undefined);
    },
  );

  registerEndpoint(
    app,
    checkoutApi.latest,
    {
      schemas: { data: LatestOrderSchema },
      tags: ['checkout'],
      summary:
        "The shopper's own latest order (the guard of the complete and failed pages), and whether its confirmation is being sent or held in the outbox (no transport for its channel)",
      errors: [404],
    },
    async (req) => {
      const id = await latestOrderId(app.db, await orderAccess(req));
      const order = id ? await loadOrder(app.db, id) : null;
      if (!order) throw new HttpError(404, orderMessages.orderNotFound);
      const { transports } = app.outbox;
      const to = [
        { contact: order.email, sends: Boolean(transports.email) },
        { contact: order.phone, sends: Boolean(transports.sms) },
      ].filter((c): c is { contact: string; sends: boolean } => Boolean(c.contact));
      const confirmation = {
        sending: to.filter((c) => c.sends).map((c) => c.contact),
        held: to.filter((c) => !c.sends).map((c) => c.contact),
      };
      return ok({ ...order, confirmation });
    },
  );
}
