import { and, desc, eq, gt, isNull, min, ne, sql } from 'drizzle-orm';
import {
  OTP_TTL_MS,
  accountOtpGenerateBodySchema,
  accountOtpVerifyBodySchema,
  authMessages,
  updatePasswordBodySchema,
  updateProfileBodySchema,
  verificationTypes,
  type Account,
  type OtpSent,
  type VerifyType,
} from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { accessLogs, customers, orders, otpCodes } from '../../db/schema.ts';
import { HttpError, fieldError, parseOr422 } from '../../lib/http.ts';
import { assertNewPasswordAllowed, hashPassword, verifyPassword } from '../../lib/password.ts';
import { endOtherSessions, toUser, type Customer } from '../../lib/session.ts';
import { describeDevice } from '../auth/device.ts';
import { OTP_SEND_WINDOW_MS, checkOtp, issueOtp, type OtpMessage, type OtpTarget } from '../auth/otp.ts';
import { otpFailure, rethrowCustomerConflict } from '../auth/service.ts';
import { nationalPhone, resolveTypedPhone, typedPhoneLength, type PhoneCountry } from '../../lib/shop-country.ts';
import type { Outbox } from '../notifications/outbox.ts';
import { enqueueChangeNotice } from '../notifications/change-notices.ts';
import { getStoreSettings } from '../settings/service.ts';

/** Sign-in attempts shown on the security page, newest first. */
export const ACCESS_LOG_LIMIT = 20;

/** The account page's data: the user fields plus the latest sign-in attempts. */
export async function getAccount(db: Db, customer: Customer): Promise<Account> {
  const logs = await db
    .select()
    .from(accessLogs)
    .where(eq(accessLogs.customerId, customer.id))
    .orderBy(desc(accessLogs.createdAt), desc(accessLogs.id))
    .limit(ACCESS_LOG_LIMIT);
  const [first] = await db
    .select({ at: min(orders.createdAt) })
    .from(orders)
    .where(eq(orders.customerId, customer.id));
  const since = first?.at && first.at < customer.createdAt ? first.at : customer.createdAt;
  return {
    ...toUser(customer, await nationalPhone(db, customer.phone)),
    created_at: customer.createdAt.toISOString(),
    customer_since: since.toISOString(),
    has_password: customer.passwordHash !== null,
    access_logs: logs.map((l) => ({
      id: l.id,
      created_at: l.createdAt.toISOString(),
      device: describeDevice(l.userAgent),
      ip: l.ip,
      method: l.method,
      success: l.success,
    })),
  };
}

/** One field of a body not parsed yet (the phone, whose length depends on who types it). */
const rawField = (rawBody: unknown, key: string): unknown =>
  typeof rawBody === 'object' && rawBody !== null ? (rawBody as Record<string, unknown>)[key] : undefined;

/** The code that proves a new e-mail or phone: the popup's own flows, per customer. */
const changeTarget = (type: VerifyType, input: string, customerId: number): OtpTarget => ({
  purpose: popupPurpose(type),
  destination: input,
  customerId,
});

/**
 * What the signed-in customer's changes below work with, built once per request
 * (account/routes.ts accountFlowOf).
 */
export interface AccountFlow {
  db: Db;
  outbox: Outbox;
  /** The signed-in customer making the change. */
  customer: Customer;
  /** The request channel's phone country (the length and stored form of a typed number). */
  country: PhoneCountry;
  /** The shop's name in the codes and notices (from the request's shop context). */
  storeName: string;
}

/** Why an account without a password proves itself with a code (see confirmOwnerByCode). */
type OwnerProof = 'prove-owner' | 'set-password';

/**
 * The text of a popup code: verifying the stored contact, confirming a new one, or proving the
 * owner (before a contact change, or before a first password).
 */
