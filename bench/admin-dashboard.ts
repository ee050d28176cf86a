/**
 * The owner's dashboard and customer list at 10,000 orders (issue 25), on PGlite and, with
 * `--pg postgres://…` (a running cluster; a database is created and dropped), on PostgreSQL.
 * The orders are seeded set-based (one INSERT … SELECT generate_series), spread over 60 days,
 * with 2,000 customers, one to three lines each.
 *
 *   node --import tsx bench/admin-dashboard.ts [--runs 50] [--pg postgres://postgres@127.0.0.1:36247/postgres]
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows, type Database } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { getDashboard } from '../apps/api/src/modules/admin/dashboard/service.ts';
import { listCustomers } from '../apps/api/src/modules/admin/customers/service.ts';
import { numArg } from './lib.ts';

const ORDERS = numArg('orders', 10_000);
const CUSTOMERS = numArg('customers', 2_000);
const RUNS = numArg('runs', 50);
const pgAt = process.argv.indexOf('--pg');
const PG_URL = pgAt > 0 ? process.argv[pgAt + 1] : undefined;

const STATUSES = ['confirmed', 'packed', 'shipped', 'delivered', 'delivered', 'delivered', 'cancelled', 'refunded'];

async function seed(database: Database): Promise<void> {
  const db = database.db;
  // Orders name their channel by key (migration 0062).
  await queryRows(
    db,
    sql`with country as (insert into countries (name, iso2, mobile_code, mobile_number_length, currency_code)
                         values ('India', 'IN', '+91', 10, 'INR') on conflict (iso2) do update set name = excluded.name
                         returning id)
        insert into channels (id, name, currency_code, country_id) select 'ch_bench', 'Bench', 'INR', id from country
        on conflict do nothing`,
  );
  await queryRows(
    db,
    sql`insert into payment_methods (code, name, kind) values ('cod', 'Cash on Delivery', 'offline'),
          ('razorpay', 'Razorpay', 'online') on conflict do nothing`,
  );
  await queryRows(
    db,
    sql`insert into customers (first_name, last_name, email, phone)
        select 'Shopper' || g, 'Bench' || (g % 97), 'shopper' || g || '@bench.test', '98' || lpad(g::text, 8, '0')
        from generate_series(1, ${CUSTOMERS}) g`,
  );
  const address = JSON.stringify({ first_name: 'A', last_name: 'B', city: 'Pune', postcode: '411001' });
  const statuses = sql.raw(`array[${STATUSES.map((s) => `'${s}'`).join(',')}]`);
  await queryRows(
    db,
    sql`insert into orders (id, order_no, customer_id, channel_id, currency, status, payment_status, payment_method_code,
          shipping_address, billing_address, shipping, subtotal_minor, grand_total_minor, refunded_minor,
          tracking_token_hash, created_at, updated_at)
        select 'ord_bench_' || g, 'B-' || g, (select min(id) from customers) + (g % ${CUSTOMERS}), 'ch_bench', 'INR',
               (${statuses})[1 + g % ${STATUSES.length}],
               case when g % 3 = 0 then 'cod' else 'paid' end,
               case when g % 3 = 0 then 'cod' else 'razorpay' end,
               ${address}::jsonb, ${address}::jsonb, '{}'::jsonb,
               50000 + (g * 7919) % 400000, 50000 + (g * 7919) % 400000,
               case when (${statuses})[1 + g % ${STATUSES.length}] = 'refunded' then 50000 + (g * 7919) % 400000 else 0 end,
               md5('bench' || g),
               now() - make_interval(secs => (g * 518.4)::int), now()
        from generate_series(1, ${ORDERS}) g`,
  );
  await queryRows(
    db,
    sql`insert into order_items (order_id, product_id, variant_id, slug, name, quantity, unit_price_minor, total_minor)
        select 'ord_bench_' || g, 'prd_' || ((g * l) % 300), 'var_' || ((g * l) % 300), 'product-' || ((g * l) % 300),
               'Product ' || ((g * l) % 300), 1 + (g + l) % 3, 25000, 25000 * (1 + (g + l) % 3)
        from generate_series(1, ${ORDERS}) g, generate_series(1, 1 + g % 3) l`,
  );
  await queryRows(db, sql`analyze`);
}

async function time(label: string, fn: () => Promise<unknown>): Promise<string> {
  for (let i = 0; i < 3; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  const q = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!.toFixed(1);
  return `| ${label} | ${q(0.5)} | ${q(0.95)} | ${ms.at(-1)!.toFixed(1)} |`;
}

async function measure(title: string, database: Database): Promise<void> {
  const t0 = performance.now();
  await runMigrations(database);
  await seed(database);
  const [{ n }] = (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from orders`)) as [
    { n: number },
  ];
  console.log(
    `\n${title}: ${n} orders seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s, ${RUNS} runs each\n`,
  );
  console.log('| query | p50 ms | p95 ms | max ms |\n| --- | --- | --- | --- |');
  console.log(await time('dashboard', () => getDashboard(database.db, 330)));
  console.log(await time('customers, first page', () => listCustomers(database.db, { limit: 50 })));
  console.log(await time('customers, search "bench4"', () => listCustomers(database.db, { q: 'bench4', limit: 50 })));
  console.log(await time('customers, search phone', () => listCustomers(database.db, { q: '98000012', limit: 50 })));
}

const pglite = await openDatabase({});
try {
  await measure('PGlite', pglite);
} finally {
  await pglite.close();
}

if (PG_URL) {
  const name = `bench_admin_dashboard_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolMax: 4 });
  try {
    const [{ v }] = (await queryRows<{ v: string }>(
      database.db,
      sql`select current_setting('server_version') as v`,
    )) as [{ v: string }];
    await measure(`PostgreSQL ${v}`, database);
  } finally {
    await database.close();
    await admin.query(`drop database ${name}`);
    await admin.end();
  }
}
