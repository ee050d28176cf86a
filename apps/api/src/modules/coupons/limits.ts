import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { messages } from '@shopfront/shared';
import { HttpError } from '../../lib/http.ts';

/*
 * The coupon's limits in one place. A coupon's own limits are its columns (db/cart-schema.ts):
 * usage_limit (uses in all), per_customer_limit, first_order_only, starts_at/ends_at and the
 * minimum amount; evaluateCoupon (service.ts) says which one refuses a cart, and recordCouponUse
 * counts a use with one conditional update when the order is placed (checkout/place-order.ts).
 */

/**
 * Per-address limit of applying a code: a guess is the point of the call. One count for every
 * route that judges a typed code for a shopper (the cart's apply, a service fee's preview, and a
 * fee's Pay when it carries a code): `groupId` gives them one counter (lib/rate-limit-store.ts),
 * so no route guesses faster.
 */
export const COUPON_RATE_LIMITS = {
  apply: { max: 20, timeWindow: '15 minutes', groupId: 'coupon-code' },
} as const;

/**
 * The coupon-code counter for a route that has a rate limit of its own and judges a code only
 * when one is sent (a fee's Pay: its own limit is the checkout's). A route can name one limit in
 * its config, so this one is counted from the handler, once the body says a code was sent. The
 * key is the one @fastify/rate-limit gives a grouped route (the address, then the group), so the
 * count is the cart's and the preview's. Throws the limiter's 429 past the limit.
 */
export function couponGuessCounter(app: FastifyInstance): (req: FastifyRequest) => Promise<void> {
  const { groupId } = COUPON_RATE_LIMITS.apply;
  const limit = app.createRateLimit({
    ...COUPON_RATE_LIMITS.apply,
    keyGenerator: (req) => normalizeIP(req.ip) + groupId,
  });
  return async (req) => {
    const counted = await limit(req);
    if (!counted.isAllowed && counted.isExceeded) throw new HttpError(429, messages.tooManyRequests);
  };
}
