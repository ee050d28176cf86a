import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_TTL_MS, authMessages, messages } from '@shopfront/shared';
import { accessLogs, customers, otpCodes, outboxMessages, storeSettings } from '../../db/schema.ts';
import { SIGN_IN_LIMITS } from './throttle.ts';
import { DEMO_CUSTOMER } from '../../db/seed/accounts.ts';
import { lastCodeTo, wrongCode } from '../../test/outbox.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addressSource, createCustomer, sessionCookieFrom, sessionHeaders, uniquePhone } from '../../test/auth.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const freshIp = addressSource(2);
const post = (url: string, payload: unknown, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip });
const requestOtp = (input: string, type?: 'login' | 'register', ip?: string) =>
  post('/api/auth/otp/request', { input, ...(type ? { type } : {}) }, ip);
const verifyOtp = (input: string, otp: string, type?: 'login' | 'register', ip?: string) =>
  post('/api/auth/otp/verify', { input, otp, ...(type ? { type } : {}) }, ip);

/** The code of the newest SMS to `phone`, read from the outbox as a shopper reads the text. */
const lastCode = (phone: string) => lastCodeTo(t.database.db, phone, 'sms');

async function withSetting(key: string, value: unknown, fn: () => Promise<void>) {
  const [before] = await t.database.db.select().from(storeSettings).where(eq(storeSettings.key, key));
  await t.database.db.update(storeSettings).set({ value }).where(eq(storeSettings.key, key));
  try {
    await fn();
  } finally {
    await t.database.db.update(storeSettings).set({ value: before!.value }).where(eq(storeSettings.key, key));
  }
}

