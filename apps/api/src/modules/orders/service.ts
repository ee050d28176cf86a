import { sql } from 'drizzle-orm';
import {
  ORDER_STATUSES,
  allocateMinor,
  isRateable,
  isRefundable,
  orderMessages,
  type OrderStatus,
} from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { HttpError, fieldError } from '../../lib/http.ts';
import { offlineMethodSql } from '../../db/payment-methods.ts';
import { queueRefund } from '../payments/service.ts';
import { getStoreSettings } from '../settings/service.ts';
import { canReachOrder, orderAccessSql, type OrderAccess } from './access.ts';
import { renderInvoice } from './invoice.ts';
import { queueStaffAlert } from './staff-alerts.ts';
import { moveOrder } from './transition.ts';
import { loadInvoiceData } from './view.ts';
import { invoiceInput, invoiceRefusal } from './invoice-data.ts';

/** What a shopper may do to their own orders: cancel, ask for a refund, rate. */

/** An access condition in its richest shape (a customer's and a guest's order): named queries' example. */
const EXAMPLE_ACCESS: OrderAccess = { customerId: 1, guestOrderId: 'o_example' };

const orderNotFound = () => new HttpError(404, orderMessages.orderNotFound);

/** 404 unless `access` reaches the order (anyone else's order is not found, never forbidden). */
async function assertReachable(db: Db, access: OrderAccess, orderId: string): Promise<void> {
  if (!(await canReachOrder(db, access, orderId))) throw orderNotFound();
}

/**
 * Cancels the shopper's order while it has not left (enable_cancel_order on). One transaction:
 * the conditional move (which gives the stock back), and the refund of what was paid
 * (settleCancelledPayment). The caller kicks the job runner.
 */
export async function cancelOrder(
  db: Db,
  access: OrderAccess,
  orderId: string,
  reason: string | null,
): Promise<{ refundQueued: boolean }> {
  await assertReachable(db, access, orderId);
  const { enable_cancel_order } = await getStoreSettings(db, ['enable_cancel_order']);
  if (enable_cancel_order !== true) throw new HttpError(409, orderMessages.cancelOff);
  return db.transaction(async (tx) => {
    const moved = await moveOrder(tx, { orderId, to: 'cancelled', actor: 'shopper', note: reason || null });
    if (!moved) throw new HttpError(409, orderMessages.cancelTooLate);
    return settleCancelledPayment(tx, orderId, reason || 'Order cancelled by the shopper');
  });
}

/** A paid order marked refunded (refund pending when paid online): what was paid and not refunded yet. */
const refundWhatWasPaid = namedQuery<{ amount: number; payment_id: string | null; online: boolean }>()({
  name: 'orders.cancel-refund-left',
  columns: ['amount', 'payment_id', 'online'],
  example: { orderId: 'o_example' },
  build: (p: { orderId: string }) =>
    sql`with paid as (select id, grand_total_minor - refunded_minor as amount, paid_payment_id,
                             not ${offlineMethodSql(sql`payment_method_code`)} as online
                        from orders where id = ${p.orderId} and payment_status = 'paid')
        update orders o set payment_status = case when paid.online then 'refund_pending' else 'refunded' end,
               refunded_minor = o.grand_total_minor, updated_at = now()
          from paid where o.id = paid.id and paid.amount > 0
      returning paid.amount, paid.paid_payment_id as payment_id, paid.online`,
});

/**
 * The money of an order just cancelled (run in the cancelling transaction, after the move). What
 * is left of an online payment goes back through its provider (the payments module's job); the
 * order records it as refunded now, with payment_status refund_pending until the provider has
 * paid it out, from the payment that paid the order (paid_payment_id; never another captured
 * payment, whose own refund is queued by markPaid), so money is never kept for an order that will
 * not ship. An offline method's money taken already (a Cash on Delivery order staff marked paid)
 * is paid back outside the shop: recorded as refunded. Nothing when nothing was paid. The caller
 * kicks the job runner.
 */
export async function settleCancelledPayment(
  tx: Db,
  orderId: string,
  reason: string,
): Promise<{ refundQueued: boolean }> {
  const [left] = await refundWhatWasPaid(tx, { orderId });
  if (!left?.online) return { refundQueued: false };
  await queueRefund(tx, {
    orderId,
    amountMinor: left.amount,
    reason,
    dedupeKey: `cancel:${orderId}`,
    paymentId: paidPaymentOf(orderId, left.payment_id),
  });
  return { refundQueued: true };
}

