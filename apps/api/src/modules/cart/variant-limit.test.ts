import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY, cartMessages } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_PASSWORD, addressSource, createCustomer } from '../../test/auth.ts';
import { cartOf, testBrowser, type TestBrowser } from '../../test/browser.ts';

/**
 * "Up to 10 of an item" holds per variant across the cart, not per line: lines of one variant with
 * different customisations together never hold more than 10 (PGlite here; PostgreSQL with
 * TEST_DATABASE_URL), whoever writes them and however many at once.
 */
let t: TestApp;
let variants: { variant_id: string; product_id: string }[];
const nextAddress = addressSource(83);
const browser = () => testBrowser(t.app, { ip: nextAddress() });

beforeAll(async () => {
  t = await createTestApp();
  variants = await queryRows<{ variant_id: string; product_id: string }>(
    t.database.db,
    sql`select v.id as variant_id, v.product_id from variants v
          join variant_channels vc on vc.variant_id = v.id and vc.is_available
           and vc.channel_id = (select channel_id from storefronts where is_default)
          join products p on p.id = v.product_id and p.is_published
         where (select count(*) from variants w where w.product_id = p.id) = 1
         order by v.id limit 4`,
  );
  expect(variants).toHaveLength(4);
  await t.database.db.execute(
    sql`insert into plugins (module_name, config) values ('ProductCustomisation', '{}') on conflict (module_name) do update set is_installed = true`,
  );
  for (const v of variants) {
    await t.database.db.execute(sql`update products set is_customisation_enabled = true where id = ${v.product_id}`);
    await t.database.db.execute(sql`update variants set stock = 500 where id = ${v.variant_id}`);
  }
});
afterAll(() => t.close());

const addText = (b: TestBrowser, variant: string, text: string, quantity: number) =>
  b.call('POST', '/api/cart/add-item', { product_id: variant, quantity, additonal_data: { custom_text: text } });

const totalOf = async (cartId: string, variant: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select coalesce(sum(quantity), 0)::int as n from cart_items where cart_id = ${cartId} and variant_id = ${variant}`,
    )
  )[0]!.n;

describe('up to 10 of an item, across its lines', () => {
  it('refuses a second line that would take the variant past 10, with the single-line message', async () => {
    const b = browser();
    const v = variants[0]!.variant_id;
    expect((await addText(b, v, 'Anna', 6)).statusCode).toBe(200);
    const over = await addText(b, v, 'Ben', 5);
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual({ quantity: [cartMessages.lineMax(MAX_LINE_QUANTITY)] });
    const cart = cartOf(await addText(b, v, 'Ben', 4));
    // Each line may grow only by what the other lines leave.
    expect(cart.items.map((i) => [i.additonal_data?.custom_text, i.quantity, i.max_quantity])).toEqual([
      ['Anna', 6, 6],
      ['Ben', 4, 4],
    ]);
    const up = await b.call('PUT', '/api/cart/update-qty', { product_id: v, item_id: cart.items[1]!.id, quantity: 5 });
    expect(up.statusCode).toBe(422);
    expect(up.json().errors).toEqual({ quantity: [cartMessages.lineMax(MAX_LINE_QUANTITY)] });
    // A plain line of the same variant counts too.
    const plain = await b.call('POST', '/api/cart/add-item', { product_id: v, quantity: 1 });
    expect(plain.statusCode).toBe(422);
  });

  it('holds under 60 concurrent add-item callers on one cart: the variant never passes 10', async () => {
    const b = browser();
    const v = variants[1]!.variant_id;
    const first = cartOf(await addText(b, v, 'seed', 1));
    const cartId = (
      await queryRows<{ cart_id: string }>(
        t.database.db,
        sql`select cart_id from cart_items where id = ${Number(first.items[0]!.id)}`,
      )
    )[0]!.cart_id;
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => addText(b, v, `name ${i % 12}`, 1 + (i % 3))),
    );
    let acceptedUnits = 0;
    results.forEach((r, i) => {
      if (r.statusCode === 200) return void (acceptedUnits += 1 + (i % 3));
      expect(r.statusCode).toBe(422);
      expect(r.json().errors).toEqual({ quantity: [cartMessages.lineMax(MAX_LINE_QUANTITY)] });
    });
    const total = await totalOf(cartId, v);
    expect(total).toBeLessThanOrEqual(MAX_LINE_QUANTITY);
    // Every accepted add is in the cart (no lost update), and the cart was filled up.
    expect(total).toBe(1 + acceptedUnits);
    expect(total).toBeGreaterThanOrEqual(MAX_LINE_QUANTITY - 2);
    const lines = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from cart_items where cart_id = ${cartId} and variant_id = ${v}`,
    );
    expect(lines[0]!.n).toBeGreaterThan(1);
  });

  it('caps a login merge of two carts holding the variant in different lines at 10', async () => {
    const v = variants[2]!.variant_id;
    const customer = await createCustomer(t.database.db);
    const phone = browser();
    await phone.call('POST', '/api/auth/login', { email: customer.email, password: TEST_PASSWORD });
    expect((await addText(phone, v, 'Anna', 8)).statusCode).toBe(200);
    const laptop = browser();
    expect((await addText(laptop, v, 'Ben', 8)).statusCode).toBe(200);
    const login = await laptop.call('POST', '/api/auth/login', { email: customer.email, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(200);
    const cart = cartOf(await laptop.call('GET', '/api/cart/get'));
    const lines = cart.items.filter((i) => i.product_id === v);
    expect(lines.reduce((n, i) => n + i.quantity, 0)).toBe(MAX_LINE_QUANTITY);
    expect(lines.map((i) => [i.additonal_data?.custom_text, i.quantity])).toEqual([
      ['Anna', 8],
      ['Ben', 2],
    ]);
  });

  it('caps a login merge at the stock left when that is under 10, the oldest line keeping its own', async () => {
    const v = variants[3]!.variant_id;
    await t.database.db.execute(sql`update variants set stock = 500 where id = ${v}`);
    const customer = await createCustomer(t.database.db);
    const phone = browser();
    await phone.call('POST', '/api/auth/login', { email: customer.email, password: TEST_PASSWORD });
    expect((await addText(phone, v, 'Anna', 4)).statusCode).toBe(200);
    const laptop = browser();
    expect((await addText(laptop, v, 'Ben', 4)).statusCode).toBe(200);
    // Others bought meanwhile: 6 left, while the two carts hold 4 + 4 in different lines.
    await t.database.db.execute(sql`update variants set stock = 6 where id = ${v}`);
    const login = await laptop.call('POST', '/api/auth/login', { email: customer.email, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(200);
    const cart = cartOf(await laptop.call('GET', '/api/cart/get'));
    const lines = cart.items.filter((i) => i.product_id === v);
    expect(lines.map((i) => [i.additonal_data?.custom_text, i.quantity])).toEqual([
      ['Anna', 4],
      ['Ben', 2],
    ]);
    // Within the stock, so nothing in the cart reads as unavailable.
    expect(cart.stock_valid).toBe(true);
  });
});
