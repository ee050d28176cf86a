/**
 * `node --import tsx bench/bulk-save.ts [--pg] [--runs=N]`: the bulk editor's save of 500 cells
 * (issue 26). Builds the API in this process on a fresh demo database (PGlite in memory; with
 * --pg also a throwaway PostgreSQL cluster), adds 2,000 products with 3 variants each, then saves
 * N batches (default 40) one after the other through app.inject: 250 variants, each its stock
 * (a restock) and its price, so 500 cells, in one transaction with stock movements, one audit
 * entry and the listing summaries of the touched products refreshed. Prints p50 / p95 in ms for
 * the save, and for the grid's first page (25 and 100 products) for comparison.
 */
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { AdminBulkRow } from '@shopfront/shared';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase, queryRows, type Database } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { seedDemo } from '../apps/api/src/db/seed/index.ts';
import { parseEnv } from '../apps/api/src/env.ts';
import { refreshProductSummaries } from '../apps/api/src/modules/catalog/summary.ts';
import { createStaffMember, signIn } from '../apps/api/src/modules/staff/testing.ts';
import { flagArg, numArg, stopEverythingOnSignals, withPostgres } from './lib.ts';

const RUNS = numArg('runs', 40);
const PRODUCTS = 2_000;
const VARIANTS_A_SAVE = 250;
stopEverythingOnSignals();

async function seed(db: Database['db']): Promise<void> {
  await queryRows(
    db,
    sql`insert into products (id, slug, name, brand, currency, price_minor, stock, is_published, search_text, created_at)
        select 'prd_bulk_' || g, 'bulk-product-' || g, 'Bulk Bench ' || g, 'Bench Works', 'INR', 0, 0, true, 'bench',
               now() - make_interval(mins => g)
          from generate_series(1, ${PRODUCTS}) g`,
  );
  await queryRows(
    db,
    sql`insert into variants (id, product_id, title, options, stock, position, is_default)
        select 'var_bulk_' || g || '_' || s, 'prd_bulk_' || g, (array['S','M','L'])[s],
               jsonb_build_object('Size', (array['S','M','L'])[s]), 10, s - 1, s = 1
          from generate_series(1, ${PRODUCTS}) g, generate_series(1, 3) s`,
  );
  await queryRows(
    db,
    sql`insert into variant_channels (variant_id, channel_id, sku, selling_price_minor, mrp_minor)
        select v.id, (select channel_id from storefronts where is_default), 'BB-' || substr(v.id, 10), 50000, null
          from variants v where v.id like 'var_bulk_%'`,
  );
  await refreshProductSummaries(db);
  await queryRows(db, sql`analyze`);
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

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
  await app.ready();
  try {
    const owner = await createStaffMember(database.db, { role: 'owner' });
    const headers = await signIn({ app, database, close: async () => {} }, owner.email);
    const page = async (limit: number) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/admin/catalog/bulk?q=bulk+bench&limit=${limit}`,
        headers,
      });
      if (res.statusCode !== 200) throw new Error(`grid: ${res.statusCode} ${res.body}`);
      return res.json().data as { channel: { id: string }; rows: AdminBulkRow[] };
    };
    const grid = await page(100);
    let rows = grid.rows.slice(0, VARIANTS_A_SAVE);
    const saves: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const cells = rows.flatMap((r) => [
        { row: r.variant_id, field: 'stock', value: r.stock + 1, was: r.stock },
        { row: r.variant_id, field: 'price', value: r.price_minor! + (i % 2 ? -100 : 100), was: r.price_minor },
      ]);
      const t0 = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/catalog/bulk',
        headers,
        payload: { channel_id: grid.channel.id, cells },
      });
      saves.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`save: ${res.statusCode} ${res.body}`);
      const now = new Map((res.json().data.rows as AdminBulkRow[]).map((r) => [r.variant_id, r]));
      rows = rows.map((r) => now.get(r.variant_id)!);
    }
    const reads = async (limit: number) => {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await page(limit);
        times.push(performance.now() - t0);
      }
      return times;
    };
    console.log(`\n${title}: ${PRODUCTS} bench products (${PRODUCTS * 3} variants), ${RUNS} runs each`);
    console.log('| request | p50 ms | p95 ms |');
    console.log('| --- | ---: | ---: |');
    console.log(
      `| save 500 cells (250 variants: stock + price) | ${pct(saves, 50).toFixed(1)} | ${pct(saves, 95).toFixed(1)} |`,
    );
    for (const limit of [25, 100]) {
      const t = await reads(limit);
      console.log(
        `| grid page, ${limit} products (${limit * 3} rows) | ${pct(t, 50).toFixed(1)} | ${pct(t, 95).toFixed(1)} |`,
      );
    }
  } finally {
    await app.close();
    await database.close();
  }
}

await section('PGlite (in memory)');
if (flagArg('pg')) await withPostgres('bench_bulk_save', (title, url) => section(title, url));
process.exit(0);
