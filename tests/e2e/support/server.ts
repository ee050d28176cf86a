import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { hasShopDatabase, prepareDataDir, seedsDemo, seedsServices } from './data-dir.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface RunningShop {
  baseUrl: string;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

/** Whether nothing listens on `port` of the loopback address right now. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * Where in its block a worker starts: from its process id, so that two test runs side by side on
 * one machine (two checkouts, whose workers share parallel indexes) seldom start on the same port.
 */
let nextPortOffset = (process.pid % 25) * 40;

/**
 * This process's worker number, from 1: Playwright's parallel index (0 to workers - 1, never the
 * same for two workers running at once) plus one; 0 outside Playwright.
 */
function runnerWorker(): number {
  if (process.env.TEST_PARALLEL_INDEX) return 1 + Number(process.env.TEST_PARALLEL_INDEX);
  return 0;
}

/**
 * A free port for a shop this process starts. Test files run side by side (one per Playwright
 * worker), so each worker takes its ports from its own block of 1,000 below Linux's ephemeral
 * range (32768+; twelve blocks from 20000, so up to twelve workers): two workers can never pick
 * the same port between the check and the server's listen, and the health check can never reach
 * another file's shop. Outside Playwright the OS chooses.
 */
export async function freePort(): Promise<number> {
  const worker = runnerWorker();
  if (worker > 0) {
    const base = 20_000 + (worker % 12) * 1_000;
    for (let tries = 0; tries < 1_000; tries++) {
      const port = base + (nextPortOffset++ % 1_000);
      if (await portIsFree(port)) return port;
    }
    throw new Error(`no free port in ${base}–${base + 999}`);
  }
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy within ${timeoutMs} ms:\n${output()}`);
}

/** The stopped shop's data, handed to `prepare` before the server starts on it. */
export interface ShopData {
  /** The shop's own database (PGlite belongs to one process at a time: the server is not running). */
  db: PGlite;
  /** Its DATA_DIR; uploaded and generated images are under `media/`, served at /media. */
  dataDir: string;
}

/**
 * How the shop's server starts. `npm test` builds first and sets E2E_COMPILED_SERVER=1: the
 * compiled bundle (apps/api/dist/server.js) starts on half the CPU of the sources. Otherwise the
 * sources, through tsx's loader (npx and the tsx CLI would add two processes), so a test run
 * after an edit needs no rebuild of the API.
 *
 * A test shop lives for one file, so the compiled one starts cheap rather than runs fast:
 * PGlite's WebAssembly compiled lazily and only by V8's baseline tier, and no source maps (a
 * stack then names the bundle's lines; run without E2E_COMPILED_SERVER for the sources').
 * Measured from a seeded copy to /api/health: 6.9-7.1 CPU-s with the defaults and source maps,
 * 4.0-4.2 so; four browser files (27 tests, 2 workers): 470 CPU-s before, 427 after.
 * Production keeps V8's defaults.
 */
function serverArgs(): string[] {
  if (process.env.E2E_COMPILED_SERVER !== '1') return ['--import', 'tsx', 'apps/api/src/server.ts'];
  const bundle = path.join(repoRoot, 'apps/api/dist/server.js');
  if (!existsSync(bundle))
    throw new Error('E2E_COMPILED_SERVER=1 but apps/api/dist/server.js is missing: run "npm run build"');
  return ['--liftoff-only', '--wasm-lazy-compilation', bundle];
}

export interface StartShopOptions {
  timeoutMs?: number;
  /** Environment overrides; DATA_DIR names a directory the caller owns (kept by stop()). */
  env?: Record<string, string>;
  /**
   * Writes into the shop's database before the server starts: a test's own products and
   * categories (fixtures.ts), settings, plugins. The shop is already migrated and seeded.
   */
  prepare?: (shop: ShopData) => Promise<void>;
}

/**
 * Starts the built shop (`npm run build` first) on a free port. Its DATA_DIR is a temp directory
 * of its own (or `env.DATA_DIR`), given a copy of the run's migrated and seeded shop before the
 * server starts (data-dir.ts): a directory that already holds a shop is started as it is.
 * `env` overrides variables (SEED_DEMO=false gives a shop with no storefront). The server runs
 * in its own process group, so stop() ends it and anything it started.
 */
export async function startShop({
  timeoutMs = 90_000,
  env = {},
  prepare,
}: StartShopOptions = {}): Promise<RunningShop> {
  // While iterating, point the tests at a shop that is already running (fresh database, default env).
  const external = process.env.E2E_BASE_URL;
  if (external && Object.keys(env).length === 0 && !prepare) {
    return { baseUrl: external.replace(/\/$/, ''), output: () => '', stop: async () => {} };
  }
  if (!existsSync(path.join(repoRoot, 'apps/storefront/build/server/index.js'))) {
    throw new Error('Storefront build missing: run "npm run build" before the e2e tests');
  }
  const ownDataDir = env.DATA_DIR === undefined;
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'shopfront-e2e-data-'));
  if (!env.DATABASE_URL) await prepareDataDir(dataDir, { seed: seedsDemo(env), services: seedsServices(env) });
  else if (prepare) throw new Error('startShop: prepare writes PGlite data; it cannot run with DATABASE_URL');
  if (prepare) {
    try {
      if (!hasShopDatabase(dataDir)) {
        // No template (outside Playwright, or E2E_FRESH_SHOPS): a first start migrates and seeds it.
        await (await startShop({ timeoutMs, env: { ...env, DATA_DIR: dataDir } })).stop();
      }
      const db = await PGlite.create(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
      try {
        await prepare({ db, dataDir });
      } finally {
        await db.close();
      }
    } catch (err) {
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
      throw err;
    }
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, serverArgs(), {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Backups taken in a test go away with the shop's data folder (not into the repository's backups/).
      BACKUP_DIR: path.join(dataDir, 'backups'),
      LOG_LEVEL: 'warn',
      // Production takes absolute links from PUBLIC_URL, never from the Host header.
      PUBLIC_URL: baseUrl,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const output = () => log.slice(-4000);

  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, child, output, timeoutMs);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, output, stop };
}
