import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addressSource } from '../../test/auth.ts';
import { signedInOwner } from '../staff/testing.ts';
import { ADMIN_MAX_FAILURES } from './auth.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** A token of the right shape that no session has. */
const forged = (c: string) => `sfs_${c.repeat(43)}`;

let t: TestApp;
/** The signed-in owner's bearer token. */
let TOKEN: string;
/** A seeded product with several reviews, and its newest review. */
let busy: { id: string; slug: string; n: number };
const nextAddress = addressSource(61);

beforeAll(async () => {
  t = await createTestApp();
  TOKEN = (await signedInOwner(t)).headers.authorization!.replace('Bearer ', '');
  [busy] = (await queryRows<{ id: string; slug: string; n: number }>(
    t.database.db,
    sql`select p.id, p.slug, count(r.id)::int as n from products p join reviews r on r.product_id = p.id
        where p.is_published group by p.id, p.slug having count(r.id) >= 3 order by p.slug limit 1`,
  )) as [typeof busy];
});
afterAll(() => t.close());

const moderate = (
  id: number | string,
  action: 'hide' | 'unhide',
  headers: Record<string, string> = bearer(TOKEN),
  ip = nextAddress(),
) => t.app.inject({ method: 'POST', url: `/api/admin/reviews/${id}/${action}`, headers, remoteAddress: ip });
const productReviews = async (slug: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/plugins/review/product-reviews', payload: { slug } })).json().data;
const singleProductRating = async (slug: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/product/single-product/${slug}` })).json().data.rating;

describe('owner review moderation', () => {
  it('hides a review from the product’s reviews, counts, rating and catalog rating, and shows it again', async () => {
    const before = await productReviews(busy.slug);
    const target = before.reviews[0] as { id: number; rating: number };
    const beforeRating = await singleProductRating(busy.slug);
    expect(beforeRating).toEqual({ overall_rating: before.overall_rating, total_reviews: busy.n });

    const hidden = await moderate(target.id, 'hide');
    expect(hidden.statusCode).toBe(200);
    const body = hidden.json();
    expect(body).toMatchObject({ status: 'success', message: 'The review is hidden' });
    expect(body.data).toMatchObject({
      id: target.id,
      product: { slug: busy.slug },
      hidden_at: expect.stringMatching(/^\d{4}-/),
    });

    const after = await productReviews(busy.slug);
    expect(after.reviews.map((r: { id: number }) => r.id)).not.toContain(target.id);
    expect(after.total_reviews).toBe(busy.n - 1);
    expect(after.rating_count[String(target.rating)]).toBe(before.rating_count[String(target.rating)] - 1);
    const othersMean = (before.overall_rating * busy.n - target.rating) / (busy.n - 1);
    expect(after.overall_rating).toBeCloseTo(othersMean, 1);
    // Every listing, card and sort reads the product's rating columns: they follow.
    expect(await singleProductRating(busy.slug)).toEqual({
      overall_rating: after.overall_rating,
      total_reviews: busy.n - 1,
    });
    const [row] = await t.database.db.select().from(products).where(eq(products.id, busy.id));
    expect(row).toMatchObject({ ratingCount: busy.n - 1 });
    expect(body.data.product_rating).toEqual({ overall_rating: after.overall_rating, total_reviews: busy.n - 1 });

    // Hiding again changes nothing, not even the time it was hidden.
    const again = await moderate(target.id, 'hide');
    expect(again.json().data.hidden_at).toBe(body.data.hidden_at);
    expect((await productReviews(busy.slug)).total_reviews).toBe(busy.n - 1);

    const shown = await moderate(target.id, 'unhide');
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ message: 'The review is shown again', data: { hidden_at: null } });
    const restored = await productReviews(busy.slug);
    expect(restored.total_reviews).toBe(busy.n);
    expect(restored.reviews[0].id).toBe(target.id);
    expect(restored.rating_count).toEqual(before.rating_count);
    expect(await singleProductRating(busy.slug)).toEqual(beforeRating);
  });

  it('answers 404 for an unknown review and 422 for an id that is not one', async () => {
    const unknown = await moderate(2_000_000_000, 'hide');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 'error', message: 'Review not found' });
    for (const id of ['abc', '0', '99999999999']) {
      const bad = await moderate(id, 'hide');
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.id).toHaveLength(1);
    }
  });

  it('refuses a missing or wrong token with 401, and changes nothing', async () => {
    const [target] = (await productReviews(busy.slug)).reviews as { id: number }[];
    for (const headers of [
      {} as Record<string, string>,
      bearer('x'.repeat(TOKEN.length)),
      bearer(`${TOKEN}x`),
      bearer(forged('A')),
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
      { cookie: `sf_staff=${forged('B')}`, 'x-requested-with': 'shopfront' },
    ]) {
      const res = await moderate(target!.id, 'hide', headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 'error', message: 'Please sign in as staff to use the owner API' });
    }
    expect((await productReviews(busy.slug)).total_reviews).toBe(busy.n);
  });

  it('after too many wrong tokens from one address, answers 429 there to wrong ones, never to the right token', async () => {
    const [target] = (await productReviews(busy.slug)).reviews as { id: number }[];
    const ip = nextAddress();
    for (let i = 0; i < ADMIN_MAX_FAILURES; i++) {
      expect((await moderate(target!.id, 'unhide', bearer(forged(String(i))), ip)).statusCode).toBe(401);
    }
    const locked = await moderate(target!.id, 'unhide', bearer(forged('Z')), ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ status: 'error', message: 'Too many requests. Please try again later' });
    // Retry-After: seconds until the 15-minute window of the first failure ends.
    expect(Number(locked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // A live session behind the same address (a colleague in the office) is not held (ADR 26).
    expect((await moderate(target!.id, 'unhide', bearer(TOKEN), ip)).statusCode).toBe(200);
    expect((await moderate(target!.id, 'unhide', bearer(TOKEN), nextAddress())).statusCode).toBe(200);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const action of ['hide', 'unhide']) {
      const op = doc.paths[`/api/admin/reviews/{id}/${action}`]?.post;
      expect(op?.description).toContain('Authorization: Bearer sfs_');
      expect(Object.keys(op?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401', '404', '429']));
    }
  });
});

describe('owner review moderation audit', () => {
  it('writes who hid a review to the audit log', async () => {
    const [target] = (await productReviews(busy.slug)).reviews as { id: number }[];
    expect((await moderate(target!.id, 'hide')).statusCode).toBe(200);
    expect((await moderate(target!.id, 'unhide')).statusCode).toBe(200);
    const [entry] = await queryRows<{ action: string; target: string }>(
      t.database.db,
      sql`select action, target from audit_log where target = ${`review:${target!.id}`} order by id desc limit 1`,
    );
    expect(entry).toEqual({ action: 'review.unhide', target: `review:${target!.id}` });
  });
});
