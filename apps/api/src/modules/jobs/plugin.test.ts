import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jobs } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { appWithEnv } from '../../test/ops-app.ts';
import { enqueueJob } from './queue.ts';
import type { JobKind } from './registry.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const sweep = () =>
  t.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, 'retention-sweep'), eq(jobs.status, 'pending')));

describe('app.jobs', () => {
  it('kick() runs due jobs soon, without waiting for the timer', async () => {
    const [queued] = await sweep();
    await t.database.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, queued!.id));
    t.app.jobs.kick();
    await vi.waitFor(
      async () => {
        const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, queued!.id));
        expect(row!.status).toBe('done');
      },
      { timeout: 3_000, interval: 20 },
    );
    expect(await t.app.jobs.runDue()).toBe(0);
  });

  it('refuses a kind without a handler, and handlers registered once the app runs', async () => {
    const unknown = 'no-such-job' as string as JobKind;
    await expect(t.app.jobs.enqueue(t.database.db, { kind: unknown, payload: {} as never })).rejects.toThrow(
      "jobs: no handler for 'no-such-job'",
    );
    expect(() => t.app.jobs.register(unknown, { payload: z.never(), handle: async () => {} } as never)).toThrow(
      "jobs: 'no-such-job' registered after the app started",
    );
  });

  it('closing the app waits for the run in flight', async () => {
    // A kind of this test only, registered on a second app before it is ready.
    const kind = 'jobs-test-gate' as string as JobKind;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = false;
    const app = await appWithEnv(t.database, {});
    app.jobs.register(kind, {
      payload: z.object({}),
      handle: async () => {
        started = true;
        await gate;
      },
    } as never);
    await app.ready();
    const id = await enqueueJob<Record<string, object>>(t.database.db, { kind, payload: {} });
    app.jobs.kick();
    await vi.waitFor(() => expect(started).toBe(true), { timeout: 5_000 });

    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await sleep(100);
    expect(closed).toBe(false);
    release();
    await closing;
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, id!));
    expect(row).toMatchObject({ status: 'done', attempts: 1 });
  });
});
