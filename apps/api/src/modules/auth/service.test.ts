import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@shopfront/shared';
import { countries, customers } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createCustomer, uniqueEmail, uniquePhone } from '../../test/auth.ts';
import { uniqueViolation } from './service.ts';
import {
  callingCodeOf,
  channelPhoneCountry,
  nationalPhone,
  shopMobileCountry,
  storedPhone,
} from '../../lib/shop-country.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('uniqueViolation', () => {
  it("names the constraint a duplicate e-mail or phone hit, through drizzle's error wrapping", async () => {
    const c = await createCustomer(t.database.db);
    const dup = (values: { email?: string; phone?: string }) =>
      t.database.db
        .insert(customers)
        .values(values)
        .then(
          () => null,
          (err: unknown) => uniqueViolation(err),
        );
    expect(await dup({ email: c.email! })).toBe('customers_email_unique');
    expect(await dup({ phone: c.phone! })).toBe('customers_phone_unique');
    expect(uniqueViolation(new Error('other'))).toBeNull();
  });
});

describe('phone countries', () => {
  it("the home country is the default channel's; its numbers stay bare digits, others keep their code", async () => {
    const db = t.database.db;
    const [india] = await db.select().from(countries).where(eq(countries.iso2, 'IN'));
    const [uae] = await db.select().from(countries).where(eq(countries.iso2, 'AE'));
    expect((await shopMobileCountry(db)).mobileNumberLength).toBe(10);
    const home = await channelPhoneCountry(db, india!.id);
    expect(home).toEqual({ mobileCode: '+91', mobileNumberLength: 10, home: true });
    const away = await channelPhoneCountry(db, uae!.id);
    expect(away).toEqual({ mobileCode: '+971', mobileNumberLength: 9, home: false });
    expect(await channelPhoneCountry(db, null)).toEqual(home);
    expect(storedPhone(home, '9845012345')).toBe('9845012345');
    expect(storedPhone(away, '501234567')).toBe('+971501234567');
    expect(await nationalPhone(db, '+971501234567')).toBe('501234567');
    expect(await nationalPhone(db, '9845012345')).toBe('9845012345');
    expect(await nationalPhone(db, null)).toBeNull();
    expect(await callingCodeOf(db, '+971501234567')).toBe('+971');
    expect(await callingCodeOf(db, '9845012345')).toBe('+91');
    await db.update(countries).set({ mobileNumberLength: 8 }).where(eq(countries.id, india!.id));
    try {
      expect((await shopMobileCountry(db)).mobileNumberLength).toBe(8);
    } finally {
      await db.update(countries).set({ mobileNumberLength: 10 }).where(eq(countries.id, india!.id));
    }
  });
});

describe('simultaneous registrations', () => {
  it('with one e-mail: one account, and the other request gets the field error', async () => {
    const email = uniqueEmail();
    const body = (phone: string) => ({ first_name: 'Dev', last_name: 'Rai', phone, email, password: 'Str0ng#pass' });
    const [a, b] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: body(uniquePhone()),
        remoteAddress: '10.5.0.1',
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: body(uniquePhone()),
        remoteAddress: '10.5.0.2',
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422]);
    const loser = a.statusCode === 422 ? a : b;
    expect(loser.json().errors).toEqual({ email: [authMessages.emailTaken] });
    expect(await t.database.db.select().from(customers).where(eq(customers.email, email))).toHaveLength(1);
  });
});
