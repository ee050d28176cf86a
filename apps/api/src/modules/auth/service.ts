import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  OTP_TTL_MS,
  authMessages,
  otpRequestBodySchema,
  registerBodySchema,
  type OtpPurpose,
  type OtpSent,
} from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { customers, passwordResets } from '../../db/schema.ts';
import { HttpError, fieldError, parseOr422 } from '../../lib/http.ts';
import { assertNewPasswordAllowed, hashPassword, verifyPassword } from '../../lib/password.ts';
import { endOtherSessions, hashToken, type Customer } from '../../lib/session.ts';
import { ThrottledError } from '../../lib/throttle.ts';
import { enqueueChangeNotice } from '../notifications/change-notices.ts';
import type { Outbox } from '../notifications/outbox.ts';
import { recordAccess, type RequestMeta } from './access-log.ts';
import { checkOtp, issueOtp, type OtpCheck, type OtpTarget } from './otp.ts';
import type { AuthSettings } from './settings.ts';
import { storedPhone, type PhoneCountry } from '../../lib/shop-country.ts';
import {
  claimAddressAttempt,
  claimOtpPhoneAttempt,
  claimPasswordAttempt,
  signInSucceeded,
} from './sign-in-throttle.ts';
import { clearAccountLocks } from './throttle.ts';

/** A reset link works for an hour, once. */
export const RESET_TTL_MS = 60 * 60_000;
/** Reset e-mails per account and hour; more requests get the same answer but send nothing. */
export const RESET_MAX_PER_HOUR = 3;

/**
 * The stored form of the phone an OTP flow typed: exactly the channel country's digits (the
 * spec's 10 in the default Indian channel), else 422 'Invalid phone number' on input.
 */
export function otpFlowPhone(country: PhoneCountry, input: string): string {
  const { input: national } = parseOr422(otpRequestBodySchema(country.mobileNumberLength).pick({ input: true }), {
    input,
  });
  return storedPhone(country, national);
}

/** The constraint a unique violation hit (walking drizzle's error causes), or null. */
export function uniqueViolation(err: unknown): string | null {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint ?? '';
  }
  return null;
}

/**
 * Maps a unique violation on customers to the field error the forms show (on `field` when one
 * input carried the value, as in the OTP flows); rethrows anything else.
 */
export function rethrowCustomerConflict(err: unknown, field?: string): never {
  const constraint = uniqueViolation(err);
  if (constraint === 'customers_email_unique') throw fieldError(field ?? 'email', authMessages.emailTaken);
  if (constraint === 'customers_phone_unique') throw fieldError(field ?? 'phone', authMessages.phoneTaken);
  throw err;
}

/**
 * What the sign-in flows below work with: the request's database, outbox, settings, channel phone
 * country and client, built once per request (auth/routes.ts authFlowOf).
 */
export interface AuthFlow {
  db: Db;
  outbox: Outbox;
  settings: AuthSettings;
  /** The request channel's phone country (its numbers' length and stored form). */
  country: PhoneCountry;
  meta: RequestMeta;
}

/**
 * Legacy login. Unknown e-mail and wrong password answer alike (422 on email) and take as long
 * (a hash is verified either way). Every attempt is logged; the sign-in throttles (throttle.ts)
 * answer 429 with Retry-After.
 */
export async function loginWithPassword(
  { db, settings, meta }: AuthFlow,
  body: { email: string; password: string },
): Promise<Customer> {
  if (!settings.legacy) throw new HttpError(403, authMessages.legacyAuthDisabled);
  const [customer] = await db.select().from(customers).where(eq(customers.email, body.email));
  const attempt = { identifier: body.email, method: 'password' as const, customerId: customer?.id ?? null };
  try {
    await claimPasswordAttempt(db, body.email, customer ? { customerId: customer.id } : null, meta);
  } catch (err) {
    if (err instanceof ThrottledError) await recordAccess(db, { ...attempt, success: false }, meta);
    throw err;
  }
  const ok = await verifyPassword(customer?.passwordHash, body.password);
  await recordAccess(db, { ...attempt, success: ok }, meta);
  if (!ok || !customer) throw fieldError('email', authMessages.loginFailed);
  await signInSucceeded(db, customer.id, meta);
  return customer;
}

