import { sql, type SQL } from 'drizzle-orm';
import type { ShopContext } from '../../lib/shop-context.ts';

/** The channel a catalogue read prices in: the request's (ADR 0027). */
export type PriceChannel = Pick<ShopContext, 'channelId' | 'primary'>;

/** A channel inside a PL/pgSQL function's body (ADR 0020): its id is the function's argument. */
export interface PriceChannelSql {
  primary: boolean;
  channelId: string | SQL;
}

/** How products aliased `alias` are priced in a channel: a join (none for the primary channel) and three columns. */
export interface ChannelPriceSql {
  /** Joins the channel's listing prices; an inner join, so a product not sold there drops out. */
  join: SQL;
  currency: SQL;
  price: SQL;
  mrp: SQL;
}

/**
 * Listing prices of `alias` (a `products` alias) in `ch` (ADR 0027). The primary channel's are
 * the read model's own columns, with no join at all; another channel's come from
 * product_channel_prices, joined on its primary key (product, channel), so a listing stays one
 * scan of products plus one index lookup a product, and products without a price in the channel
 * are not listed there.
 */
export function channelPrice(ch: PriceChannel | PriceChannelSql, alias = 'p'): ChannelPriceSql {
  const a = sql.raw(alias);
  if (ch.primary) {
    return { join: sql``, currency: sql`${a}.currency`, price: sql`${a}.price_minor`, mrp: sql`${a}.mrp_minor` };
  }
  const x = sql.raw(`${alias}_cp`);
  return {
    join: sql` join product_channel_prices ${x} on ${x}.product_id = ${a}.id and ${x}.channel_id = ${ch.channelId}`,
    currency: sql`${x}.currency`,
    price: sql`${x}.price_minor`,
    mrp: sql`${x}.mrp_minor`,
  };
}
