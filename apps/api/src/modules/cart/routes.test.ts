import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY, cartMessages, includedTax } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { loggedInCustomer } from '../../test/auth.ts';
import { cartOf, testBrowser, type TestBrowser } from '../../test/browser.ts';

let t: TestApp;
/** Variants in stock (≥ 10 units) with their product, price and a second variant of the same product. */
let stocked: { variant_id: string; product_id: string; price: number; stock: number }[];
/** A product with several variants (its id alone does not name what to buy). */
let multi: string;

beforeAll(async () => {
  t = await createTestApp();
  stocked = await queryRows(
    t.database.db,
    sql`select v.id as variant_id, v.product_id, vc.selling_price_minor as price, v.stock
          from variants v join variant_channels vc on vc.variant_id = v.id and vc.channel_id = (select channel_id from storefronts where is_default)
          join products p on p.id = v.product_id and p.is_published
         where v.stock >= 20 and vc.is_available order by v.id limit 12`,
  );
  expect(stocked.length).toBeGreaterThanOrEqual(8);
  const [m] = await queryRows<{ product_id: string }>(
    t.database.db,
    sql`select product_id from variants group by product_id having count(*) > 1 limit 1`,
  );
  multi = m!.product_id;
});
afterAll(() => t.close());

const browser = (extra: { cookie?: string } = {}) => testBrowser(t.app, extra);

type Browser = TestBrowser;
const add = (b: Browser, product_id: string, quantity = 1, headers?: Record<string, string>) =>
  b.call('POST', '/api/cart/add-item', { product_id, quantity }, headers);

