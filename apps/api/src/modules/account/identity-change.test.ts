import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, messages } from '@shopfront/shared';
import { customers } from '../../db/schema.ts';
import { lastCodeTo, outboxTo, wrongCode } from '../../test/outbox.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  TEST_PASSWORD,
  addressSource,
  createCustomer,
  createSessionCookie,
  loggedInCustomer,
  sessionHeaders,
  uniqueEmail,
  uniquePhone,
} from '../../test/auth.ts';
import { ACCOUNT_RATE_LIMITS } from './routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const freshIp = addressSource(82);
const call = (method: 'POST' | 'PUT', url: string, headers: Record<string, string>, payload: unknown, ip?: string) =>
  t.app.inject({ method, url, headers, payload: payload as object, remoteAddress: ip ?? freshIp() });
const updateProfile = (headers: Record<string, string>, payload: unknown, ip?: string) =>
  call('PUT', '/api/account/update-profile', headers, payload, ip);

const messagesTo = (recipient: string) => outboxTo(t.database.db, recipient);
const lastCode = (to: string) => lastCodeTo(t.database.db, to);
const customerRow = async (id: number) =>
  (await t.database.db.select().from(customers).where(eq(customers.id, id)))[0]!;
const updatePassword = (headers: Record<string, string>, payload: unknown) =>
  call('PUT', '/api/account/update-password', headers, payload);
/** Whether a session still opens the account (the account page answers 200, not 401). */
const signedIn = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/account/get', headers })).statusCode === 200;

describe('update-profile does not say whether an e-mail or phone belongs to someone else', () => {
  it('answers a taken address and a free one alike, and the account keeps its own until the code comes back', async () => {
    const other = await createCustomer(t.database.db);
    await t.database.db.update(customers).set({ emailVerifiedAt: new Date() }).where(eq(customers.id, other.id));
    const { customer, headers } = await loggedInCustomer(t);
    const ask = (email: string) =>
      updateProfile(headers, {
        first_name: 'A',
        last_name: 'B',
        email,
        phone: customer.phone,
        current_password: TEST_PASSWORD,
      });
    const taken = await ask(other.email!.toUpperCase());
    const free = await ask(uniqueEmail());
    for (const res of [taken, free]) {
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(authMessages.changePending);
      expect(res.json().data.email).toBe(customer.email);
    }
    expect(taken.json().data.pending).toEqual({ email: other.email, phone: null });
    expect((await customerRow(customer.id)).email).toBe(customer.email);

    // Only the owner of the address learns it is taken: the code sent there is needed to hear it.
    const late = await call('POST', '/api/account/otp/verify', headers, {
      input: other.email,
      otp: await lastCode(other.email!),
      type: 'email',
    });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors).toEqual({ input: [authMessages.emailTaken] });
    expect((await customerRow(customer.id)).email).toBe(customer.email);
  });

  it(`is rate-limited per address (${ACCOUNT_RATE_LIMITS.updateProfile.max} in 15 minutes)`, async () => {
    const { customer, headers } = await loggedInCustomer(t);
    const ip = freshIp();
    const body = { first_name: 'A', last_name: 'B', email: customer.email, phone: customer.phone };
    for (let i = 0; i < ACCOUNT_RATE_LIMITS.updateProfile.max; i++) {
      expect((await updateProfile(headers, body, ip)).statusCode).toBe(200);
    }
    expect((await updateProfile(headers, body, ip)).statusCode).toBe(429);
  });
});

describe('changing e-mail or phone needs the owner', () => {
  it('asks for the current password, refuses a wrong one, and sends no code before', async () => {
    const { customer, headers } = await loggedInCustomer(t);
    const email = uniqueEmail();
    const body = { first_name: 'A', last_name: 'B', email, phone: customer.phone };
    const missing = await updateProfile(headers, body);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ current_password: [authMessages.currentPasswordForChange] });
    const wrong = await updateProfile(headers, { ...body, current_password: 'not-it' });
    expect(wrong.json().errors).toEqual({ current_password: [authMessages.currentPasswordWrong] });
    expect(await messagesTo(email)).toEqual([]);
  });

  it('an account without a password proves itself with a code to its verified phone', async () => {
    const { customer, headers } = await loggedInCustomer(t, { password: null, email: null });
    const email = uniqueEmail();
    const body = { first_name: 'A', last_name: 'B', email, phone: customer.phone };
    const first = await updateProfile(headers, body);
    expect(first.statusCode).toBe(422);
    expect(first.json().errors).toEqual({ otp: [authMessages.codeForChange] });
    const code = await lastCode(customer.phone!);
    const wrong = await updateProfile(headers, { ...body, otp: String((Number(code) + 1) % 10_000).padStart(4, '0') });
    expect(wrong.json().errors).toEqual({ otp: [authMessages.otpInvalid] });
    const res = await updateProfile(headers, { ...body, otp: code });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.pending).toEqual({ email, phone: null });
  });

  it('the popup sends no code to a contact nobody asked for', async () => {
    const { headers } = await loggedInCustomer(t);
    const email = uniqueEmail();
    const res = await call('POST', '/api/account/otp/generate', headers, { input: email, type: 'email' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ input: [authMessages.changeNotRequested] });
    expect(await messagesTo(email)).toEqual([]);
  });
});

