import type { FastifyInstance } from 'fastify';
import {
  CONSENT_COOKIE,
  SHOP_ANALYTICS_COOKIE,
  ShopAnalyticsEventBodySchema,
  ShopAnalyticsRecordedSchema,
  parseConsent,
  pluginMessages,
  shopAnalyticsApi,
  shopAnalyticsMessages,
} from '@shopfront/shared';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { HttpError, ok } from '../../lib/http.ts';
import { orderAccess } from '../orders/access.ts';
import { recordShopAnalyticsEvent, visitorIdOf } from './shop-analytics-service.ts';

/** Events per client address and minute: a busy shopper's page views and clicks, not a flood. */
export const SHOP_ANALYTICS_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;

/** POST /api/plugins/ShopAnalytics/collect: the first-party statistics collector. */
export async function shopAnalyticsRoutes(app: FastifyInstance) {
  registerEndpoint(
    app,
    shopAnalyticsApi.collect,
    {
      schemas: { body: ShopAnalyticsEventBodySchema, data: ShopAnalyticsRecordedSchema },
      tags: ['plugins'],
      summary: `ShopAnalytics: records a page view or shopping event (view_item, add_to_cart, begin_checkout, purchase) in the shop's own database, with the browser's ${SHOP_ANALYTICS_COOKIE} cookie id. 403 '${shopAnalyticsMessages.noConsent}' when the storefront's cookie warning is on and the ${CONSENT_COOKIE} cookie does not accept the analytics group; a purchase counts once per order (recorded: false after that), only for an order this browser placed (its customer or guest), with the order's own total; the page path is kept without its query, and pages with a secret in their address as their pattern. 404 when the plugin is not installed or the purchase names an order this browser cannot reach; ${SHOP_ANALYTICS_RATE_LIMIT.max} a minute per address`,
      errors: [403, 404, 422, 429],
      config: { rateLimit: SHOP_ANALYTICS_RATE_LIMIT },
    },
    async (req) => {
      const shop = await req.shop();
      const outcome = await recordShopAnalyticsEvent(app.db, {
        storefrontId: shop.storefrontId,
        consented: parseConsent(req.cookies[CONSENT_COOKIE])?.includes('analytics') ?? false,
        visitor: visitorIdOf(req.cookies[SHOP_ANALYTICS_COOKIE]),
        body: req.body,
        access: req.body.event === 'purchase' ? await orderAccess(req) : { customerId: null, guestOrderId: null },
      });
      if (outcome === 'not-installed') throw new HttpError(404, pluginMessages.notInstalled);
      if (outcome === 'unknown-order') throw new HttpError(404, shopAnalyticsMessages.unknownOrder);
      if (outcome === 'no-consent') throw new HttpError(403, shopAnalyticsMessages.noConsent);
      return ok({ recorded: outcome === 'recorded' });
    },
  );
}
