import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../db/client.ts';
import { jobs, rateLimits } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { enqueueJob } from './queue.ts';
import { JobFailedForGood, JobRegistry } from './registry.ts';
import { JOB_LEASE_MS, RECURRING_KEY, claimDueJobs, runDueJobs } from './runner.ts';

/** Kinds of this file only: the app's own runner never claims them. */
interface TestJobs {
  'jobs-test-reminder': { cartId: number };
  'jobs-test-other': { cartId: number };
  'jobs-test-flaky': { n: number };
  'jobs-test-slow': { n: number };
  'jobs-test-broken': { n: number };
  'jobs-test-hopeless': { n: number };
  'jobs-test-count': { n: number };
  'jobs-test-recurring': { n: number };
}
const N = z.object({ n: z.number().int() });
const Cart = z.object({ cartId: z.number().int() });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const db = () => t.database.db;
const run = (registry: JobRegistry<TestJobs>) => runDueJobs(db(), registry, t.app.log);
const jobRow = async (id: number | null) => (await db().select().from(jobs).where(eq(jobs.id, id!)))[0]!;
const ofKind = (kind: keyof TestJobs) => db().select().from(jobs).where(eq(jobs.kind, kind)).orderBy(jobs.id);
const makeDue = (id: number) =>
  db()
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(eq(jobs.id, id));
/** Milliseconds from now until `d`, by the database's clock. */
const dbMsUntil = async (d: Date) => {
  const [row] = await queryRows<{ now: string | Date }>(db(), sql`select now() as now`);
  return d.getTime() - new Date(row!.now).getTime();
};

