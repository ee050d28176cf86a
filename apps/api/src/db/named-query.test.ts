import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { namedQueries } from './named-query.ts';

/**
 * Every named query (named-query.ts), described by the migrated database without running it: the
 * columns it answers are the ones it declares. On the PGlite pass only (node-postgres cannot
 * describe a statement without running it; the schema is the same on both).
 */
let t: TestApp;
beforeAll(async () => {
  // The whole app: every module that declares a named query is imported.
  t = await createTestApp();
});
afterAll(() => t.close());

const dialect = new PgDialect();
const onPglite = !process.env.TEST_DATABASE_URL;

/** The column names the database says the statement answers, sorted. */
async function answered(statement: ReturnType<typeof sql>): Promise<string[]> {
  const client = (t.database.db as unknown as { $client: PGlite }).$client;
  const described = await client.describeQuery(dialect.sqlToQuery(statement).sql);
  return described.resultFields.map((f) => f.name).sort();
}

it.runIf(onPglite)('every named query answers exactly the columns it declares', async () => {
  const queries = namedQueries();
  expect(queries.length).toBeGreaterThan(5);
  for (const q of queries) {
    const got = await answered(q.build(q.example)).catch((err: Error) => [`does not describe: ${err.message}`]);
    expect([q.queryName, got]).toEqual([q.queryName, [...q.columns].sort()]);
  }
});

it.runIf(onPglite)('tells a renamed column and a missing one', async () => {
  expect(
    await answered(sql`update carts set updated_at = now() where id = ${'c_x'} returning channel_id as channel`),
  ).toEqual(['channel']);
  await expect(answered(sql`select no_such_column from carts`)).rejects.toThrow(/no_such_column/);
});