describe('a confirmed change notifies the old contact', () => {
  it('a new e-mail becomes the verified address once its code comes back; the OLD address is told', async () => {
    const { customer, headers } = await loggedInCustomer(t);
    const email = uniqueEmail();
    await updateProfile(headers, {
      first_name: 'A',
      last_name: 'B',
      email: email.toUpperCase(),
      phone: customer.phone,
      current_password: TEST_PASSWORD,
    });
    // One resend is allowed through the popup for a pending address.
    expect((await call('POST', '/api/account/otp/generate', headers, { input: email, type: 'email' })).statusCode).toBe(
      200,
    );
    const res = await call('POST', '/api/account/otp/verify', headers, {
      input: email,
      otp: await lastCode(email),
      type: 'email',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email, email_verified_at: expect.any(String) });
    const [notice] = await messagesTo(customer.email!);
    expect(notice!.subject).toMatch(/e-mail address was changed/);
    expect(notice!.body).toContain(email.replace(/^(.)[^@]*/, '$1***'));
  });

  it('a new phone is told to the e-mail; an unverified claim on it leaves the other account', async () => {
    const phone = uniquePhone();
    const squatter = await createCustomer(t.database.db, { phone, phoneVerified: false });
    const { customer, headers } = await loggedInCustomer(t);
    await updateProfile(headers, {
      first_name: 'A',
      last_name: 'B',
      email: customer.email,
      phone,
      current_password: TEST_PASSWORD,
    });
    const res = await call('POST', '/api/account/otp/verify', headers, { input: phone, otp: await lastCode(phone) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ phone, phone_verified_at: expect.any(String) });
    expect((await customerRow(squatter.id)).phone).toBeNull();
    expect((await messagesTo(customer.email!))[0]!.subject).toMatch(/mobile number was changed/);
    expect((await messagesTo(squatter.email!))[0]!.subject).toMatch(/lost an unverified mobile number/);
  });

  it('a password change queues a notice and refuses a common password beside the field', async () => {
    const { customer, headers } = await loggedInCustomer(t);
    const common = await call('PUT', '/api/account/update-password', headers, {
      current_password: TEST_PASSWORD,
      password: 'Iloveyou1',
    });
    expect(common.statusCode).toBe(422);
    expect(common.json().errors).toEqual({ password: [authMessages.passwordTooCommon] });
    expect(await messagesTo(customer.email!)).toEqual([]);
    const res = await call('PUT', '/api/account/update-password', headers, {
      current_password: TEST_PASSWORD,
      password: 'Fresh#Pass9',
    });
    expect(res.statusCode).toBe(200);
    const [notice] = await messagesTo(customer.email!);
    expect(notice!.subject).toMatch(/password was changed/);
  });
});