function codeMessage(
  storeName: string,
  customer: Customer,
  type: VerifyType,
  why: 'verify' | 'confirm-new' | OwnerProof,
): (code: string) => OtpMessage {
  const minutes = OTP_TTL_MS / 60_000;
  const hello = `Hello${customer.firstName ? ` ${customer.firstName}` : ''},`;
  const purpose = {
    verify: 'in the Verify Account window to confirm this e-mail address',
    'confirm-new': `in the Verify Account window to make this the e-mail address of your ${storeName} account`,
    'prove-owner': `on your Profile page to change the e-mail address or phone number of your ${storeName} account`,
    'set-password': `on the Security page to set a password for your ${storeName} account`,
  }[why];
  const smsPurpose = {
    'confirm-new': 'to confirm this number for your account',
    'prove-owner': 'to change your e-mail address or phone number',
    'set-password': 'to set a password for your account',
  };
  return (code) =>
    type === 'email'
      ? {
          subject: `Your ${storeName} verification code`,
          body: `${hello}\n\nYour verification code is ${code}. It expires in ${minutes} minutes. Enter it ${purpose}. If you did not ask for it, you can ignore this e-mail: nothing changes.\n\n${storeName}`,
        }
      : {
          body:
            why === 'verify'
              ? `${code} is your ${storeName} verification code. It expires in ${minutes} minutes. Do not share it with anyone.`
              : `${code} is your ${storeName} code ${smsPurpose[why]}. It expires in ${minutes} minutes. Do not share it with anyone.`,
        };
}

/**
 * The second proof an account without a password gives before its e-mail or phone changes: a
 * code to a contact it already verified (phone first), or null when it has none.
 */
function ownerCodeTarget(customer: Customer): OtpTarget | null {
  if (customer.phone && customer.phoneVerifiedAt) return changeTarget('phone', customer.phone, customer.id);
  if (customer.email && customer.emailVerifiedAt) return changeTarget('email', customer.email, customer.id);
  return null;
}

/**
 * A stolen session alone must not move the account to another e-mail or phone: the current
 * password, or for an account without one a code to its verified contact (the first submit
 * without `otp` sends it and answers 422 on otp).
 */
async function confirmOwner(
  flow: AccountFlow,
  body: { current_password?: string | undefined; otp?: string | undefined },
): Promise<void> {
  const { customer } = flow;
  if (customer.passwordHash !== null) {
    if (!body.current_password) throw fieldError('current_password', authMessages.currentPasswordForChange);
    if (!(await verifyPassword(customer.passwordHash, body.current_password))) {
      throw fieldError('current_password', authMessages.currentPasswordWrong);
    }
    return;
  }
  await confirmOwnerByCode(flow, body.otp, 'prove-owner');
}

/**
 * The proof of an account without a password: without `otp`, sends a code to its verified
 * contact (ownerCodeTarget) and answers 422 on otp saying so; with it, checks the code. An
 * account with no verified contact cannot give it (422: set a password, or verify a contact, first).
 */
async function confirmOwnerByCode(
  { db, outbox, storeName, customer }: AccountFlow,
  otp: string | undefined,
  why: OwnerProof,
): Promise<void> {
  const target = ownerCodeTarget(customer);
  if (!target) {
    throw why === 'prove-owner'
      ? fieldError('current_password', authMessages.setPasswordForChange)
      : fieldError('otp', authMessages.verifyContactForPassword);
  }
  const type: VerifyType = target.purpose === 'verify_email' ? 'email' : 'phone';
  if (!otp) {
    await db.transaction((tx) => issueOtp(tx, outbox, target, codeMessage(storeName, customer, type, why)));
    throw fieldError('otp', why === 'prove-owner' ? authMessages.codeForChange : authMessages.codeForPassword);
  }
  // Committed even when wrong: the counted try must stick.
  const result = await db.transaction((tx) => checkOtp(tx, target, otp));
  if (result !== 'ok') throw otpFailure(result);
}

/**
 * Saves the name at once. A new e-mail or phone needs the owner's proof (confirmOwner) and is
 * then only pending: a code goes to it, and it becomes the account's when that code comes back
 * through the popup (verifyContact). Whether another account holds it is never said here (ADR 0011).
 */
