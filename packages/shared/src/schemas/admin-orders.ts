import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { MoneySchema } from '../money.ts';
import {
  ORDER_KINDS,
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  ORDER_TRANSITIONS,
  PAYMENT_STATUSES,
  type OrderStatus,
} from '../order-status.ts';
import { AddressSchema } from './address.ts';
import { identifierText } from './identifier.ts';
import { OrderStatusSchema, OrderTotalsSchema, PaymentStatusSchema } from './order.ts';
import { ImageRefSchema } from './storefront.ts';
import { plainText } from './text.ts';

/**
 * The owner's orders (issue 25): the inbox, the order page and what staff do to an order. Every
 * action goes through the order state table (ORDER_TRANSITIONS); a write may carry
 * `If-Match: <version>` (the order page's `version`), answered 409 when the order changed since.
 */

/** The inbox's tabs and the states each shows. */
export const ADMIN_ORDER_TABS = [
  'new',
  'to_pack',
  'to_ship',
  'shipped',
  'delivered',
  'cancelled',
  'refund_requested',
] as const;
export type AdminOrderTab = (typeof ADMIN_ORDER_TABS)[number];

/**
 * `new`: placed but not confirmed yet (awaiting or after a failed online payment: the confirm
 * action applies); `to_pack`: confirmed; `to_ship`: packed; `shipped`: on its way; `refund_requested`:
 * a request open. Refunded orders show under no tab (filter `status=refunded`).
 */
export const ADMIN_ORDER_TAB_STATUSES: Record<AdminOrderTab, readonly OrderStatus[]> = {
  new: ['awaiting_payment', 'payment_failed'],
  to_pack: ['confirmed'],
  to_ship: ['packed'],
  shipped: ['shipped', 'out_for_delivery'],
  delivered: ['delivered'],
  cancelled: ['cancelled'],
  refund_requested: ['refund_requested'],
};

export const ADMIN_ORDER_TAB_LABELS: Record<AdminOrderTab, string> = {
  new: 'New',
  to_pack: 'To pack',
  to_ship: 'To ship',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refund_requested: 'Refund requested',
};

export const ADMIN_ORDERS_PAGE_SIZE = 25;
export const ADMIN_ORDERS_MAX_PAGE_SIZE = 100;
/** Orders one bulk action or one documents request may name. */
export const ADMIN_ORDERS_BULK_MAX = 100;
/** Parcels one ship action may create. */
export const ADMIN_PARCELS_MAX = 20;

/** Texts of the owner's order screens and API. */
export const adminOrderMessages = {
  orderNotFound: 'Order not found',
  refundNotFound: 'Refund request not found',
  shipmentNotFound: 'Shipment not found',
  stale: 'This order was changed by someone else since you opened it. Reload it and try again',
  ifMatch: 'The If-Match header must be the version of the order you read, such as 3',
  confirmed: 'Order confirmed',
  packed: 'Order packed',
  shipped: 'Order shipped',
  scanAdded: 'Tracking scan added',
  delivered: 'Order marked delivered',
  paid: 'Order marked paid',
  cancelled: 'Order cancelled',
  cancelledRefund: 'Order cancelled; its payment is being refunded',
  refundApproved: 'Refund approved',
  refundRejected: 'Refund request rejected',
  noteAdded: 'Note added',
  notificationsSaved: 'Notification preference saved',
  notCodUnpaid: 'Only a Cash on Delivery order not yet paid can be marked paid',
  awaitingPayment:
    'This order waits for its online payment: it is confirmed by itself once the shopper has paid, and cannot be confirmed before',
  scanInFuture: 'A scan cannot be more than 5 minutes in the future',
  scanBeforeOrder: 'A scan cannot be before the order was placed',
  refundHandled: 'This refund request has already been answered',
  amountTooHigh: (max: string) => `The refund may not be more than ${max}, the amount asked for`,
  waybillTaken: 'This waybill is already used by another parcel',
  parcelItemUnknown: 'This item is not part of the order',
  parcelsIncomplete: 'Every item of the order must be in a parcel, each exactly as many times as it was ordered',
  dateRange: 'The start date must be on or before the end date',
  cursor: 'This page link is not valid; start again from the first page',
  bulkDone: (ok: number, all: number) => `${ok} of ${all} orders done`,
} as const;

