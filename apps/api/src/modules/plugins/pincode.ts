import type { FastifyInstance } from 'fastify';
import { PincodeCheckSchema, PincodeQuerySchema, pincodeApi } from '@shopfront/shared';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { ok } from '../../lib/http.ts';
import { cartContextOf } from '../cart/load.ts';
import { requirePlugin } from '../../lib/installed-plugin.ts';
import { checkPincode } from './pincode-service.ts';

/** Checks per client address and minute. */
export const PINCODE_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

/** GET /api/plugins/PincodeAvaliability/check (the rules: pincode-service.ts). */
export async function pincodeRoutes(app: FastifyInstance) {
  const ctx = cartContextOf(app.env);
  registerEndpoint(
    app,
    pincodeApi.check,
    {
      schemas: { query: PincodeQuerySchema, data: PincodeCheckSchema },
      tags: ['plugins'],
      summary: `PincodeAvaliability: is a postcode of the shop's country served, the delivery estimate in working days (fastest option's minimum to the default option's maximum) with the latest date (YYYY-MM-DD), and whether Cash on Delivery is possible, from the same shipping zones and methods the checkout uses. 422 when the postcode does not fit the country's pattern (India: 6 digits, not starting with 0); 404 when the plugin is not installed or the channel's country has no postcodes (the UAE); ${PINCODE_RATE_LIMIT.max} checks per ${PINCODE_RATE_LIMIT.timeWindow} per address`,
      errors: [404, 422, 429],
      config: { rateLimit: PINCODE_RATE_LIMIT },
    },
    async (req) => {
      await requirePlugin(app.db, 'PincodeAvaliability');
      const shop = await req.shop();
      const result = await checkPincode(app.db, shop.countryId, req.query.pincode, ctx);
      return ok(result, result.message);
    },
  );
}
