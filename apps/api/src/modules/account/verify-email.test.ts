import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_TTL_MS, authMessages, messages, type AccountVerificationFor } from '@shopfront/shared';
import { customers, otpCodes, outboxMessages, storeSettings } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addressSource, loggedInCustomer, uniquePhone } from '../../test/auth.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const freshIp = addressSource(4);
const post = (url: string, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object, remoteAddress: freshIp() });
const generate = (headers: Record<string, string>, payload: unknown) =>
  post('/api/account/otp/generate', headers, payload);
const verify = (headers: Record<string, string>, payload: unknown) => post('/api/account/otp/verify', headers, payload);

/** The newest outbox message to `recipient` on `channel`. */
async function lastMessage(recipient: string, channel: 'email' | 'sms') {
  const [msg] = await t.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.channel, channel)))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  return msg;
}
/** The code of the newest e-mail to `email`, read the way the shopper reads it. */
async function lastEmailCode(email: string): Promise<string> {
  return /\b(\d{4})\b/.exec((await lastMessage(email, 'email'))!.body)![1]!;
}
const wrongCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

/** Runs `fn` with the store setting account_verification_for set as given (undefined: never saved). */
async function withVerificationFor(value: AccountVerificationFor | undefined, fn: () => Promise<void>) {
  const key = 'account_verification_for';
  const [before] = await t.database.db.select().from(storeSettings).where(eq(storeSettings.key, key));
  if (value === undefined) await t.database.db.delete(storeSettings).where(eq(storeSettings.key, key));
  else await t.database.db.update(storeSettings).set({ value }).where(eq(storeSettings.key, key));
  try {
    await fn();
  } finally {
    await t.database.db
      .insert(storeSettings)
      .values({ key, value: before!.value })
      .onConflictDoUpdate({ target: storeSettings.key, set: { value: before!.value } });
  }
}

describe('store setting account_verification_for', () => {
  it('reaches the storefront through initial-values (the demo shop verifies phones)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/storefront/initial-values?keys=account_verification_for',
    });
    expect(res.json().data.settings).toEqual({ account_verification_for: 'phone' });
  });
});

describe('verification popup, type email', () => {
  it('e-mails a 4-digit code (stored hashed, 10 minutes) and verifying it sets email_verified_at, once', async () => {
    await withVerificationFor('both', async () => {
      const { customer, headers } = await loggedInCustomer(t, { firstName: 'Kavya' });
      const sent = await generate(headers, { input: customer.email, type: 'email' });
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toMatchObject({
        status: 'success',
        message: authMessages.otpSent,
        data: { resends_left: 1 },
      });
      const expiresIn = Date.parse(sent.json().data.expires_at) - Date.now();
      expect(expiresIn).toBeGreaterThan(OTP_TTL_MS - 60_000);
      expect(expiresIn).toBeLessThanOrEqual(OTP_TTL_MS + 1000);

      const mail = await lastMessage(customer.email!, 'email');
      expect(mail!.subject).toBe('Your Loom & Leaf verification code');
      expect(mail!.body).toMatch(/^Hello Kavya,/);
      // No SMS went anywhere for an e-mail check.
      expect(await lastMessage(customer.phone!, 'sms')).toBeUndefined();
      const code = await lastEmailCode(customer.email!);
      const [row] = await t.database.db.select().from(otpCodes).where(eq(otpCodes.customerId, customer.id));
      expect(row).toMatchObject({ purpose: 'verify_email', phone: customer.email });
      expect(row!.codeHash).not.toContain(code);

      const res = await verify(headers, { input: customer.email, otp: code, type: 'email' });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(authMessages.emailVerified);
      expect(res.json().data).toMatchObject({
        id: customer.id,
        email: customer.email,
        email_verified_at: expect.any(String),
        phone: customer.phone,
        phone_verified_at: customer.phoneVerifiedAt!.toISOString(),
      });
      const again = await verify(headers, { input: customer.email, otp: code, type: 'email' });
      expect(again.statusCode).toBe(422);
      expect(again.json().errors).toEqual({ otp: [authMessages.otpInvalid] });
    });
  });

  it('refuses a wrong code, kills the code after 5 wrong tries, and refuses an expired one', async () => {
    await withVerificationFor('both', async () => {
      const { customer, headers } = await loggedInCustomer(t);
      const input = customer.email!;
      await generate(headers, { input, type: 'email' });
      const code = await lastEmailCode(input);
      for (let i = 0; i < 4; i++) {
        const res = await verify(headers, { input, otp: wrongCode(code), type: 'email' });
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual({ otp: [authMessages.otpInvalid] });
      }
      expect((await verify(headers, { input, otp: wrongCode(code), type: 'email' })).json().errors).toEqual({
        otp: [authMessages.otpDead],
      });
      expect((await verify(headers, { input, otp: code, type: 'email' })).json().errors).toEqual({
        otp: [authMessages.otpDead],
      });

      // The one resend brings a live code with fresh tries; then it expires.
      await generate(headers, { input, type: 'email' });
      await t.database.db
        .update(otpCodes)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(otpCodes.customerId, customer.id));
      const expired = await verify(headers, { input, otp: await lastEmailCode(input), type: 'email' });
      expect(expired.json().errors).toEqual({ otp: [authMessages.otpExpired] });

      const [row] = await t.database.db.select().from(customers).where(eq(customers.id, customer.id));
      expect(row!.emailVerifiedAt).toBeNull();
    });
  });

  it("a phone code does not verify the e-mail, nor one customer's code another customer", async () => {
    await withVerificationFor('both', async () => {
      const a = await loggedInCustomer(t, { phoneVerified: false });
      await generate(a.headers, { input: a.customer.phone, type: 'phone' });
      const sms = /\b(\d{4})\b/.exec((await lastMessage(a.customer.phone!, 'sms'))!.body)![1]!;
      const crossed = await verify(a.headers, { input: a.customer.email, otp: sms, type: 'email' });
      expect(crossed.json().errors).toEqual({ otp: [authMessages.otpInvalid] });

      const b = await loggedInCustomer(t);
      await generate(a.headers, { input: a.customer.email, type: 'email' });
      const res = await verify(b.headers, {
        input: a.customer.email,
        otp: await lastEmailCode(a.customer.email!),
        type: 'email',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ otp: [authMessages.otpInvalid] });
    });
  });

  it('allows 1 resend, then answers "Maximum attempt reached. Please try again later"', async () => {
    await withVerificationFor('both', async () => {
      const { customer, headers } = await loggedInCustomer(t);
      const body = { input: customer.email, type: 'email' };
      expect((await generate(headers, body)).json().data.resends_left).toBe(1);
      expect((await generate(headers, body)).json().data.resends_left).toBe(0);
      const third = await generate(headers, body);
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ status: 'error', message: 'Maximum attempt reached. Please try again later' });
      // The phone's allowance is its own.
      expect((await generate(headers, { input: customer.phone })).json().data.resends_left).toBe(1);
    });
  });

  it('validates the input per type with the spec messages', async () => {
    await withVerificationFor('both', async () => {
      const { headers } = await loggedInCustomer(t);
      expect((await generate(headers, { input: '', type: 'email' })).json().errors).toEqual({
        input: [messages.required],
      });
      expect((await generate(headers, { input: 'ana@', type: 'email' })).json().errors).toEqual({
        input: [messages.email],
      });
      expect((await generate(headers, { input: 'ana@example.test' })).json().errors).toEqual({
        input: [messages.invalidPhone],
      });
      expect((await verify(headers, { input: 'ana@example.test', otp: '', type: 'email' })).json().errors).toEqual({
        otp: [messages.otpRequired],
      });
      expect((await generate(headers, { input: '9876543210', type: 'sms' })).json().errors).toEqual({
        type: [messages.fallback],
      });
    });
  });
});

