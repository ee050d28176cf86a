import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE, CartSchema, MAX_LINE_QUANTITY, type Cart } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { loggedInCustomer } from '../../test/auth.ts';

/**
 * Many calls on one cart at the same time (PGlite here; PostgreSQL when npm test runs the API
 * suite on a real cluster): every change is one short transaction under the cart's row lock with
 * conditional writes, so none is lost and no cap is passed.
 */
let t: TestApp;
let variantIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  const rows = await queryRows<{ id: string }>(
    t.database.db,
    sql`select v.id from variants v join variant_channels vc on vc.variant_id = v.id and vc.is_available
          and vc.channel_id = (select channel_id from storefronts where is_default)
          join products p on p.id = v.product_id and p.is_published
         where v.stock >= 20 order by v.id limit 10`,
  );
  variantIds = rows.map((r) => r.id);
  expect(variantIds).toHaveLength(10);
});
afterAll(() => t.close());

function caller(cookie: string) {
  return (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: {
        [CSRF_HEADER]: CSRF_HEADER_VALUE,
        cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
}

/** A guest cart with one line, and a caller carrying its cookie. */
async function guestCart() {
  const first = await t.app.inject({
    method: 'POST',
    url: '/api/cart/add-item',
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, 'content-type': 'application/json' },
    payload: JSON.stringify({ product_id: variantIds[9], quantity: 1 }),
  });
  expect(first.statusCode).toBe(200);
  const set = ([] as string[]).concat(first.headers['set-cookie'] as string[]);
  const cookie = set.map((c) => c.split(';')[0]).join('; ');
  return caller(cookie);
}

const cartOf = (res: { json(): { data: unknown } }): Cart => CartSchema.parse(res.json().data);
const qty = (cart: Cart, variantId: string) => cart.items.find((i) => i.product_id === variantId)?.quantity ?? 0;

describe('50 simultaneous calls on one cart', () => {
  it('add-item: 5 variants × 10 adds of one unit end with exactly 10 of each (no lost update)', async () => {
    const call = await guestCart();
    const targets = variantIds.slice(0, 5);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call('POST', '/api/cart/add-item', { product_id: targets[i % 5], quantity: 1 }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const cart = cartOf(await call('GET', '/api/cart/get'));
    for (const v of targets) expect(qty(cart, v)).toBe(10);
    expect(cart.total_quantity).toBe(51);
  });

  it('add-item past the per-line maximum: of 50 adds of one unit exactly 10 succeed, the others are refused', async () => {
    const call = await guestCart();
    const v = variantIds[5]!;
    const results = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', '/api/cart/add-item', { product_id: v, quantity: 1 })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(MAX_LINE_QUANTITY);
    expect(codes.filter((c) => c === 422)).toHaveLength(50 - MAX_LINE_QUANTITY);
    expect(qty(cartOf(await call('GET', '/api/cart/get')), v)).toBe(MAX_LINE_QUANTITY);
  });

  it('add-item and update-qty mixed: added lines add up, updated lines hold one of the values sent, totals agree', async () => {
    const call = await guestCart();
    const updated = variantIds.slice(0, 5);
    const added = variantIds.slice(5, 9);
    for (const v of updated)
      expect((await call('POST', '/api/cart/add-item', { product_id: v, quantity: 1 })).statusCode).toBe(200);
    const calls = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0
        ? call('POST', '/api/cart/add-item', { product_id: added[(i / 2) % 4], quantity: 1 })
        : call('PUT', '/api/cart/update-qty', { product_id: updated[((i - 1) / 2) % 5], quantity: 2 + (i % 7) }),
    );
    const results = await Promise.all(calls);
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const cart = cartOf(await call('GET', '/api/cart/get'));
    // 25 adds over 4 variants: 7, 6, 6, 6.
    expect(added.map((v) => qty(cart, v))).toEqual([7, 6, 6, 6]);
    for (const [k, v] of updated.entries()) {
      const sent = Array.from({ length: 50 }, (_, i) => i)
        .filter((i) => i % 2 === 1 && ((i - 1) / 2) % 5 === k)
        .map((i) => 2 + (i % 7));
      expect(sent).toContain(qty(cart, v));
    }
    expect(cart.total_quantity).toBe(cart.items.reduce((n, i) => n + i.quantity, 0));
    expect(cart.totals.subtotal.amount).toBe(cart.items.reduce((n, i) => n + i.line_total.amount, 0));
  });

  it("a customer's first adds from 20 tabs at once make one cart holding all of them", async () => {
    const { cookie, customer } = await loggedInCustomer(t);
    const call = caller(cookie);
    const v = variantIds[6]!;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('POST', '/api/cart/add-item', { product_id: i < 10 ? v : variantIds[7], quantity: 1 }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const carts = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from carts where customer_id = ${customer.id}`,
    );
    expect(carts[0]!.n).toBe(1);
    const cart = cartOf(await call('GET', '/api/cart/get'));
    expect([qty(cart, v), qty(cart, variantIds[7]!)]).toEqual([10, 10]);
  });
});