describe('a guest cart', () => {
  it('is empty and uncreated until the first add, which sets the HttpOnly cart_session and the api_cart flag', async () => {
    const b = browser();
    const empty = await b.call('GET', '/api/cart/get');
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['cache-control']).toBe('private, no-store');
    expect(cartOf(empty)).toMatchObject({
      items: [],
      total_quantity: 0,
      cart_session: null,
      grand_total: { amount: 0 },
    });
    expect(empty.headers['set-cookie']).toBeUndefined();

    const v = stocked[0]!;
    const res = await add(b, v.variant_id, 2);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(cartMessages.added);
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] as string[]);
    expect(setCookie.find((c) => c.startsWith('cart_session='))).toMatch(/HttpOnly/);
    expect(setCookie.find((c) => c.startsWith('cart_session='))).toMatch(/SameSite=Lax/);
    expect(setCookie.find((c) => c.startsWith('api_cart=1'))).not.toMatch(/HttpOnly/);
    const cart = cartOf(res);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ product_id: v.variant_id, quantity: 2, unit_price: { amount: v.price } });
    expect(cart.total_quantity).toBe(2);
    expect(cart.totals.subtotal.amount).toBe(v.price * 2);
    expect(cart.cart_session).toMatch(/^c_[0-9a-f]{32}$/);
    // The public reference is not the secret that finds the cart.
    expect(b.jar.get('cart_session')).not.toBe(cart.cart_session);

    const again = cartOf(await b.call('GET', '/api/cart/get'));
    expect(again.items[0]!.quantity).toBe(2);
  });

  it('adds up quantities of the same variant and keeps different variants on their own lines', async () => {
    const b = browser();
    await add(b, stocked[0]!.variant_id, 1);
    await add(b, stocked[0]!.variant_id, 3);
    const cart = cartOf(await add(b, stocked[1]!.variant_id, 1));
    expect(cart.items.map((i) => [i.product_id, i.quantity])).toEqual([
      [stocked[0]!.variant_id, 4],
      [stocked[1]!.variant_id, 1],
    ]);
    expect(cart.total_quantity).toBe(5);
    const sum = cart.items.reduce((n, i) => n + i.line_total.amount, 0);
    expect(cart.totals.subtotal.amount).toBe(sum);
    expect(cart.grand_total.amount).toBe(sum - cart.totals.coupon_discount.amount + cart.totals.shipping.amount);
    // Prices include tax, worked out per line (the delivery at the demo's 12%): the answer says how much.
    const itemsTax = cart.items.reduce((n, i) => n + i.tax.amount, 0);
    expect(cart.totals.tax_included.amount).toBe(itemsTax + includedTax(cart.totals.shipping.amount, 12));
    expect(cart.totals.tax_included.amount).toBeGreaterThan(0);
  });

  it('refuses a price, total or any unknown field in the body (422), and bad quantities', async () => {
    const b = browser();
    for (const body of [
      { product_id: stocked[0]!.variant_id, quantity: 1, price: 1 },
      { product_id: stocked[0]!.variant_id, quantity: 1, grand_total: 1 },
      { product_id: stocked[0]!.variant_id, quantity: 1, unit_price: { amount: 1 } },
      { product_id: stocked[0]!.variant_id, quantity: 1, is_admin: true },
      { product_id: stocked[0]!.variant_id, quantity: 0 },
      { product_id: stocked[0]!.variant_id, quantity: 1.5 },
      { product_id: stocked[0]!.variant_id, quantity: '2' },
      { product_id: stocked[0]!.variant_id, quantity: MAX_LINE_QUANTITY + 1 },
      { product_id: '', quantity: 1 },
    ]) {
      const res = await b.call('POST', '/api/cart/add-item', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().status).toBe('error');
    }
    const price = await b.call('POST', '/api/cart/add-item', { product_id: stocked[0]!.variant_id, price: 1 });
    expect(price.json().errors.price).toEqual([cartMessages.priceNotAllowed]);
    expect(cartOf(await b.call('GET', '/api/cart/get')).items).toEqual([]);
  });

  it('answers 404 for an unknown product and asks to choose when a product has several variants', async () => {
    const b = browser();
    expect((await add(b, 'no-such-thing')).statusCode).toBe(404);
    const res = await add(b, multi);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.product_id).toEqual([cartMessages.chooseVariant]);
  });

  it('never holds more than the per-line maximum or the stock, and says why', async () => {
    const b = browser();
    const v = stocked[2]!;
    await add(b, v.variant_id, MAX_LINE_QUANTITY);
    const over = await add(b, v.variant_id, 1);
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.quantity).toEqual([cartMessages.lineMax(MAX_LINE_QUANTITY)]);

    await t.database.db.execute(sql`update variants set stock = 3 where id = ${stocked[3]!.variant_id}`);
    try {
      const few = await add(b, stocked[3]!.variant_id, 4);
      expect(few.statusCode).toBe(422);
      expect(few.json().errors.quantity).toEqual([cartMessages.onlyLeft(3)]);
      const three = cartOf(await add(b, stocked[3]!.variant_id, 3));
      const line = three.items.find((i) => i.product_id === stocked[3]!.variant_id)!;
      expect(line).toMatchObject({ quantity: 3, max_quantity: 3, stock_status: 'low_stock', out_of_stock: false });
      const up = await b.call('PUT', '/api/cart/update-qty', { product_id: stocked[3]!.variant_id, quantity: 4 });
      expect(up.statusCode).toBe(422);
      expect(up.json().errors.quantity).toEqual([cartMessages.onlyLeft(3)]);
      // Stock sold elsewhere: the line is marked, the cart invalid for checkout, the stock check lists it.
      await t.database.db.execute(sql`update variants set stock = 1 where id = ${stocked[3]!.variant_id}`);
      const after = cartOf(await b.call('GET', '/api/cart/get'));
      expect(after.stock_valid).toBe(false);
      expect(after.out_of_stock_items).toEqual([line.id]);
      const check = await b.call('GET', '/api/cart/validate/stock');
      expect(check.json().data).toEqual({
        valid: false,
        out_of_stock_items: [
          { id: line.id, product_id: stocked[3]!.variant_id, name: line.product.name, requested: 3, available: 1 },
        ],
      });
      // Not ready is not success (spec section 5, step 7): 422, the message under its field.
      const verdict = await b.call('GET', '/api/cart/validate');
      expect(verdict.statusCode).toBe(422);
      expect(verdict.json()).toMatchObject({
        status: 'error',
        message: cartMessages.stockChanged,
        errors: { items: [cartMessages.stockChanged] },
      });
    } finally {
      await t.database.db.execute(
        sql`update variants set stock = ${stocked[3]!.stock} where id = ${stocked[3]!.variant_id}`,
      );
    }
  });

  it('updates and removes lines; an update of quantity 0 removes', async () => {
    const b = browser();
    await add(b, stocked[4]!.variant_id, 1);
    await add(b, stocked[5]!.variant_id, 1);
    const up = cartOf(await b.call('PUT', '/api/cart/update-qty', { product_id: stocked[4]!.variant_id, quantity: 5 }));
    expect(up.items.find((i) => i.product_id === stocked[4]!.variant_id)!.quantity).toBe(5);
    const zero = cartOf(
      await b.call('PUT', '/api/cart/update-qty', { product_id: stocked[4]!.variant_id, quantity: 0 }),
    );
    expect(zero.items.map((i) => i.product_id)).toEqual([stocked[5]!.variant_id]);
    const removed = await b.call('DELETE', '/api/cart/remove-item', { product_id: stocked[5]!.variant_id });
    expect(removed.json().message).toBe(cartMessages.removed);
    expect(cartOf(removed).items).toEqual([]);
    const again = await b.call('DELETE', '/api/cart/remove-item', { product_id: stocked[5]!.variant_id });
    expect(again.statusCode).toBe(404);
    expect((await b.call('GET', '/api/cart/validate')).json()).toMatchObject({
      status: 'error',
      message: 'Your cart is empty',
    });
  });

  it('cannot be reached from another browser, nor with a forged cookie', async () => {
    const a = browser();
    await add(a, stocked[0]!.variant_id, 1);
    const stranger = browser({ cookie: `cart_session=${'A'.repeat(43)}` });
    expect(cartOf(await stranger.call('GET', '/api/cart/get')).items).toEqual([]);
    const res = await stranger.call('PUT', '/api/cart/update-qty', { product_id: stocked[0]!.variant_id, quantity: 3 });
    expect(res.statusCode).toBe(404);
    expect(cartOf(await a.call('GET', '/api/cart/get')).items[0]!.quantity).toBe(1);
  });
});

