import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AdminAddNoteBodySchema,
  AdminBulkPackBodySchema,
  AdminBulkResultSchema,
  AdminBulkShipBodySchema,
  AdminCancelBodySchema,
  AdminDeliverBodySchema,
  AdminOrderBadgeSchema,
  AdminOrderDetailSchema,
  AdminOrderDocumentsQuerySchema,
  AdminOrderListSchema,
  AdminOrderNoteBodySchema,
  AdminOrderNotificationsBodySchema,
  AdminOrderNotificationsSchema,
  AdminOrderParamsSchema,
  AdminOrdersQuerySchema,
  AdminRefundApproveBodySchema,
  AdminRefundParamsSchema,
  AdminRefundRejectBodySchema,
  AdminScanBodySchema,
  AdminShipBodySchema,
  AdminShipmentParamsSchema,
  adminOrderMessages,
  adminOrdersApi,
} from '@shopfront/shared';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { HttpError, fieldError, ok } from '../../../lib/http.ts';
import { requireStaff } from '../auth.ts';
import { AUTH_NOTE } from '../routes.ts';
import { listAdminOrders, orderBadge } from '../../orders/admin-list.ts';
import { shopTimeZone } from '../../../lib/time-zone.ts';
import { loadAdminOrder } from '../../orders/admin-view.ts';
import {
  addAdminScan,
  addOrderNote,
  approveAdminRefund,
  bulk,
  cancelAdminOrder,
  confirmOrder,
  deliverAdminOrder,
  markAdminOrderPaid,
  orderNotifications,
  orderStatusOf,
  packAdminOrder,
  rejectAdminRefund,
  setOrderNotifications,
  shipAdminOrder,
  type StaffAct,
} from '../../orders/admin-actions.ts';
import { orderDocuments } from '../../orders/documents.ts';

/**
 * The owner's orders (issue 25): thin routes over modules/orders (admin-list, admin-view,
 * admin-actions, documents). Registered inside the owner API's protected scope; every route is
 * in the `orders` area (owner, manager, packer).
 */

const IF_MATCH_NOTE =
  ' Send `If-Match: <version>` (the order page’s version) to be refused with 409 when the order changed since; a move the order’s state does not allow is 409 with the reason.';

/** The If-Match header as a version: `3`, `"3"` or `W/"3"`; absent is no check; anything else 422. */
function ifMatchOf(req: FastifyRequest): number | undefined {
  const raw = req.headers['if-match'];
  if (raw === undefined || raw === '*') return undefined;
  const m = /^(?:W\/)?"?(\d{1,9})"?$/.exec(String(raw).trim());
  if (!m) throw fieldError('if_match', adminOrderMessages.ifMatch);
  return Number(m[1]);
}

