import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE, SESSION_COOKIE, authMessages, messages } from '@shopfront/shared';
import {
  accessLogs,
  countries,
  customers,
  outboxMessages,
  sessions,
  storeSettings,
  throttleCounters,
} from '../../db/schema.ts';
import { DEMO_CUSTOMER } from '../../db/seed/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  createCustomer,
  createSessionCookie,
  loggedInCustomer,
  sessionCookieFrom,
  sessionHeaders,
  TEST_PASSWORD,
  uniqueEmail,
  addressSource,
} from '../../test/auth.ts';
import { hashToken } from '../../lib/session.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const freshIp = addressSource(1);

interface CallOpts {
  headers?: Record<string, string>;
  ip?: string;
}
const post = (url: string, payload: unknown, opts: CallOpts = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: opts.headers,
    remoteAddress: opts.ip ?? freshIp(),
  });
const getAccount = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/account/get', headers });

const setSetting = async (key: string, value: unknown) => {
  await t.database.db
    .insert(storeSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: storeSettings.key, set: { value } });
};
/** Runs `fn` with store settings changed, then puts them back. */
async function withSettings(values: Record<string, unknown>, fn: () => Promise<void>) {
  const before = await t.database.db.select().from(storeSettings);
  try {
    for (const [k, v] of Object.entries(values)) await setSetting(k, v);
    await fn();
  } finally {
    for (const k of Object.keys(values)) {
      const row = before.find((r) => r.key === k);
      if (row) await setSetting(k, row.value);
      else await t.database.db.delete(storeSettings).where(eq(storeSettings.key, k));
    }
  }
}

/** The Set-Cookie line of one cookie (sign-in also sets the device cookie). */
function setCookieLine(res: { headers: Record<string, unknown> }, name: string): string | undefined {
  const raw = res.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? (raw as string[]) : [String(raw)];
  return list.find((c) => c.startsWith(`${name}=`));
}

const logsFor = (identifier: string) =>
  t.database.db.select().from(accessLogs).where(eq(accessLogs.identifier, identifier)).orderBy(desc(accessLogs.id));

