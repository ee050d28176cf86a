import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { plugins, products, reviews } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { loggedInCustomer } from '../../test/auth.ts';

let t: TestApp;
/** The seeded product with the most reviews (more than one page of them). */
let busy: { id: string; slug: string; n: number };

beforeAll(async () => {
  t = await createTestApp();
  const rows = await queryRows<{ id: string; slug: string; n: number }>(
    t.database.db,
    sql`select p.id, p.slug, count(r.id)::int as n from products p join reviews r on r.product_id = p.id
        group by p.id, p.slug order by n desc, p.slug limit 1`,
  );
  busy = rows[0]!;
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });
const productReviews = (payload: unknown) => post('/api/plugins/review/product-reviews', payload);

describe('GET /api/plugins/review/fields', () => {
  it('answers the write form: rating 1-5 required, title and review body with their limits', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/plugins/review/fields' });
    expect(res.statusCode).toBe(200);
    const { fields } = res.json().data;
    expect(fields.map((f: { name: string }) => f.name)).toEqual(['rating', 'title', 'body']);
    expect(fields[0]).toMatchObject({ label: 'Rating', type: 'rating', required: true, min: 1, max: 5 });
    expect(fields[1]).toMatchObject({ label: 'Title', type: 'text', required: false, max_length: 120 });
    expect(fields[2]).toMatchObject({ label: 'Review', type: 'textarea', required: false, max_length: 2000 });
  });
});

