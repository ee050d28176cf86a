import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchResultsSchema, SearchSuggestionSchema, type SearchResults } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { categories, productCategories, products } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { countQueries } from '../catalog/query-counter.ts';
import { searchTerms } from './service.ts';

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

const suggest = (query: string) =>
  t.app.inject({ method: 'GET', url: `/api/search/search?query=${encodeURIComponent(query)}` });
const searchRaw = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/search/search-products',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
async function search(payload: Record<string, unknown>): Promise<SearchResults> {
  const res = await searchRaw(payload);
  expect(res.statusCode, res.body).toBe(200);
  return SearchResultsSchema.parse(res.json().data);
}

/** Slugs of the published products in a category. */
async function categorySlugs(slug: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ slug: products.slug })
    .from(products)
    .innerJoin(productCategories, eq(productCategories.productId, products.id))
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(and(eq(categories.slug, slug), eq(products.isPublished, true)));
  return rows.map((r) => r.slug).sort();
}

describe('searchTerms', () => {
  it('keeps letters and digits, drops hyphens inside words, lower-cases and dedupes', () => {
    expect(searchTerms('  T-Shirt  t-shirt Indigo!! ')).toEqual({
      text: 'T-Shirt  t-shirt Indigo!!',
      words: ['tshirt', 'indigo'],
      useWords: true,
    });
    expect(searchTerms("' or 1=1 --").useWords).toBe(false);
    expect(searchTerms('&|!:*')).toEqual({ text: '&|!:*', words: [], useWords: false });
    expect(searchTerms('"linen shirt"').useWords).toBe(false);
    expect(searchTerms('a b c d e f g h i j').words).toHaveLength(8);
  });
});

describe('GET /api/search/search (suggestions)', () => {
  it('finds T-Shirts for the typo "tshrit": up to 8 products with name, slug, image and price, and the category', async () => {
    const res = await suggest('tshrit');
    expect(res.statusCode).toBe(200);
    const data = SearchSuggestionSchema.parse(res.json().data);
    expect(data.query).toBe('tshrit');
    expect(data.products).toHaveLength(8);
    const tees = await categorySlugs('t-shirts');
    for (const p of data.products) {
      expect(tees, p.slug).toContain(p.slug);
      expect(p.url).toBe(`/product/${p.slug}`);
      expect(p.image?.url).toMatch(/^\/media\//);
      expect(p.price.currency).toBe('INR');
    }
    expect(data.categories[0]).toEqual({ slug: 't-shirts', name: 'T-Shirts', url: '/product-category/t-shirts' });
  });

  it('suggests as you type (prefixes, also of hyphen-less words), by brand, and by sku', async () => {
    const tees = await categorySlugs('t-shirts');
    for (const typed of ['tsh', 'tshi', 'tshirt', 't-shirt']) {
      const data = SearchSuggestionSchema.parse((await suggest(typed)).json().data);
      expect(data.products.length, typed).toBe(8);
      for (const p of data.products) expect(tees, `${typed}: ${p.slug}`).toContain(p.slug);
    }

    const prefix = SearchSuggestionSchema.parse((await suggest('ceram')).json().data);
    expect(prefix.products.length).toBeGreaterThan(0);
    expect(prefix.products.some((p) => /ceramic/i.test(p.name))).toBe(true);

    const brand = SearchSuggestionSchema.parse((await suggest('kiln')).json().data);
    const kiln = await t.database.db
      .select({ slug: products.slug })
      .from(products)
      .where(eq(products.brand, 'Kiln & Co'));
    for (const p of brand.products) expect(kiln.map((k) => k.slug)).toContain(p.slug);

    const [sku] = await queryRows<{ sku: string; slug: string }>(
      t.database.db,
      sql`select vc.sku, p.slug from variant_channels vc join variants v on v.id = vc.variant_id join products p on p.id = v.product_id where p.slug = 'copper-water-bottle' limit 1`,
    );
    const bySku = SearchSuggestionSchema.parse((await suggest(sku!.sku)).json().data);
    expect(bySku.products[0]!.slug).toBe('copper-water-bottle');

    const plant = SearchSuggestionSchema.parse((await suggest('plant')).json().data);
    expect(plant.categories.map((c) => c.slug)).toEqual(expect.arrayContaining(['plants', 'planters']));
  });

  it('does not fuzz short words: "cap" finds caps, not camp shirts', async () => {
    const res = await search({ query: 'cap', per_page: 48 });
    const caps = await categorySlugs('caps-and-hats');
    expect(res.pagination.total).toBeGreaterThan(0);
    for (const p of res.products) expect(caps, p.slug).toContain(p.slug);
  });

  it('leaves out unpublished products', async () => {
    await t.database.db.update(products).set({ isPublished: false }).where(eq(products.slug, 'copper-water-bottle'));
    try {
      const data = (await suggest('copper water bottle')).json().data;
      expect(data.products.map((p: { slug: string }) => p.slug)).not.toContain('copper-water-bottle');
    } finally {
      await t.database.db.update(products).set({ isPublished: true }).where(eq(products.slug, 'copper-water-bottle'));
    }
  });

  it('answers 422 for a missing, blank or over-long query, and uses two queries', async () => {
    for (const url of ['/api/search/search', '/api/search/search?query=', '/api/search/search?query=%20%20']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors).toEqual({ query: ['This field is required'] });
    }
    const long = await suggest('x'.repeat(201));
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ query: ['The value length should not exceed 200'] });
    expect((await suggest('x'.repeat(200))).statusCode).toBe(200);
    expect((await counter.during(() => suggest('tshrit'))).queries).toBe(3);
  });
});

