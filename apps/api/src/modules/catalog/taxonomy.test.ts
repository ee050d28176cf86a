import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CategoryGridSchema,
  CategoryTreeSchema,
  CollectionListSchema,
  TagListSchema,
  type CategoryNode,
} from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { categories, collections, productCategories, products } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { countQueries } from './query-counter.ts';

let t: TestApp;
let counter: ReturnType<typeof countQueries>;
beforeAll(async () => {
  t = await createTestApp();
  counter = countQueries(t.database.db);
});
afterAll(async () => {
  counter.restore();
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const post = (url: string, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    ...(payload === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) }),
  });

/** Published products per category slug, counted in SQL independently of the service. */
async function publishedCounts(): Promise<Record<string, number>> {
  const rows = await queryRows<{ slug: string; n: number }>(
    t.database.db,
    sql`select c.slug, count(p.id)::int as n from categories c
          left join product_categories pc on pc.category_id = c.id
          left join products p on p.id = pc.product_id and p.is_published
         group by c.slug`,
  );
  return Object.fromEntries(rows.map((r) => [r.slug, r.n]));
}

describe('POST /api/category/category-grid', () => {
  it('answers 8 top-level categories by default with an image and their product count', async () => {
    const res = await post('/api/category/category-grid');
    expect(res.statusCode).toBe(200);
    const { categories: cards } = CategoryGridSchema.parse(res.json().data);
    expect(cards).toHaveLength(8);
    const counts = await publishedCounts();
    for (const c of cards) {
      expect(c.product_count, c.slug).toBe(counts[c.slug]);
      expect(c.image?.url, c.slug).toMatch(/^\/media\//);
      expect(c.url).toBe(`/product-category/${c.slug}`);
    }
    expect(cards[0]).toMatchObject({
      slug: 't-shirts',
      super_category: { slug: 'clothing', name: 'Clothing', url: '/shop-online/clothing' },
    });
  });

  it('narrows to a super category, 404s an unknown one, validates items, in one query', async () => {
    const { data } = (await post('/api/category/category-grid', { items: 48, super_category: 'garden' })).json();
    expect(data.categories.map((c: { slug: string }) => c.slug)).toEqual(['plants', 'planters']);
    expect((await post('/api/category/category-grid', { super_category: 'nope' })).json()).toEqual({
      status: 'error',
      message: 'Super category not found',
    });
    expect((await post('/api/category/category-grid', { items: 49 })).json().errors).toEqual({
      items: ['The value may not be greater than 48'],
    });
    expect((await post('/api/category/category-grid', { items: 3, colour: 'red' })).statusCode).toBe(422);
    expect((await counter.during(() => post('/api/category/category-grid', { items: 48 }))).queries).toBe(1);
  });
});

describe('GET /api/tag/all', () => {
  it('answers every tag with its published product count, in one query', async () => {
    const { result, queries } = await counter.during(() => get('/api/tag/all'));
    expect(queries).toBe(1);
    const { tags } = TagListSchema.parse(result.json().data);
    const counts = await queryRows<{ slug: string; n: number }>(
      t.database.db,
      sql`select t.slug, count(*)::int as n from tags t join product_tags pt on pt.tag_id = t.id join products p on p.id = pt.product_id where p.is_published group by t.slug`,
    );
    expect(tags.length).toBeGreaterThanOrEqual(counts.length);
    for (const c of counts) expect(tags.find((x) => x.slug === c.slug)!.product_count, c.slug).toBe(c.n);
    expect(tags.map((x) => x.name)).toEqual([...tags.map((x) => x.name)].sort());
  });
});

describe('GET /api/collection/all', () => {
  it('answers every collection in display order with its url and published product count, in one query', async () => {
    const { result, queries } = await counter.during(() => get('/api/collection/all'));
    expect(queries).toBe(1);
    expect(result.statusCode).toBe(200);
    const { collections: list } = CollectionListSchema.parse(result.json().data);
    const rows = await t.database.db.select().from(collections).orderBy(collections.position, collections.id);
    expect(list.map((c) => c.slug)).toEqual(rows.map((r) => r.slug));
    expect(list[0]).toMatchObject({
      slug: 'new-arrivals',
      name: 'New Arrivals',
      url: '/product-collection/new-arrivals',
    });
    const counts = await queryRows<{ slug: string; n: number }>(
      t.database.db,
      sql`select c.slug, count(*)::int as n from collections c join product_collections pc on pc.collection_id = c.id
          join products p on p.id = pc.product_id where p.is_published group by c.slug`,
    );
    for (const c of counts) expect(list.find((x) => x.slug === c.slug)!.product_count, c.slug).toBe(c.n);
    // The listing of each collection agrees.
    const listing = (await post(`/api/product/product-collection/${list[0]!.slug}`, { per_page: 1 })).json().data;
    expect(listing.pagination.total).toBe(list[0]!.product_count);
  });

  it('counts only published products, and lists an empty collection too', async () => {
    const before = CollectionListSchema.parse((await get('/api/collection/all')).json().data).collections;
    const bestsellers = before.find((c) => c.slug === 'bestsellers')!;
    const [one] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select pc.product_id as id from product_collections pc join collections c on c.id = pc.collection_id where c.slug = 'bestsellers' limit 1`,
    );
    await t.database.db.update(products).set({ isPublished: false }).where(eq(products.id, one!.id));
    await t.database.db.insert(collections).values({ slug: 'coming-soon-edit', name: 'Coming soon', position: 99 });
    try {
      const after = CollectionListSchema.parse((await get('/api/collection/all')).json().data).collections;
      expect(after.find((c) => c.slug === 'bestsellers')!.product_count).toBe(bestsellers.product_count - 1);
      expect(after.at(-1)).toMatchObject({ slug: 'coming-soon-edit', product_count: 0, image: null });
    } finally {
      await t.database.db.update(products).set({ isPublished: true }).where(eq(products.id, one!.id));
      await t.database.db.delete(collections).where(eq(collections.slug, 'coming-soon-edit'));
    }
  });
});

describe('GET /api/category/all', () => {
  it('answers the tree and the same roots grouped by super category, in two queries', async () => {
    const { result, queries } = await counter.during(() => get('/api/category/all'));
    expect(queries).toBe(2);
    const tree = CategoryTreeSchema.parse(result.json().data);
    expect(tree.parent).toBeNull();
    expect(tree.categories).toHaveLength(14);
    expect(tree.super_categories.map((s) => s.slug)).toEqual(['clothing', 'home-and-living', 'garden', 'accessories']);
    expect(tree.super_categories.flatMap((s) => s.categories.map((c) => c.slug)).sort()).toEqual(
      tree.categories.map((c) => c.slug).sort(),
    );
    expect(tree.super_categories[2]).toMatchObject({ slug: 'garden', url: '/shop-online/garden' });
    const counts = await publishedCounts();
    for (const c of tree.categories) expect(c.product_count, c.slug).toBe(counts[c.slug]);
  });

  it('nests subcategories, counts their products in the parent, and answers the children of category_id', async () => {
    const db = t.database.db;
    const [plants] = await db.select().from(categories).where(eq(categories.slug, 'plants'));
    const [child] = await db
      .insert(categories)
      .values({
        slug: 'succulents',
        name: 'Succulents',
        parentId: plants!.id,
        superCategoryId: plants!.superCategoryId,
        position: 99,
      })
      .returning();
    const [grandchild] = await db
      .insert(categories)
      .values({ slug: 'tiny-succulents', name: 'Tiny Succulents', parentId: child!.id, position: 1 })
      .returning();
    // A product only in the grandchild, and one already in Plants also linked to the child.
    const [jade] = await db.select().from(products).where(eq(products.slug, 'jade-plant'));
    const [planter] = await db.select().from(products).where(eq(products.slug, 'terracotta-planter'));
    await db.insert(productCategories).values([
      { productId: jade!.id, categoryId: child!.id },
      { productId: planter!.id, categoryId: grandchild!.id },
    ]);
    try {
      const before = (await publishedCounts()).plants!;
      const tree = CategoryTreeSchema.parse((await get('/api/category/all')).json().data);
      const plantsNode = tree.categories.find((c) => c.slug === 'plants')!;
      expect(plantsNode.children.map((c) => c.slug)).toEqual(['succulents']);
      expect(plantsNode.children[0]!.children.map((c: CategoryNode) => c.slug)).toEqual(['tiny-succulents']);
      // Jade was already in Plants: counted once. The planter is new to the Plants subtree.
      const planterInPlants = (
        await db.select().from(productCategories).where(eq(productCategories.productId, planter!.id))
      ).some((l) => l.categoryId === plants!.id);
      expect(plantsNode.product_count).toBe(before + (planterInPlants ? 0 : 1));
      expect(tree.categories.map((c) => c.slug)).not.toContain('succulents');

      const { result: childrenRes, queries } = await counter.during(() => get('/api/category/all?category_id=plants'));
      expect(queries).toBe(1);
      const children = CategoryTreeSchema.parse(childrenRes.json().data);
      expect(children.parent).toMatchObject({ slug: 'plants', name: 'Plants' });
      expect(children.categories.map((c) => c.slug)).toEqual(['succulents']);
      expect(children.super_categories).toEqual([]);
      const byId = CategoryTreeSchema.parse((await get(`/api/category/all?category_id=${grandchild!.id}`)).json().data);
      expect(byId.parent!.breadcrumb.map((b) => b.name)).toEqual([
        'Home',
        'Garden',
        'Plants',
        'Succulents',
        'Tiny Succulents',
      ]);
      expect(byId.categories).toEqual([]);

      // A category listing covers its subcategories, and its breadcrumb walks up the tree.
      const listing = (await post('/api/product/product-category/plants', { per_page: 48 })).json().data;
      expect(listing.products.map((p: { slug: string }) => p.slug)).toContain('terracotta-planter');
      const deep = (await post('/api/product/product-category/tiny-succulents', {})).json().data;
      expect(deep.listing.breadcrumb.map((b: { name: string }) => b.name)).toEqual([
        'Home',
        'Garden',
        'Plants',
        'Succulents',
        'Tiny Succulents',
      ]);
      expect(deep.products.map((p: { slug: string }) => p.slug)).toEqual(['terracotta-planter']);
      // The product page lists every category with its own breadcrumb.
      const product = (await get('/api/product/single-product/terracotta-planter')).json().data.product;
      const trail = product.categories.find((c: { slug: string }) => c.slug === 'tiny-succulents').breadcrumb;
      expect(trail.map((b: { name: string }) => b.name)).toEqual([
        'Home',
        'Garden',
        'Plants',
        'Succulents',
        'Tiny Succulents',
      ]);
    } finally {
      await db.delete(categories).where(eq(categories.id, grandchild!.id));
      await db.delete(categories).where(eq(categories.id, child!.id));
    }
  });

  it('survives a parent cycle, and 404s an unknown category_id', async () => {
    const db = t.database.db;
    const [a] = await db.insert(categories).values({ slug: 'loop-a', name: 'Loop A' }).returning();
    const [b] = await db.insert(categories).values({ slug: 'loop-b', name: 'Loop B', parentId: a!.id }).returning();
    await db.update(categories).set({ parentId: b!.id }).where(eq(categories.id, a!.id));
    try {
      const res = await get('/api/category/all');
      expect(res.statusCode).toBe(200);
      const slugs = (res.json().data.categories as CategoryNode[]).map((c) => c.slug);
      expect(slugs).toEqual(expect.arrayContaining(['loop-a', 'loop-b']));
      const loop = await post('/api/product/product-category/loop-a', {});
      expect(loop.statusCode).toBe(200);
      expect(loop.json().data.listing.breadcrumb.map((x: { name: string }) => x.name)).toEqual([
        'Home',
        'Loop B',
        'Loop A',
      ]);
    } finally {
      await db.update(categories).set({ parentId: null }).where(eq(categories.id, a!.id));
      await db.delete(categories).where(eq(categories.id, b!.id));
      await db.delete(categories).where(eq(categories.id, a!.id));
    }
    const res = await get('/api/category/all?category_id=99999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: 'Category not found' });
    expect((await get('/api/category/all?category_id=no-such-thing')).statusCode).toBe(404);
  });
});
