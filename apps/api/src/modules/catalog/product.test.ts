import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOW_STOCK_THRESHOLD, RelatedProductsSchema, SingleProductSchema, money } from '@shopfront/shared';
import { plugins, productCategories, productImages, products, variantChannels, variants } from '../../db/schema.ts';
import { DEMO_CHANNEL_ID } from '../../db/seed/demo-data.ts';
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
const setPublished = (slug: string, isPublished: boolean) =>
  t.database.db.update(products).set({ isPublished }).where(eq(products.slug, slug));

describe('GET /api/product/single-product/{id}', () => {
  it('answers the product with brand, category breadcrumb, tags, seo and the default variant as channel', async () => {
    const res = await get('/api/product/single-product/organic-cotton-crew-tee');
    expect(res.statusCode).toBe(200);
    const data = SingleProductSchema.parse(res.json().data);
    const db = t.database.db;
    const [row] = await db.select().from(products).where(eq(products.slug, 'organic-cotton-crew-tee'));
    const [def] = await db
      .select({ sku: variantChannels.sku, price: variantChannels.sellingPriceMinor, mrp: variantChannels.mrpMinor })
      .from(variants)
      .innerJoin(variantChannels, eq(variantChannels.variantId, variants.id))
      .where(and(eq(variants.productId, row!.id), eq(variants.isDefault, true)));

    expect(data.product).toMatchObject({
      id: row!.id,
      slug: 'organic-cotton-crew-tee',
      name: 'Organic Cotton Crew Tee',
      url: '/product/organic-cotton-crew-tee',
      brand: { name: 'Loom', slug: 'loom' },
      category: { slug: 't-shirts', name: 'T-Shirts', url: '/product-category/t-shirts' },
      short_description: row!.shortDescription,
      description: row!.description,
      seo: { title: 'Organic Cotton Crew Tee', canonical_url: '/product/organic-cotton-crew-tee' },
      channel: { sku: def!.sku, selling_price: money(def!.price, 'INR') },
      price: { amount: 79900, currency: 'INR', formatted: '₹799.00' },
      discount_percent: 20,
    });
    expect(data.product.categories[0]!.breadcrumb).toEqual([
      { name: 'Home', url: '/' },
      { name: 'Clothing', url: '/shop-online/clothing' },
      { name: 'T-Shirts', url: '/product-category/t-shirts' },
    ]);
    expect(data.product.tags.map((x) => x.slug).sort()).toEqual(['everyday', 'organic']);
    expect(data.rating).toEqual({
      overall_rating: Math.round(row!.ratingAvg * 100) / 100,
      total_reviews: row!.ratingCount,
    });
  });

  it('answers options, every variant priced in the channel with a stock bucket (never the exact stock), and images', async () => {
    const data = SingleProductSchema.parse(
      (await get('/api/product/single-product/organic-cotton-crew-tee')).json().data,
    );
    const db = t.database.db;
    const [row] = await db.select().from(products).where(eq(products.slug, 'organic-cotton-crew-tee'));
    const vs = await db
      .select({
        id: variants.id,
        stock: variants.stock,
        options: variants.options,
        sku: variantChannels.sku,
        price: variantChannels.sellingPriceMinor,
      })
      .from(variants)
      // The default channel's prices (the UAE's are another channel: channels.test.ts).
      .innerJoin(
        variantChannels,
        and(eq(variantChannels.variantId, variants.id), eq(variantChannels.channelId, DEMO_CHANNEL_ID)),
      )
      .where(eq(variants.productId, row!.id))
      .orderBy(asc(variants.position));

    expect(data.options.map((o) => o.name)).toEqual(['Colour', 'Size']);
    expect(data.options[1]!.values).toEqual(['XS', 'S', 'M', 'L', 'XL']);
    expect(data.variants.map((v) => v.id)).toEqual(vs.map((v) => v.id));
    for (const [i, v] of data.variants.entries()) {
      const db = vs[i]!;
      expect(v.sku).toBe(db.sku);
      expect(v.options).toEqual(db.options);
      expect(v.price.amount).toBe(db.price);
      expect(v.in_stock).toBe(db.stock > 0);
      expect(v.stock_status).toBe(
        db.stock <= 0 ? 'out_of_stock' : db.stock <= LOW_STOCK_THRESHOLD ? 'low_stock' : 'in_stock',
      );
      expect(v).not.toHaveProperty('stock');
    }
    expect(data.variants.filter((v) => v.is_default)).toHaveLength(1);

    const images = await db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, row!.id))
      .orderBy(asc(productImages.position));
    expect(data.images).toEqual(
      images.map((i) => ({
        url: i.path,
        alt: i.alt,
        width: i.width,
        height: i.height,
        option_value: i.optionValue,
        focal_x: i.focalX,
        focal_y: i.focalY,
      })),
    );
    // Each colour has its own pictures (several), in the order the colours are offered.
    const colours = data.options[0]!.values;
    expect([...new Set(data.images.map((i) => i.option_value))]).toEqual(colours);
    for (const colour of colours)
      expect(data.images.filter((i) => i.option_value === colour).length).toBeGreaterThanOrEqual(3);
  });

  it('treats an unpublished product as unknown, even when is_published=false is asked for', async () => {
    await setPublished('linen-camp-shirt', false);
    try {
      for (const q of ['', '?is_published=true', '?is_published=false']) {
        const res = await get(`/api/product/single-product/linen-camp-shirt${q}`);
        expect(res.statusCode, q).toBe(404);
        expect(res.json()).toEqual({ status: 'error', message: 'Product not found' });
      }
    } finally {
      await setPublished('linen-camp-shirt', true);
    }
    expect((await get('/api/product/single-product/linen-camp-shirt')).statusCode).toBe(200);
    expect((await get('/api/product/single-product/no-such-product')).statusCode).toBe(404);
    expect((await get('/api/product/single-product/linen-camp-shirt?is_published=maybe')).statusCode).toBe(422);
  });

  it('says a product is customisable only when it allows it and the ProductCustomisation plugin is installed', async () => {
    const enabled = async (slug: string) =>
      SingleProductSchema.parse((await get(`/api/product/single-product/${slug}`)).json().data).product
        .is_customisation_enabled;
    const setInstalled = (isInstalled: boolean) =>
      t.database.db.update(plugins).set({ isInstalled }).where(eq(plugins.moduleName, 'ProductCustomisation'));

    // The demo allows it for mugs and bottles, not for clothing.
    expect(await enabled('stoneware-coffee-mug')).toBe(true);
    expect(await enabled('linen-camp-shirt')).toBe(false);
    await setInstalled(false);
    try {
      expect(await enabled('stoneware-coffee-mug')).toBe(false);
      expect(await enabled('linen-camp-shirt')).toBe(false);
    } finally {
      await setInstalled(true);
    }
    expect(await enabled('stoneware-coffee-mug')).toBe(true);
  });

  it('uses two queries however many variants and images the product has', async () => {
    const small = await counter.during(() => get('/api/product/single-product/brass-desk-lamp'));
    const large = await counter.during(() => get('/api/product/single-product/organic-cotton-crew-tee'));
    expect(small.result.json().data.variants).toHaveLength(1);
    expect(large.result.json().data.variants.length).toBeGreaterThan(10);
    expect(small.queries).toBe(2);
    expect(large.queries).toBe(2);
  });
});

