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
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase, queryRows, type Database } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { seedDemo } from '../apps/api/src/db/seed/index.ts';
import { parseEnv } from '../apps/api/src/env.ts';
import { createStaffMember, signIn } from '../apps/api/src/modules/staff/testing.ts';
import { flagArg, numArg, stopEverythingOnSignals, withPostgres } from './lib.ts';

const RUNS = numArg('runs', 200);
const ORDERS = 10_000;
const CUSTOMERS = 2_000;
stopEverythingOnSignals();

/** 2,000 customers and 10,000 orders over the last year, in four statements. */
async function seedLargeShop(db: Database['db']): Promise<void> {
  await queryRows(
    db,
    sql`insert into customers (first_name, last_name, email, phone)
        select (array['Asha','Ravi','Meera','Arjun','Kavya','Rohan','Isha','Vikram','Neha','Sanjay'])[1 + g % 10],
               'Bench' || g, 'bench' || g || '@example.test', (9000000000 + g)::text
          from generate_series(1, ${CUSTOMERS}) g`,
  );
  await queryRows(
    db,
    sql`with shop as (select c.id as channel_id, c.currency_code as currency from storefronts s
                        join channels c on c.id = s.channel_id where s.is_default),
             cust as (select id, first_name, last_name, email, phone, row_number() over (order by id) as n
                        from customers where email like 'bench%'),
             -- A real address snapshot of a demo order, renamed for each customer.
             addr as (select shipping_address as a from orders order by created_at limit 1)
        insert into orders (id, order_no, customer_id, channel_id, currency, status, payment_status, payment_method_code,
            email, phone, shipping_address, billing_address, shipping, subtotal_minor, grand_total_minor,
            tracking_token_hash, created_at, updated_at, stock_reserved)
        select 'ord_bench_' || g, 'SF-' || nextval('order_number_seq'), cust.id, shop.channel_id, shop.currency,
            (array['confirmed','packed','shipped','out_for_delivery','delivered','delivered','delivered','cancelled',
                   'refund_requested','awaiting_payment'])[1 + g % 10],
            case when g % 3 = 0 then 'cod' else 'paid' end, case when g % 3 = 0 then 'cod' else 'sandbox' end,
            cust.email, cust.phone,
            addr.a || jsonb_build_object('first_name', cust.first_name, 'last_name', cust.last_name, 'phone', cust.phone,
              'email', cust.email, 'address_line_1', g || ' MG Road'),
            addr.a || jsonb_build_object('first_name', cust.first_name, 'last_name', cust.last_name),
            '{"code":"standard","name":"Standard delivery","price_minor":0,"delivery_days_min":3,"delivery_days_max":6}'::jsonb,
            150000, 150000, md5('bench' || g), now() - make_interval(mins => g * 50), now(), false
          from generate_series(1, ${ORDERS}) g, shop, addr, cust where cust.n = 1 + g % ${CUSTOMERS}`,
  );
  await queryRows(
    db,
    sql`insert into order_items (order_id, product_id, variant_id, slug, name, variant_title, sku, image, quantity,
            unit_price_minor, total_minor)
        select o.id, v.product_id, v.id, p.slug, p.name, v.title, 'SKU-' || l, p.image_path, 1, 50000, 50000
          from orders o cross join generate_series(1, 3) l
          join lateral (select id, product_id, title from variants order by id offset l limit 1) v on true
          join products p on p.id = v.product_id
         where o.id like 'ord_bench_%'`,
  );
  await queryRows(
    db,
    sql`insert into order_events (order_id, from_status, to_status, actor, created_at)
        select id, null, status, 'shopper', created_at from orders where id like 'ord_bench_%'`,
  );
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
