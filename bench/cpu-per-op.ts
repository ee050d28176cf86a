/**
 * `node --import tsx bench/cpu-per-op.ts [--pg] [--runs=N] [--only=TEXT|TEXT…]` (after `npm run build`):
 * the CPU the shop spends per write, where no cache helps (issue 30). Starts the built shop as
 * `npm start` runs it (bench/server.ts) on a fresh demo database, then runs each scenario `runs`
 * times, one request at a time, and divides the CPU the server process used (user + system, from
 * /proc) by the runs; on PostgreSQL (--pg, a throwaway cluster) the database's CPU is counted too:
 * the postmaster and its backends. The bench's own client CPU is not counted. Scenarios:
 *   - new cart + first item: a guest with no cart adds one unit (the cart and its secret are made);
 *   - add-item: one unit more to an existing cart (carts made beforehand, at most 8 adds each);
 *   - checkout: the whole of a guest's checkout: add, address, delivery, Cash on Delivery, place
 *     order (five requests, counted as one operation);
 * and, on a second start of the shop, the reads no cache helps (issue 30): each run asks for something
 * not asked before, so the answer and page caches miss while the per-process lookups (shop context,
 * settings, menus) hit, as on a large catalogue's long tail; with --caches-off (PAGE_CACHE_MB=0)
 * every cache is off, those lookups included:
 *   - product detail: GET /api/product/single-product/{slug}, what a product page's loader asks;
 *   - faceted listing: POST /api/shop/all, in stock, from a price up (another at each run), by
 *     price, with its facets;
 *   - product page: the server-rendered HTML of /product/{slug} (its in-process API calls included),
 *     sent as to a browser (brotli).
 * CPU time is the figure least disturbed by other load on a shared machine (req/s is not), but it
 * is read in clock ticks (10 ms): use enough runs (default 200). Loopback only; stops what it started.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { freePort } from '../scripts/lib/pg-cluster.mjs';
import { CSRF, ROOT, benchAddress, flagArg, json, numArg, stopEverythingOnSignals, withPostgres } from './lib.ts';
import { startServer, type RunningServer } from './server.ts';

const RUNS = numArg('runs', 200);
const WITH_PG = flagArg('pg');
const CACHES_OFF = flagArg('caches-off');
/** `--only=a|b`: the scenarios whose name holds one of the texts. */
const ONLY = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split('|');
const picked = (name: string) => !ONLY || ONLY.some((text) => name.includes(text));
const TICKS_PER_MS = 100 / 1000;

let server: RunningServer | null = null;
stopEverythingOnSignals();
// Each order names its shopper's address (x-forwarded-for): the server trusts one proxy hop here.
process.env.TRUST_PROXY = '1';

/** utime + stime of one process, in ms; 0 when it is gone. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces) start at state; utime and stime are the 12th and 13th after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_MS;
  } catch {
    return 0;
  }
}

/** The PostgreSQL postmaster listening on `port` (its command line holds `-p port`), and its children. */
function postgresPids(port: number): number[] {
  const all = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  const postmaster = all.find((d) => {
    try {
      const args = readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0');
      return args.some((a) => a.endsWith('postgres')) && args.includes('-p') && args.includes(String(port));
    } catch {
      return false;
    }
  });
  if (!postmaster) return [];
  const children = all.filter((d) => {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] === postmaster;
    } catch {
      return false;
    }
  });
  return [Number(postmaster), ...children.map(Number)];
}

/** Slugs of every published product of the demo catalogue (the shop-all listing, page by page). */
async function productSlugs(baseUrl: string): Promise<string[]> {
  const slugs: string[] = [];
  for (let page = 1; ; page++) {
    const listing = await json(baseUrl, 'POST', '/api/shop/all', { page, per_page: 48 });
    const products = listing.body.data.products as { slug: string }[];
    slugs.push(...products.map((p) => p.slug));
    if (products.length < 48) return slugs;
  }
}

/** In-stock variant ids of the demo catalogue (products without customisation). */
async function variantIds(baseUrl: string): Promise<string[]> {
  const grid = await json(baseUrl, 'POST', '/api/product/product-grid', { items: 48 });
  const ids: string[] = [];
  for (const card of grid.body.data.products as { slug: string }[]) {
    const p = await json(baseUrl, 'GET', `/api/product/single-product/${card.slug}`);
    if ((p.body.data as { is_customisation_enabled?: boolean }).is_customisation_enabled) continue;
    for (const v of p.body.data.variants as { id: string; stock_status: string }[])
      if (v.stock_status === 'in_stock') ids.push(v.id);
  }
  if (ids.length < 8) throw new Error(`only ${ids.length} in-stock variants`);
  return ids;
}

