import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { openDatabase, type Database } from '../db/client.ts';
import { databaseUrl, withAdmin } from './postgres-admin.ts';

const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** An empty database of its own (PGlite in memory, or a new one on TEST_DATABASE_URL's cluster). */
export async function emptyDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { database: await openDatabase({}), drop: async () => {} };
  const name = `test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
  return {
    database: await openDatabase({ url: databaseUrl(adminUrl, name), poolMax: 2 }),
    drop: async () => {
      await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** Migrates `database` up to, not including, the migration tagged `tag`: a shop as it was before it. */
export async function migrateToBefore(database: Database, tag: string): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shopfront-migrations-'));
  try {
    cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
    const journalFile = path.join(dir, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; tag: string }[] };
    const cut = journal.entries.findIndex((e) => e.tag === tag);
    if (cut <= 0) throw new Error(`no migration ${tag}`);
    journal.entries = journal.entries.slice(0, cut);
    writeFileSync(journalFile, JSON.stringify(journal));
    for (const f of readdirSync(dir)) if (f.endsWith('.sql') && f >= tag) rmSync(path.join(dir, f));
    if (database.dialect === 'pglite') await migratePglite(database.db as never, { migrationsFolder: dir });
    else await migratePg(database.db as never, { migrationsFolder: dir });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