/** Legacy registration (e-mail and password). 422 with field errors for taken e-mail or phone. */
export async function registerWithPassword(
  { db, outbox, settings, meta, country }: AuthFlow,
  rawBody: unknown,
): Promise<Customer> {
  if (!settings.register) throw new HttpError(403, authMessages.registerDisabled);
  if (!settings.legacy) throw new HttpError(403, authMessages.legacyAuthDisabled);
  const parsed = parseOr422(registerBodySchema(country.mobileNumberLength), rawBody);
  // The channel's country decides the stored form (a UAE number keeps its +971).
  const body = { ...parsed, phone: storedPhone(country, parsed.phone) };
  await assertNewPasswordAllowed(body.password);

  const taken = await db
    .select({ email: customers.email, phone: customers.phone })
    .from(customers)
    .where(sql`${customers.email} = ${body.email} or ${customers.phone} = ${body.phone}`);
  const errors: Record<string, string[]> = {};
  if (taken.some((c) => c.email === body.email)) errors.email = [authMessages.emailTaken];
  if (taken.some((c) => c.phone === body.phone)) errors.phone = [authMessages.phoneTaken];
  const first = Object.values(errors)[0];
  if (first) throw new HttpError(422, first[0]!, errors);

  const passwordHash = await hashPassword(body.password);
  try {
    return await db.transaction(async (tx) => {
      const [customer] = await tx
        .insert(customers)
        .values({
          firstName: body.first_name,
          lastName: body.last_name,
          email: body.email,
          phone: body.phone,
          passwordHash,
        })
        .returning();
      await recordAccess(
        tx,
        { customerId: customer!.id, identifier: body.email, method: 'register', success: true },
        meta,
      );
      await outbox.enqueue(tx, {
        channel: 'email',
        recipient: body.email,
        subject: `Welcome to ${settings.storeName}`,
        body: `Hello ${body.first_name},\n\nYour ${settings.storeName} account has been created. You can log in with this e-mail address and your password.\n\n${settings.storeName}`,
      });
      return customer!;
    });
  } catch (err) {
    rethrowCustomerConflict(err);
  }
}

const otpText = (storeName: string, purpose: OtpPurpose) => (code: string) => ({
  body: `${code} is your ${storeName} ${purpose === 'verify' ? 'verification' : purpose === 'register' ? 'sign-up' : 'login'} code. It expires in ${OTP_TTL_MS / 60_000} minutes. Do not share it with anyone.`,
});

/**
 * Sends a login or register OTP by SMS. Login to an unknown number is allowed only while
 * registration is on (the account is created at verify); register to a known number is refused.
 */
export async function requestSignInOtp(
  { db, outbox, settings, country }: AuthFlow,
  typed: { input: string; type: 'login' | 'register'; restart?: boolean | undefined },
): Promise<OtpSent> {
  if (!settings.otp) throw new HttpError(403, authMessages.otpAuthDisabled);
  if (typed.type === 'register' && !settings.register) throw new HttpError(403, authMessages.registerDisabled);
  const body = { type: typed.type, input: otpFlowPhone(country, typed.input) };
  const [existing] = await db
    .select({ id: customers.id, verified: customers.phoneVerifiedAt })
    .from(customers)
    .where(eq(customers.phone, body.input));
  if (body.type === 'login' && !existing && !settings.register) throw fieldError('input', authMessages.accountNotFound);
  // A number nobody verified is only a claim: its owner may still sign up with it (verifySignInOtp).
  if (body.type === 'register' && existing?.verified) throw fieldError('input', authMessages.phoneTaken);
  const sent = await db.transaction((tx) =>
    issueOtp(
      tx,
      outbox,
      { purpose: body.type, destination: body.input, customerId: null },
      otpText(settings.storeName, body.type),
      { restart: typed.restart === true },
    ),
  );
  return { resends_left: sent.resendsLeft, expires_at: sent.expiresAt.toISOString() };
}

/** The HTTP answer for an OTP that did not check out. */
export function otpFailure(result: Exclude<OtpCheck, 'ok'>): HttpError {
  if (result === 'expired') return fieldError('otp', authMessages.otpExpired);
  if (result === 'dead') return fieldError('otp', authMessages.otpDead);
  return fieldError('otp', authMessages.otpInvalid);
}

