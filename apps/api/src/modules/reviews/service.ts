import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  REVIEWS_PER_HOUR,
  REVIEWS_PER_PAGE,
  contentPagination,
  reviewMessages,
  type ModeratedReview,
  type ProductReview,
  type ProductReviews,
  type RatingCount,
} from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { plugins, products, reviews } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http.ts';
import { claimAttempt, type Throttle } from '../../lib/throttle.ts';
import type { Customer } from '../../lib/session.ts';
import { uniqueViolation } from '../auth/service.ts';

/** REVIEWS_PER_HOUR per customer, the hour starting at their first review. */
const reviewThrottle = (customerId: number): Throttle => ({
  scope: 'review',
  subject: String(customerId),
  limit: REVIEWS_PER_HOUR,
  windowMs: 60 * 60_000,
});

/** Reviews the shop shows: published and not hidden by the owner. Lists, counts and ratings all use it. */
const shown = and(eq(reviews.isPublished, true), isNull(reviews.hiddenAt));

/** True when the Review plugin is installed: its endpoints answer only then. */
export async function reviewsEnabled(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ installed: plugins.isInstalled })
    .from(plugins)
    .where(eq(plugins.moduleName, 'Review'));
  return row?.installed === true;
}

/**
 * One page (REVIEWS_PER_PAGE, newest first) of a published product's published reviews, with
 * the count per star, the total and the mean rating of all of them; null if no such product.
 */
export async function getProductReviews(db: Db, slug: string, page: number): Promise<ProductReviews | null> {
  const [product] = await db
    .select({ id: products.id, slug: products.slug, name: products.name })
    .from(products)
    .where(and(eq(products.slug, slug), eq(products.isPublished, true)));
  if (!product) return null;

  const published = and(eq(reviews.productId, product.id), shown);
  const [stars, rows] = await Promise.all([
    db.select({ rating: reviews.rating, n: count() }).from(reviews).where(published).groupBy(reviews.rating),
    db
      .select()
      .from(reviews)
      .where(published)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(REVIEWS_PER_PAGE)
      .offset((page - 1) * REVIEWS_PER_PAGE),
  ]);

  const ratingCount: RatingCount = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  let total = 0;
  let sum = 0;
  for (const s of stars) {
    const key = String(s.rating) as keyof RatingCount;
    if (!(key in ratingCount)) continue; // a rating outside 1..5 cannot be written, but never count one
    ratingCount[key] = Number(s.n);
    total += Number(s.n);
    sum += s.rating * Number(s.n);
  }

  return {
    product: { slug: product.slug, name: product.name },
    reviews: rows.map((r) => ({
      id: r.id,
      author: r.authorName,
      rating: r.rating,
      title: r.title,
      body: r.body,
      is_verified_buyer: r.isVerifiedBuyer,
      created_at: r.createdAt.toISOString(),
    })),
    pagination: contentPagination(page, REVIEWS_PER_PAGE, total),
    rating_count: ratingCount,
    total_reviews: total,
    overall_rating: total ? Math.round((sum / total) * 100) / 100 : 0,
  };
}

/** How a customer's name appears on their review: first name and last initial ("Asha R."). */
export function reviewAuthorName(c: Pick<Customer, 'firstName' | 'lastName'>): string {
  const first = c.firstName.trim();
  const initial = c.lastName.trim().charAt(0);
  if (!first) return 'Customer';
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/**
 * Recomputes a product's rating average and count (the columns every listing, card and sort
 * reads) from the reviews it shows. Call it in the transaction that changes the reviews.
 */
async function refreshProductRating(db: Db, productId: string): Promise<{ avg: number; count: number }> {
  const visible = sql`r.product_id = ${productId} and r.is_published and r.hidden_at is null`;
  const [row] = await db
    .update(products)
    .set({
      ratingAvg: sql`coalesce((select round(avg(r.rating)::numeric, 2)::real from ${reviews} r where ${visible}), 0)`,
      ratingCount: sql`(select count(*)::int from ${reviews} r where ${visible})`,
    })
    .where(eq(products.id, productId))
    .returning({ avg: products.ratingAvg, count: products.ratingCount });
  return row ?? { avg: 0, count: 0 };
}

/**
 * Stores a logged-in customer's review of a published product and refreshes the product's
 * rating average and count, in one transaction. One review per customer and product: a second
 * answers 409 (reviews_customer_product_uq decides, so two racing requests cannot both land).
 * At most REVIEWS_PER_HOUR a customer (429 with Retry-After); a refused or failed review uses none of them.
 * Verified buyer: true only when the customer has a delivered order containing this product
 * (decided here, from the orders table, once orders exist); never from the request, so until then false.
 */
export async function writeReview(
  db: Db,
  customer: Customer,
  body: { slug: string; rating: number; title: string; body: string },
): Promise<ProductReview> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.slug, body.slug), eq(products.isPublished, true)));
  if (!product) throw notFound(reviewMessages.productNotFound);
  try {
    return await db.transaction(async (tx) => {
      // In the transaction, so a review that fails below (409) gives its use back.
      await claimAttempt(tx, [reviewThrottle(customer.id)], reviewMessages.tooManyReviews);
      const [row] = await tx
        .insert(reviews)
        .values({
          productId: product.id,
          customerId: customer.id,
          authorName: reviewAuthorName(customer),
          rating: body.rating,
          title: body.title,
          body: body.body,
          // Orders do not exist yet, so no review can prove a purchase (see the TSDoc above).
          isVerifiedBuyer: false,
        })
        .returning();
      await refreshProductRating(tx, product.id);
      return {
        id: row!.id,
        author: row!.authorName,
        rating: row!.rating,
        title: row!.title,
        body: row!.body,
        is_verified_buyer: row!.isVerifiedBuyer,
        created_at: row!.createdAt.toISOString(),
      };
    });
  } catch (err) {
    if (uniqueViolation(err) === 'reviews_customer_product_uq')
      throw new HttpError(409, reviewMessages.alreadyReviewed);
    throw err;
  }
}

/**
 * Hides a review from the shop (`hidden` true) or shows it again, and refreshes its product's
 * rating in the same transaction. Hiding a hidden review keeps the time it was first hidden.
 * Answers null for an unknown review.
 */
export async function setReviewHidden(db: Db, reviewId: number, hidden: boolean): Promise<ModeratedReview | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(reviews)
      .set({ hiddenAt: hidden ? sql`coalesce(${reviews.hiddenAt}, now())` : null })
      .where(eq(reviews.id, reviewId))
      .returning();
    if (!row) return null;
    const rating = await refreshProductRating(tx, row.productId);
    const [product] = await tx
      .select({ slug: products.slug, name: products.name })
      .from(products)
      .where(eq(products.id, row.productId));
    return {
      id: row.id,
      author: row.authorName,
      rating: row.rating,
      title: row.title,
      body: row.body,
      is_verified_buyer: row.isVerifiedBuyer,
      created_at: row.createdAt.toISOString(),
      product: { slug: product!.slug, name: product!.name },
      hidden_at: row.hiddenAt?.toISOString() ?? null,
      product_rating: { overall_rating: Math.round(rating.avg * 100) / 100, total_reviews: rating.count },
    };
  });
}
