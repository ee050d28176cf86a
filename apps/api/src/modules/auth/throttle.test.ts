import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@shopfront/shared';
import { accessLogs, knownDevices, otpCodes, outboxMessages, throttleCounters } from '../../db/schema.ts';
import { hashToken } from '../../lib/session.ts';
import { DEMO_CUSTOMER } from '../../db/seed/accounts.ts';
import { lastCodeTo, wrongCode } from '../../test/outbox.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  TEST_PASSWORD,
  addressSource,
  createCustomer,
  loggedInCustomer,
  sessionHeaders,
  uniqueEmail,
  uniquePhone,
} from '../../test/auth.ts';
import { DEVICE_COOKIE } from './known-device.ts';
import { NEW_NUMBER_SMS_PER_HOUR, SIGN_IN_LIMITS } from './throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const freshIp = addressSource(7);

/** A browser: its own address and, once it has signed in, its device cookie. */
interface Browser {
  ip: string;
  cookie?: string;
}
const newBrowser = (): Browser => ({ ip: freshIp() });

async function post(url: string, payload: object, browser: Browser = newBrowser()) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: browser.cookie ? sessionHeaders(browser.cookie) : {},
    remoteAddress: browser.ip,
  });
  const raw = res.headers['set-cookie'];
  const set = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
  const device = set.map((c) => c.split(';')[0]!).find((p) => p.startsWith(`${DEVICE_COOKIE}=`));
  if (device) browser.cookie = device;
  return res;
}
const login = (email: string, password: string, browser?: Browser) =>
  post('/api/auth/login', { email, password }, browser);

/** Expects the throttle's answer: 429, the lock-out text and a Retry-After of 1..max seconds. */
function expectThrottled(
  res: Awaited<ReturnType<typeof post>>,
  maxSeconds: number,
  message: string = authMessages.loginLocked,
) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ status: 'error', message });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  return retryAfter;
}

const counter = async (scope: 'ip' | 'account' | 'client' | 'phone' | 'sms_new_number', subject: string) => {
  const [row] = await t.database.db
    .select()
    .from(throttleCounters)
    .where(and(eq(throttleCounters.scope, scope), eq(throttleCounters.subject, subject)));
  return row;
};

/** Moves the clock past an account's lock by ageing its counter, as 15 minutes would. */
const expireAccountLock = (email: string) =>
  t.database.db
    .update(throttleCounters)
    .set({ resetsAt: sql`now() - interval '1 second'` })
    .where(and(eq(throttleCounters.scope, 'account'), eq(throttleCounters.subject, email)));

/** Five wrong passwords for `email`, each from a stranger's own address. */
async function lockAccount(email: string) {
  for (let i = 0; i < SIGN_IN_LIMITS.perAccount.limit; i++) {
    expect((await login(email, `wrong-${i}`)).statusCode).toBe(422);
  }
  expectThrottled(await login(email, TEST_PASSWORD), 15 * 60);
}

const lastSms = (phone: string) => lastCodeTo(t.database.db, phone, 'sms');

