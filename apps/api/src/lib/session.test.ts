import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE, SESSION_COOKIE, SIGNED_IN_COOKIE } from '@shopfront/shared';
import { sessions } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { TEST_PASSWORD, createCustomer, loggedInCustomer, sessionHeaders } from '../test/auth.ts';
import { hashToken } from './session.ts';
import { pruneExpiredData } from '../modules/maintenance/retention.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const initialAccount = async (headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/storefront/initial-values?keys=store_name', headers });
  expect(res.statusCode).toBe(200);
  return { account: res.json().data.account, res };
};
const tokenOf = (cookie: string) => cookie.slice(SESSION_COOKIE.length + 1);

describe('session cookie', () => {
  it('makes initial-values answer the logged-in customer as account, and null for a guest', async () => {
    const { customer, headers } = await loggedInCustomer(t, { firstName: 'Asha', lastName: 'Rao' });
    const { account } = await initialAccount(headers);
    expect(account).toEqual({
      id: customer.id,
      first_name: 'Asha',
      last_name: 'Rao',
      email: customer.email,
      phone: customer.phone,
      phone_verified_at: customer.phoneVerifiedAt!.toISOString(),
      email_verified_at: null,
    });
    expect((await initialAccount()).account).toBeNull();
  });

  it('ignores a malformed or unknown token and clears the cookie', async () => {
    expect((await initialAccount({ cookie: `${SESSION_COOKIE}=nonsense` })).account).toBeNull();
    const unknown = await initialAccount({ cookie: `${SESSION_COOKIE}=${'A'.repeat(43)}` });
    expect(unknown.account).toBeNull();
    expect(String(unknown.res.headers['set-cookie'])).toMatch(
      new RegExp(`^${SESSION_COOKIE}=;.*Expires=Thu, 01 Jan 1970`),
    );
  });

  it('treats an expired session as a guest and deletes it; pruning removes expired rows', async () => {
    const a = await loggedInCustomer(t);
    const b = await loggedInCustomer(t);
    const past = new Date(Date.now() - 1000);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: past })
      .where(eq(sessions.id, hashToken(tokenOf(a.cookie))));
    expect((await initialAccount(a.headers)).account).toBeNull();
    expect(
      await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(tokenOf(a.cookie)))),
    ).toEqual([]);

    await t.database.db.update(sessions).set({ expiresAt: past }).where(eq(sessions.customerId, b.customer.id));
    await pruneExpiredData(t.database.db);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.customerId, b.customer.id))).toEqual([]);
  });

  it('slides a remembered session: after an hour idle, expiry moves 30 days ahead and the cookie is re-sent', async () => {
    const { customer, headers, cookie } = await loggedInCustomer(t);
    const id = hashToken(tokenOf(cookie));
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    const soon = new Date(Date.now() + 24 * 3600_000);
    await t.database.db.update(sessions).set({ lastSeenAt: twoHoursAgo, expiresAt: soon }).where(eq(sessions.id, id));
    const { account, res } = await initialAccount(headers);
    expect(account.id).toBe(customer.id);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
    expect(row!.lastSeenAt.getTime()).toBeGreaterThan(twoHoursAgo.getTime());
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toContain(`${cookie};`);
    expect(setCookie).toMatch(/Max-Age=2592000/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
  });

  describe('the signed-in flag (ADR 31)', () => {
    const setCookies = (res: { headers: Record<string, unknown> }) => {
      const raw = res.headers['set-cookie'];
      return (raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]).map(String);
    };
    const named = (list: string[], name: string) => list.find((c) => c.startsWith(`${name}=`));

    it('is set readable beside the session on login, with its lifetime, and cleared with it on logout', async () => {
      const c = await createCustomer(t.database.db);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
        payload: { email: c.email, password: TEST_PASSWORD, remember: true },
      });
      expect(login.statusCode).toBe(200);
      const session = named(setCookies(login), SESSION_COOKIE)!;
      const flag = named(setCookies(login), SIGNED_IN_COOKIE)!;
      expect(flag).toMatch(/^sf_signed_in=1;/);
      expect(flag).not.toMatch(/HttpOnly/);
      expect(/Max-Age=\d+/.exec(flag)?.[0]).toBe(/Max-Age=\d+/.exec(session)?.[0]);
      const logout = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: sessionHeaders(session.split(';')[0]!),
      });
      expect(logout.statusCode).toBe(200);
      expect(named(setCookies(logout), SESSION_COOKIE)).toMatch(/Expires=Thu, 01 Jan 1970/);
      expect(named(setCookies(logout), SIGNED_IN_COOKIE)).toMatch(/Expires=Thu, 01 Jan 1970/);
    });

    it('is given to a session that has none, and taken from a browser whose session is gone', async () => {
      const { headers } = await loggedInCustomer(t);
      const { res } = await initialAccount(headers);
      expect(named(setCookies(res), SIGNED_IN_COOKIE)).toMatch(/^sf_signed_in=1;.*Max-Age=\d+/);
      const gone = await initialAccount({ cookie: `${SIGNED_IN_COOKIE}=1` });
      expect(gone.account).toBeNull();
      expect(named(setCookies(gone.res), SIGNED_IN_COOKIE)).toMatch(/Expires=Thu, 01 Jan 1970/);
      // A guest without it is told nothing.
      expect(setCookies((await initialAccount()).res)).toEqual([]);
    });
  });
});
