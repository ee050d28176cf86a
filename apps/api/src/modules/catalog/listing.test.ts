import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListingFiltersPageSchema, ListingPageSchema, type ListingPage, type ProductCard } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { brands, categories, productCategories, products, variants } from '../../db/schema.ts';
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

const post = (url: string, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    ...(payload === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) }),
  });

async function listing(url: string, payload?: unknown): Promise<ListingPage> {
  const res = await post(url, payload);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body.status).toBe('success');
  return ListingPageSchema.parse(body.data);
}

interface ScopeProduct {
  id: string;
  slug: string;
  brandSlug: string | null;
  price: number;
  stock: number;
  variants: { options: Record<string, string>; stock: number }[];
}

/** The published products of a category with their variants, read straight from the tables. */
async function categoryScope(slug: string): Promise<ScopeProduct[]> {
  const db = t.database.db;
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      brandSlug: brands.slug,
      price: products.priceMinor,
      stock: products.stock,
    })
    .from(products)
    .innerJoin(productCategories, eq(productCategories.productId, products.id))
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(categories.slug, slug), eq(products.isPublished, true)));
  const vs = await db
    .select()
    .from(variants)
    .where(
      inArray(
        variants.productId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => ({ ...r, variants: vs.filter((v) => v.productId === r.id) }));
}

const valuesOf = (page: ListingPage, option: string) =>
  Object.fromEntries(page.facets.options.find((o) => o.name === option)!.values.map((v) => [v.value, v.count]));

