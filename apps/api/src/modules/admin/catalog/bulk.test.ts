import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BULK_PRICE_MAX_MINOR,
  BULK_STOCK_MAX,
  PRICE_MAX_MINOR,
  STOCK_MAX,
  adminBulkMessages as msg,
  type AdminBulkPage,
  type AdminBulkRow,
  type AdminProduct,
  type UndoOffer,
} from '@shopfront/shared';
import { queryRows } from '../../../db/client.ts';
import { CACHES_ON, createTestApp, type TestApp } from '../../../test/app.ts';
import { createTestOrder, stockOf } from '../../../test/orders.ts';
import { signedInOwner } from '../../staff/testing.ts';

/**
 * The bulk editor's API (issue 26) over HTTP, on PGlite and (TEST_DATABASE_URL) PostgreSQL, with
 * the page caches on: the grid, per-cell 422s, an atomic batch, stock saved beside concurrent
 * sales, one Undo for the batch (refused after a change), retries by Idempotency-Key, and roles.
 */
let t: TestApp;
let h: Record<string, string>;
let channel: string;
const db = () => t.database.db;
const CALLERS = 10;

beforeAll(async () => {
  t = await createTestApp({ env: CACHES_ON });
  h = (await signedInOwner(t)).headers;
  channel = (await queryRows<{ id: string }>(db(), sql`select channel_id as id from storefronts where is_default`))[0]!
    .id;
});
afterAll(() => t.close());

