import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_STEPS, adminSetupApi, type SetupStatus } from '@shopfront/shared';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { testBrowser } from '../../../test/browser.ts';
import { placeOrder, placedOf, readyCart } from '../../../test/checkout.ts';
import { refreshProductSummaries } from '../../catalog/summary.ts';
import { signedInOwner } from '../../staff/testing.ts';
import { ensureShopBase, SHOP_CHANNEL_ID } from './base.ts';

/**
 * Issue 25, first run: a database migrated without the demo, given the rows server.ts writes on
 * start (ensureShopBase), is set up through the owner API step by step, opened, and then takes a
 * Cash on Delivery order through the shop's own API.
 */
let t: TestApp;
let owner: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ seed: false, storefront: true });
  expect(await ensureShopBase(t.database)).toBe(true);
  // A second start writes nothing.
  expect(await ensureShopBase(t.database)).toBe(false);
  owner = (await signedInOwner(t)).headers;
  // The storefront build is loaded too: slow on a busy machine.
}, 300_000);
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, headers = owner) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const statusOf = (res: { json(): { data: SetupStatus } }) => res.json().data;

const GOOD = {
  store: {
    store_name: 'Kavya Crafts',
    store_email: 'hello@kavya.example',
    logo: { url: '/media/logo.png', alt: 'Kavya Crafts' },
    primary_colour: '#7C2D12',
    accent_colour: '#0f766e',
  },
  region: { country: 'in', currency: 'inr' },
  tax: { tax_rate_percent: 18, prices_include_tax: true },
  cod: { enabled: true, fee_minor: 40_00 },
  shipping: {
    zone_name: 'All India',
    rate_minor: 60_00,
    free_above_minor: 999_00,
    delivery_days_min: 2,
    delivery_days_max: 6,
  },
  payments: { provider: 'cod_only' },
} as const;

/** Bad input per step, and the fields the 422 must name. */
const BAD: Record<(typeof SETUP_STEPS)[number], [body: unknown, fields: string[]][]> = {
  store: [
    [
      { ...GOOD.store, store_name: ' ', primary_colour: 'red', store_email: 'nope' },
      ['store_name', 'primary_colour', 'store_email'],
    ],
    [{ ...GOOD.store, logo: { url: 'javascript:alert(1)', alt: '' } }, ['logo.url']],
    [{ ...GOOD.store, extra: 1 }, ['extra']],
  ],
  region: [
    [{ country: 'India', currency: 'INR' }, ['country']],
    [{ country: 'IN', currency: 'AED' }, ['currency']],
    [{ country: 'ZZ', currency: 'INR' }, ['country']],
  ],
  tax: [
    [{ tax_rate_percent: 12.5, prices_include_tax: true }, ['tax_rate_percent']],
    [{ tax_rate_percent: 101, prices_include_tax: 'yes' }, ['tax_rate_percent', 'prices_include_tax']],
    [{ tax_rate_percent: 18, prices_include_tax: false }, ['prices_include_tax']],
  ],
  cod: [[{ enabled: 'on', fee_minor: -1 }, ['enabled', 'fee_minor']]],
  shipping: [
    [{ ...GOOD.shipping, rate_minor: 1.5, free_above_minor: 0 }, ['rate_minor', 'free_above_minor']],
    [{ ...GOOD.shipping, delivery_days_min: 5, delivery_days_max: 2 }, ['delivery_days_max']],
  ],
  payments: [
    [{ provider: 'paypal' }, ['provider']],
    [{ provider: 'razorpay', key_id: 'key_123', key_secret: 'short' }, ['key_id', 'key_secret']],
  ],
  legal: [
    [
      { terms: { title: '', body: 'x' }, privacy: {}, returns: null },
      ['terms.title', 'privacy.title', 'privacy.body', 'returns'],
    ],
  ],
};

