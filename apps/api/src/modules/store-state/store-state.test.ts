import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE, InitialValuesSchema, messages, storeStateMessages } from '@shopfront/shared';
import { adminLinkTokens, modeSubscribers, staff, staffSessions, storefronts } from '../../db/schema.ts';
import { hashPassword } from '../../lib/password.ts';
import { hashToken } from '../../lib/session.ts';
import { addressSource } from '../../test/auth.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { outboxTo } from '../../test/outbox.ts';
import { STAFF_COOKIE, STAFF_SESSION_MS } from '../staff/session.ts';
import { STORE_ACCESS_COOKIE } from './access.ts';
import { isOpenWhileClosed } from './gate.ts';
import { STORE_PASSWORD_LIMIT } from './service.ts';

let t: TestApp;
const nextIp = addressSource(71);
const STORE_PASSWORD = 'linen-and-loom';
let staffCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  // A staff member with a browser session, made the way a sign-in would (only the token's hash kept).
  const id = `stf_${randomBytes(8).toString('hex')}`;
  await t.database.db.insert(staff).values({
    id,
    email: 'meera.owner@example.test',
    name: 'Meera Iyer',
    passwordHash: await hashPassword('Owner#Pass1'),
    role: 'owner',
  });
  const token = `sfs_${randomBytes(32).toString('base64url')}`;
  await t.database.db.insert(staffSessions).values({
    tokenHash: hashToken(token),
    staffId: id,
    kind: 'cookie',
    expiresAt: new Date(Date.now() + STAFF_SESSION_MS.cookie),
  });
  staffCookie = `${STAFF_COOKIE}=${token}`;
});
afterAll(() => t.close());

type Lock = { mode?: 'Coming Soon' | 'Under Maintenance' | null; protect?: boolean; password?: string | null };

/** Sets the default storefront's state in the database, as the owner's API would. */
async function setLock({ mode = null, protect = false, password }: Lock) {
  await t.database.db
    .update(storefronts)
    .set({
      mode,
      isPasswordProtectionEnabled: protect,
      ...(password !== undefined ? { passwordHash: password === null ? null : await hashPassword(password) } : {}),
    })
    .where(eq(storefronts.id, 'sf_default'));
}

// Every test starts from, and leaves, an open shop.
afterEach(() => setLock({ password: null }));

function call(method: 'GET' | 'POST', url: string, opts: { cookie?: string; body?: unknown; ip?: string } = {}) {
  return t.app.inject({
    method,
    url,
    remoteAddress: opts.ip ?? nextIp(),
    headers: {
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(method === 'POST' ? { [CSRF_HEADER]: CSRF_HEADER_VALUE } : {}),
    },
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  });
}

const catalog = (cookie?: string) => call('GET', '/api/category/all', { cookie });
const cart = (cookie?: string) => call('GET', '/api/cart/get', { cookie });
const allowed = (cookie?: string) => call('GET', '/api/settings/countries', { cookie });
const accessOf = async (cookie?: string) => {
  const res = await call('GET', '/api/storefront/initial-values', { cookie });
  expect(res.statusCode).toBe(200);
  return InitialValuesSchema.parse(res.json().data).access;
};

/** Gives the store password and answers the access cookie (`name=value`). */
async function verify(password: string, ip?: string) {
  const res = await call('POST', '/api/storefront/verify-password', { body: { password }, ip });
  const setCookie = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith(`${STORE_ACCESS_COOKIE}=`));
  return { res, cookie: setCookie?.split(';')[0] };
}