export async function updateProfile(
  flow: AccountFlow,
  rawBody: unknown,
): Promise<{ customer: Customer; pending: { email: string | null; phone: string | null } }> {
  const { db, outbox, storeName, customer, country } = flow;
  const length = await typedPhoneLength(db, country, rawField(rawBody, 'phone'), customer.phone);
  const body = parseOr422(updateProfileBodySchema(length), rawBody);
  // Stored with the channel country's code (home numbers bare); the own number, as shown, stays as is.
  const phone = await resolveTypedPhone(db, country, body.phone, customer.phone);
  const pending = {
    email: body.email !== customer.email ? body.email : null,
    phone: phone !== customer.phone ? phone : null,
  };
  if (pending.email || pending.phone) await confirmOwner(flow, body);
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(customers)
      .set({ firstName: body.first_name, lastName: body.last_name, updatedAt: new Date() })
      .where(eq(customers.id, customer.id))
      .returning();
    for (const type of ['email', 'phone'] as const) {
      const input = pending[type];
      if (input) {
        await issueOtp(
          tx,
          outbox,
          changeTarget(type, input, customer.id),
          codeMessage(storeName, customer, type, 'confirm-new'),
        );
      }
    }
    return row!;
  });
  // Answered as typed (national digits); the popup sends it back in the same channel.
  return { customer: updated, pending: { ...pending, phone: pending.phone === null ? null : body.phone } };
}

/**
 * Changes the password after checking the current one. An account made by OTP has none: its
 * first password needs a code to its verified contact instead (confirmOwnerByCode), asked for
 * once the new password passes, so a refused password does not use up the code. A common password
 * is refused. Every other session of the account ends, and the customer gets a notice.
 */
export async function updatePassword(flow: AccountFlow, sessionId: string, rawBody: unknown): Promise<void> {
  const { db, outbox, storeName, customer } = flow;
  const hasPassword = customer.passwordHash !== null;
  const body = parseOr422(updatePasswordBodySchema(hasPassword), rawBody);
  if (customer.passwordHash !== null) {
    if (!(await verifyPassword(customer.passwordHash, body.current_password ?? ''))) {
      throw fieldError('current_password', authMessages.currentPasswordWrong);
    }
    await assertNewPasswordAllowed(body.password);
  } else {
    await assertNewPasswordAllowed(body.password);
    await confirmOwnerByCode(flow, body.otp, 'set-password');
  }
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    await tx.update(customers).set({ passwordHash, updatedAt: new Date() }).where(eq(customers.id, customer.id));
    await endOtherSessions(tx, customer.id, sessionId);
    await enqueueChangeNotice(tx, outbox, storeName, customer, { kind: 'password-changed' });
  });
}

/** The popup types this shop verifies (store setting account_verification_for). */
export async function enabledVerificationTypes(db: Db): Promise<VerifyType[]> {
  const { account_verification_for } = await getStoreSettings(db, ['account_verification_for']);
  return verificationTypes(account_verification_for);
}

/** 422 on `type` when the shop does not verify that kind of contact (account_verification_for). */
async function assertTypeVerified(db: Db, type: VerifyType): Promise<void> {
  if (!(await enabledVerificationTypes(db)).includes(type)) {
    throw fieldError('type', type === 'email' ? authMessages.emailVerificationOff : authMessages.phoneVerificationOff);
  }
}

const popupPurpose = (type: VerifyType) => (type === 'email' ? ('verify_email' as const) : ('verify' as const));
const storedContact = (customer: Customer, type: VerifyType) => (type === 'email' ? customer.email : customer.phone);

/** True while update-profile's request to move to `input` is live (its code window has not run out). */
async function hasPendingChange(db: Db, type: VerifyType, input: string, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: otpCodes.id })
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.purpose, popupPurpose(type)),
        eq(otpCodes.phone, input),
        eq(otpCodes.customerId, customerId),
        isNull(otpCodes.consumedAt),
        gt(otpCodes.createdAt, sql`now() - ${OTP_SEND_WINDOW_MS} * interval '1 millisecond'`),
      ),
    );
  return row !== undefined;
}

/**
 * Verification popup: sends a 4-digit code to `input`, by SMS (type phone) or e-mail (type email).
 * `input` is the account's own phone or e-mail (a type the shop verifies), or a new one that
 * update-profile accepted (a resend); anything else is refused, so a session alone cannot move
 * the account to another contact.
 */