const req = (method: 'GET' | 'POST', url: string, payload?: unknown, headers = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...h, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const tag = () => randomBytes(3).toString('hex');

async function create(k = tag()): Promise<AdminProduct> {
  const res = await req('POST', '/api/admin/catalog/products', {
    title: `Bulk Fern ${k}`,
    slug: `bulk-fern-${k}`,
    status: 'published',
    options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
    variants: ['S', 'M', 'L'].map((s, i) => ({
      sku: `BF-${k}-${s}`,
      options: { Size: s },
      prices: [{ channel_id: channel, price_minor: 10000 + i * 1000 }],
      stock: 5,
    })),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const grid = async (q: string): Promise<AdminBulkPage> => {
  const res = await req('GET', `/api/admin/catalog/bulk?${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const save = (cells: unknown[], headers = {}) =>
  req('POST', '/api/admin/catalog/bulk', { channel_id: channel, cells }, headers);
const undo = (offer: UndoOffer, headers = {}) =>
  req('POST', `/api/admin/audit/${offer.id}/undo`, { also: offer.also }, headers);
const shopperPrice = async (slug: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/product/single-product/${slug}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.product.price.amount as number;
};

describe('bulk editor: the grid', () => {
  it('checks cells with the catalogue’s own bounds', () => {
    expect([BULK_PRICE_MAX_MINOR, BULK_STOCK_MAX]).toEqual([PRICE_MAX_MINOR, STOCK_MAX]);
  });

  it('lists every variant of the filtered products, a page of products at a time', async () => {
    const k = tag();
    const a = await create(`${k}a`);
    await create(`${k}b`);
    const first = await grid(`q=${k}&limit=1`);
    expect(first.channel.id).toBe(channel);
    expect(first.rows).toHaveLength(3);
    expect(first.rows.every((r) => r.product_title.startsWith('Bulk Fern'))).toBe(true);
    expect(first.next_cursor).not.toBeNull();
    const second = await grid(`q=${k}&limit=1&cursor=${first.next_cursor}`);
    expect(second.rows).toHaveLength(3);
    expect(second.next_cursor).toBeNull();
    const all = [...second.rows, ...first.rows];
    expect(all.filter((r) => r.product_id === a.id).map((r) => [r.sku, r.price_minor, r.stock, r.published])).toEqual([
      [`BF-${k}a-S`, 10000, 5, true],
      [`BF-${k}a-M`, 11000, 5, true],
      [`BF-${k}a-L`, 12000, 5, true],
    ]);
    // The same filters as the product list: a sku prefix, the stock filter.
    expect((await grid(`q=bf-${k}a`)).rows).toHaveLength(3);
    expect((await grid(`q=${k}&stock=out`)).rows).toHaveLength(0);
  });
});

describe('bulk editor: saving', () => {
  it('names every bad cell (row, field, message) and saves nothing', async () => {
    const p = await create();
    const [s, m, l] = p.variants;
    const res = await save([
      { row: s!.id, field: 'price', value: -1, was: 10000 },
      { row: m!.id, field: 'price', value: 12.5, was: 11000 },
      { row: l!.id, field: 'compare_at', value: 500, was: null },
      { row: s!.id, field: 'stock', value: -3, was: 5 },
      { row: m!.id, field: 'stock', value: 9, was: 5 },
    ]);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe(msg.invalid);
    expect(res.json().errors).toEqual({
      [`${s!.id}.price`]: [msg.price],
      [`${m!.id}.price`]: [msg.price],
      [`${l!.id}.compare_at`]: [msg.compareAt],
      [`${s!.id}.stock`]: [msg.stock],
    });
    expect(await stockOf(db(), m!.id)).toBe(5);
    expect((await grid(`q=${p.slug.slice(-6)}`)).rows.map((r) => r.price_minor)).toEqual([10000, 11000, 12000]);
  });

  it('saves a batch at once, records stock movements and one audit entry, and the storefront follows', async () => {
    const p = await create();
    const [s, m, l] = p.variants;
    expect(await shopperPrice(p.slug)).toBe(10000);
    const res = await save([
      { row: s!.id, field: 'price', value: 9000, was: 10000 },
      { row: s!.id, field: 'compare_at', value: 14000, was: null },
      { row: s!.id, field: 'stock', value: 12, was: 5 },
      { row: m!.id, field: 'stock', value: 2, was: 5 },
      { row: l!.id, field: 'published', value: false, was: true },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe(msg.saved(5));
    expect(body.undo.also).toEqual([]);
    const rows = body.data.rows as AdminBulkRow[];
    expect(rows.map((r) => [r.price_minor, r.compare_at_minor, r.stock, r.published])).toEqual([
      [9000, 14000, 12, false],
      [11000, null, 2, false],
      [12000, null, 5, false],
    ]);
    expect(rows[0]!.product_version).toBe(p.version + 1);
    const moves = await queryRows<{ variant_id: string; reason: string; from_stock: number; to_stock: number }>(
      db(),
      sql`select variant_id, reason, from_stock, to_stock from stock_movements
           where variant_id = any(array[${s!.id}, ${m!.id}]::text[]) and note = 'Bulk edit' order by id`,
    );
    expect(moves).toEqual([
      { variant_id: s!.id, reason: 'restock', from_stock: 5, to_stock: 12 },
      { variant_id: m!.id, reason: 'manual', from_stock: 5, to_stock: 2 },
    ]);
    const audits = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from audit_log where action = 'catalog.bulk' and id = ${body.undo.id}`,
    );
    expect(audits[0]!.n).toBe(1);
    // Unpublished: the storefront's product page is gone at once (caches on).
    const page = await t.app.inject({ method: 'GET', url: `/api/product/single-product/${p.slug}` });
    expect(page.statusCode).toBe(404);
  });

  it('refuses cells that changed since (409 naming them), all or nothing', async () => {
    const p = await create();
    const [s, m] = p.variants;
    const res = await save([
      { row: s!.id, field: 'stock', value: 20, was: 5 },
      { row: m!.id, field: 'price', value: 500, was: 99 },
    ]);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().errors).toEqual({ [`${m!.id}.price`]: [msg.changed('11000')] });
    expect(await stockOf(db(), s!.id)).toBe(5);
  });

  it(`loses neither the bulk restock nor ${CALLERS} sales at the same moment`, async () => {
    const p = await create();
    const [s, m] = p.variants;
    const results = await Promise.allSettled([
      save([
        { row: s!.id, field: 'stock', value: 25, was: 5 },
        { row: m!.id, field: 'stock', value: 25, was: 5 },
      ]),
      ...Array.from({ length: CALLERS }, (_, i) => createTestOrder(db(), { lines: [[i % 2 ? m!.id : s!.id, 1]] })),
    ]);
    const failed = results.filter((r) => r.status === 'rejected');
    const saved = results[0] as PromiseFulfilledResult<{ statusCode: number; body: string }>;
    expect(saved.value.statusCode, saved.value.body).toBe(200);
    // Sales that found no stock before the restock fail; every other one and the restock count.
    const sold = CALLERS - failed.length;
    expect((await stockOf(db(), s!.id)) + (await stockOf(db(), m!.id))).toBe(50 - sold);
    const [sum] = await queryRows<{ s: number }>(
      db(),
      sql`select sum(to_stock - from_stock)::int as s from stock_movements where variant_id = any(array[${s!.id}, ${m!.id}]::text[])`,
    );
    expect(sum!.s).toBe(50 - sold);
  });

  it('refuses a second published cell for one product (from another of its rows): 422 on that cell, nothing saved', async () => {
    const p = await create();
    const [s, m] = p.variants;
    const res = await save([
      { row: s!.id, field: 'published', value: false, was: true },
      { row: m!.id, field: 'published', value: true, was: true },
      { row: p.id, field: 'published', value: false, was: true },
      { row: m!.id, field: 'stock', value: 9, was: 5 },
    ]);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({
      [`${m!.id}.published`]: [msg.publishedTwice],
      [`${p.id}.published`]: [msg.publishedTwice],
    });
    expect(await stockOf(db(), m!.id)).toBe(5);
    expect((await grid(`q=${p.slug.slice(-6)}`)).rows.every((r) => r.published)).toBe(true);
    // One published cell per product saves, and its batch can be undone.
    const one = await save([{ row: m!.id, field: 'published', value: false, was: true }]);
    expect(one.statusCode, one.body).toBe(200);
    const u = await undo(one.json().undo);
    expect(u.statusCode, u.body).toBe(200);
    expect((await grid(`q=${p.slug.slice(-6)}`)).rows.every((r) => r.published)).toBe(true);
  });

  it(`product saves that replace the variants and bulk saves of them at once (${CALLERS} each): no 500, none lost`, async () => {
    const p = await create();
    const editOf = (i: number) => ({
      options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
      variants: p.variants.map((v, j) => ({
        id: v.id,
        sku: v.sku,
        options: v.options,
        prices: [{ channel_id: channel, price_minor: 20000 + i * 10 + j }],
      })),
    });
    const patch = (i: number) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/catalog/products/${p.id}`,
        headers: h,
        payload: editOf(i),
      });
    // Each bulk save adds one to every variant (a stock cell is saved as a delta), in reverse id order.
    const restock = () => save([...p.variants].reverse().map((v) => ({ row: v.id, field: 'stock', value: 6, was: 5 })));
    const results = await Promise.all(Array.from({ length: CALLERS }, (_, i) => [restock(), patch(i)]).flat());
    const codes = results.map((r) => r.statusCode);
    expect(
      codes.every((c) => c === 200 || c === 409),
      results.map((r) => r.body).join('\n'),
    ).toBe(true);
    const bulkSaved = results.filter((r, i) => i % 2 === 0 && r.statusCode === 200).length;
    expect(bulkSaved).toBeGreaterThan(0);
    for (const v of p.variants) expect(await stockOf(db(), v.id)).toBe(5 + bulkSaved);
    const rows = (await grid(`q=${p.slug.slice(-6)}`)).rows;
    expect(rows.map((r) => r.variant_id)).toEqual(p.variants.map((v) => v.id));
  });

  it('undoes the whole batch, and refuses (saying which cell) once a cell changed since', async () => {
    const p = await create();
    const [s, m, l] = p.variants;
    const cells = [
      { row: s!.id, field: 'price', value: 8000, was: 10000 },
      { row: m!.id, field: 'stock', value: 9, was: 5 },
      { row: l!.id, field: 'stock', value: 7, was: 5 },
    ];
    const first = await save(cells);
    expect(first.statusCode, first.body).toBe(200);
    expect(await shopperPrice(p.slug)).toBe(8000);
    const u = await undo(first.json().undo);
    expect(u.statusCode, u.body).toBe(200);
    const back = await grid(`q=${p.slug.slice(-6)}`);
    expect(back.rows.map((r) => [r.price_minor, r.stock])).toEqual([
      [10000, 5],
      [11000, 5],
      [12000, 5],
    ]);
    expect(await shopperPrice(p.slug)).toBe(10000);
    expect((await undo(first.json().undo)).statusCode).toBe(409);

    // Saved again, then a sale of one variant: the undo is refused and nothing moves.
    const again = await save(cells);
    expect(again.statusCode, again.body).toBe(200);
    await createTestOrder(db(), { lines: [[l!.id, 1]] });
    const refused = await undo(again.json().undo);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(msg.undoChanged(`the stock of ${l!.sku}`));
    expect(await stockOf(db(), m!.id)).toBe(9);
    expect(await stockOf(db(), l!.id)).toBe(6);
  });

  it('replays a retry with the same Idempotency-Key instead of saving twice', async () => {
    const p = await create();
    const cells = [{ row: p.variants[0]!.id, field: 'stock', value: 8, was: 5 }];
    const key = { 'idempotency-key': `bulk-${tag()}` };
    const a = await save(cells, key);
    const b = await save(cells, key);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json()).toEqual(a.json());
    expect(await stockOf(db(), p.variants[0]!.id)).toBe(8);
  });

  it('is for owners and managers: packers and content editors get 403', async () => {
    const p = await create();
    const cells = [{ row: p.variants[0]!.id, field: 'stock', value: 6, was: 5 }];
    for (const role of ['manager', 'packer', 'content_editor'] as const) {
      const rh = (await signedInOwner(t, role)).headers;
      const g = await t.app.inject({ method: 'GET', url: '/api/admin/catalog/bulk', headers: rh });
      const s = await t.app.inject({
        method: 'POST',
        url: '/api/admin/catalog/bulk',
        headers: rh,
        payload: { channel_id: channel, cells: role === 'manager' ? cells : [] },
      });
      expect([role, g.statusCode, s.statusCode]).toEqual([role, ...(role === 'manager' ? [200, 200] : [403, 403])]);
    }
    expect(await stockOf(db(), p.variants[0]!.id)).toBe(6);
  });
});
