import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  OrderSchema,
  PlaceOrderBodySchema,
  PlacedOrderSchema,
  checkoutApi,
  orderMessages,
  type PaymentNext,
} from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { HttpError, ok } from '../../lib/http.ts';
import { cartOwnerOf } from '../cart/cart-cookie.ts';
import { cartContextOf } from '../cart/load.ts';
import { ORDER_REF_COOKIE, setOrderRefCookie, verifyOrderRef } from '../orders/access.ts';
import { loadOrder } from '../orders/view.ts';
import { beginPayment } from '../payments/service.ts';
import { placeOrder } from './place-order.ts';

/** Where the storefront goes for an order placed or paid: its confirmation page. */
export const completePath = (orderId: string) => `/checkout-complete?order=${encodeURIComponent(orderId)}`;

export async function checkoutRoutes(app: FastifyInstance) {
  const ctx = cartContextOf(app.env);
  registerEndpoint(
    app,
    checkoutApi.placeOrder,
    {
      schemas: { body: PlaceOrderBodySchema, data: PlacedOrderSchema },
      tags: ['checkout'],
      summary:
        "Places the cart's order: re-priced, stock taken and coupon counted in one transaction; idempotent by key, and a second tab finds the cart ordered",
      errors: [409, 422],
      config: { idempotent: true },
    },
    async (req, reply) => {
      const owner = await cartOwnerOf(req);
      const placed = await placeOrder(
        app.db,
        owner,
        {
          confirmedTotal: req.body.confirmed_total,
          acceptTerms: req.body.accept_terms === true,
        },
        ctx,
      );
      // A guest's browser remembers its order (signed, HttpOnly): the complete page and its tracking.
      if (owner.customerId === null) await setOrderRefCookie(app, req, reply, placed.orderId);
      // The provider is called after the order's transaction has committed (never inside it).
      const next: PaymentNext = placed.online
        ? await beginPayment(app, req, placed.orderId)
        : { type: 'complete', path: completePath(placed.orderId) };
      const order = await loadOrder(app.db, placed.orderId);
      if (!order) throw new HttpError(404, orderMessages.orderNotFound);
      return ok({ order, next }, placed.created ? orderMessages.placed : undefined);
    },
  );

  registerEndpoint(
    app,
    checkoutApi.latest,
    {
      schemas: { data: OrderSchema },
      tags: ['checkout'],
      summary: "The shopper's own latest order (the guard of the complete and failed pages)",
      errors: [404],
    },
    async (req) => {
      const customer = await req.getCustomer();
      const guestRef = customer ? null : await verifyOrderRef(app.db, req.cookies[ORDER_REF_COOKIE]);
      const [row] = await queryRows<{ id: string }>(
        app.db,
        customer
          ? sql`select id from orders where customer_id = ${customer.id} order by created_at desc, id limit 1`
          : sql`select id from orders where id = ${guestRef} and customer_id is null`,
      );
      const order = row ? await loadOrder(app.db, row.id) : null;
      if (!order) throw new HttpError(404, orderMessages.orderNotFound);
      return ok(order);
    },
  );
}