describe('an account without a password sets its first one only with a code (ADR 0011)', () => {
  it('the first try sends a code to the verified phone and sets nothing', async () => {
    const { customer, headers } = await loggedInCustomer(t, { password: null });
    const res = await updatePassword(headers, { password: 'F1rst#pass' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ otp: [authMessages.codeForPassword] });
    const [sms] = await messagesTo(customer.phone!);
    expect(sms!.body).toMatch(/^\d{4} is your .+ code to set a password for your account\./);
    expect((await customerRow(customer.id)).passwordHash).toBeNull();
  });

  it('a wrong code is 422 on otp and sets nothing; the right one sets it and ends the other sessions', async () => {
    const { customer, headers } = await loggedInCustomer(t, { password: null });
    const otherDevice = sessionHeaders(await createSessionCookie(t.database.db, customer.id));
    await updatePassword(headers, { password: 'F1rst#pass' });
    const code = await lastCode(customer.phone!);
    const wrong = await updatePassword(headers, { password: 'F1rst#pass', otp: wrongCode(code) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ otp: [authMessages.otpInvalid] });
    expect((await customerRow(customer.id)).passwordHash).toBeNull();

    const res = await updatePassword(headers, { password: 'F1rst#pass', otp: code });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(authMessages.passwordUpdated);
    expect((await customerRow(customer.id)).passwordHash).not.toBeNull();
    const login = await call('POST', '/api/auth/login', {}, { email: customer.email, password: 'F1rst#pass' });
    expect(login.statusCode).toBe(200);
    expect(await signedIn(headers)).toBe(true);
    expect(await signedIn(otherDevice)).toBe(false);
    // From now on the account has a password, and changing it needs that password.
    const again = await updatePassword(headers, { current_password: 'F1rst#pass', password: 'Other#pass2' });
    expect(again.statusCode).toBe(200);
  });

  it('checks the new password before sending a code, and falls back to a verified e-mail', async () => {
    const { customer, headers } = await loggedInCustomer(t, { password: null, phoneVerified: false });
    await t.database.db.update(customers).set({ emailVerifiedAt: new Date() }).where(eq(customers.id, customer.id));
    const common = await updatePassword(headers, { password: 'Iloveyou1' });
    expect(common.json().errors).toEqual({ password: [authMessages.passwordTooCommon] });
    expect(await messagesTo(customer.email!)).toEqual([]);
    const res = await updatePassword(headers, { password: 'F1rst#pass' });
    expect(res.json().errors).toEqual({ otp: [authMessages.codeForPassword] });
    expect(await messagesTo(customer.phone!)).toEqual([]);
    const ok = await updatePassword(headers, { password: 'F1rst#pass', otp: await lastCode(customer.email!) });
    expect(ok.statusCode).toBe(200);
  });

  it('an account with no verified contact cannot set one here, and no code is sent', async () => {
    const { customer, headers } = await loggedInCustomer(t, { password: null, phoneVerified: false });
    const res = await updatePassword(headers, { password: 'F1rst#pass' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ otp: [authMessages.verifyContactForPassword] });
    expect(await messagesTo(customer.phone!)).toEqual([]);
    expect((await customerRow(customer.id)).passwordHash).toBeNull();
  });

  it('an account with a password still needs it: a code is no substitute and none is sent', async () => {
    const { customer, headers } = await loggedInCustomer(t);
    const res = await updatePassword(headers, { password: 'Fresh#Pass9', otp: '1234' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ current_password: [messages.required] });
    expect(await messagesTo(customer.phone!)).toEqual([]);
    const wrong = await updatePassword(headers, { current_password: 'not-it', password: 'Fresh#Pass9' });
    expect(wrong.json().errors).toEqual({ current_password: [authMessages.currentPasswordWrong] });
    const ok = await updatePassword(headers, { current_password: TEST_PASSWORD, password: 'Fresh#Pass9' });
    expect(ok.statusCode).toBe(200);
  });
});

describe('a confirmed contact change ends the other sessions', () => {
  it('a new e-mail or phone signs out every other device, not the one that confirmed it', async () => {
    const { customer, headers } = await loggedInCustomer(t);
    const otherDevice = sessionHeaders(await createSessionCookie(t.database.db, customer.id));
    const email = uniqueEmail();
    await updateProfile(headers, {
      first_name: 'A',
      last_name: 'B',
      email,
      phone: customer.phone,
      current_password: TEST_PASSWORD,
    });
    // Only pending so far: nobody is signed out.
    expect(await signedIn(otherDevice)).toBe(true);
    const res = await call('POST', '/api/account/otp/verify', headers, {
      input: email,
      otp: await lastCode(email),
      type: 'email',
    });
    expect(res.statusCode).toBe(200);
    expect(await signedIn(headers)).toBe(true);
    expect(await signedIn(otherDevice)).toBe(false);

    // The same for a phone, from a device that signed in after the e-mail change.
    const laterDevice = sessionHeaders(await createSessionCookie(t.database.db, customer.id));
    const phone = uniquePhone();
    await updateProfile(headers, { first_name: 'A', last_name: 'B', email, phone, current_password: TEST_PASSWORD });
    const wrong = await call('POST', '/api/account/otp/verify', headers, {
      input: phone,
      otp: wrongCode(await lastCode(phone)),
    });
    expect(wrong.statusCode).toBe(422);
    expect(await signedIn(laterDevice)).toBe(true);
    const ok = await call('POST', '/api/account/otp/verify', headers, { input: phone, otp: await lastCode(phone) });
    expect(ok.statusCode).toBe(200);
    expect(await signedIn(headers)).toBe(true);
    expect(await signedIn(laterDevice)).toBe(false);
  });

  it('verifying the contact the account already has signs nobody out', async () => {
    const { customer, headers } = await loggedInCustomer(t, { phoneVerified: false });
    const otherDevice = sessionHeaders(await createSessionCookie(t.database.db, customer.id));
    await call('POST', '/api/account/otp/generate', headers, { input: customer.phone, type: 'phone' });
    const res = await call('POST', '/api/account/otp/verify', headers, {
      input: customer.phone,
      otp: await lastCode(customer.phone!),
    });
    expect(res.statusCode).toBe(200);
    expect(await signedIn(otherDevice)).toBe(true);
  });
});
