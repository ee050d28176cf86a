import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InitialValuesSchema, STORE_SETTING_KEYS } from '@shopfront/shared';
import { storeSettings } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/storefront/initial-values', () => {
  it('answers license status, host, settings, storefront, plugins and account in one call', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/storefront/initial-values',
      headers: { host: 'shop.test' },
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(() => InitialValuesSchema.parse(data)).not.toThrow();
    expect(data.license_status).toBe('active');
    expect(data.host).toBe('http://shop.test');
    expect(Object.keys(data.settings).sort()).toEqual([...STORE_SETTING_KEYS].sort());
    expect(data.storefront).toMatchObject({
      id: 'sf_default',
      channel: { currency: { code: 'INR' }, country: { mobile_code: '+91', mobile_number_length: 10 } },
      termsandconditions_page: { slug: 'terms-and-conditions' },
      privacypolicy_page: { slug: 'privacy-policy' },
      mode: null,
      is_password_protection_enabled: false,
    });
    expect(data.plugins).toContainEqual({ module_name: 'Review', config: {} });
    expect(data.account).toBeNull();
  });

  it('answers only the settings keys asked for', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/storefront/initial-values?keys=store_name,enable_otp_auth',
    });
    expect(res.json().data.settings).toEqual({ store_name: 'Loom & Leaf', enable_otp_auth: true });
  });

  it('rejects unknown settings keys', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/storefront/initial-values?keys=store_name,password' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ keys: ['The selected key is invalid'] });
  });

  it('answers a null license status when none is recorded, and inactive when lapsed', async () => {
    await t.database.db.update(storeSettings).set({ value: 'inactive' }).where(eq(storeSettings.key, 'license_status'));
    let res = await t.app.inject({ method: 'GET', url: '/api/storefront/initial-values' });
    expect(res.json().data.license_status).toBe('inactive');
    await t.database.db.delete(storeSettings).where(eq(storeSettings.key, 'license_status'));
    res = await t.app.inject({ method: 'GET', url: '/api/storefront/initial-values' });
    expect(res.json().data.license_status).toBeNull();
    await t.database.db.insert(storeSettings).values({ key: 'license_status', value: 'active' });
  });
});

describe('GET /api/storefront/all', () => {
  it('answers the storefront settings and installed plugins', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/storefront/all' });
    const { data } = res.json();
    expect(data.storefront.theme.primary).toMatch(/^#[0-9a-f]{6}$/);
    expect(data.storefront.page_layout).toMatch(/^(boxed|full_width)$/);
    expect(Array.isArray(data.plugins)).toBe(true);
  });
});

describe('a shop with no storefront configured', () => {
  it('answers 503 with the envelope, so the storefront shows its server-error page', async () => {
    const bare = await createTestApp({ seed: false });
    try {
      for (const url of ['/api/storefront/initial-values', '/api/storefront/all']) {
        const res = await bare.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ status: 'error', message: 'The storefront is not configured' });
      }
    } finally {
      await bare.close();
    }
  });
});
