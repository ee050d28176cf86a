import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_PASSWORD, addressSource, createCustomer } from '../../test/auth.ts';
import { cartOf, qtyOf, testBrowser } from '../../test/browser.ts';

let t: TestApp;
let v: string[];
const nextAddress = addressSource(61);

beforeAll(async () => {
  t = await createTestApp();
  const rows = await queryRows<{ id: string }>(
    t.database.db,
    sql`select v.id from variants v join variant_channels vc on vc.variant_id = v.id and vc.is_available
          and vc.channel_id = (select channel_id from storefronts where is_default)
          join products p on p.id = v.product_id and p.is_published where v.stock >= 20 order by v.id limit 4`,
  );
  v = rows.map((r) => r.id);
});
afterAll(() => t.close());

const browser = () => testBrowser(t.app, { ip: nextAddress() });
const qty = qtyOf;

describe('login merges the guest cart (spec section 4: on login the cart session is attached)', () => {
  it('a customer without a cart takes the guest cart over; cart_session_id names it; the secret cookie goes', async () => {
    const customer = await createCustomer(t.database.db);
    const b = browser();
    const guest = cartOf(await b.call('POST', '/api/cart/add-item', { product_id: v[0], quantity: 2 }));
    expect(b.jar.has('cart_session')).toBe(true);
    const login = await b.call('POST', '/api/auth/login', { email: customer.email, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.cart_session_id).toBe(guest.cart_session);
    // Taken over whole, nothing joined another cart: no notice.
    expect(login.json().data.cart_merged).toBe(false);
    expect(b.jar.has('cart_session')).toBe(false);
    expect(b.jar.get('api_cart')).toBe('1');
    const mine = cartOf(await b.call('GET', '/api/cart/get'));
    expect(mine).toMatchObject({ customer_id: customer.id, cart_session: guest.cart_session });
    expect(qty(mine, v[0]!)).toBe(2);
  });

  it("adds the guest's quantities to the customer's cart, capped by the per-line maximum, and keeps the customer's coupon", async () => {
    const customer = await createCustomer(t.database.db);
    // The customer's cart, filled on another device.
    const phone = browser();
    await phone.call('POST', '/api/auth/login', { email: customer.email, password: TEST_PASSWORD });
    await phone.call('POST', '/api/cart/add-item', { product_id: v[0], quantity: 8 });
    await phone.call('POST', '/api/cart/add-item', { product_id: v[1], quantity: 1 });
    const theirs = cartOf(await phone.call('GET', '/api/cart/get'));

    const laptop = browser();
    await laptop.call('POST', '/api/cart/add-item', { product_id: v[0], quantity: 5 });
    await laptop.call('POST', '/api/cart/add-item', { product_id: v[2], quantity: 3 });
    const login = await laptop.call('POST', '/api/auth/login', { email: customer.email, password: TEST_PASSWORD });
    expect(login.json().data.cart_session_id).toBe(theirs.cart_session);
    // The storefront tells the shopper their cart changed.
    expect(login.json().data.cart_merged).toBe(true);
    const merged = cartOf(await laptop.call('GET', '/api/cart/get'));
    expect([qty(merged, v[0]!), qty(merged, v[1]!), qty(merged, v[2]!)]).toEqual([MAX_LINE_QUANTITY, 1, 3]);
    // Both devices now show the same cart.
    expect(cartOf(await phone.call('GET', '/api/cart/get')).total_quantity).toBe(merged.total_quantity);
    // The guest cart is not reachable any more (its cookie is gone; the row is marked merged).
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from carts where customer_id is null and status = 'active' and id <> ${theirs.cart_session}
           and exists (select 1 from cart_items where cart_id = carts.id and variant_id = ${v[2]!})`,
    );
    expect(row!.n).toBe(0);
  });

  it('logout clears the cart cookies: the browser starts with an empty cart, the customer keeps theirs', async () => {
    const customer = await createCustomer(t.database.db);
    const b = browser();
    await b.call('POST', '/api/auth/login', { email: customer.email, password: TEST_PASSWORD });
    await b.call('POST', '/api/cart/add-item', { product_id: v[3], quantity: 1 });
    expect(b.jar.get('api_cart')).toBe('1');
    await b.call('POST', '/api/auth/logout');
    expect(b.jar.has('api_cart')).toBe(false);
    expect(cartOf(await b.call('GET', '/api/cart/get')).items).toEqual([]);
    await b.call('POST', '/api/auth/login', { email: customer.email, password: TEST_PASSWORD });
    expect(qty(cartOf(await b.call('GET', '/api/cart/get')), v[3]!)).toBe(1);
  });
});
