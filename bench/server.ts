import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface RunningServer {
  baseUrl: string;
  pid: number;
  /** Stops the server's process group (SIGTERM, SIGKILL after 10 s) and removes its own DATA_DIR. */
  stop(): Promise<void>;
  /** Synchronous last resort for exit/signal handlers: SIGKILL the group, remove DATA_DIR. */
  killNow(): void;
}

/** Servers started and not yet stopped, so a signal or an early exit still ends them. */
const live = new Set<() => void>();

/** SIGKILLs every server this process started (and removes their DATA_DIRs); synchronous. */
export function killAllServersNow() {
  for (const kill of [...live]) kill();
}
process.on('exit', killAllServersNow);

function killGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * Starts the built shop as `npm start` does (apps/api/dist/server.js, NODE_ENV=production) on 127.0.0.1:port
 * with a fresh DATA_DIR, and waits until /api/health answers 200.
 */
export async function startServer(opts: {
  root: string;
  port: number;
  databaseUrl?: string;
  readyTimeoutMs?: number;
  /** Serve this DATA_DIR (a second start on the first one's data); the caller removes it. */
  dataDir?: string;
  /** More environment for the server (e.g. PAGE_CACHE_MB=0). */
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const ownDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'shopfront-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(opts.port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...opts.env,
  };
  delete env.DATABASE_URL;
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;

  // What `npm start` runs (the compiled server, `npm run build` first), minus the npm wrapper
  // process: the PID is the server's own, so stop() waits for its graceful shutdown. Own process
  // group as well. BENCH_SERVER_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles it.
  const compiled = path.join(opts.root, 'apps/api/dist/server.js');
  if (!existsSync(compiled)) throw new Error(`${compiled} is missing: run npm run build first`);
  const extra = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child: ChildProcess = spawn(process.execPath, [...extra, '--enable-source-maps', compiled], {
    cwd: opts.root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const pid = child.pid!;
  let exited = false;
  const exitedPromise = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );

  const killNow = () => {
    live.delete(killNow);
    killGroup(pid, 'SIGKILL');
    if (ownDir) rmSync(dataDir, { recursive: true, force: true });
  };
  live.add(killNow);
  const stop = async () => {
    if (!exited) {
      killGroup(pid, 'SIGTERM');
      const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), 10_000);
      await exitedPromise;
      clearTimeout(timer);
    }
    // Whatever the server left in its group goes too.
    killNow();
  };

  const baseUrl = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + (opts.readyTimeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (exited) {
      await stop();
      throw new Error(`the server exited before answering ${baseUrl}/api/health`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return { baseUrl, pid, stop, killNow };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(
    `the server did not answer ${baseUrl}/api/health within ${Math.round((opts.readyTimeoutMs ?? 120_000) / 1000)} s`,
  );
}
