import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Seeded data directories for the shops the browser tests start.
 *
 * Migrating and seeding a fresh shop (PGlite's initdb, every migration, the demo catalogue and its
 * images) is most of a shop's start. Playwright's globalSetup (playwright-setup.ts, through
 * data-templates.ts) does it once per run into three template directories, a migrated one, a
 * seeded one and a services one (`pgdata/` and `media/`, as the server lays out DATA_DIR), and
 * hands them to the workers in E2E_DATA_TEMPLATES; each startShop copies a template into the
 * shop's own DATA_DIR: every test file still gets a database of its own to write to. The server
 * then starts as it would on any existing shop: its migrations and seed find nothing to do.
 * Outside Playwright (the screenshot scripts), or with E2E_FRESH_SHOPS=true, there is no template
 * and the server seeds itself.
 */

/** Directories laid out as DATA_DIR, one per kind of shop a test starts. */
export interface Templates {
  /** Migrated, not seeded (SEED_DEMO=false). */
  migrated: string;
  /** The demo shop. */
  seeded: string;
  /** The services demo (SEED_DEMO=services). */
  services: string;
}

/** The template for a shop started with `seed` (SEED_DEMO) or the services demo, or null when the run has none. */
function templateFor(seed: boolean, services: boolean): string | null {
  const fromPlaywright = process.env.E2E_DATA_TEMPLATES;
  if (!fromPlaywright) return null;
  const templates = JSON.parse(fromPlaywright) as Templates;
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
 * Gives an empty (or missing) `dataDir` the migrated, seeded or services shop by copying the run's
 * template into it; leaves a directory that already has a database alone. Answers whether it copied
 * (false without templates, where the server then migrates and seeds on its first start).
 */
export async function prepareDataDir(
  dataDir: string,
  { seed = true, services = false }: { seed?: boolean; services?: boolean } = {},
): Promise<boolean> {
  if (hasShopDatabase(dataDir)) return false;
  const template = templateFor(seed, services);
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
