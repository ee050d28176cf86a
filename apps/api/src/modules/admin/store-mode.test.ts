import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signedInOwner } from '../staff/testing.ts';

/**
 * The store mode (issue 27): one store setting, `store_mode`, switches the shop between products
 * and services. Only an owner changes it; the storefront reads it with its other settings; a
 * round trip leaves the product shop's answers as they were. PGlite and (TEST_DATABASE_URL) PostgreSQL.
 */
let t: TestApp;
let owner: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  owner = (await signedInOwner(t)).headers;
});
afterAll(() => t.close());

const setMode = (store_mode: unknown, headers: Record<string, string> = owner) =>
  t.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers, payload: { store_mode } });
const storefrontMode = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/storefront/initial-values' })).json().data.settings.store_mode;

describe('store_mode', () => {
  it('is products in the demo shop, and the storefront reads it with its settings', async () => {
    expect(await storefrontMode()).toBe('products');
    const res = await t.app.inject({ method: 'POST', url: '/api/settings/get', payload: { keys: ['store_mode'] } });
    expect(res.json().data).toEqual({ store_mode: 'products' });
  });

  it('an owner switches it; managers, packers and content editors get 403; no session 401', async () => {
    for (const role of ['manager', 'packer', 'content_editor'] as const) {
      const res = await setMode('services', (await signedInOwner(t, role)).headers);
      expect(res.statusCode, role).toBe(403);
    }
    expect((await setMode('services', {})).statusCode).toBe(401);
    expect(await storefrontMode()).toBe('products');

    const on = await setMode('services');
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.store_mode).toBe('services');
    expect(await storefrontMode()).toBe('services');
    const shell = (await t.app.inject({ method: 'GET', url: '/api/storefront/shell' })).json().data;
    expect(shell.settings.store_mode).toBe('services');

    expect((await setMode('products')).statusCode).toBe(200);
    expect(await storefrontMode()).toBe('products');
  });

  it('a manager may still save other settings while the mode is unchanged in the same patch', async () => {
    const manager = (await signedInOwner(t, 'manager')).headers;
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: manager,
      payload: { store_mode: 'products', cart_expire_days: 30 },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses an unknown mode with the field’s message', async () => {
    const res = await setMode('parcels');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ store_mode: ['The value must be one of: products, services'] });
  });

  it('switching to services and back leaves the product shop’s answers exactly as they were', async () => {
    const reads = async () => {
      const [listing, detail, related, grid] = await Promise.all([
        t.app.inject({ method: 'POST', url: '/api/shop/all', payload: { sort: 'newest', per_page: 48 } }),
        t.app.inject({ method: 'GET', url: '/api/product/single-product/organic-cotton-crew-tee' }),
        t.app.inject({ method: 'GET', url: '/api/product/single-product/organic-cotton-crew-tee/related' }),
        t.app.inject({ method: 'POST', url: '/api/product/product-grid', payload: { items: 8 } }),
      ]);
      for (const r of [listing, detail, related, grid]) expect(r.statusCode, r.body).toBe(200);
      return [listing, detail, related, grid].map((r) => r.json());
    };
    const before = await reads();
    expect(before[1].data.product.slug).toBe('organic-cotton-crew-tee');
    expect((await setMode('services')).statusCode).toBe(200);
    expect((await setMode('products')).statusCode).toBe(200);
    expect(await reads()).toEqual(before);
  });
});
