import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_COOKIE, CSRF_HEADER, CSRF_HEADER_VALUE, authMessages, messages } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { countries, customers, throttleCounters } from '../../db/schema.ts';
import { DEMO_UAE_CHANNEL_ID } from '../../db/seed/channels.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  TEST_PASSWORD,
  addressSource,
  createCustomer,
  createSessionCookie,
  sessionCookieFrom,
  uniqueEmail,
  uniquePhone,
} from '../../test/auth.ts';
import { cartOf, testBrowser } from '../../test/browser.ts';
import { lastCodeTo, outboxTo } from '../../test/outbox.ts';

/**
 * Issue 12, Channels: the phone follows the channel. In the UAE channel (+971, 9 digits) sign-up,
 * OTP and the profile take a UAE number; it is stored with its code, so it never meets an Indian one.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const freshIp = addressSource(40);
const UAE = `${CHANNEL_COOKIE}=${DEMO_UAE_CHANNEL_ID}`;
/** A fresh 9-digit UAE mobile number (national digits). */
const uaePhone = () => `5${String(randomInt(0, 1e8)).padStart(8, '0')}`;

const call = (method: 'POST' | 'PUT', url: string, payload: object, cookies: string[] = []) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: cookies.length ? { cookie: cookies.join('; '), [CSRF_HEADER]: CSRF_HEADER_VALUE } : {},
    remoteAddress: freshIp(),
  });
const sms = (stored: string) => lastCodeTo(t.database.db, stored, 'sms');
const customerByPhone = async (phone: string) =>
  (await t.database.db.select().from(customers).where(eq(customers.phone, phone)))[0];

describe('OTP sign-up and login in the UAE channel', () => {
  it('takes 9 digits there, texts +971…, and makes an account whose number keeps its code', async () => {
    const phone = uaePhone();
    const sent = await call('POST', '/api/auth/otp/request', { input: phone, type: 'register' }, [UAE]);
    expect(sent.statusCode).toBe(200);
    const code = await sms(`+971${phone}`);
    const res = await call('POST', '/api/auth/otp/verify', { input: phone, otp: code, type: 'register' }, [UAE]);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(authMessages.registered);
    // Shown as typed (the dialog puts the channel's +971 in front); stored with the code.
    expect(res.json().data.user.phone).toBe(phone);
    const created = await customerByPhone(`+971${phone}`);
    expect(created!.phoneVerifiedAt).not.toBeNull();
    expect(await customerByPhone(phone)).toBeUndefined();

    // Login with the same digits in the same channel finds the account.
    await call('POST', '/api/auth/otp/request', { input: phone }, [UAE]);
    const login = await call('POST', '/api/auth/otp/verify', { input: phone, otp: await sms(`+971${phone}`) }, [UAE]);
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user.id).toBe(created!.id);
    const cookie = sessionCookieFrom(login)!;
    const account = await t.app.inject({ method: 'GET', url: '/api/account/get', headers: { cookie } });
    expect(account.json().data.phone).toBe(phone);
  });

  it('refuses 9 digits in the Indian channel and 10 in the UAE one (exactly the channel country’s length)', async () => {
    const invalid = { status: 'error', message: messages.invalidData, errors: { input: [messages.invalidPhone] } };
    const nine = await call('POST', '/api/auth/otp/request', { input: uaePhone() });
    expect(nine.statusCode).toBe(422);
    expect(nine.json()).toEqual(invalid);
    const ten = await call('POST', '/api/auth/otp/request', { input: uniquePhone() }, [UAE]);
    expect(ten.statusCode).toBe(422);
    expect(ten.json()).toEqual(invalid);
    const verify = await call('POST', '/api/auth/otp/verify', { input: uaePhone(), otp: '1234' });
    expect(verify.json()).toEqual(invalid);
  });

  it('keeps an Indian and a UAE account with the same national digits apart', async () => {
    const db = t.database.db;
    const [uae] = await db.select().from(countries).where(eq(countries.iso2, 'AE'));
    // Same digit count in both countries, so the same digits can be typed in both channels.
    await db.update(countries).set({ mobileNumberLength: 10 }).where(eq(countries.id, uae!.id));
    try {
      const indian = await createCustomer(db);
      const digits = indian.phone!;
      await call('POST', '/api/auth/otp/request', { input: digits, type: 'register' }, [UAE]);
      const code = await sms(`+971${digits}`);
      const res = await call('POST', '/api/auth/otp/verify', { input: digits, otp: code, type: 'register' }, [UAE]);
      expect(res.statusCode).toBe(200);
      const uaeCustomer = await customerByPhone(`+971${digits}`);
      expect(uaeCustomer!.id).not.toBe(indian.id);
      expect(res.json().data.user.id).toBe(uaeCustomer!.id);
      // The Indian account keeps its verified number, and logs in with it in the Indian channel.
      expect((await customerByPhone(digits))!.id).toBe(indian.id);
      await call('POST', '/api/auth/otp/request', { input: digits });
      const indianLogin = await call('POST', '/api/auth/otp/verify', { input: digits, otp: await sms(digits) });
      expect(indianLogin.json().data.user.id).toBe(indian.id);
    } finally {
      await db.update(countries).set({ mobileNumberLength: uae!.mobileNumberLength }).where(eq(countries.id, uae!.id));
    }
  });

  it("counts texts to new numbers against each country's own hourly cap", async () => {
    const db = t.database.db;
    const count = async (code: string) =>
      (
        await db
          .select()
          .from(throttleCounters)
          .where(and(eq(throttleCounters.scope, 'sms_new_number'), eq(throttleCounters.subject, code)))
      )[0]?.count ?? 0;
    const [uaeBefore, inBefore] = [await count('+971'), await count('+91')];
    expect((await call('POST', '/api/auth/otp/request', { input: uaePhone() }, [UAE])).statusCode).toBe(200);
    expect([await count('+971'), await count('+91')]).toEqual([uaeBefore + 1, inBefore]);
    expect((await call('POST', '/api/auth/otp/request', { input: uniquePhone() })).statusCode).toBe(200);
    expect([await count('+971'), await count('+91')]).toEqual([uaeBefore + 1, inBefore + 1]);
  });
});

