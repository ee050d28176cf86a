import { sql } from 'drizzle-orm';
import {
  adminOrderMessages,
  applicationTexts,
  canTransition,
  orderMessages,
  whyNotMove,
  type AdminBulkResult,
  type OrderStatus,
  type PaymentStatus,
} from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { isoSql } from '../../db/sql-time.ts';
import { HttpError, fieldError } from '../../lib/http.ts';
import { offlineMethodSql } from '../../db/payment-methods.ts';
import { recordAudit, type AuditActor } from '../staff/audit.ts';
import {
  addScan,
  approveRefund,
  markDelivered,
  packOrder,
  rejectRefund,
  shipParcels,
  type ParcelInput,
  type RefundDecision,
  type ScanInput,
} from './fulfilment.ts';
import { settleCancelledPayment } from './service.ts';
import { moveOrder } from './transition.ts';
import { withDeadlockRetry } from '../../db/deadlock-retry.ts';

/**
 * What staff do to an order (issue 25), each one short transaction: the order row is locked,
 * the If-Match version compared (409 when someone changed the order since it was read), the
 * move made through moveOrder and the state table (fulfilment.ts), and the audit entry written
 * with it. A move the state does not allow is a 409 saying why. The shopper's message comes
 * from the move's history row (once per row, orders/messages.ts).
 */

export interface StaffAct {
  staff: AuditActor;
  ip: string | null;
  /** The version the member read (If-Match); undefined: no check. */
  ifMatch?: number;
}

interface Locked {
  status: OrderStatus;
  payment_status: PaymentStatus;
  version: number;
  refunded_minor: number;
  /** Paid outside the shop (Cash on Delivery). */
  offline: boolean;
  placed_at: string;
}

const snapshot = (o: Locked) => ({
  status: o.status,
  payment_status: o.payment_status,
  refunded_minor: o.refunded_minor,
  version: o.version,
});

/** The order's state, locked. */
const lockOrderRow = namedQuery<Locked>()({
  name: 'orders.admin.lock',
  columns: ['status', 'payment_status', 'version', 'refunded_minor', 'offline', 'placed_at'],
  example: { orderId: 'o_example' },
  build: (p: { orderId: string }) =>
    sql`select status, payment_status, version, refunded_minor, ${isoSql(sql`created_at`)} as placed_at,
          ${offlineMethodSql(sql`payment_method_code`)} as offline
          from orders where id = ${p.orderId} for update`,
});

async function lockOrder(tx: Db, orderId: string): Promise<Locked | undefined> {
  const [o] = await lockOrderRow(tx, { orderId });
  return o;
}

/** Runs `change` on the locked order and audits it as `order.<action>`. */
async function act(
  db: Db,
  who: StaffAct,
  orderId: string,
  action: string,
  change: (tx: Db, o: Locked) => Promise<unknown>,
  detail?: unknown,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockOrder(tx, orderId);
    if (!before) throw new HttpError(404, adminOrderMessages.orderNotFound);
    if (who.ifMatch !== undefined && who.ifMatch !== before.version) throw new HttpError(409, adminOrderMessages.stale);
    await change(tx, before);
    const after = (await lockOrder(tx, orderId))!;
    await recordAudit(tx, {
      staff: who.staff,
      action: `order.${action}`,
      target: `order:${orderId}`,
      before: snapshot(before),
      after: detail === undefined ? snapshot(after) : { ...snapshot(after), detail },
      ip: who.ip,
    });
  });
}

/** 409 with the state table's reason unless `from` may move to `to` (and is one of `only`). */
function assertMove(from: OrderStatus, to: OrderStatus, verb: string, only?: readonly OrderStatus[]): void {
  if (!canTransition(from, to) || (only && !only.includes(from)))
    throw new HttpError(409, whyNotMove(from, to, verb, only));
}

const note = (n: string | null | undefined) => n ?? undefined;

/**
 * An offline-paid (Cash on Delivery) order awaiting confirmation → confirmed, its stock taken again
 * where it was given back. An online order not paid (pending or failed) is refused (409) for every
 * role: its payment confirms it. The order row is locked, so a payment verdict cannot slip between.
 */
export function confirmOrder(db: Db, who: StaffAct, orderId: string, body: { note?: string | null }) {
  return act(db, who, orderId, 'confirm', async (tx, o) => {
    assertMove(o.status, 'confirmed', 'confirmed');
    if (!o.offline && o.payment_status !== 'paid') throw new HttpError(409, adminOrderMessages.awaitingPayment);
    const moved = await moveOrder(tx, { orderId, to: 'confirmed', actor: 'staff', note: body.note ?? null });
    if (!moved) throw new HttpError(409, orderMessages.stockGone);
  });
}

export function packAdminOrder(db: Db, who: StaffAct, orderId: string, body: { note?: string | null }) {
  return act(db, who, orderId, 'pack', async (tx, o) => {
    assertMove(o.status, 'packed', 'packed');
    await packOrder(tx, orderId, note(body.note));
  });
}