describe('the first run of a shop started without the demo', () => {
  it('starts "Coming Soon" as "A new shop", every step to do; the public API answers', async () => {
    const res = await call('GET', adminSetupApi.status.path);
    expect(res.statusCode, res.body).toBe(200);
    const s = statusOf(res);
    expect(s.state).toBe('setting_up');
    expect(s.missing).toEqual([...SETUP_STEPS]);
    expect(s.countries.map((c) => c.iso2).sort()).toEqual(['AE', 'IN']);
    // The legal templates are filled with the storefront's name until the shop has its own.
    expect(s.steps.legal.values.terms.body).toContain('A new shop');

    const all = await t.app.inject({ method: 'GET', url: '/api/storefront/all' });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.storefront).toMatchObject({ name: 'A new shop', mode: 'Coming Soon' });
    for (const url of ['/api/settings/countries', '/api/storefront/initial-values', '/api/channels']) {
      const r = await t.app.inject({ method: 'GET', url });
      expect([url, r.statusCode]).not.toEqual([url, 500]);
    }
  });

  it('serves its pages (the storefront build) without a 500: "opening soon" with its name, and the admin sign-in', async () => {
    for (const url of ['/', '/product/no-such-product', '/admin/login']) {
      let res = await t.app.inject({ method: 'GET', url });
      // "Coming Soon" sends every shop page to its one page.
      if (res.statusCode === 302) res = await t.app.inject({ method: 'GET', url: res.headers.location as string });
      expect([url, res.statusCode]).toEqual([url, 200]);
      if (url !== '/admin/login') {
        expect(res.body).toContain('<title>Coming Soon | A new shop</title>');
        expect(res.body).not.toContain('No storefront is configured');
      }
    }
  });

  it('refuses to open with the missing steps named (409)', async () => {
    const res = await call('POST', adminSetupApi.open.path);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Finish these steps first: Store name, logo and colours');
    expect(res.json().errors.steps).toEqual([...SETUP_STEPS]);
  });

  it('answers 422 with field messages for bad input on every step, and saves nothing', async () => {
    for (const step of SETUP_STEPS) {
      for (const [body, fields] of BAD[step]) {
        const res = await call('PUT', adminSetupApi[step].path, body);
        expect([step, res.statusCode], res.body).toEqual([step, 422]);
        expect(Object.keys(res.json().errors ?? {}).sort(), `${step} ${JSON.stringify(body)}`).toEqual(
          [...fields].sort(),
        );
      }
    }
    const s = statusOf(await call('GET', adminSetupApi.status.path));
    expect(s.missing).toEqual([...SETUP_STEPS]);
  });

  it('is not for packers or content editors, nor without a session', async () => {
    expect((await call('GET', adminSetupApi.status.path, undefined, {})).statusCode).toBe(401);
    for (const role of ['packer', 'content_editor'] as const) {
      const { headers } = await signedInOwner(t, role);
      expect((await call('PUT', adminSetupApi.tax.path, GOOD.tax, headers)).statusCode).toBe(403);
    }
    // Where the money goes is the owner's: a manager sets up the rest, not the payment keys.
    const manager = await signedInOwner(t, 'manager');
    expect((await call('PUT', adminSetupApi.tax.path, GOOD.tax, manager.headers)).statusCode).toBe(200);
    expect((await call('PUT', adminSetupApi.payments.path, GOOD.payments, manager.headers)).statusCode).toBe(403);
  });

  it('saves each step through the shop’s own settings, audited, and then opens the shop', async () => {
    for (const step of ['store', 'region', 'tax', 'cod', 'shipping', 'payments'] as const) {
      const res = await call('PUT', adminSetupApi[step].path, GOOD[step]);
      expect([step, res.statusCode], res.body).toEqual([step, 200]);
      expect(statusOf(res).steps[step].done).toBe(true);
    }
    // Legal: the templates, now with the shop's name, edited a little.
    const before = statusOf(await call('GET', adminSetupApi.status.path));
    expect(before.steps.legal.values.privacy.body).toContain('Kavya Crafts');
    expect(before.steps.legal.values.returns.body).toContain('hello@kavya.example');
    const legal = {
      ...before.steps.legal.values,
      returns: { title: 'Returns', body: 'Return within 10 days.\n\n## Refunds\nWithin a week.' },
    };
    const saved = await call('PUT', adminSetupApi.legal.path, legal);
    expect(saved.statusCode, saved.body).toBe(200);
    const s = statusOf(saved);
    expect(s.missing).toEqual([]);
    expect(s.state).toBe('setting_up');
    expect(s.steps.legal.values.returns).toEqual(legal.returns);
    expect(s.steps.store.values).toMatchObject({ store_name: 'Kavya Crafts', primary_colour: '#7c2d12' });
    expect(s.steps.tax.values).toEqual({ tax_rate_percent: 18, prices_include_tax: true });
    expect(s.steps.cod.values).toEqual({ enabled: true, fee_minor: 40_00 });
    expect(s.steps.shipping.values).toMatchObject({ rate_minor: 60_00, free_above_minor: 999_00 });
    expect(s.steps.payments.values).toMatchObject({ provider: 'cod_only', has_key_secret: false });

    // The values live where the shop reads them: no second copy.
    const rows = await queryRows<{ key: string; value: unknown }>(
      t.database.db,
      sql`select key, value from store_settings where key in ('store_name', 'tax_rate_percent', 'privacy_policy_page')`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.key, r.value]))).toEqual({
      store_name: 'Kavya Crafts',
      tax_rate_percent: 18,
      privacy_policy_page: 'privacy-policy',
    });
    const audit = await queryRows<{ action: string }>(t.database.db, sql`select action from audit_log`);
    expect(new Set(audit.map((a) => a.action))).toEqual(
      new Set(['store-settings.update', 'storefront.update', 'cod.update', 'shipping.update', 'legal-pages.update']),
    );

    // No product yet: opening an empty shop is acknowledged (setup-undo.test.ts covers the refusal).
    const opened = await call('POST', adminSetupApi.open.path, { acknowledge_empty_catalogue: true });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(statusOf(opened).state).toBe('live');
    const all = await t.app.inject({ method: 'GET', url: '/api/storefront/all' });
    expect(all.json().data.storefront).toMatchObject({
      mode: null,
      logo: { url: '/media/logo.png', alt: 'Kavya Crafts' },
      termsandconditions_page: { slug: 'terms-and-conditions' },
    });
    const page = await t.app.inject({ method: 'GET', url: '/api/page/returns-policy' });
    expect(page.statusCode, page.body).toBe(200);
  });

  it('keeps Razorpay secrets out of every answer and the audit log', async () => {
    const res = await call('PUT', adminSetupApi.payments.path, {
      provider: 'razorpay',
      key_id: 'rzp_test_AbC123xyz',
      key_secret: 'S3cretS3cretS3cret',
      webhook_secret: 'whsec-long-enough',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('S3cretS3cretS3cret');
    expect(statusOf(res).steps.payments.values).toEqual({
      provider: 'razorpay',
      key_id: 'rzp_test_AbC123xyz',
      has_key_secret: true,
      has_webhook_secret: true,
      razorpay_active: false,
    });
    const audit = await queryRows<{ after: unknown }>(t.database.db, sql`select after from audit_log`);
    expect(JSON.stringify(audit)).not.toContain('S3cretS3cretS3cret');
    expect(JSON.stringify(audit)).not.toContain('whsec-long-enough');
    // Back to Cash on Delivery only: the keys are forgotten.
    const back = await call('PUT', adminSetupApi.payments.path, GOOD.payments);
    expect(statusOf(back).steps.payments.values).toMatchObject({ provider: 'cod_only', key_id: null });
  });

  it('takes a shopper’s Cash on Delivery order with the tax, shipping and COD fee set up', async () => {
    const variant = await addProduct(t, 500_00);
    const b = testBrowser(t.app);
    const cart = await readyCart(t, b, { lines: [[variant, 1]], payment: 'cod' });
    // ₹500 + ₹60 shipping (below ₹999) + ₹40 COD fee; GST 18% included.
    expect(cart.grand_total.amount).toBe(600_00);
    const res = await placeOrder(b, cart);
    expect(res.statusCode, res.body).toBe(200);
    const placed = placedOf(res);
    const [order] = await queryRows<{ tax_rate_percent: number; cod_fee_minor: number; shipping_minor: number }>(
      t.database.db,
      sql`select tax_rate_percent, cod_fee_minor, shipping_minor from orders where id = ${placed.order.id}`,
    );
    expect(order).toEqual({ tax_rate_percent: 18, cod_fee_minor: 40_00, shipping_minor: 60_00 });
  });

  it('turning Cash on Delivery off takes it away from the checkout', async () => {
    expect((await call('PUT', adminSetupApi.cod.path, { enabled: false, fee_minor: 0 })).statusCode).toBe(200);
    const variant = await addProduct(t, 200_00);
    const b = testBrowser(t.app);
    await b.call('POST', '/api/cart/add-item', { product_id: variant, quantity: 1 });
    const pay = await b.call('PUT', '/api/cart/update-payment-mode', { mode: 'cod' });
    expect(pay.statusCode).toBe(422);
  });
});

let products = 0;
/** One published product with one variant priced in the shop's channel (no owner API for products yet). */
async function addProduct(app: TestApp, priceMinor: number): Promise<string> {
  const n = ++products;
  const productId = `prd_setup_${n}`;
  const variantId = `var_setup_${n}`;
  await app.database.db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into products (id, slug, name, short_description, description, currency, price_minor, stock, search_text)
          values (${productId}, ${`setup-product-${n}`}, ${`Setup product ${n}`}, 'A product', 'A product.', 'INR', 0, 0, '')`,
    );
    await tx.execute(
      sql`insert into variants (id, product_id, title, options, stock, position, is_default)
          values (${variantId}, ${productId}, 'Default', '{}'::jsonb, 10, 0, true)`,
    );
    await tx.execute(
      sql`insert into variant_channels (variant_id, channel_id, sku, selling_price_minor)
          values (${variantId}, ${SHOP_CHANNEL_ID}, ${`SETUP-${n}`}, ${priceMinor})`,
    );
  });
  await refreshProductSummaries(app.database.db, [productId]);
  return variantId;
}
