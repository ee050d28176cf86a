import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@shopfront/shared';
import { customers, sessions } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { TEST_PASSWORD, createCustomer, loggedInCustomer } from '../../../test/auth.ts';
import { createTestOrder } from '../../../test/orders.ts';
import { signedInOwner } from '../../staff/testing.ts';

let t: TestApp;
let owner: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  owner = (await signedInOwner(t)).headers;
});
afterAll(() => t.close());

const get = (url: string, headers = owner) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown = {}, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...owner, ...headers }, payload: payload as object });

describe('owner customers', () => {
  it('searches by name, e-mail and phone, with order count and total spent, in keyset pages', async () => {
    const tag = `Zq${Date.now().toString(36)}`;
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await createCustomer(t.database.db, { firstName: tag, lastName: `N${i}` }));
    const buyer = made[2]!;
    const paid = await createTestOrder(t.database.db, { customerId: buyer.id, status: 'delivered' });
    await createTestOrder(t.database.db, { customerId: buyer.id, status: 'cancelled' });

    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(`/api/admin/customers?q=${tag.toLowerCase()}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.customers.length).toBeLessThanOrEqual(2);
      seen.push(...data.customers.map((c: { id: number }) => c.id));
      cursor = data.next_cursor;
    } while (cursor);
    expect(seen).toEqual(made.map((c) => c.id).reverse());

    const byEmail = (await get(`/api/admin/customers?q=${encodeURIComponent(buyer.email!.toUpperCase())}`)).json().data;
    expect(byEmail.customers).toHaveLength(1);
    expect(byEmail.customers[0]).toMatchObject({
      id: buyer.id,
      orders_count: 2,
      total_spent: [{ amount: paid.grandTotalMinor }],
    });
    const phone = buyer.phone!;
    const spaced = `${phone.slice(0, 5)} ${phone.slice(5)}`;
    const byPhone = (await get(`/api/admin/customers?q=${encodeURIComponent(spaced)}`)).json().data;
    expect(byPhone.customers.map((c: { id: number }) => c.id)).toEqual([buyer.id]);
    // LIKE's wildcards are matched literally.
    expect((await get('/api/admin/customers?q=%25%25%25')).json().data.customers).toEqual([]);
    expect((await get('/api/admin/customers?cursor=abc')).statusCode).toBe(422);
  });

  it('shows a customer’s page and adds notes against a version (stale If-Match: 409)', async () => {
    const c = await createCustomer(t.database.db);
    await createTestOrder(t.database.db, { customerId: c.id });
    const page = await get(`/api/admin/customers/${c.id}`);
    expect(page.statusCode).toBe(200);
    const v = page.json().data.version as number;
    expect(page.headers.etag).toBe(`"${v}"`);
    expect(page.json().data).toMatchObject({ id: c.id, has_password: true, notes: [], recent_orders: [{}] });

    const added = await post(
      `/api/admin/customers/${c.id}/notes`,
      { body: 'Prefers calls after 6pm' },
      { 'if-match': `"${v}"` },
    );
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      message: 'Note added',
      data: { version: v + 1, notes: [{ body: 'Prefers calls after 6pm' }] },
    });
    const stale = await post(`/api/admin/customers/${c.id}/notes`, { body: 'Second' }, { 'if-match': `"${v}"` });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed by someone else/);
    expect((await post(`/api/admin/customers/${c.id}/notes`, { body: '  ' })).statusCode).toBe(422);
    expect((await post(`/api/admin/customers/${c.id}/notes`, { body: 'x' }, { 'if-match': 'abc' })).statusCode).toBe(
      422,
    );
    expect((await get('/api/admin/customers/999999999')).statusCode).toBe(404);
  });

  it('lets one of many concurrent writers with the same version through; the others get 409', async () => {
    const c = await createCustomer(t.database.db);
    const v = (await get(`/api/admin/customers/${c.id}`)).json().data.version as number;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2
          ? post(`/api/admin/customers/${c.id}/notes`, { body: `note ${i}` }, { 'if-match': String(v) })
          : post(`/api/admin/customers/${c.id}/block`, {}, { 'if-match': String(v) }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, c.id));
    expect(row!.version).toBe(v + 1);
  });

  it('blocking ends the customer’s sessions at once and refuses sign-in; unblocking lets them back', async () => {
    const { customer, headers } = await loggedInCustomer(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/get', headers })).statusCode).toBe(200);

    const blocked = await post(`/api/admin/customers/${customer.id}/block`);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().data.blocked_at).toMatch(/^\d{4}-/);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.customerId, customer.id))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/get', headers })).statusCode).toBe(401);

    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: customer.email, password: TEST_PASSWORD },
        remoteAddress: '10.77.0.1',
      });
    const refused = await login();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(authMessages.accountBlocked);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.customerId, customer.id))).toEqual([]);
    expect((await get(`/api/admin/customers?blocked=true&q=${customer.email}`)).json().data.customers).toHaveLength(1);

    expect((await post(`/api/admin/customers/${customer.id}/unblock`)).json().data.blocked_at).toBeNull();
    expect((await login()).statusCode).toBe(200);
  });
});
