import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { CACHES_ON, createTestApp, type TestApp } from '../../test/app.ts';
import { testBrowser } from '../../test/browser.ts';
import { buyableVariants, guestReady, placeOrder, placedOf, readyCart } from '../../test/checkout.ts';
import { uniqueEmail } from '../../test/auth.ts';

const TOKEN = 'metrics-test-token-0123456789';
const postgres = Boolean(process.env.TEST_DATABASE_URL);

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * The Prometheus text format (0.0.4), strictly: every sample line parses and belongs to a metric
 * declared with # HELP and # TYPE before it. Throws on anything else. A value may be NaN in any
 * case (prom-client writes "Nan" for a mean with no samples yet; Prometheus parses it as NaN).
 */
function parseExposition(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE ([a-zA-Z_:][\w:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (/^# HELP [a-zA-Z_:][\w:]* .*$/.test(line)) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (-?[\d.e+-]+|[Nn]a[Nn]|\+Inf|-Inf)$/.exec(line);
    if (!m) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    const labelText = m[2] ?? '';
    const labelRe = /([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"(,|$)/gy;
    let consumed = 0;
    for (const l of labelText.matchAll(labelRe)) {
      labels[l[1]!] = l[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
      consumed = l.index + l[0].length;
    }
    if (consumed !== labelText.length) throw new Error(`labels do not parse: ${line}`);
    const name = m[1]!;
    const family = name.replace(/_(bucket|sum|count)$/, '');
    if (!types.has(name) && !types.has(family)) throw new Error(`a sample with no # TYPE: ${line}`);
    samples.push({ name, labels, value: Number(m[3]) });
  }
  return { types, samples };
}

/** The sum of the samples named `name` whose labels include `labels`. */
function total(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

describe('GET /metrics while METRICS_TOKEN is unset', () => {
  it('answers 404, as any unknown path does', async () => {
    const t = await createTestApp({ seed: false });
    try {
      expect(t.app.metrics).toBeNull();
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 'error', message: 'Not found' });
    } finally {
      await t.close();
    }
  });
});

describe('GET /metrics with METRICS_TOKEN set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ storefront: true, env: { ...CACHES_ON, METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    return parseExposition(res.body);
  };

  it('answers 401 without the token, with another token or another scheme', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('shopfront_');
    }
  });

  it('answers the Prometheus text: process, pool (PostgreSQL only), jobs and page cache metrics', async () => {
    const { types, samples } = await scrape();
    expect(types.get('shopfront_http_requests_total')).toBe('counter');
    expect(types.get('shopfront_http_request_duration_seconds')).toBe('histogram');
    expect(types.get('shopfront_orders_placed_total')).toBe('counter');
    expect(types.get('shopfront_payments_total')).toBe('counter');
    expect(types.get('shopfront_jobs')).toBe('gauge');
    expect(types.get('shopfront_page_cache_hits_total')).toBe('counter');
    expect(types.get('shopfront_page_cache_misses_total')).toBe('counter');
    expect(total(samples, 'shopfront_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(types.get('shopfront_nodejs_eventloop_lag_p99_seconds')).toBe('gauge');
    if (postgres) {
      expect(total(samples, 'shopfront_db_pool_total_connections')).toBeGreaterThanOrEqual(1);
      expect(types.get('shopfront_db_pool_idle_connections')).toBe('gauge');
      expect(types.get('shopfront_db_pool_waiting_connections')).toBe('gauge');
    } else {
      expect(types.has('shopfront_db_pool_total_connections')).toBe(false);
    }
    // No global registry: a second app in this process has its own counters, not an error.
    const other = await createTestApp({ seed: false, env: { METRICS_TOKEN: TOKEN } });
    try {
      expect(other.app.metrics).not.toBe(t.app.metrics);
      const res = await other.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(200);
      expect(total(parseExposition(res.body).samples, 'shopfront_orders_placed_total')).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('a scrape while the jobs table cannot be read still answers, with the jobs gauge empty', async () => {
    const other = await createTestApp({ seed: false, env: { METRICS_TOKEN: TOKEN } });
    try {
      const db = other.database.db;
      await db.execute(sql`alter table jobs rename to jobs_away`);
      try {
        const res = await other.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: `Bearer ${TOKEN}` },
        });
        expect(res.statusCode, res.body).toBe(200);
        const { types, samples } = parseExposition(res.body);
        expect(types.get('shopfront_jobs')).toBe('gauge');
        expect(samples.filter((s) => s.name === 'shopfront_jobs')).toEqual([]);
        expect(total(samples, 'shopfront_process_resident_memory_bytes')).toBeGreaterThan(0);
      } finally {
        await db.execute(sql`alter table jobs_away rename to jobs`);
      }
    } finally {
      await other.close();
    }
  });

  it('the Grafana dashboard (docs/) names only metrics this app exports', async () => {
    const dashboard = readFileSync(
      path.resolve(import.meta.dirname, '../../../../../docs/grafana-dashboard.json'),
      'utf8',
    );
    const { types } = await scrape();
    const named = new Set(dashboard.match(/shopfront_\w+/g));
    expect(named.size).toBeGreaterThanOrEqual(8);
    for (const name of named) {
      // The pool's exist on PostgreSQL only.
      if (!postgres && name.startsWith('shopfront_db_pool_')) continue;
      expect(types.has(name) || types.has(name.replace(/_bucket$/, '')), name).toBe(true);
    }
  });

  it('counts requests by route pattern and status, never the raw URL; a 404 is "unmatched"', async () => {
    const before = (await scrape()).samples;
    const b = testBrowser(t.app, { ip: '10.9.0.1' });
    const [variant] = await buyableVariants(t.database.db, 1, 1);
    expect((await b.call('POST', '/api/cart/add-item', { product_id: variant, quantity: 1 })).statusCode).toBe(200);
    expect((await b.call('GET', '/api/cart/get')).statusCode).toBe(200);
    expect((await b.call('GET', '/api/product/single-product/no-such-product-xyz')).statusCode).toBe(404);
    expect((await b.call('GET', '/api/no-such-endpoint-xyz')).statusCode).toBe(404);
    const after = (await scrape()).samples;

    const moved = (labels: Record<string, string>) =>
      total(after, 'shopfront_http_requests_total', labels) - total(before, 'shopfront_http_requests_total', labels);
    expect(moved({ method: 'POST', route: '/api/cart/add-item', status: '200' })).toBe(1);
    expect(moved({ method: 'GET', route: '/api/cart/get', status: '200' })).toBe(1);
    expect(moved({ method: 'GET', route: '/api/product/single-product/:id', status: '404' })).toBe(1);
    expect(moved({ method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    // The scrape before this one is counted too, once.
    expect(moved({ method: 'GET', route: '/metrics', status: '200' })).toBe(1);
    const durations = (s: Sample[]) =>
      total(s, 'shopfront_http_request_duration_seconds_count', { method: 'POST', route: '/api/cart/add-item' });
    expect(durations(after) - durations(before)).toBe(1);
    const routes = new Set(after.map((s) => s.labels.route).filter(Boolean));
    expect([...routes].filter((r) => r!.includes('xyz'))).toEqual([]);
  });

  it('counts an order once when its transaction commits, not its concurrent replays, with its channel and payment method', async () => {
    const before = (await scrape()).samples;
    const [variant] = await buyableVariants(t.database.db, 2, 1);
    const { b, cart } = await guestReady(t, { lines: [[variant!, 1]] }, '10.9.0.2');
    const contact = await b.call('PUT', '/api/cart/update-contact', { email: uniqueEmail() });
    expect(contact.statusCode, contact.body).toBe(200);
    // Four clicks at once: one order, the others answer it again.
    const clicks = await Promise.all([1, 2, 3, 4].map(() => placeOrder(b, cart)));
    for (const res of clicks) expect(res.statusCode, res.body).toBe(200);
    const orderId = placedOf(clicks[0]!).order.id;
    for (const res of clicks) expect(placedOf(res).order.id).toBe(orderId);
    // A refused one (a cart with nothing in it) counts nothing either.
    const empty = testBrowser(t.app, { ip: '10.9.0.3' });
    expect((await placeOrder(empty, cart)).statusCode).not.toBe(200);

    const [order] = await queryRows<{ channel_id: string }>(
      t.database.db,
      sql`select channel_id from orders where id = ${orderId}`,
    );
    const after = (await scrape()).samples;
    const labels = { channel: order!.channel_id, payment_method: 'cod' };
    expect(
      total(after, 'shopfront_orders_placed_total', labels) - total(before, 'shopfront_orders_placed_total', labels),
    ).toBe(1);
    expect(total(after, 'shopfront_orders_placed_total') - total(before, 'shopfront_orders_placed_total')).toBe(1);
  });

  it('counts each payment verdict once however often the provider repeats it', async () => {
    const before = (await scrape()).samples;
    const variants = await buyableVariants(t.database.db, 2, 2);
    const pay = async (ip: string, variant: string, outcome: 'pay' | 'fail') => {
      const b = testBrowser(t.app, { ip });
      await readyCart(t, b, { lines: [[variant, 1]], payment: 'sandbox' });
      const contact = await b.call('PUT', '/api/cart/update-contact', { email: uniqueEmail() });
      const placed = placedOf(await placeOrder(b, contact.json().data));
      if (placed.next.type !== 'redirect') throw new Error('expected the sandbox page');
      const cookie = [...b.jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const pressed = await t.app.inject({
        method: 'POST',
        url: placed.next.url,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'http://localhost:80',
          cookie,
        },
        payload: `outcome=${outcome}`,
      });
      expect(pressed.statusCode).toBe(303);
      // The signed return, twice (a reload), then the webhook the page queued.
      for (let i = 0; i < 2; i++) {
        await t.app.inject({ method: 'GET', url: String(pressed.headers.location) });
      }
      await t.app.jobs.runDue();
    };
    await pay('10.9.0.4', variants[0]!, 'pay');
    await pay('10.9.0.5', variants[1]!, 'fail');

    const after = (await scrape()).samples;
    const moved = (result: string) =>
      total(after, 'shopfront_payments_total', { provider: 'sandbox', result }) -
      total(before, 'shopfront_payments_total', { provider: 'sandbox', result });
    expect(moved('confirmed')).toBe(1);
    expect(moved('failed')).toBe(1);
    expect(total(after, 'shopfront_payments_total') - total(before, 'shopfront_payments_total')).toBe(2);
    // Each online order counted under its payment method.
    expect(
      total(after, 'shopfront_orders_placed_total', { payment_method: 'sandbox' }) -
        total(before, 'shopfront_orders_placed_total', { payment_method: 'sandbox' }),
    ).toBe(2);
  });

  it('reads the job queue by kind and status at scrape time', async () => {
    const kind = 'metrics-test-kind';
    await queryRows(
      t.database.db,
      sql`insert into jobs (kind, status, attempts, max_attempts, finished_at, last_error)
           values (${kind}, 'failed', 1, 1, now(), 'boom'), (${kind}, 'failed', 1, 1, now(), 'boom'),
                  (${kind}, 'pending', 0, 5, null, null)`,
    );
    try {
      const { samples } = await scrape();
      expect(total(samples, 'shopfront_jobs', { kind, status: 'failed' })).toBe(2);
      expect(total(samples, 'shopfront_jobs', { kind, status: 'pending' })).toBe(1);
    } finally {
      await queryRows(t.database.db, sql`delete from jobs where kind = ${kind}`);
    }
    expect(total((await scrape()).samples, 'shopfront_jobs', { kind })).toBe(0);
  });

  it('counts page cache misses and hits', async () => {
    t.app.pageCache!.clear();
    const before = (await scrape()).samples;
    const page = () =>
      t.app.inject({ method: 'GET', url: '/product/organic-cotton-crew-tee', headers: { accept: 'text/html' } });
    expect((await page()).statusCode).toBe(200);
    expect((await page()).statusCode).toBe(200);
    expect((await page()).statusCode).toBe(200);
    const after = (await scrape()).samples;
    const moved = (name: string) => total(after, name) - total(before, name);
    expect(moved('shopfront_page_cache_misses_total')).toBe(1);
    expect(moved('shopfront_page_cache_hits_total')).toBe(2);
    // The page's route is the storefront's pattern, not its address.
    const pageRoutes = after
      .filter((s) => s.name === 'shopfront_http_requests_total' && s.labels.route?.includes('organic'))
      .map((s) => s.labels.route);
    expect(pageRoutes).toEqual([]);
  });
});
