/**
 * `node --import tsx bench/import.ts [--pg postgres://…] [--profile]`: the product import (issue 26) of a
 * 5,000-row Shopify export (1,667 products × 3 sizes, the last one 2 rows) on a fresh demo
 * database: PGlite in memory in this process, and with `--pg` (a running cluster) a database of
 * its own on it, created and dropped. Times the dry run (upload, read, map, compare), the import
 * job, and the same file's second dry run (all unchanged): wall time and rows per second, and the
 * process's CPU time (on PGlite the database's too: the figure least moved by other load).
 *
 * Pass 2: a file of the same products each changed (every price 1.00 higher, every stock 10, every
 * title new: 1,667 updates), its dry run and import job (on PostgreSQL also the statements sent a
 * product; `--profile` adds the time each kind of statement took). Pass 3: that file again (all
 * unchanged: its dry run; there is nothing to import).
 *
 * Issue 26, the 5,000-row import before (25 products a transaction, each written by createProduct:
 * ~36 statements a product) and after (200 a transaction, a batch's new products written together
 * by createProducts in a dozen statements; updates still one by one). Measured 2026-11-29 on the
 * 2-core box shared with other jobs (load 10–13, so wall times vary; CPU is the steadier figure):
 *
 *                             before                               after
 *   PGlite dry run            4.0 s (1,252 rows/s), cpu 1.3 s      3.2 s (1,576 rows/s), cpu 1.2 s
 *   PGlite import job         161.8 s (31 rows/s), cpu 85.5 s      15.3 s (327 rows/s), cpu 5.1 s
 *   PGlite second dry run     2.1 s, cpu 1.4 s                     5.2 s, cpu 1.7 s
 *   PostgreSQL dry run        0.7 s (7,287 rows/s), cpu 0.5 s      1.3 s (3,856 rows/s), cpu 0.4 s
 *   PostgreSQL import job     61.3 s (82 rows/s), cpu 14.6 s       7.3 s (685 rows/s), cpu 0.6 s
 *   PostgreSQL second dry run 3.1 s, cpu 1.2 s                     2.0 s, cpu 0.7 s
 *
 * (On a quieter moment the same box gave before: dry run 1.7 s, import 85.8 s, second dry run 1.1 s;
 * after: 2.2 s, 12.1 s, 4.8 s — the dry runs' code did not change, their spread is the load.)
 *
 * Issue 26, changes to existing products (pass 2's job) before (each product one by one:
 * matchExisting, loadAdminProduct, updateProduct with its own two loads and a statement per
 * variant and price, the stock a statement per variant: 34 statements a product) and after (a
 * batch of 200 locked, read and decided again in one go, then written by updateProducts in a
 * statement per kind of row: 0.1 statements a product; an index on lower(sku) for the SKU
 * match). Measured 2026-11-29 on the same box (before at load ~4, after at load ~9):
 *
 *                                        before                             after
 *   PGlite  1 new: dry run               1.0 s (5,170 rows/s), cpu 0.8 s    0.7 s (6,904 rows/s), cpu 0.8 s
 *   PGlite  1 new: import job            4.3 s (1,173 rows/s), cpu 4.0 s    5.3 s (951 rows/s), cpu 3.6 s
 *   PGlite  1 again: dry run             1.3 s (3,737 rows/s), cpu 1.3 s    1.1 s (4,446 rows/s), cpu 1.1 s
 *   PGlite  2 changed: dry run           1.1 s (4,600 rows/s), cpu 1.0 s    1.3 s (3,901 rows/s), cpu 1.0 s
 *   PGlite  2 changed: import job        182.7 s (27 rows/s), cpu 78.1 s    5.5 s (906 rows/s), cpu 4.5 s
 *   PGlite  3 changed again: dry run     1.0 s (4,914 rows/s), cpu 0.9 s    0.8 s (5,943 rows/s), cpu 0.8 s
 *   PG      1 new: dry run               0.5 s (10,369 rows/s), cpu 0.3 s   1.1 s (4,350 rows/s), cpu 0.3 s
 *   PG      1 new: import job            2.3 s (2,168 rows/s), cpu 0.5 s    5.0 s (1,000 rows/s), cpu 0.7 s
 *   PG      1 again: dry run             0.9 s (5,292 rows/s), cpu 0.4 s    1.7 s (2,958 rows/s), cpu 0.6 s
 *   PG      2 changed: dry run           1.2 s (4,021 rows/s), cpu 0.6 s    1.2 s (4,126 rows/s), cpu 0.4 s
 *   PG      2 changed: import job        128.8 s (39 rows/s), cpu 14.4 s    6.0 s (830 rows/s), cpu 0.8 s
 *   PG      3 changed again: dry run     3.7 s (1,364 rows/s), cpu 0.8 s    1.1 s (4,710 rows/s), cpu 0.4 s
 *
 * After, on PostgreSQL, the commits take most of pass 2's job (2.7 s of 6.0: the listing facets and
 * search words rebuilt at each batch's commit), then the two loads of a batch (0.7 s).
 */
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase, queryRows, type Database } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { seedDemo } from '../apps/api/src/db/seed/index.ts';
import { parseEnv } from '../apps/api/src/env.ts';
import { shopifyCsv } from '../apps/api/src/modules/admin/import/testing.ts';
import { createStaffMember, signIn } from '../apps/api/src/modules/staff/testing.ts';
import { stopEverythingOnSignals } from './lib.ts';

