import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { seedDemo } from '../db/seed/index.ts';
import { TEST_MEDIA_DIR } from './paths.ts';
import { databaseUrl, withAdmin } from './postgres-admin.ts';

/** What every test file's shop starts from: PGlite archives, or PostgreSQL template databases. */
export interface TestStartingPoints {
  pglite: { empty: string; seeded: string } | null;
  postgres: { empty: string; seeded: string } | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    startingPoints: TestStartingPoints;
  }
}

/**
 * Migrating and seeding a shop costs seconds; every API test file needs one. Do it once per run
 * here and let each file start from a copy: a dump of PGlite's data dir, or on PostgreSQL a
 * template database (`create database … template`, about 15× cheaper than migrate + seed).
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const templates = await createPostgresTemplates(adminUrl);
    project.provide('startingPoints', { pglite: null, postgres: templates });
    return () => dropDatabases(adminUrl, [templates.empty, templates.seeded]);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shopfront-snapshots-'));
  const database = await openDatabase({});
  await runMigrations(database);
  const empty = path.join(dir, 'migrated.tar');
  writeFileSync(empty, await database.dump!());
  await seedDemo(database, { mediaDir: TEST_MEDIA_DIR });
  const seeded = path.join(dir, 'seeded.tar');
  writeFileSync(seeded, await database.dump!());
  await database.close();
  project.provide('startingPoints', { pglite: { empty, seeded }, postgres: null });
  return () => rmSync(dir, { recursive: true, force: true });
}

async function createPostgresTemplates(adminUrl: string): Promise<{ empty: string; seeded: string }> {
  const run = randomBytes(4).toString('hex');
  const names = { empty: `template_${run}_migrated`, seeded: `template_${run}_seeded` };
  await withAdmin(adminUrl, async (admin) => {
    await admin.query(`create database ${names.empty}`);
    await admin.query(`create database ${names.seeded}`);
  });
  await prepare(databaseUrl(adminUrl, names.empty), async (database) => {
    await runMigrations(database);
  });
  await prepare(databaseUrl(adminUrl, names.seeded), async (database) => {
    await runMigrations(database);
    await seedDemo(database, { mediaDir: TEST_MEDIA_DIR });
  });
  return names;
}

/** Opens, prepares and closes one database: a template must have no connections when copied. */
async function prepare(url: string, work: (database: Database) => Promise<void>): Promise<void> {
  const database = await openDatabase({ url, poolMax: 2 });
  try {
    await work(database);
  } finally {
    await database.close();
  }
}

async function dropDatabases(adminUrl: string, names: string[]): Promise<void> {
  await withAdmin(adminUrl, async (admin) => {
    for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
  });
}
