import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartMessages } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { coupons } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { loggedInCustomer } from '../../test/auth.ts';
import { testBrowser, type TestBrowser } from '../../test/browser.ts';
import { buyableVariants, placedOf, placeOrder, readyCart, setStock } from '../../test/checkout.ts';
import { setStoreSetting } from '../../test/orders.ts';
import { expireReservations } from '../payments/reservations.ts';
import { signedInOwner } from '../staff/testing.ts';

/**
 * A cancelled order gives its coupon use back (releaseCouponUse, in moveOrder's transaction), on
 * PGlite and PostgreSQL: a one-time coupon is free again for the next order, the same customer may
 * use it again under a per-customer limit of one, and however many cancels race, the use is
 * given back once. The owner's list of uses leaves a given-back use out.
 */
let t: TestApp;
let owner: Record<string, string>;
let variant: string;
let ipSeq = 0;
const nextIp = () => `10.87.${Math.floor(++ipSeq / 240)}.${(ipSeq % 240) + 1}`;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  owner = (await signedInOwner(t)).headers;
  variant = (await buyableVariants(db(), 1, 2))[0]!;
  await setStock(db(), variant, 100_000);
  await setStoreSetting(db(), 'enable_cancel_order', true);
});
afterAll(() => t.close());

async function makeCoupon(values: Partial<typeof coupons.$inferInsert> = {}) {
  const [row] = await db()
    .insert(coupons)
    .values({ code: `R${randomBytes(4).toString('hex').toUpperCase()}`, kind: 'percent', value: 10, ...values })
    .returning();
  return row!;
}

/** Places an order of one item with the coupon from `b` (a fresh guest's by default), Cash on Delivery unless told. */
async function orderWith(code: string, b: TestBrowser = testBrowser(t.app, { ip: nextIp() }), payment = 'cod') {
  const cart = await readyCart(t, b, { lines: [[variant, 1]], coupon: code, payment });
  expect(cart.coupon?.applicable).toBe(true);
  const res = await placeOrder(b, cart);
  expect(res.statusCode, res.body).toBe(200);
  return { b, order: placedOf(res).order };
}

const shopperCancels = (b: TestBrowser, orderId: string) => b.call('PUT', '/api/orders/cancel', { order_id: orderId });
const ownerCancels = (orderId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/cancel`,
    headers: owner,
    payload: { reason: 'Out of stock' },
  });

const usedCount = async (id: number) =>
  (await queryRows<{ used_count: number }>(db(), sql`select used_count from coupons where id = ${id}`))[0]!.used_count;

const redemptions = (id: number) =>
  queryRows<{ order_ref: string; released: boolean }>(
    db(),
    sql`select order_ref, released_at is not null as released from coupon_redemptions where coupon_id = ${id} order by id`,
  );

const applyIn = (b: TestBrowser, code: string) => b.call('POST', '/api/cart/coupons/apply', { coupon: code });

describe('a cancelled order gives its coupon use back', () => {
  it("frees a coupon of one use for the next order; the owner's list of uses leaves the cancelled one out", async () => {
    const coupon = await makeCoupon({ usageLimit: 1 });
    const first = await orderWith(coupon.code);
    expect(await usedCount(coupon.id)).toBe(1);

    const next = testBrowser(t.app, { ip: nextIp() });
    await next.call('POST', '/api/cart/add-item', { product_id: variant, quantity: 1 });
    const refused = await applyIn(next, coupon.code);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.coupon).toEqual([cartMessages.couponUsedUp]);

    const cancelled = await shopperCancels(first.b, first.order.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await usedCount(coupon.id)).toBe(0);
    expect(await redemptions(coupon.id)).toEqual([{ order_ref: first.order.id, released: true }]);

    const second = await orderWith(coupon.code, next);
    expect(await usedCount(coupon.id)).toBe(1);
    const uses = await t.app.inject({ method: 'GET', url: `/api/admin/coupons/${coupon.id}/uses`, headers: owner });
    expect(uses.statusCode, uses.body).toBe(200);
    expect(uses.json().data.uses.map((u: { order_id: string }) => u.order_id)).toEqual([second.order.id]);
  });

  it('of 20 concurrent cancels of one order (shopper and owner) the use is given back once', async () => {
    const coupon = await makeCoupon({ usageLimit: 5 });
    await orderWith(coupon.code);
    const { b, order } = await orderWith(coupon.code);
    expect(await usedCount(coupon.id)).toBe(2);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? ownerCancels(order.id) : shopperCancels(b, order.id))),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200 && c !== 409)).toEqual([]);
    expect(await usedCount(coupon.id)).toBe(1);
    expect((await redemptions(coupon.id)).map((r) => r.released)).toEqual([false, true]);
    // A retried cancel after the fact changes nothing either.
    expect((await ownerCancels(order.id)).statusCode).toBe(409);
    expect(await usedCount(coupon.id)).toBe(1);
  });

  it('lets the same customer use it again under a limit of one per customer (the owner cancelled)', async () => {
    const coupon = await makeCoupon({ perCustomerLimit: 1 });
    const me = await loggedInCustomer(t);
    const b = testBrowser(t.app, { cookie: me.cookie, ip: nextIp() });
    const { order } = await orderWith(coupon.code, b);

    await b.call('POST', '/api/cart/add-item', { product_id: variant, quantity: 1 });
    const refused = await applyIn(b, coupon.code);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.coupon).toEqual([cartMessages.couponUsedByYou]);

    expect((await ownerCancels(order.id)).statusCode).toBe(200);
    expect(await usedCount(coupon.id)).toBe(0);
    const again = await readyCart(t, b, { lines: [], coupon: coupon.code });
    expect(again.coupon?.applicable).toBe(true);
    const placed = await placeOrder(b, again);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await usedCount(coupon.id)).toBe(1);
    expect((await redemptions(coupon.id)).map((r) => r.released)).toEqual([true, false]);
  });

  it('a failed payment keeps the use: the order may still be paid', async () => {
    const coupon = await makeCoupon({ usageLimit: 1 });
    const { order } = await orderWith(coupon.code, undefined, 'sandbox');
    await queryRows(db(), sql`update orders set reserved_until = now() - interval '1 minute' where id = ${order.id}`);
    expect(await expireReservations(db())).toBeGreaterThanOrEqual(1);
    const [row] = await queryRows<{ status: string }>(db(), sql`select status from orders where id = ${order.id}`);
    expect(row).toEqual({ status: 'payment_failed' });
    expect(await usedCount(coupon.id)).toBe(1);
  });
});
