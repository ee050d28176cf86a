import type { FastifyInstance } from 'fastify';
import { TrackOrderBodySchema, TrackParamsSchema, TrackingSchema, orderMessages, trackingApi } from '@shopfront/shared';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { HttpError, ok } from '../../lib/http.ts';
import { orderAccess } from '../orders/access.ts';
import { trackBySlug, trackByNumber } from './service.ts';

const tags = ['tracking'];

/** Per-address limits: the number + contact form is a guess-able pair, the slug a secret or an id. */
export const TRACKING_RATE_LIMITS = {
  find: { max: 10, timeWindow: '15 minutes' },
  get: { max: 120, timeWindow: '1 minute' },
} as const;

/** Order tracking (spec section 7, Tracking): the steps and the parcels' scans. */
export async function trackingRoutes(app: FastifyInstance) {
  const db = app.db;
  const notFound = () => new HttpError(404, orderMessages.trackNotFound);

  registerEndpoint(
    app,
    trackingApi.find,
    {
      schemas: { body: TrackOrderBodySchema, data: TrackingSchema },
      tags,
      summary:
        "Find an order by its number and the phone or e-mail it was placed with (phone with or without the country code). Every miss is the same 404; 10 tries per 15 minutes per address. tracking_path is the order's secret tracking link",
      errors: [404, 422, 429],
      config: { rateLimit: TRACKING_RATE_LIMITS.find },
    },
    async (req) => {
      const found = await trackByNumber(db, req.body.order_no, req.body.contact);
      if (!found) throw notFound();
      return ok(found);
    },
  );

  registerEndpoint(
    app,
    trackingApi.get,
    {
      schemas: { params: TrackParamsSchema, data: TrackingSchema },
      tags,
      summary:
        "An order's tracking by the secret of its tracking link, or by its id or order number for the signed-in customer (or guest browser) it belongs to; anyone else is 404 (a guest finds it with the number and contact, POST /api/track-order). A carrier's waybill alone finds nothing (404)",
      errors: [404, 422, 429],
      config: { rateLimit: TRACKING_RATE_LIMITS.get },
    },
    async (req) => {
      const found = await trackBySlug(db, await orderAccess(req), req.params.waybill);
      if (!found) throw notFound();
      return ok(found);
    },
  );
}
