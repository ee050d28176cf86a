import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { MoneySchema } from '../money.ts';
import { ORDER_STATUSES, PAYMENT_STATUSES, TRACKING_STEPS } from '../order-status.ts';
import { AddressSchema } from './address.ts';
import { cookieFields } from './cart.ts';
import { ImageRefSchema } from './storefront.ts';
import { plainText } from './text.ts';

/** Texts of checkout, orders and tracking that the spec leaves to us. */
export const orderMessages = {
  placed: 'Your order has been placed',
  totalChanged: (total: string) =>
    `The total of your order is now ${total}. Please review it and place the order again`,
  cartOrdered: 'This cart has already been ordered',
  termsRequired: 'Please accept the terms and conditions',
  stockGone: 'Some items are no longer available in the quantity you chose',
  couponGone: 'Your coupon can no longer be used. Please review your cart',
  codUnavailable: 'Cash on Delivery is not available for this address',
  notServed: 'We do not deliver to this address yet',
  stateMismatch: 'The state does not belong to the country',
  orderNotFound: 'Order not found',
  notAwaitingPayment: 'This order does not need a payment',
  paymentFailed: 'Your payment did not go through',
  paymentCancelled: 'You cancelled the payment',
  paymentReceived: 'Payment received',
  paymentSignatureInvalid: 'The payment could not be verified',
  paymentMethodUnavailable: 'This payment method is not available. Please choose another',
  paymentProviderDown: 'We could not reach the payment service. Please try again in a moment',
  codChosen: 'Your order is confirmed. Please pay when it arrives',
  cancelled: 'Your order has been cancelled',
  cancelOff: 'Orders cannot be cancelled in this shop',
  cancelTooLate: 'This order can no longer be cancelled',
  refundOff: 'Refunds are not offered in this shop',
  refundNotYet: 'A refund can be requested once the order is delivered',
  refundFeeOnApplication: 'This is the fee of an application: ask to cancel it on the application',
  refundTooMany: 'You cannot ask for more than you received',
  refundRequested: 'Your refund request has been sent',
  rated: 'Thank you for rating your experience',
  alreadyRated: 'You have already rated this order',
  rateNotYet: 'You can rate your experience once your order has been delivered',
  refundItemUnknown: 'This item is not part of the order',
  invoiceNotYet: 'The invoice is ready once the order is confirmed',
  invoiceNever: 'This order was cancelled before it was paid, so it has no invoice',
  tooManyUnpaid:
    'You have too many orders waiting for payment. Please pay for or cancel one of them, or try again in a few minutes',
  trackNotFound: 'We could not find an order with these details',
  tracked: 'Event recorded',
} as const;

export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);

/** An order line as bought (snapshot). */
export const OrderItemSchema = z.object({
  id: z.number().int(),
  /** The variant bought. */
  product_id: z.string(),
  product: z.object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    url: z.string(),
    image: ImageRefSchema.nullable(),
  }),
  variant_title: z.string(),
  options: z.record(z.string(), z.string()),
  sku: z.string(),
  quantity: z.number().int(),
  unit_price: MoneySchema,
  /** unit_price × quantity (total + discount): what the line adds to the order's subtotal. */
  subtotal: MoneySchema,
  /** The line's share of the order's coupon discount. */
  discount: MoneySchema,
  /** subtotal − discount: what the line was charged (and what a refund of it returns). */
  total: MoneySchema,
  /** How many more of this line may still be asked back (0 unless delivered and refunds are on). */
  refundable_quantity: z.number().int(),
  refund_requested_quantity: z.number().int(),
  additonal_data: z.object({ custom_text: z.string().nullable(), image_path: z.string().nullable() }).nullable(),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

export const OrderTotalsSchema = z.object({
  subtotal: MoneySchema,
  coupon_discount: MoneySchema,
  shipping: MoneySchema,
  cod_fee: MoneySchema,
  tax_included: MoneySchema,
  grand_total: MoneySchema,
  refunded: MoneySchema,
});

