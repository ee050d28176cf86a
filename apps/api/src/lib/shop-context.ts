import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { HttpError } from './http.ts';

/**
 * Which shop a request is for (ADR 0021): storefront, its channel (prices, skus), currency and
 * country. Resolved once per request, on first use, and handed to services, which never pick
 * "the default storefront" themselves. A cart keeps the channel it was created in.
 */
export interface ShopContext {
  storefrontId: string;
  channelId: string;
  currency: string;
  countryId: number;
}

const kShop = Symbol('shopfront.shop');

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's shop; one query, on first use. 500 when no storefront is configured. */
    shop(): Promise<ShopContext>;
    [kShop]: Promise<ShopContext> | null;
  }
}

/** The storefront requests are served by today: the default one (multi-channel hosts come later). */
export async function loadShopContext(db: Db): Promise<ShopContext | null> {
  const [row] = await queryRows<{ storefront_id: string; channel_id: string; currency: string; country_id: number }>(
    db,
    sql`select s.id as storefront_id, c.id as channel_id, c.currency_code as currency, c.country_id
          from storefronts s join channels c on c.id = s.channel_id
         order by s.is_default desc, s.id limit 1`,
  );
  return row
    ? { storefrontId: row.storefront_id, channelId: row.channel_id, currency: row.currency, countryId: row.country_id }
    : null;
}

export const shopContextPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest(kShop, null);
    app.decorateRequest('shop', function (this: FastifyRequest) {
      this[kShop] ??= loadShopContext(app.db).then((shop) => {
        if (!shop) throw new HttpError(500, 'No storefront is configured');
        return shop;
      });
      return this[kShop];
    });
  },
  { name: 'shopfront-shop-context' },
);
