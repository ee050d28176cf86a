import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductCardSchema, type ProductCard } from '@shopfront/shared';
import { products } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { countQueries } from './query-counter.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const grid = (payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/product/product-grid',
    ...(payload === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) }),
  });

describe('POST /api/product/product-grid', () => {
  it('answers the 8 newest published products by default, with server-computed prices', async () => {
    const res = await grid();
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.source).toBe('latest');
    expect(data.products).toHaveLength(8);
    for (const p of data.products) ProductCardSchema.parse(p);
    const tee = data.products[0];
    expect(tee).toMatchObject({
      slug: 'organic-cotton-crew-tee',
      price: { amount: 79900, currency: 'INR', formatted: '₹799.00' },
      mrp: { amount: 99900, formatted: '₹999.00' },
      discount_percent: 20,
      in_stock: true,
    });
    expect(tee.id).toMatch(/^prd_/);
  });

  it('answers featured products only for source featured', async () => {
    const featured = await t.database.db
      .select({ slug: products.slug })
      .from(products)
      .where(eq(products.isFeatured, true));
    const { data } = (await grid({ items: 48, source: 'featured' })).json();
    expect(data.products.length).toBe(Math.min(48, featured.length));
    expect(featured.map((f) => f.slug)).toEqual(
      expect.arrayContaining(data.products.map((p: { slug: string }) => p.slug)),
    );
    expect(data.products.map((p: { slug: string }) => p.slug)).toContain('snake-plant-ceramic-pot');
  });

  it('marks out-of-stock products and hides unpublished ones', async () => {
    await t.database.db
      .update(products)
      .set({ isPublished: false })
      .where(eq(products.slug, 'organic-cotton-crew-tee'));
    const { data } = (await grid({ items: 48 })).json();
    const slugs = data.products.map((p: { slug: string }) => p.slug);
    expect(slugs).not.toContain('organic-cotton-crew-tee');
    expect(data.products.find((p: { slug: string }) => p.slug === 'block-print-cushion-cover').in_stock).toBe(false);
    await t.database.db.update(products).set({ isPublished: true }).where(eq(products.slug, 'organic-cotton-crew-tee'));
  });

  it('rejects bad input with field errors', async () => {
    const tooMany = await grid({ items: 49 });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ items: ['The value may not be greater than 48'] });
    expect((await grid({ items: 'ten' })).json().errors.items).toEqual(['The value must be numeric']);
    expect((await grid({ items: 2.5 })).json().errors.items).toEqual(['The value must be an integer']);
    expect((await grid({ source: 'cheapest' })).json().errors.source).toEqual(['This field is not valid']);
  });

  it('refuses a price sent by the client instead of trusting it', async () => {
    const res = await grid({ items: 2, price: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().status).toBe('error');
  });
});

describe('POST /api/product/product-grid source best_rated', () => {
  it('answers well-reviewed products first, weighting the stars by how many reviews back them', async () => {
    const { data } = (await grid({ items: 12, source: 'best_rated' })).json();
    expect(data.source).toBe('best_rated');
    expect(data.products).toHaveLength(12);
    const score = (p: ProductCard) =>
      (p.rating.overall_rating * p.rating.total_reviews + 9) / (p.rating.total_reviews + 3);
    for (let i = 1; i < data.products.length; i++)
      expect(score(data.products[i - 1])).toBeGreaterThanOrEqual(score(data.products[i]) - 0.01);
    expect(data.products[0].rating.total_reviews).toBeGreaterThan(3);
  });
});

describe('POST /api/product/product-grid queries', () => {
  it('uses one query whatever the number of items', async () => {
    const counter = countQueries(t.database.db);
    try {
      expect((await counter.during(() => grid({ items: 1 }))).queries).toBe(1);
      expect((await counter.during(() => grid({ items: 48, source: 'best_rated' }))).queries).toBe(1);
    } finally {
      counter.restore();
    }
  });
});