describe('POST /api/storefront/verify-password', () => {
  it('answers 404 while password protection is off', async () => {
    const res = await call('POST', '/api/storefront/verify-password', { body: { password: 'anything' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().status).toBe('error');
  });

  it('the right password gives a 30-day HttpOnly cookie that opens the shop; a wrong one is 422', async () => {
    await setLock({ protect: true, password: STORE_PASSWORD });
    expect((await catalog()).statusCode).toBe(403);

    const wrong = await verify('not-the-password');
    expect(wrong.res.statusCode).toBe(422);
    expect(wrong.res.json()).toMatchObject({
      status: 'error',
      errors: { password: [storeStateMessages.wrongPassword] },
    });
    expect(wrong.cookie).toBeUndefined();

    const empty = await call('POST', '/api/storefront/verify-password', { body: { password: '' } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ password: [storeStateMessages.passwordRequired] });

    const right = await verify(STORE_PASSWORD);
    expect(right.res.statusCode).toBe(200);
    expect(right.res.json()).toMatchObject({ status: 'success', data: { state: 'open' } });
    const header = [right.res.headers['set-cookie']].flat().join('\n');
    expect(header).toMatch(
      /sf_store_access=v1\.\d+\.[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax/,
    );
    expect((await catalog(right.cookie)).statusCode).toBe(200);
    expect((await accessOf(right.cookie)).state).toBe('open');
    // A forged or tampered cookie is no cookie.
    expect((await catalog(`${right.cookie!.slice(0, -2)}xx`)).statusCode).toBe(403);
  });

  it('once verified, the mode decides: Coming Soon', async () => {
    await setLock({ protect: true, password: STORE_PASSWORD, mode: 'Coming Soon' });
    expect((await accessOf()).state).toBe('password');
    const { res, cookie } = await verify(STORE_PASSWORD);
    expect(res.json().data).toEqual({ state: 'coming-soon' });
    expect((await accessOf(cookie)).state).toBe('coming-soon');
    expect((await catalog(cookie)).statusCode).toBe(403);
  });

  it('a new store password locks out everyone who gave the old one', async () => {
    await setLock({ protect: true, password: STORE_PASSWORD });
    const { cookie } = await verify(STORE_PASSWORD);
    expect((await catalog(cookie)).statusCode).toBe(200);
    await setLock({ protect: true, password: 'a-brand-new-password' });
    expect((await catalog(cookie)).statusCode).toBe(403);
    expect((await accessOf(cookie)).state).toBe('password');
  });

  it(`allows ${STORE_PASSWORD_LIMIT.limit} wrong attempts per address in 15 minutes, then 429 with Retry-After`, async () => {
    await setLock({ protect: true, password: STORE_PASSWORD });
    const ip = nextIp();
    for (let i = 0; i < STORE_PASSWORD_LIMIT.limit; i++)
      expect((await verify(`guess-${i}`, ip)).res.statusCode).toBe(422);
    const refused = await verify(STORE_PASSWORD, ip);
    expect(refused.res.statusCode).toBe(429);
    expect(refused.res.json()).toEqual({ status: 'error', message: storeStateMessages.tooManyPasswordAttempts });
    expect(Number(refused.res.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.cookie).toBeUndefined();
    // Another address is not held back.
    expect((await verify(STORE_PASSWORD)).res.statusCode).toBe(200);
  });
});

describe('the gate in front of the API', () => {
  const cases = [
    {
      name: 'password protection',
      lock: { protect: true, password: STORE_PASSWORD },
      state: 'password',
      status: 403,
      message: storeStateMessages.closedPassword,
    },
    {
      name: 'Coming Soon',
      lock: { mode: 'Coming Soon' },
      state: 'coming-soon',
      status: 403,
      message: storeStateMessages.closedComingSoon,
    },
    {
      name: 'Under Maintenance',
      lock: { mode: 'Under Maintenance' },
      state: 'maintenance',
      status: 503,
      message: storeStateMessages.closedMaintenance,
    },
  ] as const;

  for (const c of cases) {
    it(`${c.name}: catalog and cart answer ${c.status} (noindex), the storefront and settings still answer`, async () => {
      await setLock(c.lock);
      for (const res of [await catalog(), await cart()]) {
        expect(res.statusCode).toBe(c.status);
        expect(res.json()).toEqual({ status: 'error', message: c.message });
        expect(res.headers['x-robots-tag']).toBe('noindex');
        if (c.status === 503) expect(res.headers['retry-after']).toBe('3600');
        else expect(res.headers['retry-after']).toBeUndefined();
      }
      expect((await allowed()).statusCode).toBe(200);
      expect((await call('GET', '/api/storefront/all')).statusCode).toBe(200);
      expect((await call('GET', '/api/health')).statusCode).toBe(200);
      const access = await accessOf();
      expect(access).toEqual({ state: c.state, staff: null, shopper_state: c.state });
    });

    it(`${c.name}: a signed-in staff member sees the open shop and what shoppers see; no link token is minted`, async () => {
      await setLock(c.lock);
      expect((await catalog(staffCookie)).statusCode).toBe(200);
      expect((await cart(staffCookie)).statusCode).toBe(200);
      const tokensBefore = await t.database.db.select().from(adminLinkTokens);
      const access = await accessOf(staffCookie);
      expect(access).toEqual({ state: 'open', staff: { name: 'Meera Iyer' }, shopper_state: c.state });
      expect(await t.database.db.select().from(adminLinkTokens)).toHaveLength(tokensBefore.length);
    });
  }

  it('an open shop answers everyone; unknown paths stay 404', async () => {
    expect((await catalog()).statusCode).toBe(200);
    expect((await cart()).statusCode).toBe(200);
    expect(await accessOf()).toEqual({ state: 'open', staff: null, shopper_state: 'open' });
    expect(await accessOf(staffCookie)).toEqual({
      state: 'open',
      staff: { name: 'Meera Iyer' },
      shopper_state: 'open',
    });
    await setLock({ mode: 'Under Maintenance' });
    expect((await call('GET', '/api/no-such-thing')).statusCode).toBe(503);
    expect((await call('GET', '/nothing-here.txt')).statusCode).toBe(404);
  });

  it('payment webhooks still reach their handler while the shop is closed', async () => {
    await setLock({ mode: 'Under Maintenance' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: '{"event":"nothing"}',
    });
    // The webhook's own verdict on an unsigned body, not the gate's.
    expect([400, 401, 403, 422]).toContain(res.statusCode);
    expect(res.json().message).not.toBe(storeStateMessages.closedMaintenance);
    expect(res.headers['retry-after']).toBeUndefined();
  });

  it("opens the storefront's own paths one by one: reading channels answers, switching channel does not", async () => {
    await setLock({ mode: 'Coming Soon' });
    expect((await call('GET', '/api/storefront/channels')).statusCode).toBe(200);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/storefront/channel',
      remoteAddress: nextIp(),
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      payload: { channel_id: 'ch_nowhere' },
    });
    expect(put.statusCode).toBe(403);
    expect(put.json()).toEqual({ status: 'error', message: storeStateMessages.closedComingSoon });
    // The special pages' forms still answer (their own verdicts, not the gate's).
    const sub = await call('POST', '/api/storefront/subscribe-to-mode', { body: { email: 'not-an-email' } });
    expect(sub.statusCode).toBe(422);
    // Listed with their methods: a later write route on an open read path, or a new storefront
    // path, is closed unless listed.
    expect(isOpenWhileClosed('/api/storefront/channels', 'GET')).toBe(true);
    expect(isOpenWhileClosed('/api/storefront/channels', 'PUT')).toBe(false);
    expect(isOpenWhileClosed('/api/storefront/channel', 'PUT')).toBe(false);
    expect(isOpenWhileClosed('/api/storefront/anything-new', 'GET')).toBe(false);
  });

  it('customer sign-in is closed while the shop is; sign-out is not', async () => {
    await setLock({ mode: 'Coming Soon' });
    const login = await call('POST', '/api/auth/login', { body: { email: 'a@example.test', password: 'x' } });
    expect(login.statusCode).toBe(403);
    expect((await call('POST', '/api/auth/logout', { body: {} })).statusCode).not.toBe(403);
  });
});

describe('POST /api/storefront/subscribe-to-mode', () => {
  const subscribe = (email: unknown, cookie?: string) =>
    call('POST', '/api/storefront/subscribe-to-mode', { body: { email }, cookie });
  const rowsFor = (email: string) =>
    t.database.db
      .select()
      .from(modeSubscribers)
      .where(sql`lower(${modeSubscribers.email}) = ${email.toLowerCase()}`);

  it('answers 404 while the shop has no mode', async () => {
    expect((await subscribe('ravi@example.test')).statusCode).toBe(404);
    await setLock({ protect: true, password: STORE_PASSWORD });
    expect((await subscribe('ravi@example.test')).statusCode).toBe(404);
  });

  it('keeps one row per address (a repeat is a success) and validates the e-mail', async () => {
    await setLock({ mode: 'Coming Soon' });
    const first = await subscribe('Ravi.Kumar@Example.test');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'success', message: storeStateMessages.subscribed });
    const again = await subscribe('ravi.kumar@example.test');
    expect(again.statusCode).toBe(200);
    const rows = await rowsFor('ravi.kumar@example.test');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.mode).toBe('Coming Soon');

    const bad = await subscribe('not-an-email');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ email: [messages.email] });
    const missing = await call('POST', '/api/storefront/subscribe-to-mode', { body: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ email: [messages.required] });
  });

  it('a visitor who has not given the store password cannot subscribe', async () => {
    await setLock({ protect: true, password: STORE_PASSWORD, mode: 'Under Maintenance' });
    expect((await subscribe('asha@example.test')).statusCode).toBe(403);
    const { cookie } = await verify(STORE_PASSWORD);
    expect((await subscribe('asha@example.test', cookie)).statusCode).toBe(200);
  });

  it('tells each subscriber once, by e-mail, when the shop opens again; nothing while it is closed', async () => {
    await setLock({ mode: 'Under Maintenance' });
    const email = `nisha.${randomBytes(3).toString('hex')}@example.test`;
    expect((await subscribe(email)).statusCode).toBe(200);
    const runJob = async () => {
      await t.app.jobs.enqueue(t.database.db, { kind: 'notify-mode-subscribers', payload: {} });
      await t.app.jobs.runDue();
    };
    await runJob();
    expect(await outboxTo(t.database.db, email)).toHaveLength(0);

    await setLock({});
    await runJob();
    await runJob();
    const sent = await outboxTo(t.database.db, email, 'email');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Loom & Leaf is open');
    expect((await rowsFor(email))[0]!.notifiedAt).not.toBeNull();
  });
});