/**
 * The payment that paid an order paid online (orders.paid_payment_id). Every such order has one
 * (markPaid sets it; migration 0015 filled it in for older ones): without it the money cannot be
 * paid back automatically, and the change that grants the refund is undone rather than left with
 * a refund nobody will pay.
 */
export function paidPaymentOf(orderId: string, paymentId: string | null): string {
  if (!paymentId) throw new Error(`orders: order ${orderId} is paid online but records no payment that paid it`);
  return paymentId;
}

/** The share of a line's total that `n` of its `quantity` units are worth (exact: shares add up to the total). */
function shareOfLine(totalMinor: number, quantity: number, n: number): number {
  return allocateMinor(totalMinor, [n, quantity - n])[0]!;
}

/** The order's state and kind, locked. */
const lockOrderKind = namedQuery<{ status: OrderStatus; kind: string }>()({
  name: 'orders.refund-request.lock',
  columns: ['status', 'kind'],
  example: { orderId: 'o_example' },
  build: (p: { orderId: string }) => sql`select status, kind from orders where id = ${p.orderId} for update`,
});

/** Adds `quantity` to the line's requested quantity while it stays within what was ordered. */
const requestLineQuantity = namedQuery<{ quantity: number; total_minor: number; requested: number }>()({
  name: 'orders.refund-request.line',
  columns: ['quantity', 'total_minor', 'requested'],
  example: { orderId: 'o_example', itemId: 1, quantity: 1 },
  build: (p: { orderId: string; itemId: number; quantity: number }) =>
    sql`update order_items set refund_requested_quantity = refund_requested_quantity + ${p.quantity}
             where id = ${p.itemId} and order_id = ${p.orderId} and refund_requested_quantity + ${p.quantity} <= quantity
         returning quantity, total_minor, refund_requested_quantity as requested`,
});

const insertRefundRequest = namedQuery<{ id: number }>()({
  name: 'orders.refund-request.insert',
  columns: ['id'],
  example: { orderId: 'o_example', itemId: 1, quantity: 1, reason: 'Damaged', amount: 100 },
  build: (p: { orderId: string; itemId: number; quantity: number; reason: string; amount: number }) =>
    sql`insert into refund_requests (order_id, order_item_id, quantity, reason, amount_minor)
            values (${p.orderId}, ${p.itemId}, ${p.quantity}, ${p.reason}, ${p.amount}) returning id`,
});

/**
 * A refund request per line and quantity (enable_refund on, order delivered or with a request
 * open). Each line's requested quantity grows by a conditional update that never passes what
 * was bought, so concurrent requests can never ask back more than the line; a line that would
 * pass it refuses the whole request. Amounts are the line's total pro rata, counted
 * cumulatively so that all of a line's requests add up to exactly its total.
 */
export async function requestRefund(
  db: Db,
  access: OrderAccess,
  input: { orderId: string; items: { item_id: number; quantity: number }[]; reason: string },
): Promise<void> {
  const { orderId } = input;
  await assertReachable(db, access, orderId);
  const { enable_refund } = await getStoreSettings(db, ['enable_refund']);
  if (enable_refund !== true) throw new HttpError(409, orderMessages.refundOff);
  // One line asked twice in a body counts once, with both quantities.
  const wanted = new Map<number, { quantity: number; index: number }>();
  input.items.forEach((i, index) => {
    const prev = wanted.get(i.item_id);
    wanted.set(i.item_id, { quantity: (prev?.quantity ?? 0) + i.quantity, index: prev?.index ?? index });
  });
  await db.transaction(async (tx) => {
    const [order] = await lockOrderKind(tx, { orderId });
    // A service's fee goes back through its application (ask to cancel it: ADR 37), not a request here.
    if (order?.kind === 'service_fee') throw new HttpError(409, orderMessages.refundFeeOnApplication);
    if (!order || !isRefundable(order.status)) throw new HttpError(409, orderMessages.refundNotYet);
    let firstRequest: number | null = null;
    for (const [itemId, { quantity, index }] of wanted) {
      const [line] = await requestLineQuantity(tx, { orderId, itemId, quantity });
      if (!line) {
        const [exists] = await queryRows(
          tx,
          sql`select id from order_items where id = ${itemId} and order_id = ${orderId}`,
        );
        throw exists
          ? fieldError(`items.${index}.quantity`, orderMessages.refundTooMany)
          : fieldError(`items.${index}.item_id`, orderMessages.refundItemUnknown);
      }
      const before = line.requested - quantity;
      const amount =
        shareOfLine(line.total_minor, line.quantity, line.requested) -
        shareOfLine(line.total_minor, line.quantity, before);
      const [request] = await insertRefundRequest(tx, { orderId, itemId, quantity, reason: input.reason, amount });
      firstRequest ??= request!.id;
    }
    await queueStaffAlert(tx, { kind: 'refund_request', orderId, key: `refund:${firstRequest}` });
    // A second request while one is open leaves the order where it is.
    await moveOrder(tx, {
      orderId,
      to: 'refund_requested',
      actor: 'shopper',
      note: input.reason,
      from: ['delivered'],
    });
  });
}

