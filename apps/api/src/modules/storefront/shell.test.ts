import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ShellSchema } from '@shopfront/shared';
import { countQueries } from '../catalog/query-counter.ts';
import { CACHES_ON, createTestApp, secondProcess, type TestApp } from '../../test/app.ts';
import { createCustomer, createSessionCookie } from '../../test/auth.ts';
import { signedInOwner } from '../staff/testing.ts';

/** GET /api/storefront/shell (ADR 28): one call for the shell, its shared part kept per process. */
let t: TestApp;
let owner: Record<string, string>;
let counter: ReturnType<typeof countQueries>;

beforeAll(async () => {
  t = await createTestApp({ env: CACHES_ON });
  owner = (await signedInOwner(t)).headers;
  counter = countQueries(t.database.db);
});
afterAll(async () => {
  counter.restore();
  await t.close();
});

const shell = (query = '?menus=main-menu,footer-shop,no-such-menu', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/storefront/shell${query}`, headers });

describe('storefront shell', () => {
  it('answers the initial values, the asked menus, the navigation and no account for a guest', async () => {
    const res = await shell();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json();
    expect(body.status).toBe('success');
    const data = ShellSchema.parse(body.data);
    expect(data.storefront.name).toBeTruthy();
    expect(data.menus['main-menu']?.items.length).toBeGreaterThan(0);
    expect(data.menus['footer-shop']).not.toBeNull();
    expect(data.menus['no-such-menu']).toBeNull();
    expect(data.navigation.categories.length).toBeGreaterThan(0);
    expect(data.navigation.collections.length).toBeGreaterThan(0);
    expect(data.account).toBeNull();
    expect(data.access.state).toBe('open');
  });

  it('computes the shared part once: a second call only looks up who is asking', async () => {
    await shell();
    // A guest: no session or staff cookie to look up; the shop context is every request's own.
    expect((await counter.during(() => shell())).queries).toBe(0);
  });

  it('adds the signed-in customer to their own answer only', async () => {
    const customer = await createCustomer(t.database.db, { firstName: 'Shellcheck' });
    const cookie = await createSessionCookie(t.database.db, customer.id);
    const mine = (await shell(undefined, { cookie })).json().data;
    expect(mine.account.first_name).toBe('Shellcheck');
    expect((await shell()).json().data.account).toBeNull();
  });

  it('shows an owner’s change on the next call', async () => {
    await shell();
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: owner,
      payload: { store_name: 'Shell Street' },
    });
    expect(res.statusCode).toBe(200);
    expect((await shell()).json().data.settings.store_name).toBe('Shell Street');
    await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: owner,
      payload: { store_name: 'Loom & Leaf' },
    });
  });

  it('answers a closed shop’s visitors their state, and none of its catalogue', async () => {
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/admin/storefront', headers: owner, payload });
    expect((await patch({ password: 'Shell-Lock-Word-2026', is_password_protection_enabled: true })).statusCode).toBe(
      200,
    );
    try {
      const res = await shell();
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.access.state).toBe('password');
      expect(data.navigation).toEqual({ categories: [], super_categories: [], collections: [] });
      expect(data.menus).toEqual({});
      expect(data.storefront.name).toBeTruthy();
    } finally {
      expect((await patch({ is_password_protection_enabled: false })).statusCode).toBe(200);
    }
    expect((await shell()).json().data.navigation.categories.length).toBeGreaterThan(0);
  });

  it('refuses a malformed menu list with 422', async () => {
    for (const q of ['?menus=Main Menu', '?menus=a,b,c,d,e,f', `?menus=${'a'.repeat(400)}`, '?menus=a,,b']) {
      const res = await shell(q);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().status).toBe('error');
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'shows a change made through another process once its notification arrives (PostgreSQL)',
    async () => {
      const other = await secondProcess(t);
      try {
        const ask = async () =>
          (await other.app.inject({ method: 'GET', url: '/api/storefront/shell' })).json().data.settings.store_name;
        expect(await ask()).toBe('Loom & Leaf');
        const res = await t.app.inject({
          method: 'PATCH',
          url: '/api/admin/settings',
          headers: owner,
          payload: { store_name: 'Elsewhere Street' },
        });
        expect(res.statusCode).toBe(200);
        await vi.waitFor(async () => expect(await ask()).toBe('Elsewhere Street'), { timeout: 5000, interval: 20 });
      } finally {
        await t.app.inject({
          method: 'PATCH',
          url: '/api/admin/settings',
          headers: owner,
          payload: { store_name: 'Loom & Leaf' },
        });
        await other.close();
      }
    },
  );
});