/**
 * Why an order in `from` cannot move to `to`, from the state table: "This order cannot be
 * packed: it is shipped. Only a confirmed order can be packed".
 */
export function whyNotMove(
  from: OrderStatus,
  to: OrderStatus,
  verb: string,
  only: readonly OrderStatus[] = ORDER_STATUSES.filter((s) => ORDER_TRANSITIONS[s].includes(to)),
): string {
  const sources = only.map((s) => ORDER_STATUS_LABELS[s].toLowerCase());
  const which =
    sources.length === 0
      ? ''
      : `. Only an order that is ${sources.length === 1 ? sources[0] : `${sources.slice(0, -1).join(', ')} or ${sources.at(-1)}`} can be ${verb}`;
  return `This order cannot be ${verb}: it is ${ORDER_STATUS_LABELS[from].toLowerCase()}${which}`;
}

// ---------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------

const INT4_MAX = 2_147_483_647;
const intId = z.coerce
  .number({ error: messages.integer })
  .int({ error: messages.integer })
  .min(1, { error: messages.fallback })
  .max(INT4_MAX, { error: messages.fallback });
const orderIdField = identifierText(64);
const optionalNote = (max: number) =>
  plainText(
    z
      .string({ error: messages.required })
      .trim()
      .max(max, { error: messages.maxLength(max) }),
    { multiline: true },
  )
    .transform((v) => v || null)
    .nullable()
    .optional();
const requiredText = (max: number, multiline = false) =>
  plainText(
    z
      .string({ error: messages.required })
      .trim()
      .min(1, { error: messages.required, abort: true })
      .max(max, { error: messages.maxLength(max) }),
    { multiline },
  );
const httpUrl = z
  .string({ error: messages.required })
  .trim()
  .max(500, { error: messages.maxLength(500) })
  .pipe(z.url({ error: 'The value must be an http:// or https:// address', protocol: /^https?$/ }));
const ymd = z.iso.date({ error: messages.date });
/** One value or several (repeated `?status=a&status=b`, or `a,b`). */
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
    z.array(item, { error: messages.fallback }).max(20, { error: messages.fallback }),
  );

// ---------------------------------------------------------------------------------------------
// The inbox: GET /api/admin/orders
// ---------------------------------------------------------------------------------------------

export const AdminOrdersQuerySchema = z
  .object({
    tab: z.enum(ADMIN_ORDER_TABS, { error: `The tab must be one of: ${ADMIN_ORDER_TABS.join(', ')}` }).optional(),
    status: listOf(
      z.enum(ORDER_STATUSES, { error: `The status must be one of: ${ORDER_STATUSES.join(', ')}` }),
    ).optional(),
    payment_method: identifierText(60).optional(),
    payment_status: listOf(
      z.enum(PAYMENT_STATUSES, { error: `The payment status must be one of: ${PAYMENT_STATUSES.join(', ')}` }),
    ).optional(),
    /** Placed on or after this day (YYYY-MM-DD, the day in the shop's time zone). */
    from: ymd.optional(),
    /** Placed on or before this day (inclusive). */
    to: ymd.optional(),
    channel: identifierText(60).optional(),
    /** Goods orders only, or services' fee orders only (ADR 37); both when left out. */
    kind: z.enum(ORDER_KINDS, { error: `The kind must be one of: ${ORDER_KINDS.join(', ')}` }).optional(),
    /** Order number (SF-100123 or 100123), phone, e-mail, or the customer's name. */
    q: plainText(
      z
        .string({ error: messages.required })
        .trim()
        .max(100, { error: messages.maxLength(100) }),
    ).optional(),
    /** `next_cursor` of the previous page. */
    cursor: z
      .string({ error: adminOrderMessages.cursor })
      .max(200, { error: adminOrderMessages.cursor })
      .regex(/^[A-Za-z0-9_-]+$/, { error: adminOrderMessages.cursor })
      .optional(),
    limit: z.coerce
      .number({ error: messages.integer })
      .int({ error: messages.integer })
      .min(1, { error: messages.atLeast(1) })
      .max(ADMIN_ORDERS_MAX_PAGE_SIZE, { error: messages.atMost(ADMIN_ORDERS_MAX_PAGE_SIZE) })
      .default(ADMIN_ORDERS_PAGE_SIZE),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], error: adminOrderMessages.dateRange });
