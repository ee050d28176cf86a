import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_COOKIE, ChannelListSchema, channelMessages, messages, orderMessages } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { DEMO_CHANNEL_ID } from '../../db/seed/demo-data.ts';
import { DEMO_UAE_CHANNEL_ID } from '../../db/seed/channels.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { cartOf, testBrowser, type TestBrowser } from '../../test/browser.ts';
import { placeOrder, placedOf } from '../../test/checkout.ts';
import { placeIds, shippingAddress } from '../../test/places.ts';

/**
 * Channels (ADR 0027) on the demo shop: India (INR, the default) and the UAE (AED; living plants
 * are not sold there), multi-channel on.
 */
let t: TestApp;
let ids: Record<string, number> = {};
/** A product sold in both channels, and its AED and INR from-prices. */
let both: { slug: string; id: string; variant: string; inr: number; aed: number };
/** A product not sold in the UAE (a plant). */
let plant: { slug: string; variant: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  ids = await placeIds(db);
  const [b] = await queryRows<typeof both>(
    db,
    sql`select p.slug, p.id, min(v.id) as variant, p.price_minor as inr, x.price_minor as aed
          from products p join product_channel_prices x on x.product_id = p.id and x.channel_id = ${DEMO_UAE_CHANNEL_ID}
          join variants v on v.product_id = p.id and v.stock >= 10
          join variant_channels vc on vc.variant_id = v.id and vc.channel_id = ${DEMO_UAE_CHANNEL_ID} and vc.is_available
         where p.is_published and p.slug = 'organic-cotton-crew-tee'
         group by p.slug, p.id, p.price_minor, x.price_minor`,
  );
  const [p] = await queryRows<typeof plant>(
    db,
    sql`select p.slug, p.name, min(v.id) as variant from products p join variants v on v.product_id = p.id and v.stock >= 5
         where p.is_published and exists (select 1 from product_categories pc join categories c on c.id = pc.category_id
                                           where pc.product_id = p.id and c.slug = 'plants')
         group by p.slug, p.name, p.id order by p.id limit 1`,
  );
  if (!b || !p) throw new Error('the demo has a tee sold in the UAE and a plant');
  [both, plant] = [b, p];
});
afterAll(() => t.close());

const setSetting = (key: string, value: unknown) =>
  queryRows(t.database.db, sql`update store_settings set value = ${JSON.stringify(value)}::jsonb where key = ${key}`);
const current = async (b: TestBrowser) => {
  const res = await b.call('GET', '/api/storefront/channels');
  expect(res.statusCode, res.body).toBe(200);
  return ChannelListSchema.parse(res.json().data);
};
const uaeBrowser = () => testBrowser(t.app, { cookie: `${CHANNEL_COOKIE}=${DEMO_UAE_CHANNEL_ID}` });

