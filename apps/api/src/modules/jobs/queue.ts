import { sql } from 'drizzle-orm';
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
 * Queues a job. Call it with the transaction that makes the change the job follows up, so the two
 * commit (or vanish) together. Answers the job's id, or null when its dedupe key is already queued.
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
  return row?.id ?? null;
}