export type AdminOrdersQuery = z.input<typeof AdminOrdersQuerySchema>;

const PaymentMethodRefSchema = z.object({ code: z.string(), name: z.string() });

/** One row of the inbox. */
export const AdminOrderRowSchema = z.object({
  id: z.string(),
  order_no: z.string(),
  created_at: z.string(),
  customer_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  item_count: z.number().int(),
  total: MoneySchema,
  payment_method: PaymentMethodRefSchema,
  payment_status: PaymentStatusSchema,
  status: OrderStatusSchema,
  status_label: z.string(),
  channel: z.string(),
  /** Money refunded so far (zero when none; less than the total: partly refunded). */
  refunded: MoneySchema,
});
export type AdminOrderRow = z.infer<typeof AdminOrderRowSchema>;

/** The counts of every tab, with the filters but not the tab or the search applied. */
export const AdminOrderCountsSchema = z.object(
  Object.fromEntries(ADMIN_ORDER_TABS.map((t) => [t, z.number().int()])) as Record<AdminOrderTab, z.ZodNumber>,
);

export const AdminOrderListSchema = z.object({
  orders: z.array(AdminOrderRowSchema),
  counts: AdminOrderCountsSchema,
  /** Newest first; pass as `cursor` for the next page, null on the last. */
  next_cursor: z.string().nullable(),
});
export type AdminOrderList = z.infer<typeof AdminOrderListSchema>;

// ---------------------------------------------------------------------------------------------
// The order page: GET /api/admin/orders/{id}
// ---------------------------------------------------------------------------------------------

export const AdminOrderParamsSchema = z.object({ id: orderIdField });
export const AdminRefundParamsSchema = z.object({ id: orderIdField, request_id: intId });
export const AdminShipmentParamsSchema = z.object({ id: orderIdField, shipment_id: intId });

export const AdminOrderLineSchema = z.object({
  id: z.number().int(),
  product_id: z.string(),
  variant_id: z.string(),
  slug: z.string(),
  name: z.string(),
  variant_title: z.string(),
  options: z.record(z.string(), z.string()),
  sku: z.string(),
  image: ImageRefSchema.nullable(),
  custom_text: z.string().nullable(),
  quantity: z.number().int(),
  unit_price: MoneySchema,
  discount: MoneySchema,
  total: MoneySchema,
  refunded_quantity: z.number().int(),
  refund_requested_quantity: z.number().int(),
  /** In parcels so far. */
  shipped_quantity: z.number().int(),
});

export const AdminPaymentSchema = z.object({
  id: z.string(),
  provider: z.string(),
  provider_ref: z.string().nullable(),
  provider_payment_id: z.string().nullable(),
  amount: MoneySchema,
  refunded: MoneySchema,
  status: z.string(),
  failure_reason: z.string().nullable(),
  /** The payment that paid the order (orders.paid_payment_id). */
  paid_the_order: z.boolean(),
  created_at: z.string(),
});