describe('POST /api/product/product-category/{id}', () => {
  it('answers the category with breadcrumb and seo, a page of cards, pagination and facets', async () => {
    const scope = await categoryScope('t-shirts');
    const page = await listing('/api/product/product-category/t-shirts');
    expect(page.listing).toMatchObject({
      type: 'category',
      slug: 't-shirts',
      name: 'T-Shirts',
      url: '/product-category/t-shirts',
      breadcrumb: [
        { name: 'Home', url: '/' },
        { name: 'Clothing', url: '/shop-online/clothing' },
        { name: 'T-Shirts', url: '/product-category/t-shirts' },
      ],
      seo: { title: 'T-Shirts', canonical_url: '/product-category/t-shirts' },
    });
    expect(page.pagination).toEqual({
      page: 1,
      per_page: 24,
      total: scope.length,
      last_page: Math.ceil(scope.length / 24),
    });
    expect(page.products).toHaveLength(Math.min(24, scope.length));
    expect(page.sort).toBe('relevance');
    const bySlug = new Map(scope.map((p) => [p.slug, p]));
    for (const card of page.products) {
      const p = bySlug.get(card.slug)!;
      expect(p, card.slug).toBeDefined();
      expect(card.price.amount).toBe(p.price);
      expect(card.in_stock).toBe(p.stock > 0);
    }
    // The scope's price range and stock count, with nothing selected.
    expect(page.facets.price.min!.amount).toBe(Math.min(...scope.map((p) => p.price)));
    expect(page.facets.price.max!.amount).toBe(Math.max(...scope.map((p) => p.price)));
    expect(page.facets.in_stock).toEqual({ count: scope.filter((p) => p.stock > 0).length, selected: false });
    expect(page.facets.categories).toEqual([
      { value: 't-shirts', label: 'T-Shirts', count: scope.length, selected: false },
    ]);
    // Sizes keep their scale order; colours read alphabetically.
    expect(page.facets.options.map((o) => o.name)).toEqual(['Colour', 'Size']);
    expect(page.facets.options[1]!.values.map((v) => v.value)).toEqual(['XS', 'S', 'M', 'L', 'XL']);
    const colours = page.facets.options[0]!.values.map((v) => v.value);
    expect(colours).toEqual([...colours].sort());
  });

  it('filters by option values on one variant, in stock, and counts each facet without its own selection', async () => {
    const scope = await categoryScope('t-shirts');
    const filters = { brands: ['loom'], options: { Colour: ['Indigo', 'Sage'], Size: ['M'] }, in_stock: true };
    const page = await listing('/api/product/product-category/t-shirts', { filters, per_page: 48 });

    // The same rules, computed by hand from the tables.
    type V = ScopeProduct['variants'][number];
    const variantOk = (v: V, except?: string, stock = true) =>
      Object.entries(filters.options).every(([name, values]) => name === except || values.includes(v.options[name]!)) &&
      (!stock || v.stock > 0);
    const brandOk = (p: ScopeProduct) => filters.brands.includes(p.brandSlug!);
    const matching = scope.filter((p) => brandOk(p) && p.variants.some((v) => variantOk(v)));
    expect(page.pagination.total).toBe(matching.length);
    expect(page.products.map((c) => c.slug).sort()).toEqual(matching.map((p) => p.slug).sort());
    expect(matching.length).toBeGreaterThan(0);

    const brandCounts = Object.fromEntries(page.facets.brands.map((b) => [b.value, b.count]));
    for (const slug of ['loom', 'monsoon-mills']) {
      expect(brandCounts[slug], slug).toBe(
        scope.filter((p) => p.brandSlug === slug && p.variants.some((v) => variantOk(v))).length,
      );
    }
    expect(page.facets.brands.find((b) => b.value === 'loom')!.selected).toBe(true);
    const colourCounts = valuesOf(page, 'Colour');
    for (const colour of Object.keys(colourCounts)) {
      const expected = scope.filter(
        (p) => brandOk(p) && p.variants.some((v) => v.options.Colour === colour && variantOk(v, 'Colour')),
      ).length;
      expect(colourCounts[colour], colour).toBe(expected);
    }
    const sizeCounts = valuesOf(page, 'Size');
    for (const size of Object.keys(sizeCounts)) {
      const expected = scope.filter(
        (p) => brandOk(p) && p.variants.some((v) => v.options.Size === size && variantOk(v, 'Size')),
      ).length;
      expect(sizeCounts[size], size).toBe(expected);
    }
    // in_stock's own count ignores in_stock: products with a matching variant in stock, among those with any matching variant.
    expect(page.facets.in_stock).toEqual({ count: matching.length, selected: true });
    expect(page.facets.options.find((o) => o.name === 'Size')!.values.find((v) => v.value === 'M')!.selected).toBe(
      true,
    );

    // Without in_stock, a product whose only Indigo/Sage M variants are sold out comes back.
    const all = await listing('/api/product/product-category/t-shirts', {
      filters: { ...filters, in_stock: false },
      per_page: 48,
    });
    expect(all.pagination.total).toBe(
      scope.filter((p) => brandOk(p) && p.variants.some((v) => variantOk(v, undefined, false))).length,
    );
    expect(all.pagination.total).toBeGreaterThanOrEqual(page.pagination.total);
  });

  it('with a colour chosen, each card shows and links that colour: its variant and its picture', async () => {
    const page = await listing('/api/product/product-category/t-shirts', {
      filters: { options: { Colour: ['Olive'] } },
      per_page: 48,
    });
    expect(page.products.length).toBeGreaterThan(1);
    const ids = page.products.map((c) => c.variant_id!);
    const chosen = await t.database.db
      .select({ id: variants.id, productId: variants.productId, options: variants.options, stock: variants.stock })
      .from(variants)
      .where(inArray(variants.id, ids));
    const images = await queryRows<{ product_id: string; path: string }>(
      t.database.db,
      sql`select product_id, path from product_images where option_value = 'Olive'`,
    );
    for (const card of page.products) {
      const v = chosen.find((x) => x.id === card.variant_id);
      expect(v?.productId, card.slug).toBe(card.id);
      expect(v?.options.Colour, card.slug).toBe('Olive');
      // The card's picture is one of the product's olive pictures.
      expect(
        images.filter((i) => i.product_id === card.id).map((i) => i.path),
        card.slug,
      ).toContain(card.image?.url);
    }
    // Without an option filter, cards name no variant.
    const plain = await listing('/api/product/product-category/t-shirts', { per_page: 4 });
    expect(plain.products.every((c) => c.variant_id === undefined)).toBe(true);
  });

  it('filters by price in minor units; the price facet keeps the range of the other filters', async () => {
    const scope = await categoryScope('mugs-and-cups');
    const prices = scope.map((p) => p.price).sort((a, b) => a - b);
    const lo = prices[3]!;
    const hi = prices[prices.length - 4]!;
    const page = await listing('/api/product/product-category/mugs-and-cups', {
      filters: { price_min: lo, price_max: hi },
      per_page: 48,
    });
    expect(page.pagination.total).toBe(scope.filter((p) => p.price >= lo && p.price <= hi).length);
    for (const c of page.products) {
      expect(c.price.amount).toBeGreaterThanOrEqual(lo);
      expect(c.price.amount).toBeLessThanOrEqual(hi);
    }
    expect(page.facets.price).toMatchObject({
      min: { amount: prices[0] },
      max: { amount: prices[prices.length - 1] },
      selected_min: lo,
      selected_max: hi,
    });
  });

  it('sorts by price, newest and best rated with a stable tie-break on id', async () => {
    const asc = await listing('/api/product/product-category/plants', { sort: 'price_asc', per_page: 48 });
    const amounts = asc.products.map((p) => p.price.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    for (let i = 1; i < asc.products.length; i++) {
      const [a, b] = [asc.products[i - 1]!, asc.products[i]!];
      if (a.price.amount === b.price.amount) expect(a.id < b.id).toBe(true);
    }
    const desc = await listing('/api/product/product-category/plants', { sort: 'price_desc', per_page: 48 });
    expect(desc.products[0]!.price.amount).toBe(Math.max(...amounts));

    const rated = await listing('/api/product/product-category/plants', { sort: 'best_rated', per_page: 48 });
    const score = (p: ProductCard) =>
      (p.rating.overall_rating * p.rating.total_reviews + 9) / (p.rating.total_reviews + 3);
    for (let i = 1; i < rated.products.length; i++)
      expect(score(rated.products[i - 1]!)).toBeGreaterThanOrEqual(score(rated.products[i]!) - 0.01);

    const newest = await listing('/api/product/product-category/plants', { sort: 'newest', per_page: 48 });
    const created = await t.database.db.select({ slug: products.slug, at: products.createdAt }).from(products);
    const at = new Map(created.map((c) => [c.slug, c.at.getTime()]));
    const times = newest.products.map((p) => at.get(p.slug)!);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('shows a product that sits in two categories in both', async () => {
    const [both] = await queryRows<{ slug: string }>(
      t.database.db,
      sql`select p.slug from products p
           where exists (select 1 from product_categories pc join categories c on c.id = pc.category_id where pc.product_id = p.id and c.slug = 'plants')
             and exists (select 1 from product_categories pc join categories c on c.id = pc.category_id where pc.product_id = p.id and c.slug = 'planters')
           limit 1`,
    );
    expect(both).toBeDefined();
    const plants = await listing('/api/product/product-category/plants', { per_page: 48 });
    const planters = await listing('/api/product/product-category/planters', { per_page: 48 });
    expect(plants.products.map((p) => p.slug)).toContain(both!.slug);
    expect(planters.products.map((p) => p.slug)).toContain(both!.slug);
    // The category facet of Planters shows the overlap with Plants.
    expect(planters.facets.categories.find((c) => c.value === 'plants')!.count).toBeGreaterThan(0);
  });

  it('uses three queries whatever the page size (entity, page, facets)', async () => {
    const one = await counter.during(() => post('/api/product/product-category/t-shirts', { per_page: 1 }));
    const many = await counter.during(() =>
      post('/api/product/product-category/t-shirts', {
        per_page: 48,
        filters: { options: { Colour: ['Indigo'] }, in_stock: true },
      }),
    );
    expect(one.result.statusCode).toBe(200);
    expect(many.result.json().data.products.length).toBeGreaterThan(1);
    expect(one.queries).toBe(3);
    expect(many.queries).toBe(3);
  });

  it('answers 404 in the envelope for an unknown slug', async () => {
    const res = await post('/api/product/product-category/no-such-category', {});
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: 'Category not found' });
  });

  it('rejects bad paging, sorting and filters with field errors, and any price field', async () => {
    const url = '/api/product/product-category/t-shirts';
    const tooMany = await post(url, { per_page: 49 });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ per_page: ['The value may not be greater than 48'] });
    expect((await post(url, { page: 0 })).json().errors).toEqual({ page: ['The value must be at least 1'] });
    expect((await post(url, { page: 1.5 })).json().errors).toEqual({ page: ['The value must be an integer'] });
    expect((await post(url, { sort: 'cheapest' })).json().errors).toEqual({ sort: ['This field is not valid'] });
    expect((await post(url, { filters: { price_min: 900, price_max: 100 } })).json().errors).toEqual({
      'filters.price_min': ['The minimum price may not be greater than the maximum price'],
    });
    expect((await post(url, { filters: { price_min: -1 } })).json().errors).toEqual({
      'filters.price_min': ['The value must be at least 0'],
    });
    expect((await post(url, { filters: { in_stock: 'yes' } })).json().errors).toEqual({
      'filters.in_stock': ['This field is not valid'],
    });
    expect((await post(url, { filters: { options: { Colour: 'Indigo' } } })).statusCode).toBe(422);
    expect((await post(url, { filters: { brands: ['x\u0000'] } })).json().errors).toEqual({
      'filters.brands.0': ['This field is not valid'],
    });
    // Prices are never taken from a body: unknown fields are refused, at the top and in filters.
    expect((await post(url, { price: 1 })).statusCode).toBe(422);
    expect((await post(url, { filters: { price: 1 } })).statusCode).toBe(422);
    // An empty body takes the defaults.
    expect((await post(url)).statusCode).toBe(200);
  });
});