/** Spec section 3, Order: order_no, grand_total, productchannel (items), the tracked flags; plus what the screens show. */
export const OrderSchema = z.object({
  /** Opaque public id (ord_…). */
  id: z.string(),
  order_no: z.string(),
  status: OrderStatusSchema,
  status_label: z.string(),
  payment_status: PaymentStatusSchema,
  payment_method: z.object({ code: z.string(), name: z.string() }),
  created_at: z.string(),
  currency: z.string(),
  grand_total: MoneySchema,
  totals: OrderTotalsSchema,
  productchannel: z.array(OrderItemSchema),
  total_quantity: z.number().int(),
  coupon_code: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  shipping_address: AddressSchema,
  billing_address: AddressSchema,
  shipping_method: z.object({ code: z.string(), name: z.string(), price: MoneySchema }),
  note: z.string().nullable(),
  /** The buyer's GSTIN given at checkout (printed on the tax invoice), with its business name; null without one. */
  buyer_gstin: z.string().nullable(),
  buyer_business_name: z.string().nullable(),
  /** Dates (YYYY-MM-DD) the parcel should arrive between; null once delivered or cancelled. */
  delivery_estimate: z.object({ from: z.string(), to: z.string() }).nullable(),
  /** Until when an unpaid online order keeps its items (ISO time), else null. */
  reserved_until: z.string().nullable(),
  can_cancel: z.boolean(),
  can_refund: z.boolean(),
  can_rate: z.boolean(),
  can_retry_payment: z.boolean(),
  /**
   * Whether Cash on Delivery is offered to this order's address (the payment failed page offers
   * Pay on delivery unless this is false); optional: left out, the storefront offers it and the
   * API's answer decides.
   */
  can_pay_on_delivery: z.boolean().optional(),
  /** When the unpaid order may switch to Cash on Delivery: the zone's COD fee and the total it would then have. */
  pay_on_delivery: z.object({ fee: MoneySchema, total: MoneySchema }).nullable().optional(),
  rating: z.object({ rating: z.number().int(), comment: z.string().nullable() }).nullable(),
  google_gtag_event_tracked: z.boolean(),
  google_gtm_event_tracked: z.boolean(),
  facebook_pixel_event_tracked: z.boolean(),
  microsoft_clarity_event_tracked: z.boolean(),
  umami_event_tracked: z.boolean(),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderEventSchema = z.object({
  status: OrderStatusSchema,
  label: z.string(),
  at: z.string(),
  note: z.string().nullable(),
});

export const RefundRequestSchema = z.object({
  id: z.number().int(),
  item_id: z.number().int(),
  quantity: z.number().int(),
  reason: z.string(),
  status: z.enum(['requested', 'approved', 'rejected', 'refunded']),
  amount: MoneySchema,
  created_at: z.string(),
});

export const ShipmentScanSchema = z.object({
  at: z.string(),
  location: z.string(),
  status: z.string(),
  description: z.string(),
});

export const ShipmentSchema = z.object({
  carrier: z.string(),
  waybill: z.string(),
  tracking_url: z.string().nullable(),
  scans: z.array(ShipmentScanSchema),
});
export type Shipment = z.infer<typeof ShipmentSchema>;

/** POST /api/orders/item: the order with its history, refunds and parcels. */
export const OrderDetailSchema = OrderSchema.extend({
  history: z.array(OrderEventSchema),
  refunds: z.array(RefundRequestSchema),
  shipments: z.array(ShipmentSchema),
  /** The tracking page of this order (/track-order/{slug}). */
  tracking_path: z.string(),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

/**
 * GET /api/checkout/latest-order: the order, and where its confirmation goes: `sending` the
 * contacts the shop has a transport for, `held` those whose message stays in the shop's outbox
 * (no e-mail or SMS transport set up), so the page never claims a message that does not leave.
 */
export const LatestOrderSchema = OrderSchema.extend({
  confirmation: z.object({ sending: z.array(z.string()), held: z.array(z.string()) }),
});
export type LatestOrder = z.infer<typeof LatestOrderSchema>;

export const OrderPageSchema = z.object({
  orders: z.array(OrderSchema),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});
export type OrderPage = z.infer<typeof OrderPageSchema>;

/** The largest value an integer column (int4) holds: ids and amounts past it are refused, never a database error. */
const INT4_MAX = 2_147_483_647;

const orderId = plainText(
  z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required, abort: true })
    .max(64, { error: messages.maxLength(64) }),
);

export const OrdersPageQuerySchema = z.object({
  page: z.coerce
    .number({ error: messages.integer })
    .int({ error: messages.integer })
    .min(1, { error: messages.atLeast(1) })
    .max(10_000, { error: messages.atMost(10_000) })
    .default(1),
});
export const OrderIdBodySchema = z.object({ order_id: orderId }).strict();
export const OrderIdQuerySchema = z.object({ order_id: orderId });

/** Why a shopper cancels (an order, or an application): optional plain text, at most 500 characters. */
export const CancelReasonSchema = plainText(
  z
    .string()
    .trim()
    .max(500, { error: messages.maxLength(500) }),
  { multiline: true },
).optional();

export const CancelOrderBodySchema = z.object({ order_id: orderId, reason: CancelReasonSchema }).strict();

export const RefundRequestBodySchema = z
  .object({
    order_id: orderId,
    items: z
      .array(
        z
          .object({
            item_id: z
              .number({ error: messages.integer })
              .int({ error: messages.integer })
              .positive({ error: orderMessages.refundItemUnknown })
              .max(INT4_MAX, { error: orderMessages.refundItemUnknown }),
            quantity: z
              .number({ error: messages.integer })
              .int({ error: messages.integer })
              .min(1, { error: messages.atLeast(1) })
              .max(1000, { error: messages.atMost(1000) }),
          })
          .strict(),
      )
      .min(1, { error: messages.required })
      .max(100),
    reason: plainText(
      z
        .string({ error: messages.required })
        .trim()
        .min(1, { error: messages.required, abort: true })
        .max(1000, { error: messages.maxLength(1000) }),
      { multiline: true },
    ),
  })
  .strict();

export const RateExperienceBodySchema = z
  .object({
    order_id: orderId,
    rating: z
      .number({ error: messages.integer })
      .int({ error: messages.integer })
      .min(1, { error: messages.between(1, 5) })
      .max(5, { error: messages.between(1, 5) }),
    comment: plainText(
      z
        .string()
        .trim()
        .max(1000, { error: messages.maxLength(1000) }),
      { multiline: true },
    )
      .optional()
      .nullable(),
  })
  .strict();

/**
 * POST /api/checkout/place-order. `confirmed_total` is the grand total (minor units) the shopper
 * saw when pressing Place order: never used as a price, only compared with the server's.
 */
export const PlaceOrderBodySchema = z
  .object({
    confirmed_total: z
      .number({ error: messages.integer })
      .int({ error: messages.integer })
      .min(0, { error: messages.atLeast(0) })
      .max(INT4_MAX, { error: messages.fallback }),
    accept_terms: z.boolean().optional(),
    ...cookieFields,
  })
  .strict();
export type PlaceOrderBody = z.input<typeof PlaceOrderBodySchema>;

/** What the storefront does next after placing or retrying: show the result, or go to the provider. */
export const PaymentNextSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('complete'), path: z.string() }),
  z.object({ type: z.literal('failed'), path: z.string() }),
  z.object({ type: z.literal('redirect'), url: z.string() }),
  /** A provider whose checkout runs in the page (Razorpay's checkout.js); the result goes to complete-payment. */
  z.object({ type: z.literal('client'), provider: z.string(), options: z.record(z.string(), z.unknown()) }),
]);
export type PaymentNext = z.infer<typeof PaymentNextSchema>;

