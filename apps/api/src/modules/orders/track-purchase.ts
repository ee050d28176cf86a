import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { TrackPurchaseBodySchema, TrackPurchaseSchema, orderMessages, trackPurchaseApi } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { HttpError, ok } from '../../lib/http.ts';
import { orderAccess, orderAccessSql, type OrderAccess } from './access.ts';

/** The order flag each analytics plugin sets (spec section 3, Order: its tracked flags). */
const FLAGS = {
  GoogleGtag: 'google_gtag_event_tracked',
  GoogleTagManager: 'google_gtm_event_tracked',
  FacebookPixel: 'facebook_pixel_event_tracked',
} as const;
export type PurchasePlugin = keyof typeof FLAGS;

/**
 * Sets the plugin's tracked flag of the requester's order, once: a conditional update (where the
 * flag is still false) answers true to the first call and false to every later one, so the page
 * fires the purchase event once per order whatever the reloads and tabs. Null when the order is
 * not the requester's.
 */
export async function markPurchaseTracked(
  db: Db,
  access: OrderAccess,
  orderId: string,
  plugin: PurchasePlugin,
): Promise<boolean | null> {
  const flag = sql.raw(FLAGS[plugin]);
  const [row] = await queryRows<{ tracked: boolean }>(
    db,
    sql`with target as (select id from orders where id = ${orderId} and ${orderAccessSql(access)}),
         flagged as (update orders o set ${flag} = true from target
                      where o.id = target.id and not o.${flag} returning o.id)
        select exists (select 1 from flagged) as tracked from target`,
  );
  return row ? row.tracked : null;
}

/** PUT /api/plugins/{GoogleGtag|FacebookPixel|GoogleTagManager}/track-purchase. */
export async function trackPurchaseRoutes(app: FastifyInstance) {
  const routes = [
    ['GoogleGtag', trackPurchaseApi.googleGtag],
    ['FacebookPixel', trackPurchaseApi.facebookPixel],
    ['GoogleTagManager', trackPurchaseApi.googleTagManager],
  ] as const;
  for (const [plugin, ep] of routes) {
    registerEndpoint(
      app,
      ep,
      {
        schemas: { body: TrackPurchaseBodySchema, data: TrackPurchaseSchema },
        tags: ['plugins'],
        summary: `Records that the ${plugin} purchase event of the shopper's order has fired: tracked true the first time, false after (both 200). 404 for an order that is not the requester's`,
        errors: [404, 422],
      },
      async (req) => {
        const tracked = await markPurchaseTracked(app.db, await orderAccess(req), req.body.order_id, plugin);
        if (tracked === null) throw new HttpError(404, orderMessages.orderNotFound);
        return ok({ tracked }, orderMessages.tracked);
      },
    );
  }
}