export const AdminPaymentRefundSchema = z.object({
  id: z.number().int(),
  payment_id: z.string(),
  amount: MoneySchema,
  reason: z.string(),
  status: z.enum(['pending', 'done', 'failed']),
  provider_refund_ref: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});

export const AdminRefundRequestSchema = z.object({
  id: z.number().int(),
  item_id: z.number().int(),
  quantity: z.number().int(),
  reason: z.string(),
  status: z.enum(['requested', 'approved', 'rejected', 'refunded']),
  amount: MoneySchema,
  created_at: z.string(),
});

export const AdminShipmentSchema = z.object({
  id: z.number().int(),
  carrier: z.string(),
  waybill: z.string(),
  tracking_url: z.string().nullable(),
  created_at: z.string(),
  lines: z.array(z.object({ item_id: z.number().int(), quantity: z.number().int() })),
  /** Newest first. */
  scans: z.array(
    z.object({
      id: z.number().int(),
      at: z.string(),
      location: z.string(),
      status: z.string(),
      description: z.string(),
    }),
  ),
});

export const AdminOrderEventSchema = z.object({
  id: z.number().int(),
  from: OrderStatusSchema.nullable(),
  to: OrderStatusSchema,
  label: z.string(),
  actor: z.enum(['shopper', 'staff', 'system', 'gateway']),
  /** The staff member who made the change (their name), when staff did. */
  by: z.string().nullable(),
  note: z.string().nullable(),
  at: z.string(),
});

/** A message sent (or queued) to the shopper about this order: the outbox row, without its text. */
export const AdminOrderMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(['pending', 'sent', 'stored', 'failed']),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});

export const AdminOrderNoteSchema = z.object({
  id: z.number().int(),
  author: z.string(),
  body: z.string(),
  created_at: z.string(),
});

/** What the order's state allows now (the panel shows these buttons). */
export const AdminOrderActionsSchema = z.object({
  confirm: z.boolean(),
  pack: z.boolean(),
  ship: z.boolean(),
  add_scan: z.boolean(),
  deliver: z.boolean(),
  mark_paid: z.boolean(),
  cancel: z.boolean(),
  answer_refund: z.boolean(),
});

