/**
 * `node --import tsx bench/cart.ts [--pg] [--duration=S] [--connections=N]`: the cart's write and
 * read paths under load, each connection a shopper with a cart of its own (its cookie).
 *   - add-item: every request adds one unit of one of 40 variants, cycling, to the connection's cart;
 *   - cart get: the priced cart of a 3-line cart.
 * Starts the built shop on a fresh demo database (PGlite; with --pg also a throwaway PostgreSQL
 * cluster), on 127.0.0.1 only, and stops everything it started. Prints req/s and latency
 * percentiles (autocannon reports p90 and p97.5; p95 lies between them).
 */
import autocannon from 'autocannon';
import { freePort } from '../scripts/lib/pg-cluster.mjs';
import { CSRF, ROOT, flagArg, json, numArg, stopEverythingOnSignals, withPostgres } from './lib.ts';
import { startServer, type RunningServer } from './server.ts';

const DURATION_S = numArg('duration', 10);
const CONNECTIONS = numArg('connections', 50);
const WITH_PG = flagArg('pg');

let server: RunningServer | null = null;
stopEverythingOnSignals();

/** 40 in-stock variant ids of the demo catalogue. */
async function variantIds(baseUrl: string): Promise<string[]> {
  const grid = await json(baseUrl, 'POST', '/api/product/product-grid', { items: 48 });
  const ids: string[] = [];
  for (const card of grid.body.data.products as { slug: string }[]) {
    const p = await json(baseUrl, 'GET', `/api/product/single-product/${card.slug}`);
    for (const v of p.body.data.variants as { id: string; stock_status: string }[]) {
      if (v.stock_status === 'in_stock') ids.push(v.id);
    }
    if (ids.length >= 40) break;
  }
  if (ids.length < 40) throw new Error(`only ${ids.length} in-stock variants`);
  return ids.slice(0, 40);
}

/** A guest cart holding `lines` variants; answers its cookie. */
async function cartWith(baseUrl: string, ids: string[]): Promise<string> {
  let cookie = '';
  for (const id of ids) {
    const r = await json(baseUrl, 'POST', '/api/cart/add-item', { product_id: id, quantity: 1 }, cookie || undefined);
    if (r.status !== 200) throw new Error(`add-item answered ${r.status}`);
    cookie ||= r.setCookie;
  }
  return cookie;
}

async function run(title: string, baseUrl: string) {
  const ids = await variantIds(baseUrl);
  const writeCarts = await Promise.all(Array.from({ length: CONNECTIONS }, () => cartWith(baseUrl, ids.slice(0, 1))));
  const readCarts = await Promise.all(
    Array.from({ length: CONNECTIONS }, (_, i) =>
      cartWith(baseUrl, [ids[i % 40]!, ids[(i + 7) % 40]!, ids[(i + 13) % 40]!]),
    ),
  );
  const targets = [
    {
      name: 'POST /api/cart/add-item (1 unit, own cart per connection)',
      carts: writeCarts,
      requests: ids.map((id) => ({
        method: 'POST' as const,
        path: '/api/cart/add-item',
        headers: { ...CSRF, 'content-type': 'application/json' },
        body: JSON.stringify({ product_id: id, quantity: 1 }),
      })),
    },
    {
      name: 'GET /api/cart/get (3 lines)',
      carts: readCarts,
      requests: [{ method: 'GET' as const, path: '/api/cart/get', headers: CSRF }],
    },
  ];
  console.log(`\n${title}: ${CONNECTIONS} connections, ${DURATION_S} s each`);
  for (const t of targets) {
    let next = 0;
    const result = await autocannon({
      url: baseUrl,
      connections: CONNECTIONS,
      duration: DURATION_S,
      requests: t.requests,
      setupClient: (client) => {
        client.setHeaders({ ...t.requests[0]!.headers, cookie: t.carts[next++ % t.carts.length]! });
      },
    });
    const l = result.latency;
    console.log(
      `  ${t.name}: ${Math.round(result.requests.average)} req/s, p50 ${l.p50} ms, p90 ${l.p90} ms, p97.5 ${l.p97_5} ms, p99 ${l.p99} ms, ${result.non2xx} non-2xx, ${result.errors} errors`,
    );
  }
}

async function section(title: string, databaseUrl?: string) {
  server = await startServer({ root: ROOT, port: await freePort(), databaseUrl });
  try {
    await run(title, server.baseUrl);
  } finally {
    await server.stop();
    server = null;
  }
}

await section('PGlite');
if (WITH_PG) await withPostgres('shopfront_cart_bench', section);