export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const doc = (summary: string, errors: readonly (404 | 409 | 422)[] = [422]) => ({
    tags: ['admin'],
    summary,
    description: AUTH_NOTE,
    errors: [401, 403, ...errors, 429] as const,
    config: { staffArea: 'orders' as const },
  });
  const who = async (req: FastifyRequest): Promise<StaffAct> => {
    const m = await requireStaff(req);
    return { staff: { id: m.id, email: m.email }, ip: req.ip ?? null, ifMatch: ifMatchOf(req) };
  };
  const page = async (orderId: string) => {
    const order = await loadAdminOrder(db, orderId);
    if (!order) throw new HttpError(404, adminOrderMessages.orderNotFound);
    return order;
  };
  const Detail = { data: AdminOrderDetailSchema };

  registerEndpoint(
    app,
    adminOrdersApi.list,
    {
      schemas: { query: AdminOrdersQuerySchema, data: AdminOrderListSchema },
      ...doc(
        'The orders inbox, newest first: tab (new, to_pack, to_ship, shipped, delivered, cancelled, refund_requested), filters (status, payment_method, payment_status, from/to as days of the shop time zone, channel, kind: goods or service_fee), q (order number, phone, e-mail, name); keyset pages (cursor = next_cursor). counts: each tab with the filters and search applied',
      ),
    },
    async (req) => ok(await listAdminOrders(db, req.query, await shopTimeZone(db))),
  );

  registerEndpoint(
    app,
    adminOrdersApi.badge,
    {
      schemas: { data: AdminOrderBadgeSchema },
      ...doc('The panel’s badge: confirmed orders waiting to be packed and refund requests not yet answered', []),
    },
    async () => ok(await orderBadge(db)),
  );

  app.route({
    method: adminOrdersApi.documents.method,
    url: adminOrdersApi.documents.path,
    config: { staffArea: 'orders' },
    schema: {
      tags: ['admin'],
      summary:
        'Invoices or packing slips of the orders named (?kind=invoice|packing_slip&ids=ord_a,ord_b, at most 100), one PDF. 404 for an unknown id, 409 for the invoice of an order not yet confirmed',
      description: AUTH_NOTE,
      querystring: AdminOrderDocumentsQuerySchema,
      produces: ['application/pdf'],
      response: { 200: z.any().describe('application/pdf') },
    },
    handler: async (req, reply) => {
      await requireStaff(req);
      const { kind, ids } = req.query as z.output<typeof AdminOrderDocumentsQuerySchema>;
      const pdf = await orderDocuments(db, kind, ids);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${kind === 'invoice' ? 'invoices' : 'packing-slips'}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });

  registerEndpoint(
    app,
    adminOrdersApi.notifications,
    {
      schemas: { data: AdminOrderNotificationsSchema },
      ...doc('Whether the signed-in member is e-mailed about each new order and refund request', []),
    },
    async (req) => ok({ notify: await orderNotifications(db, (await requireStaff(req)).id) }),
  );

  registerEndpoint(
    app,
    adminOrdersApi.setNotifications,
    {
      schemas: { body: AdminOrderNotificationsBodySchema, data: AdminOrderNotificationsSchema },
      ...doc('Turn the signed-in member’s e-mails about new orders and refund requests on or off'),
    },
    async (req) => {
      const member = await requireStaff(req);
      return ok(
        { notify: await setOrderNotifications(db, member.id, req.body.notify) },
        adminOrderMessages.notificationsSaved,
      );
    },
  );

  registerEndpoint(
    app,
    adminOrdersApi.bulkPack,
    {
      schemas: { body: AdminBulkPackBodySchema, data: AdminBulkResultSchema },
      ...doc('Pack the orders named, each on its own: a result per order (ok, or why not)'),
    },
    async (req) => {
      const act = { ...(await who(req)), ifMatch: undefined };
      const r = await bulk(
        req.body.order_ids,
        (id) => packAdminOrder(db, act, id, {}),
        adminOrderMessages.packed,
        (id) => orderStatusOf(db, id),
      );
      return ok(r, adminOrderMessages.bulkDone(r.results.filter((x) => x.ok).length, r.results.length));
    },
  );

  registerEndpoint(
    app,
    adminOrdersApi.bulkShip,
    {
      schemas: { body: AdminBulkShipBodySchema, data: AdminBulkResultSchema },
      ...doc('Ship the orders named, each in one parcel with every line: a result per order (ok, or why not)'),
    },
    async (req) => {
      const act = { ...(await who(req)), ifMatch: undefined };
      const byId = new Map(req.body.orders.map((o) => [o.order_id, o]));
      const r = await bulk(
        [...byId.keys()],
        (id) => {
          const o = byId.get(id)!;
          return shipAdminOrder(db, act, id, {
            parcels: [{ carrier: o.carrier, waybill: o.waybill, trackingUrl: o.tracking_url ?? null }],
          });
        },
        adminOrderMessages.shipped,
        (id) => orderStatusOf(db, id),
      );
      return ok(r, adminOrderMessages.bulkDone(r.results.filter((x) => x.ok).length, r.results.length));
    },
  );

  registerEndpoint(
    app,
    adminOrdersApi.get,
    {
      schemas: { params: AdminOrderParamsSchema, ...Detail },
      ...doc(
        'The order page: lines, totals, payments with provider ids, customer and addresses, parcels with their lines and scans, history, messages to the shopper, internal notes, what may be done now, and its version (for If-Match)',
        [404, 422],
      ),
    },
    async (req) => ok(await page(req.params.id)),
  );

  const action = <B>(
    ep: (typeof adminOrdersApi)['confirm' | 'pack' | 'markPaid'],
    summary: string,
    done: string,
    run: (act: StaffAct, id: string, body: B) => Promise<unknown>,
  ) =>
    registerEndpoint(
      app,
      ep,
      {
        schemas: { params: AdminOrderParamsSchema, body: AdminOrderNoteBodySchema, ...Detail },
        ...doc(summary + IF_MATCH_NOTE, [404, 409, 422]),
      },
      async (req) => {
        await run(await who(req), req.params.id, req.body as B);
        return ok(await page(req.params.id), done);
      },
    );

  action(
    adminOrdersApi.confirm,
    'Confirm a Cash on Delivery order awaiting confirmation: its stock is taken again where it was given back. An online order not paid (pending or failed) is 409: its payment confirms it',
    adminOrderMessages.confirmed,
    (a, id, b: { note?: string | null }) => confirmOrder(db, a, id, b),
  );
  action(adminOrdersApi.pack, 'Confirmed → packed', adminOrderMessages.packed, (a, id, b: { note?: string | null }) =>
    packAdminOrder(db, a, id, b),
  );
  registerEndpoint(
    app,
    adminOrdersApi.deliver,
    {
      schemas: { params: AdminOrderParamsSchema, body: AdminDeliverBodySchema, ...Detail },
      ...doc(
        'Shipped or out for delivery → delivered. A Cash on Delivery order becomes paid only with `cash_collected: true` (else mark-paid records the cash later)' +
          IF_MATCH_NOTE,
        [404, 409, 422],
      ),
    },
    async (req) => {
      await deliverAdminOrder(db, await who(req), req.params.id, req.body);
      return ok(await page(req.params.id), adminOrderMessages.delivered);
    },
  );
  action(
    adminOrdersApi.markPaid,
    'A Cash on Delivery order’s money received: payment cod → paid (not for a cancelled order)',
    adminOrderMessages.paid,
    (a, id, b: { note?: string | null }) => markAdminOrderPaid(db, a, id, b),
  );

  registerEndpoint(
    app,
    adminOrdersApi.ship,
    {
      schemas: { params: AdminOrderParamsSchema, body: AdminShipBodySchema, ...Detail },
      ...doc(
        'Packed → shipped in one or more parcels (carrier, waybill or one made up, tracking URL, lines). With several parcels each names its lines, and together they hold every line exactly. 409 for a waybill already used.' +
          IF_MATCH_NOTE,
        [404, 409, 422],
      ),
    },
    async (req) => {
      const parcels = req.body.parcels.map((p) => ({
        carrier: p.carrier,
        waybill: p.waybill,
        trackingUrl: p.tracking_url ?? null,
        lines: p.lines,
      }));
      await shipAdminOrder(db, await who(req), req.params.id, { parcels, note: req.body.note });
      return ok(await page(req.params.id), adminOrderMessages.shipped);
    },
  );

  registerEndpoint(
    app,
    adminOrdersApi.addScan,
    {
      schemas: { params: AdminShipmentParamsSchema, body: AdminScanBodySchema, ...Detail },
      ...doc('Add a carrier scan (time, place, status) to a parcel of the order' + IF_MATCH_NOTE, [404, 409, 422]),
    },
    async (req) => {
      const b = req.body;
      await addAdminScan(db, await who(req), req.params.id, req.params.shipment_id, {
        at: b.at ? new Date(b.at) : new Date(),
        location: b.location,
        status: b.status,
        description: b.description ?? undefined,
      });
      return ok(await page(req.params.id), adminOrderMessages.scanAdded);
    },
  );

  registerEndpoint(
    app,
    adminOrdersApi.cancel,
    {
      schemas: { params: AdminOrderParamsSchema, body: AdminCancelBodySchema, ...Detail },
      ...doc(
        'Cancel an order that has not left: its stock goes back; an online payment is refunded through the refund queue (payment_status refund_pending), a Cash on Delivery payment already taken is recorded refunded' +
          IF_MATCH_NOTE,
        [404, 409, 422],
      ),
    },
    async (req) => {
      const { refundQueued } = await cancelAdminOrder(db, await who(req), req.params.id, req.body);
      return ok(
        await page(req.params.id),
        refundQueued ? adminOrderMessages.cancelledRefund : adminOrderMessages.cancelled,
      );
    },
  );

  registerEndpoint(
    app,
    adminOrdersApi.approveRefund,
    {
      schemas: { params: AdminRefundParamsSchema, body: AdminRefundApproveBodySchema, ...Detail },
      ...doc(
        'Approve a refund request: amount_minor (at most, and by default, the amount asked), restock, a note the shopper sees. Once: a second approval is 409' +
          IF_MATCH_NOTE,
        [404, 409, 422],
      ),
    },
    async (req) => {
      await approveAdminRefund(db, await who(req), req.params.id, req.params.request_id, req.body);
      return ok(await page(req.params.id), adminOrderMessages.refundApproved);
    },
  );

  registerEndpoint(
    app,
    adminOrdersApi.rejectRefund,
    {
      schemas: { params: AdminRefundParamsSchema, body: AdminRefundRejectBodySchema, ...Detail },
      ...doc('Reject a refund request, with a note the shopper sees' + IF_MATCH_NOTE, [404, 409, 422]),
    },
    async (req) => {
      await rejectAdminRefund(db, await who(req), req.params.id, req.params.request_id, req.body);
      return ok(await page(req.params.id), adminOrderMessages.refundRejected);
    },
  );

  registerEndpoint(
    app,
    adminOrdersApi.addNote,
    {
      schemas: { params: AdminOrderParamsSchema, body: AdminAddNoteBodySchema, ...Detail },
      ...doc('Add an internal note (staff only, never shown to the shopper)', [404, 422]),
    },
    async (req) => {
      await addOrderNote(db, await who(req), req.params.id, req.body);
      return ok(await page(req.params.id), adminOrderMessages.noteAdded);
    },
  );
};
