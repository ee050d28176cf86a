import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';
import type { JobPayloads } from './registry.ts';

export interface JobOptions {
  /** Not run before this (default: now). */
  runAt?: Date;
  /**
   * At most one pending or running job of this kind has this key ("cart 42"); queuing another
   * while one waits or runs does nothing.
   */
  dedupeKey?: string;
  /** Runs before the job is marked failed (default 5). */
  maxAttempts?: number;
}

export type NewJob<M extends object = JobPayloads, K extends keyof M & string = keyof M & string> = {
  kind: K;
  payload: M[K];
} & JobOptions;

/**
 * The channel a job due now is announced on. The NOTIFY goes out when the queuing transaction
 * commits, never before and never on a rollback, and several in one transaction arrive as one;
 * each process's runner listens and runs at once (jobs/plugin.ts), so no caller kicks it.
 */
export const JOBS_CHANNEL = 'shopfront_jobs';

/**
 * Queues a job. Call it with the transaction that makes the change the job follows up, so the two
 * commit (or vanish) together; a job due now wakes the runners when they commit (JOBS_CHANNEL).
 * Answers the job's id, or null when its dedupe key is already queued.
 */
export async function enqueueJob<M extends object = JobPayloads, K extends keyof M & string = keyof M & string>(
  db: Db,
  job: NewJob<M, K>,
): Promise<number | null> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload,
      runAt: job.runAt,
      dedupeKey: job.dedupeKey,
      maxAttempts: job.maxAttempts,
    })
    .onConflictDoNothing({
      target: [jobs.kind, jobs.dedupeKey],
      where: sql`${jobs.status} in ('pending', 'running')`,
    })
    .returning({ id: jobs.id });
  if (!row) return null;
  if (!job.runAt || job.runAt.getTime() <= Date.now()) await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
  return row.id;
}

/**
 * SQL for one statement that writes more besides: queues the jobs `rows` selects (columns kind,
 * payload jsonb, dedupe_key; due now, default attempts) as enqueueJob does, a key already pending
 * or running queuing nothing, and answers the ids queued. The statement announces them with
 * jobsDueNotifySql when it queued any (enqueueJob's NOTIFY, sent at commit as well).
 */
export const queueJobsSql = (rows: SQL): SQL =>
  sql`insert into jobs (kind, payload, dedupe_key) ${rows}
      on conflict (kind, dedupe_key) where status in ('pending', 'running') do nothing returning id`;

/** SQL: the NOTIFY that wakes the runners at commit (see JOBS_CHANNEL). */
export const jobsDueNotifySql: SQL = sql`pg_notify(${JOBS_CHANNEL}, '')`;
