import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_COOKIE, money, type Cart } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { DEMO_UAE_CHANNEL_ID } from '../../db/seed/channels.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { cartOf, testBrowser, type TestBrowser } from '../../test/browser.ts';
import { placeIds, shippingAddress } from '../../test/places.ts';

/**
 * The cart's free-shipping progress (`free_shipping`) on the demo shop: in India standard
 * delivery is free from ₹999 (₹149 on the islands, also free from ₹999), express never; in the
 * UAE standard delivery is free from AED 250. Measured on the goods after the coupon, like the
 * shipping price itself.
 */
let t: TestApp;
/** An Indian variant, priced here at ₹499.50: two of it are exactly ₹999. */
let india: string;
const HALF = 499_50;
/** A UAE variant below AED 250, and its price. */
let uae: { id: string; price: number };
let ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [v] = await queryRows<{ id: string }>(
    db,
    sql`select v.id from variants v
          join variant_channels vc on vc.variant_id = v.id and vc.is_available
           and vc.channel_id = (select channel_id from storefronts where is_default)
          join products p on p.id = v.product_id and p.is_published
         where v.stock >= 20 order by v.id limit 1`,
  );
  india = v!.id;
  await db.execute(sql`update variant_channels set selling_price_minor = ${HALF}, mrp_minor = null
    where variant_id = ${india} and channel_id = (select channel_id from storefronts where is_default)`);
  const [u] = await queryRows<{ id: string; price: number }>(
    db,
    sql`select v.id, vc.selling_price_minor as price from variants v
          join variant_channels vc on vc.variant_id = v.id and vc.is_available and vc.channel_id = ${DEMO_UAE_CHANNEL_ID}
          join products p on p.id = v.product_id and p.is_published
         where v.stock >= 20 and vc.selling_price_minor < ${250_00} order by vc.selling_price_minor desc, v.id limit 1`,
  );
  uae = u!;
  ids = await placeIds(db);
});
afterAll(() => t.close());

const inr = (amount: number) => ({ amount, currency: 'INR' });

async function guestWith(quantity: number, variant = india, cookie?: string): Promise<{ b: TestBrowser; cart: Cart }> {
  const b = testBrowser(t.app, cookie ? { cookie } : {});
  const res = await b.call('POST', '/api/cart/add-item', { product_id: variant, quantity });
  expect(res.statusCode, res.body).toBe(200);
  return { b, cart: cartOf(res) };
}

async function setAddress(b: TestBrowser, where: string, postcode: string): Promise<Cart> {
  const res = await b.call('PUT', '/api/cart/update-address', shippingAddress(ids, where, postcode));
  expect(res.statusCode, res.body).toBe(200);
  return cartOf(res);
}

async function withCoupon(b: TestBrowser, code: string, offMinor: number): Promise<Cart> {
  await t.database.db.execute(
    sql`insert into coupons (code, description, kind, value) values (${code}, 'Test coupon', 'fixed', ${offMinor})`,
  );
  const res = await b.call('POST', '/api/cart/coupons/apply', { coupon: code });
  expect(res.statusCode, res.body).toBe(200);
  return cartOf(res);
}

