import type { Db } from '../../db/client.ts';

type Queryable = { query: (...args: unknown[]) => Promise<unknown> };

/**
 * Test helper: counts the statements Drizzle sends to the driver (PGlite's client or the pg
 * Pool, both reached through `db.$client.query`). Used to hold endpoints to a fixed number of
 * queries whatever the page size (no N+1).
 */
export function countQueries(db: Db) {
  const client = (db as unknown as { $client: Queryable }).$client;
  const original = client.query;
  let count = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    count++;
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
