import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../apps/api/src/db/client.ts';
import { runMigrations } from '../../../apps/api/src/db/migrate.ts';
import { seedDemo } from '../../../apps/api/src/db/seed/index.ts';
import { copyDir } from './data-dir.ts';

/** The run's two shop templates (laid out as DATA_DIR) and how to remove them. */
export interface DataTemplates {
  templates: { migrated: string; seeded: string };
  remove: () => void;
}

/**
 * Migrates one PGlite data directory, copies it and seeds the copy with the demo shop (what
 * server.ts does on a first start). The test files' shops copy these (data-dir.ts) instead of
 * migrating and seeding a shop each (seconds apiece). Used by vitest's e2e globalSetup (below)
 * and Playwright's (playwright-setup.ts).
 */
export async function createDataTemplates(): Promise<DataTemplates> {
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
  return { templates: { migrated, seeded }, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/**
 * The vitest e2e project's globalSetup: hands the templates to the test files (data-dir.ts).
 * E2E_FRESH_SHOPS=true skips this: every shop then migrates and seeds itself, as before.
 */
export default async function setup(project: TestProject) {
  if (process.env.E2E_FRESH_SHOPS === 'true') {
    project.provide('e2eDataTemplates', null);
    return;
  }
  const { templates, remove } = await createDataTemplates();
  project.provide('e2eDataTemplates', templates);
  return remove;
}