export function shipAdminOrder(
  db: Db,
  who: StaffAct,
  orderId: string,
  body: { parcels: ParcelInput[]; note?: string | null },
) {
  return act(
    db,
    who,
    orderId,
    'ship',
    async (tx, o) => {
      assertMove(o.status, 'shipped', 'shipped');
      await shipParcels(tx, orderId, body.parcels, body.note ?? null);
    },
    { parcels: body.parcels },
  );
}

/** How far ahead of the server's clock a scan may be (a phone's clock a little fast). */
export const SCAN_FUTURE_SLACK_MS = 5 * 60_000;

/** A carrier scan, at a time between the order's placing and a few minutes from now (422 on `at`). */
export function addAdminScan(db: Db, who: StaffAct, orderId: string, shipmentId: number, scan: ScanInput) {
  if (scan.at.getTime() > Date.now() + SCAN_FUTURE_SLACK_MS) throw fieldError('at', adminOrderMessages.scanInFuture);
  return act(
    db,
    who,
    orderId,
    'scan',
    (tx, o) => {
      if (scan.at.getTime() < new Date(o.placed_at).getTime())
        throw fieldError('at', adminOrderMessages.scanBeforeOrder);
      return addScan(tx, shipmentId, scan, orderId);
    },
    { shipmentId, ...scan },
  );
}

/**
 * Shipped or out for delivery → delivered. A Cash on Delivery order's money becomes paid only when
 * `cash_collected` says so (else it stays "pay on delivery" and "Mark paid" records it later).
 */
export function deliverAdminOrder(
  db: Db,
  who: StaffAct,
  orderId: string,
  body: { note?: string | null; cash_collected?: boolean },
) {
  return act(
    db,
    who,
    orderId,
    'deliver',
    async (tx, o) => {
      assertMove(o.status, 'delivered', 'marked delivered', ['shipped', 'out_for_delivery']);
      await markDelivered(tx, orderId, note(body.note), body.cash_collected === true);
    },
    body.cash_collected ? { cash_collected: true } : undefined,
  );
}

/**
 * A Cash on Delivery (offline) order's money received before delivery: payment cod → paid, one
 * conditional update (never for a cancelled order: a cancel and this racing end one way or the other).
 */
export function markAdminOrderPaid(db: Db, who: StaffAct, orderId: string, body: { note?: string | null }) {
  return act(
    db,
    who,
    orderId,
    'mark-paid',
    async (tx) => {
      const [paid] = await queryRows(
        tx,
        sql`update orders set payment_status = 'paid', paid_at = coalesce(paid_at, now()), updated_at = now()
             where id = ${orderId} and payment_status = 'cod' and status <> 'cancelled'
               and ${offlineMethodSql(sql`payment_method_code`)}
         returning id`,
      );
      if (!paid) throw new HttpError(409, adminOrderMessages.notCodUnpaid);
    },
    body.note ? { note: body.note } : undefined,
  );
}

/** Cancels the order (stock back) and refunds what was paid (settleCancelledPayment). */
export async function cancelAdminOrder(
  db: Db,
  who: StaffAct,
  orderId: string,
  body: { reason?: string | null },
): Promise<{ refundQueued: boolean }> {
  let refundQueued = false;
  await act(db, who, orderId, 'cancel', async (tx, o) => {
    assertMove(o.status, 'cancelled', 'cancelled');
    const moved = await moveOrder(tx, { orderId, to: 'cancelled', actor: 'staff', note: body.reason ?? null });
    if (!moved) throw new HttpError(409, whyNotMove(o.status, 'cancelled', 'cancelled'));
    ({ refundQueued } = await settleCancelledPayment(tx, orderId, body.reason || 'Order cancelled by the shop'));
  });
  return { refundQueued };
}

export function approveAdminRefund(
  db: Db,
  who: StaffAct,
  orderId: string,
  requestId: number,
  body: { amount_minor?: number; restock: boolean; note?: string | null },
) {
  const decision: RefundDecision = {
    orderId,
    amountMinor: body.amount_minor,
    restock: body.restock,
    note: body.note ?? null,
  };
  return act(db, who, orderId, 'refund-approve', (tx) => approveRefund(tx, requestId, decision), {
    requestId,
    ...body,
  });
}

export function rejectAdminRefund(
  db: Db,
  who: StaffAct,
  orderId: string,
  requestId: number,
  body: { note?: string | null },
) {
  return act(db, who, orderId, 'refund-reject', (tx) => rejectRefund(tx, requestId, { orderId, note: body.note }), {
    requestId,
    ...body,
  });
}