export async function sendVerificationOtp(
  { db, outbox, storeName, customer, country }: AccountFlow,
  rawBody: unknown,
): Promise<OtpSent> {
  const length = await typedPhoneLength(db, country, rawField(rawBody, 'input'), customer.phone);
  const typed = parseOr422(accountOtpGenerateBodySchema(length), rawBody);
  const { type } = typed;
  const input = type === 'phone' ? await resolveTypedPhone(db, country, typed.input, customer.phone) : typed.input;
  const isChange = input !== storedContact(customer, type);
  if (!isChange) await assertTypeVerified(db, type);
  else if (!(await hasPendingChange(db, type, input, customer.id))) {
    throw fieldError('input', authMessages.changeNotRequested);
  }
  const sent = await db.transaction((tx) =>
    issueOtp(
      tx,
      outbox,
      changeTarget(type, input, customer.id),
      codeMessage(storeName, customer, type, isChange ? 'confirm-new' : 'verify'),
    ),
  );
  return { resends_left: sent.resendsLeft, expires_at: sent.expiresAt.toISOString() };
}

/**
 * Checks the popup's code. When right, `input` becomes the account's phone or e-mail (by type),
 * verified now. For a new contact (a change update-profile accepted) the code proved ownership,
 * so: another account holding it verified keeps it (422 on input); one holding it unverified
 * loses it (and is told); the old contact gets a notice and every other session of the account
 * ends (like a password change: the caller's own, `sessionId`, stays). Answers the customer and the type.
 */
export async function verifyContact(
  { db, outbox, storeName, customer, country }: AccountFlow,
  sessionId: string,
  rawBody: unknown,
): Promise<{ customer: Customer; type: VerifyType }> {
  const length = await typedPhoneLength(db, country, rawField(rawBody, 'input'), customer.phone);
  const typed = parseOr422(accountOtpVerifyBodySchema(length), rawBody);
  const { otp, type } = typed;
  const input = type === 'phone' ? await resolveTypedPhone(db, country, typed.input, customer.phone) : typed.input;
  const isChange = input !== storedContact(customer, type);
  if (!isChange) await assertTypeVerified(db, type);
  const now = new Date();
  const column = type === 'email' ? customers.email : customers.phone;
  const cleared = type === 'email' ? { email: null, emailVerifiedAt: null } : { phone: null, phoneVerifiedAt: null };
  const change = type === 'email' ? { email: input, emailVerifiedAt: now } : { phone: input, phoneVerifiedAt: now };
  try {
    const outcome = await db.transaction(async (tx) => {
      const result = await checkOtp(tx, changeTarget(type, input, customer.id), otp);
      // A failed check still commits: the counted wrong try must stick.
      if (result !== 'ok') return { error: otpFailure(result) };
      if (isChange) {
        const [holder] = await tx
          .select()
          .from(customers)
          .where(and(eq(column, input), ne(customers.id, customer.id)))
          .for('update');
        const holderVerified = type === 'email' ? holder?.emailVerifiedAt : holder?.phoneVerifiedAt;
        if (holder && holderVerified) {
          return { error: fieldError('input', type === 'email' ? authMessages.emailTaken : authMessages.phoneTaken) };
        }
        if (holder) {
          await tx
            .update(customers)
            .set({ ...cleared, updatedAt: now })
            .where(eq(customers.id, holder.id));
          await enqueueChangeNotice(
            tx,
            outbox,
            storeName,
            { ...holder, ...cleared },
            { kind: 'released', what: type, value: input },
          );
        }
      }
      const [updated] = await tx
        .update(customers)
        .set({ ...change, updatedAt: now })
        .where(eq(customers.id, customer.id))
        .returning();
      if (isChange) {
        // A session taken before the change must not outlive it (the contact is how the owner gets back in).
        await endOtherSessions(tx, customer.id, sessionId);
        // To the contacts as they were: a changed e-mail is told at its old address.
        await enqueueChangeNotice(tx, outbox, storeName, customer, {
          kind: type === 'email' ? 'email-changed' : 'phone-changed',
          to: input,
        });
      }
      return { customer: updated! };
    });
    if ('error' in outcome) throw outcome.error;
    return { customer: outcome.customer, type };
  } catch (err) {
    if (err instanceof HttpError) throw err;
    rethrowCustomerConflict(err, 'input');
  }
}