describe('POST /api/plugins/review/product-reviews', () => {
  it('answers 10 published reviews a page, newest first, with counts per star, total and overall rating', async () => {
    expect(busy.n).toBeGreaterThan(10);
    const res = await productReviews({ slug: busy.slug });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.reviews).toHaveLength(10);
    expect(data.reviews[0]).toEqual({
      id: expect.any(Number),
      author: expect.any(String),
      rating: expect.any(Number),
      title: expect.any(String),
      body: expect.any(String),
      is_verified_buyer: expect.any(Boolean),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const dates = data.reviews.map((r: { created_at: string }) => r.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    // The demo's reviews were written in the past, however recently the seed ran.
    expect(dates.every((d: string) => Date.parse(d) <= Date.now())).toBe(true);
    expect(data.total_reviews).toBe(busy.n);
    expect(data.pagination).toEqual({ page: 1, per_page: 10, total: busy.n, last_page: Math.ceil(busy.n / 10) });
    const counts = data.rating_count as Record<string, number>;
    expect(Object.keys(counts).sort()).toEqual(['1', '2', '3', '4', '5']);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(busy.n);
    const mean = Object.entries(counts).reduce((s, [star, n]) => s + Number(star) * n, 0) / busy.n;
    expect(data.overall_rating).toBeCloseTo(mean, 2);
    const [product] = await t.database.db.select().from(products).where(eq(products.id, busy.id));
    expect(data.overall_rating).toBeCloseTo(product!.ratingAvg, 2);
    expect(data.product).toEqual({ slug: busy.slug, name: product!.name });
  });

  it('pages on without repeating a review', async () => {
    const first = (await productReviews({ slug: busy.slug, page: 1 })).json().data.reviews;
    const second = (await productReviews({ slug: busy.slug, page: 2 })).json().data;
    expect(second.reviews).toHaveLength(Math.min(10, busy.n - 10));
    const ids = new Set(first.map((r: { id: number }) => r.id));
    expect(second.reviews.some((r: { id: number }) => ids.has(r.id))).toBe(false);
    const beyond = (await productReviews({ slug: busy.slug, page: 50 })).json().data;
    expect(beyond.reviews).toEqual([]);
    expect(beyond.total_reviews).toBe(busy.n);
  });

  it('leaves unpublished reviews out of the list and every count', async () => {
    const [newest] = (await productReviews({ slug: busy.slug })).json().data.reviews;
    await t.database.db.update(reviews).set({ isPublished: false }).where(eq(reviews.id, newest.id));
    try {
      const data = (await productReviews({ slug: busy.slug })).json().data;
      expect(data.total_reviews).toBe(busy.n - 1);
      expect(data.reviews.map((r: { id: number }) => r.id)).not.toContain(newest.id);
      expect(Object.values(data.rating_count as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(busy.n - 1);
    } finally {
      await t.database.db.update(reviews).set({ isPublished: true }).where(eq(reviews.id, newest.id));
    }
  });

  it('answers zeros for a product without reviews', async () => {
    const [quiet] = await queryRows<{ slug: string }>(
      t.database.db,
      sql`select slug from products p where p.is_published and not exists (select 1 from reviews r where r.product_id = p.id) limit 1`,
    );
    const data = (await productReviews({ slug: quiet!.slug })).json().data;
    expect(data).toMatchObject({
      reviews: [],
      total_reviews: 0,
      overall_rating: 0,
      rating_count: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
    });
    expect(data.pagination).toEqual({ page: 1, per_page: 10, total: 0, last_page: 1 });
  });

  it('answers 404 for an unknown or unpublished product', async () => {
    const unknown = await productReviews({ slug: 'no-such-product' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 'error', message: 'Product not found' });
    await t.database.db.update(products).set({ isPublished: false }).where(eq(products.id, busy.id));
    try {
      expect((await productReviews({ slug: busy.slug })).statusCode).toBe(404);
    } finally {
      await t.database.db.update(products).set({ isPublished: true }).where(eq(products.id, busy.id));
    }
  });

  it('answers 422 with field messages for a missing slug or a bad page', async () => {
    const missing = await productReviews({});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.slug).toEqual(['This field is required']);
    const zero = await productReviews({ slug: busy.slug, page: 0 });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors.page).toEqual(['The value must be at least 1']);
    expect((await productReviews({ slug: busy.slug, page: 1.5 })).json().errors.page).toEqual([
      'The value must be an integer',
    ]);
    expect((await productReviews({ slug: 'Bad Slug!' })).json().errors.slug).toEqual(['This field is not valid']);
  });
});

describe('POST /api/plugins/review/rate-product', () => {
  const rate = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/plugins/review/rate-product', payload: payload as object, headers });
  const reviewCount = async (productId: string) =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from reviews where product_id = ${productId}`,
      )
    )[0]!.n;

  it('asks a guest to log in, whatever the body, and stores nothing', async () => {
    for (const body of [{ slug: busy.slug, rating: 5, title: 'Great', body: 'Loved it' }, { rating: 9 }, {}]) {
      const res = await rate(body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 'error', message: 'Please log in to write a review' });
    }
    expect(await reviewCount(busy.id)).toBe(busy.n);
  });

  it("stores a logged-in customer's review, shows it first and refreshes the product rating", async () => {
    const [quiet] = await queryRows<{ id: string; slug: string }>(
      t.database.db,
      sql`select id, slug from products p where p.is_published and not exists (select 1 from reviews r where r.product_id = p.id) order by slug limit 1`,
    );
    const a = await loggedInCustomer(t, { firstName: 'Asha', lastName: 'rao' });
    const res = await rate(
      { slug: quiet!.slug, rating: 4, title: ' Soft and sturdy ', body: 'Washes well.' },
      a.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: 'Thank you for your review',
      data: {
        id: expect.any(Number),
        author: 'Asha R.',
        rating: 4,
        title: 'Soft and sturdy',
        body: 'Washes well.',
        // No orders exist yet, so nobody is a verified buyer.
        is_verified_buyer: false,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, res.json().data.id));
    expect(row!.customerId).toBe(a.customer.id);
    const b = await loggedInCustomer(t, { firstName: 'Bo', lastName: '' });
    expect((await rate({ slug: quiet!.slug, rating: 1 }, b.headers)).json().data.author).toBe('Bo');

    const list = (await productReviews({ slug: quiet!.slug })).json().data;
    expect(list.total_reviews).toBe(2);
    expect(list.reviews[0].author).toBe('Bo');
    expect(list.overall_rating).toBe(2.5);
    const [product] = await t.database.db.select().from(products).where(eq(products.id, quiet!.id));
    expect(product).toMatchObject({ ratingAvg: 2.5, ratingCount: 2 });
  });

  it('takes one review per customer and product (409 on the second)', async () => {
    const a = await loggedInCustomer(t);
    expect((await rate({ slug: busy.slug, rating: 5 }, a.headers)).statusCode).toBe(200);
    const again = await rate({ slug: busy.slug, rating: 1, title: 'Changed my mind' }, a.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 'error', message: 'You have already reviewed this product' });
    expect(await reviewCount(busy.id)).toBe(busy.n + 1);
    // Another customer may still review it.
    const b = await loggedInCustomer(t);
    expect((await rate({ slug: busy.slug, rating: 3 }, b.headers)).statusCode).toBe(200);
    await t.database.db.delete(reviews).where(inArray(reviews.customerId, [a.customer.id, b.customer.id]));
  });

  it('validates the review and answers 404 for an unknown product', async () => {
    const a = await loggedInCustomer(t);
    const bad = await rate({ slug: busy.slug, rating: 6, title: 'x'.repeat(121) }, a.headers);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      rating: ['The value must be between 1 and 5'],
      title: ['The value length should not exceed 120'],
    });
    expect((await rate({ slug: busy.slug }, a.headers)).json().errors).toEqual({ rating: ['This field is required'] });
    const unknown = await rate({ slug: 'no-such-product', rating: 5 }, a.headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 'error', message: 'Product not found' });
  });

  it('needs the CSRF header with the session cookie', async () => {
    const a = await loggedInCustomer(t);
    const res = await rate({ slug: busy.slug, rating: 5 }, { cookie: a.cookie });
    expect(res.statusCode).toBe(403);
    expect(await reviewCount(busy.id)).toBe(busy.n);
  });
});

describe('Review plugin switched off', () => {
  it('answers 404 on every review endpoint', async () => {
    await t.database.db.update(plugins).set({ isInstalled: false }).where(eq(plugins.moduleName, 'Review'));
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/plugins/review/fields' })).json()).toEqual({
        status: 'error',
        message: 'Reviews are not enabled',
      });
      expect((await productReviews({ slug: busy.slug })).statusCode).toBe(404);
      expect((await post('/api/plugins/review/rate-product', {})).statusCode).toBe(404);
    } finally {
      await t.database.db
        .update(plugins)
        .set({ isInstalled: true })
        .where(and(eq(plugins.moduleName, 'Review')));
    }
  });
});
