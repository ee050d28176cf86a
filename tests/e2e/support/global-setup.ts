import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../apps/api/src/db/client.ts';
import { runMigrations } from '../../../apps/api/src/db/migrate.ts';
import { seedDemo } from '../../../apps/api/src/db/seed/index.ts';
import { copyDir } from './data-dir.ts';

/**
 * The e2e project's globalSetup: migrates one PGlite data directory, copies it and seeds the copy
 * with the demo shop (what server.ts does on a first start), and hands both to the test files
 * (data-dir.ts), which copy them instead of migrating and seeding a shop each (seconds apiece).
 * E2E_FRESH_SHOPS=true skips this: every shop then migrates and seeds itself, as before.
 */
export default async function setup(project: TestProject) {
  if (process.env.E2E_FRESH_SHOPS === 'true') {
    project.provide('e2eDataTemplates', null);
    return;
  }
  const root = mkdtempSync(path.join(tmpdir(), 'shopfront-e2e-templates-'));
  const migrated = path.join(root, 'migrated');
  const seeded = path.join(root, 'seeded');
  try {
    let database = await openDatabase({ dataDir: migrated });
    try {
      await runMigrations(database);
    } finally {
      await database.close();
    }
    await copyDir(migrated, seeded);
    database = await openDatabase({ dataDir: seeded });
    try {
      // store_url stays the demo's: every shop runs with its own PUBLIC_URL, which wins (lib/origin.ts).
      await seedDemo(database, { mediaDir: path.join(seeded, 'media') });
    } finally {
      await database.close();
    }
  } catch (err) {
    rmSync(root, { recursive: true, force: true });
    throw err;
  }
  project.provide('e2eDataTemplates', { migrated, seeded });
  return () => rmSync(root, { recursive: true, force: true });
}
