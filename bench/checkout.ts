/**
 * `node --import tsx bench/checkout.ts [--pg] [--orders=N] [--connections=N] [--coupon]`: placing
 * orders under load.
 *   - place-order: N shoppers, each with a ready cart of its own (one line, address, delivery,
 *     Cash on Delivery), place their orders over `connections` connections; every request is a
 *     real new order (stock, coupon, order rows, history, message job); with --coupon every cart
 *     holds the same unlimited 10 % coupon (each order counts a use of one coupon row);
 *   - flash sale: 200 shoppers at once for 20 units of one variant: how long until all are
 *     answered, and that exactly 20 got an order.
 * The shop is started once to migrate and seed a fresh demo database, stopped while stock is
 * raised directly in the database (and the flash-sale variant set to 20), then started again on
 * the same data: PGlite, and with --pg a throwaway PostgreSQL cluster. Loopback only; stops
 * everything it started. Prints orders/s and latency percentiles (p95 measured here).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../scripts/lib/pg-cluster.mjs';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { CSRF, ROOT, benchAddress, flagArg, json, numArg, stopEverythingOnSignals, withPostgres } from './lib.ts';
import { startServer, type RunningServer } from './server.ts';

const ORDERS = numArg('orders', 2000);
const CONNECTIONS = numArg('connections', 50);
const FLASH_BUYERS = 200;
const FLASH_UNITS = 20;
const WITH_PG = flagArg('pg');
const WITH_COUPON = flagArg('coupon');
const BENCH_COUPON = 'BENCH10';

let server: RunningServer | null = null;
stopEverythingOnSignals();

/** Raises every variant's stock (orders never run out) and sets the flash-sale variant's to 20. */
async function prepareStock(dataDir: string, databaseUrl?: string): Promise<string> {
  const sqlText = [
    `update variants set stock = 1000000`,
    `insert into coupons (code, description, kind, value) values ('${BENCH_COUPON}', 'Benchmark', 'percent', 10)`,
    `update variants set stock = ${FLASH_UNITS} where id = (select v.id from variants v join variant_channels vc on vc.variant_id = v.id and vc.is_available join products p on p.id = v.product_id and p.is_published and not p.is_customisation_enabled order by v.id limit 1)`,
  ];
  const pick = `select v.id from variants v where v.stock = ${FLASH_UNITS}`;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    for (const q of sqlText) await client.query(q);
    const { rows } = await client.query<{ id: string }>(pick);
    await client.end();
    return rows[0]!.id;
  }
  const database = await openDatabase({ dataDir });
  const { sql } = await import('drizzle-orm');
  for (const q of sqlText) await database.db.execute(sql.raw(q));
  const rows = (await database.db.execute(sql.raw(pick))) as unknown as { rows: { id: string }[] };
  await database.close();
  return rows.rows[0]!.id;
}

/** Purchasable variant ids of the demo catalogue (single-variant products are simplest). */
async function variantIds(baseUrl: string, flash: string): Promise<string[]> {
  const grid = await json(baseUrl, 'POST', '/api/product/product-grid', { items: 48 });
  const ids: string[] = [];
  for (const card of grid.body.data.products as { slug: string; is_customisation_enabled?: boolean }[]) {
    const p = await json(baseUrl, 'GET', `/api/product/single-product/${card.slug}`);
    if ((p.body.data as { is_customisation_enabled?: boolean }).is_customisation_enabled) continue;
    for (const v of p.body.data.variants as { id: string; stock_status: string }[]) {
      if (v.stock_status !== 'out_of_stock' && v.id !== flash) ids.push(v.id);
    }
  }
  if (ids.length < 10) throw new Error(`only ${ids.length} variants`);
  return ids;
}

/** Shopper i's client address. */
const shopperAddress = (i: number) => `10.9.${(i >> 8) & 255}.${i & 255}`;

