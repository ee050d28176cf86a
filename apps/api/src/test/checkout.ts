import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { PlacedOrderSchema, type Cart } from '@shopfront/shared';
import { queryRows, type Db } from '../db/client.ts';
import { cartOf, testBrowser, type TestBrowser } from './browser.ts';
import type { TestApp } from './app.ts';

/** A Bengaluru address as the cart's update-address takes it. */
export async function bengaluru(db: Db) {
  const [row] = await queryRows<{ country_id: number; state_id: number }>(
    db,
    sql`select c.id as country_id, s.id as state_id from countries c join states s on s.country_id = c.id
         where c.iso2 = 'IN' and s.code = 'KA'`,
  );
  return {
    first_name: 'Asha',
    last_name: 'Rao',
    phone: '9876543210',
    email: 'asha@example.test',
    address_line_1: '12 Residency Road',
    city: 'Bengaluru',
    postcode: '560025',
    country_id: row!.country_id,
    state_id: row!.state_id,
  };
}

/** Variants that can be bought in the default channel with at least `minStock` units. */
export async function buyableVariants(db: Db, minStock = 1, limit = 10): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select v.id from variants v join variant_channels vc on vc.variant_id = v.id and vc.is_available
          join products p on p.id = v.product_id and p.is_published and not p.is_customisation_enabled
         where v.stock >= ${minStock} order by v.id limit ${limit}`,
  );
  return rows.map((r) => r.id);
}

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
