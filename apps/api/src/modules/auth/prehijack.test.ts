import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@shopfront/shared';
import { customers, passwordResets, sessions } from '../../db/schema.ts';
import { DEMO_CUSTOMER } from '../../db/seed/accounts.ts';
import { hashPassword } from '../../lib/password.ts';
import { lastCodeTo, outboxTo } from '../../test/outbox.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  TEST_PASSWORD,
  addressSource,
  createCustomer,
  createSessionCookie,
  sessionCookieFrom,
  sessionHeaders,
  uniqueEmail,
  uniquePhone,
} from '../../test/auth.ts';
import { hashToken } from '../../lib/session.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const freshIp = addressSource(81);
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: freshIp() });

const messagesTo = (recipient: string) => outboxTo(t.database.db, recipient);
const lastCode = (phone: string) => lastCodeTo(t.database.db, phone);
const customerRow = async (id: number) =>
  (await t.database.db.select().from(customers).where(eq(customers.id, id)))[0]!;

/** The attacker's move: a password account carrying someone else's identifier, never proven. */
async function attackerRegisters(fields: { email?: string; phone?: string }) {
  const res = await post('/api/auth/register', {
    first_name: 'Mallory',
    last_name: 'M',
    email: fields.email ?? uniqueEmail(),
    phone: fields.phone ?? uniquePhone(),
    password: 'Att4cker#pw',
  });
  expect(res.statusCode).toBe(200);
  return { id: res.json().data.user.id as number, headers: sessionHeaders(sessionCookieFrom(res)!) };
}

async function otpSignIn(phone: string, type: 'login' | 'register') {
  expect((await post('/api/auth/otp/request', { input: phone, type })).statusCode).toBe(200);
  return post('/api/auth/otp/verify', { input: phone, otp: await lastCode(phone), type });
}

/** A reset link for `email`, stored the way requestPasswordReset stores one. */
async function resetLink(customerId: number) {
  const token = `tok${Math.random().toString(36).slice(2)}${'x'.repeat(20)}`;
  await t.database.db
    .insert(passwordResets)
    .values({ customerId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3600_000) });
  return token;
}

describe('an unverified phone is a claim, not a key', () => {
  it("OTP login with the victim's phone never lands in the account that claimed it", async () => {
    const victimPhone = uniquePhone();
    const attacker = await attackerRegisters({ phone: victimPhone });
    const res = await otpSignIn(victimPhone, 'login');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ input: [authMessages.phoneNotVerified] });
    expect(sessionCookieFrom(res)).toBeNull();
    expect((await customerRow(attacker.id)).phoneVerifiedAt).toBeNull();
  });

  it('OTP register takes the number back: a new account, the claim leaves the other one, whose owner is told', async () => {
    const victimPhone = uniquePhone();
    const attackerEmail = uniqueEmail();
    const attacker = await attackerRegisters({ phone: victimPhone, email: attackerEmail });
    const res = await otpSignIn(victimPhone, 'register');
    expect(res.statusCode).toBe(200);
    const victim = res.json().data.user;
    expect(victim.id).not.toBe(attacker.id);
    expect(victim).toMatchObject({ phone: victimPhone, phone_verified_at: expect.any(String) });
    expect(await customerRow(attacker.id)).toMatchObject({ phone: null, phoneVerifiedAt: null });
    const [notice] = await messagesTo(attackerEmail);
    expect(notice!.subject).toMatch(/lost an unverified mobile number/);
  });

  it('a verified phone still logs in by OTP and still refuses a second registration', async () => {
    const owner = await createCustomer(t.database.db);
    const login = await otpSignIn(owner.phone!, 'login');
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user.id).toBe(owner.id);
    const again = await post('/api/auth/otp/request', { input: owner.phone, type: 'register' });
    expect(again.json().errors).toEqual({ input: [authMessages.phoneTaken] });
  });
});

