import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client.ts';

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