describe('POST /api/auth/otp/request + /otp/verify (login)', () => {
  it('texts a 4-digit code (stored hashed, 10 minutes) and logs the customer in with it, once', async () => {
    const c = await createCustomer(t.database.db);
    const res = await requestOtp(c.phone!);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(authMessages.otpSent);
    expect(body.data.resends_left).toBe(3);
    const ttl = new Date(body.data.expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(OTP_TTL_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(OTP_TTL_MS);

    const code = await lastCode(c.phone!);
    expect(code).toMatch(/^\d{4}$/);
    const [sms] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, c.phone!));
    expect(sms).toMatchObject({ channel: 'sms', status: 'stored' });
    expect(sms!.body).toBe(
      `${code} is your Loom & Leaf login code. It expires in 10 minutes. Do not share it with anyone.`,
    );
    const [row] = await t.database.db.select().from(otpCodes).where(eq(otpCodes.phone, c.phone!));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(code);

    const ok = await verifyOtp(c.phone!, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(authMessages.loggedIn);
    expect(ok.json().data).toEqual({
      user: expect.objectContaining({ id: c.id, phone: c.phone }),
      cart_session_id: null,
      cart_merged: false,
    });
    const cookie = sessionCookieFrom(ok)!;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/account/get', headers: sessionHeaders(cookie) })).statusCode,
    ).toBe(200);

    const reuse = await verifyOtp(c.phone!, code);
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json()).toEqual({
      status: 'error',
      message: authMessages.otpInvalid,
      errors: { otp: [authMessages.otpInvalid] },
    });
    const logs = await t.database.db
      .select()
      .from(accessLogs)
      .where(eq(accessLogs.identifier, c.phone!))
      .orderBy(accessLogs.id);
    expect(logs.map((l) => [l.method, l.success, l.customerId])).toEqual([
      ['otp', true, c.id],
      ['otp', false, c.id],
    ]);
  });

  it('logs the demo customer in by phone', async () => {
    expect((await requestOtp(DEMO_CUSTOMER.phone)).statusCode).toBe(200);
    const res = await verifyOtp(DEMO_CUSTOMER.phone, await lastCode(DEMO_CUSTOMER.phone));
    expect(res.json().data.user.email).toBe(DEMO_CUSTOMER.email);
  });

  it('allows 3 resends after the first send, then answers "Maximum attempt reached" until the hour has passed', async () => {
    const phone = (await createCustomer(t.database.db)).phone!;
    const left = [];
    for (let i = 0; i < 4; i++) {
      const res = await requestOtp(phone);
      expect(res.statusCode).toBe(200);
      left.push(res.json().data.resends_left);
    }
    expect(left).toEqual([3, 2, 1, 0]);
    const fifth = await requestOtp(phone);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({ status: 'error', message: 'Maximum attempt reached. Please try again later' });
    expect(await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, phone))).toHaveLength(
      4,
    );
    // Only the newest code works.
    const code = await lastCode(phone);
    await t.database.db
      .update(otpCodes)
      .set({ createdAt: sql`${otpCodes.createdAt} - interval '61 minutes'` })
      .where(eq(otpCodes.phone, phone));
    const later = await requestOtp(phone);
    expect(later.statusCode).toBe(200);
    expect(later.json().data.resends_left).toBe(3);
    expect((await verifyOtp(phone, code)).statusCode).toBe(422);
    expect((await verifyOtp(phone, await lastCode(phone))).statusCode).toBe(200);
  });

  it('starts the resend count again for a restarted flow (Change Phone), at most 10 texts an hour per number', async () => {
    const phone = (await createCustomer(t.database.db)).phone!;
    const send = (restart: boolean) => post('/api/auth/otp/request', { input: phone, restart });
    expect((await send(true)).json().data.resends_left).toBe(3);
    expect((await send(false)).json().data.resends_left).toBe(2);
    expect((await send(false)).json().data.resends_left).toBe(1);
    // Change Phone, then SEND OTP to the same number: the counter is back at 0 resends used.
    expect((await send(true)).json().data.resends_left).toBe(3);
    const codeNow = await lastCode(phone);
    expect((await verifyOtp(phone, codeNow)).statusCode).toBe(200);
    // Restarting without end is capped: 10 texts to one number an hour, then the spec's message.
    const other = (await createCustomer(t.database.db)).phone!;
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await post('/api/auth/otp/request', { input: other, restart: true })).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
    expect(await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, other))).toHaveLength(
      10,
    );
  });

  it('counts resends towards the hourly cap too: restarts and resends together text a number at most 10 times', async () => {
    const phone = (await createCustomer(t.database.db)).phone!;
    const statuses: number[] = [];
    // Restart, then use the three resends, over and over: before, only restarts counted (40 texts an hour).
    for (let round = 0; round < 3; round++) {
      for (const restart of [true, false, false, false]) {
        statuses.push((await post('/api/auth/otp/request', { input: phone, restart })).statusCode);
      }
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429, 429]);
    expect(await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, phone))).toHaveLength(
      10,
    );
  });

  it('kills a code after 5 wrong tries; a resend brings a fresh one', async () => {
    const phone = (await createCustomer(t.database.db)).phone!;
    await requestOtp(phone);
    const code = await lastCode(phone);
    for (let i = 0; i < 4; i++) {
      const res = await verifyOtp(phone, wrongCode(code));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ otp: [authMessages.otpInvalid] });
    }
    const fifth = await verifyOtp(phone, wrongCode(code));
    expect(fifth.json().errors).toEqual({ otp: [authMessages.otpDead] });
    const right = await verifyOtp(phone, code);
    expect(right.statusCode).toBe(422);
    expect(right.json().errors).toEqual({ otp: [authMessages.otpDead] });
    expect(right.headers['set-cookie']).toBeUndefined();
    await requestOtp(phone);
    expect((await verifyOtp(phone, await lastCode(phone))).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const phone = (await createCustomer(t.database.db)).phone!;
    await requestOtp(phone);
    await t.database.db
      .update(otpCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(otpCodes.phone, phone));
    const res = await verifyOtp(phone, await lastCode(phone));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      status: 'error',
      message: authMessages.otpExpired,
      errors: { otp: [authMessages.otpExpired] },
    });
  });

  it('creates the account of a new number at its first OTP login (phone verified) while registration is on', async () => {
    const phone = uniquePhone();
    expect((await requestOtp(phone)).statusCode).toBe(200);
    const res = await verifyOtp(phone, await lastCode(phone));
    expect(res.statusCode).toBe(200);
    const user = res.json().data.user;
    expect(user).toMatchObject({
      phone,
      email: null,
      first_name: '',
      last_name: '',
      phone_verified_at: expect.any(String),
    });
    const [row] = await t.database.db.select().from(customers).where(eq(customers.phone, phone));
    expect(row!.id).toBe(user.id);
    expect(row!.passwordHash).toBeNull();
  });

  it('tells a new number that no account exists while registration is off', async () => {
    await withSetting('enable_customer_register', false, async () => {
      const phone = uniquePhone();
      const res = await requestOtp(phone);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        status: 'error',
        message: authMessages.accountNotFound,
        errors: { input: [authMessages.accountNotFound] },
      });
      expect(await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, phone))).toEqual([]);
      // Known numbers still log in.
      expect((await requestOtp(DEMO_CUSTOMER.phone)).statusCode).toBe(200);
    });
  });

  it('is refused while enable_otp_auth is off', async () => {
    await withSetting('enable_otp_auth', false, async () => {
      for (const res of [await requestOtp(DEMO_CUSTOMER.phone), await verifyOtp(DEMO_CUSTOMER.phone, '1234')]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ status: 'error', message: authMessages.otpAuthDisabled });
      }
    });
  });

  it('validates phone and code with the spec messages', async () => {
    for (const input of ['98765', '98765432101', '98765abcde', '']) {
      const res = await requestOtp(input);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ input: [messages.invalidPhone] });
    }
    expect((await post('/api/auth/otp/request', {})).json().errors).toEqual({ input: [messages.invalidPhone] });
    expect((await verifyOtp(DEMO_CUSTOMER.phone, '')).json().errors).toEqual({ otp: [messages.otpRequired] });
    expect((await verifyOtp(DEMO_CUSTOMER.phone, '12345')).json().errors).toEqual({ otp: [messages.maxLength(4)] });
    expect((await verifyOtp(DEMO_CUSTOMER.phone, '12a4')).json().errors).toEqual({ otp: [messages.numeric] });
  });
});