describe('POST /api/auth/login', () => {
  it('logs the seeded demo customer in: user, cart_session_id, a persistent HttpOnly session cookie', async () => {
    const res = await post('/api/auth/login', { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.message).toBe(authMessages.loggedIn);
    expect(body.data.cart_session_id).toBeNull();
    expect(body.data.user).toEqual({
      id: expect.any(Number),
      first_name: DEMO_CUSTOMER.firstName,
      last_name: DEMO_CUSTOMER.lastName,
      email: DEMO_CUSTOMER.email,
      phone: DEMO_CUSTOMER.phone,
      phone_verified_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      email_verified_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const setCookie = setCookieLine(res, SESSION_COOKIE);
    expect(setCookie).toMatch(
      new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax$`),
    );
    const cookie = sessionCookieFrom(res)!;
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(cookie.split('=')[1]!)));
    expect(row).toMatchObject({ customerId: body.data.user.id, remember: true });
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
    const account = await getAccount(sessionHeaders(cookie));
    expect(account.statusCode).toBe(200);
    expect(account.json().data.email).toBe(DEMO_CUSTOMER.email);
  });

  it('matches the e-mail case-insensitively', async () => {
    const res = await post('/api/auth/login', { email: ' Demo@LoomAndLeaf.TEST ', password: DEMO_CUSTOMER.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.email).toBe(DEMO_CUSTOMER.email);
  });

  it('without remember_me sets a browser-session cookie that the server forgets after 12 hours', async () => {
    const res = await post('/api/auth/login', {
      email: DEMO_CUSTOMER.email,
      password: DEMO_CUSTOMER.password,
      remember_me: false,
    });
    expect(res.statusCode).toBe(200);
    const setCookie = setCookieLine(res, SESSION_COOKIE);
    expect(setCookie).not.toMatch(/Max-Age|Expires/i);
    const token = sessionCookieFrom(res)!.split('=')[1]!;
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(token)));
    expect(row!.remember).toBe(false);
    const hours = (row!.expiresAt.getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
  });

  it('never echoes a cart_session cookie that names no cart: cart_session_id is null and the cookie is cleared', async () => {
    const res = await post(
      '/api/auth/login',
      { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
      { headers: { cookie: 'cart_session=cs_abc123', [CSRF_HEADER]: CSRF_HEADER_VALUE } },
    );
    expect(res.statusCode).toBe(200);
    // The merge itself (a real guest cart joining the customer's) is tested in cart/merge.test.ts.
    expect(res.json().data.cart_session_id).toBeNull();
    const cleared = ([] as string[])
      .concat(res.headers['set-cookie'] as string[])
      .find((c) => c.startsWith('cart_session='));
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it('answers a wrong password and an unknown e-mail alike (422 on email) and logs both attempts', async () => {
    const c = await createCustomer(t.database.db);
    const wrong = await post('/api/auth/login', { email: c.email, password: 'nope-nope' });
    const unknownEmail = uniqueEmail();
    const unknown = await post('/api/auth/login', { email: unknownEmail, password: 'nope-nope' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        status: 'error',
        message: authMessages.loginFailed,
        errors: { email: [authMessages.loginFailed] },
      });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const [known] = await logsFor(c.email!);
    expect(known).toMatchObject({ customerId: c.id, method: 'password', success: false });
    const [stranger] = await logsFor(unknownEmail);
    expect(stranger).toMatchObject({ customerId: null, method: 'password', success: false });
  });

  it('validates with the spec messages', async () => {
    const empty = await post('/api/auth/login', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ email: [messages.required], password: [messages.required] });
    const bad = await post('/api/auth/login', { email: 'not-an-email', password: '' });
    expect(bad.json().errors).toEqual({ email: [messages.email], password: [messages.required] });
  });

  it('refuses e-mail login while enable_legacy_auth is off', async () => {
    await withSettings({ enable_legacy_auth: false }, async () => {
      const res = await post('/api/auth/login', { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 'error', message: authMessages.legacyAuthDisabled });
    });
  });
});

describe('failed-login limits', () => {
  it('locks an account for unknown browsers after 5 failures in 15 minutes, even for the right password, until the window passes', async () => {
    const c = await createCustomer(t.database.db);
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/auth/login', { email: c.email, password: `wrong-${i}` })).statusCode).toBe(422);
    }
    const locked = await post('/api/auth/login', { email: c.email, password: TEST_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ status: 'error', message: authMessages.loginLocked });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(locked.headers['set-cookie']).toBeUndefined();
    // Another account is not affected.
    const other = await createCustomer(t.database.db);
    expect((await post('/api/auth/login', { email: other.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    // Once the window has passed (the clock is moved by ageing the counter), the right password works again.
    await t.database.db
      .update(throttleCounters)
      .set({ resetsAt: sql`now() - interval '1 second'` })
      .where(eq(throttleCounters.subject, c.email!));
    expect((await post('/api/auth/login', { email: c.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it("counts an account's failures from its last successful login", async () => {
    const c = await createCustomer(t.database.db);
    for (let i = 0; i < 4; i++) await post('/api/auth/login', { email: c.email, password: 'wrong' });
    expect((await post('/api/auth/login', { email: c.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await post('/api/auth/login', { email: c.email, password: 'wrong' });
    expect((await post('/api/auth/login', { email: c.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('locks an address after 20 failures in 15 minutes, whatever the accounts', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      const res = await post('/api/auth/login', { email: `nobody${i}@example.test`, password: 'x' }, { ip });
      expect(res.statusCode).toBe(422);
    }
    const c = await createCustomer(t.database.db);
    const locked = await post('/api/auth/login', { email: c.email, password: TEST_PASSWORD }, { ip });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(authMessages.loginLocked);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post('/api/auth/login', { email: c.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('rotates the session at login: a new cookie, and the old one stops working', async () => {
    const c = await createCustomer(t.database.db);
    const first = await post('/api/auth/login', { email: c.email, password: TEST_PASSWORD });
    const cookieA = sessionCookieFrom(first)!;
    const second = await post(
      '/api/auth/login',
      { email: c.email, password: TEST_PASSWORD },
      { headers: sessionHeaders(cookieA) },
    );
    expect(second.statusCode).toBe(200);
    const cookieB = sessionCookieFrom(second)!;
    expect(cookieB).not.toBe(cookieA);
    const old = await getAccount(sessionHeaders(cookieA));
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ status: 'error', message: authMessages.loginRequired });
    expect((await getAccount(sessionHeaders(cookieB))).statusCode).toBe(200);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.customerId, c.id))).toHaveLength(1);
  });

  it('logout deletes the session and clears the cookie; the cookie is dead afterwards', async () => {
    const { customer, headers } = await loggedInCustomer(t);
    const res = await post('/api/auth/logout', undefined, { headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: authMessages.loggedOut, data: null });
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=; .*Expires=Thu, 01 Jan 1970`));
    expect(await t.database.db.select().from(sessions).where(eq(sessions.customerId, customer.id))).toEqual([]);
    expect((await getAccount(headers)).statusCode).toBe(401);
    // Logging out as a guest is harmless.
    expect((await post('/api/auth/logout', undefined)).statusCode).toBe(200);
  });

  it('rejects a cookie-carrying mutation without the CSRF header, and any foreign Origin (403)', async () => {
    const { customer, cookie } = await loggedInCustomer(t);
    const noHeader = await post('/api/auth/logout', undefined, { headers: { cookie } });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json()).toEqual({ status: 'error', message: messages.forbiddenOrigin });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.customerId, customer.id))).toHaveLength(1);
    const foreign = await post(
      '/api/auth/login',
      { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.headers['set-cookie']).toBeUndefined();
    // The router decodes the path; the guard must not be skipped by spelling /api/ otherwise.
    for (const url of ['/%61pi/auth/logout', '/API/auth/logout', '//api/auth/logout']) {
      const sneaky = await t.app.inject({ method: 'POST', url, headers: { cookie } });
      expect(sneaky.statusCode, url).not.toBe(200);
    }
    expect(await t.database.db.select().from(sessions).where(eq(sessions.customerId, customer.id))).toHaveLength(1);
  });
});

