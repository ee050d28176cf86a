import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http.ts';
import { offlineMethodSql } from '../payments/methods.ts';
import { setPaymentStatus } from '../payments/records.ts';
import { queueRefund } from '../payments/service.ts';
import { paidPaymentOf } from './service.ts';
import { moveOrder, type OrderActor } from './transition.ts';

/**
 * The shop owner's side of an order: pack, ship (with the carrier's waybill), record the
 * carrier's scans, out for delivery, delivered, and answer refund requests. Service functions
 * only (the owner's screens come with the admin issue). Every move goes through moveOrder (one
 * conditional update, its history row and the shopper's message); each function is one short
 * transaction; a move the order's state does not allow is a 409.
 */

export const fulfilmentMessages = {
  notAllowed: (to: OrderStatus) => `This order cannot be marked ${ORDER_STATUS_LABELS[to].toLowerCase()} now`,
  refundHandled: 'This refund request has already been answered',
  shipmentNotFound: 'Shipment not found',
} as const;

async function move(
  tx: Db,
  orderId: string,
  to: OrderStatus,
  opts: { note?: string | null; from?: readonly OrderStatus[]; actor?: OrderActor } = {},
): Promise<number> {
  const moved = await moveOrder(tx, {
    orderId,
    to,
    actor: opts.actor ?? 'staff',
    note: opts.note ?? null,
    from: opts.from,
  });
  if (!moved) throw new HttpError(409, fulfilmentMessages.notAllowed(to));
  return moved.eventId;
}

/** Confirmed → packed. */
export function packOrder(db: Db, orderId: string, note?: string): Promise<number> {
  return db.transaction((tx) => move(tx, orderId, 'packed', { note }));
}

export interface ShipInput {
  carrier: string;
  /** The carrier's waybill (AWB); one is made up when absent (a shop shipping by its own van). */
  waybill?: string;
  trackingUrl?: string | null;
}

/** A made-up waybill: 12 digits after the shop's prefix (the unique index refuses a repeat). */
const newWaybill = () =>
  `SFW${String(randomInt(0, 1e6)).padStart(6, '0')}${String(randomInt(0, 1e6)).padStart(6, '0')}`;

