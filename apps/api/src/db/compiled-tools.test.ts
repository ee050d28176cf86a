import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseUrl, withAdmin } from '../test/postgres-admin.ts';
import { openDatabase, queryRows, type Db } from './client.ts';

/**
 * The command-line tools as a production install runs them (issue 29): apps/api/dist/<tool>.js
 * with plain node, no tsx loaded. `npm test` builds before this phase; without a build (a lone
 * `vitest run` of this file) it is skipped, and says so.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const dist = path.join(repoRoot, 'apps/api/dist');
const built = ['db', 'backup', 'shop'].every((t) => existsSync(path.join(dist, `${t}.js`)));
const tmp = mkdtempSync(path.join(tmpdir(), 'shop-tools-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function tool(name: string, args: string[], dataDir: string, env: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(dist, `${name}.js`), ...args],
      {
        cwd: repoRoot,
        // No NODE_OPTIONS (no `--import tsx` inherited from the test runner).
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn', ...env },
        timeout: 120_000,
      },
      (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
    );
  });
}

// On the PostgreSQL pass it would only repeat itself: the tools here use the embedded database.
describe.skipIf(!built || Boolean(process.env.TEST_DATABASE_URL))(
  'the compiled command-line tools (apps/api/dist, after npm run build)',
  () => {
    it('migrate a data folder, back it up and restore it into another, without a TypeScript compiler', async () => {
      const source = path.join(tmp, 'source');
      const migrated = await tool('db', ['migrate'], source);
      expect(migrated, migrated.stderr).toMatchObject({ code: 0, stdout: 'Migrations applied.\n' });

      const out = path.join(tmp, 'backups');
      const backup = await tool('backup', ['backup', '--out', out], source);
      expect(backup.code, backup.stderr).toBe(0);
      const [name] = readdirSync(out);
      expect(name).toMatch(/^backup-/);

      const target = path.join(tmp, 'target');
      const restored = await tool('backup', ['restore', path.join(out, name!)], target);
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toContain('Restored');
      const database = await openDatabase({ dataDir: target });
      try {
        const [row] = await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        expect(row!.n).toBeGreaterThan(40);
      } finally {
        await database.close();
      }
    }, 240_000);

    it('npm run backup beside the running shop on the embedded database: the shop takes it, every order in it', async () => {
      const source = path.join(tmp, 'live');
      const seeded = await tool('db', ['seed'], source);
      expect(seeded, seeded.stderr).toMatchObject({ code: 0 });
      const before = await openDatabase({ dataDir: source });
      let orders: number;
      try {
        orders = (await queryRows<{ n: number }>(before.db, sql`select count(*)::int as n from orders`))[0]!.n;
      } finally {
        await before.close();
      }
      expect(orders).toBeGreaterThan(0);
      let server: ChildProcess | undefined;
      try {
        const shop = await startServer({ DATA_DIR: source });
        server = shop.child;
        // Its control socket: only the shop's own user may connect.
        const socket = path.join(source, 'control.sock');
        expect(statSync(socket).mode & 0o777).toBe(0o600);

        const out = path.join(tmp, 'live-backups');
        const backup = await tool('backup', ['backup', '--out', out], source);
        expect(backup.code, backup.stderr + shop.output()).toBe(0);
        expect(backup.stdout).toContain(
          `Backed up the embedded database in ${source} through the running shop (process ${server.pid})`,
        );
        const [name] = readdirSync(out);
        const manifest = JSON.parse(readFileSync(path.join(out, name!, 'manifest.json'), 'utf8')) as {
          tables: { name: string; rows: number }[];
        };
        expect(manifest.tables.find((t) => t.name === 'orders')?.rows).toBe(orders);
        // The shop goes on serving, and takes its socket away when it stops.
        expect((await get(`${shop.base}/api/health`)).status).toBe(200);
        server.kill('SIGTERM');
        expect(await exitOf(server, 20_000), shop.output()).toBe(0);
        expect(existsSync(socket)).toBe(false);
      } finally {
        await stopServer(server);
      }
    }, 240_000);

    it('the owner API client answers --help', async () => {
      const help = await tool('shop', ['--help'], tmp);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('Run the shop from the command line');
    });
  },
);

/** Every file below `dir` (relative, `/`-separated) with its sha256; the resized copies (`.cache`) left out. */
function filesWithHashes(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const rel = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (rel.split('/').some((segment) => segment.startsWith('.'))) continue;
    files.set(
      rel,
      createHash('sha256')
        .update(readFileSync(path.join(dir, rel)))
        .digest('hex'),
    );
  }
  return files;
}

/** What the owner must find again after the move: orders, customers and the pictures' rows. */
async function shopContents(db: Db) {
  const orders = await queryRows<Record<string, unknown>>(
    db,
    sql`select o.id, o.order_no, o.customer_id, o.email, o.status, o.payment_status, o.currency,
               o.subtotal_minor, o.grand_total_minor,
               (extract(epoch from o.created_at) * 1000)::bigint::text as created_ms,
               (select count(*)::int from order_items i where i.order_id = o.id) as items,
               (select coalesce(sum(i.quantity), 0)::int from order_items i where i.order_id = o.id) as units
          from orders o order by o.order_no`,
  );
  const customers = await queryRows<Record<string, unknown>>(
    db,
    sql`select id, email, phone, first_name, last_name, password_hash, orders_count from customers order by id`,
  );
  const productImages = await queryRows<{ path: string }>(
    db,
    sql`select product_id, path, position from product_images order by product_id, position, path`,
  );
  const uploads = await queryRows<Record<string, unknown>>(
    db,
    sql`select path, content_hash from media_uploads order by path`,
  );
  return { orders, customers, productImages, uploads };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves with the exit code once `child` has exited, or 'timeout' after `ms`. */
function exitOf(child: ChildProcess, ms: number): Promise<number | null | 'timeout'> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('timeout'), ms);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/** GET with a deadline: a server that hangs fails the test instead of stalling it. */
const get = (url: string) => fetch(url, { signal: AbortSignal.timeout(10_000) });

