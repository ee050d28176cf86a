import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Database, Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';

const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

interface JournalEntry {
  idx: number;
  tag: string;
  when: number;
}

function journal(folder = MIGRATIONS_FOLDER): { entries: JournalEntry[] } {
  return JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: JournalEntry[] };
}

const newestMigration = namedQuery<{ newest: string | number | null }>()({
  name: 'backup.newest-migration',
  columns: ['newest'],
  example: {},
  build: () => sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
});

/** The tag of the newest migration applied to `db` (drizzle records each one's `when` as created_at). */
export async function lastAppliedMigration(db: Db): Promise<string> {
  const [row] = await newestMigration(db, {});
  const entry = journal().entries.find((e) => e.when === Number(row?.newest));
  if (!entry)
    throw new Error(
      'The database has a migration this version of Shopfront does not know; back up with the version that wrote it',
    );
  return entry.tag;
}

/** Applies the committed migrations up to and including `tag`: the schema a backup was taken on. */
export async function migrateUpTo(database: Database, tag: string): Promise<void> {
  const all = journal();
  const cut = all.entries.findIndex((e) => e.tag === tag);
  if (cut < 0) {
    throw new Error(
      `The backup was taken on migration ${tag}, which this version of Shopfront does not have: restore it with that version or a newer one`,
    );
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shopfront-restore-migrations-'));
  try {
    cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
    const kept = all.entries.slice(0, cut + 1);
    writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...all, entries: kept }));
    const keep = new Set(kept.map((e) => `${e.tag}.sql`));
    for (const f of readdirSync(dir)) if (f.endsWith('.sql') && !keep.has(f)) rmSync(path.join(dir, f));
    await database.withExclusiveLock(async (db) => {
      if (database.dialect === 'pglite') await migratePglite(db as never, { migrationsFolder: dir });
      else await migratePg(db as never, { migrationsFolder: dir });
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
