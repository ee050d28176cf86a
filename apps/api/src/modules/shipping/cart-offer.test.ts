import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressMessages, cartMessages, includedTax, messages, orderMessages, type Cart } from '@shopfront/shared';
import { buildApp } from '../../app.ts';
import { queryRows } from '../../db/client.ts';
import { parseEnv } from '../../env.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { cartOf, testBrowser, type TestBrowser } from '../../test/browser.ts';
import { TEST_DATA_DIR } from '../../test/paths.ts';
import { placeIds, shippingAddress } from '../../test/places.ts';

/**
 * Shipping zones and the payment methods a cart offers (ADR 0023), through the cart API on the
 * demo shop: India (COD with a ₹49 fee; standard ₹79, free from ₹999; express ₹199) and, before
 * it, the Andaman & Nicobar and Lakshadweep postcodes (no COD; standard ₹149, free from ₹999).
 */
let t: TestApp;
/** A variant sold at ₹500–₹998: one is below the free-shipping threshold, two are above it. */
let mid: { id: string; price: number };
let ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [v] = await queryRows<{ id: string; price: number }>(
    db,
    sql`select v.id, vc.selling_price_minor as price from variants v
          join variant_channels vc on vc.variant_id = v.id and vc.is_available
          join products p on p.id = v.product_id and p.is_published
         where v.stock >= 20 and vc.selling_price_minor between 50000 and 99800 order by v.id limit 1`,
  );
  mid = v!;
  ids = await placeIds(db);
});
afterAll(() => t.close());

/** An address as update-address takes it, in `country`-`state` (e.g. IN-KA) at `postcode`. */
const address = (where: string, postcode: string, city?: string) => shippingAddress(ids, where, postcode, city);
const BENGALURU = () => address('IN-KA', '560025', 'Bengaluru');
const PORT_BLAIR = () => address('IN-AN', '744101', 'Port Blair');
const KAVARATTI = () => address('IN-LD', '682555', 'Kavaratti');
const KOCHI = () => address('IN-KL', '682001', 'Kochi');
const DUBAI = () => address('AE-DU', '00000', 'Dubai');

async function guestWith(quantity: number): Promise<{ b: TestBrowser; cart: Cart }> {
  const b = testBrowser(t.app);
  const res = await b.call('POST', '/api/cart/add-item', { product_id: mid.id, quantity });
  expect(res.statusCode, res.body).toBe(200);
  return { b, cart: cartOf(res) };
}
const setAddress = async (b: TestBrowser, body: object) => {
  const res = await b.call('PUT', '/api/cart/update-address', body);
  expect(res.statusCode, res.body).toBe(200);
  return cartOf(res);
};
const choose = (b: TestBrowser, kind: 'shipping' | 'payment', mode: string) =>
  b.call('PUT', `/api/cart/update-${kind}-mode`, { mode });
/**
 * The step validation (spec section 5): 200 `{ valid: true }` when ready, else 422 with the
 * message, also under the one field where the shopper fixes it.
 */
const validate = async (b: TestBrowser, path = '/api/cart/validate/address') => {
  const res = await b.call('GET', path);
  const body = res.json() as { status: string; data?: unknown; message?: string; errors?: Record<string, string[]> };
  if (res.statusCode === 200) {
    expect(body).toEqual({ status: 'success', data: { valid: true } });
    return { valid: true } as { valid: boolean; field?: string; message?: string };
  }
  expect([res.statusCode, body.status]).toEqual([422, 'error']);
  const fields = Object.keys(body.errors ?? {});
  expect(fields).toHaveLength(1);
  expect(body.errors![fields[0]!]).toEqual([body.message]);
  return { valid: false, field: fields[0], message: body.message };
};
const codes = (list: { code: string }[]) => list.map((m) => m.code);

