import { and, eq, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { jobs, type JobStatus } from '../../db/schema.ts';
import { enqueueJob } from './queue.ts';
import { JobFailedForGood, type JobContext, type JobDefinition, type JobRegistry } from './registry.ts';

/**
 * A claimed job is not claimed again for this long. The runner renews the leases of the batch it
 * is working through every JOB_HEARTBEAT_MS, so only a process that died lets one run out, however
 * long a handler takes (a backup of a big shop).
 */
export const JOB_LEASE_MS = 2 * 60_000;
export const JOB_HEARTBEAT_MS = JOB_LEASE_MS / 4;
/** Jobs claimed at once. They run one after another, their leases renewed together. */
const CLAIM_BATCH = 5;
/** The dedupe key that keeps one run of a recurring kind queued for the whole shop. */
export const RECURRING_KEY = 'schedule';

/** Default back-off after failed run `attempt`: 30 s, 1 min, 2 min, … at most an hour. */
export const defaultBackoffMs = (attempt: number) => Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);

interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  /** Counts this run. */
  attempts: number;
  maxAttempts: number;
}

type Registry = Pick<JobRegistry<object>, 'get' | 'kinds'>;

const now = sql`now()`;
const leaseEnd = sql`now() + ${JOB_LEASE_MS} * interval '1 millisecond'`;

/**
 * Claims up to CLAIM_BATCH due jobs of `kinds` in one short transaction: locks them with FOR UPDATE
 * SKIP LOCKED (so concurrent runners never take the same job, nor wait for each other), marks them
 * running with a lease, and commits before anything runs. A running job whose lease has run out
 * (its process died) is due again; one that was on its last attempt is marked failed instead.
 */
export async function claimDueJobs(db: Db, kinds: string[]): Promise<ClaimedJob[]> {
  if (!kinds.length) return [];
  const leaseOver = and(eq(jobs.status, 'running'), lte(jobs.lockedUntil, now));
  return db.transaction(async (tx) => {
    const abandoned = tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(inArray(jobs.kind, kinds), leaseOver, gte(jobs.attempts, jobs.maxAttempts)))
      .for('update', { skipLocked: true });
    await tx
      .update(jobs)
      .set({ status: 'failed', lockedUntil: null, finishedAt: now, lastError: 'lease ran out during the last attempt' })
      .where(inArray(jobs.id, abandoned));

    const due = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.kind, kinds),
          or(
            and(eq(jobs.status, 'pending'), lte(jobs.runAt, now)),
            and(leaseOver, lt(jobs.attempts, jobs.maxAttempts)),
          ),
        ),
      )
      .orderBy(jobs.runAt, jobs.id)
      .limit(CLAIM_BATCH)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    const claimed = await tx
      .update(jobs)
      .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, lockedUntil: leaseEnd })
      .where(
        inArray(
          jobs.id,
          due.map((j) => j.id),
        ),
      )
      .returning({
        id: jobs.id,
        kind: jobs.kind,
        payload: jobs.payload,
        attempts: jobs.attempts,
        maxAttempts: jobs.maxAttempts,
      });
    // In claim order (oldest due first); `returning` keeps none.
    return due.flatMap((d) => claimed.filter((c) => c.id === d.id));
  });
}

/** The claim still belongs to this run: no other runner took the job after its lease ran out. */
const stillOurs = (job: ClaimedJob) =>
  and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts));

/** Marks the job done or failed and, for a recurring kind, queues its next run in the same transaction. */
async function finish(
  db: Db,
  job: ClaimedJob,
  definition: JobDefinition<unknown>,
  status: Extract<JobStatus, 'done' | 'failed'>,
  lastError: string | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [ours] = await tx
      .update(jobs)
      .set({ status, lastError, lockedUntil: null, finishedAt: now })
      .where(stillOurs(job))
      .returning({ id: jobs.id });
    if (ours && definition.repeat) {
      await enqueueJob<Record<string, unknown>>(tx, {
        kind: job.kind,
        payload: definition.repeat.payload,
        runAt: new Date(Date.now() + definition.repeat.everyMs),
        dedupeKey: RECURRING_KEY,
      });
    }
    return Boolean(ours);
  });
}

