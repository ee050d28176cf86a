import { and, desc, eq } from 'drizzle-orm';
import { money, type ProductCard, type ProductGrid, type ProductGridQuery } from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema.ts';

type ProductRow = typeof products.$inferSelect;

/** Shapes a product row as the card every listing shows. Prices come only from the database. */
export function toProductCard(p: ProductRow): ProductCard {
  const discount = p.mrpMinor && p.mrpMinor > p.priceMinor ? Math.round(((p.mrpMinor - p.priceMinor) / p.mrpMinor) * 100) : 0;
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    brand: p.brand,
    image: p.imagePath ? { url: p.imagePath, alt: p.name } : null,
    price: money(p.priceMinor, p.currency),
    mrp: p.mrpMinor && p.mrpMinor > p.priceMinor ? money(p.mrpMinor, p.currency) : null,
    discount_percent: discount,
    in_stock: p.stock > 0,
  };
}

/** A list of published products for a grid section: newest, or featured then newest. One query. */
export async function getProductGrid(db: Db, body: ProductGridQuery): Promise<ProductGrid> {
  const published = eq(products.isPublished, true);
  const rows = await db
    .select()
    .from(products)
    .where(body.source === 'featured' ? and(published, eq(products.isFeatured, true)) : published)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(body.items);
  return { source: body.source, products: rows.map(toProductCard) };
}
