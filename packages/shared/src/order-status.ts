/**
 * Order states and the moves between them: one pure table (the server refuses any other move;
 * the storefront reads labels and what a shopper may do from here).
 */
export const ORDER_STATUSES = [
  'awaiting_payment',
  'payment_failed',
  'confirmed',
  'packed',
  'shipped',
  'out_for_delivery',
  'delivered',
  'cancelled',
  'refund_requested',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  payment_failed: 'Payment failed',
  confirmed: 'Confirmed',
  packed: 'Packed',
  shipped: 'Shipped',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refund_requested: 'Refund requested',
  refunded: 'Refunded',
};

/**
 * Allowed next states. `delivered` after `refund_requested` is a refused request. A failed
 * payment may be tried again: the order awaits payment once more, its stock taken again (ADR 24).
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  awaiting_payment: ['confirmed', 'payment_failed', 'cancelled'],
  payment_failed: ['awaiting_payment', 'confirmed', 'cancelled'],
  confirmed: ['packed', 'cancelled'],
  packed: ['shipped', 'cancelled'],
  shipped: ['out_for_delivery', 'delivered'],
  out_for_delivery: ['delivered'],
  delivered: ['refund_requested'],
  refund_requested: ['refunded', 'delivered'],
  cancelled: [],
  refunded: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** A shopper may cancel until the parcel leaves (the shop's enable_cancel_order must be on too). */
export const isCancellable = (s: OrderStatus) => canTransition(s, 'cancelled');

/** A shopper may ask for a refund once the order is delivered (enable_refund must be on too). */
export const isRefundable = (s: OrderStatus) => s === 'delivered' || s === 'refund_requested';

/** The order is still owed its (online) payment: awaiting it, or after a failed one. */
export const isUnpaid = (s: OrderStatus) => s === 'awaiting_payment' || s === 'payment_failed';

/**
 * Whether the order was confirmed (paid, or placed with Cash on Delivery): what a tax invoice
 * needs. Every state after `confirmed` was; a cancelled order was when it was cancelled from
 * confirmed or packed (`cancelledFrom`), not while it still awaited its payment.
 */
export const wasConfirmed = (s: OrderStatus, cancelledFrom: OrderStatus | null) =>
  s === 'cancelled' ? cancelledFrom !== null && !isUnpaid(cancelledFrom) : !isUnpaid(s);

/** A shopper may rate an order once it has been delivered (also while or after some of it is refunded). */
export const isRateable = (s: OrderStatus) => s === 'delivered' || s === 'refund_requested' || s === 'refunded';

/** The tracking steps, in order. */
export const TRACKING_STEPS = ['ordered', 'packed', 'shipped', 'out_for_delivery', 'delivered'] as const;
export type TrackingStep = (typeof TRACKING_STEPS)[number];
export const TRACKING_STEP_LABELS: Record<TrackingStep, string> = {
  ordered: 'Ordered',
  packed: 'Packed',
  shipped: 'Shipped',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
};

/** How many tracking steps an order in `s` has completed (0 before it is confirmed, or when cancelled). */
export function trackingProgress(s: OrderStatus): number {
  switch (s) {
    case 'confirmed':
      return 1;
    case 'packed':
      return 2;
    case 'shipped':
      return 3;
    case 'out_for_delivery':
      return 4;
    case 'delivered':
    case 'refund_requested':
    case 'refunded':
      return 5;
    default:
      return 0;
  }
}

/** Where the money of an order stands (separate from where the parcel is). */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refund_pending', 'refunded', 'cod'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Payment pending',
  paid: 'Paid',
  failed: 'Payment failed',
  refund_pending: 'Refund in progress',
  refunded: 'Refunded',
  cod: 'Pay on delivery',
};

/** The refunded amount's label: the money is on its way back until the payment's refund is done. */
export const refundedLabel = (order: { payment_status: PaymentStatus }) =>
  order.payment_status === 'refund_pending' ? 'Being refunded' : 'Refunded';

/**
 * What an order sells: goods (the cart's checkout) or a services-mode application's fee (ADR 37;
 * its application names it: applications.order_id).
 */
export const ORDER_KINDS = ['goods', 'service_fee'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
