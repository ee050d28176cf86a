import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const COMPILED_SERVER = 'apps/api/dist/server.js';
const dataDirs: string[] = [];
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** The compiled server.ts as `npm start` runs it, on a fresh embedded database; needs `npm run build` first. */
function startServer(env: Record<string, string>) {
  if (!existsSync(path.join(repoRoot, COMPILED_SERVER)))
    throw new Error(`${COMPILED_SERVER} missing: run npm run build`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shopfront-server-process-'));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, [COMPILED_SERVER], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

const METRICS_TOKEN = 'cluster-metrics-token-0123456789';

/** The requests a Prometheus text counts for one route, over every method and status. */
function countedRequests(text: string, route: string): number {
  let n = 0;
  for (const line of text.split('\n'))
    if (line.startsWith('shopfront_http_requests_total{') && line.includes(`route="${route}"`))
      n += Number(line.split(' ').at(-1));
  return n;
}

async function waitForHealth(baseUrl: string, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start:\n${output()}`);
}

describe('server.ts', () => {
  it('refuses to start in production with neither PUBLIC_URL nor a store_url setting', async () => {
    const server = startServer({ PORT: String(await freePort()) });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      'Invalid environment: PUBLIC_URL is required in production when the store has no store_url setting',
    );
  }, 60_000);

  it('on SIGTERM during a slow upload, cuts the upload off after the grace period and closes the database', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const server = startServer({
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      SHUTDOWN_GRACE_MS: '300',
      LOG_LEVEL: 'info',
    });
    await waitForHealth(baseUrl, server.output);

    // A request whose body never finishes arriving (the staff sign-in: a new shop is Coming Soon, which
    // answers shoppers at once, before their body).
    const upload = connect(port, '127.0.0.1');
    const uploadClosed = new Promise<void>((resolve) => upload.on('close', () => resolve()));
    upload.on('error', () => {});
    await new Promise<void>((resolve) => upload.once('connect', () => resolve()));
    upload.write(
      `POST /api/admin/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"email":`,
    );
    await new Promise((r) => setTimeout(r, 300));

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // Well before the old 10-second forced exit, which skipped closing the database.
    expect(Date.now() - signalledAt).toBeLessThan(8_000);
    await uploadClosed;
    expect(server.output()).toContain('shutdown: cutting off requests still in flight');
    expect(server.output()).toContain('shutdown: database closed');
  }, 90_000);

  it('refuses WEB_CONCURRENCY above 1 on the embedded database', async () => {
    const server = startServer({ PORT: String(await freePort()), WEB_CONCURRENCY: '2' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('WEB_CONCURRENCY above 1 needs DATABASE_URL');
  }, 60_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'WEB_CONCURRENCY=2 on PostgreSQL: two workers share the port, /metrics sums them, a dead one is replaced, SIGTERM stops them all',
    async () => {
      const adminUrl = process.env.TEST_DATABASE_URL!;
      const name = `cluster_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      try {
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        const port = await freePort();
        const baseUrl = `http://127.0.0.1:${port}`;
        const server = startServer({
          PORT: String(port),
          PUBLIC_URL: baseUrl,
          DATABASE_URL: url.toString(),
          WEB_CONCURRENCY: '2',
          METRICS_TOKEN: METRICS_TOKEN,
        });
        await waitForHealth(baseUrl, server.output);
        const workers = () =>
          readFileSync(`/proc/${server.child.pid}/task/${server.child.pid}/children`, 'utf8')
            .trim()
            .split(/\s+/)
            .filter(Boolean)
            .map(Number);
        await vi.waitFor(() => expect(workers()).toHaveLength(2), { timeout: 30_000, interval: 200 });
        // Requests spread over both workers; every scrape, whichever worker answers it, counts them all.
        for (let i = 0; i < 20; i++) expect((await fetch(`${baseUrl}/api/storefront/channels`)).status).toBe(200);
        for (let scrape = 0; scrape < 4; scrape++) {
          const res = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
          expect(res.status).toBe(200);
          expect(countedRequests(await res.text(), '/api/storefront/channels')).toBe(20);
        }
        const [first] = workers();
        process.kill(first!, 'SIGKILL');
        await vi.waitFor(
          () => {
            expect(workers()).toHaveLength(2);
            expect(workers()).not.toContain(first);
          },
          { timeout: 30_000, interval: 200 },
        );
        await waitForHealth(baseUrl, server.output);
        const all = workers();
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        for (const pid of all) expect(existsSync(`/proc/${pid}`)).toBe(false);
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    120_000,
  );
});
