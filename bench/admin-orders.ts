/**
 * `node --import tsx bench/admin-orders.ts [--pg] [--runs=N]`: the owner's orders API at the
 * size of a busy small shop. Builds the API in this process on a fresh demo database (PGlite in
 * memory; with --pg also a throwaway PostgreSQL cluster), adds 2,000 customers and 10,000 orders
 * (3 lines each, every state) with set-based SQL, then asks each read N times (default 200) one
 * after the other through app.inject and prints p50 / p95 in ms: the inbox's first page and a
 * deep cursor (page 200), a tab, the search by order number, phone, e-mail and name, and the
 * order page. Target: p95 under 100 ms each (issue 25).
 */
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { seedDemo } from '../apps/api/src/db/seed/index.ts';
import { parseEnv } from '../apps/api/src/env.ts';
import { createStaffMember, signIn } from '../apps/api/src/modules/staff/testing.ts';
import { CUSTOMERS, ORDERS, seedLargeShop } from './large-shop.ts';
import { flagArg, numArg, stopEverythingOnSignals, withPostgres } from './lib.ts';

const RUNS = numArg('runs', 200);
stopEverythingOnSignals();

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

async function section(title: string, url?: string) {
  const database = await openDatabase({ url, poolMax: 4 });
  const started = Date.now();
  await runMigrations(database);
  await seedDemo(database, { mediaDir: path.join(os.tmpdir(), 'shopfront-bench-media') });
  await seedLargeShop(database.db);
  const seededIn = Date.now() - started;
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), 'shopfront-bench-data'),
    LOG_LEVEL: 'silent',
    PAGE_CACHE_MB: '0',
  });
  const app = await buildApp({ database, env, logger: false });
  await app.ready();
  try {
    const owner = await createStaffMember(database.db, { role: 'owner' });
    const headers = await signIn({ app, database, close: async () => {} }, owner.email);
    const get = (u: string) => app.inject({ method: 'GET', url: u, headers });
    // A cursor 200 pages deep (5,000 orders in).
    let cursor = '';
    for (let i = 0; i < 200; i++)
      cursor = (await get(`/api/admin/orders?limit=25${cursor ? `&cursor=${cursor}` : ''}`)).json().data.next_cursor;
    const cases: [string, string][] = [
      ['list, first page', '/api/admin/orders'],
      ['list, page 200 (cursor)', `/api/admin/orders?cursor=${cursor}`],
      ['list, tab to_pack', '/api/admin/orders?tab=to_pack'],
      ['search by order number', '/api/admin/orders?q=SF-105000'],
      ['search by phone', '/api/admin/orders?q=9000001234'],
      ['search by e-mail', '/api/admin/orders?q=bench1234%40example.test'],
      ['search by name', `/api/admin/orders?q=${encodeURIComponent('meera bench12')}`],
      ['order page', '/api/admin/orders/ord_bench_4321'],
    ];
    console.log(
      `\n${title}: ${ORDERS} orders, ${CUSTOMERS} customers (database ready in ${(seededIn / 1000).toFixed(1)} s), ${RUNS} runs each`,
    );
    console.log('| request | p50 ms | p95 ms | rows |');
    console.log('| --- | ---: | ---: | ---: |');
    for (const [name, u] of cases) {
      const first = await get(u);
      if (first.statusCode !== 200) throw new Error(`${name}: ${first.statusCode} ${first.body}`);
      const data = first.json().data;
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        const r = await get(u);
        times.push(performance.now() - t0);
        if (r.statusCode !== 200) throw new Error(`${name}: ${r.statusCode}`);
      }
      const rows = data.orders ? data.orders.length : 1;
      console.log(`| ${name} | ${pct(times, 50).toFixed(1)} | ${pct(times, 95).toFixed(1)} | ${rows} |`);
    }
  } finally {
    await app.close();
    await database.close();
  }
}

await section('PGlite (in memory)');
if (flagArg('pg')) await withPostgres('bench_admin_orders', (title, url) => section(title, url));
process.exit(0);
