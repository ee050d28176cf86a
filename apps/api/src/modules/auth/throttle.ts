import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authMessages } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import type { throttleCounters } from '../../db/schema.ts';
import { HttpError } from '../../lib/http.ts';

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

type Scope = (typeof throttleCounters.$inferSelect)['scope'];

/** One counter: how many claims its window allows, and an optional progressive back-off. */
export interface Throttle {
  scope: Scope;
  subject: string;
  client?: string;
  limit: number;
  windowMs: number;
  /** Every counted claim restarts the window (the counter is forgotten after a quiet window). */
  sliding?: boolean;
  backoff?: { free: number; baseMs: number; maxMs: number };
}

export const throttles = {
  ip: (ip: string): Throttle => ({ scope: 'ip', subject: ip, ...SIGN_IN_LIMITS.perIp }),
  account: (email: string): Throttle => ({ scope: 'account', subject: email, ...SIGN_IN_LIMITS.perAccount }),
  accountClient: (email: string, client: string): Throttle => {
    const { windowMs, ...backoff } = SIGN_IN_LIMITS.perAccountClient;
    return { scope: 'client', subject: email, client, limit: 2 ** 31 - 1, windowMs, sliding: true, backoff };
  },
  phone: (phone: string): Throttle => ({ scope: 'phone', subject: phone, ...SIGN_IN_LIMITS.perPhone }),
  newNumberSms: (callingCode: string): Throttle => ({
    scope: 'sms_new_number',
    subject: callingCode,
    limit: NEW_NUMBER_SMS_PER_HOUR,
    windowMs: 60 * MINUTE,
  }),
};

/** A 429 that tells the client when to come back (the Retry-After header, set by `setRetryAfter`). */
export class ThrottledError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

/** onError hook: a throttled answer carries Retry-After. */
export async function setRetryAfter(_req: FastifyRequest, reply: FastifyReply, err: Error): Promise<void> {
  if (err instanceof ThrottledError) reply.header('retry-after', String(err.retryAfterSeconds));
}

const ms = (n: number) => sql`(${n}::float8 * interval '1 millisecond')`;

/** The wait before the next claim once `n` claims are counted (zero without a back-off). */
function backoffAfter(t: Throttle, n: SQL): SQL {
  if (!t.backoff) return sql`interval '0'`;
  const { free, baseMs, maxMs } = t.backoff;
  const wait = sql`case when ${n} < ${free}::int then 0 else ${baseMs}::float8 * power(2, ${n} - ${free}::int) end`;
  return sql`(least(${maxMs}::float8, ${wait}) * interval '1 millisecond')`;
}

/** Counts one claim on `t` in one statement; false when the limit or the back-off refuses it. */
async function claimOne(db: Db, t: Throttle): Promise<boolean> {
  const stale = sql`c.resets_at <= now()`;
  const next = sql`(case when ${stale} then 1 else c.count + 1 end)`;
  const rows = await queryRows<{ count: number }>(
    db,
    sql`insert into throttle_counters as c (scope, subject, client, count, resets_at, next_try_at)
        values (${t.scope}, ${t.subject}, ${t.client ?? ''}, 1, now() + ${ms(t.windowMs)}, now() + ${backoffAfter(t, sql`1`)})
        on conflict (scope, subject, client) do update set
          count = ${next},
          resets_at = case when ${stale} or ${t.sliding ?? false}::boolean then excluded.resets_at else c.resets_at end,
          next_try_at = now() + ${backoffAfter(t, next)}
        where ${stale} or (c.count < ${t.limit}::int and c.next_try_at <= now())
        returning c.count`,
  );
  return rows.length > 0;
}

/** Whole seconds (at least 1) until `t` takes claims again. */
async function secondsUntilFree(db: Db, t: Throttle): Promise<number> {
  const [row] = await queryRows<{ wait: number }>(
    db,
    sql`select ceil(extract(epoch from
              (case when count >= ${t.limit}::int then resets_at else next_try_at end) - now()))::int as wait
        from throttle_counters where scope = ${t.scope} and subject = ${t.subject} and client = ${t.client ?? ''}`,
  );
  return Math.max(1, Number(row?.wait ?? 1));
}

/**
 * Counts one attempt on every throttle, all or none (one transaction, claimed in the given
 * order so concurrent claims lock rows in the same order). Throws 429 `message` with the wait of
 * the first throttle that refuses; nothing is counted then.
 */
export async function claimAttempt(
  db: Db,
  list: Throttle[],
  message: string = authMessages.loginLocked,
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const t of list) {
      if (!(await claimOne(tx, t))) throw new ThrottledError(message, await secondsUntilFree(tx, t));
    }
  });
}

/** A successful sign-in gives back the attempt it claimed on the client address's counter. */
export async function refundAttempt(db: Db, t: Throttle): Promise<void> {
  await db.execute(
    sql`update throttle_counters set count = greatest(count - 1, 0)
        where scope = ${t.scope} and subject = ${t.subject} and client = ${t.client ?? ''} and resets_at > now()`,
  );
}

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
