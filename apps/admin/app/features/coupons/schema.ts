/** The coupon form's shared schema, in a chunk of its own (loaded with the first save, ADR 0034). */
export { AdminCouponBodySchema } from '@shopfront/shared';
