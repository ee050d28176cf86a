import http from 'node:http';
import type net from 'node:net';
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE, type Cart } from '@shopfront/shared';
import { queryRows } from '../db/client.ts';
import { ORDER_REF_COOKIE } from '../modules/orders/access.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { loggedInCustomer } from '../test/auth.ts';
import { buyableVariants, guestReady, readyCart } from '../test/checkout.ts';
import { testBrowser } from '../test/browser.ts';

/**
 * Idempotency-Key through a real socket with clients that accept compressed answers (browsers,
 * Node's fetch, curl --compressed), and the cookies a replay gives back (ADR 17).
 */
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent, decompressed. */
  text: string;
  encoding: string;
}

/** One request on a socket; the body is decompressed by hand, so the test sees what was sent. */
function call(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          [CSRF_HEADER]: CSRF_HEADER_VALUE,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = String(res.headers['content-encoding'] ?? 'identity');
          const text = (
            encoding === 'gzip' ? gunzipSync(raw) : encoding === 'br' ? brotliDecompressSync(raw) : raw
          ).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, encoding });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const setCookies = (a: Answer) => a.headers['set-cookie'] ?? [];

describe('Idempotency-Key with compressed answers (real socket)', () => {
  for (const encoding of ['gzip', 'br'] as const) {
    it(`replays an add-item answered with ${encoding}: the same answer, and the item is added once`, async () => {
      const shopper = await loggedInCustomer(t);
      const [variant] = await buyableVariants(t.database.db, 5, 1);
      const key = randomUUID();
      const headers = { cookie: shopper.cookie, 'accept-encoding': encoding, 'idempotency-key': key };
      const body = { product_id: variant, quantity: 1 };

      const first = await call('POST', '/api/cart/add-item', headers, body);
      expect(first.status, first.text).toBe(200);
      // The answer really was compressed: this is the case that used to break.
      expect(first.encoding).toBe(encoding);

      const retry = await call('POST', '/api/cart/add-item', headers, body);
      expect(retry.status, retry.text).toBe(200);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.encoding).toBe(encoding);
      expect(retry.text).toBe(first.text);

      // The stored answer is the payload itself: each retry is compressed as that client asks.
      const other = encoding === 'gzip' ? 'br' : 'gzip';
      for (const [accept, expected] of [
        [other, other],
        ['identity', 'identity'],
      ] as const) {
        const again = await call('POST', '/api/cart/add-item', { ...headers, 'accept-encoding': accept }, body);
        expect(again.headers['idempotent-replayed']).toBe('true');
        expect(again.encoding).toBe(expected);
        expect(again.text).toBe(first.text);
      }

      const cart = await call('GET', '/api/cart/get', { cookie: shopper.cookie, 'accept-encoding': encoding });
      const items = (JSON.parse(cart.text) as { data: Cart }).data.items;
      expect(items.map((i) => [i.product_id, i.quantity])).toEqual([[variant, 1]]);
    });
  }

  it('replays a place-order answered with brotli, and the order is placed once', async () => {
    const shopper = await loggedInCustomer(t);
    const b = testBrowser(t.app, { cookie: shopper.cookie });
    const [variant] = await buyableVariants(t.database.db, 5, 1);
    const cart = await readyCart(t, b, { lines: [[variant!, 1]] });
    const key = randomUUID();
    const headers = { cookie: shopper.cookie, 'accept-encoding': 'br', 'idempotency-key': key };
    const body = { confirmed_total: cart.grand_total.amount, accept_terms: true };
    const first = await call('POST', '/api/checkout/place-order', headers, body);
    expect(first.status, first.text).toBe(200);
    expect(first.encoding).toBe('br');
    const retry = await call('POST', '/api/checkout/place-order', headers, body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.text).toBe(first.text);
    const orders = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from orders where customer_id = ${shopper.customer.id}`,
    );
    expect(orders[0]!.n).toBe(1);
  });
});

describe('cookies on a replay', () => {
  it("gives a guest's replayed place-order the order_ref cookie, so the guest can open the order", async () => {
    const [variant] = await buyableVariants(t.database.db, 5, 1);
    const { b, cart } = await guestReady(t, { lines: [[variant!, 1]] });
    const cartCookie = [...b.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const key = randomUUID();
    const headers = { cookie: cartCookie, 'accept-encoding': 'gzip', 'idempotency-key': key };
    const body = { confirmed_total: cart.grand_total.amount, accept_terms: true };

    const first = await call('POST', '/api/checkout/place-order', headers, body);
    expect(first.status, first.text).toBe(200);
    const issued = setCookies(first).find((c) => c.startsWith(`${ORDER_REF_COOKIE}=`));
    expect(issued).toBeDefined();

    // The first answer was lost on the way: the browser never stored its order_ref cookie.
    const retry = await call('POST', '/api/checkout/place-order', headers, body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.text).toBe(first.text);
    const replayed = setCookies(retry).find((c) => c.startsWith(`${ORDER_REF_COOKIE}=`));
    expect(replayed).toBe(issued);

    const orderRef = replayed!.split(';')[0]!;
    const latest = await call('GET', '/api/checkout/latest-order', { cookie: `${cartCookie}; ${orderRef}` });
    expect(latest.status, latest.text).toBe(200);
    const placedId = (JSON.parse(first.text) as { data: { order: { id: string } } }).data.order.id;
    expect((JSON.parse(latest.text) as { data: { id: string } }).data.id).toBe(placedId);
    // Without the cookie the guest could not: the replay is what gave it back.
    expect((await call('GET', '/api/checkout/latest-order', { cookie: cartCookie })).status).toBe(404);
  });

  it("never replays a new guest cart's secret: that first add is not kept and a retry runs again", async () => {
    const [variant] = await buyableVariants(t.database.db, 5, 1);
    const key = randomUUID();
    const headers = { 'accept-encoding': 'gzip', 'idempotency-key': key };
    const body = { product_id: variant, quantity: 1 };
    const first = await call('POST', '/api/cart/add-item', headers, body);
    expect(first.status).toBe(200);
    expect(setCookies(first).some((c) => c.startsWith('cart_session='))).toBe(true);
    const rows = await queryRows(t.database.db, sql`select 1 from idempotency_keys where key = ${key}`);
    expect(rows).toHaveLength(0);
  });
});
