/*
 * The coupon's limits in one place. A coupon's own limits are its columns (db/cart-schema.ts):
 * usage_limit (uses in all), per_customer_limit, first_order_only, starts_at/ends_at and the
 * minimum amount; evaluateCoupon (service.ts) says which one refuses a cart, and recordCouponUse
 * counts a use with one conditional update when the order is placed (checkout/place-order.ts).
 */

/**
 * Per-address limit of applying a code: a guess is the point of the call. One count for every
 * route that judges a typed code for a shopper (the cart's apply, a service fee's preview):
 * `groupId` gives them one counter (lib/rate-limit-store.ts), so no route guesses faster.
 */
export const COUPON_RATE_LIMITS = {
  apply: { max: 20, timeWindow: '15 minutes', groupId: 'coupon-code' },
} as const;
