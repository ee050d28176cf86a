import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { undoMessages, type AdminProduct, type UndoOffer } from '@shopfront/shared';
import { queryRows } from '../../../db/client.ts';
import { CACHES_ON, createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInOwner } from '../../staff/testing.ts';

/**
 * Undo of a product edit (issue 26) over HTTP, on PGlite and PostgreSQL with the caches on: the
 * edit's answer offers Undo, which puts back the fields, options and variants (SKU, price,
 * compare-at) as they were, in one transaction; never the stock. Refused (409) once the product
 * changed again, on a second undo, and to all but one of many callers at once; a packer gets 403.
 */
let t: TestApp;
let h: Record<string, string>;
let channel: string;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ env: CACHES_ON });
  h = (await signedInOwner(t)).headers;
  channel = (await queryRows<{ id: string }>(db(), sql`select channel_id as id from storefronts where is_default`))[0]!
    .id;
});
afterAll(() => t.close());

const tag = () => randomBytes(3).toString('hex');
const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers = h) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const get = async (id: string): Promise<AdminProduct> =>
  (await api('GET', `/api/admin/catalog/products/${id}`)).json().data;
const undo = (offer: UndoOffer, headers = h) =>
  api('POST', `/api/admin/audit/${offer.id}/undo`, { also: offer.also }, headers);
