import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';

/**
 * Every table of the migrated schema that still holds one of `needles` anywhere in a row (the row
 * cast to text, compared case-insensitively), with how many rows: `{ orders: 1 }`. Empty when none.
 */
export async function tablesHolding(db: Db, needles: string[]): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  if (tables.length < 40) throw new Error(`only ${tables.length} tables: not the migrated schema`);
  const any = sql.join(
    needles.map((n) => sql`strpos(lower(x::text), ${n.toLowerCase()}) > 0`),
    sql` or `,
  );
  const found: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(name)} x where ${any}`,
    );
    if (row && row.n > 0) found[name] = row.n;
  }
  return found;
}
