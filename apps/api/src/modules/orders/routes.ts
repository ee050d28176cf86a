import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CancelOrderBodySchema,
  OrderDetailSchema,
  OrderIdBodySchema,
  OrderIdQuerySchema,
  OrderPageSchema,
  OrderSchema,
  OrdersPageQuerySchema,
  RateExperienceBodySchema,
  RefundRequestBodySchema,
  TrackPurchaseBodySchema,
  TrackPurchaseSchema,
  authMessages,
  checkoutApi,
  orderMessages,
  ordersApi,
  pluginMessages,
  trackPurchaseApi,
} from '@shopfront/shared';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { requirePlugin } from '../../lib/installed-plugin.ts';
import { HttpError, ok } from '../../lib/http.ts';
import { orderAccess, orderAccessSql, type OrderAccess } from './access.ts';
import { cancelOrder, markPurchaseTracked, orderInvoice, rateOrder, requestRefund } from './service.ts';
import { loadOrder, loadOrderDetail, ordersPage } from './view.ts';

const tags = ['orders'];
const ACCESS_NOTE =
  "A customer reaches their own orders; a guest only the order of this browser's HttpOnly order_ref cookie (set when it was placed). Anyone else's order is 404.";

/**
 * Orders of the shopper (spec section 7, Orders), the rating of an order (Checkout) and the
 * purchase events' flags (Plugins). Registered by plugin.ts.
 */
export async function orderRoutes(app: FastifyInstance) {
  const db = app.db;

  const detail = async (access: OrderAccess, orderId: string) => {
    const order = await loadOrderDetail(db, orderId, orderAccessSql(access, 'o'));
    if (!order) throw new HttpError(404, orderMessages.orderNotFound);
    return order;
  };

  registerEndpoint(
    app,
    ordersApi.list,
    {
      schemas: { query: OrdersPageQuerySchema, data: OrderPageSchema },
      tags,
      summary:
        "The customer's orders, newest first, 10 a page. 401 for a guest, except that a guest whose browser placed an order (order_ref cookie) is answered that one order",
      errors: [401, 422],
    },
    async (req) => {
      const page = await ordersPage(db, await orderAccess(req), req.query.page);
      if (!page) throw new HttpError(401, authMessages.loginRequired);
      return ok(page);
    },
  );

  registerEndpoint(
    app,
    ordersApi.item,
    {
      schemas: { body: OrderIdBodySchema, data: OrderDetailSchema },
      tags,
      summary: `One order with its status history, refund requests and parcels with their scans. ${ACCESS_NOTE}`,
      errors: [404, 422],
    },
    async (req) => ok(await detail(await orderAccess(req), req.body.order_id)),
  );

  app.route({
    method: ordersApi.invoice.method,
    url: ordersApi.invoice.path,
    schema: {
      tags,
      summary: `The order's invoice as a PDF download (tax lines included). ${ACCESS_NOTE}`,
      querystring: OrderIdQuerySchema,
      produces: ['application/pdf'],
      response: {
        200: z.any().describe('application/pdf'),
      },
    },
    handler: async (req, reply) => {
      const { order_id } = req.query as z.infer<typeof OrderIdQuerySchema>;
      const { pdf, orderNo } = await orderInvoice(db, await orderAccess(req), order_id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="invoice-${orderNo}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });

  registerEndpoint(
    app,
    ordersApi.cancel,
    {
      schemas: { body: CancelOrderBodySchema, data: OrderDetailSchema },
      tags,
      summary:
        'Cancel an order that has not left yet (enable_cancel_order): its stock goes back, and an order paid online is refunded (payment_status refund_pending). 409 when cancelling is off or too late. Honours Idempotency-Key',
      errors: [404, 409, 422],
      config: { idempotent: true },
    },
    async (req) => {
      const access = await orderAccess(req);
      await cancelOrder(db, access, req.body.order_id, req.body.reason ?? null);
      return ok(await detail(access, req.body.order_id), orderMessages.cancelled);
    },
  );

  registerEndpoint(
    app,
    ordersApi.refundRequest,
    {
      schemas: { body: RefundRequestBodySchema, data: OrderDetailSchema },
      tags,
      summary:
        'Ask for a refund of delivered lines, per line and quantity, with a reason (enable_refund). Never more than bought minus already asked (422 on items.N.quantity). Honours Idempotency-Key',
      errors: [404, 409, 422],
      config: { idempotent: true },
    },
    async (req) => {
      const access = await orderAccess(req);
      await requestRefund(db, access, {
        orderId: req.body.order_id,
        items: req.body.items,
        reason: req.body.reason,
      });
      return ok(await detail(access, req.body.order_id), orderMessages.refundRequested);
    },
  );

  registerEndpoint(
    app,
    checkoutApi.rateExperience,
    {
      schemas: { body: RateExperienceBodySchema, data: OrderSchema },
      tags: ['checkout'],
      summary:
        "Rate the experience of an order (1–5, optional comment), once: 409 'You have already rated this order' after. Only delivered orders (also while or after a refund); any other: 409",
      errors: [404, 409, 422],
    },
    async (req) => {
      const access = await orderAccess(req);
      await rateOrder(db, access, {
        orderId: req.body.order_id,
        rating: req.body.rating,
        comment: req.body.comment ?? null,
      });
      const order = await loadOrder(db, req.body.order_id, orderAccessSql(access, 'o'));
      if (!order) throw new HttpError(404, orderMessages.orderNotFound);
      return ok(order, orderMessages.rated);
    },
  );

  const purchasePlugins = [
    ['GoogleGtag', trackPurchaseApi.googleGtag],
    ['FacebookPixel', trackPurchaseApi.facebookPixel],
    ['GoogleTagManager', trackPurchaseApi.googleTagManager],
    ['MicrosoftClarity', trackPurchaseApi.microsoftClarity],
    ['UmamiAnalytics', trackPurchaseApi.umamiAnalytics],
  ] as const;
  for (const [plugin, ep] of purchasePlugins) {
    registerEndpoint(
      app,
      ep,
      {
        schemas: { body: TrackPurchaseBodySchema, data: TrackPurchaseSchema },
        tags: ['plugins'],
        summary: `Records that the ${plugin} purchase event of the shopper's order has fired: tracked true the first time, false after (both 200). 404 for an order that is not the requester's, and '${pluginMessages.notInstalled}' while ${plugin} is not installed (spec: analytics events only for an installed plugin; nothing is recorded, so the event can still fire once it is)`,
        errors: [404, 422],
      },
      async (req) => {
        await requirePlugin(db, plugin);
        const tracked = await markPurchaseTracked(db, await orderAccess(req), req.body.order_id, plugin);
        if (tracked === null) throw new HttpError(404, orderMessages.orderNotFound);
        return ok({ tracked }, orderMessages.tracked);
      },
    );
  }
}
