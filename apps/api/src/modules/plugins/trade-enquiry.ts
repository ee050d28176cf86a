import type { FastifyInstance } from 'fastify';
import {
  TradeEnquiryBodySchema,
  TradeEnquiryProductParamsSchema,
  TradeEnquiryProductSchema,
  TradeEnquiryResultSchema,
  tradeEnquiryApi,
  tradeEnquiryMessages,
} from '@shopfront/shared';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { notFound, ok } from '../../lib/http.ts';
import { IDEMPOTENCY_NOTE } from '../../lib/idempotency.ts';
import { messageLinkOrigin } from '../../lib/origin.ts';
import { FORM_SUBMIT_LIMIT } from '../forms/routes.ts';
import { requirePlugin } from '../../lib/installed-plugin.ts';
import { submitTradeEnquiry, tradeProduct } from './trade-enquiry-service.ts';

/** Product look-ups per client address and minute (one per trade page opened from a product). */
export const TRADE_PRODUCT_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

/** POST /api/plugins/TradeEnquiry/submit and GET /api/plugins/TradeEnquiry/product/:slug (the rules: trade-enquiry-service.ts). */
export async function tradeEnquiryRoutes(app: FastifyInstance) {
  registerEndpoint(
    app,
    tradeEnquiryApi.submit,
    {
      schemas: { body: TradeEnquiryBodySchema, data: TradeEnquiryResultSchema },
      tags: ['plugins', 'forms'],
      summary: `TradeEnquiry: the fields of the trade-enquiry form (GET /api/form/trade-enquiry), checked against its definition and stored as a submission of it, plus an optional product (a product slug, from a product page). 422 with a message per field; the shop is told by e-mail (the plugin's notify_email, else the store e-mail); answers the plugin's success message. 404 when the plugin is not installed; ${FORM_SUBMIT_LIMIT.max} a minute per address${IDEMPOTENCY_NOTE}`,
      errors: [404, 422, 429],
      config: { rateLimit: FORM_SUBMIT_LIMIT, idempotent: true },
    },
    async (req) => {
      const config = await requirePlugin(app.db, 'TradeEnquiry');
      const origin = await messageLinkOrigin(app, req);
      const result = await submitTradeEnquiry(app, req.body, {
        ip: req.ip ?? null,
        userAgent: req.headers['user-agent'] ?? null,
        notifyEmail: config.notify_email,
        origin,
      });
      return ok(result, config.success_message);
    },
  );

  registerEndpoint(
    app,
    tradeEnquiryApi.product,
    {
      schemas: { params: TradeEnquiryProductParamsSchema, data: TradeEnquiryProductSchema },
      tags: ['plugins'],
      summary: `TradeEnquiry: the published product a trade page's ?product={slug} names (slug and name), so the form can say what the enquiry is about. 404 '${tradeEnquiryMessages.productNotFound}' for an unknown or unpublished product, 404 when the plugin is not installed; ${TRADE_PRODUCT_RATE_LIMIT.max} per ${TRADE_PRODUCT_RATE_LIMIT.timeWindow} per address`,
      errors: [404, 422, 429],
      config: { rateLimit: TRADE_PRODUCT_RATE_LIMIT },
    },
    async (req) => {
      await requirePlugin(app.db, 'TradeEnquiry');
      const product = await tradeProduct(app.db, req.params.slug);
      if (!product) throw notFound(tradeEnquiryMessages.productNotFound);
      return ok(product);
    },
  );
}
