import { sql } from 'drizzle-orm';
import { authMessages } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { accessLogs } from '../../db/schema.ts';
import { HttpError } from '../../lib/http.ts';

export type AccessMethod = 'password' | 'otp' | 'register' | 'reset';

/** Who is asking: recorded with every sign-in attempt. */
export interface RequestMeta {
  ip: string;
  userAgent: string;
}

/**
 * Failed sign-ins tolerated inside the window: per account (e-mail; failures since its last
 * success) and per client address (all failures, any method). OTP codes to one phone: each code
 * dies after 5 wrong tries, but a resend brings a fresh one, so failures per phone (since its
 * last success) are also capped over a longer window: a 4-digit code cannot be guessed by
 * spreading tries over many addresses and resends.
 */
export const SIGN_IN_LIMITS = {
  perAccount: 5,
  perIp: 20,
  windowMs: 15 * 60_000,
  perPhone: 10,
  phoneWindowMs: 6 * 60 * 60_000,
} as const;

/** Records one sign-in attempt (the security page lists them; the limits below count them). */
export async function recordAccess(
  db: Db,
  entry: { customerId: number | null; identifier: string; method: AccessMethod; success: boolean },
  meta: RequestMeta,
): Promise<void> {
  await db.insert(accessLogs).values({
    customerId: entry.customerId,
    identifier: entry.identifier,
    method: entry.method,
    success: entry.success,
    ip: meta.ip,
    userAgent: meta.userAgent.slice(0, 500),
  });
}

/**
 * Throws 429 (authMessages.loginLocked) when the client address, or with `perAccount` the account
 * `identifier`, has too many recent failed sign-ins. The refused attempt is recorded as failed.
 */
export async function assertSignInAllowed(
  db: Db,
  attempt: {
    identifier: string;
    method: AccessMethod;
    perAccount: boolean;
    /** OTP sign-ins: `identifier` is a phone, capped by SIGN_IN_LIMITS.perPhone. */
    perPhone?: boolean;
    customerId?: number | null;
  },
  meta: RequestMeta,
): Promise<void> {
  const since = sql`now() - ${SIGN_IN_LIMITS.windowMs} * interval '1 millisecond'`;
  const phoneSince = sql`now() - ${SIGN_IN_LIMITS.phoneWindowMs} * interval '1 millisecond'`;
  const lastSuccess = sql`coalesce((select max(s.created_at) from ${accessLogs} s
                                    where s.identifier = ${attempt.identifier} and s.success), '-infinity')`;
  const [row] = await queryRows<{ by_account: number; by_ip: number; by_phone: number }>(
    db,
    sql`select
      (select count(*)::int from ${accessLogs} a
        where ${attempt.perAccount} and a.identifier = ${attempt.identifier} and not a.success and a.created_at > ${since}
          and a.created_at > ${lastSuccess}) as by_account,
      (select count(*)::int from ${accessLogs} a
        where a.ip = ${meta.ip} and not a.success and a.created_at > ${since}) as by_ip,
      (select count(*)::int from ${accessLogs} a
        where ${attempt.perPhone ?? false} and a.identifier = ${attempt.identifier} and not a.success
          and a.created_at > ${phoneSince} and a.created_at > ${lastSuccess}) as by_phone`,
  );
  if (
    row &&
    (row.by_account >= SIGN_IN_LIMITS.perAccount ||
      row.by_ip >= SIGN_IN_LIMITS.perIp ||
      row.by_phone >= SIGN_IN_LIMITS.perPhone)
  ) {
    await recordAccess(
      db,
      {
        customerId: attempt.customerId ?? null,
        identifier: attempt.identifier,
        method: attempt.method,
        success: false,
      },
      meta,
    );
    throw new HttpError(429, authMessages.loginLocked);
  }
}