describe('GET /api/product/single-product/{sku}', () => {
  async function skusOf(slug: string) {
    const db = t.database.db;
    const [row] = await db.select({ id: products.id }).from(products).where(eq(products.slug, slug));
    return (
      db
        .select({ id: variants.id, sku: variantChannels.sku, isDefault: variants.isDefault })
        .from(variants)
        // The default channel's prices (the UAE's are another channel: channels.test.ts).
        .innerJoin(
          variantChannels,
          and(eq(variantChannels.variantId, variants.id), eq(variantChannels.channelId, DEMO_CHANNEL_ID)),
        )
        .where(eq(variants.productId, row!.id))
        .orderBy(asc(variants.position))
    );
  }

  it('opens the product of a variant sku with that variant selected; a slug selects none', async () => {
    const vs = await skusOf('organic-cotton-crew-tee');
    const other = vs.find((v) => !v.isDefault)!;
    const res = await get(`/api/product/single-product/${encodeURIComponent(other.sku)}`);
    expect(res.statusCode).toBe(200);
    const data = SingleProductSchema.parse(res.json().data);
    expect(data.product.slug).toBe('organic-cotton-crew-tee');
    expect(data.product.seo.canonical_url).toBe('/product/organic-cotton-crew-tee');
    expect(data.selected_variant_id).toBe(other.id);
    expect(data.variants.find((v) => v.id === other.id)!.sku).toBe(other.sku);
    expect(data.product.categories[0]!.slug).toBe('t-shirts');

    const bySlug = SingleProductSchema.parse(
      (await get('/api/product/single-product/organic-cotton-crew-tee')).json().data,
    );
    expect(bySlug.selected_variant_id).toBeNull();
    expect({ ...data, selected_variant_id: null }).toEqual(bySlug);
  });

  it("opens a product by its own sku (its default variant's)", async () => {
    const [only] = await skusOf('brass-desk-lamp');
    const data = SingleProductSchema.parse((await get(`/api/product/single-product/${only!.sku}`)).json().data);
    expect(data.product.slug).toBe('brass-desk-lamp');
    expect(data.product.channel.sku).toBe(only!.sku);
    expect(data.selected_variant_id).toBe(only!.id);
  });

  it('answers 404 for an unknown sku, a sku of an unpublished product, and a sku in the wrong case; two queries', async () => {
    const [lamp] = await skusOf('brass-desk-lamp');
    expect((await get('/api/product/single-product/NOPE-0000-XX')).statusCode).toBe(404);
    expect((await get(`/api/product/single-product/${lamp!.sku.toLowerCase()}`)).statusCode).toBe(404);
    await setPublished('brass-desk-lamp', false);
    try {
      expect((await get(`/api/product/single-product/${lamp!.sku}`)).statusCode).toBe(404);
    } finally {
      await setPublished('brass-desk-lamp', true);
    }
    expect((await counter.during(() => get(`/api/product/single-product/${lamp!.sku}`))).queries).toBe(2);
  });
});

