import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_MAX, adminCatalogMessages as msg, type AdminProduct } from '@shopfront/shared';
import { queryRows } from '../../../db/client.ts';
import { CACHES_ON, createTestApp, type TestApp } from '../../../test/app.ts';
import { guestReady, placedOf, placeOrder } from '../../../test/checkout.ts';
import { createTestOrder, stockOf } from '../../../test/orders.ts';
import { signedInOwner } from '../../staff/testing.ts';

/**
 * The owner's catalogue API over HTTP (issue 26), on PGlite and (TEST_DATABASE_URL) PostgreSQL,
 * with the page caches on: create, edit with If-Match, slug redirects, archive, duplicate, 422s
 * per field, the list, stock with its movements, and many concurrent callers on one variant.
 * What shoppers see is read through the storefront API after each change.
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

const req = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown, headers = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...h, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const tag = () => randomBytes(3).toString('hex');
const shopper = {
  product: (slug: string) => t.app.inject({ method: 'GET', url: `/api/product/single-product/${slug}` }),
  search: (query: string) => t.app.inject({ method: 'POST', url: '/api/search/search-products', payload: { query } }),
  shopAll: () => t.app.inject({ method: 'POST', url: '/api/shop/all', payload: { sort: 'newest', per_page: 48 } }),
};

function productBody(k: string, over: Record<string, unknown> = {}) {
  return {
    title: `Quillwort Lantern ${k}`,
    slug: `quillwort-lantern-${k}`,
    status: 'published',
    short_description: 'A paper lantern.',
    description: [
      { type: 'heading', text: 'Made by hand' },
      { type: 'paragraph', text: 'Folded from one sheet.' },
      { type: 'list', items: ['Paper', 'Bamboo'] },
    ],
    brand: 'Lumen Works',
    category: null,
    tags: ['lighting'],
    hsn_code: '9405',
    tax_class: 'standard',
    weight_grams: 250,
    options: [{ name: 'Size', values: ['S', 'L'] }],
    variants: [
      { sku: `QL-${k}-S`, options: { Size: 'S' }, prices: [{ channel_id: channel, price_minor: 49900 }], stock: 7 },
      {
        sku: `QL-${k}-L`,
        options: { Size: 'L' },
        prices: [{ channel_id: channel, price_minor: 69900, compare_at_minor: 89900 }],
        stock: 0,
      },
    ],
    ...over,
  };
}

async function create(k = tag(), over: Record<string, unknown> = {}): Promise<AdminProduct> {
  const res = await req('POST', '/api/admin/catalog/products', productBody(k, over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('products', () => {
  it('creates a product that shoppers see at once: page, listing and search', async () => {
    const k = tag();
    const p = await create(k);
    expect(p).toMatchObject({
      status: 'published',
      title: `Quillwort Lantern ${k}`,
      brand: 'Lumen Works',
      tags: ['lighting'],
      hsn_code: '9405',
      weight_grams: 250,
      version: 1,
      description: [
        { type: 'heading', text: 'Made by hand', level: 2 },
        { type: 'paragraph', text: 'Folded from one sheet.' },
        { type: 'list', items: ['Paper', 'Bamboo'], ordered: false },
      ],
    });
    expect(p.variants.map((v) => [v.sku, v.stock, v.stock_state, v.prices[0]!.price_minor])).toEqual([
      [`QL-${k}-S`, 7, 'in_stock', 49900],
      [`QL-${k}-L`, 0, 'out', 69900],
    ]);

    const page = await shopper.product(p.slug);
    expect(page.statusCode).toBe(200);
    expect(page.json().data.product).toMatchObject({ name: p.title, price: { amount: 49900 }, in_stock: true });
    expect(
      (await shopper.search(`quillwort ${k}`)).json().data.products.map((c: { slug: string }) => c.slug),
    ).toContain(p.slug);
    // By sku too (search_text carries the skus).
    expect((await shopper.product(`QL-${k}-L`)).json().data.selected_variant_id).toBe(p.variants[1]!.id);

    // The movement of the opening stock.
    const stock = (await req('GET', `/api/admin/catalog/variants/${p.variants[0]!.id}/stock`)).json().data;
    expect(stock.movements).toMatchObject([{ from: 0, to: 7, change: 7, reason: 'restock', note: 'Opening stock' }]);
  });

  it('keeps brands and tags in other scripts apart', async () => {
    const a = await create(tag(), { brand: 'मिट्टी', tags: ['陶器'] });
    const b = await create(tag(), { brand: 'Глина', tags: ['ручная работа'] });
    expect([a.brand, a.tags, b.brand, b.tags]).toEqual(['मिट्टी', ['陶器'], 'Глина', ['ручная работа']]);
    expect((await shopper.product(b.slug)).json().data.product.brand.name).toBe('Глина');
  });

  it('answers 422 with a message per field', async () => {
    const k = tag();
    await create(k);
    const bad = productBody(tag(), {
      slug: 'Not A Slug',
      hsn_code: '12',
      variants: [
        {
          sku: `QL-${k}-S`,
          options: { Size: 'S' },
          prices: [{ channel_id: channel, price_minor: 500, compare_at_minor: 500 }],
        },
        { sku: 'Z-1', options: { Size: 'S' }, prices: [{ channel_id: channel, price_minor: -1 }] },
      ],
    });
    const res = await req('POST', '/api/admin/catalog/products', bad);
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors.slug).toEqual([msg.slug]);
    expect(errors.hsn_code).toEqual(['An HSN code is 4, 6 or 8 digits']);
    expect(errors['variants.0.prices.0.compare_at_minor']).toEqual([msg.compareAt]);
    expect(errors['variants.1.prices.0.price_minor']).toEqual(['The value must be at least 0']);
    expect(errors['variants.1.options']).toEqual([msg.optionValue]);

    // A sku another product has, and a slug another product has: checked on the server.
    const taken = await req(
      'POST',
      '/api/admin/catalog/products',
      productBody(tag(), { slug: `quillwort-lantern-${k}` }),
    );
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.slug).toEqual([msg.slugTaken]);
    const sku = productBody(tag());
    sku.variants[0]!.sku = `QL-${k}-L`;
    const skuRes = await req('POST', '/api/admin/catalog/products', sku);
    expect(skuRes.json().errors).toEqual({ 'variants.0.sku': [msg.skuTaken] });
    const unknown = productBody(tag(), { category: 'no-such-category' });
    expect((await req('POST', '/api/admin/catalog/products', unknown)).json().errors).toEqual({
      category: [msg.unknownCategory],
    });
    const channelLess = productBody(tag());
    channelLess.variants[1]!.prices[0]!.channel_id = 'no_such_channel';
    expect((await req('POST', '/api/admin/catalog/products', channelLess)).json().errors).toEqual({
      'variants.1.prices.0.channel_id': [msg.unknownChannel],
    });
  });

  it('edits with If-Match: a price change, a new title and a new slug reach shoppers; the old slug still opens it', async () => {
    const p = await create();
    const oldSlug = p.slug;
    const k = tag();
    const variants = p.variants.map((v, i) => ({
      id: v.id,
      sku: v.sku,
      options: v.options,
      prices: [{ channel_id: channel, price_minor: i === 0 ? 45000 : 69900 }],
    }));
    const edit = { title: `Marram Lantern ${k}`, slug: `marram-lantern-${k}`, options: p.options, variants };

    const stale = await req('PATCH', `/api/admin/catalog/products/${p.id}`, edit, { 'if-match': '"99"' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(msg.stale);

    const res = await req('PATCH', `/api/admin/catalog/products/${p.id}`, edit, { 'if-match': `"${p.version}"` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toBe('"2"');
    const after: AdminProduct = res.json().data;
    expect(after).toMatchObject({ version: 2, slug: `marram-lantern-${k}`, old_slugs: [oldSlug] });
    // Stock stays with the variants kept.
    expect(after.variants.map((v) => [v.id, v.stock])).toEqual(p.variants.map((v) => [v.id, v.stock]));

    const page = (await shopper.product(after.slug)).json().data.product;
    expect(page).toMatchObject({ name: `Marram Lantern ${k}`, price: { amount: 45000 } });
    const viaOld = await shopper.product(oldSlug);
    expect(viaOld.statusCode).toBe(200);
    expect(viaOld.json().data.product).toMatchObject({ slug: after.slug, url: `/product/${after.slug}` });
    const found = (await shopper.search(`marram ${k}`)).json().data.products;
    expect(found.map((c: { slug: string; price: { amount: number } }) => [c.slug, c.price.amount])).toEqual([
      [after.slug, 45000],
    ]);
    const listed = (await shopper.shopAll()).json().data.products.find((c: { slug: string }) => c.slug === after.slug);
    expect(listed?.price.amount).toBe(45000);

    // Audited.
    const [audit] = await queryRows<{ action: string; before: { title: string }; after: { title: string } }>(
      db(),
      sql`select action, before, after from audit_log where target = ${'product:' + p.id} order by id desc limit 1`,
    );
    expect(audit).toMatchObject({
      action: 'product.update',
      before: { title: p.title },
      after: { title: after.title },
    });
  });

  it('archives: gone from the page, listings and search at once; duplicates as a draft', async () => {
    const k = tag();
    const p = await create(k);
    expect((await shopper.product(p.slug)).statusCode).toBe(200);
    expect((await shopper.shopAll()).json().data.products.some((c: { slug: string }) => c.slug === p.slug)).toBe(true);

    const res = await req('POST', `/api/admin/catalog/products/${p.id}/archive`, {}, { 'if-match': '1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('archived');
    expect((await shopper.product(p.slug)).statusCode).toBe(404);
    expect((await shopper.search(`quillwort ${k}`)).json().data.products).toEqual([]);
    expect((await shopper.shopAll()).json().data.products.some((c: { slug: string }) => c.slug === p.slug)).toBe(false);
    expect((await req('POST', `/api/admin/catalog/products/${p.id}/archive`, {})).statusCode).toBe(409);

    const copy = (await req('POST', `/api/admin/catalog/products/${p.id}/duplicate`, {})).json().data as AdminProduct;
    expect(copy).toMatchObject({ status: 'draft', slug: `${p.slug}-copy`, title: `${p.title} (copy)` });
    expect(copy.variants.map((v) => [v.sku, v.stock])).toEqual([
      [`QL-${k}-S-copy`, 0],
      [`QL-${k}-L-copy`, 0],
    ]);
    expect((await shopper.product(copy.slug)).statusCode).toBe(404);
  });

  it('duplicates a product whose long skus differ only past the cut: each copy gets its own sku', async () => {
    const k = tag();
    const long = (size: string) => `${k.toUpperCase()}${'A'.repeat(58 - k.length)}-${size}`;
    const p = await create(k, {
      // 117 characters, the 115th a hyphen: the copy's slug is cut there, without a double hyphen.
      slug: `${k}-${'x'.repeat(107)}-yy`,
      variants: ['S', 'L'].map((size) => ({
        sku: long(size),
        options: { Size: size },
        prices: [{ channel_id: channel, price_minor: 49900 }],
        stock: 1,
      })),
    });
    expect(p.variants.map((v) => v.sku)).toEqual([long('S'), long('L')]);
    const skus: string[][] = [];
    const slugs: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await req('POST', `/api/admin/catalog/products/${p.id}/duplicate`, {});
      expect(res.statusCode, res.body).toBe(200);
      const copy = res.json().data as AdminProduct;
      skus.push(copy.variants.map((v) => v.sku));
      slugs.push(copy.slug);
    }
    const stem = long('S').slice(0, 64 - '-copy'.length - '-1'.length);
    expect(skus[0]).toEqual([`${stem}-1-copy`, `${stem}-2-copy`]);
    expect(skus[2]![1]).toBe(`${long('S').slice(0, 64 - '-copy-3'.length - '-2'.length)}-2-copy-3`);
    // Every sku and slug within the create schema's bounds, and all different.
    const all = [...skus.flat(), ...p.variants.map((v) => v.sku)];
    expect(new Set(all.map((s) => s.toLowerCase())).size).toBe(all.length);
    expect(all.every((s) => s.length <= 64)).toBe(true);
    expect(slugs.every((s) => s.length <= 120 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(s))).toBe(true);
    expect(new Set(slugs).size).toBe(3);
    expect(slugs[0]).toBe(`${k}-${'x'.repeat(107)}-copy`);
    expect(slugs[1]).toBe(`${k}-${'x'.repeat(106)}-copy-2`);
  });

  it('publishes a scheduled product when its time comes; a past time is refused', async () => {
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const past = await req(
      'POST',
      '/api/admin/catalog/products',
      productBody(tag(), { status: 'scheduled', publish_at: null }),
    );
    expect(past.json().errors).toEqual({ publish_at: [msg.publishAt] });
    const p = await create(tag(), { status: 'scheduled', publish_at: soon });
    expect(p).toMatchObject({ status: 'scheduled', publish_at: soon });
    expect((await shopper.product(p.slug)).statusCode).toBe(404);
    await queryRows(db(), sql`update products set publish_at = now() - interval '1 second' where id = ${p.id}`);
    const [job] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from jobs where kind = 'catalog-publish-scheduled' and status = 'pending'`,
    );
    expect(job!.n).toBe(1);
    // The recurring job's work (also done before each panel list).
    const listed = (await req('GET', `/api/admin/catalog/products?q=${encodeURIComponent(p.title)}`)).json().data;
    expect(listed.products[0]).toMatchObject({ id: p.id, status: 'published' });
    expect((await shopper.product(p.slug)).statusCode).toBe(200);
  });

  it('refuses packers and content editors (403); managers may', async () => {
    for (const role of ['packer', 'content_editor'] as const) {
      const headers = (await signedInOwner(t, role)).headers;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/catalog/products',
        headers,
        payload: productBody(tag()),
      });
      expect(res.statusCode).toBe(403);
    }
    const manager = (await signedInOwner(t, 'manager')).headers;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/catalog/products',
      headers: manager,
      payload: productBody(tag()),
    });
    expect(res.statusCode).toBe(200);
  });

  it('lists with search by title or sku, status and stock filters, and keyset pages', async () => {
    const k = tag();
    const a = await create(k);
    const bySku = (await req('GET', `/api/admin/catalog/products?q=ql-${k}-l`)).json().data;
    expect(bySku.products.map((r: { id: string }) => r.id)).toEqual([a.id]);
    expect(bySku.products[0]).toMatchObject({
      variant_count: 2,
      price_min_minor: 49900,
      price_max_minor: 69900,
      stock_total: 7,
      out_variants: 1,
      stock_state: 'in_stock',
    });
    const byTitle = (await req('GET', `/api/admin/catalog/products?q=lantern ${k}`)).json().data;
    expect(byTitle.products.map((r: { id: string }) => r.id)).toEqual([a.id]);
    const drafts = (await req('GET', '/api/admin/catalog/products?status=draft')).json().data.products;
    expect(drafts.every((r: { status: string }) => r.status === 'draft')).toBe(true);

    const pages: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 3; i++) {
      const url: string = `/api/admin/catalog/products?limit=5${cursor ? `&cursor=${cursor}` : ''}`;
      const data = (await req('GET', url)).json().data;
      pages.push(...data.products.map((r: { id: string }) => r.id));
      cursor = data.next_cursor;
    }
    expect(new Set(pages).size).toBe(15);
    expect((await req('GET', '/api/admin/catalog/products?cursor=bad!')).statusCode).toBe(422);
  });
});

describe('stock', () => {
  it('sets and adjusts with a reason, never below zero, a stale set is 409; low-stock list follows the threshold', async () => {
    const p = await create();
    const v = p.variants[0]!.id;
    const url = `/api/admin/catalog/variants/${v}/stock`;
    expect((await req('POST', `${url}/adjust`, { delta: -8, reason: 'correction' })).statusCode).toBe(422);
    const adj = await req('POST', `${url}/adjust`, { delta: 3, reason: 'restock', note: 'Delivery 42' });
    expect(adj.json().data.variant.stock).toBe(10);
    const stale = await req('PUT', url, { stock: 4, reason: 'correction', expected_stock: 9 });
    expect(stale.statusCode, stale.body).toBe(409);
    const set = await req('PUT', url, { stock: 2, reason: 'correction', expected_stock: 10 });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.movements.slice(0, 2)).toMatchObject([
      { from: 10, to: 2, reason: 'correction', actor: expect.stringContaining('@') },
      { from: 7, to: 10, reason: 'restock', note: 'Delivery 42' },
    ]);
    const low = (await req('GET', '/api/admin/catalog/low-stock')).json().data;
    expect(low.low_stock_threshold).toBe(5);
    expect(low.variants.find((x: { variant_id: string }) => x.variant_id === v)).toMatchObject({
      stock: 2,
      stock_state: 'low',
    });
    expect((await req('PUT', '/api/admin/catalog/settings', { low_stock_threshold: 1 })).statusCode).toBe(200);
    const low1 = (await req('GET', '/api/admin/catalog/low-stock')).json().data;
    expect(low1.variants.some((x: { variant_id: string }) => x.variant_id === v)).toBe(false);
    await req('PUT', '/api/admin/catalog/settings', { low_stock_threshold: 5 });

    // Out of stock reaches the product page at once.
    await req('PUT', url, { stock: 0, reason: 'manual' });
    const page = (await shopper.product(p.slug)).json().data;
    expect(page.product.in_stock).toBe(false);
  });

  it(`adjusts never past STOCK_MAX (422 naming the limit, nothing moved); a stock above it can still come down`, async () => {
    const p = await create();
    const v = p.variants[0]!.id;
    const url = `/api/admin/catalog/variants/${v}/stock`;
    expect((await req('PUT', url, { stock: STOCK_MAX - 5, reason: 'restock' })).statusCode).toBe(200);
    const over = await req('POST', `${url}/adjust`, { delta: 6, reason: 'restock' });
    expect(over.statusCode, over.body).toBe(422);
    expect(over.json()).toMatchObject({ message: msg.stockAboveMax, errors: { delta: [msg.stockAboveMax] } });
    expect(await stockOf(db(), v)).toBe(STOCK_MAX - 5);
    // Many restocks at once: each lands or is refused, and the stock never passes the limit.
    const many = await Promise.all(
      Array.from({ length: CALLERS }, () => req('POST', `${url}/adjust`, { delta: 1, reason: 'restock' })),
    );
    expect(many.map((r) => r.statusCode).sort()).toEqual([...Array(5).fill(200), ...Array(CALLERS - 5).fill(422)]);
    expect(await stockOf(db(), v)).toBe(STOCK_MAX);
    // Stock above the limit from older data: a take is still allowed, a restock is not.
    await db().execute(sql`update variants set stock = 2147000009 where id = ${v}`);
    expect((await req('POST', `${url}/adjust`, { delta: 1000, reason: 'restock' })).statusCode).toBe(422);
    const down = await req('POST', `${url}/adjust`, { delta: -STOCK_MAX, reason: 'correction' });
    expect(down.statusCode, down.body).toBe(200);
    expect(await stockOf(db(), v)).toBe(2147000009 - STOCK_MAX);
  });

  it('a retried stock change never counts twice: adjust with an Idempotency-Key replays, a set already done answers 200', async () => {
    const p = await create();
    const v = p.variants[0]!.id;
    const url = `/api/admin/catalog/variants/${v}/stock`;
    const key = { 'idempotency-key': `restock-${tag()}` };
    const adjusts = await Promise.all(
      Array.from({ length: 5 }, () => req('POST', `${url}/adjust`, { delta: 4, reason: 'restock' }, key)),
    );
    // One ran; the others replayed its answer or were told it is still running, none added again.
    expect(adjusts.filter((r) => r.statusCode === 200 && !r.headers['idempotent-replayed'])).toHaveLength(1);
    expect(adjusts.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const again = await req('POST', `${url}/adjust`, { delta: 4, reason: 'restock' }, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await stockOf(db(), v)).toBe(11);
    // The same key for another request is refused, not applied.
    expect((await req('POST', `${url}/adjust`, { delta: 9, reason: 'restock' }, key)).statusCode).toBe(422);
    expect(await stockOf(db(), v)).toBe(11);

    // A set whose answer was lost, sent again: the stock already is what was asked, so 200, one movement.
    const first = await req('PUT', url, { stock: 20, reason: 'restock', expected_stock: 11 });
    expect(first.statusCode).toBe(200);
    const retry = await req('PUT', url, { stock: 20, reason: 'restock', expected_stock: 11 });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data.movements.filter((m: { to: number }) => m.to === 20)).toHaveLength(1);
    // A genuinely stale set is still refused.
    expect((await req('PUT', url, { stock: 5, reason: 'manual', expected_stock: 11 })).statusCode).toBe(409);
  });

  it('records sales (naming the order) and cancels made by the order code', async () => {
    const p = await create();
    const v = p.variants[0]!.id;
    const { b, cart } = await guestReady(t, { lines: [[v, 2]] });
    const placed = await placeOrder(b, cart);
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placedOf(placed).order.id;
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/cancel`,
      headers: h,
      payload: { reason: 'Customer changed their mind' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const moves = (await req('GET', `/api/admin/catalog/variants/${v}/stock`)).json().data.movements;
    expect(moves.slice(0, 2)).toMatchObject([
      { from: 5, to: 7, reason: 'cancel', order_id: orderId, actor: null },
      { from: 7, to: 5, change: -2, reason: 'sale', order_id: orderId, actor: null },
    ]);
  });

  it(`loses nothing with ${CALLERS} adjusts and ${CALLERS} sales at once, and never goes below zero`, async () => {
    const p = await create();
    const v = p.variants[0]!.id;
    await req('PUT', `/api/admin/catalog/variants/${v}/stock`, { stock: 3 * CALLERS, reason: 'restock' });
    const start = await stockOf(db(), v);
    const results = await Promise.allSettled([
      ...Array.from({ length: CALLERS }, () =>
        req('POST', `/api/admin/catalog/variants/${v}/stock/adjust`, { delta: 5, reason: 'restock' }),
      ),
      ...Array.from({ length: CALLERS }, () => createTestOrder(db(), { lines: [[v, 1]] })),
    ]);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    for (const r of results.slice(0, CALLERS)) {
      expect((r as PromiseFulfilledResult<{ statusCode: number }>).value.statusCode).toBe(200);
    }
    expect(await stockOf(db(), v)).toBe(start + 5 * CALLERS - CALLERS);
    const [m] = await queryRows<{ n: number; sum: number }>(
      db(),
      sql`select count(*)::int as n, sum(to_stock - from_stock)::int as sum from stock_movements where variant_id = ${v}`,
    );
    // The opening stock, then every change: the movements add up to the stock.
    expect(m).toEqual({ n: 2 + 2 * CALLERS, sum: start + 4 * CALLERS });

    // Taking more than there is, from many callers at once: exactly the stock's worth succeed.
    await req('PUT', `/api/admin/catalog/variants/${v}/stock`, { stock: 3, reason: 'correction' });
    const takes = await Promise.all(
      Array.from({ length: CALLERS }, () =>
        req('POST', `/api/admin/catalog/variants/${v}/stock/adjust`, { delta: -1, reason: 'manual' }),
      ),
    );
    expect(takes.map((r) => r.statusCode).sort()).toEqual([...Array(3).fill(200), ...Array(CALLERS - 3).fill(422)]);
    expect(await stockOf(db(), v)).toBe(0);
  });
});
