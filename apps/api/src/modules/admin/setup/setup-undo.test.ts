import { desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_SHOP_NAME, adminSetupApi, type SetupStatus } from '@shopfront/shared';
import { queryRows } from '../../../db/client.ts';
import { auditLog } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInOwner } from '../../staff/testing.ts';
import { ensureShopBase } from './base.ts';

/**
 * Undo of each setup step (attacker review finding 5: tax, COD, shipping and payments answered
 * 422 or 409), and opening a shop with no product (phone review finding 1: only when acknowledged).
 */
let t: TestApp;
let owner: Record<string, string>;
let manager: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  await ensureShopBase(t.database);
  owner = (await signedInOwner(t)).headers;
  manager = (await signedInOwner(t, 'manager')).headers;
}, 120_000);
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, headers = owner) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const status = async (): Promise<SetupStatus> => (await call('GET', adminSetupApi.status.path)).json().data;
/** The newest audit entry of a kind (the step's own). */
const entryOf = async (action: string) =>
  (await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(5)).find((e) => e.action === action)!;
const undo = (id: number, headers = owner) => call('POST', `/api/admin/audit/${id}/undo`, {}, headers);

const SHIPPING = {
  zone_name: 'All India',
  rate_minor: 60_00,
  free_above_minor: 999_00,
  delivery_days_min: 2,
  delivery_days_max: 6,
};

describe('Undo of the setup steps', () => {
  it('the store step starts with the name the shop already shows (phone review 14)', async () => {
    expect((await status()).steps.store.values.store_name).toBe(NEW_SHOP_NAME);
  });

  it('store: puts back the name', async () => {
    const body = {
      store_name: 'Kavya Crafts',
      store_email: 'hello@kavya.example',
      logo: null,
      primary_colour: '#7c2d12',
      accent_colour: '#0f766e',
    };
    expect((await call('PUT', adminSetupApi.store.path, body)).statusCode).toBe(200);
    expect((await call('PUT', adminSetupApi.store.path, { ...body, store_name: 'Kavya' })).statusCode).toBe(200);
    const res = await undo((await entryOf('store-settings.update')).id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await status()).steps.store.values.store_name).toBe('Kavya Crafts');
  });

  it('tax: puts back the rate, twice in a row refused as changed', async () => {
    await call('PUT', adminSetupApi.tax.path, { tax_rate_percent: 5, prices_include_tax: true });
    await call('PUT', adminSetupApi.tax.path, { tax_rate_percent: 18, prices_include_tax: true });
    const entry = await entryOf('store-settings.update');
    expect(entry.after).toEqual({ tax_rate_percent: 18 });
    const res = await undo(entry.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await status()).steps.tax.values.tax_rate_percent).toBe(5);
    expect((await undo(entry.id)).statusCode).toBe(409);
    // The undo is itself a change that can be undone.
    expect((await undo((await entryOf('store-settings.update')).id)).statusCode).toBe(200);
    expect((await status()).steps.tax.values.tax_rate_percent).toBe(18);
  });

  it('cash on delivery: puts back on/off and the fee', async () => {
    await call('PUT', adminSetupApi.cod.path, { enabled: true, fee_minor: 40_00 });
    await call('PUT', adminSetupApi.cod.path, { enabled: false, fee_minor: 0 });
    const res = await undo((await entryOf('cod.update')).id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await status()).steps.cod.values).toEqual({ enabled: true, fee_minor: 40_00 });
  });

  it("shipping: puts back the rate, and the new shop's own zone", async () => {
    expect((await call('PUT', adminSetupApi.shipping.path, SHIPPING)).statusCode).toBe(200);
    const first = await entryOf('shipping.update');
    expect((await call('PUT', adminSetupApi.shipping.path, { ...SHIPPING, rate_minor: 80_00 })).statusCode).toBe(200);
    const second = await entryOf('shipping.update');
    // The first is out of date now.
    const stale = await undo(first.id);
    expect(stale.statusCode, stale.body).toBe(409);
    const res = await undo(second.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await status()).steps.shipping.values.rate_minor).toBe(60_00);

    // The first save put back: the new shop's own zone and free delivery.
    const back = await undo(first.id);
    expect(back.statusCode, back.body).toBe(200);
    expect((await status()).steps.shipping.values).toMatchObject({ zone_name: 'India', rate_minor: 0 });
  });

  it('payments: back to Cash on Delivery only (the owner’s); a masked secret cannot be put back (422)', async () => {
    await call('PUT', adminSetupApi.payments.path, { provider: 'cod_only' });
    const keys = {
      provider: 'razorpay',
      key_id: 'rzp_test_AbC123xyz',
      key_secret: 'S3cretS3cretS3cret',
      webhook_secret: 'whsec-long-enough',
    };
    expect((await call('PUT', adminSetupApi.payments.path, keys)).statusCode).toBe(200);
    const entry = await entryOf('store-settings.update');
    expect((await undo(entry.id, manager)).statusCode).toBe(403);
    const res = await undo(entry.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await status()).steps.payments.values).toMatchObject({ provider: 'cod_only', has_key_secret: false });
    const [method] = await queryRows<{ is_active: boolean }>(
      t.database.db,
      sql`select is_active from payment_methods where code = 'razorpay'`,
    );
    expect(method?.is_active ?? false).toBe(false);
    // Undoing the undo would need the key secret, which the log never kept.
    const redo = await undo((await entryOf('store-settings.update')).id);
    expect(redo.statusCode).toBe(422);
    expect(redo.json().message).toMatch(/does not keep/);
  });
});

describe('Opening a shop with no product', () => {
  it('is refused (409 naming acknowledge_empty_catalogue) until acknowledged', async () => {
    await call('PUT', adminSetupApi.store.path, {
      store_name: 'Kavya Crafts',
      store_email: 'hello@kavya.example',
      logo: null,
      primary_colour: '#7c2d12',
      accent_colour: '#0f766e',
    });
    await call('PUT', adminSetupApi.region.path, { country: 'IN', currency: 'INR' });
    await call('PUT', adminSetupApi.tax.path, { tax_rate_percent: 18, prices_include_tax: true });
    await call('PUT', adminSetupApi.cod.path, { enabled: true, fee_minor: 0 });
    await call('PUT', adminSetupApi.shipping.path, SHIPPING);
    await call('PUT', adminSetupApi.payments.path, { provider: 'cod_only' });
    await call('PUT', adminSetupApi.legal.path, (await status()).steps.legal.values);
    const before = await status();
    expect(before.missing).toEqual([]);
    expect(before.published_products).toBe(0);

    const refused = await call('POST', adminSetupApi.open.path);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      message: expect.stringContaining('You have no products yet: shoppers will see an empty shop'),
      errors: { acknowledge_empty_catalogue: ['You have no products yet: shoppers will see an empty shop'] },
    });
    expect((await status()).state).toBe('setting_up');
    expect((await call('POST', adminSetupApi.open.path, { acknowledge_empty_catalogue: 'yes' })).statusCode).toBe(422);

    const opened = await call('POST', adminSetupApi.open.path, { acknowledge_empty_catalogue: true });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.state).toBe('live');
  });
});
