import type { Db } from '../../db/client.ts';
import { BACKGROUND_MARK, PER_REQUEST_MARK } from '../../lib/shop-context.ts';

type Queryable = { query: (...args: unknown[]) => Promise<unknown> };

/** The text of a statement as the driver receives it (a string, or pg's `{ text }`). */
const textOf = (arg: unknown): string =>
  typeof arg === 'string'
    ? arg
    : typeof (arg as { text?: unknown })?.text === 'string'
      ? (arg as { text: string }).text
      : '';

/**
 * Test helper: counts the statements Drizzle sends to the driver (PGlite's client or the pg
 * Pool, both reached through `db.$client.query`). Used to hold endpoints to a fixed number of
 * queries whatever the page size (no N+1). Statements marked as every request's own (the shop
 * context, PER_REQUEST_MARK) or as the process's background work (BACKGROUND_MARK, which a late
 * table notification can start at any moment) are not the endpoint's: they are left out.
 */
export function countQueries(db: Db) {
  const client = (db as unknown as { $client: Queryable }).$client;
  const original = client.query;
  let count = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    const text = textOf(args[0]);
    if (!text.startsWith(PER_REQUEST_MARK) && !text.startsWith(BACKGROUND_MARK)) count++;
    return original.apply(client, args);
  };
  return {
    /** Runs `fn` and answers how many statements it sent. */
    async during<T>(fn: () => Promise<T>): Promise<{ result: T; queries: number }> {
      const before = count;
      const result = await fn();
      return { result, queries: count - before };
    },
    restore() {
      client.query = original;
    },
  };
}