describe('typos and "Did you mean"', () => {
  it('finds shirts for "shrit" (two letters swapped) and offers "shirt", on the page and in suggestions', async () => {
    const right = await search({ query: 'shirt', per_page: 48 });
    expect(right.did_you_mean).toBeNull();
    const typo = await search({ query: 'shrit', per_page: 48 });
    expect(typo.pagination.total).toBe(right.pagination.total);
    expect(typo.products.map((p) => p.slug).sort()).toEqual(right.products.map((p) => p.slug).sort());
    expect(typo.did_you_mean).toBe('shirt');

    const data = SearchSuggestionSchema.parse((await suggest('shrit')).json().data);
    expect(data.did_you_mean).toBe('shirt');
    expect(data.products).toHaveLength(8);
    for (const p of data.products) expect(p.name).toMatch(/shirt/i);
    expect(data.categories.map((c) => c.slug)).toContain('shirts');
  });

  it('corrects one edit of any kind, keeps the words the shopper got right, and the way they wrote them', async () => {
    const cases: [string, string][] = [
      ['mgu', 'mug'], // swapped
      ['sweter', 'sweater'], // a letter missing
      ['bottel', 'bottle'], // swapped
      ['cermaic', 'ceramic'], // swapped
      ['linne Shrit', 'linen shirt'],
      ['Indigo shrit', 'Indigo shirt'],
    ];
    for (const [typed, meant] of cases) {
      const typo = await search({ query: typed, per_page: 48 });
      expect(typo.did_you_mean, typed).toBe(meant);
      const right = await search({ query: meant, per_page: 48 });
      expect(right.did_you_mean, meant).toBeNull();
      expect(typo.pagination.total, typed).toBe(right.pagination.total);
      expect(right.pagination.total, meant).toBeGreaterThan(0);
    }
  });

  it('offers nothing for words the catalogue has, for nonsense, for stop words and for search syntax', async () => {
    for (const q of ['linen', 'cap', 'tsh', 'qqqzzzxxx', 'the', '"shrit"', 'shirt -linen', 'x']) {
      expect((await search({ query: q })).did_you_mean, q).toBeNull();
      expect(SearchSuggestionSchema.parse((await suggest(q)).json().data).did_you_mean, q).toBeNull();
    }
  });

  it('learns the words of a product renamed or published, and forgets an unpublished one, at commit', async () => {
    const [bottle] = await t.database.db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(eq(products.slug, 'copper-water-bottle'));
    try {
      await t.database.db.update(products).set({ name: 'Copper Zephyrine Bottle' }).where(eq(products.id, bottle!.id));
      const typo = await search({ query: 'zephyrnie' });
      expect(typo.did_you_mean).toBe('zephyrine');
      expect(typo.products.map((p) => p.slug)).toEqual(['copper-water-bottle']);

      await t.database.db.update(products).set({ isPublished: false }).where(eq(products.id, bottle!.id));
      const gone = await search({ query: 'zephyrnie' });
      expect(gone.did_you_mean).toBeNull();
      expect(gone.pagination.total).toBe(0);
    } finally {
      await t.database.db
        .update(products)
        .set({ name: bottle!.name, isPublished: true })
        .where(eq(products.id, bottle!.id));
    }
    const [{ n }] = (await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from search_words where word = 'zephyrine'`,
    )) as [{ n: number }];
    expect(n).toBe(0);
  });
});

describe('POST /api/search/search-products', () => {
  it('finds every T-Shirt for "tshrit", ranked, with facets and pagination', async () => {
    const res = await search({ query: 'tshrit', per_page: 48 });
    const tees = await categorySlugs('t-shirts');
    expect(res.products.map((p) => p.slug).sort()).toEqual(tees);
    expect(res.pagination).toEqual({ page: 1, per_page: 48, total: tees.length, last_page: 1 });
    expect(res.facets.categories).toEqual([
      { value: 't-shirts', label: 'T-Shirts', count: tees.length, selected: false },
    ]);
    expect(res.sort).toBe('relevance');
  });

  it('matches every word, each exactly or with a typo: "indigo tshrit" is indigo t-shirts', async () => {
    const res = await search({ query: 'indigo tshrit', per_page: 48 });
    const tees = await categorySlugs('t-shirts');
    expect(res.pagination.total).toBeGreaterThan(0);
    expect(res.pagination.total).toBeLessThan(tees.length);
    for (const p of res.products) expect(tees).toContain(p.slug);
    expect(res.facets.options.find((o) => o.name === 'Colour')!.values.find((v) => v.value === 'Indigo')!.count).toBe(
      res.pagination.total,
    );
  });

  it('ranks name matches first and applies the listing filters and sorts', async () => {
    const linen = await search({ query: 'linen', per_page: 10 });
    expect(linen.products[0]!.name).toMatch(/linen/i);
    // The typo finds what the right spelling finds (names, and the linen tag), names first.
    const typo = await search({ query: 'linnen', per_page: 10 });
    expect(typo.pagination.total).toBe(linen.pagination.total);
    expect(typo.products.every((p) => /linen/i.test(p.name))).toBe(true);

    const filtered = await search({
      query: 'linen',
      filters: { brands: ['monsoon-mills'], in_stock: true },
      sort: 'price_asc',
      per_page: 48,
    });
    expect(filtered.products.length).toBeGreaterThan(0);
    expect(filtered.products.every((p) => p.brand === 'Monsoon Mills' && p.in_stock)).toBe(true);
    const amounts = filtered.products.map((p) => p.price.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    // The brand facet still counts the other brand (its own selection does not narrow it).
    expect(filtered.facets.brands.find((b) => b.value === 'loom')!.count).toBeGreaterThan(0);
  });

  it('answers nothing (not everything) for a query without words, and no match for nonsense', async () => {
    expect((await search({ query: '&|!:*' })).pagination.total).toBe(0);
    expect((await search({ query: 'the' })).pagination.total).toBe(0);
    expect((await search({ query: 'qqqzzzxxx' })).pagination.total).toBe(0);
  });

  it('treats injection attempts and odd input as text: never a 500', async () => {
    const [{ n: before }] = (await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from products`,
    )) as [{ n: number }];
    const nasty = [
      "' or 1=1 --",
      "'; drop table products; --",
      '&|!:*',
      '"unterminated',
      'linen:* | !cotton & (',
      ')(',
      '\\',
      '%_%',
      '<script>alert(1)</script>',
      '$1 $2 ? ?',
      'a\u0000b',
      '😀 日本 café',
      '-linen',
      'linen or cotton',
      "o'brien's",
      '--',
      '*',
      'x'.repeat(200),
      'a b c d e f g h i j k l',
    ];
    for (const q of nasty) {
      const a = await suggest(q);
      expect(a.statusCode, `GET ${q}`).toBe(200);
      const b = await searchRaw({ query: q });
      expect(b.statusCode, `POST ${q}`).toBe(200);
      expect(b.json().status).toBe('success');
    }
    const [{ n: after }] = (await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from products`,
    )) as [{ n: number }];
    expect(after).toBe(before);
  });

  it('validates the body: query required and at most 200 characters, listing limits, no unknown fields', async () => {
    expect((await searchRaw({})).json().errors).toEqual({ query: ['This field is required'] });
    expect((await searchRaw({ query: '   ' })).json().errors).toEqual({ query: ['This field is required'] });
    expect((await searchRaw({ query: 42 })).json().errors).toEqual({ query: ['This field is not valid'] });
    expect((await searchRaw({ query: 'x'.repeat(201) })).json().errors).toEqual({
      query: ['The value length should not exceed 200'],
    });
    expect((await searchRaw({ query: 'mug', per_page: 49 })).json().errors).toEqual({
      per_page: ['The value may not be greater than 48'],
    });
    expect((await searchRaw({ query: 'mug', price: 1 })).statusCode).toBe(422);
  });

  it('uses three queries (words, page, facets) whatever the page size', async () => {
    const one = await counter.during(() => searchRaw({ query: 'tshrit', per_page: 1 }));
    const many = await counter.during(() =>
      searchRaw({ query: 'linen', per_page: 48, filters: { options: { Size: ['M'] }, in_stock: true } }),
    );
    expect(many.result.json().data.products.length).toBeGreaterThan(1);
    expect(one.queries).toBe(3);
    expect(many.queries).toBe(3);
  });
});
