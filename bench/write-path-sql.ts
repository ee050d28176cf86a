/**
 * `node scripts/pg-cluster.mjs node --import tsx bench/write-path-sql.ts [--runs=N]`: the SQL
 * statements (round trips, BEGIN and COMMIT included) each request of the write path sends to
 * PostgreSQL (issue 30): a guest's first add-item, a second add-item, and the checkout's address,
 * delivery, payment method and place-order. Boots the shop in this process on the throwaway
 * cluster's TEST_DATABASE_URL (a fresh demo database), answers each request with app.inject and
 * prints, per request, its statements in order. With --runs=N it then prints the CPU time of this
 * process per request over N rounds (in-process: no HTTP, no PostgreSQL CPU).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { seedDemo } from '../apps/api/src/db/seed/index.ts';
import { parseEnv } from '../apps/api/src/env.ts';
import { benchAddress, numArg } from './lib.ts';

const RUNS = numArg('runs', 0);
const base = process.env.TEST_DATABASE_URL;
if (!base) throw new Error('run under scripts/pg-cluster.mjs (TEST_DATABASE_URL)');

// A database of its own on the throwaway cluster.
const name = `write_path_${randomUUID().slice(0, 8)}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${name}`);
await admin.end();
const url = new URL(base);
url.pathname = `/${name}`;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shopfront-write-path-'));
mkdirSync(path.join(dataDir, 'media'), { recursive: true });
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const env = parseEnv({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  DATABASE_URL: url.toString(),
  TRUST_PROXY: '1',
});
const database = await openDatabase({ url: env.DATABASE_URL, poolMax: 10 });
await runMigrations(database);
await seedDemo(database, { mediaDir: path.join(dataDir, 'media') });
const app = await buildApp({ database, env, logger: false });
await app.ready();

let log: string[] | null = null;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text: string; name?: string };
  const text = typeof first === 'string' ? first : first.text;
  const named = typeof first === 'object' && first.name ? ` [${first.name}]` : '';
  log?.push(`${text.replace(/\s+/g, ' ').slice(0, 140)}${named}`);
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

interface CartBody {
  data: { shipping_methods: { code: string }[]; grand_total: { amount: number } };
}
const CSRF = { 'x-requested-with': 'shopfront', 'content-type': 'application/json' };
async function call(method: 'POST' | 'PUT', url: string, body: unknown, cookie: string, extra = {}) {
  const res = await app.inject({ method, url, headers: { ...CSRF, cookie, ...extra }, payload: JSON.stringify(body) });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  const set = res.headers['set-cookie'];
  const cookies = (Array.isArray(set) ? set : set ? [set] : []).map((c) => String(c).split(';')[0]).join('; ');
  return { body: res.json() as CartBody, cookie: cookies || cookie };
}

const variants = (
  (await database.db.execute(
    sql`select v.id from variants v join products p on p.id = v.product_id join variant_channels vc on vc.variant_id = v.id
         where p.is_published and not p.is_customisation_enabled and v.stock > 0 and vc.is_available order by v.stock desc limit 40`,
  )) as unknown as { rows: { id: string }[] }
).rows;
const countries = (await app.inject({ method: 'GET', url: '/api/settings/countries' })).json().data as {
  iso2: string;
  id: number;
  states: { code: string; id: number }[];
}[];
const IN = countries.find((c) => c.iso2 === 'IN')!;
const address = benchAddress(IN.id, IN.states.find((s) => s.code === 'KA')!.id);

/** One round: each step's statements when `trace`. */
async function round(i: number, trace: boolean) {
  const steps: [string, () => Promise<void>][] = [];
  let cookie = '';
  let total = 0;
  steps.push([
    'add-item (new cart)',
    async () => {
      cookie = (
        await call('POST', '/api/cart/add-item', { product_id: variants[i % variants.length]!.id, quantity: 1 }, '')
      ).cookie;
    },
  ]);
  steps.push([
    'add-item (existing cart)',
    async () => {
      await call(
        'POST',
        '/api/cart/add-item',
        { product_id: variants[(i + 1) % variants.length]!.id, quantity: 1 },
        cookie,
      );
    },
  ]);
  steps.push(['update-address', async () => void (await call('PUT', '/api/cart/update-address', address, cookie))]);
  steps.push([
    'update-shipping-mode',
    async () => {
      const cart = (
        await call('PUT', '/api/cart/update-shipping-mode', { mode: 'standard' }, cookie).catch(async () => {
          const a = await call('PUT', '/api/cart/update-address', address, cookie);
          const code = a.body.data.shipping_methods[0]!.code;
          return call('PUT', '/api/cart/update-shipping-mode', { mode: code }, cookie);
        })
      ).body;
      total = cart.data.grand_total.amount;
    },
  ]);
  steps.push([
    'update-payment-mode',
    async () => {
      total = (await call('PUT', '/api/cart/update-payment-mode', { mode: 'cod' }, cookie)).body.data.grand_total
        .amount;
    },
  ]);
  steps.push([
    'place-order',
    async () => {
      await call('POST', '/api/checkout/place-order', { confirmed_total: total, accept_terms: true }, cookie, {
        'idempotency-key': `wp-${i}`,
        'x-forwarded-for': `10.9.${(i >> 8) & 255}.${i & 255}`,
      });
    },
  ]);
  const cpu: number[] = [];
  for (const [label, step] of steps) {
    // Whatever earlier steps left running (an order's notification jobs) ends first.
    if (trace) await new Promise((r) => setTimeout(r, 1500));
    log = trace ? [] : null;
    const before = process.cpuUsage();
    await step();
    const used = process.cpuUsage(before);
    cpu.push((used.user + used.system) / 1000);
    if (trace) {
      // What the request set off (jobs, outbox) shows after its answer: counted with it.
      await new Promise((r) => setTimeout(r, 1500));
      console.log(`\n${label}: ${log!.length} statements`);
      for (const s of log!) console.log(`  ${s}`);
    }
  }
  return { labels: steps.map((s) => s[0]), cpu };
}

await round(0, false);
await round(1, true);
if (RUNS > 0) {
  const sums: number[] = [];
  let labels: string[] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await round(2 + i, false);
    labels = r.labels;
    r.cpu.forEach((c, j) => (sums[j] = (sums[j] ?? 0) + c));
  }
  console.log(`\nNode CPU per request, in-process, ${RUNS} rounds:`);
  labels.forEach((l, j) => console.log(`  ${l}: ${(sums[j]! / RUNS).toFixed(2)} ms`));
}
await app.close();
await database.close();
