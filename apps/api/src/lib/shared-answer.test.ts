import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../db/client.ts';
import { countQueries } from '../modules/catalog/query-counter.ts';
import { CACHES_ON, createTestApp, type TestApp } from '../test/app.ts';

/** Catalogue reads answered once per content generation (registerEndpoint's sharedAnswer, ADR 28). */
let t: TestApp;
let counter: ReturnType<typeof countQueries>;
const SLUG = 'organic-cotton-crew-tee';

beforeAll(async () => {
  t = await createTestApp({ env: CACHES_ON });
  counter = countQueries(t.database.db);
});
afterAll(async () => {
  counter.restore();
  await t.close();
});

const product = () => t.app.inject({ method: 'GET', url: `/api/product/single-product/${SLUG}` });

describe('shared answers', () => {
  it('answers a product the second time without reading it again, byte for byte the same', async () => {
    const first = await product();
    expect(first.statusCode).toBe(200);
    // Only the request's shop context (its channel, every request's own) is looked up.
    const { result: second, queries } = await counter.during(() => product());
    expect(queries).toBe(0);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('keeps one answer per request body: another page of a listing is its own', async () => {
    const page = (n: number) =>
      t.app.inject({ method: 'POST', url: '/api/shop/all', payload: { page: n, per_page: 4 } });
    const one = (await page(1)).json().data;
    const two = (await page(2)).json().data;
    expect(one.products[0].slug).not.toBe(two.products[0].slug);
    expect((await page(1)).json().data).toEqual(one);
  });

  it('shows a stock change once its notification arrives', async () => {
    const variantId = (await product()).json().data.variants[0].id as string;
    const [row] = await queryRows<{ stock: number }>(
      t.database.db,
      sql`select stock from variants where id = ${variantId}`,
    );
    await t.database.db.execute(sql`update variants set stock = 0 where id = ${variantId}`);
    try {
      await vi.waitFor(
        async () => {
          const v = (await product()).json().data.variants.find((x: { id: string }) => x.id === variantId);
          expect(v.stock_status).toBe('out_of_stock');
        },
        { timeout: 5000, interval: 20 },
      );
    } finally {
      await t.database.db.execute(sql`update variants set stock = ${row!.stock} where id = ${variantId}`);
    }
  });

  it('does not keep a 404 or a refused request', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/product/single-product/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().status).toBe('error');
    const bad = await t.app.inject({ method: 'POST', url: '/api/shop/all', payload: { page: -1 } });
    expect(bad.statusCode).toBe(422);
  });
});