describe('shipping methods offered per address', () => {
  it("before an address: the methods of the shop country's default zone, with Cash on Delivery and its fee", async () => {
    const { cart } = await guestWith(1);
    expect(codes(cart.shipping_methods)).toEqual(['standard', 'express']);
    expect(cart.shipping_method).toMatchObject({ code: 'standard', delivery_days_min: 3, delivery_days_max: 6 });
    expect(cart.delivery_estimate).toEqual({ days_min: 3, days_max: 6 });
    const cod = cart.cart_payment_methods.find((p) => p.code === 'cod');
    expect(cod).toMatchObject({ name: 'Cash on Delivery', kind: 'offline', fee: { amount: 49_00 } });
    // Nothing is chosen for the shopper, so nothing is charged for it.
    expect(cart.cart_payment_method).toBeNull();
    expect(cart.totals.cod_fee.amount).toBe(0);
  });

  it('a mainland address gets standard and express; express has its own estimate', async () => {
    const { b } = await guestWith(1);
    for (const where of [BENGALURU(), KOCHI()]) {
      const cart = await setAddress(b, where);
      expect(
        cart.shipping_methods.map((m) => [m.code, m.price.amount, m.delivery_days_min, m.delivery_days_max]),
      ).toEqual([
        ['standard', 79_00, 3, 6],
        ['express', 199_00, 1, 2],
      ]);
    }
    const express = cartOf(await choose(b, 'shipping', 'express'));
    expect(express.shipping_method?.code).toBe('express');
    expect(express.delivery_estimate).toEqual({ days_min: 1, days_max: 2 });
    expect(express.totals.shipping.amount).toBe(199_00);
    expect(express.grand_total.amount).toBe(mid.price + 199_00);
  });

  it('an island postcode gets only the island standard delivery, and the choice falls back to it', async () => {
    const { b } = await guestWith(1);
    await setAddress(b, BENGALURU());
    expect((await choose(b, 'shipping', 'express')).statusCode).toBe(200);
    for (const where of [PORT_BLAIR(), KAVARATTI()]) {
      const cart = await setAddress(b, where);
      expect(codes(cart.shipping_methods)).toEqual(['island-standard']);
      expect(cart.shipping_method).toMatchObject({ code: 'island-standard', price: { amount: 149_00 } });
      expect(cart.delivery_estimate).toEqual({ days_min: 7, days_max: 12 });
      expect(cart.totals.shipping.amount).toBe(149_00);
      expect(cart.grand_total.amount).toBe(mid.price + 149_00);
    }
    // A mainland option is not offered there.
    const express = await choose(b, 'shipping', 'express');
    expect(express.statusCode).toBe(422);
    expect(express.json().errors).toEqual({ mode: [cartMessages.shippingMethodUnknown] });
    expect((await validate(b)).valid).toBe(true);
  });

  it('an address no zone serves gets no methods, and the address step says so', async () => {
    const { b } = await guestWith(1);
    const cart = await setAddress(b, DUBAI());
    expect(cart.shipping_methods).toEqual([]);
    expect(cart.shipping_method).toBeNull();
    expect(cart.delivery_estimate).toBeNull();
    expect(cart.totals.shipping.amount).toBe(0);
    expect(codes(cart.cart_payment_methods)).not.toContain('cod');
    expect(await validate(b)).toEqual({ valid: false, field: 'shipping_address', message: orderMessages.notServed });
    expect(await validate(b, '/api/cart/validate')).toEqual({
      valid: false,
      field: 'shipping_address',
      message: orderMessages.notServed,
    });
    const standard = await choose(b, 'shipping', 'standard');
    expect(standard.statusCode).toBe(422);
    expect(standard.json().errors).toEqual({ mode: [cartMessages.shippingMethodUnknown] });
  });

  it('an unknown or inactive method is refused', async () => {
    const { b } = await guestWith(1);
    await setAddress(b, BENGALURU());
    const unknown = await choose(b, 'shipping', 'teleport');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ mode: [cartMessages.shippingMethodUnknown] });
    await t.database.db.execute(sql`update shipping_methods set is_active = false where code = 'express'`);
    try {
      const off = await choose(b, 'shipping', 'express');
      expect(off.statusCode).toBe(422);
      expect(codes(cartOf(await b.call('GET', '/api/cart/get')).shipping_methods)).toEqual(['standard']);
    } finally {
      await t.database.db.execute(sql`update shipping_methods set is_active = true where code = 'express'`);
    }
  });
});

