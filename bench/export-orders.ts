/**
 * `node --import tsx bench/export-orders.ts [--pg] [--runs=N]`: the accountant's orders export
 * (issue 26) of 10,000 orders. Builds the API in this process on a fresh demo database (PGlite in
 * memory; with --pg also a throwaway PostgreSQL cluster), copies one two-line order 10,000 times,
 * then downloads GET /api/admin/orders/export.csv N times (default 3) over a real socket, reading
 * the body as it streams. Prints the time to the whole file, its size and rows, and the process's
 * resident memory: before the first download and its peak while downloading (sampled every 10 ms).
 */
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase, queryRows, type Database } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { seedDemo } from '../apps/api/src/db/seed/index.ts';
import { parseEnv } from '../apps/api/src/env.ts';
import { createStaffMember, signIn } from '../apps/api/src/modules/staff/testing.ts';
import { cloneOrders } from '../apps/api/src/test/bulk-orders.ts';
import { buyableVariants, createTestOrder } from '../apps/api/src/test/orders.ts';
import { flagArg, numArg, stopEverythingOnSignals, withPostgres } from './lib.ts';

const RUNS = numArg('runs', 3);
const ORDERS = 10_000;
stopEverythingOnSignals();

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);

async function seed(db: Database['db']): Promise<void> {
  const [a, b] = await buyableVariants(db, 5, 2);
  const src = await createTestOrder(db, {
    lines: [
      [a!, 2],
      [b!, 1],
    ],
    takeStock: false,
  });
  await cloneOrders(db, src.id, ORDERS, 'bench');
  await queryRows(db, sql`analyze`);
}

async function section(title: string, url?: string) {
  const database = await openDatabase({ url, poolMax: 4 });
  await runMigrations(database);
  await seedDemo(database, { mediaDir: path.join(os.tmpdir(), 'shopfront-bench-media') });
  await seed(database.db);
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), 'shopfront-bench-data'),
    LOG_LEVEL: 'silent',
    PAGE_CACHE_MB: '0',
  });
  const app = await buildApp({ database, env, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const owner = await createStaffMember(database.db, { role: 'owner' });
    const headers = await signIn({ app, database, close: async () => {} }, owner.email);
    const [{ n }] = (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from orders`)) as [
      { n: number },
    ];
    globalThis.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const times: number[] = [];
    const peaks: number[] = [];
    let bytes = 0;
    let rows = 0;
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const res = await fetch(`${address}/api/admin/orders/export.csv`, { headers });
      if (res.status !== 200 || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`);
      bytes = 0;
      rows = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.byteLength;
        for (const c of chunk) if (c === 10) rows++;
      }
      times.push(performance.now() - t0);
      peaks.push(peak);
    }
    clearInterval(sampler);
    times.sort((x, y) => x - y);
    console.log(`\n${title}: ${n} orders (${ORDERS} copies of a two-line order), ${RUNS} downloads`);
    console.log('| export | median s | file | lines | RSS before | peak RSS after each download |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    console.log(
      `| orders.csv, every order | ${(times[Math.floor(RUNS / 2)]! / 1000).toFixed(2)} | ${mb(bytes)} MB | ${rows - 1} | ${mb(rssBefore)} MB | ${peaks.map((p) => `${mb(p)}`).join(' / ')} MB |`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}

await section('PGlite (in memory)');
if (flagArg('pg')) await withPostgres('bench_export_orders', (title, url) => section(title, url));
process.exit(0);
