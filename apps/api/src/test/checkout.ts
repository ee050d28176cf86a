import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { PlacedOrderSchema, type Cart } from '@shopfront/shared';
import { queryRows, type Db } from '../db/client.ts';
import { cartOf, testBrowser, type TestBrowser } from './browser.ts';
import type { TestApp } from './app.ts';
import { orderAddress } from './orders.ts';

/** The Bengaluru address of orderAddress as the cart's update-address takes it. */
async function bengaluru(db: Db) {
  const a = await orderAddress(db);
  return {
    first_name: a.first_name,
    last_name: a.last_name,
    phone: a.phone,
    email: a.email,
    address_line_1: a.address_line_1,
    city: a.city,
    postcode: a.postcode,
    country_id: a.country_id,
    state_id: a.state_id,
  };
}

export { buyableVariants } from './orders.ts';

/**
 * Fills a browser's cart and takes it to the payment step: lines added, the shipping address
 * typed (billing same), the first shipping method and `payment` chosen. Answers the cart.
 */
export async function readyCart(
  t: TestApp,
  b: TestBrowser,
  opts: { lines: [variantId: string, quantity: number][]; payment?: string; coupon?: string },
): Promise<Cart> {
  for (const [variant, quantity] of opts.lines) {
    const res = await b.call('POST', '/api/cart/add-item', { product_id: variant, quantity });
    expect(res.statusCode, res.body).toBe(200);
  }
  const address = await bengaluru(t.database.db);
  const set = await b.call('PUT', '/api/cart/update-address', { address_type: 'Shipping', ...address });
  expect(set.statusCode, set.body).toBe(200);
  if (opts.coupon) {
    const res = await b.call('POST', '/api/cart/coupons/apply', { coupon: opts.coupon });
    expect(res.statusCode, res.body).toBe(200);
  }
  const shipping = cartOf(set).shipping_methods[0]!;
  expect((await b.call('PUT', '/api/cart/update-shipping-mode', { mode: shipping.code })).statusCode).toBe(200);
  const pay = await b.call('PUT', '/api/cart/update-payment-mode', { mode: opts.payment ?? 'cod' });
  expect(pay.statusCode, pay.body).toBe(200);
  return cartOf(pay);
}

/** A guest browser with a cart ready to be ordered. */
export async function guestReady(t: TestApp, opts: Parameters<typeof readyCart>[2], ip?: string) {
  const b = testBrowser(t.app, ip ? { ip } : {});
  const cart = await readyCart(t, b, opts);
  return { b, cart };
}

/** POST place-order for the cart's current total, terms accepted (optionally with an Idempotency-Key). */
export function placeOrder(b: TestBrowser, cart: Pick<Cart, 'grand_total'>, key?: string, extra: object = {}) {
  return b.call(
    'POST',
    '/api/checkout/place-order',
    { confirmed_total: cart.grand_total.amount, accept_terms: true, ...extra },
    key ? { 'idempotency-key': key } : {},
  );
}

export const placedOf = (res: { json(): { data: unknown } }) => PlacedOrderSchema.parse(res.json().data);

export async function stockOf(db: Db, variantId: string): Promise<number> {
  const [row] = await queryRows<{ stock: number }>(db, sql`select stock from variants where id = ${variantId}`);
  return row!.stock;
}

export async function setStock(db: Db, variantId: string, stock: number): Promise<void> {
  await queryRows(db, sql`update variants set stock = ${stock} where id = ${variantId}`);
}