describe('verification popup obeys account_verification_for', () => {
  const refusals: [AccountVerificationFor, 'phone' | 'email', string][] = [
    ['none', 'phone', authMessages.phoneVerificationOff],
    ['none', 'email', authMessages.emailVerificationOff],
    ['email', 'phone', authMessages.phoneVerificationOff],
    ['phone', 'email', authMessages.emailVerificationOff],
  ];
  it.each(refusals)('%s: type %s answers 422 on type and sends nothing', async (setting, type, message) => {
    await withVerificationFor(setting, async () => {
      const { customer, headers } = await loggedInCustomer(t, { phoneVerified: false });
      const input = type === 'email' ? customer.email : customer.phone;
      for (const res of [
        await generate(headers, { input, type }),
        await verify(headers, { input, otp: '1234', type }),
      ]) {
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({ status: 'error', message, errors: { type: [message] } });
      }
      expect(await lastMessage(input!, type === 'email' ? 'email' : 'sms')).toBeUndefined();
    });
  });

  it('none: also the default type (phone) is refused', async () => {
    await withVerificationFor('none', async () => {
      const { customer, headers } = await loggedInCustomer(t, { phoneVerified: false });
      const res = await generate(headers, { input: customer.phone });
      expect(res.json().errors).toEqual({ type: [authMessages.phoneVerificationOff] });
    });
  });

  it.each(['phone', 'email', 'both'] as const)('%s: the types it names are sent', async (setting) => {
    await withVerificationFor(setting, async () => {
      const { customer, headers } = await loggedInCustomer(t, { phone: uniquePhone(), phoneVerified: false });
      const phone = await generate(headers, { input: customer.phone, type: 'phone' });
      const email = await generate(headers, { input: customer.email, type: 'email' });
      expect(phone.statusCode).toBe(setting === 'email' ? 422 : 200);
      expect(email.statusCode).toBe(setting === 'phone' ? 422 : 200);
    });
  });

  it('a shop that never saved the setting verifies phones only', async () => {
    await withVerificationFor(undefined, async () => {
      const { customer, headers } = await loggedInCustomer(t, { phoneVerified: false });
      expect((await generate(headers, { input: customer.phone })).statusCode).toBe(200);
      expect((await generate(headers, { input: customer.email, type: 'email' })).json().errors).toEqual({
        type: [authMessages.emailVerificationOff],
      });
    });
  });
});
