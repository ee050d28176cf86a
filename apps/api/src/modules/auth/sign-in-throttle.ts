import { eq } from 'drizzle-orm';
import { authMessages } from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { customers } from '../../db/schema.ts';
import { claimAttempt, refundAttempt } from '../../lib/throttle.ts';
import type { RequestMeta } from './access-log.ts';
import { isKnownDevice, type DeviceOwner } from './known-device.ts';
import { clearAccountLocks, throttles } from './throttle.ts';

/** The client of the per-account back-off: the device cookie, else the address. */
const clientOf = (meta: RequestMeta) => meta.device ?? `ip:${meta.ip}`;

/**
 * Counts a password attempt before the password is checked: on the client address, on the
 * account's subject (the e-mail; `staff:<e-mail>` for staff), skipped for a device the account has
 * signed in from, and on the subject from this client (progressive back-off). Throws 429
 * authMessages.loginLocked when one refuses. `owner` is null for an unknown e-mail.
 */
export async function claimPasswordAttempt(
  db: Db,
  subject: string,
  owner: DeviceOwner | null,
  meta: RequestMeta,
): Promise<void> {
  const known = owner !== null && (await isKnownDevice(db, meta.device, owner));
  await claimAttempt(
    db,
    [
      throttles.ip(meta.ip),
      ...(known ? [] : [throttles.account(subject)]),
      throttles.accountClient(subject, clientOf(meta)),
    ],
    authMessages.loginLocked,
  );
}

/**
 * Counts an OTP try on the phone: checkOtp calls it only when a live code was sent there, so
 * verifying against nothing cannot lock a phone. A device the phone's account has signed in from
 * is not held by the cap. Throws 429 authMessages.loginLocked when the cap refuses.
 */
export async function claimOtpPhoneAttempt(db: Db, phone: string, meta: RequestMeta): Promise<void> {
  const [owner] = await db.select({ id: customers.id }).from(customers).where(eq(customers.phone, phone));
  if (owner && (await isKnownDevice(db, meta.device, { customerId: owner.id }))) return;
  await claimAttempt(db, [throttles.phone(phone)], authMessages.loginLocked);
}

/** Counts any sign-in attempt on the client address (before anything is checked). */
export async function claimAddressAttempt(db: Db, meta: RequestMeta): Promise<void> {
  await claimAttempt(db, [throttles.ip(meta.ip)], authMessages.loginLocked);
}

/** After a successful sign-in: the address gets its attempt back and the account's locks are lifted. */
export async function signInSucceeded(db: Db, customerId: number, meta: RequestMeta): Promise<void> {
  await refundAttempt(db, throttles.ip(meta.ip));
  await clearAccountLocks(db, customerId);
}
