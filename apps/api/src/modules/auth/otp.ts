import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import {
  OTP_LENGTH,
  OTP_MAX_WRONG_TRIES,
  OTP_RESENDS,
  OTP_TTL_MS,
  authMessages,
  messages,
  type OtpPurpose,
} from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { customers, otpCodes } from '../../db/schema.ts';
import { HttpError } from '../../lib/http.ts';
import { claimAttempt } from '../../lib/throttle.ts';
import type { Outbox } from '../notifications/outbox.ts';
import type { Channel } from '../notifications/service.ts';
import { callingCodeOf } from '../../lib/shop-country.ts';
import { throttles } from './throttle.ts';

/**
 * Sends of one flow to one destination are counted in a window starting at the first send: the first
 * send plus OTP_RESENDS[purpose] resends, then 'Maximum attempt reached' until it ends. A code
 * that was used ends its window early (the next request is a new sign-in).
 */
export const OTP_SEND_WINDOW_MS = 60 * 60_000;

/**
 * What a code is for: a sign-in flow or the verification popup's phone check ('verify'), both
 * texted, or the popup's e-mail check ('verify_email'), e-mailed. The popup's resend allowance
 * (OTP_RESENDS.verify) holds for both of its kinds.
 */
export type OtpCodePurpose = OtpPurpose | 'verify_email' | AccountDataPurpose;

/**
 * Codes that confirm "Download my data" and "Delete my account", sent to the account's verified
 * phone, else its verified e-mail (the destination says which: an e-mail address has an @).
 * Their own purposes, so a code sent for one action cannot confirm another.
 */
export type AccountDataPurpose = 'data_export' | 'account_delete';
const isAccountDataPurpose = (p: OtpCodePurpose): p is AccountDataPurpose =>
  p === 'data_export' || p === 'account_delete';

const resendsOf = (purpose: OtpCodePurpose) =>
  OTP_RESENDS[purpose === 'verify_email' || isAccountDataPurpose(purpose) ? 'verify' : purpose];
const channelOf = ({ purpose, destination }: OtpTarget): Channel =>
  purpose === 'verify_email' || (isAccountDataPurpose(purpose) && destination.includes('@')) ? 'email' : 'sms';

export interface OtpTarget {
  purpose: OtpCodePurpose;
  /** Where the code goes: a phone number, or an e-mail address for 'verify_email' (column otp_codes.phone). */
  destination: string;
  /** Verification popup only: the customer who is verifying. */
  customerId: number | null;
}

/** The outgoing message of a code: an SMS needs only a body, an e-mail also a subject. */
export interface OtpMessage {
  subject?: string;
  body: string;
}

const hashCode = (t: OtpTarget, code: string) =>
  createHash('sha256')
    .update(`${t.purpose}:${t.destination}:${t.customerId ?? ''}:${code}`)
    .digest('hex');

/** Spec section 9: 4 random digits (crypto.randomInt, so evenly spread and unpredictable). */
export const generateOtp = () => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');

/**
 * The code stored for `target`: a new row, or the existing one replaced while `fresh` (a new
 * window) or under `maxSends` sends; none past it. Described in a running window.
 */
const upsertCode = namedQuery<{ send_count: number; expires_at: string | Date }>()({
  name: 'auth.otp.upsert',
  columns: ['send_count', 'expires_at'],
  example: {
    target: { purpose: 'login', destination: '9876543210', customerId: null } as OtpTarget,
    codeHash: 'h',
    fresh:
      sql`(otp_codes.created_at <= now() - ${OTP_SEND_WINDOW_MS} * interval '1 millisecond' or otp_codes.consumed_at is not null)` as SQL,
    maxSends: 4,
  },
  build: (p: { target: OtpTarget; codeHash: string; fresh: SQL; maxSends: number }) =>
    sql`insert into otp_codes (purpose, phone, customer_id, code_hash, expires_at)
        values (${p.target.purpose}, ${p.target.destination}, ${p.target.customerId}, ${p.codeHash},
                now() + ${OTP_TTL_MS} * interval '1 millisecond')
        on conflict on constraint otp_codes_key_uq do update set
          code_hash = excluded.code_hash,
          expires_at = excluded.expires_at,
          wrong_tries = 0,
          consumed_at = null,
          send_count = case when ${p.fresh} then 1 else otp_codes.send_count + 1 end,
          created_at = case when ${p.fresh} then now() else otp_codes.created_at end
        where ${p.fresh} or otp_codes.send_count < ${p.maxSends}
        returning send_count, expires_at`,
});

