import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Throttle } from '../../lib/throttle.ts';

const MINUTE = 60_000;

/**
 * Sign-in limits (docs/decisions, "sign-in throttling"). Every attempt is counted before the
 * credential is checked, so concurrent attempts cannot slip past a limit; a success gives back
 * what it took. A refused attempt is not counted, so hammering a lock never lengthens it.
 */
export const SIGN_IN_LIMITS = {
  /** Failed sign-ins (password or OTP, any account) per client address, fixed window. */
  perIp: { limit: 20, windowMs: 15 * MINUTE },
  /** Failed passwords per e-mail from anywhere; a known device of the account is not held by it. */
  perAccount: { limit: 5, windowMs: 15 * MINUTE },
  /**
   * Failed passwords per e-mail and client (device cookie, else address): `free` tries, then each
   * next one waits baseMs, doubling up to maxMs; forgotten after a quiet `windowMs`.
   */
  perAccountClient: { free: 3, baseMs: 5_000, maxMs: 15 * MINUTE, windowMs: 60 * MINUTE },
  /** Wrong OTP codes per phone, counted only against a code that was really sent and is live. */
  perPhone: { limit: 10, windowMs: 6 * 60 * MINUTE },
} as const;

/**
 * SMS pumping: codes texted per hour to numbers that are no customer's verified phone, per
 * calling code (the shop's country). Sends to verified phones of customers never count.
 */
export const NEW_NUMBER_SMS_PER_HOUR = 50;

/**
 * Codes sent per destination and purpose per hour, whatever the flow: a restarted flow (Change
 * Phone, a new dialog) gets its resends again, but never more texts than this.
 */
export const OTP_SENDS_PER_HOUR = 10;

/** The sign-in and SMS counters (claimed with `claimAttempt`, lib/throttle.ts). */
export const throttles = {
  ip: (ip: string): Throttle => ({ scope: 'ip', subject: ip, ...SIGN_IN_LIMITS.perIp }),
  account: (email: string): Throttle => ({ scope: 'account', subject: email, ...SIGN_IN_LIMITS.perAccount }),
  accountClient: (email: string, client: string): Throttle => {
    const { windowMs, ...backoff } = SIGN_IN_LIMITS.perAccountClient;
    return { scope: 'client', subject: email, client, limit: 2 ** 31 - 1, windowMs, sliding: true, backoff };
  },
  phone: (phone: string): Throttle => ({ scope: 'phone', subject: phone, ...SIGN_IN_LIMITS.perPhone }),
  otpSends: (purpose: string, destination: string): Throttle => ({
    scope: 'otp_sends',
    subject: `${purpose}:${destination}`,
    limit: OTP_SENDS_PER_HOUR,
    windowMs: 60 * MINUTE,
  }),
  newNumberSms: (callingCode: string): Throttle => ({
    scope: 'sms_new_number',
    subject: callingCode,
    limit: NEW_NUMBER_SMS_PER_HOUR,
    windowMs: 60 * MINUTE,
  }),
};

/**
 * Forgets the account-wide and per-client failures of a customer's identifiers (e-mail, phone):
 * after a successful sign-in or a password reset, a stranger's failures no longer hold the owner.
 */
export async function clearAccountLocks(db: Db, customerId: number): Promise<void> {
  await db.execute(
    sql`delete from throttle_counters t using customers c
        where c.id = ${customerId} and t.scope in ('account', 'client', 'phone') and t.subject in (c.email, c.phone)`,
  );
}
