import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';

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

const tableColumns = namedQuery<{ table: string; column: string; type: string }>()({
  name: 'backup.table-columns',
  columns: ['table', 'column', 'type'],
  example: {},
  build: () =>
    sql`select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type
          from pg_class c
          join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
          join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
         where c.relkind in ('r', 'p')
         order by c.relname, a.attnum`,
});

const sequences = namedQuery<{ name: string; table: string | null; column: string | null }>()({
  name: 'backup.sequences',
  columns: ['name', 'table', 'column'],
  example: {},
  build: () =>
    sql`select s.relname as name, t.relname as table, a.attname as column
          from pg_class s
          join pg_namespace n on n.oid = s.relnamespace and n.nspname = 'public'
          left join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.deptype in ('a', 'i')
          left join pg_class t on t.oid = d.refobjid
          left join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
         where s.relkind = 'S'
         order by s.relname`,
});

/** The public schema's tables (minus the read models) with their stored columns and SQL types. */
export async function dumpedTables(db: Db): Promise<TableColumns[]> {
  const rows = await tableColumns(db, {});
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
  return sequences(db, {});
}

export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

// The restore's statements (restore.ts), declared here, where the app imports them, so that
// named-query.test.ts describes them too.

/** How many tables the database holds (the app's and drizzle's). */
export const tableCount = namedQuery<{ n: number }>()({
  name: 'backup.restore.table-count',
  columns: ['n'],
  example: {},
  build: () =>
    sql`select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
         where c.relkind in ('r', 'p') and s.nspname in ('public', 'drizzle')`,
});

/** The read models' refresh functions the database has. */
export const presentRefreshers = namedQuery<{ present: string[] }>()({
  name: 'backup.restore.refreshers',
  columns: ['present'],
  example: {},
  build: () =>
    sql`select coalesce(array_agg(proname::text), '{}') as present from pg_proc where proname in (${sql.join(
      READ_MODEL_REFRESHERS.map((f) => sql`${f}`),
      sql`, `,
    )})`,
});

/** The public schema's foreign keys, with their definitions. */
export const foreignKeys = namedQuery<{ tbl: string; name: string; def: string }>()({
  name: 'backup.restore.foreign-keys',
  columns: ['tbl', 'name', 'def'],
  example: {},
  build: () =>
    sql`select c.conrelid::regclass::text as tbl, c.conname as name, pg_get_constraintdef(c.oid) as def
          from pg_constraint c
         where c.contype = 'f' and c.connamespace = 'public'::regnamespace
         order by 1, 2`,
});

/** The public schema's tables with triggers of their own. */
export const triggeredTables = namedQuery<{ tbl: string }>()({
  name: 'backup.restore.triggered-tables',
  columns: ['tbl'],
  example: {},
  build: () =>
    sql`select distinct t.tgrelid::regclass::text as tbl from pg_trigger t join pg_class c on c.oid = t.tgrelid
         where not t.tgisinternal and c.relnamespace = 'public'::regnamespace order by 1`,
});

/** The rows of table `table`. */
export const rowCount = namedQuery<{ n: number }>()({
  name: 'backup.restore.row-count',
  columns: ['n'],
  example: { table: 'products' },
  build: ({ table }: { table: string }) => sql.raw(`select count(*)::int as n from ${ident(table)}`),
});
