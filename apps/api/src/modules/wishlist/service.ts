import { and, count, desc, eq } from 'drizzle-orm';
import { MAX_WISHLIST_ITEMS, wishlistMessages, type Wishlist, type WishlistChange } from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { customers, products, wishlistItems } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http.ts';
import { cardColumns, toProductCard } from '../catalog/service.ts';

const published = eq(products.isPublished, true);

/** How many products the customer's wishlist shows (published ones only). */
async function countItems(db: Db, customerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(and(eq(wishlistItems.customerId, customerId), published));
  return Number(row?.n ?? 0);
}

/**
 * The customer's wishlist, newest first, each product as the card the catalogue grids show.
 * One query whatever its length. Products taken off sale stay saved but are not shown.
 */
export async function getWishlist(db: Db, customerId: number): Promise<Wishlist> {
  const rows = await db
    .select({ addedAt: wishlistItems.createdAt, card: cardColumns })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(and(eq(wishlistItems.customerId, customerId), published))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId));
  const items = rows.map((r) => ({
    product_id: r.card.id,
    added_at: r.addedAt.toISOString(),
    product: toProductCard(r.card),
  }));
  return { items, total: items.length };
}

/**
 * Saves a published product to the wishlist. Idempotent: saving it again changes nothing.
 * Unknown or unpublished product: 404. A full wishlist: 422.
 */
export async function addToWishlist(db: Db, customerId: number, productId: string): Promise<WishlistChange> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), published));
  if (!product) throw notFound(wishlistMessages.productNotFound);
  await db.transaction(async (tx) => {
    // One customer's saves run one at a time, so the limit holds across processes.
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
    const [row] = await tx
      .insert(wishlistItems)
      .values({ customerId, productId })
      .onConflictDoNothing()
      .returning({ productId: wishlistItems.productId });
    if (!row) return; // already saved: nothing changes, and a full wishlist does not refuse it
    // Counted as shown: saves of products taken off sale are hidden, so they do not fill it.
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(wishlistItems)
      .innerJoin(products, eq(products.id, wishlistItems.productId))
      .where(and(eq(wishlistItems.customerId, customerId), published));
    if (Number(n) > MAX_WISHLIST_ITEMS) throw new HttpError(422, wishlistMessages.full);
  });
  return { product_id: productId, in_wishlist: true, total: await countItems(db, customerId) };
}

/** Takes a product off the wishlist. Idempotent: removing one that is not there succeeds too. */
export async function removeFromWishlist(db: Db, customerId: number, productId: string): Promise<WishlistChange> {
  await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.customerId, customerId), eq(wishlistItems.productId, productId)));
  return { product_id: productId, in_wishlist: false, total: await countItems(db, customerId) };
}
