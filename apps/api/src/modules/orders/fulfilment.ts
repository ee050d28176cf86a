import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ORDER_STATUS_LABELS, adminOrderMessages, money, type OrderStatus } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { HttpError, fieldError } from '../../lib/http.ts';
import { offlineMethodSql } from '../../db/payment-methods.ts';
import { setPaymentStatus } from '../payments/records.ts';
import { queueRefund } from '../payments/service.ts';
import { paidPaymentOf } from './service.ts';
import { moveOrder, type OrderActor } from './transition.ts';
import { refreshOnStockCrossing } from '../catalog/summary.ts';
import { noteStockChange } from '../catalog/stock-note.ts';

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
  refundNotFound: adminOrderMessages.refundNotFound,
  waybillTaken: adminOrderMessages.waybillTaken,
  itemUnknown: adminOrderMessages.parcelItemUnknown,
  parcelsIncomplete: adminOrderMessages.parcelsIncomplete,
  amountTooHigh: adminOrderMessages.amountTooHigh,
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

export interface ParcelInput {
  carrier: string;
  /** The carrier's waybill (AWB); absent: the order's number and the parcel's, SF-100008-1 (a shop's own van). */
  waybill?: string;
  trackingUrl?: string | null;
  /** The order's lines in this parcel (item id, quantity); absent with one parcel: every line. */
  lines?: { item_id: number; quantity: number }[];
}
export type ShipInput = Omit<ParcelInput, 'lines'>;

/**
 * The waybill of a parcel sent without the carrier's (a shop shipping by its own van): the order's
 * number and the parcel's, `SF-100008-1`, what the panel says it will be. Should a typed waybill
 * hold it already, random digits follow (the unique index refuses a repeat).
 */
async function ownWaybill(tx: Db, orderNo: string, n: number): Promise<string> {
  const mine = `${orderNo}-${n}`;
  const [taken] = await queryRows(tx, sql`select 1 from shipments where waybill = ${mine}`);
  return taken ? `${mine}-${String(randomInt(0, 1e6)).padStart(6, '0')}` : mine;
}

/** Packed → shipped, with one new shipment (its waybill) holding every line, in one transaction. */
export async function shipOrder(
  db: Db,
  orderId: string,
  input: ShipInput,
): Promise<{ shipmentId: number; waybill: string; eventId: number }> {
  const { shipments, eventId } = await shipParcels(db, orderId, [input]);
  return { ...shipments[0]!, eventId };
}

/** The order's number. */
const orderNoRow = namedQuery<{ order_no: string }>()({
  name: 'orders.ship.order-no',
  columns: ['order_no'],
  example: { orderId: 'o_example' },
  build: (p: { orderId: string }) => sql`select order_no from orders where id = ${p.orderId}`,
});

/** The order's lines and their quantities. */
const orderLineQuantities = namedQuery<{ id: number; quantity: number }>()({
  name: 'orders.ship.lines',
  columns: ['id', 'quantity'],
  example: { orderId: 'o_example' },
  build: (p: { orderId: string }) =>
    sql`select id, quantity from order_items where order_id = ${p.orderId} order by id`,
});

/** A new shipment of the order. */
const insertShipment = namedQuery<{ id: number }>()({
  name: 'orders.ship.insert-shipment',
  columns: ['id'],
  example: {
    orderId: 'o_example',
    carrier: 'Delhivery',
    waybill: 'W1',
    trackingUrl: 'https://example.com/t/W1' as string | null,
  },
  build: (p: { orderId: string; carrier: string; waybill: string; trackingUrl: string | null }) =>
    sql`insert into shipments (order_id, carrier, waybill, tracking_url)
              values (${p.orderId}, ${p.carrier}, ${p.waybill}, ${p.trackingUrl}) returning id`,
});

/**
 * Packed → shipped in one or more parcels, one transaction: the move first (so of two packers
 * shipping at once one moves the order and the other is refused before any parcel is written),
 * then each parcel with its lines. Together the parcels hold every line exactly as many times as
 * it was ordered (422 on `parcels` otherwise; a line not of the order is 422 on its item_id). A
 * waybill already on another parcel is 409.
 */
