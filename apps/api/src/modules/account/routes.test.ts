import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, messages } from '@shopfront/shared';
import { accessLogs, customers, outboxMessages, otpCodes, sessions } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  TEST_PASSWORD,
  createCustomer,
  createSessionCookie,
  loggedInCustomer,
  sessionCookieFrom,
  sessionHeaders,
  uniquePhone,
  addressSource,
} from '../../test/auth.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const freshIp = addressSource(3);
type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, headers: Record<string, string> = {}, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers,
    remoteAddress: freshIp(),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function lastCode(phone: string): Promise<string> {
  const [msg] = await t.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, phone))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  return /\b(\d{4})\b/.exec(msg!.body)![1]!;
}

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

describe('guests', () => {
  it('get 401 "Please log in to continue" from every account endpoint', async () => {
    const calls: [Method, string, unknown][] = [
      ['GET', '/api/account/get', undefined],
      [
        'PUT',
        '/api/account/update-profile',
        { first_name: 'A', last_name: 'B', email: 'a@b.test', phone: '9876543210' },
      ],
      ['PUT', '/api/account/update-password', { current_password: 'x', password: 'secret1' }],
      ['POST', '/api/account/otp/generate', { input: '9876543210' }],
      ['POST', '/api/account/otp/verify', { input: '9876543210', otp: '1234' }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await call(method, url, {}, payload);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ status: 'error', message: authMessages.loginRequired });
    }
  });
});

describe('GET /api/account/get', () => {
  it("answers the customer's own data and sign-in attempts, newest first, with a readable device", async () => {
    const c = await createCustomer(t.database.db, { firstName: 'Ravi', lastName: 'Nair' });
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: c.email, password },
        headers: { 'user-agent': ANDROID_CHROME },
        remoteAddress: '203.0.113.9',
      });
    expect((await login('wrong-one')).statusCode).toBe(422);
    const ok = await login(TEST_PASSWORD);
    const headers = sessionHeaders(sessionCookieFrom(ok)!);
    const res = await call('GET', '/api/account/get', headers);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      id: c.id,
      first_name: 'Ravi',
      last_name: 'Nair',
      email: c.email,
      phone: c.phone,
      created_at: c.createdAt.toISOString(),
    });
    expect(data.access_logs).toEqual([
      {
        id: expect.any(Number),
        created_at: expect.any(String),
        device: 'Chrome on Android',
        ip: '203.0.113.9',
        method: 'password',
        success: true,
      },
      {
        id: expect.any(Number),
        created_at: expect.any(String),
        device: 'Chrome on Android',
        ip: '203.0.113.9',
        method: 'password',
        success: false,
      },
    ]);
  });

  it('lists at most the 20 newest attempts', async () => {
    const c = await createCustomer(t.database.db);
    await t.database.db.insert(accessLogs).values(
      Array.from({ length: 25 }, (_, i) => ({
        customerId: c.id,
        identifier: c.email!,
        method: 'password' as const,
        success: i % 2 === 0,
        ip: `192.0.2.${i}`,
        createdAt: new Date(Date.now() - (25 - i) * 60_000),
      })),
    );
    const headers = sessionHeaders(await createSessionCookie(t.database.db, c.id));
    const logs = (await call('GET', '/api/account/get', headers)).json().data.access_logs;
    expect(logs).toHaveLength(20);
    expect(logs[0].ip).toBe('192.0.2.24');
    expect(logs[19].ip).toBe('192.0.2.5');
  });

  it("keeps customers apart: B sees only B's data and logs", async () => {
    const a = await loggedInCustomer(t, { firstName: 'Alpha' });
    const b = await loggedInCustomer(t, { firstName: 'Beta' });
    await t.database.db.insert(accessLogs).values({
      customerId: a.customer.id,
      identifier: a.customer.email!,
      method: 'password',
      success: true,
      ip: '198.51.100.1',
    });
    const seenByB = (await call('GET', '/api/account/get', b.headers)).json().data;
    expect(seenByB.id).toBe(b.customer.id);
    expect(seenByB.first_name).toBe('Beta');
    expect(seenByB.access_logs.some((l: { ip: string }) => l.ip === '198.51.100.1')).toBe(false);
    // B's profile update touches B only.
    await call('PUT', '/api/account/update-profile', b.headers, {
      first_name: 'Beta2',
      last_name: 'B',
      email: b.customer.email,
      phone: b.customer.phone,
    });
    const [rowA] = await t.database.db.select().from(customers).where(eq(customers.id, a.customer.id));
    expect(rowA!.firstName).toBe('Alpha');
  });
});