describe('free shipping above ₹999', () => {
  it('is true on the mainland and on the islands, and counts the goods after the coupon', async () => {
    expect(mid.price).toBeLessThan(999_00);
    expect(mid.price * 2).toBeGreaterThanOrEqual(999_00);

    const one = await guestWith(1);
    expect(one.cart.totals.shipping.amount).toBe(79_00);
    const below = await setAddress(one.b, BENGALURU());
    expect(below.totals.shipping.amount).toBe(79_00);
    expect(below.grand_total.amount).toBe(mid.price + 79_00);

    const two = await guestWith(2);
    expect(two.cart.totals.shipping.amount).toBe(0);
    const mainland = await setAddress(two.b, BENGALURU());
    expect(mainland.shipping_method).toMatchObject({ code: 'standard', price: { amount: 0 } });
    expect(mainland.totals.shipping.amount).toBe(0);
    expect(mainland.grand_total.amount).toBe(mid.price * 2);
    // Express is never free.
    expect(mainland.shipping_methods.find((m) => m.code === 'express')?.price.amount).toBe(199_00);
    const island = await setAddress(two.b, PORT_BLAIR());
    expect(island.totals.shipping.amount).toBe(0);
    expect(island.grand_total.amount).toBe(mid.price * 2);

    // A coupon that takes the goods below ₹999 (to ₹990) brings the shipping back.
    const off = mid.price * 2 - 990_00;
    await t.database.db.execute(
      sql`insert into coupons (code, description, kind, value) values ('ZONEOFF', 'Down to ₹990', 'fixed', ${off})`,
    );
    const discounted = cartOf(await two.b.call('POST', '/api/cart/coupons/apply', { coupon: 'ZONEOFF' }));
    expect(discounted.totals.coupon_discount.amount).toBe(off);
    expect(discounted.totals.shipping.amount).toBe(149_00);
    expect(discounted.grand_total.amount).toBe(990_00 + 149_00);
  });
});

describe('Cash on Delivery', () => {
  it('adds the zone’s fee to the grand total while it is the chosen method', async () => {
    const { b } = await guestWith(1);
    await setAddress(b, BENGALURU());
    const res = await choose(b, 'payment', 'cod');
    expect(res.statusCode, res.body).toBe(200);
    const cart = cartOf(res);
    expect(cart.cart_payment_method).toEqual({ code: 'cod', name: 'Cash on Delivery' });
    expect(cart.totals.cod_fee.amount).toBe(49_00);
    expect(cart.grand_total.amount).toBe(mid.price + 79_00 + 49_00);
    expect(cart.totals.grand_total).toEqual(cart.grand_total);
    // GST is worked out per line (each rounded to the paisa): the item's, the delivery's and the fee's.
    const itemsTax = cart.items.reduce((n, i) => n + i.tax.amount, 0);
    expect(cart.totals.tax_included.amount).toBe(itemsTax + includedTax(79_00, 12) + includedTax(49_00, 12));
    expect(await validate(b, '/api/cart/validate')).toEqual({ valid: true });

    // Another method: no fee.
    const offered = codes(cart.cart_payment_methods).filter((c) => c !== 'cod');
    if (offered.length) {
      const online = cartOf(await choose(b, 'payment', offered[0]!));
      expect(online.totals.cod_fee.amount).toBe(0);
      expect(online.grand_total.amount).toBe(mid.price + 79_00);
    }
  });

  it('is refused for an island postcode, with the reason', async () => {
    const { b } = await guestWith(1);
    const cart = await setAddress(b, PORT_BLAIR());
    expect(codes(cart.cart_payment_methods)).not.toContain('cod');
    const res = await choose(b, 'payment', 'cod');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ mode: [orderMessages.codUnavailable] });
    const unknown = await choose(b, 'payment', 'barter');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ mode: [cartMessages.paymentMethodUnknown] });
  });

  it('chosen, then the address moves to the islands: no longer the payment method, no fee, the payment step asks again', async () => {
    const { b } = await guestWith(1);
    await setAddress(b, BENGALURU());
    expect(cartOf(await choose(b, 'payment', 'cod')).totals.cod_fee.amount).toBe(49_00);
    const moved = await setAddress(b, PORT_BLAIR());
    expect(moved.cart_payment_method).toBeNull();
    expect(codes(moved.cart_payment_methods)).not.toContain('cod');
    expect(moved.totals.cod_fee.amount).toBe(0);
    expect(moved.grand_total.amount).toBe(mid.price + 149_00);
    expect(await validate(b, '/api/cart/validate')).toEqual({
      valid: false,
      field: 'payment_method',
      message: messages.paymentMethodEmpty,
    });
  });

  it('is not offered when the shop switches it off', async () => {
    const { b } = await guestWith(1);
    await setAddress(b, BENGALURU());
    await t.database.db.execute(sql`update payment_methods set is_active = false where code = 'cod'`);
    try {
      expect(codes(cartOf(await b.call('GET', '/api/cart/get')).cart_payment_methods)).not.toContain('cod');
      const res = await choose(b, 'payment', 'cod');
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ mode: [cartMessages.paymentMethodUnknown] });
    } finally {
      await t.database.db.execute(sql`update payment_methods set is_active = true where code = 'cod'`);
    }
  });
});