describe('password sign-in: count and check in one statement', () => {
  it('lets 12 concurrent wrong passwords check at most the limit (5); the rest answer 429 with Retry-After', async () => {
    const c = await createCustomer(t.database.db);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => login(c.email!, `wrong-${i}`)));
    const checked = answers.filter((r) => r.statusCode === 422);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(checked).toHaveLength(SIGN_IN_LIMITS.perAccount.limit);
    expect(refused).toHaveLength(12 - SIGN_IN_LIMITS.perAccount.limit);
    for (const r of refused) expectThrottled(r, 15 * 60);
    expect((await counter('account', c.email!))?.count).toBe(SIGN_IN_LIMITS.perAccount.limit);
    // Every attempt, refused ones included, is on the account's security log.
    const logged = await t.database.db.select().from(accessLogs).where(eq(accessLogs.identifier, c.email!));
    expect(logged).toHaveLength(12);
    expect(logged.every((l) => !l.success)).toBe(true);
  });

  it('does not lengthen a lock with refused attempts: it ends when the first window does', async () => {
    const c = await createCustomer(t.database.db);
    await lockAccount(c.email!);
    const before = (await counter('account', c.email!))!;
    for (let i = 0; i < 5; i++) expectThrottled(await login(c.email!, `wrong-again-${i}`), 15 * 60);
    const after = (await counter('account', c.email!))!;
    expect(after.resetsAt.getTime()).toBe(before.resetsAt.getTime());
    expect(after.count).toBe(SIGN_IN_LIMITS.perAccount.limit);
    await expireAccountLock(c.email!);
    expect((await login(c.email!, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('treats an unknown e-mail like a known one (no account enumeration through the lock)', async () => {
    const email = uniqueEmail();
    await lockAccount(email);
    expect((await counter('account', email))?.count).toBe(SIGN_IN_LIMITS.perAccount.limit);
  });
});

describe('strangers cannot lock the owner out', () => {
  it('gives a signed-in browser a year-long HttpOnly device cookie, stored only as its hash', async () => {
    const c = await createCustomer(t.database.db);
    const res = await login(c.email!, TEST_PASSWORD);
    const line = ([res.headers['set-cookie']].flat() as string[]).find((l) => l.startsWith(`${DEVICE_COOKIE}=`));
    expect(line).toMatch(
      new RegExp(`^${DEVICE_COOKIE}=[A-Za-z0-9_-]{43}; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax$`),
    );
    const token = line!.split(';')[0]!.split('=')[1]!;
    const rows = await t.database.db.select().from(knownDevices).where(eq(knownDevices.customerId, c.id));
    expect(rows.map((r) => r.tokenHash)).toEqual([hashToken(token)]);
  });

  it("lets the owner's right password through the lock from a device that signed in before, and lifts the lock", async () => {
    const c = await createCustomer(t.database.db);
    const laptop = newBrowser();
    expect((await login(c.email!, TEST_PASSWORD, laptop)).statusCode).toBe(200);
    expect(laptop.cookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=[A-Za-z0-9_-]{43}$`));

    await lockAccount(c.email!);
    // A browser the account never signed in from stays locked out, even with the right password...
    expectThrottled(await login(c.email!, TEST_PASSWORD), 15 * 60);
    // ...the owner's laptop is not (another address, same device cookie).
    laptop.ip = freshIp();
    expect((await login(c.email!, TEST_PASSWORD, laptop)).statusCode).toBe(200);
    // That success lifted the lock for every browser.
    expect(await counter('account', c.email!)).toBeUndefined();
    expect((await login(c.email!, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("does not let a device cookie of another account past this account's lock", async () => {
    const owner = await createCustomer(t.database.db);
    const stranger = await createCustomer(t.database.db);
    const strangerLaptop = newBrowser();
    expect((await login(stranger.email!, TEST_PASSWORD, strangerLaptop)).statusCode).toBe(200);
    await lockAccount(owner.email!);
    expectThrottled(await login(owner.email!, TEST_PASSWORD, strangerLaptop), 15 * 60);
  });

  it('lifts the lock when the owner resets the password', async () => {
    const c = await createCustomer(t.database.db);
    await lockAccount(c.email!);
    expect((await post('/api/auth/reset', { email: c.email! })).statusCode).toBe(200);
    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, c.email!))
      .orderBy(desc(outboxMessages.id))
      .limit(1);
    const token = /http:\/\/\S+/.exec(mail!.body)![0].split('/').pop()!;
    const owner = newBrowser();
    const done = await post('/api/auth/reset-complete', { email: c.email!, token, password: 'Brand#new9' }, owner);
    expect(done.statusCode).toBe(200);
    // The stranger locks the account again at once: the browser that reset it still gets in.
    await lockAccount(c.email!);
    expect((await login(c.email!, 'Brand#new9', owner)).statusCode).toBe(200);
  });

  it('slows one client down progressively (3 free tries, then 5 s, 10 s, …), without holding other clients', async () => {
    const c = await createCustomer(t.database.db);
    const phone = newBrowser();
    expect((await login(c.email!, TEST_PASSWORD, phone)).statusCode).toBe(200);
    // A known device skips the account-wide lock: the back-off is what holds it.
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountClient.free; i++) {
      expect((await login(c.email!, `typo-${i}`, phone)).statusCode).toBe(422);
    }
    expect(expectThrottled(await login(c.email!, TEST_PASSWORD, phone), 5)).toBe(5);
    // Once the wait has passed, one more try is checked; the next wait is twice as long.
    await t.database.db
      .update(throttleCounters)
      .set({ nextTryAt: sql`now()` })
      .where(and(eq(throttleCounters.scope, 'client'), eq(throttleCounters.subject, c.email!)));
    expect((await login(c.email!, 'typo-again', phone)).statusCode).toBe(422);
    expect(expectThrottled(await login(c.email!, TEST_PASSWORD, phone), 10)).toBe(10);
    // Another browser is not held by this one's back-off.
    expect((await login(c.email!, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('keeps the per-address limit (20 failures in 15 minutes) and answers it with Retry-After', async () => {
    const browser = newBrowser();
    for (let i = 0; i < SIGN_IN_LIMITS.perIp.limit; i++) {
      expect((await login(uniqueEmail(), 'x', browser)).statusCode).toBe(422);
    }
    expectThrottled(await login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, browser), 15 * 60);
  });

  it('gives a successful sign-in its attempt back on the address counter', async () => {
    const browser = newBrowser();
    const c = await createCustomer(t.database.db);
    expect((await login(c.email!, 'wrong', browser)).statusCode).toBe(422);
    expect((await login(c.email!, TEST_PASSWORD, browser)).statusCode).toBe(200);
    expect((await counter('ip', browser.ip))?.count).toBe(1);
  });
});

describe('OTP sign-in: the phone cap counts only tries against a code that was sent', () => {
  const requestOtp = (phone: string, browser?: Browser) => post('/api/auth/otp/request', { input: phone }, browser);
  const verifyOtp = (phone: string, otp: string, browser?: Browser) =>
    post('/api/auth/otp/verify', { input: phone, otp }, browser);

  it('refuses verifies with no code sent without counting them towards the phone (only the address)', async () => {
    const phone = (await createCustomer(t.database.db)).phone!;
    for (let i = 0; i < 3 * SIGN_IN_LIMITS.perPhone.limit; i++) {
      const res = await verifyOtp(phone, '0000');
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(authMessages.otpInvalid);
    }
    expect(await counter('phone', phone)).toBeUndefined();
    const browser = newBrowser();
    await requestOtp(phone, browser);
    expect((await verifyOtp(phone, await lastSms(phone), browser)).statusCode).toBe(200);
  });

  it('counts bogus verifies towards the address: 20, then 429 with Retry-After', async () => {
    const browser = newBrowser();
    for (let i = 0; i < SIGN_IN_LIMITS.perIp.limit; i++) {
      expect((await verifyOtp(uniquePhone(), '0000', browser)).statusCode).toBe(422);
    }
    await requestOtp(DEMO_CUSTOMER.phone);
    expectThrottled(await verifyOtp(DEMO_CUSTOMER.phone, await lastSms(DEMO_CUSTOMER.phone), browser), 15 * 60);
  });

  it("lets the owner's right code through a phone lock from a device that signed in before, and lifts it", async () => {
    const c = await createCustomer(t.database.db);
    const phone = c.phone!;
    const ownPhone = newBrowser();
    expect((await login(c.email!, TEST_PASSWORD, ownPhone)).statusCode).toBe(200);
    // A stranger asks for codes and guesses: 2 codes x 5 wrong tries reach the cap of 10.
    for (let round = 0; round < 2; round++) {
      await requestOtp(phone);
      const code = await lastSms(phone);
      for (let i = 0; i < 5; i++) expect((await verifyOtp(phone, wrongCode(code))).statusCode).toBe(422);
    }
    expect((await counter('phone', phone))?.count).toBe(SIGN_IN_LIMITS.perPhone.limit);
    await requestOtp(phone, ownPhone);
    const code = await lastSms(phone);
    expectThrottled(await verifyOtp(phone, code), 6 * 60 * 60);
    // The refused try neither counted nor used the code: the owner's device signs in with it.
    expect((await counter('phone', phone))?.count).toBe(SIGN_IN_LIMITS.perPhone.limit);
    expect((await verifyOtp(phone, code, ownPhone)).statusCode).toBe(200);
    expect(await counter('phone', phone)).toBeUndefined();
  });
});

describe('SMS pumping: texts to new numbers are capped per country and hour', () => {
  it(`sends at most ${NEW_NUMBER_SMS_PER_HOUR} an hour to numbers that are no verified phone; verified phones still get codes`, async () => {
    const smsTo = async (phone: string) =>
      (await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, phone))).length;
    try {
      for (let i = 0; i < NEW_NUMBER_SMS_PER_HOUR; i++) {
        expect((await post('/api/auth/otp/request', { input: uniquePhone() })).statusCode).toBe(200);
      }
      const pumped = uniquePhone();
      const refused = await post('/api/auth/otp/request', { input: pumped });
      expectThrottled(refused, 60 * 60, authMessages.otpSendBusy);
      expect(await smsTo(pumped)).toBe(0);
      expect(await t.database.db.select().from(otpCodes).where(eq(otpCodes.phone, pumped))).toHaveLength(0);
      // An account's unverified phone is a new number too (legacy sign-up takes any phone).
      const unverified = await createCustomer(t.database.db, { phoneVerified: false });
      expectThrottled(
        await post('/api/auth/otp/request', { input: unverified.phone! }),
        60 * 60,
        authMessages.otpSendBusy,
      );
      // So is the verification popup's.
      const { customer, headers } = await loggedInCustomer(t, { phoneVerified: false });
      const popup = await t.app.inject({
        method: 'POST',
        url: '/api/account/otp/generate',
        headers,
        payload: { input: customer.phone, type: 'phone' },
        remoteAddress: freshIp(),
      });
      expectThrottled(popup, 60 * 60, authMessages.otpSendBusy);
      // A customer's verified phone is not capped.
      expect((await post('/api/auth/otp/request', { input: DEMO_CUSTOMER.phone })).statusCode).toBe(200);
      expect((await counter('sms_new_number', '+91'))?.count).toBe(NEW_NUMBER_SMS_PER_HOUR);
    } finally {
      await t.database.db.delete(throttleCounters).where(eq(throttleCounters.scope, 'sms_new_number'));
    }
  });
});