export const PlacedOrderSchema = z.object({ order: OrderSchema, next: PaymentNextSchema });

/** A payment method's code (payment_methods.code): lower-case letters, digits and underscores. */
const METHOD_CODE = /^[a-z0-9_]{1,40}$/;
export const PaymentMethodCodeSchema = z
  .string({ error: orderMessages.paymentMethodUnavailable })
  .trim()
  .regex(METHOD_CODE, { error: orderMessages.paymentMethodUnavailable });

/** POST /api/checkout/process-payment: start (or retry) the online payment of an order, or switch it to COD. */
export const ProcessPaymentBodySchema = z
  .object({
    order_id: orderId,
    method: PaymentMethodCodeSchema.optional(),
  })
  .strict();

/** POST /api/checkout/complete-payment: a provider's in-page result (fields as the provider names them). */
export const CompletePaymentBodySchema = z
  .object({
    order_id: orderId,
    provider: z.string().max(40),
    payload: z.record(z.string(), z.string().max(500)),
  })
  .strict();

/** GET /api/checkout/complete: the provider's signed return (spec: token, order_id, type). */
export const CheckoutCompleteQuerySchema = z.object({
  token: z.string().max(500).default(''),
  order_id: z.string().max(64).default(''),
  type: z.string().max(40).default(''),
});

/** POST /api/track-order: the order number with the phone or e-mail it was placed with. */
export const TrackOrderBodySchema = z
  .object({
    order_no: plainText(
      z
        .string({ error: messages.required })
        .trim()
        .min(1, { error: messages.required, abort: true })
        .max(40, { error: messages.maxLength(40) }),
    ),
    contact: plainText(
      z
        .string({ error: messages.required })
        .trim()
        .min(1, { error: messages.required, abort: true })
        .max(254, { error: messages.maxLength(254) }),
    ),
  })
  .strict();

export const TrackingStepSchema = z.object({
  key: z.enum(TRACKING_STEPS),
  label: z.string(),
  completed: z.boolean(),
  active: z.boolean(),
  at: z.string().nullable(),
});

/** The tracking page: steps and parcels with their scans. */
export const TrackingSchema = z.object({
  order_no: z.string(),
  status: OrderStatusSchema,
  status_label: z.string(),
  placed_at: z.string(),
  steps: z.array(TrackingStepSchema),
  shipments: z.array(ShipmentSchema),
  delivery_estimate: z.object({ from: z.string(), to: z.string() }).nullable(),
  items: z.array(
    z.object({
      name: z.string(),
      variant_title: z.string(),
      quantity: z.number().int(),
      image: ImageRefSchema.nullable(),
    }),
  ),
  /** Where the found order can be followed later (/track-order/{slug}). */
  tracking_path: z.string(),
});
export type Tracking = z.infer<typeof TrackingSchema>;

export const TrackParamsSchema = z.object({ waybill: plainText(z.string().min(1).max(100)) });

/** PUT /api/plugins/{analytics plugin}/track-purchase: the order (its id). */
export const TrackPurchaseBodySchema = z.looseObject({ order_id: orderId });
export const TrackPurchaseSchema = z.object({ tracked: z.boolean() });