describe('enqueueJob', () => {
  it('queues a job only if the transaction that queues it commits', async () => {
    await expect(
      db().transaction(async (tx) => {
        await enqueueJob<TestJobs>(tx, { kind: 'jobs-test-reminder', payload: { cartId: 1 } });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await ofKind('jobs-test-reminder')).toEqual([]);

    const id = await db().transaction((tx) =>
      enqueueJob<TestJobs>(tx, { kind: 'jobs-test-reminder', payload: { cartId: 1 } }),
    );
    expect(await jobRow(id)).toMatchObject({
      kind: 'jobs-test-reminder',
      payload: { cartId: 1 },
      status: 'pending',
      attempts: 0,
      maxAttempts: 5,
      lockedUntil: null,
      dedupeKey: null,
    });
    await db().delete(jobs).where(eq(jobs.id, id!));
  });

  it('keeps one pending or running job per kind and dedupe key; a finished one does not count', async () => {
    const registry = new JobRegistry<TestJobs>();
    registry.register('jobs-test-reminder', { payload: Cart, handle: async () => {} });
    const reminder = { kind: 'jobs-test-reminder', payload: { cartId: 42 }, dedupeKey: 'cart-42' } as const;

    const first = await enqueueJob<TestJobs>(db(), reminder);
    expect(first).toEqual(expect.any(Number));
    expect(await enqueueJob<TestJobs>(db(), reminder)).toBeNull();
    expect(await db().transaction((tx) => enqueueJob<TestJobs>(tx, reminder))).toBeNull();
    // The key is per kind.
    expect(await enqueueJob<TestJobs>(db(), { ...reminder, kind: 'jobs-test-other' })).toEqual(expect.any(Number));

    // Running still counts as queued.
    expect((await claimDueJobs(db(), ['jobs-test-reminder'])).map((j) => j.id)).toEqual([first]);
    expect(await enqueueJob<TestJobs>(db(), reminder)).toBeNull();
    await db()
      .update(jobs)
      .set({ lockedUntil: sql`now()` })
      .where(eq(jobs.id, first!));
    expect(await run(registry)).toBe(1);
    expect(await jobRow(first)).toMatchObject({ status: 'done', attempts: 2 });

    const again = await enqueueJob<TestJobs>(db(), reminder);
    expect(again).not.toBe(first);
    expect((await ofKind('jobs-test-reminder')).map((j) => [j.id, j.status])).toEqual([
      [first, 'done'],
      [again, 'pending'],
    ]);
  });
});

describe('runDueJobs', () => {
  it('retries a failing job with exponential back-off and marks it failed after its last attempt', async () => {
    const registry = new JobRegistry<TestJobs>();
    const runs: number[] = [];
    registry.register('jobs-test-flaky', {
      payload: N,
      backoffMs: (attempt) => 60_000 * 2 ** (attempt - 1),
      async handle(_payload, ctx) {
        runs.push(ctx.attempt);
        throw new Error(`provider down (run ${ctx.attempt})`);
      },
    });
    const id = (await enqueueJob<TestJobs>(db(), { kind: 'jobs-test-flaky', payload: { n: 1 }, maxAttempts: 3 }))!;

    expect(await run(registry)).toBe(1);
    let row = await jobRow(id);
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'provider down (run 1)',
      lockedUntil: null,
    });
    expect(await dbMsUntil(row.runAt)).toBeGreaterThan(55_000);
    expect(await dbMsUntil(row.runAt)).toBeLessThan(65_000);
    // Not due yet: nothing runs.
    expect(await run(registry)).toBe(0);

    await makeDue(id);
    expect(await run(registry)).toBe(1);
    row = await jobRow(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2, lastError: 'provider down (run 2)' });
    expect(await dbMsUntil(row.runAt)).toBeGreaterThan(115_000);
    expect(await dbMsUntil(row.runAt)).toBeLessThan(125_000);

    await makeDue(id);
    expect(await run(registry)).toBe(1);
    row = await jobRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'provider down (run 3)', lockedUntil: null });
    expect(row.finishedAt).toBeInstanceOf(Date);
    await makeDue(id);
    expect(await run(registry)).toBe(0);
    expect(runs).toEqual([1, 2, 3]);
  });

  it('fails a job whose payload does not parse without running it', async () => {
    const handle = vi.fn(async () => {});
    const registry = new JobRegistry<TestJobs>();
    registry.register('jobs-test-count', { payload: N, handle });
    const [bad] = await db()
      .insert(jobs)
      .values({ kind: 'jobs-test-count', payload: { n: 'one' } })
      .returning();
    expect(await run(registry)).toBe(1);
    expect(handle).not.toHaveBeenCalled();
    const row = await jobRow(bad!.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.lastError).toMatch(/^invalid payload: .*\bn\b/s);
  });

  it('fails a job at once, without retries, when its handler says trying again cannot help', async () => {
    const handle = vi.fn(async () => {
      throw new JobFailedForGood('nothing to do it with');
    });
    const registry = new JobRegistry<TestJobs>();
    registry.register('jobs-test-hopeless', { payload: N, handle });
    const id = await enqueueJob<TestJobs>(db(), { kind: 'jobs-test-hopeless', payload: { n: 1 }, maxAttempts: 5 });
    expect(await run(registry)).toBe(1);
    expect(handle).toHaveBeenCalledTimes(1);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'nothing to do it with' });
    await makeDue(id!);
    expect(await run(registry)).toBe(0);
  });

  it('runs handlers outside any transaction, and a handler error leaves none open', async () => {
    const registry = new JobRegistry<TestJobs>();
    const outside: boolean[] = [];
    registry.register('jobs-test-broken', {
      payload: N,
      async handle({ n }, ctx) {
        // Inside a transaction both statements would see the same transaction start.
        const started = async () =>
          String((await queryRows<{ at: string | Date }>(ctx.db, sql`select transaction_timestamp() as at`))[0]!.at);
        const first = await started();
        await sleep(5);
        outside.push(first !== (await started()));
        await ctx.db.transaction(async (tx) => {
          await tx.insert(rateLimits).values({ key: `jobs-test-broken|${n}`, count: 1, resetAt: new Date() });
          throw new Error('broken inside its transaction');
        });
      },
    });
    registry.register('jobs-test-flaky', {
      payload: N,
      handle: async () => {
        throw new Error('broken outside');
      },
    });
    const broken = await enqueueJob<TestJobs>(db(), { kind: 'jobs-test-broken', payload: { n: 1 } });
    const flaky = await enqueueJob<TestJobs>(db(), { kind: 'jobs-test-flaky', payload: { n: 2 } });

    expect(await run(registry)).toBe(2);
    expect(outside).toEqual([true]);
    expect(await jobRow(broken)).toMatchObject({ status: 'pending', lastError: 'broken inside its transaction' });
    expect(await jobRow(flaky)).toMatchObject({ status: 'pending', lastError: 'broken outside' });
    expect(await db().select().from(rateLimits).where(eq(rateLimits.key, 'jobs-test-broken|1'))).toEqual([]);
    if (t.database.dialect === 'postgres') {
      const [open] = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and state like 'idle in transaction%'`,
      );
      expect(open!.n).toBe(0);
    }
    // PGlite has one connection: a transaction left open would make this wait for ever.
    await expect(
      Promise.race([db().transaction((tx) => queryRows(tx, sql`select 1`)), sleep(5_000, 'stalled')]),
    ).resolves.not.toBe('stalled');
    await db()
      .delete(jobs)
      .where(and(eq(jobs.status, 'pending'), eq(jobs.kind, 'jobs-test-flaky')));
  });

  it('claims a job again once its lease runs out (its process died), and fails it if that was the last attempt', async () => {
    const handled: number[] = [];
    const registry = new JobRegistry<TestJobs>();
    registry.register('jobs-test-count', {
      payload: N,
      handle: async ({ n }) => {
        handled.push(n);
      },
    });
    const id = (await enqueueJob<TestJobs>(db(), { kind: 'jobs-test-count', payload: { n: 7 } }))!;
    const lastTry = (await enqueueJob<TestJobs>(db(), {
      kind: 'jobs-test-count',
      payload: { n: 8 },
      maxAttempts: 1,
    }))!;
    // A process claims both, then dies before running them.
    const claimed = await claimDueJobs(db(), ['jobs-test-count']);
    expect(claimed.map((j) => j.id)).toEqual([id, lastTry]);
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'running', attempts: 1 });
    const lease = await dbMsUntil(row.lockedUntil!);
    expect(lease).toBeGreaterThan(JOB_LEASE_MS - 5_000);
    expect(lease).toBeLessThanOrEqual(JOB_LEASE_MS);
    // Leased: nobody else takes them.
    expect(await run(registry)).toBe(0);

    await db()
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.kind, 'jobs-test-count'));
    expect(await run(registry)).toBe(1);
    expect(handled).toEqual([7]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2, lockedUntil: null });
    expect(await jobRow(lastTry)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'lease ran out during the last attempt',
    });
  });

  it('leaves the outcome to the later run when a slow run outlives its lease', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const runs: number[] = [];
    const registry = new JobRegistry<TestJobs>();
    registry.register('jobs-test-slow', {
      payload: N,
      async handle(_payload, ctx) {
        runs.push(ctx.attempt);
        if (ctx.attempt === 1) {
          await gate;
          throw new Error('too late to matter');
        }
      },
    });
    const id = (await enqueueJob<TestJobs>(db(), { kind: 'jobs-test-slow', payload: { n: 1 } }))!;
    const slow = run(registry);
    await vi.waitFor(() => expect(runs).toEqual([1]), { timeout: 5_000 });
    // The first run holds no transaction: another runner works meanwhile, even on PGlite.
    await db()
      .update(jobs)
      .set({ lockedUntil: sql`now()` })
      .where(eq(jobs.id, id));
    expect(await run(registry)).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
    release();
    expect(await slow).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2, lastError: null });
  });

  it('renews the leases of the batch it runs: a slow handler and the job waiting behind it keep their claims', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const started: number[] = [];
    const registry = new JobRegistry<TestJobs>();
    registry.register('jobs-test-slow', {
      payload: N,
      async handle({ n }) {
        started.push(n);
        if (n === 1) await gate;
      },
    });
    const first = (await enqueueJob<TestJobs>(db(), { kind: 'jobs-test-slow', payload: { n: 1 } }))!;
    const second = (await enqueueJob<TestJobs>(db(), { kind: 'jobs-test-slow', payload: { n: 2 } }))!;
    const running = runDueJobs(db(), registry, t.app.log, { heartbeatMs: 50 });
    await vi.waitFor(() => expect(started).toEqual([1]), { timeout: 5_000 });
    // Both leases nearly over, as after a long handler: the heartbeat puts them a whole lease ahead.
    await db()
      .update(jobs)
      .set({ lockedUntil: sql`now() + interval '1 second'` })
      .where(and(eq(jobs.kind, 'jobs-test-slow'), eq(jobs.status, 'running')));
    await vi.waitFor(
      async () => {
        for (const id of [first, second])
          expect(await dbMsUntil((await jobRow(id)).lockedUntil!)).toBeGreaterThan(60_000);
      },
      { timeout: 5_000 },
    );
    // Nobody else takes them meanwhile.
    expect(await run(registry)).toBe(0);
    release();
    expect(await running).toBe(2);
    expect(started).toEqual([1, 2]);
    for (const id of [first, second]) {
      expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1, lockedUntil: null });
    }
  });

  it('queues the next run of a recurring job after it ends, done or failed, once', async () => {
    const registry = new JobRegistry<TestJobs>();
    let fail = false;
    registry.register('jobs-test-recurring', {
      payload: N,
      handle: async () => {
        if (fail) throw new Error('sweep failed');
      },
      repeat: { everyMs: 600_000, payload: { n: 0 } },
    });
    const queue = () =>
      enqueueJob<TestJobs>(db(), { kind: 'jobs-test-recurring', payload: { n: 0 }, dedupeKey: RECURRING_KEY });
    const first = await queue();
    expect(await queue()).toBeNull();

    expect(await run(registry)).toBe(1);
    let [done, next, ...more] = await ofKind('jobs-test-recurring');
    expect(more).toEqual([]);
    expect(done).toMatchObject({ id: first, status: 'done' });
    expect(next).toMatchObject({ status: 'pending', dedupeKey: RECURRING_KEY, payload: { n: 0 }, attempts: 0 });
    expect(await dbMsUntil(next!.runAt)).toBeGreaterThan(590_000);

    fail = true;
    await db()
      .update(jobs)
      .set({ runAt: sql`now()`, maxAttempts: 1 })
      .where(eq(jobs.id, next!.id));
    expect(await run(registry)).toBe(1);
    [, done, next, ...more] = await ofKind('jobs-test-recurring');
    expect(more).toEqual([]);
    expect(done).toMatchObject({ status: 'failed', lastError: 'sweep failed' });
    expect(next).toMatchObject({ status: 'pending', dedupeKey: RECURRING_KEY });
  });

  it('runs each of 50 jobs exactly once with four runners on the same database', async () => {
    const registry = new JobRegistry<TestJobs>();
    const handled: number[] = [];
    registry.register('jobs-test-count', {
      payload: N,
      async handle({ n }, ctx) {
        // A database round trip and a random pause, so the runners interleave.
        await queryRows(ctx.db, sql`select ${n}::int`);
        await sleep(Math.floor(Math.random() * 5));
        handled.push(n);
      },
    });
    await db().delete(jobs).where(eq(jobs.kind, 'jobs-test-count'));
    const numbers = Array.from({ length: 50 }, (_, i) => i + 1);
    await db().transaction(async (tx) => {
      for (const n of numbers) await enqueueJob<TestJobs>(tx, { kind: 'jobs-test-count', payload: { n } });
    });

    const counts = await Promise.all([1, 2, 3, 4].map(() => run(registry)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(50);
    expect([...handled].sort((a, b) => a - b)).toEqual(numbers);
    const rows = await ofKind('jobs-test-count');
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(numbers.map(() => ['done', 1]));
  });
});
