import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@shopfront/shared';
import { sessions } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { loggedInCustomer } from '../test/auth.ts';
import { SESSION_ABSOLUTE_MS, hashToken } from './session.ts';
import { pruneExpiredData } from '../modules/maintenance/retention.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 3600_000;
const idOf = (cookie: string) => hashToken(cookie.slice(SESSION_COOKIE.length + 1));
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('absolute session lifetime', () => {
  it('ends a session 90 days after sign-in even though it was used an hour ago and its expiry was slid ahead', async () => {
    const { cookie, headers } = await loggedInCustomer(t);
    await t.database.db
      .update(sessions)
      .set({
        createdAt: new Date(Date.now() - SESSION_ABSOLUTE_MS - 60_000),
        lastSeenAt: new Date(Date.now() - 3600_000),
        expiresAt: new Date(Date.now() + 20 * DAY),
      })
      .where(eq(sessions.id, idOf(cookie)));
    const res = await get('/api/account/get', headers);
    expect(res.statusCode).toBe(401);
    expect(
      await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, idOf(cookie))),
    ).toEqual([]);
  });

  it('slides a remembered session only up to the absolute deadline (cookie included)', async () => {
    const { cookie, headers } = await loggedInCustomer(t);
    const createdAt = new Date(Date.now() - SESSION_ABSOLUTE_MS + 2 * DAY);
    await t.database.db
      .update(sessions)
      .set({ createdAt, lastSeenAt: new Date(Date.now() - 2 * 3600_000), expiresAt: new Date(Date.now() + DAY) })
      .where(eq(sessions.id, idOf(cookie)));
    const res = await get('/api/account/get', headers);
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, idOf(cookie)));
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(createdAt.getTime() + SESSION_ABSOLUTE_MS);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + DAY);
    const maxAge = Number(/Max-Age=(\d+)/.exec(String(res.headers['set-cookie']))![1]);
    expect(maxAge).toBeLessThanOrEqual(2 * 24 * 3600);
    expect(maxAge).toBeGreaterThan(2 * 24 * 3600 - 60);
  });

  it('pruning removes sessions past the absolute lifetime', async () => {
    const { customer } = await loggedInCustomer(t);
    await t.database.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '91 days'` })
      .where(eq(sessions.customerId, customer.id));
    await pruneExpiredData(t.database.db);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.customerId, customer.id))).toEqual([]);
  });
});

describe('answers that read the session are private, no-store', () => {
  it('account, addresses, wishlist and initial-values; logged in or not', async () => {
    const { headers } = await loggedInCustomer(t);
    for (const url of [
      '/api/account/get',
      '/api/address/all',
      '/api/wishlist/get',
      '/api/storefront/initial-values?keys=store_name',
    ]) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
      expect((await get(url)).headers['cache-control'], `${url} (guest)`).toBe('private, no-store');
    }
  });

  it('login and logout answers too; a catalogue answer that never asks is left alone', async () => {
    const { headers } = await loggedInCustomer(t);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    expect(logout.headers['cache-control']).toBe('private, no-store');
    const open = await get('/api/storefront/all');
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).not.toBe('private, no-store');
  });
});
