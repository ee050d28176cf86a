import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminTaxonomyMessages as msg,
  type AdminCategory,
  type AdminCollection,
  type CategoryNode,
} from '@shopfront/shared';
import { queryRows } from '../../../db/client.ts';
import { CACHES_ON, createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInOwner } from '../../staff/testing.ts';

/**
 * Categories, super categories and collections over HTTP (issue 26), on PGlite and
 * (TEST_DATABASE_URL) PostgreSQL, with the page caches on: every change is read back through the
 * storefront API on the next request.
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

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const req = (method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url: `/api/admin/catalog${url}`,
    headers: { ...h, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const tag = () => randomBytes(3).toString('hex');

async function category(over: Record<string, unknown> = {}): Promise<AdminCategory> {
  const k = tag();
  const res = await req('POST', '/categories', { name: `Fern ${k}`, slug: `fern-${k}`, ...over });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const categories = async (): Promise<AdminCategory[]> => (await req('GET', '/categories')).json().data.categories;

async function product(over: Record<string, unknown> = {}): Promise<{ id: string; slug: string }> {
  const k = tag();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/catalog/products',
    headers: h,
    payload: {
      title: `Moss Lamp ${k}`,
      slug: `moss-lamp-${k}`,
      status: 'published',
      variants: [{ sku: `ML-${k}`, prices: [{ channel_id: channel, price_minor: 19900 }], stock: 3 }],
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const shopper = {
  tree: async () => (await t.app.inject({ method: 'GET', url: '/api/category/all' })).json().data,
  category: (slug: string) =>
    t.app.inject({ method: 'POST', url: `/api/product/product-category/${slug}`, payload: { per_page: 48 } }),
  collection: (slug: string) =>
    t.app.inject({ method: 'POST', url: `/api/product/product-collection/${slug}`, payload: { per_page: 48 } }),
};
const findNode = (nodes: CategoryNode[], id: number): CategoryNode | undefined => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const below = findNode(n.children, id);
    if (below) return below;
  }
  return undefined;
};

describe('categories', () => {
  it('creates a child, lists it under its parent with its path, and the storefront shows it at once', async () => {
    const parent = await category({ name: 'Lighting' });
    const child = await category({ name: 'Lanterns', parent_id: parent.id });
    expect(child).toMatchObject({ parent_id: parent.id, depth: 1, path: 'Lighting › Lanterns', version: 1 });
    const list = await categories();
    expect(list.findIndex((c) => c.id === child.id)).toBe(list.findIndex((c) => c.id === parent.id) + 1);

    const p = await product({ category: child.slug });
    const page = await shopper.category(child.slug);
    expect(page.statusCode).toBe(200);
    expect(page.json().data.products.map((x: { slug: string }) => x.slug)).toEqual([p.slug]);
    // The parent's page lists its subcategory's products too.
    expect((await shopper.category(parent.slug)).json().data.products.map((x: { slug: string }) => x.slug)).toContain(
      p.slug,
    );
  });

  it('answers 422 per field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '', slug: 'ok-slug' }, 'name', 'required'],
      [{ name: 'A', slug: 'Not A Slug' }, 'slug', msg.slug],
      [{ name: 'A', slug: `a-${tag()}`, parent_id: 999999 }, 'parent_id', msg.unknownParent],
      [{ name: 'A', slug: `a-${tag()}`, super_category_id: 999999 }, 'super_category_id', msg.unknownSuper],
      [{ name: 'A', slug: `a-${tag()}`, image_path: '/media/x.webp' }, 'image_path', msg.cover],
      [{ name: 'A', slug: `a-${tag()}`, parent_id: 'one' }, 'parent_id', 'integer'],
    ];
    for (const [body, field, words] of cases) {
      const res = await req('POST', '/categories', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field]?.[0]?.toLowerCase(), field).toContain(words.toLowerCase());
    }
  });

  it('refuses a slug another category uses (422 on slug), also on edit', async () => {
    const a = await category();
    const b = await category();
    const res = await req('POST', '/categories', { name: 'Copy', slug: a.slug });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.slug).toEqual([msg.categorySlugTaken]);
    const edit = await req('PATCH', `/categories/${b.id}`, { slug: a.slug });
    expect(edit.json().errors.slug).toEqual([msg.categorySlugTaken]);
  });

  it('refuses a move under itself or its own subcategory, with a clear message', async () => {
    const top = await category();
    const mid = await category({ parent_id: top.id });
    const low = await category({ parent_id: mid.id });
    for (const parent of [top.id, low.id, mid.id]) {
      const res = await req('PATCH', `/categories/${top.id}`, { parent_id: parent });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.parent_id).toEqual([msg.cycle]);
    }
    // Many opposite moves at once never make a cycle: one wins, the other is refused or harmless.
    const a = await category();
    const b = await category();
    const results = await Promise.all([
      req('PATCH', `/categories/${a.id}`, { parent_id: b.id }),
      req('PATCH', `/categories/${b.id}`, { parent_id: a.id }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const rows = await queryRows<{ id: number; parent_id: number | null }>(
      db(),
      sql`select id, parent_id from categories where id in (${a.id}, ${b.id})`,
    );
    expect(rows.filter((r) => r.parent_id !== null)).toHaveLength(1);
  });

  it('edits with If-Match: a stale version is 409, the ETag is the new version', async () => {
    const c = await category();
    const ok = await req('PATCH', `/categories/${c.id}`, { name: 'Renamed' }, { 'if-match': '"1"' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers.etag).toBe('"2"');
    const stale = await req('PATCH', `/categories/${c.id}`, { name: 'Again' }, { 'if-match': '1' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(msg.stale);
    expect((await req('PATCH', `/categories/${c.id}`, { name: 'x' }, { 'if-match': 'abc' })).statusCode).toBe(422);
    const audit = await queryRows<{ action: string; before: { name: string }; after: { name: string } }>(
      db(),
      sql`select action, before, after from audit_log where target = ${`category:${c.id}`} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['category.create', 'category.update']);
    expect(audit[1]).toMatchObject({ before: { name: c.name }, after: { name: 'Renamed' } });
  });

  it('rename, move and reorder show on the storefront on the next request', async () => {
    const parent = await category({ name: 'Garden' });
    const kids = [await category({ parent_id: parent.id }), await category({ parent_id: parent.id })];
    const other = await category();
    const potted = await product({ category: kids[0]!.slug });
    await product({ category: kids[1]!.slug });
    // The storefront caches the tree: read it once so a stale copy would show.
    expect(findNode((await shopper.tree()).categories, parent.id)!.children.map((c) => c.id)).toEqual(
      kids.map((k) => k.id),
    );

    expect((await req('PATCH', `/categories/${kids[0]!.id}`, { name: 'Pots & Planters' })).statusCode).toBe(200);
    expect(findNode((await shopper.tree()).categories, kids[0]!.id)!.name).toBe('Pots & Planters');
    // Search finds a product by its category's new name.
    const found = await t.app.inject({
      method: 'POST',
      url: '/api/search/search-products',
      payload: { query: `planters ${potted.slug.split('-').pop()}` },
    });
    expect(found.json().data.products.map((p: { slug: string }) => p.slug)).toContain(potted.slug);

    const order = await req('PUT', '/categories/order', { parent_id: parent.id, ids: [kids[1]!.id, kids[0]!.id] });
    expect(order.statusCode, order.body).toBe(200);
    expect(findNode((await shopper.tree()).categories, parent.id)!.children.map((c) => c.id)).toEqual([
      kids[1]!.id,
      kids[0]!.id,
    ]);

    expect((await req('PATCH', `/categories/${kids[1]!.id}`, { parent_id: other.id })).statusCode).toBe(200);
    const tree = (await shopper.tree()).categories;
    expect(findNode(tree, parent.id)!.children.map((c) => c.id)).toEqual([kids[0]!.id]);
    expect(findNode(tree, other.id)!.children.map((c) => c.id)).toEqual([kids[1]!.id]);
    const crumbs = (await shopper.category(kids[1]!.slug)).json().data.listing;
    expect(JSON.stringify(crumbs)).toContain(other.name);
  });

  it('a sibling order must name every sibling once (409 when they changed, 422 for a repeat)', async () => {
    const parent = await category();
    const a = await category({ parent_id: parent.id });
    const b = await category({ parent_id: parent.id });
    expect((await req('PUT', '/categories/order', { parent_id: parent.id, ids: [a.id] })).statusCode).toBe(409);
    const twice = await req('PUT', '/categories/order', { parent_id: parent.id, ids: [a.id, a.id] });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.ids).toEqual([msg.orderIds]);
    expect((await req('PUT', '/categories/order', { parent_id: parent.id, ids: [b.id, a.id] })).statusCode).toBe(200);
  });

  it('many concurrent reorders lose and duplicate no position', async () => {
    const parent = await category();
    const kids: AdminCategory[] = [];
    for (let i = 0; i < 6; i++) kids.push(await category({ parent_id: parent.id }));
    const ids = kids.map((k) => k.id);
    const orders = Array.from({ length: 12 }, (_, n) => [...ids.slice(n % 6), ...ids.slice(0, n % 6)].reverse());
    const results = await Promise.all(
      orders.map((o) => req('PUT', '/categories/order', { parent_id: parent.id, ids: o })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(orders.map(() => 200));
    const rows = await queryRows<{ id: number; position: number }>(
      db(),
      sql`select id, position from categories where parent_id = ${parent.id} order by position`,
    );
    expect(rows.map((r) => r.position)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(ids));
    // The order is one of those sent, whole.
    expect(orders.map((o) => o.join())).toContain(rows.map((r) => r.id).join());
  });

  it('delete refuses a category with products or subcategories, and moves them to the parent when asked', async () => {
    const parent = await category();
    const doomed = await category({ parent_id: parent.id });
    const below = await category({ parent_id: doomed.id });
    const p = await product({ category: doomed.slug });
    const refused = await req('DELETE', `/categories/${doomed.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(msg.notEmpty(1, 1));
    const done = await req('DELETE', `/categories/${doomed.id}?move=parent`);
    expect(done.statusCode, done.body).toBe(200);
    const list = await categories();
    expect(list.find((c) => c.id === doomed.id)).toBeUndefined();
    expect(list.find((c) => c.id === below.id)).toMatchObject({ parent_id: parent.id, depth: 1 });
    const editor = (
      await t.app.inject({ method: 'GET', url: `/api/admin/catalog/products/${p.id}`, headers: h })
    ).json().data;
    expect(editor.category).toBe(parent.slug);
    expect((await req('DELETE', `/categories/${doomed.id}`)).statusCode).toBe(404);
  });

  it('a cover is one of its products’ pictures, or none', async () => {
    const c = await category();
    const p = await product({ category: c.slug });
    await db().execute(
      sql`insert into product_images (product_id, path, alt, width, height, position) values (${p.id}, '/media/moss.webp', '', 10, 10, 0)`,
    );
    const choices = (await req('GET', `/categories/${c.id}/covers`)).json().data.choices;
    expect(choices).toEqual([{ path: '/media/moss.webp', product: expect.any(String) }]);
    expect((await req('PATCH', `/categories/${c.id}`, { image_path: '/media/other.webp' })).statusCode).toBe(422);
    const set = await req('PATCH', `/categories/${c.id}`, { image_path: '/media/moss.webp' });
    expect(set.json().data.image_path).toBe('/media/moss.webp');
    expect((await req('PATCH', `/categories/${c.id}`, { image_path: null })).json().data.image_path).toBeNull();
  });

  it('a changed slug leaves the old one leading to the category; a new category may take it back', async () => {
    const c = await category();
    await product({ category: c.slug });
    const renamed = await req('PATCH', `/categories/${c.id}`, { slug: `${c.slug}-new` });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const old = await shopper.category(c.slug);
    expect(old.statusCode).toBe(200);
    expect(old.json().data.listing).toMatchObject({ slug: `${c.slug}-new`, url: `/product-category/${c.slug}-new` });
    expect(old.json().data.products).toHaveLength(1);
    // The old slug is free for a new category, which then has it.
    const other = await category({ slug: c.slug });
    expect((await shopper.category(c.slug)).json().data.listing.id).toBe(other.id);
  });
});

describe('super categories', () => {
  it('create, edit, reorder and delete; its categories stay, unlinked', async () => {
    const k = tag();
    const a = (await req('POST', '/super-categories', { name: `Home ${k}`, slug: `home-${k}` })).json().data;
    const b = (await req('POST', '/super-categories', { name: `Garden ${k}`, slug: `garden-${k}` })).json().data;
    expect((await req('POST', '/super-categories', { name: 'Again', slug: a.slug })).json().errors.slug).toEqual([
      msg.superSlugTaken,
    ]);
    const c = await category({ super_category_id: a.id });
    await product({ category: c.slug });
    const edit = await req('PATCH', `/super-categories/${a.id}`, { name: `Home & Living ${k}` }, { 'if-match': '1' });
    expect(edit.json().data).toMatchObject({ name: `Home & Living ${k}`, category_count: 1, version: 2 });
    const supers = (await req('GET', '/super-categories')).json().data.super_categories as { id: number }[];
    const ids = supers.map((s) => s.id);
    const swapped = [...ids.filter((id) => id !== b.id && id !== a.id), b.id, a.id];
    expect((await req('PUT', '/super-categories/order', { ids: swapped })).statusCode).toBe(200);
    const menu = (await shopper.tree()).super_categories as { id: number; name: string }[];
    expect(menu.map((s) => s.id).slice(-2)).toEqual([b.id, a.id]);
    expect(menu.find((s) => s.id === a.id)!.name).toBe(`Home & Living ${k}`);

    const c2 = await category({ super_category_id: a.id });
    expect((await req('DELETE', `/super-categories/${a.id}`)).statusCode).toBe(200);
    expect((await categories()).find((x) => x.id === c.id)).toMatchObject({ super_category_id: null });
    // The audit entry names the categories it grouped (left ungrouped), so the owner can regroup them.
    const [entry] = await queryRows<{ before: { category_count: number; categories: unknown[] } }>(
      db(),
      sql`select before from audit_log where target = ${`super-category:${a.id}`} and action = 'super-category.delete'`,
    );
    expect(entry!.before).toMatchObject({
      category_count: 2,
      categories: [
        { id: c.id, slug: c.slug, name: c.name },
        { id: c2.id, slug: c2.slug, name: c2.name },
      ],
    });
    expect(((await shopper.tree()).super_categories as { id: number }[]).map((s) => s.id)).not.toContain(a.id);
  });
});

describe('collections', () => {
  it('a changed slug leaves the old one leading to the collection (storefront API)', async () => {
    const k = tag();
    const col: AdminCollection = (await req('POST', '/collections', { name: `Tide ${k}`, slug: `tide-${k}` })).json()
      .data;
    const p = await product();
    expect((await req('PUT', `/collections/${col.id}/products`, { product_ids: [p.id] })).statusCode).toBe(200);
    expect((await req('PATCH', `/collections/${col.id}`, { slug: `tide-new-${k}` })).statusCode).toBe(200);
    const old = await shopper.collection(`tide-${k}`);
    expect(old.statusCode, old.body).toBe(200);
    expect(old.json().data.listing).toMatchObject({
      slug: `tide-new-${k}`,
      url: `/product-collection/tide-new-${k}`,
    });
    expect(old.json().data.products.map((x: { slug: string }) => x.slug)).toEqual([p.slug]);
    // Renamed back: the first slug is its own again, the second now leads to it.
    expect((await req('PATCH', `/collections/${col.id}`, { slug: `tide-${k}` })).statusCode).toBe(200);
    expect((await shopper.collection(`tide-${k}`)).json().data.listing.slug).toBe(`tide-${k}`);
    expect((await shopper.collection(`tide-new-${k}`)).json().data.listing.slug).toBe(`tide-${k}`);
    expect((await shopper.collection(`tide-gone-${k}`)).statusCode).toBe(404);
  });

  it('create, add products, reorder (the storefront follows), remove, edit, delete', async () => {
    const k = tag();
    const created = await req('POST', '/collections', { name: `Monsoon ${k}`, slug: `monsoon-${k}` });
    expect(created.statusCode, created.body).toBe(200);
    const col: AdminCollection = created.json().data;
    const ps = [await product(), await product(), await product()];
    const put = (ids: string[], version: number) =>
      req('PUT', `/collections/${col.id}/products`, { product_ids: ids }, { 'if-match': String(version) });
    let res = await put(
      ps.map((p) => p.id),
      col.version,
    );
    expect(res.statusCode, res.body).toBe(200);
    const slugs = async () =>
      (await shopper.collection(col.slug)).json().data.products.map((p: { slug: string }) => p.slug);
    expect(await slugs()).toEqual(ps.map((p) => p.slug));

    const v = res.json().data.version;
    expect((await put([ps[0]!.id], col.version)).statusCode).toBe(409);
    res = await put([ps[2]!.id, ps[0]!.id, ps[1]!.id], v);
    expect(res.statusCode).toBe(200);
    expect(await slugs()).toEqual([ps[2]!.slug, ps[0]!.slug, ps[1]!.slug]);

    res = await put([ps[2]!.id, ps[1]!.id], res.json().data.version);
    expect(res.json().data.products.map((p: { id: string }) => p.id)).toEqual([ps[2]!.id, ps[1]!.id]);
    expect(await slugs()).toEqual([ps[2]!.slug, ps[1]!.slug]);

    const bad = await req('PUT', `/collections/${col.id}/products`, { product_ids: ['prd_nope'] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['product_ids.0']).toEqual([msg.unknownProduct]);
    const twice = await req('PUT', `/collections/${col.id}/products`, { product_ids: [ps[0]!.id, ps[0]!.id] });
    expect(twice.json().errors.product_ids).toEqual([msg.productTwice]);

    const renamed = await req('PATCH', `/collections/${col.id}`, { name: `Rainy days ${k}` });
    expect(renamed.json().data.name).toBe(`Rainy days ${k}`);
    expect((await shopper.collection(col.slug)).json().data.listing.name).toBe(`Rainy days ${k}`);
    expect((await req('POST', '/collections', { name: 'x', slug: col.slug })).json().errors.slug).toEqual([
      msg.collectionSlugTaken,
    ]);

    expect((await req('DELETE', `/collections/${col.id}`)).statusCode).toBe(200);
    expect((await shopper.collection(col.slug)).statusCode).toBe(404);
  });

  it('concurrent product orders with the same version: one wins, the others are 409, nothing doubled', async () => {
    const k = tag();
    const col: AdminCollection = (await req('POST', '/collections', { name: `C ${k}`, slug: `c-${k}` })).json().data;
    const ps = [await product(), await product(), await product()];
    const orders = [0, 1, 2, 0, 1, 2].map((n) => [...ps.slice(n), ...ps.slice(0, n)].map((p) => p.id));
    const results = await Promise.all(
      orders.map((o) =>
        req('PUT', `/collections/${col.id}/products`, { product_ids: o }, { 'if-match': String(col.version) }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(5);
    const rows = await queryRows<{ position: number }>(
      db(),
      sql`select position from product_collections where collection_id = ${col.id} order by position`,
    );
    expect(rows.map((r) => r.position)).toEqual([0, 1, 2]);
  });

  it('the product editor sets a product’s category and collections by slug', async () => {
    const k = tag();
    const a: AdminCollection = (await req('POST', '/collections', { name: `A ${k}`, slug: `a-${k}` })).json().data;
    const b: AdminCollection = (await req('POST', '/collections', { name: `B ${k}`, slug: `b-${k}` })).json().data;
    const first = await product();
    await req('PUT', `/collections/${a.id}/products`, { product_ids: [first.id] });
    const p = await product({ collections: [a.slug, b.slug] });
    const get = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/admin/catalog/products/${p.id}`, headers: h })).json().data;
    expect((await get()).collections.sort()).toEqual([a.slug, b.slug].sort());
    // Joined last: after the product that was there.
    expect((await req('GET', `/collections/${a.id}`)).json().data.products.map((x: { id: string }) => x.id)).toEqual([
      first.id,
      p.id,
    ]);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/catalog/products/${p.id}`,
      headers: h,
      payload: { collections: [b.slug] },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json().data.collections).toEqual([b.slug]);
    const unknown = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/catalog/products/${p.id}`,
      headers: h,
      payload: { collections: ['no-such-collection'] },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors['collections.0']).toEqual([msg.unknownCollection]);
  });
});

describe('roles', () => {
  it('owner and manager may; packer and content editor get 403', async () => {
    for (const role of ['manager', 'packer', 'content_editor'] as const) {
      const headers = (await signedInOwner(t, role)).headers;
      const list = await t.app.inject({ method: 'GET', url: '/api/admin/catalog/categories', headers });
      const write = await t.app.inject({
        method: 'POST',
        url: '/api/admin/catalog/collections',
        headers,
        payload: { name: 'R', slug: `r-${tag()}` },
      });
      const expected = role === 'manager' ? 200 : 403;
      expect([role, list.statusCode, write.statusCode]).toEqual([role, expected, expected]);
    }
  });
});