function ok(answer: { status: number; body: { message?: string } }, what: string) {
  if (answer.status !== 200) throw new Error(`${what} answered ${answer.status}: ${answer.body.message}`);
}

interface Scenario {
  name: string;
  /** Made before the clock starts; `op` gets it. */
  prepare: (runs: number) => Promise<unknown[]>;
  op: (prepared: unknown, i: number) => Promise<void>;
}

/** India's id and Karnataka's, for the checkout's address. */
async function india(baseUrl: string): Promise<{ id: number; ka: number }> {
  const countries = await json(baseUrl, 'GET', '/api/settings/countries');
  const IN = (
    countries.body.data as unknown as { iso2: string; id: number; states: { code: string; id: number }[] }[]
  ).find((c) => c.iso2 === 'IN')!;
  return { id: IN.id, ka: IN.states.find((st) => st.code === 'KA')!.id };
}

function scenarios(baseUrl: string, ids: string[], india: { id: number; ka: number }): Scenario[] {
  const variant = (i: number) => ids[i % ids.length]!;
  const address = benchAddress(india.id, india.ka);
  return [
    {
      name: 'new cart + first item',
      prepare: async (runs) => Array.from({ length: runs }, () => null),
      op: async (_, i) =>
        ok(await json(baseUrl, 'POST', '/api/cart/add-item', { product_id: variant(i), quantity: 1 }), 'add-item'),
    },
    {
      name: 'add-item (existing cart)',
      prepare: async (runs) => {
        const carts: string[] = [];
        for (let c = 0; c < Math.ceil(runs / 8); c++) {
          const first = await json(baseUrl, 'POST', '/api/cart/add-item', { product_id: variant(c), quantity: 1 });
          ok(first, 'add-item');
          carts.push(first.setCookie);
        }
        return Array.from({ length: runs }, (_, i) => carts[Math.floor(i / 8)]);
      },
      op: async (cookie, i) =>
        ok(
          await json(
            baseUrl,
            'POST',
            '/api/cart/add-item',
            { product_id: variant(i + 1), quantity: 1 },
            cookie as string,
          ),
          'add-item',
        ),
    },
    {
      name: 'checkout (add, address, delivery, COD, place order)',
      prepare: async (runs) => Array.from({ length: runs }, () => null),
      op: async (_, i) => {
        const add = await json(baseUrl, 'POST', '/api/cart/add-item', { product_id: variant(i), quantity: 1 });
        ok(add, 'add-item');
        const cookie = add.setCookie;
        const set = await json(baseUrl, 'PUT', '/api/cart/update-address', address, cookie);
        ok(set, 'update-address');
        const methods = set.body.data.shipping_methods as { code: string }[];
        ok(
          await json(baseUrl, 'PUT', '/api/cart/update-shipping-mode', { mode: methods[0]!.code }, cookie),
          'shipping',
        );
        const pay = await json(baseUrl, 'PUT', '/api/cart/update-payment-mode', { mode: 'cod' }, cookie);
        ok(pay, 'payment');
        const total = (pay.body.data.grand_total as { amount: number }).amount;
        const placed = await fetch(`${baseUrl}/api/checkout/place-order`, {
          method: 'POST',
          headers: {
            'x-requested-with': 'shopfront',
            'content-type': 'application/json',
            cookie,
            'idempotency-key': `cpu-${i}`,
            // Each order from its own address: per-address limits apply per shopper, as in a real shop.
            'x-forwarded-for': `10.7.${(i >> 8) & 255}.${i & 255}`,
          },
          body: JSON.stringify({ confirmed_total: total, accept_terms: true }),
        });
        if (placed.status !== 200) throw new Error(`place-order answered ${placed.status}: ${await placed.text()}`);
        await placed.arrayBuffer();
      },
    },
  ];
}

/** One GET or POST answered 200, its body read whole (as a browser would). */
async function fetchOk(url: string, init: RequestInit, what: string) {
  const res = await fetch(url, init);
  if (res.status !== 200) throw new Error(`${what} answered ${res.status}`);
  await res.arrayBuffer();
}

const READS = CACHES_OFF ? 'every cache off' : 'each run a new product or filter (answer and page caches miss)';
const none = async (runs: number) => Array.from({ length: runs }, () => null);