/** A refund request for the whole of a service fee order's line (none when one was asked already). */
const requestFeeRefund = namedQuery<{ id: number }>()({
  name: 'orders.admin.fee-refund-request',
  columns: ['id'],
  example: { orderId: 'o_example', reason: 'Fee refunded by the shop' },
  build: (p: { orderId: string; reason: string }) =>
    sql`with line as (
              update order_items i set refund_requested_quantity = i.quantity
                from orders o
               where i.order_id = ${p.orderId} and o.id = i.order_id and o.kind = 'service_fee'
                 and i.refund_requested_quantity = 0
           returning i.id, i.quantity, i.total_minor)
            insert into refund_requests (order_id, order_item_id, quantity, reason, amount_minor)
            select ${p.orderId}, id, quantity, ${p.reason}, total_minor from line
         returning id`,
});

/**
 * The shop refunds a service's paid fee itself (the application page's Refund fee, ADR 37) on the
 * order refund path: under the fee order's lock, a refund request for its one line is recorded as
 * the shop's (its "request received" message counted as told: nobody asked) and granted at once
 * by approveRefund, all of it or `amount_minor` (the money back through the provider, or recorded
 * for an offline method; the order refunded; the applicant told as for any order refund). Once:
 * of several callers at once the first refunds it, the others find it refunded (409).
 * The order's row is locked first, then `also`'s application (the way round every change to both
 * takes them: applications/lock.ts); a deadlock that still happens starts the whole transaction
 * again (withDeadlockRetry), never a 500: a rolled-back try queued no refund and no message.
 */
export function refundFeeOrder(
  db: Db,
  who: StaffAct,
  orderId: string,
  body: { amount_minor?: number; note?: string | null },
  /** A further step in the refund's transaction (the application cancelled with it). */
  also?: (tx: Db) => Promise<void>,
) {
  return withDeadlockRetry(() =>
    act(
      db,
      who,
      orderId,
      'refund',
      async (tx, o) => {
        if (o.status !== 'delivered' || o.payment_status !== 'paid' || o.refunded_minor > 0) {
          throw new HttpError(409, applicationTexts.feeNotRefundable);
        }
        const [request] = await requestFeeRefund(tx, { orderId, reason: body.note || 'Fee refunded by the shop' });
        if (!request) throw new HttpError(409, applicationTexts.feeNotRefundable);
        const moved = await moveOrder(tx, { orderId, to: 'refund_requested', from: ['delivered'], actor: 'staff' });
        if (!moved) throw new HttpError(409, applicationTexts.feeNotRefundable);
        await queryRows(tx, sql`update order_events set notified_at = now() where id = ${moved.eventId}`);
        await approveRefund(tx, request.id, {
          orderId,
          amountMinor: body.amount_minor,
          restock: false,
          note: body.note ?? null,
        });
        await also?.(tx);
      },
      body,
    ),
  );
}

/** An internal note (no If-Match needed: a note overwrites nothing). */
export function addOrderNote(db: Db, who: StaffAct, orderId: string, body: { body: string }) {
  return act(
    db,
    { ...who, ifMatch: undefined },
    orderId,
    'note',
    (tx) =>
      queryRows(
        tx,
        sql`insert into order_notes (order_id, staff_id, author, body) values (${orderId}, ${who.staff.id}, ${who.staff.email}, ${body.body})`,
      ),
    { note: body.body },
  );
}

/** Packs or ships each order in its own transaction; one refused never stops the others. */
export async function bulk(
  ids: readonly string[],
  run: (orderId: string) => Promise<unknown>,
  done: string,
  statusOf: (orderId: string) => Promise<OrderStatus | null>,
): Promise<AdminBulkResult> {
  const results: AdminBulkResult['results'] = [];
  for (const orderId of ids) {
    try {
      await run(orderId);
      results.push({ order_id: orderId, ok: true, message: done, status: await statusOf(orderId) });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      results.push({ order_id: orderId, ok: false, message: err.message, status: await statusOf(orderId) });
    }
  }
  return { results };
}

const orderStatusRow = namedQuery<{ status: OrderStatus }>()({
  name: 'orders.admin.status',
  columns: ['status'],
  example: { orderId: 'o_example' },
  build: (p: { orderId: string }) => sql`select status from orders where id = ${p.orderId}`,
});

export async function orderStatusOf(db: Db, orderId: string): Promise<OrderStatus | null> {
  const [row] = await orderStatusRow(db, { orderId });
  return row?.status ?? null;
}

/** The signed-in member's order e-mails: on (true), off (false); null in the column is the role's default. */
export async function setOrderNotifications(db: Db, staffId: string, notify: boolean): Promise<boolean> {
  await queryRows(db, sql`update staff set notify_orders = ${notify}, updated_at = now() where id = ${staffId}`);
  return notify;
}

const notifyOrdersRow = namedQuery<{ notify: boolean }>()({
  name: 'orders.admin.notifications',
  columns: ['notify'],
  example: { staffId: 'st_example' },
  build: (p: { staffId: string }) =>
    sql`select coalesce(notify_orders, role = 'owner') as notify from staff where id = ${p.staffId}`,
});

export async function orderNotifications(db: Db, staffId: string): Promise<boolean> {
  const [row] = await notifyOrdersRow(db, { staffId });
  return row?.notify ?? false;
}
