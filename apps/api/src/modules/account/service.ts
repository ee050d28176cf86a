import { and, desc, eq, ne, or } from 'drizzle-orm';
import type { z } from 'zod';
import {
  OTP_TTL_MS,
  accountOtpGenerateBodySchema,
  accountOtpVerifyBodySchema,
  authMessages,
  updateProfileBodySchema,
  verificationTypes,
  type Account,
  type OtpSent,
  type UpdatePasswordBody,
  type VerifyType,
} from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { accessLogs, customers } from '../../db/schema.ts';
import { HttpError, fieldError, parseOr422 } from '../../lib/http.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { endOtherSessions, toUser, type Customer } from '../../lib/session.ts';
import { describeDevice } from '../auth/device.ts';
import { checkOtp, issueOtp } from '../auth/otp.ts';
import { getAuthSettings, mobileNumberLength, otpFailure, rethrowCustomerConflict } from '../auth/service.ts';
import type { Outbox } from '../notifications/outbox.ts';
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
  return {
    ...toUser(customer),
    created_at: customer.createdAt.toISOString(),
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

/**
 * Saves name, e-mail and phone. A changed phone loses its verified mark (spec section 3), a
 * changed e-mail likewise; an e-mail or phone of another account is a 422 on that field.
 */
export async function updateProfile(db: Db, customer: Customer, rawBody: unknown): Promise<Customer> {
  const body = parseOr422(updateProfileBodySchema(await mobileNumberLength(db)), rawBody);
  const others = await db
    .select({ email: customers.email, phone: customers.phone })
    .from(customers)
    .where(and(ne(customers.id, customer.id), or(eq(customers.email, body.email), eq(customers.phone, body.phone))));
  const errors: Record<string, string[]> = {};
  if (others.some((c) => c.email === body.email)) errors.email = [authMessages.emailTaken];
  if (others.some((c) => c.phone === body.phone)) errors.phone = [authMessages.phoneTaken];
  const first = Object.values(errors)[0];
  if (first) throw new HttpError(422, first[0]!, errors);
  try {
    const [updated] = await db
      .update(customers)
      .set({
        firstName: body.first_name,
        lastName: body.last_name,
        email: body.email,
        phone: body.phone,
        phoneVerifiedAt: body.phone === customer.phone ? customer.phoneVerifiedAt : null,
        emailVerifiedAt: body.email === customer.email ? customer.emailVerifiedAt : null,
        updatedAt: new Date(),
      })
      .where(eq(customers.id, customer.id))
      .returning();
    return updated!;
  } catch (err) {
    rethrowCustomerConflict(err);
  }
}

/**
 * Changes the password after checking the current one (an account made by OTP has none, so its
 * first password needs none). Every other session of the account ends.
 */
export async function updatePassword(
  db: Db,
  customer: Customer,
  sessionId: string,
  body: Required<UpdatePasswordBody>,
): Promise<void> {
  if (customer.passwordHash !== null && !(await verifyPassword(customer.passwordHash, body.current_password))) {
    throw fieldError('current_password', authMessages.currentPasswordWrong);
  }
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    await tx.update(customers).set({ passwordHash, updatedAt: new Date() }).where(eq(customers.id, customer.id));
    await endOtherSessions(tx, customer.id, sessionId);
  });
}

/** The popup types this shop verifies (store setting account_verification_for). */
export async function enabledVerificationTypes(db: Db): Promise<VerifyType[]> {
  const { account_verification_for } = await getStoreSettings(db, ['account_verification_for']);
  return verificationTypes(account_verification_for);
}

/**
 * Validates a popup body (phone length from the shop country) and refuses, 422 on `type`, a type
 * the shop does not verify.
 */
async function parsePopupBody<S extends z.ZodType<{ type: VerifyType }>>(
  db: Db,
  schemaFor: (mobileNumberLength: number) => S,
  rawBody: unknown,
): Promise<z.output<S>> {
  const [length, types] = await Promise.all([mobileNumberLength(db), enabledVerificationTypes(db)]);
  const body = parseOr422(schemaFor(length), rawBody);
  if (!types.includes(body.type)) {
    throw fieldError(
      'type',
      body.type === 'email' ? authMessages.emailVerificationOff : authMessages.phoneVerificationOff,
    );
  }
  return body;
}

const popupPurpose = (type: VerifyType) => (type === 'email' ? ('verify_email' as const) : ('verify' as const));

/**
 * Verification popup: sends a 4-digit code to `input`, by SMS (type phone) or e-mail (type
 * email). A phone or e-mail of another account is refused; so is a type the shop does not verify.
 */
export async function sendVerificationOtp(
  db: Db,
  outbox: Outbox,
  customer: Customer,
  rawBody: unknown,
): Promise<OtpSent> {
  const { input, type } = await parsePopupBody(db, accountOtpGenerateBodySchema, rawBody);
  const [other] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(type === 'email' ? customers.email : customers.phone, input), ne(customers.id, customer.id)));
  if (other) throw fieldError('input', type === 'email' ? authMessages.emailTaken : authMessages.phoneTaken);
  const { storeName } = await getAuthSettings(db);
  const minutes = OTP_TTL_MS / 60_000;
  const sent = await db.transaction((tx) =>
    issueOtp(tx, outbox, { purpose: popupPurpose(type), destination: input, customerId: customer.id }, (code) =>
      type === 'email'
        ? {
            subject: `Your ${storeName} verification code`,
            body: `Hello${customer.firstName ? ` ${customer.firstName}` : ''},\n\nYour verification code is ${code}. It expires in ${minutes} minutes. Enter it in the Verify Account window to confirm this e-mail address. If you did not ask for it, you can ignore this e-mail.\n\n${storeName}`,
          }
        : {
            body: `${code} is your ${storeName} verification code. It expires in ${minutes} minutes. Do not share it with anyone.`,
          },
    ),
  );
  return { resends_left: sent.resendsLeft, expires_at: sent.expiresAt.toISOString() };
}

/**
 * Checks the popup's code. When right, `input` becomes the account's phone or e-mail (by type),
 * verified now (the profile form may hold an edited value that is not saved yet: verifying it
 * saves it). Answers the updated customer and the type that was verified.
 */
export async function verifyContact(
  db: Db,
  customer: Customer,
  rawBody: unknown,
): Promise<{ customer: Customer; type: VerifyType }> {
  const { input, otp, type } = await parsePopupBody(db, accountOtpVerifyBodySchema, rawBody);
  const now = new Date();
  const change = type === 'email' ? { email: input, emailVerifiedAt: now } : { phone: input, phoneVerifiedAt: now };
  try {
    const outcome = await db.transaction(async (tx) => {
      const target = { purpose: popupPurpose(type), destination: input, customerId: customer.id };
      const result = await checkOtp(tx, target, otp);
      // A failed check still commits: the counted wrong try must stick.
      if (result !== 'ok') return { error: otpFailure(result) };
      const [updated] = await tx
        .update(customers)
        .set({ ...change, updatedAt: now })
        .where(eq(customers.id, customer.id))
        .returning();
      return { customer: updated! };
    });
    if ('error' in outcome) throw outcome.error;
    return { customer: outcome.customer, type };
  } catch (err) {
    if (err instanceof HttpError) throw err;
    rethrowCustomerConflict(err, 'input');
  }
}