function readScenarios(baseUrl: string, slugs: string[]): Scenario[] {
  const slug = (i: number) => slugs[i % slugs.length]!;
  return [
    {
      name: 'uncached product detail (GET /api/product/single-product)',
      prepare: none,
      op: (_, i) =>
        fetchOk(`${baseUrl}/api/product/single-product/${slug(i)}`, { headers: { ...CSRF } }, 'product detail'),
    },
    {
      name: 'uncached faceted listing (POST /api/shop/all, in stock, from a price, by price)',
      prepare: none,
      op: (_, i) =>
        fetchOk(
          `${baseUrl}/api/shop/all`,
          {
            method: 'POST',
            headers: { ...CSRF, 'content-type': 'application/json' },
            body: JSON.stringify({
              filters: { in_stock: true, price_min: 100 * (i + 1) },
              sort: 'price_asc',
              page: 1,
              per_page: 24,
            }),
          },
          'listing',
        ),
    },
    {
      name: 'uncached product page (SSR /product/{slug}, brotli)',
      prepare: none,
      op: (_, i) =>
        fetchOk(
          `${baseUrl}/product/${slug(i)}`,
          { headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' } },
          'product page',
        ),
    },
  ];
}

async function run(title: string, databaseUrl: string | undefined, reads: boolean) {
  const port = await freePort();
  server = await startServer({
    root: ROOT,
    port,
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(reads && CACHES_OFF ? { env: { PAGE_CACHE_MB: '0' } } : {}),
  });
  const { baseUrl } = server;
  try {
    const list = reads
      ? readScenarios(baseUrl, await productSlugs(baseUrl))
      : scenarios(baseUrl, await variantIds(baseUrl), await india(baseUrl));
    if (!list.some((s) => picked(s.name))) return;
    const pgPort = databaseUrl ? Number(new URL(databaseUrl).port) : 0;
    const pids = () => [server!.pid, ...(pgPort ? postgresPids(pgPort) : [])];
    // What each process spends doing nothing asked of it (the job poller, timers, PostgreSQL's
    // own background work), per ms over 3 s: taken off each scenario pro rata of its wall time.
    const idleBefore = new Map(pids().map((p) => [p, cpuMs(p)]));
    const idleStarted = performance.now();
    await new Promise((r) => setTimeout(r, 3000));
    const idleWall = performance.now() - idleStarted;
    const idleRate = new Map([...idleBefore].map(([p, b]) => [p, Math.max(0, cpuMs(p) - b) / idleWall]));
    const idleTotal = [...idleRate.values()].reduce((a, b) => a + b, 0);
    console.log(
      `\n${title}: CPU per operation, ${RUNS} runs each, one request at a time (idle ${(idleTotal * 100).toFixed(1)}% of a core, taken off)`,
    );
    /** CPU of `pid` since `before`, less its idle share of `wall` ms. */
    const used = (pid: number, before: number, wall: number) =>
      Math.max(0, cpuMs(pid) - before - (idleRate.get(pid) ?? 0) * wall);
    for (const s of list) {
      if (!picked(s.name)) continue;
      const prepared = await s.prepare(RUNS);
      // A few unmeasured runs first: JIT, statement plans, pool connections.
      for (let i = 0; i < 5; i++) await s.op(prepared[i], RUNS + i);
      const before = pids().map((p) => [p, cpuMs(p)] as const);
      const started = performance.now();
      for (let i = 0; i < RUNS; i++) await s.op(prepared[i], i);
      const wall = performance.now() - started;
      const serverMs = used(server.pid, before[0]![1], wall);
      const totalMs = before.reduce((sum, [p, b]) => sum + used(p, b, wall), 0);
      const db = databaseUrl ? `, of which PostgreSQL ${((totalMs - serverMs) / RUNS).toFixed(2)} ms` : '';
      console.log(
        `  ${s.name}: ${(totalMs / RUNS).toFixed(2)} ms CPU${db} (server ${(serverMs / RUNS).toFixed(2)} ms); ${(wall / RUNS).toFixed(1)} ms wall each`,
      );
    }
  } finally {
    await server.stop();
    server = null;
  }
}

await run('PGlite (embedded)', undefined, false);
await run(`PGlite (embedded), ${READS}`, undefined, true);
if (WITH_PG)
  await withPostgres('shopfront_cpu', async (title, url) => {
    await run(title, url, false);
    await run(`${title}, ${READS}`, url, true);
  });