/** A guest cart with one unit of `variant`, an address, delivery and COD chosen: cookie and total. */
async function readyCart(baseUrl: string, variant: string, countryId: number, stateId: number, i: number) {
  const add = await json(baseUrl, 'POST', '/api/cart/add-item', { product_id: variant, quantity: 1 });
  if (add.status !== 200) throw new Error(`add-item answered ${add.status}: ${add.body.message}`);
  const cookie = add.setCookie;
  const address = benchAddress(countryId, stateId);
  const set = await json(baseUrl, 'PUT', '/api/cart/update-address', address, cookie);
  if (set.status !== 200) throw new Error(`update-address answered ${set.status}: ${set.body.message}`);
  if (WITH_COUPON) {
    // Coupon tries are limited per address: each shopper applies it from its own.
    const applied = await fetch(`${baseUrl}/api/cart/coupons/apply`, {
      method: 'POST',
      headers: { ...CSRF, 'content-type': 'application/json', cookie, 'x-forwarded-for': shopperAddress(i) },
      body: JSON.stringify({ coupon: BENCH_COUPON }),
    });
    if (applied.status !== 200) throw new Error(`coupons/apply answered ${applied.status}: ${await applied.text()}`);
  }
  const methods = set.body.data.shipping_methods as { code: string }[];
  await json(baseUrl, 'PUT', '/api/cart/update-shipping-mode', { mode: methods[0]!.code }, cookie);
  const pay = await json(baseUrl, 'PUT', '/api/cart/update-payment-mode', { mode: 'cod' }, cookie);
  if (pay.status !== 200) throw new Error(`update-payment-mode answered ${pay.status}: ${pay.body.message}`);
  const total = (pay.body.data.grand_total as { amount: number }).amount;
  return { cookie, total };
}

async function inBatches<T>(n: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += size) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, n - i) }, (_, j) => make(i + j)))));
  }
  return out;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function place(baseUrl: string, c: { cookie: string; total: number }, i: number) {
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/checkout/place-order`, {
    method: 'POST',
    headers: {
      ...CSRF,
      'content-type': 'application/json',
      cookie: c.cookie,
      'idempotency-key': `bench-${i}`,
      // Each order comes from its own shopper's address (the server trusts one proxy hop here),
      // as on a real shop: per-address rate limits apply to each, not to the benchmark as one.
      'x-forwarded-for': shopperAddress(i),
    },
    body: JSON.stringify({ confirmed_total: c.total, accept_terms: true }),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

async function run(title: string, baseUrl: string, flash: string) {
  const countries = await json(baseUrl, 'GET', '/api/settings/countries');
  const india = (
    countries.body.data as unknown as { iso2: string; id: number; states: { code: string; id: number }[] }[]
  ).find((c) => c.iso2 === 'IN')!;
  const ka = india.states.find((s) => s.code === 'KA')!.id;
  const ids = await variantIds(baseUrl, flash);

  const carts = await inBatches(ORDERS, 25, (i) => readyCart(baseUrl, ids[i % ids.length]!, india.id, ka, i));
  let next = 0;
  const times: number[] = [];
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < carts.length) {
        const i = next++;
        const r = await place(baseUrl, carts[i]!, i);
        if (r.status === 200) times.push(r.ms);
        else failed++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  console.log(`\n${title}`);
  console.log(
    `  place-order${WITH_COUPON ? ' (one coupon)' : ''}, ${CONNECTIONS} connections, ${ORDERS} orders: ${Math.round(times.length / seconds)} orders/s, p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms, p99 ${pct(times, 99).toFixed(1)} ms, ${failed} refused`,
  );

  const buyers = await inBatches(FLASH_BUYERS, 25, (i) => readyCart(baseUrl, flash, india.id, ka, ORDERS + i));
  const flashStart = performance.now();
  const answers = await Promise.all(buyers.map((c, i) => place(baseUrl, c, ORDERS + i)));
  const flashSeconds = (performance.now() - flashStart) / 1000;
  const won = answers.filter((a) => a.status === 200).length;
  console.log(
    `  flash sale, ${FLASH_BUYERS} buyers at once for ${FLASH_UNITS} units: ${won} orders, all answered in ${(flashSeconds * 1000).toFixed(0)} ms (${Math.round(FLASH_BUYERS / flashSeconds)} answers/s, ${Math.round(won / flashSeconds)} orders/s)`,
  );
  if (won !== FLASH_UNITS) throw new Error(`flash sale placed ${won} orders for ${FLASH_UNITS} units`);
}

// The shop behind one (pretend) proxy hop: each order's X-Forwarded-For names its shopper.
process.env.TRUST_PROXY = '1';

async function section(title: string, databaseUrl?: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shopfront-checkout-bench-'));
  try {
    server = await startServer({ root: ROOT, port: await freePort(), databaseUrl, dataDir });
    await server.stop();
    const flash = await prepareStock(dataDir, databaseUrl);
    server = await startServer({ root: ROOT, port: await freePort(), databaseUrl, dataDir });
    await run(title, server.baseUrl, flash);
  } finally {
    await server?.stop();
    server = null;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await section('PGlite');
if (WITH_PG) await withPostgres('shopfront_checkout_bench', section);
