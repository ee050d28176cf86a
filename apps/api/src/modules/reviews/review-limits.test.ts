import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEWS_PER_HOUR } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { reviews } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { loggedInCustomer } from '../../test/auth.ts';

let t: TestApp;
/** Published products, more than one customer may review in an hour. */
let slugs: string[];

beforeAll(async () => {
  t = await createTestApp();
  slugs = (
    await queryRows<{ slug: string }>(
      t.database.db,
      sql`select slug from products where is_published order by slug limit ${REVIEWS_PER_HOUR + 3}`,
    )
  ).map((r) => r.slug);
});
afterAll(() => t.close());

const rate = (payload: object, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/plugins/review/rate-product', payload, headers });
const reviewsBy = (customerId: number) =>
  t.database.db.select().from(reviews).where(eq(reviews.customerId, customerId));
const tooMany = {
  status: 'error',
  message: `You can write up to ${REVIEWS_PER_HOUR} reviews an hour. Please try again later`,
};

describe('reviews per customer per hour', () => {
  it(`takes ${REVIEWS_PER_HOUR} reviews an hour from one customer, then answers 429 and stores nothing`, async () => {
    const a = await loggedInCustomer(t);
    for (const slug of slugs.slice(0, REVIEWS_PER_HOUR)) {
      expect((await rate({ slug, rating: 4 }, a.headers)).statusCode).toBe(200);
    }
    const refused = await rate({ slug: slugs[REVIEWS_PER_HOUR]!, rating: 4 }, a.headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(tooMany);
    // Retry-After: seconds until the hour that started with the first review ends.
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    expect(await reviewsBy(a.customer.id)).toHaveLength(REVIEWS_PER_HOUR);
    // Another customer has an allowance of their own.
    const b = await loggedInCustomer(t);
    expect((await rate({ slug: slugs[REVIEWS_PER_HOUR]!, rating: 2 }, b.headers)).statusCode).toBe(200);
  });

  it('lets the allowance return once the hour is over', async () => {
    const a = await loggedInCustomer(t);
    for (const slug of slugs.slice(0, REVIEWS_PER_HOUR)) await rate({ slug, rating: 5 }, a.headers);
    expect((await rate({ slug: slugs[REVIEWS_PER_HOUR]!, rating: 5 }, a.headers)).statusCode).toBe(429);
    await t.database.db.execute(
      sql`update throttle_counters set resets_at = now() - interval '1 second'
          where scope = 'review' and subject = ${String(a.customer.id)}`,
    );
    expect((await rate({ slug: slugs[REVIEWS_PER_HOUR]!, rating: 5 }, a.headers)).statusCode).toBe(200);
  });

  it('does not count a review refused as a duplicate (409)', async () => {
    const a = await loggedInCustomer(t);
    expect((await rate({ slug: slugs[0]!, rating: 3 }, a.headers)).statusCode).toBe(200);
    for (let i = 0; i < REVIEWS_PER_HOUR; i++) {
      expect((await rate({ slug: slugs[0]!, rating: 3 }, a.headers)).statusCode).toBe(409);
    }
    for (const slug of slugs.slice(1, REVIEWS_PER_HOUR)) {
      expect((await rate({ slug, rating: 3 }, a.headers)).statusCode).toBe(200);
    }
    expect(await reviewsBy(a.customer.id)).toHaveLength(REVIEWS_PER_HOUR);
  });

  it('holds under concurrent requests: never more than the allowance', async () => {
    const a = await loggedInCustomer(t);
    const results = await Promise.all(slugs.map((slug) => rate({ slug, rating: 4 }, a.headers)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(REVIEWS_PER_HOUR);
    expect(codes.filter((c) => c === 429)).toHaveLength(slugs.length - REVIEWS_PER_HOUR);
    expect(await reviewsBy(a.customer.id)).toHaveLength(REVIEWS_PER_HOUR);
  });
});

describe('verified-buyer mark', () => {
  it('cannot be set by the client: a mark in the request is ignored (no orders exist yet)', async () => {
    const a = await loggedInCustomer(t);
    const res = await rate(
      { slug: slugs[0]!, rating: 5, is_verified_buyer: true, isVerifiedBuyer: true, verified: true },
      a.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.is_verified_buyer).toBe(false);
    const [row] = await reviewsBy(a.customer.id);
    expect(row!.isVerifiedBuyer).toBe(false);
  });
});