const shopProduct = async (slug: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/product/single-product/${slug}` })).json().data;

async function product(): Promise<AdminProduct> {
  const k = tag();
  const res = await api('POST', '/api/admin/catalog/products', {
    title: `Indigo Throw ${k}`,
    slug: `indigo-throw-${k}`,
    status: 'published',
    brand: 'Looms',
    tags: ['cotton'],
    options: [{ name: 'Size', values: ['S', 'M'] }],
    variants: [
      { sku: `IT-S-${k}`, options: { Size: 'S' }, prices: [{ channel_id: channel, price_minor: 150000 }], stock: 4 },
      {
        sku: `IT-M-${k}`,
        options: { Size: 'M' },
        prices: [{ channel_id: channel, price_minor: 180000, compare_at_minor: 200000 }],
        stock: 6,
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** What an edit may change and an undo must put back (not version, times or stock). */
const shape = (p: AdminProduct) => ({
  title: p.title,
  slug: p.slug,
  status: p.status,
  brand: p.brand,
  tags: p.tags,
  short_description: p.short_description,
  options: p.options,
  variants: p.variants.map((v) => ({ sku: v.sku, options: v.options, title: v.title, prices: v.prices })),
});

/** A bigger edit: title, slug, status, brand, a new size, a price, a compare-at, a SKU, one variant removed. */
const bigEdit = (p: AdminProduct, k: string) => ({
  title: `Madder Throw ${k}`,
  slug: `madder-throw-${k}`,
  status: 'draft',
  brand: null,
  tags: ['linen', 'sale'],
  short_description: 'Now in linen',
  options: [{ name: 'Size', values: ['M', 'L'] }],
  variants: [
    {
      id: p.variants[1]!.id,
      sku: `MT-M-${k}`,
      options: { Size: 'M' },
      prices: [{ channel_id: channel, price_minor: 99900, compare_at_minor: null }],
    },
    { sku: `MT-L-${k}`, options: { Size: 'L' }, prices: [{ channel_id: channel, price_minor: 210000 }], stock: 9 },
  ],
});

describe('undo of a product edit', () => {
  it('puts back every field, option, SKU, price and compare-at as they were; stock stays; audited', async () => {
    const p = await product();
    const was = shape(p);
    const k = tag();
    const edit = await api('PATCH', `/api/admin/catalog/products/${p.id}`, bigEdit(p, k), {
      ...h,
      'if-match': String(p.version),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const offer: UndoOffer = edit.json().undo;
    expect(offer).toMatchObject({ id: expect.any(Number), also: [] });
    // A sale between the edit and its undo: the stock it leaves is kept by the undo.
    await db().execute(sql`update variants set stock = 2 where id = ${p.variants[1]!.id}`);

    const res = await undo(offer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(undoMessages.undone);
    const now = await get(p.id);
    expect(shape(now)).toEqual(was);
    expect(now.variants[1]!.id).toBe(p.variants[1]!.id);
    expect(now.variants.map((v) => v.stock)).toEqual([0, 2]); // the removed S comes back new, without stock
    expect(now.version).toBe(p.version + 2);
    // The shop shows it again under its old slug and price; the edit's slug now leads to it.
    const shop = await shopProduct(p.slug);
    expect(shop.product).toMatchObject({ slug: p.slug, channel: { selling_price: { amount: 150000 } } });
    const audit = await queryRows<{ action: string; target: string }>(
      db(),
      sql`select action, target from audit_log where id > ${offer.id} order by id`,
    );
    expect(audit).toEqual([
      { action: 'product.update', target: `product:${p.id}` },
      { action: 'audit.undo', target: `audit:${offer.id}` },
    ]);
  });

  it('refuses with 409 when a variant the edit added, which the undo would remove, sold or was restocked since', async () => {
    const p = await product();
    const k = tag();
    const edit = await api('PATCH', `/api/admin/catalog/products/${p.id}`, {
      options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
      variants: [
        ...p.variants.map((v) => ({
          id: v.id,
          sku: v.sku,
          options: v.options,
          prices: v.prices.map((x) => ({
            channel_id: x.channel_id,
            price_minor: x.price_minor,
            compare_at_minor: x.compare_at_minor,
          })),
        })),
        { sku: `IT-L-${k}`, options: { Size: 'L' }, prices: [{ channel_id: channel, price_minor: 190000 }], stock: 3 },
      ],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const added = (await get(p.id)).variants.find((v) => v.sku === `IT-L-${k}`)!;
    // A restock after the edit (its own transaction, so a later time than the edit's).
    await new Promise((r) => setTimeout(r, 5));
    await db().execute(sql`update variants set stock = 8 where id = ${added.id}`);
    const res = await undo(edit.json().undo);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(undoMessages.variantStocked(`IT-L-${k}`));
    const now = await get(p.id);
    expect(now.variants.find((v) => v.id === added.id)?.stock).toBe(8);
  });

  it('refuses with 409 once the product changed again, and a second undo; nothing is written', async () => {
    const p = await product();
    const edit = await api('PATCH', `/api/admin/catalog/products/${p.id}`, { title: 'First edit' });
    const offer: UndoOffer = edit.json().undo;
    expect((await api('PATCH', `/api/admin/catalog/products/${p.id}`, { short_description: 'Later' })).statusCode).toBe(
      200,
    );
    const late = await undo(offer);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(undoMessages.changedSince);
    expect((await get(p.id)).title).toBe('First edit');

    const second = await api('PATCH', `/api/admin/catalog/products/${p.id}`, { title: 'Second edit' });
    const offer2: UndoOffer = second.json().undo;
    expect((await undo(offer2)).statusCode).toBe(200);
    const once = await get(p.id);
    expect(once.title).toBe('First edit');
    const twice = await undo(offer2);
    expect(twice.statusCode).toBe(409);
    expect(await get(p.id)).toEqual(once);
  });

  it('many undos of one edit at once: exactly one applies, the rest are 409; the prices are never doubled', async () => {
    const p = await product();
    const edit = await api('PATCH', `/api/admin/catalog/products/${p.id}`, {
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: p.variants.map((v) => ({
        id: v.id,
        sku: v.sku,
        options: v.options,
        prices: [{ channel_id: channel, price_minor: v.prices[0]!.price_minor + 1000 }],
      })),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const offer: UndoOffer = edit.json().undo;
    const codes = (await Promise.all(Array.from({ length: 8 }, () => undo(offer)))).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
    expect(shape(await get(p.id))).toEqual(shape(p));
    const undos = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from audit_log where action = 'audit.undo' and target = ${`audit:${offer.id}`}`,
    );
    expect(undos[0]!.n).toBe(1);
  });

  it('a packer may not undo an edit (403); a manager may', async () => {
    const p = await product();
    const offer: UndoOffer = (await api('PATCH', `/api/admin/catalog/products/${p.id}`, { title: 'Edited' })).json()
      .undo;
    const packer = (await signedInOwner(t, 'packer')).headers;
    expect((await undo(offer, packer)).statusCode).toBe(403);
    expect((await get(p.id)).title).toBe('Edited');
    const manager = (await signedInOwner(t, 'manager')).headers;
    expect((await undo(offer, manager)).statusCode).toBe(200);
    expect((await get(p.id)).title).toBe(p.title);
  });
});