describe("a password reset makes the e-mail's owner the only one in", () => {
  it("removes the phone the attacker verified while the e-mail was unproven, ends the attacker's sessions, and notifies", async () => {
    const victimEmail = uniqueEmail();
    const attackerPhone = uniquePhone();
    const attacker = await attackerRegisters({ email: victimEmail, phone: attackerPhone });
    // The attacker proves their own phone through the verification popup.
    await post('/api/account/otp/generate', { input: attackerPhone }, attacker.headers);
    const verified = await post(
      '/api/account/otp/verify',
      { input: attackerPhone, otp: await lastCode(attackerPhone) },
      attacker.headers,
    );
    expect(verified.json().data.phone_verified_at).toEqual(expect.any(String));

    const token = await resetLink(attacker.id);
    const reset = await post('/api/auth/reset-complete', { email: victimEmail, token, password: 'Vict1m#owns' });
    expect(reset.statusCode).toBe(200);
    expect(await customerRow(attacker.id)).toMatchObject({
      email: victimEmail,
      emailVerifiedAt: expect.any(Date),
      phone: null,
      phoneVerifiedAt: null,
    });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.customerId, attacker.id))).toEqual([]);
    const [notice] = await messagesTo(victimEmail);
    expect(notice!.subject).toMatch(/password was reset/);
    expect(notice!.body).toContain(`******${attackerPhone.slice(-4)}`);
    // The attacker's phone now opens no door into the victim's account.
    const otp = await otpSignIn(attackerPhone, 'login');
    expect(otp.json().data.user.id).not.toBe(attacker.id);
  });

  it('removes an unverified phone even when the e-mail was already proven, and keeps a phone proven after it', async () => {
    const stray = await createCustomer(t.database.db, { phoneVerified: false });
    await t.database.db.update(customers).set({ emailVerifiedAt: new Date() }).where(eq(customers.id, stray.id));
    await post('/api/auth/reset-complete', {
      email: stray.email,
      token: await resetLink(stray.id),
      password: 'N3w#Stray',
    });
    expect((await customerRow(stray.id)).phone).toBeNull();

    const both = await createCustomer(t.database.db);
    await t.database.db.update(customers).set({ emailVerifiedAt: new Date() }).where(eq(customers.id, both.id));
    await post('/api/auth/reset-complete', {
      email: both.email,
      token: await resetLink(both.id),
      password: 'N3w#Both1',
    });
    expect((await customerRow(both.id)).phone).toBe(both.phone);
  });
});

describe('password policy: the 10,000 most common passwords are refused for new passwords', () => {
  it('register answers 422 on password, whatever the case, and creates nothing', async () => {
    const email = uniqueEmail();
    const res = await post('/api/auth/register', {
      first_name: 'A',
      last_name: 'B',
      email,
      phone: uniquePhone(),
      password: 'QWERTY123',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      status: 'error',
      message: authMessages.passwordTooCommon,
      errors: { password: [authMessages.passwordTooCommon] },
    });
    expect(await t.database.db.select().from(customers).where(eq(customers.email, email))).toEqual([]);
  });

  it('reset-complete answers 422 on password and keeps the link alive', async () => {
    const c = await createCustomer(t.database.db);
    const token = await resetLink(c.id);
    const res = await post('/api/auth/reset-complete', { email: c.email, token, password: 'Password1' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ password: [authMessages.passwordTooCommon] });
    const [link] = await t.database.db
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.customerId, c.id)));
    expect(link!.usedAt).toBeNull();
  });

  it('login never applies it: the demo customer and an old common password still sign in', async () => {
    const demo = await post('/api/auth/login', { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password });
    expect(demo.statusCode).toBe(200);
    const old = await createCustomer(t.database.db, { password: null });
    await t.database.db
      .update(customers)
      .set({ passwordHash: await hashPassword('password1') })
      .where(eq(customers.id, old.id));
    expect((await post('/api/auth/login', { email: old.email, password: 'password1' })).statusCode).toBe(200);
    // TEST_PASSWORD is not a common one: the helpers' accounts are unaffected.
    const c = await createCustomer(t.database.db);
    const cookie = await createSessionCookie(t.database.db, c.id);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/account/update-password',
          headers: sessionHeaders(cookie),
          payload: { current_password: TEST_PASSWORD, password: 'Str0nger#one' },
        })
      ).statusCode,
    ).toBe(200);
  });
});