export async function shipParcels(
  db: Db,
  orderId: string,
  parcels: readonly ParcelInput[],
  note?: string | null,
): Promise<{ shipments: { shipmentId: number; waybill: string }[]; eventId: number }> {
  const seen = new Set<string>();
  parcels.forEach((p, i) => {
    const w = p.waybill?.trim();
    if (!w) return;
    if (seen.has(w)) throw fieldError(`parcels.${i}.waybill`, fulfilmentMessages.waybillTaken);
    seen.add(w);
  });
  try {
    return await db.transaction(async (tx) => {
      const eventId = await move(tx, orderId, 'shipped', { note });
      const [{ order_no: orderNo } = { order_no: orderId }] = await orderNoRow(tx, { orderId });
      const items = await orderLineQuantities(tx, { orderId });
      const contents = parcelContents(parcels, items);
      const shipments: { shipmentId: number; waybill: string }[] = [];
      for (const [i, p] of parcels.entries()) {
        const waybill = p.waybill?.trim() || (await ownWaybill(tx, orderNo, i + 1));
        const [row] = await insertShipment(tx, {
          orderId,
          carrier: p.carrier,
          waybill,
          trackingUrl: p.trackingUrl ?? null,
        });
        for (const line of contents[i]!) {
          await queryRows(
            tx,
            sql`insert into shipment_items (shipment_id, order_item_id, quantity)
                values (${row!.id}, ${line.item_id}, ${line.quantity})`,
          );
        }
        shipments.push({ shipmentId: row!.id, waybill });
      }
      return { shipments, eventId };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'shipments_waybill_unique')) throw new HttpError(409, fulfilmentMessages.waybillTaken);
    throw err;
  }
}

/** What each parcel holds (one line per item), checked against the order's lines (pure). */
function parcelContents(
  parcels: readonly ParcelInput[],
  items: readonly { id: number; quantity: number }[],
): { item_id: number; quantity: number }[][] {
  if (parcels.length === 1 && !parcels[0]!.lines) return [items.map((i) => ({ item_id: i.id, quantity: i.quantity }))];
  const ordered = new Map(items.map((i) => [i.id, i.quantity]));
  const packed = new Map<number, number>();
  const contents = parcels.map((p, pi) => {
    const inParcel = new Map<number, number>();
    (p.lines ?? []).forEach((l, li) => {
      if (!ordered.has(l.item_id))
        throw fieldError(`parcels.${pi}.lines.${li}.item_id`, fulfilmentMessages.itemUnknown);
      inParcel.set(l.item_id, (inParcel.get(l.item_id) ?? 0) + l.quantity);
      packed.set(l.item_id, (packed.get(l.item_id) ?? 0) + l.quantity);
    });
    return [...inParcel].map(([item_id, quantity]) => ({ item_id, quantity }));
  });
  if (contents.some((c) => c.length === 0) || items.some((i) => packed.get(i.id) !== i.quantity)) {
    throw fieldError('parcels', fulfilmentMessages.parcelsIncomplete);
  }
  return contents;
}

const isUniqueViolation = (err: unknown, constraint: string): boolean => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: string; constraint?: string; message?: string };
    if (pg.code === '23505' && (pg.constraint === constraint || pg.message?.includes(constraint))) return true;
  }
  return false;
};

export interface ScanInput {
  at: Date;
  location: string;
  status: string;
  description?: string;
}

/** A scan of shipment `shipmentId` (of order `orderId` when given). */
const insertScan = namedQuery<{ id: number }>()({
  name: 'orders.shipment.add-scan',
  columns: ['id'],
  example: {
    shipmentId: 1,
    at: '2026-12-03T10:00:00.000Z',
    location: 'Pune',
    status: 'In transit',
    description: '',
    orderId: 'o_example' as string | undefined,
  },
  build: (p: {
    shipmentId: number;
    at: string;
    location: string;
    status: string;
    description: string;
    orderId: string | undefined;
  }) =>
    sql`insert into shipment_scans (shipment_id, scanned_at, location, status, description)
        select id, ${p.at}::timestamptz, ${p.location}, ${p.status}, ${p.description}
          from shipments where id = ${p.shipmentId}${p.orderId === undefined ? sql`` : sql` and order_id = ${p.orderId}`}
     returning id`,
});