describe('POST /api/admin/auth/exchange (the Admin Panel link)', () => {
  const exchange = (token: string) => call('POST', '/api/admin/auth/exchange', { body: { token } });
  const linkToken = async () => {
    const res = await call('POST', '/api/admin/auth/link-token', { cookie: staffCookie });
    expect(res.statusCode).toBe(200);
    const { link, expires_at } = res.json().data as { link: string; expires_at: string };
    expect(link).toMatch(/^\/admin\/login\?token=sfa_[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(9 * 60_000);
    return new URL(link, 'http://shop.test').searchParams.get('token')!;
  };

  it('a link is minted only for signed-in staff, and a cookie session needs the CSRF header', async () => {
    const anonymous = await call('POST', '/api/admin/auth/link-token');
    expect(anonymous.statusCode).toBe(401);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/link-token',
      remoteAddress: nextIp(),
      headers: { cookie: staffCookie },
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('a link from a page signs in once (a cookie session), then says it has expired', async () => {
    const token = await linkToken();
    const first = await exchange(token);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.staff).toMatchObject({
      name: 'Meera Iyer',
      email: 'meera.owner@example.test',
      role: 'owner',
    });
    const session = [first.headers['set-cookie']].flat().find((c) => c?.startsWith(`${STAFF_COOKIE}=`));
    expect(session).toMatch(/HttpOnly/);
    const cookie = session!.split(';')[0]!;
    expect((await accessOf(cookie)).staff).toEqual({ name: 'Meera Iyer' });

    const again = await exchange(token);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ status: 'error', message: storeStateMessages.adminLinkExpired });
  });

  it('an expired or unknown token answers 401; only hashes are stored', async () => {
    const token = await linkToken();
    const [row] = await t.database.db
      .select()
      .from(adminLinkTokens)
      .where(eq(adminLinkTokens.tokenHash, hashToken(token)));
    expect(row).toBeDefined();
    await t.database.db
      .update(adminLinkTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminLinkTokens.tokenHash, hashToken(token)));
    expect((await exchange(token)).statusCode).toBe(401);
    expect((await exchange(`sfa_${randomBytes(32).toString('base64url')}`)).statusCode).toBe(401);
    expect((await exchange('nonsense')).statusCode).toBe(401);
    const stored = await t.database.db.execute(
      sql`select count(*)::int as n from admin_link_tokens where token_hash = ${token}`,
    );
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('two uses of one link at the same time: exactly one signs in', async () => {
    const token = await linkToken();
    const answers = await Promise.all([exchange(token), exchange(token), exchange(token)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
  });
});
