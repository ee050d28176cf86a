import { and, desc, eq, ne, or } from 'drizzle-orm';
import {
  authMessages,
  updateProfileBodySchema,
  type Account,
  type OtpSent,
  type UpdatePasswordBody,
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

/** Verification popup: texts a code to `phone` (a number of another account is refused). */
export async function sendVerificationOtp(db: Db, outbox: Outbox, customer: Customer, phone: string): Promise<OtpSent> {
  const [other] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.phone, phone), ne(customers.id, customer.id)));
  if (other) throw fieldError('input', authMessages.phoneTaken);
  const { storeName } = await getAuthSettings(db);
  const sent = await db.transaction((tx) =>
    issueOtp(
      tx,
      outbox,
      { purpose: 'verify', phone, customerId: customer.id },
      (code) =>
        `${code} is your ${storeName} verification code. It expires in 10 minutes. Do not share it with anyone.`,
    ),
  );
  return { resends_left: sent.resendsLeft, expires_at: sent.expiresAt.toISOString() };
}

/**
 * Checks the popup's code. When right, `phone` becomes the account's phone, verified now (the
 * profile form may hold an edited number that is not saved yet: verifying it saves it).
 */
export async function verifyPhone(db: Db, customer: Customer, phone: string, code: string): Promise<Customer> {
  try {
    const outcome = await db.transaction(async (tx) => {
      const result = await checkOtp(tx, { purpose: 'verify', phone, customerId: customer.id }, code);
      if (result !== 'ok') return { error: otpFailure(result) };
      const [updated] = await tx
        .update(customers)
        .set({ phone, phoneVerifiedAt: new Date(), updatedAt: new Date() })
        .where(eq(customers.id, customer.id))
        .returning();
      return { customer: updated! };
    });
    if ('error' in outcome) throw outcome.error;
    return outcome.customer;
  } catch (err) {
    if (err instanceof HttpError) throw err;
    rethrowCustomerConflict(err, 'input');
  }
}
