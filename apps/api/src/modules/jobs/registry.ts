import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';

/**
 * The payload type of every job kind. A module adds its kinds by declaration merging, beside the
 * handler it registers (as `declare module 'fastify'` adds decorators):
 *
 *     declare module '../jobs/registry.ts' {
 *       interface JobPayloads { 'deliver-message': { messageId: number } }
 *     }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface JobPayloads {}

export type JobKind = keyof JobPayloads & string;

/** What a handler gets besides its payload. */
export interface JobContext {
  /** The shop's database, outside any transaction: open short ones as needed. */
  db: Db;
  log: FastifyBaseLogger;
  jobId: number;
  /** This run's number, from 1; the job fails for good after a throw on run `maxAttempts`. */
  attempt: number;
  maxAttempts: number;
}

/**
 * Thrown by a handler when trying again cannot help (the work is impossible as asked): the job is
 * marked failed at once, its message kept as last_error, for a person to look at.
 */
export class JobFailedForGood extends Error {
  override name = 'JobFailedForGood';
}

export interface JobDefinition<P> {
  /** Checked before each run: a payload that does not parse fails the job at once (a retry would not help). */
  payload: z.ZodType<P>;
  /**
   * Does the work, outside any transaction; a throw is retried after a back-off (JobFailedForGood:
   * not retried). Delivery is at
   * least once (a run whose lease ran out may be repeated), so a handler must be safe to run twice.
   */
  handle(payload: P, ctx: JobContext): Promise<void>;
  /** Wait after failed run `attempt` before the next (default: 30 s, doubling, at most an hour). */
  backoffMs?(attempt: number): number;
  /**
   * A recurring job: one is queued (deduplicated, so one for the whole shop) `everyMs` after each
   * app start, and again `everyMs` after each run ends, done or failed.
   */
  repeat?: { everyMs: number; payload: P };
}

/**
 * Handlers by kind, filled by modules while the app is built. `M` maps kinds to payloads: the
 * app's JobPayloads by default; tests use their own kinds.
 */
export class JobRegistry<M extends object = JobPayloads> {
  readonly #definitions = new Map<string, JobDefinition<unknown>>();

  register<K extends keyof M & string>(kind: K, definition: JobDefinition<M[K]>): void {
    if (this.#definitions.has(kind)) throw new Error(`jobs: kind '${kind}' is registered twice`);
    this.#definitions.set(kind, definition as JobDefinition<unknown>);
  }

  get(kind: string): JobDefinition<unknown> | undefined {
    return this.#definitions.get(kind);
  }

  /** The registered kinds: a runner claims only these, so a process never takes a job it cannot run. */
  get kinds(): string[] {
    return [...this.#definitions.keys()];
  }

  /** Each recurring kind with its schedule. */
  recurring(): { kind: string; everyMs: number; payload: unknown }[] {
    return [...this.#definitions].flatMap(([kind, d]) => (d.repeat ? [{ kind, ...d.repeat }] : []));
  }
}
