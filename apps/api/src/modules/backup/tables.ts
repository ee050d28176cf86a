import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';

/**
 * Tables a backup leaves out: read models derived wholly from other tables and rebuilt by their
 * refresh functions after a restore (migrations 0019 and 0024). Everything else in the public
 * schema is dumped, personal and transient data included: a restore is the same shop.
 */
export const READ_MODEL_TABLES = ['listing_facet_counts', 'product_facet_values', 'search_words'];

/** The functions that rebuild the read models above from the restored rows. */
export const READ_MODEL_REFRESHERS = ['shopfront_refresh_listing_facets', 'shopfront_refresh_search_words'];

export interface TableColumns {
  name: string;
  /** Stored columns only (a generated column is computed again on insert), in attribute order. */
  columns: { name: string; type: string }[];
}

/** The public schema's tables (minus the read models) with their stored columns and SQL types. */
export async function dumpedTables(db: Db): Promise<TableColumns[]> {
  const rows = await queryRows<{ table: string; column: string; type: string }>(
    db,
    sql`select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type
          from pg_class c
          join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
          join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
         where c.relkind in ('r', 'p')
         order by c.relname, a.attnum`,
  );
  const tables = new Map<string, TableColumns>();
  for (const r of rows) {
    if (READ_MODEL_TABLES.includes(r.table)) continue;
    let t = tables.get(r.table);
    if (!t) tables.set(r.table, (t = { name: r.table, columns: [] }));
    t.columns.push({ name: r.column, type: r.type });
  }
  return [...tables.values()];
}

/** Every sequence of the public schema, and the column it numbers when it belongs to one. */
export async function publicSequences(
  db: Db,
): Promise<{ name: string; table: string | null; column: string | null }[]> {
  return queryRows(
    db,
    sql`select s.relname as name, t.relname as table, a.attname as column
          from pg_class s
          join pg_namespace n on n.oid = s.relnamespace and n.nspname = 'public'
          left join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.deptype in ('a', 'i')
          left join pg_class t on t.oid = d.refobjid
          left join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
         where s.relkind = 'S'
         order by s.relname`,
  );
}

export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