describe('POST /api/auth/register', () => {
  const valid = () => ({
    first_name: 'Meera',
    last_name: 'Iyer',
    phone: `8${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
    email: uniqueEmail(),
    password: 'Str0ng#pass',
  });

  it('creates the account (argon2id hash), logs in, logs the attempt and queues a welcome e-mail', async () => {
    const body = valid();
    const res = await post('/api/auth/register', { ...body, email: body.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(authMessages.registered);
    const user = res.json().data.user;
    expect(user).toMatchObject({
      first_name: 'Meera',
      last_name: 'Iyer',
      email: body.email,
      phone: body.phone,
      phone_verified_at: null,
    });
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const cookie = sessionCookieFrom(res)!;
    expect((await getAccount(sessionHeaders(cookie))).json().data.id).toBe(user.id);
    expect((await logsFor(body.email))[0]).toMatchObject({ customerId: user.id, method: 'register', success: true });
    const outbox = await t.app.inject({
      method: 'GET',
      url: `/api/dev/outbox?recipient=${encodeURIComponent(body.email)}`,
    });
    expect(outbox.json().data.messages).toEqual([
      expect.objectContaining({ channel: 'email', subject: 'Welcome to Loom & Leaf', status: 'stored' }),
    ]);
  });

  it('validates every field with the spec messages', async () => {
    const empty = await post('/api/auth/register', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      first_name: [messages.required],
      last_name: [messages.required],
      phone: [messages.required],
      email: [messages.required],
      password: [messages.required],
    });
    const bad = await post('/api/auth/register', { ...valid(), phone: '98765', email: 'x@', password: 'abc' });
    expect(bad.json().errors).toEqual({
      phone: [messages.minLength(10)],
      email: [messages.email],
      password: [messages.minLength(6)],
    });
    expect((await post('/api/auth/register', { ...valid(), phone: '98765abcde' })).json().errors).toEqual({
      phone: [messages.numeric],
    });
    expect((await post('/api/auth/register', { ...valid(), phone: '98765432101' })).json().errors).toEqual({
      phone: [messages.maxLength(10)],
    });
  });

  it("takes the phone length from the default channel's country", async () => {
    const [india] = await t.database.db.select().from(countries).where(eq(countries.iso2, 'IN'));
    await t.database.db.update(countries).set({ mobileNumberLength: 9 }).where(eq(countries.id, india!.id));
    try {
      const ten = await post('/api/auth/register', { ...valid(), phone: '9123456789' });
      expect(ten.json().errors).toEqual({ phone: [messages.maxLength(9)] });
      const nine = await post('/api/auth/register', { ...valid(), phone: '912345678' });
      expect(nine.statusCode).toBe(200);
    } finally {
      await t.database.db
        .update(countries)
        .set({ mobileNumberLength: india!.mobileNumberLength })
        .where(eq(countries.id, india!.id));
    }
  });

  it('answers 422 on the field when the e-mail or phone belongs to another account', async () => {
    const existing = await createCustomer(t.database.db);
    const res = await post('/api/auth/register', {
      ...valid(),
      email: existing.email!.toUpperCase(),
      phone: existing.phone,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: [authMessages.emailTaken], phone: [authMessages.phoneTaken] });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('is refused while enable_customer_register or enable_legacy_auth is off', async () => {
    await withSettings({ enable_customer_register: false }, async () => {
      const res = await post('/api/auth/register', valid());
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(authMessages.registerDisabled);
    });
    await withSettings({ enable_legacy_auth: false }, async () => {
      expect((await post('/api/auth/register', valid())).json().message).toBe(authMessages.legacyAuthDisabled);
    });
  });
});

describe('validate-reset, reset-complete', () => {
  /** Asks for a reset link and answers its token, read from the outbox like a shopper reads the e-mail. */
  async function resetLinkFor(email: string): Promise<{ token: string; link: string }> {
    const res = await post('/api/auth/reset', { email });
    expect(res.statusCode).toBe(200);
    const outbox = await t.app.inject({
      method: 'GET',
      url: `/api/dev/outbox?recipient=${encodeURIComponent(email)}&limit=1`,
    });
    const [msg] = outbox.json().data.messages;
    const link = /http:\/\/\S+/.exec(msg.body)![0];
    return { link, token: link.split('/').pop()! };
  }

  it('answers the same for a known and an unknown e-mail; only the known one gets a link', async () => {
    const c = await createCustomer(t.database.db);
    const stranger = uniqueEmail();
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await post('/api/auth/reset', { email });
      return { res, ms: performance.now() - started };
    };
    const [{ res: known, ms: knownMs }, { res: unknown, ms: unknownMs }] = [
      await timed(c.email!),
      await timed(stranger),
    ];
    // Both wait for the same floor, so the extra work of a known address does not show in the time.
    expect(knownMs).toBeGreaterThanOrEqual(295);
    expect(unknownMs).toBeGreaterThanOrEqual(295);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ status: 'success', message: authMessages.resetSent, data: null });
    expect(unknown.json()).toEqual(known.json());
    const mail = (r: string) =>
      t.app.inject({ method: 'GET', url: `/api/dev/outbox?recipient=${encodeURIComponent(r)}` });
    const [msg] = (await mail(c.email!)).json().data.messages;
    expect(msg.subject).toBe('Reset your Loom & Leaf password');
    // The link's origin is the store_url setting (the demo seed's), never the request's Host.
    expect(msg.body).toMatch(
      new RegExp(
        `http://localhost:3000/account/reset-password/${encodeURIComponent(c.email!).replace(/[.]/g, '\\.')}/[A-Za-z0-9_-]{43}\\b`,
      ),
    );
    expect((await mail(stranger)).json().data.messages).toEqual([]);
    const bad = await post('/api/auth/reset', { email: 'nope' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ email: [messages.email] });
  });

  it('sends at most 3 links an hour per account, still answering the same', async () => {
    const c = await createCustomer(t.database.db);
    for (let i = 0; i < 4; i++) {
      const res = await post('/api/auth/reset', { email: c.email });
      expect(res.json().message).toBe(authMessages.resetSent);
    }
    const outbox = await t.app.inject({
      method: 'GET',
      url: `/api/dev/outbox?recipient=${encodeURIComponent(c.email!)}`,
    });
    expect(outbox.json().data.messages).toHaveLength(3);
  });

  it('validates a live link, and refuses a wrong token or another e-mail', async () => {
    const c = await createCustomer(t.database.db);
    const { token } = await resetLinkFor(c.email!);
    const check = (email: string, tok: string) =>
      post(`/api/auth/validate-reset?email=${encodeURIComponent(email)}&token=${encodeURIComponent(tok)}`, undefined);
    const ok = await check(c.email!, token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'success', message: authMessages.resetValid, data: { valid: true } });
    for (const res of [await check(c.email!, `${token.slice(0, -1)}x`), await check(uniqueEmail(), token)]) {
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(authMessages.resetInvalid);
    }
    expect((await check('', token)).json().errors).toEqual({ email: [messages.required] });
  });

  it('sets the password once: old password and old sessions die, the link is single-use, no login', async () => {
    const { customer, headers } = await loggedInCustomer(t);
    const { token } = await resetLinkFor(customer.email!);
    const { token: otherToken } = await resetLinkFor(customer.email!);
    const res = await post('/api/auth/reset-complete', { email: customer.email, token, password: 'N3w#password' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: authMessages.resetDone, data: null });
    expect(sessionCookieFrom(res)).toBeNull();
    expect((await getAccount(headers)).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: customer.email, password: TEST_PASSWORD })).statusCode).toBe(422);
    expect((await post('/api/auth/login', { email: customer.email, password: 'N3w#password' })).statusCode).toBe(200);

    const again = await post('/api/auth/reset-complete', { email: customer.email, token, password: 'An0ther#one' });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(authMessages.resetInvalid);
    // Every other link of the account died with it.
    const other = await post('/api/auth/reset-complete', {
      email: customer.email,
      token: otherToken,
      password: 'An0ther#one',
    });
    expect(other.json().message).toBe(authMessages.resetInvalid);
    expect((await logsFor(customer.email!)).some((l) => l.method === 'reset' && l.success)).toBe(true);
  });

  it("keeps the caller's own session when a logged-in customer resets, and ends the account's others", async () => {
    const { customer, headers } = await loggedInCustomer(t);
    const otherDevice = sessionHeaders(await createSessionCookie(t.database.db, customer.id));
    const someoneElse = await loggedInCustomer(t);
    const { token } = await resetLinkFor(customer.email!);
    const res = await post(
      '/api/auth/reset-complete',
      { email: customer.email, token, password: 'N3w#password' },
      { headers },
    );
    expect(res.statusCode).toBe(200);
    expect((await getAccount(headers)).statusCode).toBe(200);
    expect((await getAccount(otherDevice)).statusCode).toBe(401);
    expect((await getAccount(someoneElse.headers)).statusCode).toBe(200);
  });

  it('refuses an expired link and validates the new password', async () => {
    const c = await createCustomer(t.database.db);
    const { token } = await resetLinkFor(c.email!);
    const short = await post('/api/auth/reset-complete', { email: c.email, token, password: 'abc' });
    expect(short.json().errors).toEqual({ password: [messages.minLength(6)] });
    await t.database.db.execute(
      sql`update password_resets set expires_at = now() - interval '1 second' where token_hash = ${hashToken(token)}`,
    );
    const res = await post('/api/auth/reset-complete', { email: c.email, token, password: 'N3w#password' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(authMessages.resetInvalid);
    const [row] = await t.database.db
      .select()
      .from(customers)
      .where(and(eq(customers.id, c.id)));
    expect(row!.passwordHash).toBe(c.passwordHash);
  });
});

describe('reset links in production', () => {
  it('never take their origin from the Host header: PUBLIC_URL, else the store_url setting', async () => {
    for (const [env, origin] of [
      [{ NODE_ENV: 'production' }, 'http://localhost:3000'],
      [{ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.com' }, 'https://shop.example.com'],
    ] as const) {
      const prod = await createTestApp({ env });
      try {
        const c = await createCustomer(prod.database.db);
        const res = await prod.app.inject({
          method: 'POST',
          url: '/api/auth/reset',
          payload: { email: c.email },
          headers: { host: 'evil.example' },
        });
        expect(res.statusCode).toBe(200);
        const [msg] = await prod.database.db
          .select()
          .from(outboxMessages)
          .where(eq(outboxMessages.recipient, c.email!));
        expect(msg!.body).toContain(`${origin}/account/reset-password/`);
        expect(msg!.body).not.toContain('evil.example');
      } finally {
        await prod.close();
      }
    }
  });
});