describe('GET /api/product/single-product/{id}/related', () => {
  it('answers up to 8 other published products, sharing a category before sharing only the brand', async () => {
    const res = await get('/api/product/single-product/stoneware-coffee-mug/related');
    expect(res.statusCode).toBe(200);
    const { products: related } = RelatedProductsSchema.parse(res.json().data);
    expect(related).toHaveLength(8);
    expect(related.map((p) => p.slug)).not.toContain('stoneware-coffee-mug');
    const db = t.database.db;
    const [me] = await db.select().from(products).where(eq(products.slug, 'stoneware-coffee-mug'));
    const mine = (await db.select().from(productCategories).where(eq(productCategories.productId, me!.id))).map(
      (c) => c.categoryId,
    );
    const links = await db
      .select()
      .from(productCategories)
      .where(
        inArray(
          productCategories.productId,
          related.map((p) => p.id),
        ),
      );
    for (const p of related)
      expect(
        links.some((l) => l.productId === p.id && mine.includes(l.categoryId)),
        p.slug,
      ).toBe(true);
    // In stock first.
    const firstOut = related.findIndex((p) => !p.in_stock);
    if (firstOut >= 0) expect(related.slice(firstOut).every((p) => !p.in_stock)).toBe(true);
  });

  it('leaves out unpublished products, answers 404 for an unknown product, in one query', async () => {
    const before = (await get('/api/product/single-product/stoneware-coffee-mug/related')).json().data.products;
    const hidden = before[0].slug as string;
    await setPublished(hidden, false);
    try {
      const after = (await get('/api/product/single-product/stoneware-coffee-mug/related')).json().data.products;
      expect(after.map((p: { slug: string }) => p.slug)).not.toContain(hidden);
      expect(after).toHaveLength(8);
    } finally {
      await setPublished(hidden, true);
    }
    expect((await get('/api/product/single-product/nope/related')).json()).toEqual({
      status: 'error',
      message: 'Product not found',
    });
    expect((await counter.during(() => get('/api/product/single-product/stoneware-coffee-mug/related'))).queries).toBe(
      1,
    );
  });
});