describe('OTP register', () => {
  it('allows 1 resend, registers a new number and refuses a known one', async () => {
    const phone = uniquePhone();
    expect((await requestOtp(phone, 'register')).json().data.resends_left).toBe(1);
    expect((await requestOtp(phone, 'register')).json().data.resends_left).toBe(0);
    const third = await requestOtp(phone, 'register');
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(messages.maxAttempts);
    const res = await verifyOtp(phone, await lastCode(phone), 'register');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(authMessages.registered);
    const [log] = await t.database.db.select().from(accessLogs).where(eq(accessLogs.identifier, phone));
    expect(log).toMatchObject({ method: 'register', success: true, customerId: res.json().data.user.id });

    const taken = await requestOtp(phone, 'register');
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ input: [authMessages.phoneTaken] });
  });

  it('keeps login and register codes apart', async () => {
    const phone = uniquePhone();
    await requestOtp(phone, 'register');
    const code = await lastCode(phone);
    expect((await verifyOtp(phone, code, 'login')).json().errors).toEqual({ otp: [authMessages.otpInvalid] });
    expect((await verifyOtp(phone, code, 'register')).statusCode).toBe(200);
  });

  it('is refused while registration is off', async () => {
    await withSetting('enable_customer_register', false, async () => {
      const res = await requestOtp(uniquePhone(), 'register');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(authMessages.registerDisabled);
    });
  });
});

describe('per-address limit on OTP sign-in', () => {
  it('caps wrong codes against sent codes per phone across resends and addresses (10 in 6 hours)', async () => {
    const phone = (await createCustomer(t.database.db)).phone!;
    let failures = 0;
    // Two codes, five wrong tries each, every try from another address: each code dies, the phone counts all ten.
    for (let round = 0; round < 2; round++) {
      await requestOtp(phone);
      const code = await lastCode(phone);
      for (let i = 0; i < 5; i++) {
        expect((await verifyOtp(phone, wrongCode(code))).statusCode).toBe(422);
        failures += 1;
      }
    }
    expect(failures).toBe(SIGN_IN_LIMITS.perPhone.limit);
    await requestOtp(phone);
    const locked = await verifyOtp(phone, await lastCode(phone));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(authMessages.loginLocked);
    // Another phone is not affected.
    const other = (await createCustomer(t.database.db)).phone!;
    await requestOtp(other);
    expect((await verifyOtp(other, await lastCode(other))).statusCode).toBe(200);
  });

  it('locks an address after 20 failed OTP sign-ins in 15 minutes', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      const res = await verifyOtp(uniquePhone(), '0000', 'login', ip);
      expect(res.statusCode).toBe(422);
    }
    await requestOtp(DEMO_CUSTOMER.phone);
    const locked = await verifyOtp(DEMO_CUSTOMER.phone, await lastCode(DEMO_CUSTOMER.phone), 'login', ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(authMessages.loginLocked);
  });
});