describe('the server-side address check (spec section 5, address step 7)', () => {
  /** Rewrites the cart's stored shipping address, as if the data behind it changed since it was set. */
  const tamper = (cartId: string, patch: Record<string, unknown>) =>
    t.database.db.execute(
      sql`update carts set shipping_address = shipping_address || ${JSON.stringify(patch)}::jsonb where id = ${cartId}`,
    );

  it('refuses a state of another country, typed or stored', async () => {
    const { b, cart } = await guestWith(1);
    const typed = await b.call('PUT', '/api/cart/update-address', { ...BENGALURU(), state_id: ids['AE-DU'] });
    expect(typed.statusCode).toBe(422);
    expect(typed.json().errors.state_id).toEqual([addressMessages.stateInvalid]);

    await setAddress(b, BENGALURU());
    expect((await validate(b)).valid).toBe(true);
    await tamper(cart.cart_session!, { state_id: ids['AE-DU'] });
    expect(await validate(b)).toEqual({
      valid: false,
      field: 'shipping_address',
      message: orderMessages.stateMismatch,
    });
    await tamper(cart.cart_session!, { country_id: 2_000_000 });
    expect(await validate(b)).toEqual({
      valid: false,
      field: 'shipping_address',
      message: addressMessages.countryInvalid,
    });
  });

  it('checks a separate billing address for its country and state, not for delivery', async () => {
    const { b, cart } = await guestWith(1);
    await setAddress(b, BENGALURU());
    const billing = await b.call('PUT', '/api/cart/update-address', { ...DUBAI(), address_type: 'Billing' });
    expect(billing.statusCode, billing.body).toBe(200);
    expect(await validate(b)).toEqual({ valid: true });
    await t.database.db.execute(
      sql`update carts set billing_address = billing_address || ${JSON.stringify({ state_id: ids['IN-KA'] })}::jsonb
           where id = ${cart.cart_session}`,
    );
    expect(await validate(b)).toEqual({ valid: false, field: 'billing_address', message: orderMessages.stateMismatch });
  });

  it("comes after the spec's steps 1–6: an empty required field is reported first", async () => {
    const { b, cart } = await guestWith(1);
    await setAddress(b, DUBAI());
    expect((await validate(b)).message).toBe(orderMessages.notServed);
    await tamper(cart.cart_session!, { city: '' });
    // '{label} is empty', under the field itself.
    expect(await validate(b)).toEqual({ valid: false, field: 'shipping_address.city', message: 'City is empty' });
    // The cart step comes before all of them.
    await b.call('DELETE', '/api/cart/remove-item', { product_id: mid.id });
    expect(await validate(b)).toEqual({ valid: false, field: 'items', message: messages.cartEmpty });
  });

  it('follows the zones as the shop changes them', async () => {
    const { b } = await guestWith(1);
    await setAddress(b, BENGALURU());
    await t.database.db.execute(
      sql`insert into shipping_zones (name, country_id, state_ids, position, cod_available)
          values ('Karnataka paused', ${ids.IN}, ${JSON.stringify([ids['IN-KA']])}::jsonb, -1, false)`,
    );
    try {
      // The narrower zone comes first and has no methods of its own: only zone-less ones would serve it.
      const cart = cartOf(await b.call('GET', '/api/cart/get'));
      expect(cart.shipping_methods).toEqual([]);
      expect(codes(cart.cart_payment_methods)).not.toContain('cod');
      // Served by a zone, so the address is fine; the payment step then asks for a method.
      expect(await validate(b, '/api/cart/validate')).toEqual({
        valid: false,
        field: 'shipping_method',
        message: messages.shippingMethodEmpty,
      });
    } finally {
      await t.database.db.execute(sql`delete from shipping_zones where name = 'Karnataka paused'`);
    }
    expect(codes(cartOf(await b.call('GET', '/api/cart/get')).shipping_methods)).toEqual(['standard', 'express']);
  });
});

