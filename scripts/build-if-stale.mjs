// `npm start`'s first step: builds the storefront, the panel and the compiled API server only
// when a build is missing or older than its sources, so N processes starting together (behind a load balancer, after a deploy that
// shipped a build) do not each run Vite. Processes on one machine take turns through a lock
// directory; the first builds, the others find the build fresh.
//
// Without the build tools (a production install: `npm ci --omit=dev`) a stale build is served
// as it is, with a warning; a missing one stops the start with the command to run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestMtime } from './lib/mtime.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Files `npm run build` writes; the oldest one dates the build. */
const BUILD_MARKERS = ['apps/storefront/build/server/index.js', 'apps/api/dist/server.js'].map((p) =>
  path.join(ROOT, p),
);
const LOCK = path.join(ROOT, 'apps/storefront/.build-lock');
/** What the build is made from. */
const SOURCES = [
  'apps/storefront/app',
  'apps/api/src',
  'apps/storefront/vite.config.ts',
  'apps/storefront/react-router.config.ts',
  'apps/admin/app',
  'packages/shared/src',
  'package-lock.json',
].map((p) => path.join(ROOT, p));
/** A lock older than this was left by a build that died. */
const STALE_LOCK_MS = 10 * 60_000;

/** 'missing', 'stale' or 'fresh'. */
function buildState() {
  if (!BUILD_MARKERS.every((marker) => existsSync(marker))) return 'missing';
  const builtAt = Math.min(...BUILD_MARKERS.map((marker) => statSync(marker).mtimeMs));
  return SOURCES.some((source) => newestMtime(source) > builtAt) ? 'stale' : 'fresh';
}

const buildToolsInstalled = () => existsSync(path.join(ROOT, 'node_modules/@react-router/dev/package.json'));

function takeLock() {
  try {
    mkdirSync(LOCK);
    return true;
  } catch (err) {
    if (err.code !== 'EEXIST') throw err;
    if (Date.now() - statSync(LOCK).mtimeMs > STALE_LOCK_MS) {
      rmSync(LOCK, { recursive: true, force: true });
      return takeLock();
    }
    return false;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  for (;;) {
    const state = buildState();
    if (state === 'fresh') return 0;
    if (!buildToolsInstalled()) {
      if (state === 'stale') {
        console.warn('the build is older than its sources, and the build tools are not installed: serving it as it is');
        return 0;
      }
      console.error(
        'build missing, and the build tools are not installed (a production install). Build first: npm ci && npm run build',
      );
      return 1;
    }
    if (takeLock()) {
      try {
        if (buildState() === 'fresh') return 0;
        console.log(`build ${state}: npm run build`);
        const res = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
        return res.status ?? 1;
      } finally {
        rmSync(LOCK, { recursive: true, force: true });
      }
    }
    // Another process on this machine is building: wait for it, then look again.
    await sleep(500);
  }
}

process.exit(await main());