/**
 * Signs in (or up) by OTP, only into an account whose phone is verified. A right code for an
 * unknown number creates the account (phone verified) when registration is on; so does a register
 * code for a number that sits unverified on another account, which loses it (ADR 0011). Every attempt is logged; failures count towards the
 * per-address limit, wrong codes against a live code towards the phone's cap (throttle.ts), and
 * a code dies after OTP_MAX_WRONG_TRIES wrong tries.
 */
export async function verifySignInOtp(
  { db, outbox, settings, meta, country }: AuthFlow,
  typed: { input: string; otp: string; type: 'login' | 'register' },
): Promise<Customer> {
  if (!settings.otp) throw new HttpError(403, authMessages.otpAuthDisabled);
  const body = { ...typed, input: otpFlowPhone(country, typed.input) };
  const method = body.type === 'register' ? ('register' as const) : ('otp' as const);
  const target: OtpTarget = { purpose: body.type, destination: body.input, customerId: null };

  let outcome: { customer: Customer } | { error: HttpError; customerId: number | null };
  try {
    outcome = await db.transaction(async (tx) => {
      await claimAddressAttempt(tx, meta);
      const result = await checkOtp(tx, target, body.otp, () => claimOtpPhoneAttempt(tx, body.input, meta));
      const [existing] = await tx.select().from(customers).where(eq(customers.phone, body.input));
      // A failed check still commits: the counted wrong try must stick.
      if (result !== 'ok') return { error: otpFailure(result), customerId: existing?.id ?? null };
      if (existing?.phoneVerifiedAt) {
        if (body.type === 'register')
          return { error: fieldError('input', authMessages.phoneTaken), customerId: existing.id };
        return { customer: existing };
      }
      if (existing) {
        // Whoever typed this number into that account never proved it: the code proves this
        // visitor owns it, not that they own the account (ADR 0011). Log in: never into it.
        if (body.type === 'login' || !settings.register)
          return { error: fieldError('input', authMessages.phoneNotVerified), customerId: existing.id };
        // Register: the owner takes the number back; the claim leaves the other account.
        await tx
          .update(customers)
          .set({ phone: null, phoneVerifiedAt: null, updatedAt: new Date() })
          .where(eq(customers.id, existing.id));
        // Only by e-mail: the number now belongs to the visitor.
        await enqueueChangeNotice(
          tx,
          outbox,
          settings.storeName,
          { ...existing, phone: null },
          {
            kind: 'released',
            what: 'phone',
            value: body.input,
          },
        );
      }
      if (!settings.register) return { error: fieldError('input', authMessages.accountNotFound), customerId: null };
      const [created] = await tx
        .insert(customers)
        .values({ phone: body.input, phoneVerifiedAt: new Date() })
        .returning();
      return { customer: created! };
    });
  } catch (err) {
    if (err instanceof ThrottledError) {
      await recordAccess(db, { identifier: body.input, method, customerId: null, success: false }, meta);
      throw err;
    }
    rethrowCustomerConflict(err, 'input');
  }
  const attempt = { identifier: body.input, method };
  if ('error' in outcome) {
    await recordAccess(db, { ...attempt, customerId: outcome.customerId, success: false }, meta);
    throw outcome.error;
  }
  await signInSucceeded(db, outcome.customer.id, meta);
  await recordAccess(db, { ...attempt, customerId: outcome.customer.id, success: true }, meta);
  return outcome.customer;
}

/**
 * Forgot password: when the e-mail belongs to an account, stores a one-time token (hashed) and
 * queues the link /account/reset-password/{email}/{token} in one transaction. The caller answers
 * the same whatever happened here.
 */