/**
 * Issues a fresh code for `target` and queues its SMS or e-mail (by purpose), both in `db` (pass the transaction).
 * `restart`: the first send of a new flow, whose resend count starts at 0. Every send counts towards
 * throttles.otpSends (OTP_SENDS_PER_HOUR per destination and purpose).
 * Throws 429 'Maximum attempt reached. Please try again later' when the window's sends are used up,
 * and 429 authMessages.otpSendBusy when the hourly cap on texts to new numbers is reached (claimNewNumberSms).
 * Answers how many resends are left and when the code expires.
 */
export async function issueOtp(
  db: Db,
  outbox: Outbox,
  target: OtpTarget,
  message: (code: string) => OtpMessage,
  { restart = false }: { restart?: boolean } = {},
): Promise<{ resendsLeft: number; expiresAt: Date }> {
  const code = generateOtp();
  const maxSends = 1 + resendsOf(target.purpose);
  // A restarted flow (spec section 4: Change Phone sets the resend counter to 0) starts a new
  // window; the hourly cap per destination counts every send, so restarts cannot text a number
  // more than OTP_SENDS_PER_HOUR times.
  await claimAttempt(db, [throttles.otpSends(target.purpose, target.destination)], messages.maxAttempts);
  const fresh = restart
    ? sql`true`
    : sql`(otp_codes.created_at <= now() - ${OTP_SEND_WINDOW_MS} * interval '1 millisecond' or otp_codes.consumed_at is not null)`;
  // One statement, so two concurrent requests cannot both slip under the limit.
  const [row] = await upsertCode(db, { target, codeHash: hashCode(target, code), fresh, maxSends });
  if (!row) throw new HttpError(429, messages.maxAttempts);
  if (channelOf(target) === 'sms') await claimNewNumberSms(db, target.destination);
  await outbox.enqueue(db, { channel: channelOf(target), recipient: target.destination, ...message(code) });
  return { resendsLeft: maxSends - Number(row.send_count), expiresAt: new Date(row.expires_at) };
}

/**
 * SMS pumping: a text to a number that is no customer's verified phone counts towards its
 * country's hourly cap (NEW_NUMBER_SMS_PER_HOUR); past it, 429 authMessages.otpSendBusy.
 */
async function claimNewNumberSms(db: Db, phone: string): Promise<void> {
  const [verified] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.phone, phone), isNotNull(customers.phoneVerifiedAt)));
  if (verified) return;
  // Per country: a stored number carries its calling code, except a home-country one (bare digits).
  await claimAttempt(db, [throttles.newNumberSms(await callingCodeOf(db, phone))], authMessages.otpSendBusy);
}

export type OtpCheck = 'ok' | 'invalid' | 'expired' | 'dead';

/**
 * Checks `code` against the live code of `target` and, when right, uses it up. A wrong code counts
 * a try; after OTP_MAX_WRONG_TRIES the code is dead until a new one is sent. Call it inside a
 * transaction and commit even when the answer is not 'ok', so the counted try sticks.
 * `beforeCompare` runs only when a live code is there to compare with (a cap that must not count
 * tries against nothing); when it throws, nothing is counted here either.
 */
export async function checkOtp(
  db: Db,
  target: OtpTarget,
  code: string,
  beforeCompare?: () => Promise<void>,
): Promise<OtpCheck> {
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.purpose, target.purpose),
        eq(otpCodes.phone, target.destination),
        target.customerId === null ? isNull(otpCodes.customerId) : eq(otpCodes.customerId, target.customerId),
        isNull(otpCodes.consumedAt),
      ),
    )
    .for('update');
  if (!row) return 'invalid';
  if (row.wrongTries >= OTP_MAX_WRONG_TRIES) return 'dead';
  if (row.expiresAt.getTime() <= Date.now()) return 'expired';
  await beforeCompare?.();
  const given = Buffer.from(hashCode(target, code), 'hex');
  if (code.length !== OTP_LENGTH || !timingSafeEqual(given, Buffer.from(row.codeHash, 'hex'))) {
    await db
      .update(otpCodes)
      .set({ wrongTries: sql`${otpCodes.wrongTries} + 1` })
      .where(eq(otpCodes.id, row.id));
    return row.wrongTries + 1 >= OTP_MAX_WRONG_TRIES ? 'dead' : 'invalid';
  }
  await db.update(otpCodes).set({ consumedAt: new Date() }).where(eq(otpCodes.id, row.id));
  return 'ok';
}
