import { sql } from 'drizzle-orm';
import { ORDER_STATUSES, ORDER_TRANSITIONS, type OrderStatus } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { refreshOnStockCrossing } from '../catalog/summary.ts';
import { releaseCouponUse } from '../coupons/service.ts';
import { noteStockChange } from '../catalog/stock-note.ts';
import { queueStaffAlert } from './staff-alerts.ts';

declare module '../jobs/registry.ts' {
  interface JobPayloads {
    /** Tell the shopper about an order's change (orders/messages.ts): once per event. */
    'order-message': { eventId: number };
  }
}

export type OrderActor = 'shopper' | 'staff' | 'system' | 'gateway';

/** The states an order may reach `to` from (ORDER_TRANSITIONS read backwards). */
function statesLeadingTo(to: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((s) => ORDER_TRANSITIONS[s].includes(to));
}

/** States whose orders give their stock back: nothing will be shipped. */
const RELEASING: readonly OrderStatus[] = ['cancelled', 'payment_failed'];
/** States an order leaves payment_failed for only with its stock taken again (it was given back). */
const RETAKING: readonly OrderStatus[] = ['confirmed', 'awaiting_payment'];

interface OrderMove {
  orderId: string;
  to: OrderStatus;
  actor: OrderActor;
  note?: string | null;
  from?: readonly OrderStatus[];
}

/**
 * Moves an order to `to` when its current state allows it (and is one of `from`, when given):
 * one conditional update, so two concurrent moves cannot both succeed. Writes the history row,
 * queues the shopper's message about it, and gives the stock back when the order will not ship
 * (and, once cancelled, its coupon use: releaseCouponUse).
 * Leaving payment_failed for confirmed or awaiting_payment takes the order's stock again, every
 * line or none: when some is gone nothing changes (no caller can confirm an order without its
 * stock). Null when the order is not in a state that allows the move, or its stock is short.
 * Run inside the caller's transaction.
 */
export async function moveOrder(tx: Db, input: OrderMove): Promise<{ from: OrderStatus; eventId: number } | null> {
  const allowed = statesLeadingTo(input.to).filter((s) => !input.from || input.from.includes(s));
  if (allowed.length === 0) return null;
  if (!RETAKING.includes(input.to) || !allowed.includes('payment_failed')) return applyMove(tx, input, allowed);
  try {
    // A savepoint: a short stock undoes the move, its history row and its message.
    return await tx.transaction(async (sp) => {
      const moved = await applyMove(sp, input, allowed);
      if (moved?.from === 'payment_failed' && !(await reserveStock(sp, input.orderId))) throw new StockShort();
      return moved;
    });
  } catch (err) {
    if (err instanceof StockShort) return null;
    throw err;
  }
}

/** Moves the locked order to `to` when its state is one of `allowed`: the state it left. */
const moveOrderRow = namedQuery<{ from_status: OrderStatus }>()({
  name: 'orders.move',
  columns: ['from_status'],
  example: {
    orderId: 'o_example',
    to: 'packed' as OrderStatus,
    allowed: ['confirmed', 'packed'] as readonly OrderStatus[],
  },
  build: (p: { orderId: string; to: OrderStatus; allowed: readonly OrderStatus[] }) =>
    sql`with prev as (select id, status from orders where id = ${p.orderId} for update)
        update orders o set status = ${p.to}, updated_at = now()
          from prev
         where o.id = prev.id and prev.status in ${sql`(${sql.join(
           p.allowed.map((s) => sql`${s}`),
           sql`, `,
         )})`}
        returning prev.status as from_status`,
});

async function applyMove(
  tx: Db,
  input: OrderMove,
  allowed: readonly OrderStatus[],
): Promise<{ from: OrderStatus; eventId: number } | null> {
  const [moved] = await moveOrderRow(tx, { orderId: input.orderId, to: input.to, allowed });
  if (!moved) return null;
  const eventId = await recordOrderEvent(tx, {
    orderId: input.orderId,
    from: moved.from_status,
    to: input.to,
    actor: input.actor,
    note: input.note ?? null,
  });
  if (RELEASING.includes(input.to)) await releaseStock(tx, input.orderId);
  // A cancelled order gives its coupon use back; a failed payment keeps it (the order may still be paid).
  if (input.to === 'cancelled') await releaseCouponUse(tx, input.orderId);
  return { from: moved.from_status, eventId };
}

/**
 * Writes a history row the customer is not told of (it counts as told: no message is queued): a
 * service fee order's own moves, which the applicant hears of as the application's.
 */
export async function recordToldOrderEvent(
  tx: Db,
  e: { orderId: string; from: OrderStatus; to: OrderStatus; actor: OrderActor; note: string },
): Promise<void> {
  await queryRows(
    tx,
    sql`insert into order_events (order_id, from_status, to_status, actor, note, notified_at)
        values (${e.orderId}, ${e.from}, ${e.to}, ${e.actor}, ${e.note}, now())`,
  );
}