/** After a failed run: back to pending after the back-off, or failed for good on the last attempt. */
async function retryLater(db: Db, job: ClaimedJob, definition: JobDefinition<unknown>, lastError: string) {
  if (job.attempts >= job.maxAttempts) return finish(db, job, definition, 'failed', lastError);
  const waitMs = (definition.backoffMs ?? defaultBackoffMs)(job.attempts);
  const ours = await db
    .update(jobs)
    .set({ status: 'pending', lastError, lockedUntil: null, runAt: sql`now() + ${waitMs} * interval '1 millisecond'` })
    .where(stillOurs(job))
    .returning({ id: jobs.id });
  return ours.length > 0;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

/** Runs the handler; answers null on success, else the error to record (a bad payload is not retried). */
async function runHandler(
  definition: JobDefinition<unknown>,
  job: ClaimedJob,
  ctx: JobContext,
): Promise<{ error: string; retry: boolean } | null> {
  const payload = definition.payload.safeParse(job.payload);
  if (!payload.success) {
    ctx.log.error(`jobs: ${job.kind} ${job.id} has an invalid payload`);
    return { error: `invalid payload: ${z.prettifyError(payload.error)}`, retry: false };
  }
  try {
    await definition.handle(payload.data, ctx);
    return null;
  } catch (err) {
    if (err instanceof JobFailedForGood) {
      ctx.log.error({ err }, `jobs: ${job.kind} ${job.id} failed for good; it needs a person`);
      return { error: errorText(err), retry: false };
    }
    ctx.log.warn({ err }, `jobs: ${job.kind} ${job.id} failed (attempt ${job.attempts} of ${job.maxAttempts})`);
    return { error: errorText(err), retry: true };
  }
}

/** Runs one claimed job (its handler outside any transaction) and records the outcome. */
async function runJob(db: Db, registry: Registry, job: ClaimedJob, log: FastifyBaseLogger): Promise<void> {
  const definition = registry.get(job.kind)!;
  const jobLog = log.child({ job: { id: job.id, kind: job.kind, attempt: job.attempts } });
  const ctx = { db, log: jobLog, jobId: job.id, attempt: job.attempts, maxAttempts: job.maxAttempts };
  const failure = await runHandler(definition, job, ctx);
  const recorded = !failure
    ? await finish(db, job, definition, 'done', null)
    : failure.retry
      ? await retryLater(db, job, definition, failure.error)
      : await finish(db, job, definition, 'failed', failure.error);
  // Another runner took the job after our lease ran out: its run records the outcome.
  if (!recorded) jobLog.warn(`jobs: ${job.kind} ${job.id} outlived its lease; its outcome is left to the next run`);
}

/**
 * Renews the leases of a claimed batch every `everyMs` until each job is recorded (`done`) or the
 * batch ends (`stop`). A renewal that fails is logged: the lease then runs out as if the process died.
 */
function keepLeases(db: Db, batch: ClaimedJob[], everyMs: number, log: FastifyBaseLogger) {
  const open = new Set(batch);
  const timer = setInterval(() => {
    if (!open.size) return;
    db.update(jobs)
      .set({ lockedUntil: leaseEnd })
      .where(or(...[...open].map(stillOurs)))
      .then(
        () => undefined,
        (err: unknown) => log.warn({ err }, 'jobs: could not renew the leases of the running batch'),
      );
  }, everyMs);
  timer.unref();
  return { done: (job: ClaimedJob) => open.delete(job), stop: () => clearInterval(timer) };
}

/**
 * Runs due jobs until a claim finds fewer than a full batch, and answers how many ran. Handler
 * errors are recorded on their jobs; only a database failure while claiming or recording throws.
 */
export async function runDueJobs(
  db: Db,
  registry: Registry,
  log: FastifyBaseLogger,
  { heartbeatMs = JOB_HEARTBEAT_MS }: { heartbeatMs?: number } = {},
): Promise<number> {
  let ran = 0;
  for (;;) {
    const claimed = await claimDueJobs(db, registry.kinds);
    const leases = keepLeases(db, claimed, heartbeatMs, log);
    try {
      for (const job of claimed) {
        await runJob(db, registry, job, log);
        leases.done(job);
      }
    } finally {
      leases.stop();
    }
    ran += claimed.length;
    if (claimed.length < CLAIM_BATCH) return ran;
  }
}
