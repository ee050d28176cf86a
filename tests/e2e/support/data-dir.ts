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
    /**
     * Directories laid out as DATA_DIR: `migrated` (SEED_DEMO=false), `seeded` (the demo shop) and,
     * where the run made one, `services` (SEED_DEMO=services).
     */
    e2eDataTemplates: Templates | null;
  }
}

interface Templates {
  migrated: string;
  seeded: string;
  services: string | null;
}

/** The run's templates: from Playwright's globalSetup, or vitest's; null outside both. */
async function runTemplates(): Promise<Templates | null> {
  const fromPlaywright = process.env.E2E_DATA_TEMPLATES;
  if (fromPlaywright) return JSON.parse(fromPlaywright) as Templates;
  if (!process.env.VITEST) return null;
  const { inject } = await import('vitest');
  return inject('e2eDataTemplates');
}

/** The template for a shop started with `seed` (SEED_DEMO) or the services demo, or null when the run has none. */
async function templateFor(seed: boolean, services: boolean): Promise<string | null> {
  const templates = await runTemplates();
  if (!templates) return null;
  if (services) return templates.services;
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
  if (hasShopDatabase(dataDir)) return false;
  // Without a services template (vitest's e2e run makes none), a services shop seeds itself.
  const template = await templateFor(seed, services);
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
