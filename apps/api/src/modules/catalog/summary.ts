import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { textArray } from '../../db/sql-array.ts';

/**
 * The channel the `products` read model is priced in: the default storefront's (the shop
 * context calls it `primary`). Every other channel's listing prices are in product_channel_prices.
 */
export const READ_MODEL_CHANNEL = sql`(select channel_id from storefronts order by is_default desc, id limit 1)`;

/**
 * The products table carries a read model of each product's variants in the storefront's
 * channel, so that listings, facets, search and sorts read one row per product:
 *
 * - price_minor: the cheapest available variant's selling price (the "from" price; of every
 *   variant when none is available), mrp_minor: that variant's MRP;
 * - stock: units of the available variants together (a card is in stock when it is above 0). Exact
 *   after every catalog write; checkout and its stock returns refresh it only when a variant runs
 *   out or comes back (refreshOnStockCrossing), the only change a card or a filter shows;
 * - currency: the channel's currency; image_path: the first image of the gallery;
 * - product_channel_prices: the same from-price and MRP in every other channel the product has
 *   variants in (a row is removed when it has none there any more: not sold in that channel).
 *
 * Whatever changes variants, channel prices or images (seed, admin, stock movements at checkout)
 * calls refreshProductSummaries in the same transaction. A product with no variant in the
 * channel is left as it is. Ratings (rating_avg, rating_count) belong to the reviews module;
 * search_text to whoever writes the product's words. One statement; answers how many product
 * rows changed.
 */
export async function refreshProductSummaries(db: Db, productIds?: readonly string[]): Promise<number> {
  if (productIds?.length === 0) return 0;
  const only = productIds ? sql`and p.id = any(${textArray(productIds)})` : sql``;
  // Only the named products' variants are aggregated (a checkout touches a few of thousands).
  const onlyVariants = productIds ? sql`where v.product_id = any(${textArray(productIds)})` : sql``;
  const onlyOthers = productIds ? sql`and v.product_id = any(${textArray(productIds)})` : sql``;
  const onlyPrices = productIds ? sql`and x.product_id = any(${textArray(productIds)})` : sql``;
  const rows = await queryRows(
    db,
    sql`with ch as (select c.id, c.currency_code from channels c where c.id = ${READ_MODEL_CHANNEL}),
      -- The other channels' listing prices, written by the two data-modifying CTEs below (one statement).
      other as (
        select v.product_id, vc.channel_id, min(c.currency_code) as currency,
          coalesce(min(vc.selling_price_minor) filter (where vc.is_available), min(vc.selling_price_minor)) as price_minor,
          (array_agg(vc.mrp_minor order by not vc.is_available, vc.selling_price_minor, v.position, v.id))[1] as mrp_minor
        from variants v join variant_channels vc on vc.variant_id = v.id join channels c on c.id = vc.channel_id
        where vc.channel_id <> (select id from ch) ${onlyOthers}
        group by v.product_id, vc.channel_id),
      gone as (
        delete from product_channel_prices x
         where not exists (select 1 from other o where o.product_id = x.product_id and o.channel_id = x.channel_id) ${onlyPrices}
        returning 1),
      priced as (
        insert into product_channel_prices as x (product_id, channel_id, currency, price_minor, mrp_minor)
        select product_id, channel_id, currency, price_minor, mrp_minor from other
        on conflict (product_id, channel_id) do update
          set currency = excluded.currency, price_minor = excluded.price_minor, mrp_minor = excluded.mrp_minor
          where (x.currency, x.price_minor, x.mrp_minor) is distinct from (excluded.currency, excluded.price_minor, excluded.mrp_minor)
        returning 1),
      agg as (
        select v.product_id,
          coalesce(min(vc.selling_price_minor) filter (where vc.is_available), min(vc.selling_price_minor)) as price_minor,
          (array_agg(vc.mrp_minor order by not vc.is_available, vc.selling_price_minor, v.position, v.id))[1] as mrp_minor,
          coalesce(sum(greatest(v.stock, 0)) filter (where vc.is_available), 0)::int as stock
        from variants v join variant_channels vc on vc.variant_id = v.id and vc.channel_id = (select id from ch)
        ${onlyVariants}
        group by v.product_id),
      s as (
        select agg.*, (select currency_code from ch) as currency,
          (select i.path from product_images i where i.product_id = agg.product_id order by i.position, i.id limit 1) as image_path
        from agg)
    update products p
       set price_minor = s.price_minor, mrp_minor = s.mrp_minor, stock = s.stock, currency = s.currency,
           image_path = s.image_path, updated_at = now()
      from s
     where s.product_id = p.id ${only}
       -- Rows already in step are left alone (updated_at keeps meaning "last changed").
       and (p.price_minor, p.mrp_minor, p.stock, p.currency, p.image_path)
           is distinct from (s.price_minor, s.mrp_minor, s.stock, s.currency, s.image_path)
    returning p.id`,
  );
  return rows.length;
}

/**
 * After stock moved at checkout (taken, returned), refreshes the summaries of the products whose
 * in-stock state may have changed: a variant that ran out (now 0) or came back (it held exactly
 * what was returned). Other movements leave cards and filters as they are, and skipping them keeps
 * every order from rewriting its products' rows (and their search indexes).
 */
export async function refreshOnStockCrossing(
  db: Db,
  moved: readonly { product_id: string; stock: number; qty: number }[],
  direction: 'taken' | 'returned',
): Promise<void> {
  const crossed = moved.filter((m) => (direction === 'taken' ? m.stock <= 0 : m.stock === m.qty));
  if (crossed.length) await refreshProductSummaries(db, [...new Set(crossed.map((m) => m.product_id))]);
}
