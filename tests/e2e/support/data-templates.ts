import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../../apps/api/src/db/client.ts';
import { runMigrations } from '../../../apps/api/src/db/migrate.ts';
import { seedDemo } from '../../../apps/api/src/db/seed/index.ts';
import { copyDir, type Templates } from './data-dir.ts';

/** The run's shop templates (laid out as DATA_DIR) and how to remove them. */
export interface DataTemplates {
  templates: Templates;
  remove: () => void;
}

/**
 * Migrates one PGlite data directory, copies it and seeds one copy with the demo shop (what
 * server.ts does on a first start) and another with the services demo (SEED_DEMO=services). The
 * test files' shops copy these (data-dir.ts) instead of migrating and seeding a shop each (seconds
 * apiece; a services shop's own first start took 30–60 s of a loaded run). Playwright's
 * globalSetup (playwright-setup.ts) makes them once per run.
 */
export async function createDataTemplates(): Promise<DataTemplates> {
  const root = mkdtempSync(path.join(tmpdir(), 'shopfront-e2e-templates-'));
  const migrated = path.join(root, 'migrated');
  const seeded = path.join(root, 'seeded');
  const services = path.join(root, 'services');
  try {
    const database = await openDatabase({ dataDir: migrated });
    try {
      await runMigrations(database);
    } finally {
      await database.close();
    }
    await seedCopy(migrated, seeded, 'products');
    await seedCopy(migrated, services, 'services');
  } catch (err) {
    rmSync(root, { recursive: true, force: true });
    throw err;
  }
  return {
    templates: { migrated, seeded, services },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** Copies the migrated template to `dir` and seeds `demo` there, as the server's first start would. */
async function seedCopy(migrated: string, dir: string, demo: 'products' | 'services'): Promise<void> {
  await copyDir(migrated, dir);
  const database = await openDatabase({ dataDir: dir });
  try {
    // store_url stays the demo's: every shop runs with its own PUBLIC_URL, which wins (lib/origin.ts).
    await seedDemo(database, { mediaDir: path.join(dir, 'media'), dataDir: dir, demo });
  } finally {
    await database.close();
  }
}