export async function requestPasswordReset(
  { db, outbox, settings }: AuthFlow,
  email: string,
  origin: string,
): Promise<void> {
  const [customer] = await db.select().from(customers).where(eq(customers.email, email));
  if (!customer) return;
  const [recent] = await db
    .select({ n: count() })
    .from(passwordResets)
    .where(
      and(eq(passwordResets.customerId, customer.id), gt(passwordResets.createdAt, sql`now() - interval '1 hour'`)),
    );
  if (Number(recent?.n ?? 0) >= RESET_MAX_PER_HOUR) return;
  const token = randomBytes(32).toString('base64url');
  const link = `${origin}/account/reset-password/${encodeURIComponent(email)}/${token}`;
  await db.transaction(async (tx) => {
    await tx.insert(passwordResets).values({
      customerId: customer.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_TTL_MS),
    });
    await outbox.enqueue(tx, {
      channel: 'email',
      recipient: email,
      subject: `Reset your ${settings.storeName} password`,
      body: `Hello${customer.firstName ? ` ${customer.firstName}` : ''},\n\nSomeone (hopefully you) asked to reset the password of your ${settings.storeName} account. Open this link within ${RESET_TTL_MS / 60_000} minutes to choose a new one:\n\n${link}\n\nIf you did not ask, ignore this e-mail: your password stays as it is.\n\n${settings.storeName}`,
    });
  });
}

/** The live reset (unused, unexpired) for this e-mail and token, or null. */
async function findReset(db: Db, email: string, token: string, lock: boolean) {
  const query = db
    .select({ id: passwordResets.id, customerId: passwordResets.customerId })
    .from(passwordResets)
    .innerJoin(customers, eq(customers.id, passwordResets.customerId))
    .where(
      and(
        eq(passwordResets.tokenHash, hashToken(token)),
        eq(customers.email, email),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    );
  const [row] = lock ? await query.for('update', { of: passwordResets }) : await query;
  return row ?? null;
}

/** True when the e-mail and token make a live reset link. */
export async function isResetLinkValid(db: Db, email: string, token: string): Promise<boolean> {
  return (await findReset(db, email, token, false)) !== null;
}

/**
 * Sets the new password from a reset link: the link dies (with every other link of the account),
 * and every session of the account except the caller's own ends. The link proves the e-mail
 * address, so a phone nobody proved, or one proved while the address was not (either may be a
 * stranger's, ADR 0011), leaves the account. A notice goes to the address. It does not sign in:
 * the shopper logs in with the new password (authMessages.resetDone).
 */
export async function completePasswordReset(
  { db, outbox, settings, meta }: AuthFlow,
  body: { email: string; token: string; password: string },
  currentSession: { id: string; customerId: number } | null,
): Promise<number> {
  // A dead link costs no hash (argon2 is the expensive part); the transaction checks it again, locked.
  if (!(await findReset(db, body.email, body.token, false))) throw fieldError('token', authMessages.resetInvalid);
  await assertNewPasswordAllowed(body.password);
  const passwordHash = await hashPassword(body.password);
  const customerId = await db.transaction(async (tx) => {
    const reset = await findReset(tx, body.email, body.token, true);
    if (!reset) return null;
    const [before] = await tx.select().from(customers).where(eq(customers.id, reset.customerId)).for('update');
    const dropPhone = before!.phone !== null && (!before!.phoneVerifiedAt || !before!.emailVerifiedAt);
    await tx
      .update(customers)
      .set({
        passwordHash,
        // The link arrived by e-mail: the address is proven.
        emailVerifiedAt: sql`coalesce(${customers.emailVerifiedAt}, now())`,
        ...(dropPhone ? { phone: null, phoneVerifiedAt: null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(customers.id, reset.customerId));
    await enqueueChangeNotice(tx, outbox, settings.storeName, before!, {
      kind: 'password-reset',
      phoneRemoved: dropPhone ? before!.phone : null,
    });
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.customerId, reset.customerId), isNull(passwordResets.usedAt)));
    const keep = currentSession?.customerId === reset.customerId ? currentSession.id : null;
    await endOtherSessions(tx, reset.customerId, keep);
    await recordAccess(
      tx,
      { customerId: reset.customerId, identifier: body.email, method: 'reset', success: true },
      meta,
    );
    // The link proved the mailbox: strangers' failures must not keep the owner out any longer.
    await clearAccountLocks(tx, reset.customerId);
    return reset.customerId;
  });
  if (customerId === null) throw fieldError('token', authMessages.resetInvalid);
  return customerId;
}
