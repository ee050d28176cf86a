/*
 * The checkout's limits in one place (the coupon's own limits: modules/coupons/limits.ts). How
 * many orders one shopper may leave awaiting payment is OPEN_PAYMENTS_CAP
 * (payments/open-payments.ts), decided where the order is placed.
 */

/**
 * Per-address limits of the checkout's two routes that take stock: every order placed for an
 * online payment, and every retry of a failed one, holds its stock until paid or until the
 * reservation runs out, so one visitor placing order after order (each from a fresh cart cookie,
 * which the cap of OPEN_PAYMENTS_CAP per shopper cannot see) could hold a product's whole stock.
 * Twenty in ten minutes is far more than a shopper needs (a few orders, a few retries).
 */
export const CHECKOUT_RATE_LIMITS = {
  placeOrder: { max: 20, timeWindow: '10 minutes' },
  processPayment: { max: 20, timeWindow: '10 minutes' },
} as const;

/**
 * Per-address limits of the checkout steps where a typed contact is the point of the call: each
 * contact may get a reminder about the cart (abandoned-cart.ts).
 */
export const CHECKOUT_STEP_RATE_LIMITS = {
  updateContact: { max: 20, timeWindow: '15 minutes' },
} as const;
