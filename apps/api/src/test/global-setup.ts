import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { seedDemo } from '../db/seed/index.ts';
import { TEST_MEDIA_DIR } from './paths.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshots: { empty: string; seeded: string } | null;
  }
}

/**
 * Starting PGlite from an empty cluster runs initdb (seconds). Migrate and seed once here, dump
 * the data dir, and let every test file start from that archive instead.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteSnapshots', null);
    return;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shopfront-snapshots-'));
  const database = await openDatabase({});
  await runMigrations(database);
  const empty = path.join(dir, 'migrated.tar');
  writeFileSync(empty, Buffer.from(await (await database.dump!()).arrayBuffer()));
  await seedDemo(database, { mediaDir: TEST_MEDIA_DIR });
  const seeded = path.join(dir, 'seeded.tar');
  writeFileSync(seeded, Buffer.from(await (await database.dump!()).arrayBuffer()));
  await database.close();
  project.provide('pgliteSnapshots', { empty, seeded });
  return () => rmSync(dir, { recursive: true, force: true });
}
