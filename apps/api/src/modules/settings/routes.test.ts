import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_SETTING_KEYS } from '@shopfront/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/settings/get',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

describe('POST /api/settings/get', () => {
  it('answers only the keys asked for, as `{ keys }`', async () => {
    const res = await post({ keys: ['store_name', 'enable_guest_checkout', 'twitter'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      data: { store_name: 'Loom & Leaf', enable_guest_checkout: true, twitter: null },
    });
  });

  it('accepts a bare list of keys', async () => {
    const res = await post(['cart_expire_days']);
    expect(res.json().data).toEqual({ cart_expire_days: 30 });
  });

  it('knows every key of spec section 3', async () => {
    const res = await post({ keys: STORE_SETTING_KEYS });
    expect(Object.keys(res.json().data).sort()).toEqual([...STORE_SETTING_KEYS].sort());
    expect(STORE_SETTING_KEYS).toContain('account_verification_for');
    expect(STORE_SETTING_KEYS).toContain('google_embed_url');
  });

  it('never exposes keys outside the public list', async () => {
    const res = await post({ keys: ['license_status'] });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      status: 'error',
      message: 'The given data was invalid.',
      errors: { keys: ['The selected key is invalid'] },
    });
  });

  it('rejects an empty or missing key list with the spec message', async () => {
    for (const payload of [{ keys: [] }, {}]) {
      const res = await post(payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.keys).toContain('This field is required');
    }
  });
});

describe('GET /api/settings/countries', () => {
  it('lists countries with mobile rules and states', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/countries' });
    const india = res.json().data.find((c: { iso2: string }) => c.iso2 === 'IN');
    expect(india).toMatchObject({ name: 'India', mobile_code: '+91', mobile_number_length: 10, currency_code: 'INR' });
    expect(india.states.map((s: { code: string }) => s.code)).toContain('KA');
  });
});
