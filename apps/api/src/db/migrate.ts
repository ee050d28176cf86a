import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { queryRows, type Database, type Db } from './client.ts';

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Applies the committed SQL migrations (apps/api/drizzle) that the database has not seen. */
export async function runMigrations(database: Database): Promise<void> {
  await database.withExclusiveLock(async (db) => {
    if (database.dialect === 'pglite') {
      await migratePglite(db as never, { migrationsFolder });
    } else {
      await migratePg(db as never, { migrationsFolder });
    }
  });
}

let newestMillis: number | undefined;

/** When the newest committed migration was generated (drizzle records it as the applied row's created_at). */
function newestMigrationMillis(): number {
  if (newestMillis !== undefined) return newestMillis;
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  newestMillis = Math.max(...journal.entries.map((e) => e.when));
  return newestMillis;
}

/**
 * True when the database has every committed migration (its newest applied one is the newest
 * committed one or later); throws when the database does not answer.
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  // eslint-disable-next-line no-restricted-syntax -- drizzle's own table, absent before the first migration
  const [row] = await queryRows<{ newest: string | number | null }>(
    db,
    sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
  );
  return row?.newest != null && Number(row.newest) >= newestMigrationMillis();
}
