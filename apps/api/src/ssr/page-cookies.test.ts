import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@shopfront/shared';
import { sessions } from '../db/schema.ts';
import { hashToken } from '../lib/session.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { loggedInCustomer } from '../test/auth.ts';
import { ApiCookieJar, parseSetCookie } from './api-cookies.ts';

const setCookiesOf = (res: { headers: Record<string, unknown> }): string[] => {
  const raw = res.headers['set-cookie'];
  return raw === undefined ? [] : Array.isArray(raw) ? raw.map(String) : [String(raw)];
};

describe('page responses carry the cookies their API calls set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ storefront: true });
  });
  afterAll(() => t.close());

  it('renews an aged remembered session on a page load: the page sends the new cookie, the row moves on', async () => {
    const { cookie } = await loggedInCustomer(t);
    const id = hashToken(cookie.slice(SESSION_COOKIE.length + 1));
    // Last seen two hours ago, expiring in a day: the next touch slides it to 30 days.
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '2 hours'`, expiresAt: sql`now() + interval '1 day'` })
      .where(eq(sessions.id, id));

    const res = await t.app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const renewed = setCookiesOf(res).find((c) => c.startsWith(`${cookie};`));
    expect(renewed, setCookiesOf(res).join('\n')).toBeDefined();
    expect(renewed).toMatch(/Max-Age=2592000/);
    expect(renewed).toMatch(/HttpOnly/);

    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
  });

  it('never lets a shared cache keep a response that renews a session (robots.txt, sitemap)', async () => {
    for (const url of ['/robots.txt', '/sitemap.xml']) {
      const { cookie } = await loggedInCustomer(t);
      await t.database.db
        .update(sessions)
        .set({ lastSeenAt: sql`now() - interval '2 hours'` })
        .where(eq(sessions.id, hashToken(cookie.slice(SESSION_COOKIE.length + 1))));
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(
        setCookiesOf(res).some((c) => c.startsWith(`${cookie};`)),
        url,
      ).toBe(true);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
    // Without a cookie to set, they stay cacheable.
    const plain = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(plain.headers['cache-control']).toMatch(/public/);
  });

  it('clears a dead session cookie in the page response', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: `${SESSION_COOKIE}=${'x'.repeat(43)}` },
    });
    expect(res.statusCode).toBe(200);
    const cleared = setCookiesOf(res).find((c) => c.startsWith(`${SESSION_COOKIE}=;`));
    expect(cleared, setCookiesOf(res).join('\n')).toBeDefined();
    expect(parseSetCookie(cleared!)!.expired).toBe(true);
  });

  it('sends one Set-Cookie per cookie however many loaders touched the session', async () => {
    const { cookie } = await loggedInCustomer(t);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '2 hours'` })
      .where(eq(sessions.id, hashToken(cookie.slice(SESSION_COOKIE.length + 1))));
    // The account page's loaders ask the API for the account and initial values.
    const res = await t.app.inject({ method: 'GET', url: '/account/profile', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(setCookiesOf(res).filter((c) => c.startsWith(`${SESSION_COOKIE}=`))).toHaveLength(1);
  });

  it('ignores an outer-request header that a client forges', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/storefront/initial-values',
      headers: { 'x-shopfront-outer-request': 'forged' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('in-process API calls act for the page request behind a proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ storefront: true, env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  it('a page reached over https through the proxy renews the session with a Secure cookie', async () => {
    const { cookie } = await loggedInCustomer(t);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '2 hours'` })
      .where(eq(sessions.id, hashToken(cookie.slice(SESSION_COOKIE.length + 1))));
    const res = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie, 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(res.statusCode).toBe(200);
    const renewed = setCookiesOf(res).find((c) => c.startsWith(`${cookie};`));
    expect(renewed, setCookiesOf(res).join('\n')).toMatch(/; Secure/);
  });
});

describe('ApiCookieJar', () => {
  it('sends what the API set to the calls that follow, and forgets what it cleared', () => {
    const jar = new ApiCookieJar('a=1; b=2');
    jar.take(['a=9; Path=/; HttpOnly', 'b=; Max-Age=0; Path=/', 'c=3; Path=/']);
    expect(jar.header()).toBe('a=9; c=3');
    jar.take(['c=; Expires=Thu, 01 Jan 1970 00:00:00 GMT']);
    expect(jar.header()).toBe('a=9');
  });

  it('passes on the last answer per cookie, except cookies the page sets itself', () => {
    const jar = new ApiCookieJar(undefined);
    jar.take(['a=1; Path=/', 'b=1; Path=/']);
    jar.take(['a=2; Path=/']);
    expect(jar.forResponse(['b=page; Path=/'])).toEqual(['a=2; Path=/']);
  });

  it('Max-Age decides over Expires', () => {
    expect(parseSetCookie('a=1; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=60')!.expired).toBe(false);
    expect(parseSetCookie('a=1; Max-Age=0')!.expired).toBe(true);
    expect(parseSetCookie('no-equals-sign')).toBeNull();
  });
});