describe('the shop context resolves the channel', () => {
  it('lists both channels with their countries; without a cookie the default channel (India)', async () => {
    const list = await current(testBrowser(t.app));
    expect(list.enabled).toBe(true);
    expect(list.current.id).toBe(DEMO_CHANNEL_ID);
    expect(list.channels.map((c) => [c.id, c.currency.code, c.country.iso2])).toEqual([
      [DEMO_CHANNEL_ID, 'INR', 'IN'],
      [DEMO_UAE_CHANNEL_ID, 'AED', 'AE'],
    ]);
    const uae = list.channels[1]!;
    expect(uae.country).toMatchObject({
      name: 'United Arab Emirates',
      mobile_code: '+971',
      mobile_number_length: 9,
      has_postcodes: false,
    });
    expect(list.channels[0]!.country.has_postcodes).toBe(true);
  });

  it("follows the shopper's cookie, and ignores an unknown one", async () => {
    expect((await current(uaeBrowser())).current.id).toBe(DEMO_UAE_CHANNEL_ID);
    const stranger = testBrowser(t.app, { cookie: `${CHANNEL_COOKIE}=ch_nowhere` });
    expect((await current(stranger)).current.id).toBe(DEMO_CHANNEL_ID);
    const junk = testBrowser(t.app, { cookie: `${CHANNEL_COOKIE}=${encodeURIComponent("x' or 1=1 --")}` });
    expect((await current(junk)).current.id).toBe(DEMO_CHANNEL_ID);
  });

  it('with multi-channel off ignores the cookie; default_channel names the channel otherwise used', async () => {
    await setSetting('enable_multi_channel', false);
    try {
      const list = await current(uaeBrowser());
      expect(list.enabled).toBe(false);
      expect(list.current.id).toBe(DEMO_CHANNEL_ID);
      // The storefront settings say the same (currency, phone country).
      const sf = (await uaeBrowser().call('GET', '/api/storefront/all')).json().data.storefront;
      expect(sf.channel.currency.code).toBe('INR');
      // Choosing is refused while it is off.
      const res = await uaeBrowser().call('PUT', '/api/storefront/channel', { channel_id: DEMO_UAE_CHANNEL_ID });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(channelMessages.multiChannelOff);
      await setSetting('default_channel', DEMO_UAE_CHANNEL_ID);
      expect((await current(testBrowser(t.app))).current.id).toBe(DEMO_UAE_CHANNEL_ID);
    } finally {
      await setSetting('enable_multi_channel', true);
      await setSetting('default_channel', DEMO_CHANNEL_ID);
    }
    expect((await current(testBrowser(t.app))).current.id).toBe(DEMO_CHANNEL_ID);
  });

  it('PUT /api/storefront/channel remembers the choice for a year; an unknown channel is a 422', async () => {
    const b = testBrowser(t.app);
    const bad = await b.call('PUT', '/api/storefront/channel', { channel_id: 'ch_mars' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ channel_id: [channelMessages.unknown] });
    expect((await b.call('PUT', '/api/storefront/channel', {})).statusCode).toBe(422);
    // A NUL (PostgreSQL cannot compare text holding one) is the client's mistake, not a 500.
    const nul = await b.call('PUT', '/api/storefront/channel', { channel_id: 'ch\u0000uae' });
    expect(nul.statusCode).toBe(422);
    expect(nul.json().errors).toEqual({ channel_id: [messages.invalidCharacters] });
    const res = await b.call('PUT', '/api/storefront/channel', { channel_id: DEMO_UAE_CHANNEL_ID });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(channelMessages.chosen('UAE'));
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`${CHANNEL_COOKIE}=${DEMO_UAE_CHANNEL_ID}`));
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).toMatch(/HttpOnly/);
    expect((await current(b)).current.id).toBe(DEMO_UAE_CHANNEL_ID);
    const sf = (await b.call('GET', '/api/storefront/initial-values')).json().data.storefront;
    expect(sf.channel).toMatchObject({ id: DEMO_UAE_CHANNEL_ID, currency: { code: 'AED' } });
    expect(sf.channel.country).toMatchObject({ mobile_code: '+971', mobile_number_length: 9, has_postcodes: false });
  });
});

