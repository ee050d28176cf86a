import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, orderMessages } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addressSource, loggedInCustomer } from '../../test/auth.ts';
import { testBrowser, type TestBrowser } from '../../test/browser.ts';
import { buyableVariants, placeOrder, placedOf, readyCart, setStock, stockOf } from '../../test/checkout.ts';
import { CHECKOUT_RATE_LIMITS } from './limits.ts';
import { OPEN_PAYMENTS_CAP, expireReservations } from '../payments/service.ts';

/**
 * One visitor must not hold a product's stock with orders never paid (an outside review placed
 * 20 unpaid online orders from one address and sold a product out): place-order and
 * process-payment are limited per address, and a shopper may have OPEN_PAYMENTS_CAP orders
 * awaiting online payment at once.
 */

let t: TestApp;
let variants: string[];
let next = 0;
const variant = () => variants[next++]!;
const db = () => t.database.db;
const nextAddress = addressSource(66);

beforeAll(async () => {
  t = await createTestApp();
  variants = await buyableVariants(t.database.db, 1, 10);
});
afterAll(() => t.close());

const awaiting = async (customerId: number) =>
  (
    await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from orders where customer_id = ${customerId} and status = 'awaiting_payment'`,
    )
  )[0]!.n;

describe('per-address limits', () => {
  it(`place-order: ${CHECKOUT_RATE_LIMITS.placeOrder.max} per ${CHECKOUT_RATE_LIMITS.placeOrder.timeWindow} from one address, then 429 with nothing taken`, async () => {
    const v = variant();
    await setStock(db(), v, 1000);
    const address = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < CHECKOUT_RATE_LIMITS.placeOrder.max; i++) {
      // A fresh browser each time (a new cart cookie): only the address ties them together.
      const b = testBrowser(t.app, { ip: address });
      const cart = await readyCart(t, b, { lines: [[v, 10]], payment: 'sandbox' });
      statuses.push((await placeOrder(b, cart)).statusCode);
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await stockOf(db(), v)).toBe(1000 - 10 * CHECKOUT_RATE_LIMITS.placeOrder.max);

    const b = testBrowser(t.app, { ip: address });
    const cart = await readyCart(t, b, { lines: [[v, 10]], payment: 'sandbox' });
    const refused = await placeOrder(b, cart);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 'error', message: messages.tooManyRequests });
    expect(await stockOf(db(), v)).toBe(1000 - 10 * CHECKOUT_RATE_LIMITS.placeOrder.max);

    // Another address is not held back.
    const other = testBrowser(t.app, { ip: nextAddress() });
    const ok = await placeOrder(other, await readyCart(t, other, { lines: [[v, 1]], payment: 'sandbox' }));
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it(`process-payment: ${CHECKOUT_RATE_LIMITS.processPayment.max} per ${CHECKOUT_RATE_LIMITS.processPayment.timeWindow} from one address, then 429`, async () => {
    const b = testBrowser(t.app, { ip: nextAddress() });
    const placed = placedOf(
      await placeOrder(b, await readyCart(t, b, { lines: [[variant(), 1]], payment: 'sandbox' })),
    );
    const statuses: number[] = [];
    for (let i = 0; i <= CHECKOUT_RATE_LIMITS.processPayment.max; i++) {
      statuses.push((await b.call('POST', '/api/checkout/process-payment', { order_id: placed.order.id })).statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe(`at most ${OPEN_PAYMENTS_CAP} orders awaiting online payment per shopper`, () => {
  /** Fills the customer's cart and places it (a new address each time: the per-address limit is another matter). */
  async function place(cookie: string, v: string, payment: string) {
    const b: TestBrowser = testBrowser(t.app, { cookie, ip: nextAddress() });
    const cart = await readyCart(t, b, { lines: [[v, 1]], payment });
    return { b, res: await placeOrder(b, cart) };
  }

  it('a customer’s next online order is refused with 409 and nothing taken; Cash on Delivery still goes through', async () => {
    const who = await loggedInCustomer(t);
    const v = variant();
    await setStock(db(), v, 100);
    const ids: string[] = [];
    for (let i = 0; i < OPEN_PAYMENTS_CAP; i++) {
      const { res } = await place(who.cookie, v, 'sandbox');
      expect(res.statusCode, res.body).toBe(200);
      ids.push(placedOf(res).order.id);
    }
    expect(await awaiting(who.customer.id)).toBe(OPEN_PAYMENTS_CAP);
    expect(await stockOf(db(), v)).toBe(100 - OPEN_PAYMENTS_CAP);

    const { b, res } = await place(who.cookie, v, 'sandbox');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(orderMessages.tooManyUnpaid);
    expect(await stockOf(db(), v)).toBe(100 - OPEN_PAYMENTS_CAP);
    // The cart is kept as it was: the shopper can pay on delivery instead.
    const cart = (await b.call('GET', '/api/cart/get')).json().data;
    expect(cart.items).toHaveLength(1);
    await b.call('PUT', '/api/cart/update-payment-mode', { mode: 'cod' });
    const cod = await placeOrder(b, (await b.call('GET', '/api/cart/get')).json().data);
    expect(cod.statusCode, cod.body).toBe(200);
    expect(placedOf(cod).order.status).toBe('confirmed');

    // One of them paid (here: moved on to Cash on Delivery): room for another online order.
    const switched = await b.call('POST', '/api/checkout/process-payment', { order_id: ids[0], method: 'cod' });
    expect(switched.statusCode, switched.body).toBe(200);
    expect((await place(who.cookie, v, 'sandbox')).res.statusCode).toBe(200);
    expect(await awaiting(who.customer.id)).toBe(OPEN_PAYMENTS_CAP);
  });

  it('a retry of a failed order is refused while the shopper is at the cap, and goes through once below it', async () => {
    const who = await loggedInCustomer(t);
    const v = variant();
    await setStock(db(), v, 100);
    const first = await place(who.cookie, v, 'sandbox');
    const failedId = placedOf(first.res).order.id;
    await queryRows(db(), sql`update orders set reserved_until = now() - interval '1 minute' where id = ${failedId}`);
    await expireReservations(db());
    for (let i = 0; i < OPEN_PAYMENTS_CAP; i++) {
      expect((await place(who.cookie, v, 'sandbox')).res.statusCode).toBe(200);
    }
    const stockBefore = await stockOf(db(), v);
    const retry = await first.b.call('POST', '/api/checkout/process-payment', { order_id: failedId });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toBe(orderMessages.tooManyUnpaid);
    expect(await stockOf(db(), v)).toBe(stockBefore);
    const [row] = await queryRows<{ status: string }>(db(), sql`select status from orders where id = ${failedId}`);
    expect(row!.status).toBe('payment_failed');

    // One of the others is cancelled: the retry goes through.
    const [open] = await queryRows<{ id: string }>(
      db(),
      sql`select id from orders where customer_id = ${who.customer.id} and status = 'awaiting_payment' limit 1`,
    );
    expect((await first.b.call('PUT', '/api/orders/cancel', { order_id: open!.id })).statusCode).toBe(200);
    const again = await first.b.call('POST', '/api/checkout/process-payment', { order_id: failedId });
    expect(again.statusCode, again.body).toBe(200);
    expect(placedOf(again).order.status).toBe('awaiting_payment');
  });
});
