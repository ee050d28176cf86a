import { and, count, desc, eq } from 'drizzle-orm';
import { REVIEWS_PER_PAGE, contentPagination, type ProductReviews, type RatingCount } from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { plugins, products, reviews } from '../../db/schema.ts';

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

  const published = and(eq(reviews.productId, product.id), eq(reviews.isPublished, true));
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
