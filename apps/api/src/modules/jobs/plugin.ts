import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.ts';
import { enqueueJob, JOBS_CHANNEL, type NewJob } from './queue.ts';
import { JobRegistry, type JobDefinition, type JobKind, type JobPayloads } from './registry.ts';
import { RECURRING_KEY, runDueJobs } from './runner.ts';

/** How often each process looks for due jobs (a job queued due now also starts a run at once: JOBS_CHANNEL). */
export const JOBS_POLL_MS = 5_000;

export interface Jobs {
  /** Adds the handler of a kind; modules call it while the app is built, before it is ready. */
  register<K extends JobKind>(kind: K, definition: JobDefinition<JobPayloads[K]>): void;
  /** Queues a job in `db` (pass the caller's transaction): answers its id, or null when deduplicated. */
  enqueue<K extends JobKind>(db: Db, job: NewJob<JobPayloads, K>): Promise<number | null>;
  /**
   * Asks for a run soon. Queuing a job due now already does this when its transaction commits;
   * call it only for work that is due without a new job (a job's run_at moved to now).
   */
  kick(): void;
  /** Runs due jobs now (after any run in flight) until none is left; answers how many ran. */
  runDue(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/**
 * Decorates `app.jobs`. Once the app is ready it queues each recurring kind (one for the whole
 * shop) and runs due jobs on an unref'd timer, stopped (after the run in flight) when the app closes.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const registry = new JobRegistry();
    let started = false;
    let closing = false;
    let inFlight: Promise<number> | null = null;
    let again = false;

    // One run at a time per process; a kick during a run makes it look once more at the end.
    const run = (): Promise<number> => {
      if (closing) return Promise.resolve(0);
      if (inFlight) {
        again = true;
        return inFlight;
      }
      inFlight = (async () => {
        let ran = 0;
        do {
          again = false;
          ran += await runDueJobs(app.db, registry, app.log);
        } while (again && !closing);
        return ran;
      })().finally(() => {
        inFlight = null;
      });
      return inFlight;
    };
    const runInBackground = () => void run().catch((err: unknown) => app.log.warn({ err }, 'jobs: run failed'));

    const api: Jobs = {
      register(kind, definition) {
        if (started) throw new Error(`jobs: '${kind}' registered after the app started`);
        registry.register(kind, definition);
      },
      async enqueue(db, job) {
        if (!registry.get(job.kind)) throw new Error(`jobs: no handler for '${job.kind}'`);
        return enqueueJob(db, job);
      },
      kick() {
        setImmediate(runInBackground);
      },
      async runDue() {
        await inFlight?.catch(() => 0);
        return run();
      },
    };
    app.decorate('jobs', api);

    let timer: NodeJS.Timeout | undefined;
    let stopListening = async () => {};
    app.addHook('onReady', async () => {
      started = true;
      for (const { kind, everyMs, payload } of registry.recurring()) {
        await enqueueJob<Record<string, unknown>>(app.db, {
          kind,
          payload,
          runAt: new Date(Date.now() + everyMs),
          dedupeKey: RECURRING_KEY,
        });
      }
      timer = setInterval(runInBackground, JOBS_POLL_MS);
      timer.unref();
      stopListening = await app.database.listen(JOBS_CHANNEL, () => api.kick());
    });
    app.addHook('onClose', async () => {
      closing = true;
      clearInterval(timer);
      // The database may be closed already (a test that closes it first): nothing to stop then.
      await stopListening().catch(() => {});
      await inFlight?.catch(() => 0);
    });
  },
  { name: 'shopfront-jobs' },
);
