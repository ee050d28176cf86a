import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { seedDemo } from '../db/seed/index.ts';
import { parseEnv } from '../env.ts';
import { registerAdminPanel } from '../ssr/admin-panel.ts';
import { registerStorefront } from '../ssr/storefront.ts';

import { databaseUrl, withAdmin } from './postgres-admin.ts';
import { TEST_DATA_DIR, TEST_MEDIA_DIR } from './paths.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL database's URL (undefined on PGlite). */
  url?: string;
  close(): Promise<void>;
}

/** Each starting point's archive, read once per worker (the API project runs files with isolate: false). */
const archives = new Map<string, Uint8Array>();

export function snapshotBytes(file: string): Uint8Array {
  let bytes = archives.get(file);
  if (!bytes) archives.set(file, (bytes = readFileSync(file)));
  return bytes;
}

/** The env of a test about the caches (createTestApp turns them off otherwise). */
export const CACHES_ON = { PAGE_CACHE_MB: '64' };

/**
 * A fresh, migrated and seeded shop for one test file. PGlite in memory by default; a new
 * database on the PostgreSQL cluster named by TEST_DATABASE_URL when that is set (npm test runs
 * the API suite both ways).
 */
export async function createTestApp(
  opts: {
    seed?: boolean;
    env?: Record<string, string>;
    /** Also serve the storefront's production build (`npm run build` first), as server.ts does. */
    storefront?: boolean;
  } = {},
): Promise<TestApp> {
  const seed = opts.seed !== false;
  const { pglite, postgres } = inject('startingPoints');
  const adminUrl = process.env.TEST_DATABASE_URL;
  let url: string | undefined;
  let dropDatabase = async () => {};
  if (adminUrl) {
    const name = `test_${randomBytes(6).toString('hex')}`;
    const template = postgres ? (seed ? postgres.seeded : postgres.empty) : undefined;
    await withAdmin(adminUrl, (admin) =>
      admin.query(`create database ${name}${template ? ` template ${template}` : ''}`),
    );
    url = databaseUrl(adminUrl, name);
    dropDatabase = () =>
      withAdmin(adminUrl, async (admin) => {
        await admin.query(`drop database if exists ${name} with (force)`);
      });
  }
  // Each app its own backup folder (a test may take one: the owner routes' matrix test does).
  const backupDir = mkdtempSync(path.join(os.tmpdir(), 'shopfront-backups-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: TEST_DATA_DIR,
    BACKUP_DIR: backupDir,
    LOG_LEVEL: 'silent',
    // API tests read OTP codes and reset links from the outbox, as a developer would.
    DEV_OUTBOX: 'true',
    // Tests write to the database directly and read the answer at once; on PostgreSQL the change's
    // notification may arrive a moment later. Caches are off unless a test is about them (ADR 28).
    PAGE_CACHE_MB: '0',
    ...opts.env,
  });
  const snapshotFile = pglite ? (seed ? pglite.seeded : pglite.empty) : undefined;
  const snapshot = !url && snapshotFile ? snapshotBytes(snapshotFile) : undefined;
  const database = await openDatabase({ url, poolMax: 4, snapshot });
  // Both are no-ops on a snapshot that already has them; they still run, so nothing is skipped.
  await runMigrations(database);
  if (seed) await seedDemo(database, { mediaDir: TEST_MEDIA_DIR });
  const app = await buildApp({ database, env, logger: false });
  if (opts.storefront) {
    await registerAdminPanel(app);
    await registerStorefront(app, { dev: false });
  }
  await app.ready();
  return {
    app,
    database,
    url,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
      rmSync(backupDir, { recursive: true, force: true });
    },
  };
}

/**
 * PostgreSQL only: a second server process on the same database as `first` (its own app and
 * connection pool, its caches on), as a second machine behind a load balancer would be;
 * `extraEnv` may give it a data folder of its own; `storefront` serves the rendered pages too.
 */
export async function secondProcess(
  first: TestApp,
  extraEnv: Record<string, string> = {},
  opts: { storefront?: boolean } = {},
): Promise<TestApp> {
  if (!first.url) throw new Error('secondProcess needs PostgreSQL (TEST_DATABASE_URL)');
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: TEST_DATA_DIR,
    BACKUP_DIR: first.app.env.BACKUP_DIR,
    LOG_LEVEL: 'silent',
    DEV_OUTBOX: 'true',
    ...extraEnv,
  });
  const database = await openDatabase({ url: first.url, poolMax: 4 });
  const app = await buildApp({ database, env, logger: false });
  if (opts.storefront) {
    await registerAdminPanel(app);
    await registerStorefront(app, { dev: false });
  }
  await app.ready();
  return {
    app,
    database,
    url: first.url,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