/** Records one carrier scan of a shipment (time, place, status); of order `orderId` when given. */
export async function addScan(db: Db, shipmentId: number, scan: ScanInput, orderId?: string): Promise<number> {
  const [row] = await insertScan(db, {
    shipmentId,
    at: scan.at.toISOString(),
    location: scan.location,
    status: scan.status,
    description: scan.description ?? '',
    orderId,
  });
  if (!row) throw new HttpError(404, fulfilmentMessages.shipmentNotFound);
  return row.id;
}

/** Shipped → out for delivery. */
export function markOutForDelivery(db: Db, orderId: string, note?: string): Promise<number> {
  return db.transaction((tx) => move(tx, orderId, 'out_for_delivery', { note }));
}

/**
 * Shipped or out for delivery → delivered. An offline method's money (Cash on Delivery) becomes
 * paid only when the caller says it was collected at the door (`cashCollected`). Each parcel
 * whose carrier has not said so already gets a "Delivered" scan at the delivery address's city,
 * so the parcel's latest line agrees with the order (not "In transit" under a delivered order).
 */
export function markDelivered(db: Db, orderId: string, note?: string, cashCollected = false): Promise<number> {
  return db.transaction(async (tx) => {
    const eventId = await move(tx, orderId, 'delivered', { note, from: ['shipped', 'out_for_delivery'] });
    if (cashCollected) await setPaymentStatus(tx, orderId, 'paid', ['cod']);
    await tx.execute(
      sql`insert into shipment_scans (shipment_id, scanned_at, location, status, description)
          select sh.id, greatest(now(), (select max(scanned_at) from shipment_scans sc where sc.shipment_id = sh.id)), coalesce(o.shipping_address ->> 'city', ''), 'Delivered', 'Marked delivered by the shop'
            from shipments sh join orders o on o.id = sh.order_id
           where sh.order_id = ${orderId}
             and not exists (select 1 from shipment_scans sc where sc.shipment_id = sh.id and lower(sc.status) = 'delivered')`,
    );
    return eventId;
  });
}

/** How many of the order's refund requests are open, and whether all of it is refunded. */
const openRefundState = namedQuery<{ open: number; all: boolean }>()({
  name: 'orders.refund.settle-state',
  columns: ['open', 'all'],
  example: { orderId: 'o_example' },
  build: (p: { orderId: string }) =>
    sql`select (select count(*)::int from refund_requests where order_id = o.id and status = 'requested') as open,
               (o.refunded_minor >= o.grand_total_minor
                 or not exists (select 1 from order_items i where i.order_id = o.id and i.refunded_quantity < i.quantity))
                 as all
          from orders o where o.id = ${p.orderId}`,
});

/**
 * When no request of the order is open any more: refunded when everything was given back (every
 * item's whole quantity, or the whole total), else back to delivered (a partial refund keeps the
 * order delivered; its refunded amount says "partly refunded").
 */
async function settleRefunds(tx: Db, orderId: string, note: string | null): Promise<void> {
  const [state] = await openRefundState(tx, { orderId });
  if (!state || state.open > 0) return;
  await moveOrder(tx, {
    orderId,
    to: state.all ? 'refunded' : 'delivered',
    actor: 'staff',
    note,
    from: ['refund_requested'],
  });
}

/** How staff answer a refund request. */
export interface RefundDecision {
  /** Shown to the shopper with the answer (the history row's note). */
  note?: string | null;
  /** Approve: grant this much (minor units), at most the amount asked for (the default). */
  amountMinor?: number;
  /** Approve: put the returned quantity back in stock. */
  restock?: boolean;
  /** Only a request of this order (404 otherwise). */
  orderId?: string;
}

/** 404 when the request is not (of this order), 409 when it was answered already. */
async function refusedRequest(tx: Db, refundRequestId: number, orderId: string | undefined): Promise<never> {
  const [req] = await queryRows(
    tx,
    sql`select status from refund_requests where id = ${refundRequestId}
          ${orderId === undefined ? sql`` : sql`and order_id = ${orderId}`}`,
  );
  if (!req) throw new HttpError(404, fulfilmentMessages.refundNotFound);
  throw new HttpError(409, fulfilmentMessages.refundHandled);
}

