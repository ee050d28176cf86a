import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { setStock } from '../../test/checkout.ts';
import { buyableVariants, createTestOrder, stockOf } from '../../test/orders.ts';
import { moveOrder } from './transition.ts';

let t: TestApp;
let variants: string[];
const db = () => t.database.db;
beforeAll(async () => {
  t = await createTestApp();
  variants = await buyableVariants(db(), 5, 4);
});
afterAll(() => t.close());

const state = async (id: string) =>
  (
    await queryRows<{ status: string; stock_reserved: boolean; events: number }>(
      db(),
      sql`select status, stock_reserved, (select count(*)::int from order_events e where e.order_id = o.id) as events
            from orders o where id = ${id}`,
    )
  )[0]!;

/** An unpaid online order whose payment failed: its stock given back. */
async function failedOrder(variant: string, quantity: number) {
  const o = await createTestOrder(db(), {
    status: 'awaiting_payment',
    paymentMethod: 'sandbox',
    lines: [[variant, quantity]],
  });
  await db().transaction((tx) => moveOrder(tx, { orderId: o.id, to: 'payment_failed', actor: 'gateway' }));
  return o;
}

describe('moveOrder', () => {
  it('leaving payment_failed takes the stock again, every line of it', async () => {
    const v = variants[0]!;
    await setStock(db(), v, 5);
    const o = await failedOrder(v, 2);
    expect(await stockOf(db(), v)).toBe(5);
    expect(await state(o.id)).toMatchObject({ status: 'payment_failed', stock_reserved: false });

    const moved = await db().transaction((tx) =>
      moveOrder(tx, { orderId: o.id, to: 'awaiting_payment', actor: 'shopper', from: ['payment_failed'] }),
    );
    expect(moved?.from).toBe('payment_failed');
    expect(await state(o.id)).toMatchObject({ status: 'awaiting_payment', stock_reserved: true });
    expect(await stockOf(db(), v)).toBe(3);
  });

  it('refuses to confirm a failed order whose stock is gone, changing nothing', async () => {
    const [v, w] = [variants[1]!, variants[2]!];
    await setStock(db(), v, 5);
    await setStock(db(), w, 5);
    const o = await createTestOrder(db(), {
      status: 'awaiting_payment',
      paymentMethod: 'sandbox',
      lines: [
        [v, 1],
        [w, 2],
      ],
    });
    await db().transaction((tx) => moveOrder(tx, { orderId: o.id, to: 'payment_failed', actor: 'gateway' }));
    const before = await state(o.id);
    // Someone bought most of one variant meanwhile: the order cannot have all its lines again.
    await setStock(db(), w, 1);

    const moved = await db().transaction((tx) => moveOrder(tx, { orderId: o.id, to: 'confirmed', actor: 'gateway' }));
    expect(moved).toBeNull();
    expect(await state(o.id)).toEqual(before);
    expect([await stockOf(db(), v), await stockOf(db(), w)]).toEqual([5, 1]);
    const jobs = await queryRows(
      db(),
      sql`select j.id from jobs j join order_events e on e.id = (j.payload->>'eventId')::int
           where j.kind = 'order-message' and e.order_id = ${o.id} and e.to_status = 'confirmed'`,
    );
    expect(jobs).toEqual([]);
  });
});