export const AdminOrderDetailSchema = z.object({
  id: z.string(),
  order_no: z.string(),
  /** Send as `If-Match` with a write: 409 when the order changed since. */
  version: z.number().int(),
  status: OrderStatusSchema,
  status_label: z.string(),
  payment_status: PaymentStatusSchema,
  payment_method: PaymentMethodRefSchema.extend({ kind: z.enum(['online', 'offline']) }),
  channel: z.string(),
  /** The channel's name ("Web shop"). */
  channel_name: z.string(),
  currency: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  paid_at: z.string().nullable(),
  customer: z.object({
    id: z.number().int().nullable(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    /** Orders this customer has placed (null for a guest). */
    orders_count: z.number().int().nullable(),
  }),
  shipping_address: AddressSchema,
  billing_address: AddressSchema,
  shipping_method: z.object({ code: z.string(), name: z.string(), price: MoneySchema }),
  coupon_code: z.string().nullable(),
  /** The shopper's note at checkout. */
  note: z.string().nullable(),
  /** The buyer's GSTIN given at checkout, with its business name; null without one. */
  buyer_gstin: z.string().nullable(),
  buyer_business_name: z.string().nullable(),
  lines: z.array(AdminOrderLineSchema),
  totals: OrderTotalsSchema,
  payments: z.array(AdminPaymentSchema),
  payment_refunds: z.array(AdminPaymentRefundSchema),
  refund_requests: z.array(AdminRefundRequestSchema),
  shipments: z.array(AdminShipmentSchema),
  /** Oldest first. */
  history: z.array(AdminOrderEventSchema),
  messages: z.array(AdminOrderMessageSchema),
  /** Staff only, never shown to the shopper; newest first. */
  notes: z.array(AdminOrderNoteSchema),
  actions: AdminOrderActionsSchema,
  /** Carriers of the shop's latest parcels, most used first (the ship sheet suggests them). */
  recent_carriers: z.array(z.string()),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>;

// ---------------------------------------------------------------------------------------------
// Actions (POST /api/admin/orders/{id}/…): each answers the order page after the change
// ---------------------------------------------------------------------------------------------

/** confirm, pack, deliver, mark-paid: an optional note for the history (the shopper is told the change). */
export const AdminOrderNoteBodySchema = z.preprocess((v) => v ?? {}, z.strictObject({ note: optionalNote(500) }));

/** POST …/deliver: with a Cash on Delivery order, whether its cash was collected at the door (paid then). */
export const AdminDeliverBodySchema = z.preprocess(
  (v) => v ?? {},
  z.strictObject({
    note: optionalNote(500),
    cash_collected: z.boolean({ error: 'The value must be true or false' }).default(false),
  }),
);

export const AdminCancelBodySchema = z.preprocess((v) => v ?? {}, z.strictObject({ reason: optionalNote(500) }));

const ParcelLineSchema = z.strictObject({
  item_id: intId,
  quantity: z
    .number({ error: messages.integer })
    .int({ error: messages.integer })
    .min(1, { error: messages.atLeast(1) })
    .max(100_000, { error: messages.atMost(100_000) }),
});

export const ParcelSchema = z.strictObject({
  carrier: requiredText(60),
  /** The carrier's waybill (AWB); left out: tracked as the order's number and the parcel's (SF-100008-1). */
  waybill: plainText(
    z
      .string({ error: messages.required })
      .trim()
      .min(1, { error: messages.required, abort: true })
      .max(60, { error: messages.maxLength(60) })
      .regex(/^[A-Za-z0-9][A-Za-z0-9 ._/-]*$/, {
        error: 'A waybill has letters, digits, spaces, dots, dashes and slashes',
      }),
  ).optional(),
  tracking_url: httpUrl.nullable().optional(),
  /** The order's lines in this parcel; left out with one parcel: every line. */
  lines: z
    .array(ParcelLineSchema, { error: messages.fallback })
    .min(1, { error: messages.required })
    .max(500, { error: messages.atMost(500) })
    .optional(),
});
export type Parcel = z.input<typeof ParcelSchema>;

/** POST …/ship: packed → shipped, in one or more parcels that together hold every line. */
export const AdminShipBodySchema = z
  .strictObject({
    parcels: z
      .array(ParcelSchema, { error: messages.required })
      .min(1, { error: messages.required })
      .max(ADMIN_PARCELS_MAX, { error: messages.atMost(ADMIN_PARCELS_MAX) }),
    note: optionalNote(500),
  })
  .superRefine((b, ctx) => {
    if (b.parcels.length > 1) {
      b.parcels.forEach((p, i) => {
        if (!p.lines) ctx.addIssue({ code: 'custom', path: ['parcels', i, 'lines'], message: messages.required });
      });
    }
  });
export type AdminShipBody = z.input<typeof AdminShipBodySchema>;

/** POST …/shipments/{shipment_id}/scans: one carrier scan. */
export const AdminScanBodySchema = z.strictObject({
  /** ISO 8601; now when left out. */
  at: z.iso.datetime({ offset: true, error: messages.date }).optional(),
  location: requiredText(120),
  status: requiredText(60),
  description: optionalNote(300),
});

/** POST …/refunds/{request_id}/approve */
export const AdminRefundApproveBodySchema = z.preprocess(
  (v) => v ?? {},
  z.strictObject({
    /** Minor units; at most (and by default) the amount asked for. */
    amount_minor: z
      .number({ error: messages.integer })
      .int({ error: messages.integer })
      .min(1, { error: messages.atLeast(1) })
      .max(INT4_MAX, { error: messages.fallback })
      .optional(),
    /** Put the returned quantity back in stock. */
    restock: z.boolean({ error: 'The value must be true or false' }).default(false),
    /** Shown to the shopper in the message about the refund. */
    note: optionalNote(500),
  }),
);

/**
 * POST /api/admin/applications/{id}/fee/refund: the shop refunds a paid service fee itself (ADR 37),
 * through the order refund above (a request for the fee's line, granted at once).
 */
export const AdminFeeRefundBodySchema = z.preprocess(
  (v) => v ?? {},
  z.strictObject({
    /** Minor units; at most (and by default) the fee paid. */
    amount_minor: z
      .number({ error: messages.integer })
      .int({ error: messages.integer })
      .min(1, { error: messages.atLeast(1) })
      .max(INT4_MAX, { error: messages.fallback })
      .optional(),
    /** Shown to the applicant in the message about the refund. */
    note: optionalNote(500),
    /** Also cancel the application, in the refund's transaction (the applicant gets one message about both). */
    cancel_application: z.boolean({ error: 'The value must be true or false' }).default(false),
  }),
);

/** POST …/refunds/{request_id}/reject: the note is shown to the shopper. */
export const AdminRefundRejectBodySchema = AdminOrderNoteBodySchema;

/** POST …/notes: an internal note (never shown to the shopper). */
export const AdminAddNoteBodySchema = z.strictObject({ body: requiredText(2000, true) });

// ---------------------------------------------------------------------------------------------
// Bulk, documents, badge, notifications
// ---------------------------------------------------------------------------------------------

const orderIds = z
  .array(orderIdField, { error: messages.required })
  .min(1, { error: messages.required })
  .max(ADMIN_ORDERS_BULK_MAX, { error: messages.atMost(ADMIN_ORDERS_BULK_MAX) });

/** POST /api/admin/orders/bulk/pack */
export const AdminBulkPackBodySchema = z.strictObject({ order_ids: orderIds });

/** POST /api/admin/orders/bulk/ship: one parcel per order with every line. */
export const AdminBulkShipBodySchema = z.strictObject({
  orders: z
    .array(
      z.strictObject({
        order_id: orderIdField,
        carrier: requiredText(60),
        waybill: ParcelSchema.shape.waybill,
        tracking_url: httpUrl.nullable().optional(),
      }),
      { error: messages.required },
    )
    .min(1, { error: messages.required })
    .max(ADMIN_ORDERS_BULK_MAX, { error: messages.atMost(ADMIN_ORDERS_BULK_MAX) }),
});

export const AdminBulkResultSchema = z.object({
  results: z.array(
    z.object({
      order_id: z.string(),
      ok: z.boolean(),
      /** What happened, or why not. */
      message: z.string(),
      status: OrderStatusSchema.nullable(),
    }),
  ),
});
export type AdminBulkResult = z.infer<typeof AdminBulkResultSchema>;

/** GET /api/admin/orders/documents?kind=invoice&ids=ord_a,ord_b: one PDF, a page (or more) per order. */
export const AdminOrderDocumentsQuerySchema = z.object({
  kind: z.enum(['invoice', 'packing_slip'], { error: 'The kind must be one of: invoice, packing_slip' }),
  ids: z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), orderIds),
});

/** GET /api/admin/orders/badge */
export const AdminOrderBadgeSchema = z.object({
  /** Confirmed orders waiting to be packed (the to_pack tab). */
  new_orders: z.number().int(),
  /** Refund requests not yet answered. */
  refund_requests: z.number().int(),
  /** Packed orders waiting to be shipped (the to_ship tab). */
  to_ship: z.number().int(),
});

/** GET/PUT /api/admin/orders/notifications: the signed-in member's e-mail on each new order and refund request. */
export const AdminOrderNotificationsSchema = z.object({ notify: z.boolean() });
export const AdminOrderNotificationsBodySchema = z.strictObject({
  notify: z.boolean({ error: 'The value must be true or false' }),
});