describe('prices follow the channel', () => {
  const shopAll = async (b: TestBrowser, body: object = {}) => {
    const res = await b.call('POST', '/api/shop/all', { per_page: 48, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      products: { slug: string; price: { amount: number; currency: string; formatted: string } }[];
      pagination: { total: number };
      facets: { price: { min: { currency: string } | null } };
    };
  };

  it('listings: AED prices in the UAE, and products not sold there are not listed', async () => {
    const india = await shopAll(testBrowser(t.app));
    const uae = await shopAll(uaeBrowser());
    expect(new Set(uae.products.map((p) => p.price.currency))).toEqual(new Set(['AED']));
    expect(uae.facets.price.min?.currency).toBe('AED');
    const tee = uae.products.find((p) => p.slug === both.slug)!;
    expect(tee.price.amount).toBe(both.aed);
    expect(tee.price.formatted).toMatch(/AED/);
    // .00 or .50 endings.
    expect(uae.products.every((p) => p.price.amount % 50 === 0)).toBe(true);
    expect(india.products.find((p) => p.slug === both.slug)!.price).toMatchObject({
      amount: both.inr,
      currency: 'INR',
    });
    expect(uae.pagination.total).toBeLessThan(india.pagination.total);
    const uaeAll = await shopAll(uaeBrowser(), { per_page: 48, page: 1, sort: 'price_asc' });
    expect(uaeAll.products.some((p) => p.slug === plant.slug)).toBe(false);
    // The price filter works in the channel's minor units.
    const cheap = await shopAll(uaeBrowser(), { filters: { price_max: both.aed } });
    expect(cheap.products.every((p) => p.price.amount <= both.aed)).toBe(true);
    expect(cheap.products.some((p) => p.slug === both.slug)).toBe(true);
  });

  it('the product page in AED; a product not sold in the UAE answers 404 there', async () => {
    const res = await uaeBrowser().call('GET', `/api/product/single-product/${both.slug}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.product.price).toMatchObject({ amount: both.aed, currency: 'AED' });
    expect(data.product.channel.selling_price.currency).toBe('AED');
    expect(data.variants.every((v: { price: { currency: string } }) => v.price.currency === 'AED')).toBe(true);
    const gone = await uaeBrowser().call('GET', `/api/product/single-product/${plant.slug}`);
    expect(gone.statusCode).toBe(404);
    expect((await testBrowser(t.app).call('GET', `/api/product/single-product/${plant.slug}`)).statusCode).toBe(200);
    const related = await uaeBrowser().call('GET', `/api/product/single-product/${both.slug}/related`);
    expect(related.json().data.products.every((p: { price: { currency: string } }) => p.price.currency === 'AED')).toBe(
      true,
    );
  });

  it('search results, suggestions and the product grid in AED', async () => {
    const b = uaeBrowser();
    const found = await b.call('POST', '/api/search/search-products', { query: 'tee' });
    expect(found.statusCode, found.body).toBe(200);
    const products = found.json().data.products as { slug: string; price: { currency: string } }[];
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((p) => p.price.currency === 'AED')).toBe(true);
    const suggest = await b.call('GET', '/api/search/search?query=plant');
    for (const p of suggest.json().data.products as { slug: string; price: { currency: string } }[]) {
      expect(p.price.currency).toBe('AED');
      expect(p.slug).not.toBe(plant.slug);
    }
    const grid = await b.call('POST', '/api/product/product-grid', { items: 8, source: 'latest' });
    expect(grid.json().data.products.every((p: { price: { currency: string } }) => p.price.currency === 'AED')).toBe(
      true,
    );
  });
});

describe('carts and channels', () => {
  it('a cart made in the UAE is priced in AED; a product not sold there cannot be added', async () => {
    const b = uaeBrowser();
    const res = await b.call('POST', '/api/cart/add-item', { product_id: both.variant, quantity: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const cart = cartOf(res);
    expect(cart.currency).toBe('AED');
    expect(cart.items[0]!.unit_price.currency).toBe('AED');
    expect(cart.shipping_methods.map((m) => m.code)).toEqual(['uae-standard', 'uae-express']);
    const refused = await b.call('POST', '/api/cart/add-item', { product_id: plant.variant, quantity: 1 });
    expect(refused.statusCode).toBe(422);
    // Coupon amounts are rupees: one with an amount does not apply to a dirham cart.
    const coupon = await b.call('POST', '/api/cart/coupons/apply', { coupon: 'FLAT200' });
    expect(coupon.statusCode).toBe(422);
    expect(coupon.json().message).toBe(channelMessages.couponCurrency);
  });

  it('switching channel moves the cart: lines not sold there removed and named, the rest repriced', async () => {
    const b = testBrowser(t.app);
    for (const v of [both.variant, plant.variant]) {
      expect((await b.call('POST', '/api/cart/add-item', { product_id: v, quantity: 1 })).statusCode).toBe(200);
    }
    const before = cartOf(await b.call('GET', '/api/cart/get'));
    expect(before.currency).toBe('INR');
    const res = await b.call('PUT', '/api/storefront/channel', { channel_id: DEMO_UAE_CHANNEL_ID });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.removed_items).toEqual([plant.name]);
    expect(res.json().message).toBe(`${channelMessages.chosen('UAE')}. ${channelMessages.removed(1, 'UAE')}`);
    const after = cartOf(await b.call('GET', '/api/cart/get'));
    expect(after.currency).toBe('AED');
    expect(after.items.map((i) => i.product_id)).toEqual([both.variant]);
    expect(after.prices_updated).toBe(false);
    expect(after.items[0]!.unit_price.currency).toBe('AED');
    // And back: nothing to remove, INR again.
    const back = await b.call('PUT', '/api/storefront/channel', { channel_id: DEMO_CHANNEL_ID });
    expect(back.json().data.removed_items).toEqual([]);
    expect(cartOf(await b.call('GET', '/api/cart/get')).currency).toBe('INR');
  });

  it('switches racing adds on one cart: every line stays sold and priced in the channel the cart ends in', async () => {
    const b = testBrowser(t.app);
    const first = await b.call('POST', '/api/cart/add-item', { product_id: both.variant, quantity: 1 });
    expect(first.statusCode, first.body).toBe(200);
    const cartId = cartOf(first).cart_session;
    // Twenty callers at once on the same cart: channel switches both ways, adds of a product sold
    // in both channels and of a plant sold only in India. Each sends the cookies it started with.
    const calls = Array.from({ length: 20 }, (_, i) => {
      const browser = testBrowser(t.app, { cookie: [...b.jar].map(([k, v]) => `${k}=${v}`).join('; ') });
      if (i % 4 === 0) return browser.call('PUT', '/api/storefront/channel', { channel_id: DEMO_UAE_CHANNEL_ID });
      if (i % 4 === 2) return browser.call('PUT', '/api/storefront/channel', { channel_id: DEMO_CHANNEL_ID });
      return browser.call('POST', '/api/cart/add-item', {
        product_id: i % 4 === 1 ? both.variant : plant.variant,
        quantity: 1,
      });
    });
    for (const res of await Promise.all(calls)) expect([200, 409, 422], res.body).toContain(res.statusCode);
    // Whatever order they ran in: no line the cart's channel does not sell, none priced in another currency.
    const [state] = await queryRows<{ channel: string; unsold: number; lines: number }>(
      t.database.db,
      sql`select c.channel_id as channel,
                 count(*) filter (where vc.variant_id is null or not vc.is_available)::int as unsold,
                 count(ci.id)::int as lines
            from carts c left join cart_items ci on ci.cart_id = c.id
            left join variant_channels vc on vc.variant_id = ci.variant_id and vc.channel_id = c.channel_id
           where c.id = ${cartId}
           group by c.channel_id`,
    );
    expect(state?.unsold).toBe(0);
    const cart = cartOf(await b.call('GET', '/api/cart/get'));
    expect(cart.cart_session).toBe(cartId);
    const currency = state?.channel === DEMO_UAE_CHANNEL_ID ? 'AED' : 'INR';
    expect(cart.currency).toBe(currency);
    for (const line of cart.items) expect(line.unit_price.currency).toBe(currency);
  });

  it('an Indian address is not delivered to from the UAE store, and a UAE one not from the Indian', async () => {
    const b = uaeBrowser();
    await b.call('POST', '/api/cart/add-item', { product_id: both.variant, quantity: 1 });
    const res = await b.call('PUT', '/api/cart/update-address', address('IN-KA', '560025', 'Bengaluru'));
    expect(cartOf(res).shipping_methods).toEqual([]);
    expect((await b.call('GET', '/api/cart/validate/address')).json()).toMatchObject({
      status: 'error',
      message: orderMessages.notServed,
      errors: { shipping_address: [orderMessages.notServed] },
    });
  });

  it('places an order in AED with a UAE delivery method and Cash on Delivery, with no postcode', async () => {
    const b = uaeBrowser();
    expect((await b.call('POST', '/api/cart/add-item', { product_id: both.variant, quantity: 1 })).statusCode).toBe(
      200,
    );
    // UAE addresses carry no postcode (countries.has_postcodes): none is asked for, none checked.
    const set = await b.call('PUT', '/api/cart/update-address', address('AE-DU', '', 'Dubai'));
    expect(set.statusCode, set.body).toBe(200);
    expect(cartOf(set).shipping_address?.postcode).toBe('');
    expect((await b.call('GET', '/api/cart/validate/address')).json().data).toMatchObject({ valid: true });
    expect(cartOf(set).shipping_methods.map((m) => m.code)).toEqual(['uae-standard', 'uae-express']);
    expect((await b.call('PUT', '/api/cart/update-shipping-mode', { mode: 'uae-standard' })).statusCode).toBe(200);
    const pay = await b.call('PUT', '/api/cart/update-payment-mode', { mode: 'cod' });
    expect(pay.statusCode, pay.body).toBe(200);
    const cart = cartOf(pay);
    expect(cart.totals.cod_fee.amount).toBe(10_00);
    expect(cart.grand_total.currency).toBe('AED');
    const res = await placeOrder(b, cart);
    expect(res.statusCode, res.body).toBe(200);
    const { order } = placedOf(res);
    expect(order.grand_total).toEqual(cart.grand_total);
    const [row] = await queryRows<{ currency: string; channel_id: string }>(
      t.database.db,
      sql`select currency, channel_id from orders where id = ${order.id}`,
    );
    expect(row).toEqual({ currency: 'AED', channel_id: DEMO_UAE_CHANNEL_ID });
  });

  it('an Indian cart address still needs its postcode at the address step', async () => {
    const b = testBrowser(t.app);
    await b.call('POST', '/api/cart/add-item', { product_id: both.variant, quantity: 1 });
    const res = await b.call('PUT', '/api/cart/update-address', address('IN-KA', '', 'Bengaluru'));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ postcode: ['This field is required'] });
  });
});

const address = (where: string, postcode: string, city: string) => shippingAddress(ids, where, postcode, city);