/** The open request's amount when it is less than `amountMinor`. */
const askedLess = namedQuery<{ amount_minor: number; currency: string }>()({
  name: 'orders.refund.asked-less',
  columns: ['amount_minor', 'currency'],
  example: { refundRequestId: 1, amountMinor: 100, orderId: 'o_example' as string | undefined },
  build: (p: { refundRequestId: number; amountMinor: number; orderId: string | undefined }) =>
    sql`select r.amount_minor, o.currency from refund_requests r join orders o on o.id = r.order_id
               where r.id = ${p.refundRequestId} and r.status = 'requested' and r.amount_minor < ${p.amountMinor}
                 ${p.orderId === undefined ? sql`` : sql`and r.order_id = ${p.orderId}`}`,
});

/** A granted refund request. */
interface Granted {
  order_id: string;
  order_item_id: number;
  quantity: number;
  amount_minor: number;
  reason: string;
}

/** Marks the open request refunded (with `amountMinor` when given, at most what was asked). */
const grantRequest = namedQuery<Granted>()({
  name: 'orders.refund.grant',
  columns: ['order_id', 'order_item_id', 'quantity', 'amount_minor', 'reason'],
  example: { refundRequestId: 1, amountMinor: 100 as number | undefined, orderId: 'o_example' as string | undefined },
  build: (p: { refundRequestId: number; amountMinor: number | undefined; orderId: string | undefined }) =>
    sql`update refund_requests set status = 'refunded', updated_at = now(),
               amount_minor = ${p.amountMinor === undefined ? sql`amount_minor` : sql`${p.amountMinor}::int`}
           where id = ${p.refundRequestId} and status = 'requested'
             ${p.orderId === undefined ? sql`` : sql`and order_id = ${p.orderId}`}
             ${p.amountMinor === undefined ? sql`` : sql`and amount_minor >= ${p.amountMinor}`}
       returning order_id, order_item_id, quantity, amount_minor, reason`,
});

/** Puts `quantity` of the line's variant back in stock. */
const restockLine = namedQuery<{ product_id: string; stock: number; qty: number }>()({
  name: 'orders.refund.restock',
  columns: ['product_id', 'stock', 'qty'],
  example: { quantity: 1, itemId: 1 },
  build: (p: { quantity: number; itemId: number }) =>
    sql`update variants v set stock = v.stock + ${p.quantity} from order_items i
             where i.id = ${p.itemId} and v.id = i.variant_id
         returning v.product_id, v.stock, ${p.quantity}::int as qty`,
});

/**
 * Grants a refund request, once (a conditional update on the request: of two approvals at once
 * one grants it, the other is 409): the request is refunded with the amount granted (at most what
 * was asked, 422 on amount_minor above it), the line's refunded quantity and the order's refunded
 * amount grow (never past its total: orders_totals_ck), and with `restock` the quantity goes back
 * in stock. For an order paid online the money goes back through the provider from the payment
 * that paid the order (queueRefund of modules/payments with paid_payment_id, payment_status
 * refund_pending until it is paid out). An offline method's refunds (Cash on Delivery) are paid
 * back outside the shop and recorded as refunded. When it was the last open request, the order
 * moves to refunded (the shopper's message carries the note).
 */
export async function approveRefund(db: Db, refundRequestId: number, decision: RefundDecision = {}): Promise<void> {
  const { orderId, amountMinor, note } = decision;
  await db.transaction(async (tx) => {
    const [req] = await grantRequest(tx, { refundRequestId, amountMinor, orderId });
    if (!req) {
      if (amountMinor !== undefined) {
        const [asked] = await askedLess(tx, { refundRequestId, amountMinor, orderId });
        if (asked) {
          throw fieldError(
            'amount_minor',
            fulfilmentMessages.amountTooHigh(money(asked.amount_minor, asked.currency).formatted),
          );
        }
      }
      await refusedRequest(tx, refundRequestId, orderId);
    }
    await queryRows(
      tx,
      sql`update order_items set refunded_quantity = refunded_quantity + ${req!.quantity} where id = ${req!.order_item_id}`,
    );
    if (decision.restock) {
      await noteStockChange(tx, { reason: 'return', actor: null, ref: req!.order_id });
      const touched = await restockLine(tx, { quantity: req!.quantity, itemId: req!.order_item_id });
      await noteStockChange(tx, null);
      await refreshOnStockCrossing(tx, touched, 'returned');
    }
    await grantMoney(tx, refundRequestId, req!);
    await settleRefunds(tx, req!.order_id, note ?? null);
  });
}