describe('POST /api/product/product-collection/{id}', () => {
  it('lists the collection in its own order, with facets', async () => {
    const page = await listing('/api/product/product-collection/handmade-ceramics', { per_page: 48 });
    expect(page.listing).toMatchObject({
      type: 'collection',
      slug: 'handmade-ceramics',
      name: 'Handmade Ceramics',
      breadcrumb: [
        { name: 'Home', url: '/' },
        { name: 'Handmade Ceramics', url: '/product-collection/handmade-ceramics' },
      ],
    });
    expect(page.pagination.total).toBe(45);
    expect(page.facets.categories.map((c) => c.value).sort()).toEqual(['mugs-and-cups', 'plates-and-bowls']);
    expect(page.facets.brands.reduce((n, b) => n + b.count, 0)).toBe(45);
    const kiln = await listing('/api/product/product-collection/handmade-ceramics', {
      filters: { brands: ['kiln-and-co'] },
      per_page: 48,
    });
    expect(kiln.products.every((p) => p.brand === 'Kiln & Co')).toBe(true);
    expect(kiln.pagination.total).toBe(page.facets.brands.find((b) => b.value === 'kiln-and-co')!.count);
  });

  it('answers 404 for an unknown collection, and never treats a category as one', async () => {
    expect((await post('/api/product/product-collection/t-shirts', {})).json()).toEqual({
      status: 'error',
      message: 'Collection not found',
    });
  });
});

