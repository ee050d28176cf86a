import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { products, variantChannels, variants } from '../../db/schema.ts';
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

interface Call {
  method: 'GET' | 'POST';
  url: string;
  payload?: unknown;
  /** SQL statements the call may send, whatever the size of the catalogue. */
  queries: number;
}

/** The catalogue and search endpoints the storefront pages call, with their statement budgets. */
const calls = (variantSku: string): Record<string, Call> => ({
  'category listing, filtered': {
    method: 'POST',
    url: '/api/product/product-category/t-shirts',
    payload: { per_page: 48, filters: { options: { Size: ['M'] }, in_stock: true }, sort: 'price_asc' },
    queries: 3, // entity, page, facets
  },
  'collection listing': {
    method: 'POST',
    url: '/api/product/product-collection/bestsellers',
    payload: { per_page: 48 },
    queries: 3,
  },
  'shop all': { method: 'POST', url: '/api/shop/all', payload: { per_page: 48, sort: 'best_rated' }, queries: 2 },
  'super category': { method: 'POST', url: '/api/shop/garden', payload: { per_page: 48 }, queries: 3 },
  'filters of a listing': { method: 'GET', url: '/api/product/filters/all/t-shirts', queries: 2 },
  'product grid': {
    method: 'POST',
    url: '/api/product/product-grid',
    payload: { items: 48, source: 'best_rated' },
    queries: 1,
  },
  'single product by slug': { method: 'GET', url: '/api/product/single-product/organic-cotton-crew-tee', queries: 2 },
  'single product by variant sku': { method: 'GET', url: `/api/product/single-product/${variantSku}`, queries: 2 },
  'related products': { method: 'GET', url: '/api/product/single-product/organic-cotton-crew-tee/related', queries: 1 },
  'search results, filtered and sorted': {
    method: 'POST',
    url: '/api/search/search-products',
    payload: { query: 'linen shirt', filters: { brands: ['loom'] }, sort: 'price_asc', per_page: 48 },
    queries: 3, // words, page, facets
  },
  'search results with a typo': {
    method: 'POST',
    url: '/api/search/search-products',
    payload: { query: 'tshrit', per_page: 48 },
    queries: 3,
  },
  'search results with a corrected word': {
    method: 'POST',
    url: '/api/search/search-products',
    payload: { query: 'linen shrit', per_page: 48 },
    queries: 3,
  },
  'search suggestions': { method: 'GET', url: '/api/search/search?query=linen', queries: 3 },
  'category grid': { method: 'POST', url: '/api/category/category-grid', payload: { items: 48 }, queries: 1 },
  'category tree': { method: 'GET', url: '/api/category/all', queries: 2 },
  tags: { method: 'GET', url: '/api/tag/all', queries: 1 },
});

async function measure(all: Record<string, Call>) {
  const out: Record<string, { queries: number; found: number }> = {};
  for (const [name, c] of Object.entries(all)) {
    const { result, queries } = await counter.during(() =>
      t.app.inject({
        method: c.method,
        url: c.url,
        ...(c.payload === undefined ? {} : { payload: c.payload as object }),
      }),
    );
    expect(result.statusCode, `${name}: ${result.body}`).toBe(200);
    const data = result.json().data;
    const found = data.pagination?.total ?? data.products?.length ?? data.categories?.length ?? data.tags?.length ?? 1;
    out[name] = { queries, found };
  }
  return out;
}

/**
 * Copies every product `copies` times, with its variants, channel prices, options, images,
 * categories, collections, tags and reviews: the same shop, several times bigger.
 */
async function growCatalogue(copies: number) {
  const db = t.database.db;
  const suffix = sql`'-copy-' || g`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`create temporary table originals on commit drop as select id from products`);
    const each = sql`cross join generate_series(1, ${copies}) g`;
    await tx.execute(sql`insert into products (id, slug, name, brand_id, brand, short_description, description, currency, price_minor,
        mrp_minor, stock, image_path, is_featured, is_published, seo_title, seo_description, rating_avg, rating_count, search_text,
        created_at, updated_at)
      select p.id || ${suffix}, p.slug || ${suffix}, p.name || ' ' || g, p.brand_id, p.brand, p.short_description, p.description,
        p.currency, p.price_minor, p.mrp_minor, p.stock, p.image_path, p.is_featured, p.is_published, p.seo_title, p.seo_description,
        p.rating_avg, p.rating_count, p.search_text, p.created_at - g * interval '1 minute', p.updated_at
      from products p join originals o on o.id = p.id ${each}`);
    await tx.execute(sql`insert into variants (id, product_id, title, options, stock, position, is_default)
      select v.id || ${suffix}, v.product_id || ${suffix}, v.title, v.options, v.stock, v.position, v.is_default
      from variants v join originals o on o.id = v.product_id ${each}`);
    await tx.execute(sql`insert into variant_channels (variant_id, channel_id, sku, selling_price_minor, mrp_minor, is_available)
      select vc.variant_id || ${suffix}, vc.channel_id, vc.sku || '-C' || g, vc.selling_price_minor, vc.mrp_minor, vc.is_available
      from variant_channels vc join variants v on v.id = vc.variant_id join originals o on o.id = v.product_id ${each}`);
    for (const [table, columns] of [
      ['product_options', 'name, values, position'],
      ['product_images', 'option_value, path, alt, width, height, position'],
      ['product_categories', 'category_id, position'],
      ['product_collections', 'collection_id, position'],
      ['product_tags', 'tag_id'],
      ['reviews', 'author_name, rating, title, body, is_verified_buyer, is_published, created_at'],
    ] as const) {
      await tx.execute(
        sql.raw(`insert into ${table} (product_id, ${columns})
          select x.product_id || '-copy-' || g, ${columns.replace(/(^|, )/g, '$1x.')}
          from ${table} x join originals o on o.id = x.product_id cross join generate_series(1, ${copies}) g`),
      );
    }
  });
  await db.execute(sql`analyze`);
}

describe('statements per catalogue and search endpoint', () => {
  it('stay the same when the catalogue triples (no N+1 anywhere)', async () => {
    const db = t.database.db;
    const [tee] = await db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.slug, 'organic-cotton-crew-tee'));
    const [variant] = await db
      .select({ sku: variantChannels.sku })
      .from(variants)
      .innerJoin(variantChannels, eq(variantChannels.variantId, variants.id))
      .where(eq(variants.productId, tee!.id))
      .limit(1);
    const all = calls(variant!.sku);

    const before = await measure(all);
    const productCount = async () =>
      (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from products`))[0]!.n;
    const productsBefore = await productCount();
    await growCatalogue(2);
    expect(await productCount()).toBe(productsBefore * 3);
    const after = await measure(all);

    for (const [name, c] of Object.entries(all)) {
      expect(before[name]!.queries, name).toBe(c.queries);
      expect(after[name]!.queries, name).toBe(c.queries);
    }
    // The listings really did grow: three times the products behind the same statements.
    expect(after['category listing, filtered']!.found).toBe(before['category listing, filtered']!.found * 3);
    expect(after['shop all']!.found).toBe(before['shop all']!.found * 3);
    expect(after['search results, filtered and sorted']!.found).toBe(
      before['search results, filtered and sorted']!.found * 3,
    );
  });
});