describe('prices', () => {
  it('marks the cart "prices updated" when a price changes, until the shopper accepts the new prices', async () => {
    const b = browser();
    const v = stocked[6]!;
    await add(b, v.variant_id, 2);
    await t.database.db.execute(
      sql`update variant_channels set selling_price_minor = selling_price_minor + 1000 where variant_id = ${v.variant_id}
        and channel_id = (select channel_id from storefronts where is_default)`,
    );
    try {
      const cart = cartOf(await b.call('GET', '/api/cart/get'));
      expect(cart.prices_updated).toBe(true);
      expect(cart.items[0]).toMatchObject({
        price_changed: true,
        unit_price: { amount: v.price + 1000 },
        previous_unit_price: { amount: v.price },
      });
      expect((await b.call('GET', '/api/cart/validate')).json().message).toBe(cartMessages.pricesUpdated);
      const accepted = await b.call('PUT', '/api/cart/update-items-price', {});
      expect(accepted.json().message).toBe(cartMessages.pricesAccepted);
      expect(cartOf(accepted)).toMatchObject({ prices_updated: false });
      expect(cartOf(accepted).items[0]!.previous_unit_price).toBeNull();
    } finally {
      await t.database.db.execute(
        sql`update variant_channels set selling_price_minor = ${v.price} where variant_id = ${v.variant_id}
        and channel_id = (select channel_id from storefronts where is_default)`,
      );
    }
  });
});

describe('a customer cart', () => {
  it('is bound to the customer: another browser of theirs sees it, a guest does not', async () => {
    const c = await loggedInCustomer(t);
    const one = browser({ cookie: c.cookie });
    await add(one, stocked[0]!.variant_id, 2);
    const two = browser({ cookie: c.cookie });
    expect(cartOf(await two.call('GET', '/api/cart/get'))).toMatchObject({
      customer_id: c.customer.id,
      total_quantity: 2,
    });
    expect(one.jar.has('cart_session')).toBe(false);
  });

  it('moves a wishlist product to the cart and off the wishlist', async () => {
    const c = await loggedInCustomer(t);
    const b = browser({ cookie: c.cookie });
    const [single] = await queryRows<{ product_id: string }>(
      t.database.db,
      sql`select v.product_id from variants v join products p on p.id = v.product_id and p.is_published
           group by v.product_id having count(*) = 1 and min(v.stock) > 5 limit 1`,
    );
    await b.call('POST', '/api/wishlist/add', { product_id: single!.product_id });
    const res = await b.call('POST', '/api/wishlist/moveToCart', { product_id: single!.product_id, quantity: 1 });
    expect(res.statusCode).toBe(200);
    expect(cartOf(res).items.map((i) => i.product.id)).toEqual([single!.product_id]);
    expect((await b.call('GET', '/api/wishlist/get')).json().data.total).toBe(0);
    expect(
      (await browser().call('POST', '/api/wishlist/moveToCart', { product_id: single!.product_id })).statusCode,
    ).toBe(401);
  });
});