describe('free shipping progress in India', () => {
  it('below the threshold: what is left, and shipping is charged', async () => {
    const { cart } = await guestWith(1);
    expect(cart.free_shipping).toEqual({
      threshold: { ...inr(999_00), formatted: '₹999.00' },
      remaining: { ...inr(999_00 - HALF), formatted: '₹499.50' },
      method: { code: 'standard', name: 'Standard delivery' },
    });
    expect(cart.totals.shipping.amount).toBe(79_00);
  });

  it('exactly at the threshold: nothing left, and shipping is free', async () => {
    const { cart } = await guestWith(2);
    expect(cart.totals.subtotal.amount).toBe(999_00);
    expect(cart.free_shipping).toMatchObject({ threshold: inr(999_00), remaining: inr(0) });
    expect(cart.totals.shipping.amount).toBe(0);
  });

  it('above the threshold: nothing left (never negative)', async () => {
    const { cart } = await guestWith(3);
    expect(cart.free_shipping).toMatchObject({ threshold: inr(999_00), remaining: inr(0) });
    expect(cart.totals.shipping.amount).toBe(0);
  });

  it('a coupon that takes the goods below the threshold again: measured after the discount', async () => {
    const { b } = await guestWith(3);
    // ₹1,498.50 − ₹500 = ₹998.50: 50 paise short.
    const cart = await withCoupon(b, 'FREESHIPOFF', 500_00);
    expect(cart.totals.coupon_discount.amount).toBe(500_00);
    expect(cart.free_shipping).toMatchObject({ threshold: inr(999_00), remaining: { ...inr(50), formatted: '₹0.50' } });
    expect(cart.totals.shipping.amount).toBe(79_00);
    // Adding one more lifts the goods over it again.
    const more = cartOf(await b.call('POST', '/api/cart/add-item', { product_id: india, quantity: 1 }));
    expect(more.free_shipping?.remaining.amount).toBe(0);
    expect(more.totals.shipping.amount).toBe(0);
  });

  it("follows the shipping address's zone: the islands' own method, also free from ₹999", async () => {
    const { b } = await guestWith(1);
    const island = await setAddress(b, 'IN-AN', '744101');
    expect(island.free_shipping).toMatchObject({
      threshold: inr(999_00),
      remaining: inr(999_00 - HALF),
      method: { code: 'island-standard' },
    });
    expect(island.totals.shipping.amount).toBe(149_00);
    const mainland = await setAddress(b, 'IN-KA', '560025');
    expect(mainland.free_shipping?.method.code).toBe('standard');
  });

  it('with express chosen (never free), still names the option that would be free', async () => {
    const { b } = await guestWith(2);
    await setAddress(b, 'IN-KA', '560025');
    const res = await b.call('PUT', '/api/cart/update-shipping-mode', { mode: 'express' });
    const cart = cartOf(res);
    expect(cart.shipping_method?.code).toBe('express');
    expect(cart.totals.shipping.amount).toBe(199_00);
    expect(cart.free_shipping).toMatchObject({ remaining: inr(0), method: { code: 'standard' } });
  });

  it('picks the option that turns free soonest, and the chosen one on a tie', async () => {
    const db = t.database.db;
    const { b } = await guestWith(1);
    await setAddress(b, 'IN-KA', '560025');
    try {
      await db.execute(sql`update shipping_methods set free_over_minor = ${800_00} where code = 'express'`);
      const sooner = cartOf(await b.call('GET', '/api/cart/get'));
      expect(sooner.shipping_method?.code).toBe('standard');
      expect(sooner.free_shipping).toMatchObject({ threshold: inr(800_00), method: { code: 'express' } });
      await db.execute(sql`update shipping_methods set free_over_minor = ${999_00} where code = 'express'`);
      expect(cartOf(await b.call('GET', '/api/cart/get')).free_shipping?.method.code).toBe('standard');
      const tie = cartOf(await b.call('PUT', '/api/cart/update-shipping-mode', { mode: 'express' }));
      expect(tie.free_shipping).toMatchObject({ threshold: inr(999_00), method: { code: 'express' } });
    } finally {
      await db.execute(sql`update shipping_methods set free_over_minor = null where code = 'express'`);
    }
  });
});

describe('no free shipping', () => {
  it('is null in a zone whose options are never free', async () => {
    const db = t.database.db;
    // Matched before the India zone: one pincode of Delhi, served by a courier that never ships free.
    const [zone] = await queryRows<{ id: number }>(
      db,
      sql`insert into shipping_zones (name, country_id, postcode_ranges, cod_available, position)
          values ('Old Delhi courier', ${ids.IN!}, '[{"from":"110006","to":"110006"}]'::jsonb, false, -1) returning id`,
    );
    await db.execute(sql`insert into shipping_methods (code, zone_id, name, price_minor, position)
      values ('delhi-courier', ${zone!.id}, 'Courier', ${99_00}, 0)`);
    const { b } = await guestWith(3);
    const delhi = await setAddress(b, 'IN-DL', '110006');
    expect(delhi.shipping_methods.map((m) => m.code)).toEqual(['delhi-courier']);
    expect(delhi.free_shipping).toBeNull();
    expect(delhi.totals.shipping.amount).toBe(99_00);
    // Another Delhi pincode is in the India zone again.
    expect((await setAddress(b, 'IN-DL', '110001')).free_shipping?.method.code).toBe('standard');
  });

  it('is null where nothing delivers, and for a browser without a cart', async () => {
    const { b } = await guestWith(1);
    const dubai = await setAddress(b, 'AE-DU', '00000');
    expect(dubai.shipping_methods).toEqual([]);
    expect(dubai.free_shipping).toBeNull();
    expect(cartOf(await testBrowser(t.app).call('GET', '/api/cart/get')).free_shipping).toBeNull();
  });
});

describe('another channel', () => {
  it("the UAE store measures against its own method's threshold, in dirhams", async () => {
    const cookie = `${CHANNEL_COOKIE}=${DEMO_UAE_CHANNEL_ID}`;
    expect(uae.price).toBeLessThan(250_00);
    const { b, cart } = await guestWith(1, uae.id, cookie);
    expect(cart.currency).toBe('AED');
    expect(cart.free_shipping).toMatchObject({
      threshold: { amount: 250_00, currency: 'AED' },
      remaining: { amount: 250_00 - uae.price, currency: 'AED' },
      method: { code: 'uae-standard' },
    });
    expect(cart.free_shipping?.remaining).toEqual(money(250_00 - uae.price, 'AED'));
    expect(cart.totals.shipping.amount).toBe(25_00);
    const quantity = Math.ceil(250_00 / uae.price);
    const reached = cartOf(await b.call('PUT', '/api/cart/update-qty', { product_id: uae.id, quantity }));
    expect(reached.free_shipping?.remaining.amount).toBe(0);
    expect(reached.totals.shipping.amount).toBe(0);
  });
});
