import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

/**
 * Background work (ADR 19): a row per job, inserted in the transaction of the change that causes
 * it. Runners in any process claim due rows with FOR UPDATE SKIP LOCKED and lease them
 * (`locked_until`); a lease that runs out (its process died) makes the job claimable again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Which handler runs it (modules/jobs/registry.ts `JobPayloads`). */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull().default({}),
    /** Not claimed before this: the first run, or the next try after a failure (back-off). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').$type<JobStatus>().notNull().default('pending'),
    /** Runs started so far, counted at claim. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** While running: the claim's lease. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** At most one pending or running job per (kind, dedupe_key): "reminder for cart 42", "retention sweep". */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} = 'pending'`),
    index('jobs_lease_idx')
      .on(t.lockedUntil)
      .where(sql`${t.status} = 'running'`),
    uniqueIndex('jobs_dedupe_uq')
      .on(t.kind, t.dedupeKey)
      .where(sql`${t.status} in ('pending', 'running')`),
    // Retention prunes finished jobs by age (maintenance/retention.ts).
    index('jobs_finished_idx')
      .on(t.finishedAt)
      .where(sql`${t.status} in ('done', 'failed')`),
    check('jobs_status_ck', sql`${t.status} in ('pending', 'running', 'done', 'failed')`),
    check('jobs_attempts_ck', sql`${t.maxAttempts} >= 1 and ${t.attempts} between 0 and ${t.maxAttempts}`),
  ],
);
