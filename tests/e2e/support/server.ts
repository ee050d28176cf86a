import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface RunningShop {
  baseUrl: string;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

/** Asks the OS for a free port: the server cannot report a PORT=0 choice back to us. */
export async function freePort(): Promise<number> {
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

/**
 * Starts the built shop (`npm run build` first) on a free port with a fresh database in a temp
 * directory; `env` overrides variables (SEED_DEMO=false gives a shop with no storefront). It runs in its own process group so stop() ends tsx and its node child together.
 */
export async function startShop({ timeoutMs = 90_000, env = {} as Record<string, string> } = {}): Promise<RunningShop> {
  // While iterating, point the tests at a shop that is already running (fresh database, default env).
  const external = process.env.E2E_BASE_URL;
  if (external && Object.keys(env).length === 0) {
    return { baseUrl: external.replace(/\/$/, ''), output: () => '', stop: async () => {} };
  }
  if (!existsSync(path.join(repoRoot, 'apps/storefront/build/server/index.js'))) {
    throw new Error('Storefront build missing: run "npm run build" before the e2e tests');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shopfront-e2e-data-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn('npx', ['tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
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
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, child, output, timeoutMs);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, output, stop };
}