/** Packed → shipped, with a new shipment (its waybill), in one transaction. */
export async function shipOrder(
  db: Db,
  orderId: string,
  input: ShipInput,
): Promise<{ shipmentId: number; waybill: string; eventId: number }> {
  const waybill = input.waybill?.trim() || newWaybill();
  return db.transaction(async (tx) => {
    const eventId = await move(tx, orderId, 'shipped');
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into shipments (order_id, carrier, waybill, tracking_url)
          values (${orderId}, ${input.carrier}, ${waybill}, ${input.trackingUrl ?? null}) returning id`,
    );
    return { shipmentId: row!.id, waybill, eventId };
  });
}

export interface ScanInput {
  at: Date;
  location: string;
  status: string;
  description?: string;
}

/** Records one carrier scan of a shipment (time, place, status). */
export async function addScan(db: Db, shipmentId: number, scan: ScanInput): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into shipment_scans (shipment_id, scanned_at, location, status, description)
        select id, ${scan.at.toISOString()}::timestamptz, ${scan.location}, ${scan.status}, ${scan.description ?? ''}
          from shipments where id = ${shipmentId}
     returning id`,
  );
  if (!row) throw new HttpError(404, fulfilmentMessages.shipmentNotFound);
  return row.id;
}

/** Shipped → out for delivery. */
export function markOutForDelivery(db: Db, orderId: string, note?: string): Promise<number> {
  return db.transaction((tx) => move(tx, orderId, 'out_for_delivery', { note }));
}

/**
 * Shipped or out for delivery → delivered. An offline method's money (Cash on Delivery) is
 * collected at the door: the order's payment becomes paid then.
 */
export function markDelivered(db: Db, orderId: string, note?: string): Promise<number> {
  return db.transaction(async (tx) => {
    const eventId = await move(tx, orderId, 'delivered', { note, from: ['shipped', 'out_for_delivery'] });
    await setPaymentStatus(tx, orderId, 'paid', ['cod']);
    return eventId;
  });
}

/** When no request of the order is open any more: refunded if any was granted, else back to delivered. */
async function settleRefunds(tx: Db, orderId: string, note: string | null): Promise<void> {
  const [state] = await queryRows<{ open: number; granted: number }>(
    tx,
    sql`select count(*) filter (where status = 'requested')::int as open,
               count(*) filter (where status in ('approved', 'refunded'))::int as granted
          from refund_requests where order_id = ${orderId}`,
  );
  if (!state || state.open > 0) return;
  await moveOrder(tx, {
    orderId,
    to: state.granted > 0 ? 'refunded' : 'delivered',
    actor: 'staff',
    note,
    from: ['refund_requested'],
  });
}

/**
 * Grants a refund request: the request is refunded, the line's refunded quantity and the
 * order's refunded amount grow (never past its total: orders_totals_ck); for an order paid
 * online the money goes back through the provider from the payment that paid the order
 * (queueRefund of modules/payments with paid_payment_id, payment_status refund_pending until it
 * is paid out). An offline method's refunds (Cash on Delivery) are paid back outside the shop and
 * recorded as refunded. When it was the last open request, the order moves to refunded.
 */
export async function approveRefund(db: Db, refundRequestId: number, note?: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [req] = await queryRows<{
      order_id: string;
      order_item_id: number;
      quantity: number;
      amount_minor: number;
      reason: string;
    }>(
      tx,
      sql`update refund_requests set status = 'refunded', updated_at = now()
           where id = ${refundRequestId} and status = 'requested'
       returning order_id, order_item_id, quantity, amount_minor, reason`,
    );
    if (!req) throw new HttpError(409, fulfilmentMessages.refundHandled);
    await queryRows(
      tx,
      sql`update order_items set refunded_quantity = refunded_quantity + ${req.quantity} where id = ${req.order_item_id}`,
    );
    // Recorded as refunded now. Online: the provider pays it back (the payments module's job;
    // payment_status refund_pending until it has). Offline (Cash on Delivery): paid back outside the shop.
    // The order row is locked first (a statement of its own: the next one reads its latest
    // values), and the amount capped by what is left of the total, so the order's refunded amount
    // never passes it (line shares add up to the lines' total, itself within the grand total).
    await queryRows(tx, sql`select id from orders where id = ${req.order_id} for update`);
    const [order] = await queryRows<{ online: boolean; amount: number; payment_id: string | null }>(
      tx,
      sql`with m as (select not ${offlineMethodSql(sql`o.payment_method_code`)} as online,
                            least(${req.amount_minor}, o.grand_total_minor - o.refunded_minor) as amount,
                            o.paid_payment_id
                       from orders o where o.id = ${req.order_id})
          update orders o set refunded_minor = o.refunded_minor + m.amount,
            payment_status = case
              -- Online, the refund job says when the money is back.
              when m.online then case when m.amount > 0 then 'refund_pending' else o.payment_status end
              when o.refunded_minor + m.amount >= o.grand_total_minor then 'refunded'
              else o.payment_status end,
            updated_at = now()
          from m where o.id = ${req.order_id}
      returning m.online, m.amount, m.paid_payment_id as payment_id`,
    );
    if (order?.online && order.amount > 0) {
      await queueRefund(tx, {
        orderId: req.order_id,
        amountMinor: order.amount,
        reason: req.reason,
        dedupeKey: `refund-request:${refundRequestId}`,
        paymentId: paidPaymentOf(req.order_id, order.payment_id),
      });
    }
    await settleRefunds(tx, req.order_id, note ?? null);
  });
}

/**
 * Refuses a refund request: its quantity may be asked for again, and when it was the last open
 * request the order goes back to delivered (or to refunded, if another request was granted).
 */
export async function rejectRefund(db: Db, refundRequestId: number, note?: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [req] = await queryRows<{ order_id: string; order_item_id: number; quantity: number }>(
      tx,
      sql`update refund_requests set status = 'rejected', updated_at = now()
           where id = ${refundRequestId} and status = 'requested'
       returning order_id, order_item_id, quantity`,
    );
    if (!req) throw new HttpError(409, fulfilmentMessages.refundHandled);
    await queryRows(
      tx,
      sql`update order_items set refund_requested_quantity = refund_requested_quantity - ${req.quantity}
           where id = ${req.order_item_id}`,
    );
    await settleRefunds(tx, req.order_id, note ?? null);
  });
}