/** `npm start` as production runs it (apps/api/dist/server.js), answering /api/health; `env` adds DATA_DIR and the rest. */
async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(dist, 'server.js')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 60_000;
  let health: Response | undefined;
  while (!health?.ok) {
    if (Date.now() > deadline || child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server did not answer /api/health:\n${output}`);
    health = await get(`${base}/api/health`).catch(() => undefined);
    if (!health?.ok) await new Promise((r) => setTimeout(r, 250));
  }
  return { child, base, health: health!, output: () => output };
}

/** Stops a server the test started: SIGKILL when it is still up (a failed test), then waits. */
async function stopServer(child: ChildProcess | undefined) {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await exitOf(child, 10_000);
  }
}

// Issue 29: "a shop started on the embedded default is moved to PostgreSQL with two commands and
// keeps every order, customer and picture", with the compiled commands the README gives.
describe.runIf(built && Boolean(process.env.TEST_DATABASE_URL))(
  'moving a shop from the embedded database to PostgreSQL with the compiled backup and restore',
  () => {
    it('npm run backup on the data folder, npm run restore with DATABASE_URL: every order, customer and picture; the compiled server serves them', async () => {
      // The shop on the embedded default: migrated and seeded with the demo (orders, a customer, pictures).
      const source = path.join(tmp, 'move-source');
      const seeded = await tool('db', ['seed'], source);
      expect(seeded, seeded.stderr).toMatchObject({ code: 0, stdout: 'Demo store seeded.\n' });
      const before = await openDatabase({ dataDir: source });
      let expected: Awaited<ReturnType<typeof shopContents>>;
      try {
        expected = await shopContents(before.db);
      } finally {
        await before.close();
      }
      expect(expected.orders.length).toBeGreaterThan(0);
      expect(expected.customers.length).toBeGreaterThan(0);
      expect(expected.productImages.length).toBeGreaterThan(0);
      const pictures = filesWithHashes(path.join(source, 'media'));
      expect(pictures.size).toBeGreaterThan(0);

      // 1. `npm run backup -- --out DIR`: scripts/api-tool.mjs runs apps/api/dist/backup.js backup.
      const out = path.join(tmp, 'move-backups');
      const backup = await tool('backup', ['backup', '--out', out], source);
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain(`Backed up the embedded database in ${source}`);
      expect(backup.stdout).toContain(`${pictures.size} media files`);
      const [name] = readdirSync(out);
      expect(name).toMatch(/^backup-/);

      // 2. `DATABASE_URL=… npm run restore -- ARCHIVE` into an empty database and a new data folder.
      const adminUrl = process.env.TEST_DATABASE_URL!;
      const dbName = `move_${randomBytes(6).toString('hex')}`;
      await withAdmin(adminUrl, (admin) => admin.query(`create database ${dbName}`));
      const url = databaseUrl(adminUrl, dbName);
      const target = path.join(tmp, 'move-target');
      let server: ChildProcess | undefined;
      try {
        const restored = await tool('backup', ['restore', path.join(out, name!)], target, { DATABASE_URL: url });
        expect(restored.code, restored.stderr).toBe(0);
        expect(restored.stdout).toContain('into PostgreSQL (DATABASE_URL)');
        expect(restored.stdout).toMatch(new RegExp(`media files +${pictures.size}\n`));

        const after = await openDatabase({ url, poolMax: 2 });
        try {
          const moved = await shopContents(after.db);
          expect(moved.orders).toEqual(expected.orders);
          expect(moved.customers).toEqual(expected.customers);
          expect(moved.productImages).toEqual(expected.productImages);
          expect(moved.uploads).toEqual(expected.uploads);
        } finally {
          await after.close();
        }
        // Every picture, byte for byte, in the new data folder; every product picture row names one.
        const movedPictures = filesWithHashes(path.join(target, 'media'));
        expect(movedPictures).toEqual(pictures);
        for (const { path: p } of expected.productImages)
          expect(movedPictures.has(p.replace(/^\/media\//, ''))).toBe(true);

        // 3. `DATABASE_URL=… npm start`: the compiled server on PostgreSQL and the new data folder.
        const started = await startServer({ DATABASE_URL: url, DATA_DIR: target });
        server = started.child;
        const { base, health } = started;
        expect(health.status).toBe(200);
        expect(await health.json()).toMatchObject({ data: { ok: true, database: 'postgres' } });

        const picture = expected.productImages[0]!.path;
        const res = await get(`${base}${picture}`);
        expect(res.status, started.output()).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/webp');
        const bytes = Buffer.from(await res.arrayBuffer());
        expect(createHash('sha256').update(bytes).digest('hex')).toBe(pictures.get(picture.replace(/^\/media\//, '')));

        server.kill('SIGTERM');
        expect(await exitOf(server, 20_000), started.output()).toBe(0);
      } finally {
        await stopServer(server);
        await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${dbName} with (force)`));
      }
    }, 300_000);
  },
);