describe('idempotency', () => {
  it('replays add-item under the same Idempotency-Key instead of adding twice', async () => {
    const b = browser();
    await add(b, stocked[7]!.variant_id, 1); // the cart exists: the retries below share its cookie
    const key = { 'idempotency-key': 'add-7-once-0001' };
    const first = await add(b, stocked[7]!.variant_id, 2, key);
    const retry = await add(b, stocked[7]!.variant_id, 2, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(cartOf(retry).items[0]!.quantity).toBe(3);
    expect(cartOf(first).items[0]!.quantity).toBe(3);
    expect(cartOf(await b.call('GET', '/api/cart/get')).items[0]!.quantity).toBe(3);
    const other = await add(b, stocked[7]!.variant_id, 1, key);
    expect(other.statusCode).toBe(422);
  });
});

describe('idempotency of a first add', () => {
  it('does not replay the answer that created a guest cart (its cookie cannot be replayed): the retry runs again', async () => {
    const key = { 'idempotency-key': 'first-add-0000001' };
    const first = await add(browser(), stocked[8]!.variant_id, 1, key);
    expect(
      ([] as string[]).concat(first.headers['set-cookie'] as string[]).some((c) => c.startsWith('cart_session=')),
    ).toBe(true);
    // The client lost the answer (no cookie) and retries from the same address.
    const retry = await add(browser(), stocked[8]!.variant_id, 1, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(
      ([] as string[]).concat(retry.headers['set-cookie'] as string[]).some((c) => c.startsWith('cart_session=')),
    ).toBe(true);
  });
});

describe('attack review regressions', () => {
  it('counts every line of a variant against its stock: invisible-character variants of one text are one line', async () => {
    await t.database.db.execute(
      sql`insert into plugins (module_name, config) values ('ProductCustomisation', '{}') on conflict (module_name) do update set is_installed = true`,
    );
    const v = stocked[9]!;
    await t.database.db.execute(sql`update products set is_customisation_enabled = true where id = ${v.product_id}`);
    await t.database.db.execute(sql`update variants set stock = 3 where id = ${v.variant_id}`);
    try {
      const b = browser();
      const addText = (text: string, quantity: number) =>
        b.call('POST', '/api/cart/add-item', {
          product_id: v.variant_id,
          quantity,
          additonal_data: { custom_text: text },
        });
      expect((await addText('Anna', 2)).statusCode).toBe(200);
      // Same text with a zero-width space: the same line, and over the stock.
      const hidden = await addText('Anna\u200b', 2);
      expect(hidden.statusCode).toBe(422);
      // Another name is another line, but the variant's stock covers both.
      const other = await addText('Ben', 2);
      expect(other.statusCode).toBe(422);
      expect(other.json().errors.quantity).toEqual([cartMessages.onlyLeft(3)]);
      const ok = cartOf(await addText('Ben', 1));
      expect(ok.items.map((i) => [i.additonal_data?.custom_text, i.quantity, i.max_quantity])).toEqual([
        ['Anna', 2, 2],
        ['Ben', 1, 1],
      ]);
      expect(ok.stock_valid).toBe(true);
      const line = ok.items[1]!;
      const up = await b.call('PUT', '/api/cart/update-qty', {
        product_id: v.variant_id,
        item_id: line.id,
        quantity: 2,
      });
      expect(up.statusCode).toBe(422);
    } finally {
      await t.database.db.execute(sql`update variants set stock = ${v.stock} where id = ${v.variant_id}`);
      await t.database.db.execute(sql`update products set is_customisation_enabled = false where id = ${v.product_id}`);
    }
  });

  it('answers 404, never 500, for line ids beyond the database range, and 422 for a NUL in remove-coupon', async () => {
    const b = browser();
    await add(b, stocked[0]!.variant_id, 1);
    for (const item_id of ['2147483648', '9007199254740991']) {
      const res = await b.call('PUT', '/api/cart/update-qty', {
        product_id: stocked[0]!.variant_id,
        item_id,
        quantity: 2,
      });
      expect(res.statusCode).toBe(404);
    }
    expect((await b.call('DELETE', '/api/cart/coupons/remove', { coupon: '\u0000' })).statusCode).toBe(422);
  });

  it('refuses a deeply nested body with an Idempotency-Key with 422 (no stack overflow)', async () => {
    let nested: unknown = 'x';
    for (let i = 0; i < 1000; i++) nested = { a: nested };
    const res = await add(browser(), stocked[0]!.variant_id, 1, { 'idempotency-key': 'deep-body-000001' });
    expect(res.statusCode).toBe(200);
    const deep = await browser().call(
      'POST',
      '/api/cart/add-item',
      { product_id: stocked[0]!.variant_id, quantity: 1, cart_session: nested },
      { 'idempotency-key': 'deep-body-000002' },
    );
    expect(deep.statusCode).toBe(422);
  });

  it('a secret coupon that has expired says so (coupon-messages.test.ts has every reason)', async () => {
    const b = browser();
    await add(b, stocked[0]!.variant_id, 2);
    const res = await b.call('POST', '/api/cart/coupons/apply', { coupon: 'monsoon25' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.coupon).toEqual([cartMessages.couponExpired]);
  });
});