describe('registration with a password in the UAE channel', () => {
  const body = (phone: string) => ({
    first_name: 'Layla',
    last_name: 'Haddad',
    phone,
    email: uniqueEmail(),
    password: TEST_PASSWORD,
  });

  it('takes a 9-digit number there and stores it with +971; the Indian channel asks for 10', async () => {
    const phone = uaePhone();
    const res = await call('POST', '/api/auth/register', body(phone), [UAE]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.phone).toBe(phone);
    expect(await customerByPhone(`+971${phone}`)).toBeDefined();

    const indian = await call('POST', '/api/auth/register', body(uaePhone()));
    expect(indian.statusCode).toBe(422);
    expect(indian.json().errors).toEqual({ phone: [messages.minLength(10)] });
    // The same UAE number again is taken.
    const again = await call('POST', '/api/auth/register', body(phone), [UAE]);
    expect(again.json().errors).toEqual({ phone: [authMessages.phoneTaken] });
  });
});

describe('profile and verification popup in the UAE channel', () => {
  it('verifies a UAE number, keeps it when the name changes in either channel, and changes it to another UAE number', async () => {
    const db = t.database.db;
    const phone = uaePhone();
    const customer = await createCustomer(db, { phone: `+971${phone}`, phoneVerified: false });
    const session = await createSessionCookie(db, customer.id);

    // Popup: the number as shown, in its channel.
    expect((await call('POST', '/api/account/otp/generate', { input: phone }, [session, UAE])).statusCode).toBe(200);
    const verified = await call('POST', '/api/account/otp/verify', { input: phone, otp: await sms(`+971${phone}`) }, [
      session,
      UAE,
    ]);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data).toMatchObject({ phone, phone_verified_at: expect.any(String) });

    // Saving the name with the number as shown keeps it, in the UAE and in the Indian channel.
    const profile = (p: string, extra: object = {}) => ({
      first_name: 'Omar',
      last_name: 'Saleh',
      email: customer.email,
      phone: p,
      ...extra,
    });
    for (const cookies of [[session, UAE], [session]]) {
      const saved = await call('PUT', '/api/account/update-profile', profile(phone), cookies);
      expect(saved.statusCode).toBe(200);
      expect(saved.json().data).toMatchObject({ phone, pending: { email: null, phone: null } });
    }
    expect((await customerByPhone(`+971${phone}`))!.id).toBe(customer.id);

    // A new number: 9 digits in the UAE channel, pending until the code sent to +971… comes back.
    const next = uaePhone();
    const short = await call('PUT', '/api/account/update-profile', profile(next, { current_password: TEST_PASSWORD }), [
      session,
    ]);
    expect(short.json().errors).toEqual({ phone: [messages.minLength(10)] });
    const changed = await call(
      'PUT',
      '/api/account/update-profile',
      profile(next, { current_password: TEST_PASSWORD }),
      [session, UAE],
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.pending.phone).toBe(next);
    expect(await outboxTo(db, `+971${next}`, 'sms')).toHaveLength(1);
    const done = await call('POST', '/api/account/otp/verify', { input: next, otp: await sms(`+971${next}`) }, [
      session,
      UAE,
    ]);
    expect(done.statusCode).toBe(200);
    expect(done.json().data.phone).toBe(next);
    expect((await customerByPhone(`+971${next}`))!.id).toBe(customer.id);
  });
});

describe('checkout contact of a UAE customer', () => {
  it("defaults to the account's number as typed (no +971 the contact form would refuse)", async () => {
    const db = t.database.db;
    const phone = uaePhone();
    const customer = await createCustomer(db, { phone: `+971${phone}` });
    const b = testBrowser(t.app, { ip: freshIp(), cookie: `${await createSessionCookie(db, customer.id)}; ${UAE}` });
    const [variant] = await queryRows<{ id: string }>(
      db,
      sql`select v.id from variants v join variant_channels vc on vc.variant_id = v.id and vc.is_available
            and vc.channel_id = ${DEMO_UAE_CHANNEL_ID}
            join products p on p.id = v.product_id and p.is_published
           where v.stock >= 5 order by v.id limit 1`,
    );
    const res = await b.call('POST', '/api/cart/add-item', { product_id: variant!.id, quantity: 1 });
    expect(res.statusCode).toBe(200);
    expect(cartOf(res).phone).toBe(phone);
    const saved = await b.call('PUT', '/api/cart/update-contact', { phone: cartOf(res).phone });
    expect(saved.statusCode).toBe(200);
  });
});