describe('online payment methods', () => {
  it('are offered only while their provider is configured in the process answering', async () => {
    // The test environment: the sandbox gateway on, no Razorpay keys.
    const { b } = await guestWith(1);
    const cart = await setAddress(b, PORT_BLAIR());
    expect(cart.cart_payment_methods).toEqual([
      {
        code: 'sandbox',
        name: 'Pay online',
        description: 'UPI, cards or net banking',
        kind: 'online',
        fee: expect.objectContaining({ amount: 0 }),
      },
    ]);
    const razorpay = await choose(b, 'payment', 'razorpay');
    expect(razorpay.statusCode).toBe(422);
    expect(razorpay.json().errors).toEqual({ mode: [cartMessages.paymentMethodUnknown] });
    expect(cartOf(await choose(b, 'payment', 'sandbox')).cart_payment_method).toEqual({
      code: 'sandbox',
      name: 'Pay online',
    });

    // Another process on the same database, configured with Razorpay and without the sandbox.
    const other = await buildApp({
      database: t.database,
      env: parseEnv({
        NODE_ENV: 'test',
        DATA_DIR: TEST_DATA_DIR,
        LOG_LEVEL: 'silent',
        SANDBOX_GATEWAY: 'false',
        RAZORPAY_KEY_ID: 'rzp_test_1DP5mmOlF5G5ag',
        RAZORPAY_KEY_SECRET: 'thisisatestsecret',
      }),
      logger: false,
    });
    try {
      await other.ready();
      const same = testBrowser(other, { cookie: [...b.jar].map(([k, v]) => `${k}=${v}`).join('; ') });
      const there = cartOf(await same.call('GET', '/api/cart/get'));
      expect(there.cart_session).toBe(cart.cart_session);
      expect(codes(there.cart_payment_methods)).toEqual(['razorpay']);
      // The sandbox it chose is not offered here: no longer its payment method.
      expect(there.cart_payment_method).toBeNull();
      const sandbox = await choose(same, 'payment', 'sandbox');
      expect(sandbox.statusCode).toBe(422);
      expect(sandbox.json().errors).toEqual({ mode: [cartMessages.paymentMethodUnknown] });
      // On the mainland Cash on Delivery comes first, by position.
      const mainland = cartOf(await same.call('PUT', '/api/cart/update-address', BENGALURU()));
      expect(codes(mainland.cart_payment_methods)).toEqual(['cod', 'razorpay']);
    } finally {
      await other.close();
    }
  });
});