describe('POST /api/shop/{id}', () => {
  it('all: every published product, pages that never repeat or skip a product', async () => {
    const [{ n }] = (await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.isPublished, true))) as [{ n: number }];
    const seen: string[] = [];
    let last = 1;
    for (let page = 1; page <= last; page++) {
      const res = await listing('/api/shop/all', { sort: 'price_asc', page, per_page: 48 });
      expect(res.listing).toMatchObject({ type: 'shop', slug: 'all', id: null, url: '/shop-online' });
      expect(res.pagination.total).toBe(n);
      last = res.pagination.last_page;
      seen.push(...res.products.map((p) => p.id));
    }
    expect(seen).toHaveLength(n);
    expect(new Set(seen).size).toBe(n);
    const beyond = await listing('/api/shop/all', { page: last + 1, per_page: 48 });
    expect(beyond.products).toEqual([]);
    expect(beyond.pagination.total).toBe(n);
  });

  it('a super category slug: the products of its categories', async () => {
    const garden = await listing('/api/shop/garden', { per_page: 48 });
    expect(garden.listing).toMatchObject({ type: 'shop', slug: 'garden', name: 'Garden', url: '/shop-online/garden' });
    expect(garden.listing.breadcrumb.map((b) => b.name)).toEqual(['Home', 'Shop', 'Garden']);
    expect(garden.facets.categories.map((c) => c.value).sort()).toEqual(['planters', 'plants']);
    const [plants, planters] = [await categoryScope('plants'), await categoryScope('planters')];
    expect(garden.pagination.total).toBe(new Set([...plants, ...planters].map((p) => p.id)).size);
  });

  it('counts queries: two for shop-all, three for a super category', async () => {
    expect((await counter.during(() => post('/api/shop/all', { per_page: 48 }))).queries).toBe(2);
    expect((await counter.during(() => post('/api/shop/garden', { per_page: 48 }))).queries).toBe(3);
  });

  it('answers 404 for an unknown id', async () => {
    expect((await post('/api/shop/nowhere', {})).json()).toEqual({ status: 'error', message: 'Shop not found' });
  });
});

describe('GET /api/product/filters/all/{id}', () => {
  it('answers the facets of a category, a collection or shop-all without products', async () => {
    const cat = await t.app.inject({ method: 'GET', url: '/api/product/filters/all/t-shirts' });
    expect(cat.statusCode).toBe(200);
    const data = ListingFiltersPageSchema.parse(cat.json().data);
    const scope = await categoryScope('t-shirts');
    expect(data.listing.type).toBe('category');
    expect(data.total).toBe(scope.length);
    expect(data.facets.brands.length).toBeGreaterThan(0);
    expect(cat.json().data.products).toBeUndefined();

    const coll = await t.app.inject({ method: 'GET', url: '/api/product/filters/all/summer-linen' });
    expect(coll.json().data.listing.type).toBe('collection');
    const all = await t.app.inject({ method: 'GET', url: '/api/product/filters/all/all' });
    expect(all.json().data.listing).toMatchObject({ type: 'shop', slug: 'all' });
    const garden = await t.app.inject({ method: 'GET', url: '/api/product/filters/all/garden?type=shop' });
    expect(garden.json().data.listing).toMatchObject({ type: 'shop', slug: 'garden' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/product/filters/all/garden?type=category' })).statusCode,
    ).toBe(404);
  });

  it('uses two queries (one for shop-all), and 404s an unknown id', async () => {
    expect(
      (await counter.during(() => t.app.inject({ method: 'GET', url: '/api/product/filters/all/t-shirts' }))).queries,
    ).toBe(2);
    expect(
      (await counter.during(() => t.app.inject({ method: 'GET', url: '/api/product/filters/all/all' }))).queries,
    ).toBe(1);
    const res = await t.app.inject({ method: 'GET', url: '/api/product/filters/all/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: 'Listing not found' });
  });
});