/** Adds the amount granted (capped by what is left of the total) to the order's refunded amount. */
const addRefundedAmount = namedQuery<{ online: boolean; amount: number; payment_id: string | null }>()({
  name: 'orders.refund.grant-money',
  columns: ['online', 'amount', 'payment_id'],
  example: { orderId: 'o_example', amountMinor: 100 },
  build: (p: { orderId: string; amountMinor: number }) =>
    sql`with m as (select not ${offlineMethodSql(sql`o.payment_method_code`)} as online,
                          least(${p.amountMinor}, o.grand_total_minor - o.refunded_minor) as amount,
                          o.paid_payment_id
                     from orders o where o.id = ${p.orderId})
        update orders o set refunded_minor = o.refunded_minor + m.amount,
          payment_status = case
            -- Online, the refund job says when the money is back.
            when m.online then case when m.amount > 0 then 'refund_pending' else o.payment_status end
            when o.refunded_minor + m.amount >= o.grand_total_minor then 'refunded'
            else o.payment_status end,
          updated_at = now()
        from m where o.id = ${p.orderId}
    returning m.online, m.amount, m.paid_payment_id as payment_id`,
});

/**
 * The money of a granted request. Recorded as refunded now. Online: the provider pays it back
 * (the payments module's job; payment_status refund_pending until it has). Offline (Cash on
 * Delivery): paid back outside the shop. The order row is locked first (a statement of its own:
 * the next one reads its latest values), and the amount capped by what is left of the total, so
 * the order's refunded amount never passes it (line shares add up to the lines' total, itself
 * within the grand total).
 */
async function grantMoney(
  tx: Db,
  refundRequestId: number,
  req: { order_id: string; amount_minor: number; reason: string },
): Promise<void> {
  await queryRows(tx, sql`select id from orders where id = ${req.order_id} for update`);
  const [order] = await addRefundedAmount(tx, { orderId: req.order_id, amountMinor: req.amount_minor });
  if (order?.online && order.amount > 0) {
    await queueRefund(tx, {
      orderId: req.order_id,
      amountMinor: order.amount,
      reason: req.reason,
      dedupeKey: `refund-request:${refundRequestId}`,
      paymentId: paidPaymentOf(req.order_id, order.payment_id),
    });
  }
}

/** Marks the open request rejected. */
const rejectRequest = namedQuery<{ order_id: string; order_item_id: number; quantity: number }>()({
  name: 'orders.refund.reject',
  columns: ['order_id', 'order_item_id', 'quantity'],
  example: { refundRequestId: 1, orderId: 'o_example' as string | undefined },
  build: (p: { refundRequestId: number; orderId: string | undefined }) =>
    sql`update refund_requests set status = 'rejected', updated_at = now()
           where id = ${p.refundRequestId} and status = 'requested'
             ${p.orderId === undefined ? sql`` : sql`and order_id = ${p.orderId}`}
       returning order_id, order_item_id, quantity`,
});

/**
 * Refuses a refund request: its quantity may be asked for again, and when it was the last open
 * request the order goes back to delivered (or to refunded, if everything was given back already).
 */
export async function rejectRefund(
  db: Db,
  refundRequestId: number,
  decision: Pick<RefundDecision, 'note' | 'orderId'> = {},
): Promise<void> {
  const { orderId, note } = decision;
  await db.transaction(async (tx) => {
    const [req] = await rejectRequest(tx, { refundRequestId, orderId });
    if (!req) await refusedRequest(tx, refundRequestId, orderId);
    await queryRows(
      tx,
      sql`update order_items set refund_requested_quantity = refund_requested_quantity - ${req!.quantity}
           where id = ${req!.order_item_id}`,
    );
    await settleRefunds(tx, req!.order_id, note ?? null);
  });
}