describe('PUT /api/account/update-profile', () => {
  it('saves the name and answers the account; the same e-mail (any case) and phone stay as they were', async () => {
    const { customer, headers } = await loggedInCustomer(t);
    const res = await call('PUT', '/api/account/update-profile', headers, {
      first_name: ' Kavya ',
      last_name: 'Menon',
      email: customer.email!.toUpperCase(),
      phone: customer.phone,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(authMessages.profileUpdated);
    expect(res.json().data).toMatchObject({
      id: customer.id,
      first_name: 'Kavya',
      last_name: 'Menon',
      email: customer.email,
      phone: customer.phone,
      phone_verified_at: customer.phoneVerifiedAt!.toISOString(),
      has_password: true,
      access_logs: [],
      pending: { email: null, phone: null },
    });
  });

  it('validates with the spec messages (phone length from the shop country)', async () => {
    const { headers } = await loggedInCustomer(t);
    const empty = await call('PUT', '/api/account/update-profile', headers, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      first_name: [messages.required],
      last_name: [messages.required],
      email: [messages.required],
      phone: [messages.required],
    });
    const bad = await call('PUT', '/api/account/update-profile', headers, {
      first_name: 'A',
      last_name: 'B',
      email: 'a@',
      phone: '12345',
    });
    expect(bad.json().errors).toEqual({ email: [messages.email], phone: [messages.minLength(10)] });
  });
});

describe('PUT /api/account/update-password', () => {
  it('needs the current password; then changes it and ends the other sessions only', async () => {
    const { customer, headers } = await loggedInCustomer(t);
    const otherDevice = sessionHeaders(await createSessionCookie(t.database.db, customer.id));
    const wrong = await call('PUT', '/api/account/update-password', headers, {
      current_password: 'nope',
      password: 'N3w#pass',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      status: 'error',
      message: authMessages.currentPasswordWrong,
      errors: { current_password: [authMessages.currentPasswordWrong] },
    });
    const res = await call('PUT', '/api/account/update-password', headers, {
      current_password: TEST_PASSWORD,
      password: 'N3w#pass',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: authMessages.passwordUpdated, data: null });
    expect((await call('GET', '/api/account/get', headers)).statusCode).toBe(200);
    expect((await call('GET', '/api/account/get', otherDevice)).statusCode).toBe(401);
    const login = (password: string) => call('POST', '/api/auth/login', {}, { email: customer.email, password });
    expect((await login(TEST_PASSWORD)).statusCode).toBe(422);
    expect((await login('N3w#pass')).statusCode).toBe(200);
  });

  it('lets an account made by OTP (no password yet) set its first one with a code (ADR 0011)', async () => {
    const { customer, headers } = await loggedInCustomer(t, { password: null });
    const body = { current_password: 'anything', password: 'F1rst#pass' };
    const ask = await call('PUT', '/api/account/update-password', headers, body);
    expect(ask.statusCode).toBe(422);
    expect(ask.json().errors).toEqual({ otp: [authMessages.codeForPassword] });
    const res = await call('PUT', '/api/account/update-password', headers, {
      ...body,
      otp: await lastCode(customer.phone!),
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await call('POST', '/api/auth/login', {}, { email: customer.email, password: 'F1rst#pass' })).statusCode,
    ).toBe(200);
  });

  it('validates with the spec messages', async () => {
    const { headers } = await loggedInCustomer(t);
    const res = await call('PUT', '/api/account/update-password', headers, { current_password: '', password: 'abc' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ current_password: [messages.required], password: [messages.minLength(6)] });
  });
});

describe('verification popup: POST /api/account/otp/generate + /otp/verify', () => {
  it('verifies the phone: sets phone_verified_at and answers the account', async () => {
    const { customer, headers } = await loggedInCustomer(t, { phoneVerified: false });
    const sent = await call('POST', '/api/account/otp/generate', headers, { input: customer.phone, type: 'phone' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ message: authMessages.otpSent, data: { resends_left: 1 } });
    const code = await lastCode(customer.phone!);
    const res = await call('POST', '/api/account/otp/verify', headers, { input: customer.phone, otp: code });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(authMessages.phoneVerified);
    expect(res.json().data).toMatchObject({
      id: customer.id,
      phone: customer.phone,
      phone_verified_at: expect.any(String),
    });
    const again = await call('POST', '/api/account/otp/verify', headers, { input: customer.phone, otp: code });
    expect(again.json().errors).toEqual({ otp: [authMessages.otpInvalid] });
  });

  it('verifying a number update-profile accepted saves it as the verified phone', async () => {
    const { customer, headers } = await loggedInCustomer(t);
    const phone = uniquePhone();
    const saved = await call('PUT', '/api/account/update-profile', headers, {
      first_name: 'A',
      last_name: 'B',
      email: customer.email,
      phone,
      current_password: TEST_PASSWORD,
    });
    expect(saved.json().data.pending).toEqual({ email: null, phone });
    const res = await call('POST', '/api/account/otp/verify', headers, { input: phone, otp: await lastCode(phone) });
    expect(res.json().data).toMatchObject({ id: customer.id, phone, phone_verified_at: expect.any(String) });
  });

  it('allows 1 resend, then answers "Maximum attempt reached. Please try again later"', async () => {
    const { customer, headers } = await loggedInCustomer(t, { phoneVerified: false });
    expect(
      (await call('POST', '/api/account/otp/generate', headers, { input: customer.phone })).json().data.resends_left,
    ).toBe(1);
    expect(
      (await call('POST', '/api/account/otp/generate', headers, { input: customer.phone })).json().data.resends_left,
    ).toBe(0);
    const third = await call('POST', '/api/account/otp/generate', headers, { input: customer.phone });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ status: 'error', message: 'Maximum attempt reached. Please try again later' });
  });

  it("refuses a number nobody asked to change to (another account's too), a wrong code, an expired code and a dead one", async () => {
    const other = await createCustomer(t.database.db);
    const { customer, headers } = await loggedInCustomer(t, { phoneVerified: false });
    const unasked = await call('POST', '/api/account/otp/generate', headers, { input: other.phone });
    expect(unasked.statusCode).toBe(422);
    expect(unasked.json().errors).toEqual({ input: [authMessages.changeNotRequested] });

    await call('POST', '/api/account/otp/generate', headers, { input: customer.phone });
    const code = await lastCode(customer.phone!);
    const wrong = String((Number(code) + 5) % 10_000).padStart(4, '0');
    for (let i = 0; i < 4; i++) {
      expect(
        (await call('POST', '/api/account/otp/verify', headers, { input: customer.phone, otp: wrong })).json().errors,
      ).toEqual({
        otp: [authMessages.otpInvalid],
      });
    }
    expect(
      (await call('POST', '/api/account/otp/verify', headers, { input: customer.phone, otp: wrong })).json().errors,
    ).toEqual({
      otp: [authMessages.otpDead],
    });
    expect(
      (await call('POST', '/api/account/otp/verify', headers, { input: customer.phone, otp: code })).json().errors,
    ).toEqual({
      otp: [authMessages.otpDead],
    });

    await call('POST', '/api/account/otp/generate', headers, { input: customer.phone });
    await t.database.db
      .update(otpCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(otpCodes.customerId, customer.id));
    const expired = await call('POST', '/api/account/otp/verify', headers, {
      input: customer.phone,
      otp: await lastCode(customer.phone!),
    });
    expect(expired.json().errors).toEqual({ otp: [authMessages.otpExpired] });
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row!.phoneVerifiedAt).toBeNull();
  });

  it("one customer's code does not verify another customer", async () => {
    const a = await loggedInCustomer(t, { phoneVerified: false });
    const b = await loggedInCustomer(t, { phoneVerified: false });
    await call('POST', '/api/account/otp/generate', a.headers, { input: a.customer.phone });
    const res = await call('POST', '/api/account/otp/verify', b.headers, {
      input: a.customer.phone,
      otp: await lastCode(a.customer.phone!),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ otp: [authMessages.otpInvalid] });
  });

  it('validates with the spec messages', async () => {
    const { headers } = await loggedInCustomer(t);
    expect((await call('POST', '/api/account/otp/generate', headers, { input: '123' })).json().errors).toEqual({
      input: [messages.invalidPhone],
    });
    expect(
      (await call('POST', '/api/account/otp/verify', headers, { input: '9876543210', otp: '' })).json().errors,
    ).toEqual({
      otp: [messages.otpRequired],
    });
  });
});

describe('session table', () => {
  it('has one row per login and none left after logout', async () => {
    const c = await createCustomer(t.database.db);
    const res = await call('POST', '/api/auth/login', {}, { email: c.email, password: TEST_PASSWORD });
    const headers = sessionHeaders(sessionCookieFrom(res)!);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.customerId, c.id))).toHaveLength(1);
    await call('POST', '/api/auth/logout', headers);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.customerId, c.id))).toHaveLength(0);
  });
});