/** Whether the order `access` reaches was rated. */
const ratedRow = namedQuery<{ rated: boolean }>()({
  name: 'orders.rated',
  columns: ['rated'],
  example: { orderId: 'o_example', access: EXAMPLE_ACCESS },
  build: (p: { orderId: string; access: OrderAccess }) =>
    sql`select rated_at is not null as rated from orders where id = ${p.orderId} and ${orderAccessSql(p.access)}`,
});

/** Rates the shopper's experience of an order, once: a conditional update where rated_at is null. */
export async function rateOrder(
  db: Db,
  access: OrderAccess,
  input: { orderId: string; rating: number; comment: string | null },
): Promise<void> {
  const [rated] = await queryRows(
    db,
    sql`update orders set rating = ${input.rating}, rating_comment = ${input.comment || null}, rated_at = now(),
               updated_at = now()
         where id = ${input.orderId} and ${orderAccessSql(access)} and rated_at is null
           and status in (${sql.join(
             ORDER_STATUSES.filter(isRateable).map((s) => sql`${s}`),
             sql`, `,
           )})
     returning id`,
  );
  if (rated) return;
  const [row] = await ratedRow(db, { orderId: input.orderId, access });
  if (!row) throw orderNotFound();
  throw new HttpError(409, row.rated ? orderMessages.alreadyRated : orderMessages.rateNotYet);
}

/** The order flag each analytics plugin sets (spec section 3, Order: its tracked flags). */
const PURCHASE_FLAGS = {
  GoogleGtag: 'google_gtag_event_tracked',
  GoogleTagManager: 'google_gtm_event_tracked',
  FacebookPixel: 'facebook_pixel_event_tracked',
  MicrosoftClarity: 'microsoft_clarity_event_tracked',
  UmamiAnalytics: 'umami_event_tracked',
} as const;
export type PurchasePlugin = keyof typeof PURCHASE_FLAGS;

/** Sets the plugin's flag on the order `access` reaches: whether this call set it (none when not reached). */
const setPurchaseFlag = namedQuery<{ tracked: boolean }>()({
  name: 'orders.purchase-tracked',
  columns: ['tracked'],
  example: { orderId: 'o_example', access: EXAMPLE_ACCESS, plugin: 'GoogleGtag' as PurchasePlugin },
  build: (p: { orderId: string; access: OrderAccess; plugin: PurchasePlugin }) => {
    const flag = sql.raw(PURCHASE_FLAGS[p.plugin]);
    return sql`with target as (select id from orders where id = ${p.orderId} and ${orderAccessSql(p.access)}),
         flagged as (update orders o set ${flag} = true from target
                      where o.id = target.id and not o.${flag} returning o.id)
        select exists (select 1 from flagged) as tracked from target`;
  },
});

/**
 * Sets the plugin's tracked flag of the requester's order, once: a conditional update (where the
 * flag is still false) answers true to the first call and false to every later one, so the page
 * fires the purchase event once per order whatever the reloads and tabs. Null when the order is
 * not the requester's.
 */
export async function markPurchaseTracked(
  db: Db,
  access: OrderAccess,
  orderId: string,
  plugin: PurchasePlugin,
): Promise<boolean | null> {
  const [row] = await setPurchaseFlag(db, { orderId, access, plugin });
  return row ? row.tracked : null;
}

/**
 * The invoice of an order the requester may reach, as a PDF with its number (404 for anyone
 * else's order). Only for an order that was confirmed: 409 while it awaits its payment, and for
 * one cancelled before it was paid (invoiceRefusal).
 */
export async function orderInvoice(
  db: Db,
  access: OrderAccess,
  orderId: string,
): Promise<{ pdf: Buffer; orderNo: string }> {
  const data = await loadInvoiceData(db, orderId, orderAccessSql(access, 'o'));
  if (!data) throw orderNotFound();
  const refusal = await invoiceRefusal(db, data.order);
  if (refusal) throw new HttpError(409, refusal);
  const pdf = await renderInvoice(await invoiceInput(db, data));
  return { pdf, orderNo: data.order.order_no };
}
