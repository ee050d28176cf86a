/**
 * `node --import tsx bench/admin-products.ts [--pg] [--runs=N]`: the owner's product list at the
 * size of a large small shop. Builds the API in this process on a fresh demo database (PGlite in
 * memory; with --pg also a throwaway PostgreSQL cluster), adds 5,000 products with 3 variants
 * each (a price in the default channel, stock from 0 to 40) with set-based SQL, then asks each
 * read N times (default 200) one after the other through app.inject and prints p50 / p95 in ms:
 * the first page and a deep cursor (page 100), search by title and by sku, the status, category
 * and stock filters, the low-stock list and the product editor. Target: p95 under 100 ms each
 * (issue 26).
 */
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase, queryRows, type Database } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { seedDemo } from '../apps/api/src/db/seed/index.ts';
import { parseEnv } from '../apps/api/src/env.ts';
import { refreshProductSummaries } from '../apps/api/src/modules/catalog/summary.ts';
import { createStaffMember, signIn } from '../apps/api/src/modules/staff/testing.ts';
import { flagArg, numArg, stopEverythingOnSignals, withPostgres } from './lib.ts';

const RUNS = numArg('runs', 200);
const PRODUCTS = 5_000;
stopEverythingOnSignals();

/** 5,000 products, 15,000 variants with prices, each product in a demo category, in four statements. */
async function seedLargeCatalogue(db: Database['db']): Promise<void> {
  await queryRows(
    db,
    sql`insert into products (id, slug, name, brand, currency, price_minor, stock, is_published, search_text, created_at)
        select 'prd_bench_' || g, 'bench-product-' || g,
               (array['Linen','Cotton','Clay','Brass','Cane'])[1 + g % 5] || ' ' ||
               (array['Shirt','Mug','Lamp','Bowl','Basket','Throw'])[1 + g % 6] || ' ' || g,
               'Bench Works', 'INR', 0, 0, g % 10 <> 0, 'bench', now() - make_interval(mins => g)
          from generate_series(1, ${PRODUCTS}) g`,
  );
  await queryRows(
    db,
    sql`insert into variants (id, product_id, title, options, stock, position, is_default)
        select 'var_bench_' || g || '_' || s, 'prd_bench_' || g, (array['S','M','L'])[s],
               jsonb_build_object('Size', (array['S','M','L'])[s]), (g * 7 + s * 13) % 41, s - 1, s = 1
          from generate_series(1, ${PRODUCTS}) g, generate_series(1, 3) s`,
  );
  await queryRows(
    db,
    sql`insert into variant_channels (variant_id, channel_id, sku, selling_price_minor, mrp_minor)
        select v.id, (select channel_id from storefronts where is_default), 'BN-' || substr(v.id, 11),
               50000 + (hashtext(v.id) & 65535), null
          from variants v where v.id like 'var_bench_%'`,
  );
  await queryRows(
    db,
    sql`insert into product_categories (product_id, category_id, position)
        select p.id, (select id from categories order by id offset (hashtext(p.id) & 7) limit 1), 0
          from products p where p.id like 'prd_bench_%'`,
  );
  await refreshProductSummaries(db);
  await queryRows(db, sql`analyze`);
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

async function section(title: string, url?: string) {
  const database = await openDatabase({ url, poolMax: 4 });
  const started = Date.now();
  await runMigrations(database);
  await seedDemo(database, { mediaDir: path.join(os.tmpdir(), 'shopfront-bench-media') });
  await seedLargeCatalogue(database.db);
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
    // A cursor 100 pages deep (2,500 products in).
    let cursor = '';
    for (let i = 0; i < 100; i++)
      cursor = (await get(`/api/admin/catalog/products?limit=25${cursor ? `&cursor=${cursor}` : ''}`)).json().data
        .next_cursor;
    const [cat] = await queryRows<{ slug: string }>(
      database.db,
      sql`select slug from categories order by id offset 3 limit 1`,
    );
    const cases: [string, string][] = [
      ['list, first page', '/api/admin/catalog/products'],
      ['list, page 100 (cursor)', `/api/admin/catalog/products?cursor=${cursor}`],
      ['search by title', `/api/admin/catalog/products?q=${encodeURIComponent('brass lamp 12')}`],
      ['search by sku', '/api/admin/catalog/products?q=BN-4321'],
      ['status draft', '/api/admin/catalog/products?status=draft'],
      ['category', `/api/admin/catalog/products?category=${cat!.slug}`],
      ['stock low', '/api/admin/catalog/products?stock=low'],
      ['stock out', '/api/admin/catalog/products?stock=out'],
      ['low-stock list (500)', '/api/admin/catalog/low-stock'],
      ['product editor', '/api/admin/catalog/products/prd_bench_4321'],
    ];
    console.log(
      `\n${title}: ${PRODUCTS} bench products and the demo's (database ready in ${(seededIn / 1000).toFixed(1)} s), ${RUNS} runs each`,
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
      const rows = data.products?.length ?? data.variants?.length ?? 1;
      console.log(`| ${name} | ${pct(times, 50).toFixed(1)} | ${pct(times, 95).toFixed(1)} | ${rows} |`);
    }
  } finally {
    await app.close();
    await database.close();
  }
}

await section('PGlite (in memory)');
if (flagArg('pg')) await withPostgres('bench_admin_products', (title, url) => section(title, url));
process.exit(0);
