import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DATA_DIR_LOCK } from './data-dir-lock.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-lock-'));
const lockFile = path.join(dataDir, DATA_DIR_LOCK);
const port = 20_000 + Math.floor(Math.random() * 20_000);
const env = {
  PATH: process.env.PATH ?? '',
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  PORT: String(port),
  LOG_LEVEL: 'warn',
  SHOP_OWNER_PASSWORD: 'Lantern-Orchard-Seven-7',
};
let server: ChildProcess | null = null;

afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * `npm run db:create-owner -- …` as its own process, started as the npm script starts it
 * (scripts/api-tool.mjs: the compiled tool after a build, else the source through tsx).
 */
function createOwner(email: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['scripts/api-tool.mjs', 'db', 'create-owner', '--email', email, '--name', 'Owner'],
      { cwd: repoRoot, env, timeout: 120_000 },
      (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
    );
  });
}

async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('db:create-owner and a running shop on the embedded database', () => {
  it('refuses (exit 1, a clear message) while the server runs, and works once it stopped', async () => {
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: repoRoot,
      env,
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => server!.once('exit', (code) => resolve(code)));
    await until(() => existsSync(lockFile), 60_000);
    expect(JSON.parse(readFileSync(lockFile, 'utf8')).pid).toBe(server.pid);

    const refused = await createOwner('first@shop.test');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`The shop is running on this database (process ${server.pid}`);
    expect(refused.stderr).toContain('Stop it first');

    // Serving: a graceful stop removes the file.
    await until(
      () =>
        fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        ),
      400_000,
    );
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    server = null;
    expect(existsSync(lockFile)).toBe(false);

    const created = await createOwner('first@shop.test');
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Owner first@shop.test');
  }, 600_000);

  it('ignores a stale file left by a process that no longer runs', async () => {
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((r) => gone.once('exit', r));
    writeFileSync(lockFile, JSON.stringify({ pid: gone.pid, started_at: new Date().toISOString() }));
    const created = await createOwner('second@shop.test');
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain('Owner second@shop.test');
  }, 180_000);
});
