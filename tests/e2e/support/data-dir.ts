import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Seeded data directories for the shops the browser tests start.
 *
 * Migrating and seeding a fresh shop (PGlite's initdb, every migration, the demo catalogue and its
 * images) is most of a shop's start. The e2e project's globalSetup (global-setup.ts) does it once
 * per run into two template directories, a migrated one and a seeded one (`pgdata/` and
 * `media/`, as the server lays out DATA_DIR), and each startShop copies the template into the
 * shop's own DATA_DIR: every test file still gets a database of its own to write to. The server
 * then starts as it would on any existing shop: its migrations and seed find nothing to do.
 * Playwright's global setup (playwright-setup.ts) hands them over in E2E_DATA_TEMPLATES.
 * Outside both runners (the screenshot scripts) there is no template and the server seeds itself.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** Directories laid out as DATA_DIR: `migrated` (SEED_DEMO=false) and `seeded` (the demo shop). */
    e2eDataTemplates: { migrated: string; seeded: string } | null;
  }
}

/** The template for a shop started with `seed` (SEED_DEMO), or null outside an e2e run. */
async function templateFor(seed: boolean): Promise<string | null> {
  const fromPlaywright = process.env.E2E_DATA_TEMPLATES;
  if (fromPlaywright) {
    const templates = JSON.parse(fromPlaywright) as { migrated: string; seeded: string };
    return seed ? templates.seeded : templates.migrated;
  }
  if (!process.env.VITEST) return null;
  const { inject } = await import('vitest');
  const templates = inject('e2eDataTemplates');
  if (!templates) return null;
  return seed ? templates.seeded : templates.migrated;
}

/** True when `dataDir` already holds a shop's database (a restart on the same DATA_DIR). */
export function hasShopDatabase(dataDir: string): boolean {
  const pgdata = path.join(dataDir, 'pgdata');
  return existsSync(pgdata) && readdirSync(pgdata).length > 0;
}

/** SEED_DEMO=services (the services demo, issue 27), as the server reads it. */
export const seedsServices = (env: Record<string, string | undefined>): boolean =>
  (env.SEED_DEMO ?? process.env.SEED_DEMO) === 'services';

/** SEED_DEMO as the server reads it (env.ts): on unless 'false' or '0'. */
export function seedsDemo(env: Record<string, string | undefined>): boolean {
  const value = env.SEED_DEMO ?? process.env.SEED_DEMO;
  return value !== 'false' && value !== '0';
}

/**
 * Gives an empty (or missing) `dataDir` the migrated or seeded shop by copying the run's template
 * into it; leaves a directory that already has a database alone. Answers whether it copied (false
 * outside the runners, where the server then migrates and seeds on its first start).
 */
export async function prepareDataDir(
  dataDir: string,
  { seed = true, services = false }: { seed?: boolean; services?: boolean } = {},
): Promise<boolean> {
  // The templates hold the product demo: the services demo (SEED_DEMO=services) seeds itself.
  if (hasShopDatabase(dataDir) || services) return false;
  const template = await templateFor(seed);
  if (!template) return false;
  await copyDir(template, dataDir);
  return true;
}

/**
 * Copies the contents of `from` into `to` (created if missing). `cp -a` does the ~2,400 files of
 * the seeded shop in a fraction of a second, several times faster than Node's fs.cp; fs.cp stays
 * as the fallback where there is no `cp`.
 */
export async function copyDir(from: string, to: string): Promise<void> {
  mkdirSync(to, { recursive: true });
  try {
    await promisify(execFile)('cp', ['-a', `${from}/.`, to]);
  } catch {
    await cp(from, to, { recursive: true });
  }
}
