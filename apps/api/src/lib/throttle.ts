import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { queryRows, type Db } from '../db/client.ts';
import { namedQuery } from '../db/named-query.ts';
import type { throttleCounters } from '../db/schema.ts';
import { HttpError } from './http.ts';

/** What a counter counts; the list is the `throttle_counters_scope_ck` constraint. */
export type ThrottleScope = (typeof throttleCounters.$inferSelect)['scope'];

/** How many claims a window allows. */
export interface ThrottleLimit {
  limit: number;
  windowMs: number;
}

/** One counter: its row (scope, subject, client), its limit and an optional progressive back-off. */
export interface Throttle extends ThrottleLimit {
  scope: ThrottleScope;
  subject: string;
  client?: string;
  /** Every counted claim restarts the window (the counter is forgotten after a quiet window). */
  sliding?: boolean;
  backoff?: { free: number; baseMs: number; maxMs: number };
}

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
  const rows = await queryRows(
    db,
    sql`insert into throttle_counters as c (scope, subject, client, count, resets_at, next_try_at)
        values (${t.scope}, ${t.subject}, ${t.client ?? ''}, 1, now() + ${ms(t.windowMs)}, now() + ${backoffAfter(t, sql`1`)})
        on conflict (scope, subject, client) do update set
          count = ${next},
          resets_at = case when ${stale} or ${t.sliding ?? false}::boolean then excluded.resets_at else c.resets_at end,
          next_try_at = now() + ${backoffAfter(t, next)}
        -- clock_timestamp(): a claim that waited on the row lock has an older now() than the
        -- next_try_at the claim before it wrote, and would be refused for no wait at all.
        where ${stale} or (c.count < ${t.limit}::int and c.next_try_at <= clock_timestamp())
        returning c.count`,
  );
  return rows.length > 0;
}

const waitOf = namedQuery<{ wait: number }>()({
  name: 'throttle.wait',
  columns: ['wait'],
  example: { scope: 'ip', subject: 's', client: '', limit: 1 } as Pick<
    Throttle,
    'scope' | 'subject' | 'client' | 'limit'
  >,
  build: (t: Pick<Throttle, 'scope' | 'subject' | 'client' | 'limit'>) =>
    // clock_timestamp(), not now(): a transaction that waited on the row lock started before the
    // claim that set resets_at, and would answer a wait longer than the window.
    sql`select case when resets_at <= clock_timestamp() then 0 else ceil(extract(epoch from
              (case when count >= ${t.limit}::int then resets_at else next_try_at end) - clock_timestamp()))::int end as wait
        from throttle_counters where scope = ${t.scope} and subject = ${t.subject} and client = ${t.client ?? ''}`,
});

/** Whole seconds until `t` takes claims again: 0 when it takes one now, else at least 1. */
async function secondsUntilFree(db: Db, t: Throttle): Promise<number> {
  const [row] = await waitOf(db, t);
  return Math.max(0, Number(row?.wait ?? 0));
}

/**
 * Counts one attempt on every throttle, all or none (one transaction, or a savepoint of the
 * caller's, claimed in the given order so concurrent claims lock rows in the same order). Throws
 * 429 `message` with the wait of the first throttle that refuses; nothing is counted then. Run
 * it in the caller's transaction to give the claim back when the rest of the work rolls back.
 */
export async function claimAttempt(db: Db, list: Throttle[], message: string): Promise<void> {
  await db.transaction(async (tx) => {
    for (const t of list) {
      if (!(await claimOne(tx, t))) throw new ThrottledError(message, Math.max(1, await secondsUntilFree(tx, t)));
    }
  });
}

/** Throws 429 `message` (with Retry-After) while `t` would refuse a claim; counts nothing. */
export async function assertNotThrottled(db: Db, t: Throttle, message: string): Promise<void> {
  const wait = await secondsUntilFree(db, t);
  if (wait > 0) throw new ThrottledError(message, wait);
}

/** Gives back one claim on `t` (e.g. the attempt of a sign-in that succeeded). */
export async function refundAttempt(db: Db, t: Throttle): Promise<void> {
  await db.execute(
    sql`update throttle_counters set count = greatest(count - 1, 0)
        where scope = ${t.scope} and subject = ${t.subject} and client = ${t.client ?? ''} and resets_at > now()`,
  );
}
