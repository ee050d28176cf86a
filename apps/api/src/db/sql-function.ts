import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

/**
 * A hot statement kept as a PL/pgSQL function (ADR 0020): PostgreSQL caches a function's plans
 * per connection, so a statement with many subqueries is planned a few times per connection
 * instead of on every call (on PGlite that halves or better the cost of a cart read). The body
 * is built in TypeScript like any other statement, from `sql` with the arguments as
 * `sql.raw('p_name')` and no bound values; the name carries a hash of the definition, so each
 * code version calls its own function and a rolling deploy never runs old code on a new body.
 */
export interface SqlFunction {
  name: string;
  create: string;
}

/** `statement` yields one json value (or no row: null); the function answers it. */
export function sqlFunction(
  base: string,
  params: string,
  statement: SQL,
  volatility: 'stable' | 'volatile' = 'stable',
): SqlFunction {
  return plpgsqlFunction(
    base,
    params,
    sql`declare result json;
begin
${statement}
into result;
return result;
end`,
    volatility,
  );
}

/**
 * A function answering json whose PL/pgSQL body (`declare … begin … end`) is written out: several
 * statements in one call, for a write whose steps would otherwise each be a round trip (the cart's
 * add: lock, upsert, touch, read). Other functions are called by their `name`, which carries
 * their hash into this one's.
 */
export function plpgsqlFunction(
  base: string,
  params: string,
  body: SQL,
  volatility: 'stable' | 'volatile' = 'stable',
): SqlFunction {
  const q = new PgDialect().sqlToQuery(body);
  if (q.params.length) throw new Error(`${base}: a function body takes no bound values (${q.params.length} found)`);
  const def = `(${params}) returns json language plpgsql ${volatility} as $fn$
${q.sql}
$fn$`;
  const name = `sf_${base}_${createHash('sha256').update(def).digest('hex').slice(0, 12)}`;
  return { name, create: `create or replace function ${name}${def}` };
}

/** Calls the function with the given arguments: `select name(args…) as result`. */
export function callSqlFunction(fn: SqlFunction, args: SQL[]): SQL {
  return sql`select ${sql.raw(fn.name)}(${sql.join(args, sql`, `)}) as result`;
}

/** Creates the functions of this code version (idempotent; one process at a time). */
export async function ensureSqlFunctions(database: Database, fns: readonly SqlFunction[]): Promise<void> {
  await database.withExclusiveLock(async (db) => {
    const existing = await db.execute(sql`select proname from pg_proc where proname like 'sf\_%'`);
    const have = new Set(((existing as unknown as { rows: { proname: string }[] }).rows ?? []).map((r) => r.proname));
    for (const f of fns) if (!have.has(f.name)) await db.execute(sql.raw(f.create));
  });
}