const ROWS = 5_000;
const pgAt = process.argv.indexOf('--pg');
const PG_URL = pgAt > 0 ? process.argv[pgAt + 1] : undefined;
stopEverythingOnSignals();

/**
 * Statements sent to PostgreSQL (every pooled client's query, BEGIN and SAVEPOINT included), and
 * with `--profile` the time each kind took (its first words), printed for the changed file's job.
 */
let statements = 0;
const PROFILE = process.argv.includes('--profile');
const spent = new Map<string, { n: number; ms: number }>();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  const r = (query as (...a: unknown[]) => unknown).apply(this, args);
  if (!PROFILE || !(r instanceof Promise)) return r;
  const a = args[0] as string | { text: string };
  const key = (typeof a === 'string' ? a : a.text).replace(/\s+/g, ' ').slice(0, 90);
  const t0 = performance.now();
  return r.finally(() => {
    const e = spent.get(key) ?? { n: 0, ms: 0 };
    spent.set(key, { n: e.n + 1, ms: e.ms + performance.now() - t0 });
  });
} as typeof query;

const time = async <T>(f: () => Promise<T>): Promise<[T, string]> => {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const r = await f();
  const wall = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  const cpu = (c.user + c.system) / 1e6;
  return [r, `${wall.toFixed(1)} s (${(ROWS / wall).toFixed(0)} rows/s), cpu ${cpu.toFixed(1)} s`];
};

async function measure(title: string, database: Database): Promise<void> {
  await runMigrations(database);
  await seedDemo(database, { mediaDir: path.join(os.tmpdir(), 'shopfront-bench-media') });
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), 'shopfront-bench-data'),
    LOG_LEVEL: 'silent',
    PAGE_CACHE_MB: '0',
  });
  const app = await buildApp({ database, env, logger: false });
  await app.ready();
  const owner = await createStaffMember(database.db, { role: 'owner' });
  const headers = await signIn({ app, database, close: async () => {} }, owner.email);

  const file = shopifyCsv(Math.ceil(ROWS / 3), { bom: true, edit: (rows) => rows.splice(ROWS) });
  // The same products, each changed: every price 1.00 higher, every stock 10, every title new (1,667 updates).
  const changed = shopifyCsv(Math.ceil(ROWS / 3), {
    bom: true,
    edit: (rows) => {
      rows.splice(ROWS);
      for (const r of rows) {
        r['Variant Price'] = (Number(r['Variant Price']) + 1).toFixed(2);
        r['Variant Inventory Qty'] = '10';
        if (r.Title) r.Title = `${r.Title} (new)`;
      }
    },
  });
  const upload = (bytes = file) =>
    app.inject({
      method: 'POST',
      url: '/api/admin/catalog/imports',
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=bench' },
      payload: Buffer.concat([
        Buffer.from('--bench\r\nContent-Disposition: form-data; name="file"; filename="b.csv"\r\n\r\n'),
        bytes,
        Buffer.from('\r\n--bench--\r\n'),
      ]),
    });

  const importJob = async (id: number) => {
    const [, took] = await time(async () => {
      const res = await app.inject({ method: 'POST', url: `/api/admin/catalog/imports/${id}/start`, headers });
      if (res.statusCode !== 200) throw new Error(res.body);
      await app.jobs.runDue();
    });
    const [progress] = await queryRows<{ status: string; changed: number; failed: number }>(
      database.db,
      sql`select status, changed, failed from catalog_imports where id = ${id}`,
    );
    return [took, progress] as const;
  };

  const [first, dry] = await time(() => upload());
  const report = first.json().data;
  const [run, progress] = await importJob(report.id);
  const [second, again] = await time(() => upload());
  const counts2 = second.json().data.counts;
  const [third, dryUpdate] = await time(() => upload(changed));
  const statementsBefore = statements;
  spent.clear();
  const [runUpdate, progressUpdate] = await importJob(third.json().data.id);
  const perProduct = (statements - statementsBefore) / third.json().data.counts.update;
  const [fourth, dryUnchanged] = await time(() => upload(changed));

  console.log(`${title}: ${ROWS} rows, ${(file.length / 1024).toFixed(0)} KiB, ${report.counts.create} products`);
  console.log(`  1 new: dry run ${dry}`, report.counts);
  console.log(`  1 new: import job ${run}`, progress);
  console.log(`  1 again: dry run ${again}`, counts2);
  console.log(`  2 changed: dry run ${dryUpdate}`, third.json().data.counts);
  console.log(`  2 changed: import job ${runUpdate}`, progressUpdate);
  if (database.dialect === 'postgres') console.log(`  2 changed: ${perProduct.toFixed(1)} statements a product`);
  for (const [k, e] of [...spent].sort((a, b) => b[1].ms - a[1].ms).slice(0, 8))
    console.log(`    ${(e.ms / 1000).toFixed(2)} s ${e.n}× ${k}`);
  console.log(`  3 the changed file again: dry run ${dryUnchanged}`, fourth.json().data.counts);
  await app.close();
}

const pglite = await openDatabase({ poolMax: 4 });
try {
  await measure('PGlite', pglite);
} finally {
  await pglite.close();
}

if (PG_URL) {
  const name = `bench_import_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolMax: 4 });
  try {
    const [row] = await queryRows<{ v: string }>(database.db, sql`select current_setting('server_version') as v`);
    await measure(`PostgreSQL ${row!.v}`, database);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
