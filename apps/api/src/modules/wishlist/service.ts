import { and, count, eq, sql } from 'drizzle-orm';
import { MAX_WISHLIST_ITEMS, wishlistMessages, type Wishlist, type WishlistChange } from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { isoSql } from '../../db/sql-time.ts';
import { customers, products, variants, wishlistItems } from '../../db/schema.ts';
import { HttpError, fieldError, notFound } from '../../lib/http.ts';
import { channelPrice, type PriceChannel } from '../catalog/channel-price.ts';
import { onQuoteSql, type ListingRow } from '../catalog/listing-sql.ts';
import { cardFromRow } from '../catalog/service.ts';

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

/** The customer's saved published products as cards priced in channel `ch`, with the option saved. */
const wishlistRows = namedQuery<
  Omit<ListingRow, 'image_focal'> & {
    added_at: string;
    variant_id: string | null;
    variant_title: string | null;
    variant_options: Record<string, string> | null;
  }
>()({
  name: 'wishlist.rows',
  columns: [
    'added_at',
    'id',
    'slug',
    'name',
    'brand',
    'image_path',
    'currency',
    'price_minor',
    'mrp_minor',
    'stock',
    'rating_avg',
    'rating_count',
    'on_quote',
    'variant_id',
    'variant_title',
    'variant_options',
  ],
  example: { customerId: 1, ch: { channelId: 'ch_example', primary: false } as PriceChannel },
  build: ({ customerId, ch }: { customerId: number; ch: PriceChannel }) => {
    const pr = channelPrice(ch);
    return sql`select ${isoSql(sql`w.created_at`)} as added_at, p.id, p.slug, p.name, p.brand, p.image_path,
               ${pr.currency} as currency, ${pr.price} as price_minor, ${pr.mrp} as mrp_minor, p.stock,
               p.rating_avg::float8 as rating_avg, p.rating_count, ${onQuoteSql} as on_quote,
               v.id as variant_id, v.title as variant_title, v.options as variant_options
          from wishlist_items w join products p on p.id = w.product_id${pr.join}
          left join variants v on v.id = w.variant_id
         where w.customer_id = ${customerId} and p.is_published
         order by w.created_at desc, w.product_id desc`;
  },
});

/**
 * The customer's wishlist, newest first, each product as the card the catalogue grids show,
 * priced in the request's channel (ADR 0027). One query whatever its length. Products taken off
 * sale, or not sold in the channel, stay saved but are not shown.
 */
export async function getWishlist(db: Db, customerId: number, ch: PriceChannel): Promise<Wishlist> {
  const rows = await wishlistRows(db, { customerId, ch });
  const items = rows.map((r) => ({
    product_id: r.id,
    added_at: r.added_at,
    product: cardFromRow(r),
    variant: r.variant_id ? { id: r.variant_id, title: r.variant_title ?? '', options: r.variant_options ?? {} } : null,
  }));
  return { items, total: items.length };
}

/**
 * Saves a published product to the wishlist, with the option chosen on its page when given (Move
 * to cart moves that one). Idempotent: saving it again changes nothing but the saved option.
 * Unknown or unpublished product: 404; an option of another product: 422. A full wishlist: 422.
 */
export async function addToWishlist(
  db: Db,
  customerId: number,
  productId: string,
  variantId: string | null = null,
): Promise<WishlistChange> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), published));
  if (!product) throw notFound(wishlistMessages.productNotFound);
  if (variantId !== null) {
    const [variant] = await db
      .select({ id: variants.id })
      .from(variants)
      .where(and(eq(variants.id, variantId), eq(variants.productId, productId)));
    if (!variant) throw fieldError('variant_id', wishlistMessages.variantNotFound);
  }
  await db.transaction(async (tx) => {
    // One customer's saves run one at a time, so the limit holds across processes.
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
    const [row] = await tx
      .insert(wishlistItems)
      .values({ customerId, productId, variantId })
      .onConflictDoNothing()
      .returning({ productId: wishlistItems.productId });
    if (!row) {
      // Already saved: only a newly chosen option changes, and a full wishlist does not refuse it.
      if (variantId !== null) {
        await tx
          .update(wishlistItems)
          .set({ variantId })
          .where(and(eq(wishlistItems.customerId, customerId), eq(wishlistItems.productId, productId)));
      }
      return;
    }
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

/** The option saved with a product on the customer's wishlist, if any (Move to cart moves it). */
export async function savedVariantOf(db: Db, customerId: number, productId: string): Promise<string | null> {
  const [row] = await db
    .select({ variantId: wishlistItems.variantId })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.customerId, customerId), eq(wishlistItems.productId, productId)));
  return row?.variantId ?? null;
}

/** Takes a product off the wishlist. Idempotent: removing one that is not there succeeds too. */
export async function removeFromWishlist(db: Db, customerId: number, productId: string): Promise<WishlistChange> {
  await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.customerId, customerId), eq(wishlistItems.productId, productId)));
  return { product_id: productId, in_wishlist: false, total: await countItems(db, customerId) };
}
