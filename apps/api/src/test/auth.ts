import { randomBytes, randomInt } from 'node:crypto';
import { CSRF_HEADER, CSRF_HEADER_VALUE, SESSION_COOKIE } from '@shopfront/shared';
import type { Db } from '../db/client.ts';
import { customers, sessions } from '../db/schema.ts';
import { hashPassword } from '../lib/password.ts';
import { SESSION_REMEMBER_MS, hashToken, type Customer } from '../lib/session.ts';
import type { TestApp } from './app.ts';

/** Password of every customer made by createCustomer unless told otherwise. */
export const TEST_PASSWORD = 'Secret#123';

/**
 * A source of client addresses 10.{block}.x.y, a new one per call: each request of a test file
 * signs in from its own address, so per-address limits of one test never leak into another.
 */
export function addressSource(block: number): () => string {
  let i = 0;
  return () => {
    i += 1;
    return `10.${block}.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  };
}

let n = 0;
/** A fresh, unique 10-digit mobile number. */
export const uniquePhone = () => `9${String(randomInt(0, 1e9)).padStart(9, '0')}`;
/** A fresh, unique lower-case e-mail address. */
export const uniqueEmail = () => `shopper${++n}.${randomBytes(3).toString('hex')}@example.test`;

export interface NewTestCustomer {
  firstName?: string;
  lastName?: string;
  email?: string | null;
  phone?: string | null;
  /** null: an account without a password (OTP sign-up). */
  password?: string | null;
  phoneVerified?: boolean;
}

/** Inserts a customer (unique e-mail and phone, password TEST_PASSWORD, phone verified). */
export async function createCustomer(db: Db, opts: NewTestCustomer = {}): Promise<Customer> {
  const password = opts.password === undefined ? TEST_PASSWORD : opts.password;
  const [row] = await db
    .insert(customers)
    .values({
      firstName: opts.firstName ?? 'Test',
      lastName: opts.lastName ?? 'Shopper',
      email: opts.email === undefined ? uniqueEmail() : opts.email,
      phone: opts.phone === undefined ? uniquePhone() : opts.phone,
      passwordHash: password === null ? null : await hashPassword(password),
      phoneVerifiedAt: opts.phoneVerified === false ? null : new Date(),
    })
    .returning();
  return row!;
}

/** Headers of a logged-in browser call: the session cookie plus the CSRF header the API requires with cookies. */
export function sessionHeaders(cookie: string): Record<string, string> {
  return { cookie, [CSRF_HEADER]: CSRF_HEADER_VALUE };
}

/** Stores a real session for the customer and answers its `sf_session=…` cookie pair. */
export async function createSessionCookie(db: Db, customerId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id: hashToken(token),
    customerId,
    remember: true,
    expiresAt: new Date(Date.now() + SESSION_REMEMBER_MS),
  });
  return `${SESSION_COOKIE}=${token}`;
}

/** A new customer with a session: `headers` go straight into app.inject for logged-in calls. */
export async function loggedInCustomer(
  t: TestApp,
  opts: NewTestCustomer = {},
): Promise<{ customer: Customer; cookie: string; headers: Record<string, string> }> {
  const customer = await createCustomer(t.database.db, opts);
  const cookie = await createSessionCookie(t.database.db, customer.id);
  return { customer, cookie, headers: sessionHeaders(cookie) };
}

/** The `sf_session=…` pair from a response's Set-Cookie, or null if it set none (or cleared it). */
export function sessionCookieFrom(res: { headers: Record<string, unknown> }): string | null {
  const raw = res.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
  for (const c of list as string[]) {
    const pair = c.split(';')[0]!;
    if (pair.startsWith(`${SESSION_COOKIE}=`) && pair.length > SESSION_COOKIE.length + 1) return pair;
  }
  return null;
}