/** A history row. */
const insertOrderEvent = namedQuery<{ id: number }>()({
  name: 'orders.event.insert',
  columns: ['id'],
  example: {
    orderId: 'o_example',
    from: 'confirmed' as OrderStatus | null,
    to: 'packed' as OrderStatus,
    actor: 'staff' as OrderActor,
    note: 'Packed' as string | null,
  },
  build: (p: { orderId: string; from: OrderStatus | null; to: OrderStatus; actor: OrderActor; note: string | null }) =>
    sql`insert into order_events (order_id, from_status, to_status, actor, note)
        values (${p.orderId}, ${p.from}, ${p.to}, ${p.actor}, ${p.note}) returning id`,
});

/** Writes a history row and queues its message (a new order's first row has no `from`). */
export async function recordOrderEvent(
  tx: Db,
  e: { orderId: string; from: OrderStatus | null; to: OrderStatus; actor: OrderActor; note: string | null },
): Promise<number> {
  const [row] = await insertOrderEvent(tx, e);
  const eventId = row!.id;
  if (e.to !== 'awaiting_payment') {
    await enqueueJob(tx, { kind: 'order-message', payload: { eventId }, dedupeKey: `order-event:${eventId}` });
  }
  // An order is new to the shop once confirmed (placed with Cash on Delivery, or paid): staff are told once.
  if (e.to === 'confirmed') {
    await queueStaffAlert(tx, { kind: 'new_order', orderId: e.orderId, key: `order:${e.orderId}` });
  }
  return eventId;
}

/**
 * Each variant's quantity in an order, as SQL rows (variant_id, qty). None for a service's fee
 * order (ADR 37): its line is the service itself, which holds no stock.
 */
const orderQuantities = (orderId: string) =>
  sql`(select i.variant_id, sum(i.quantity)::int as qty from order_items i
        join orders o on o.id = i.order_id and o.kind = 'goods'
       where i.order_id = ${orderId} group by i.variant_id)`;

/** Gives each of the order's variants its quantity back. */
const returnOrderStock = namedQuery<{ product_id: string; stock: number; qty: number }>()({
  name: 'orders.stock.return',
  columns: ['product_id', 'stock', 'qty'],
  example: { orderId: 'o_example' },
  build: (p: { orderId: string }) =>
    sql`update variants v set stock = v.stock + q.qty from ${orderQuantities(p.orderId)} q
         where v.id = q.variant_id returning v.product_id, v.stock, q.qty`,
});

/**
 * Gives an order's stock back, once: the flag is cleared by a conditional update before any
 * stock moves, so a second call (or a concurrent one) returns nothing. False when not held.
 */
async function releaseStock(tx: Db, orderId: string): Promise<boolean> {
  const [held] = await queryRows(
    tx,
    sql`update orders set stock_reserved = false, reserved_until = null, updated_at = now()
         where id = ${orderId} and stock_reserved returning id`,
  );
  if (!held) return false;
  await noteStockChange(tx, { reason: 'cancel', actor: null, ref: orderId });
  const touched = await returnOrderStock(tx, { orderId });
  await noteStockChange(tx, null);
  await refreshOnStockCrossing(tx, touched, 'returned');
  return true;
}

/** How many variants the order holds stock of. */
const orderVariantCount = namedQuery<{ n: number }>()({
  name: 'orders.stock.variant-count',
  columns: ['n'],
  example: { orderId: 'o_example' },
  build: (p: { orderId: string }) => sql`select count(*)::int as n from ${orderQuantities(p.orderId)} q`,
});

/** Takes each of the order's variants' quantity where there is enough. */
const takeOrderStock = namedQuery<{ product_id: string; stock: number; qty: number }>()({
  name: 'orders.stock.take',
  columns: ['product_id', 'stock', 'qty'],
  example: { orderId: 'o_example' },
  build: (p: { orderId: string }) =>
    sql`update variants v set stock = v.stock - q.qty from ${orderQuantities(p.orderId)} q
             where v.id = q.variant_id and v.stock >= q.qty returning v.product_id, v.stock, q.qty`,
});

/**
 * Takes an order's stock again (moveOrder, leaving payment_failed): every line or none. Each
 * variant is decremented only where it has enough; if any variant falls short, everything is
 * undone in the savepoint. False when the stock is no longer there.
 */
async function reserveStock(tx: Db, orderId: string): Promise<boolean> {
  try {
    return await tx.transaction(async (sp) => {
      const [claimed] = await queryRows(
        sp,
        sql`update orders set stock_reserved = true, updated_at = now()
             where id = ${orderId} and not stock_reserved returning id`,
      );
      if (!claimed) return true;
      const [wanted] = await orderVariantCount(sp, { orderId });
      const taken = await takeOrderStock(sp, { orderId });
      if (taken.length !== wanted!.n) throw new StockShort();
      await refreshOnStockCrossing(sp, taken, 'taken');
      return true;
    });
  } catch (err) {
    if (err instanceof StockShort) return false;
    throw err;
  }
}

class StockShort extends Error {}
