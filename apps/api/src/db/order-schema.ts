import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Address, OrderKind, OrderStatus, PaymentStatus } from '@shopfront/shared';
import { customers } from './account-schema.ts';
import { carts } from './cart-schema.ts';
import { channels } from './core-schema.ts';
import { createdAt, updatedAt } from './columns.ts';

/** Human order numbers (SF-100001 …); the public id is opaque, the number alone finds nothing. */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 100001 });

export interface OrderShippingSnapshot {
  code: string;
  name: string;
  price_minor: number;
  delivery_days_min: number | null;
  delivery_days_max: number | null;
}

/**
 * Orders, written by place-order with snapshots of everything the shopper agreed to: lines,
 * prices, discount, shipping, tax and addresses. Later changes are the order's life, never its
 * snapshots: status moves (moveOrder), payment status and method (a retry, Cash on Delivery
 * chosen later with its fee), refunds, the rating and the purchase-event flags. Stock is taken at
 * placing (`stock_reserved`); an online payment holds it until `reserved_until`.
 */
export const orders = pgTable(
  'orders',
  {
    /** Opaque public id (ord_…): what URLs and the API use. */
    id: text('id').primaryKey(),
    orderNo: text('order_no').notNull().unique(),
    /**
     * One order per cart: a second tab or a retry finds the cart already ordered. Null once the
     * cart is deleted (with its customer's account, say): the order keeps its own snapshots.
     */
    cartId: text('cart_id')
      .unique()
      .references(() => carts.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    channelId: text('channel_id')
      .notNull()
      .references(() => channels.id),
    kind: text('kind').$type<OrderKind>().notNull().default('goods'),
    /**
     * A service_fee order's application, for good (ADR 37, fourth slice): applications.order_id
     * names the live fee order and moves to a fresh one when staff cancel it; this stays, so the
     * replaced order's late messages still reach their application. No foreign key (the two schema
     * modules would import each other); an application removed leaves it naming nothing.
     */
    applicationId: text('application_id'),
    currency: text('currency').notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull(),
    paymentMethodCode: text('payment_method_code').notNull(),
    email: text('email'),
    phone: text('phone'),
    shippingAddress: jsonb('shipping_address').$type<Address>().notNull(),
    billingAddress: jsonb('billing_address').$type<Address>().notNull(),
    shipping: jsonb('shipping').$type<OrderShippingSnapshot>().notNull(),
    note: text('note'),
    /** The buyer's GSTIN given at checkout, with its business name: printed on the tax invoice (issue 26). */
    buyerGstin: text('buyer_gstin'),
    buyerBusinessName: text('buyer_business_name'),
    couponId: integer('coupon_id'),
    couponCode: text('coupon_code'),
    subtotalMinor: integer('subtotal_minor').notNull(),
    discountMinor: integer('discount_minor').notNull().default(0),
    shippingMinor: integer('shipping_minor').notNull().default(0),
    codFeeMinor: integer('cod_fee_minor').notNull().default(0),
    taxRatePercent: doublePrecision('tax_rate_percent').notNull().default(0),
    taxMinor: integer('tax_minor').notNull().default(0),
    grandTotalMinor: integer('grand_total_minor').notNull(),
    /**
     * What has been granted back of the payment that paid the order (a cancellation, approved refund
     * requests). Money that never paid it (a late payment refunded because the stock was gone, a
     * duplicate, a wrong amount) is refunded too, but counted on its payments row only.
     */
    refundedMinor: integer('refunded_minor').notNull().default(0),
    /**
     * The payments row whose money paid the order (set when markPaid confirms it); null while unpaid
     * and for offline methods. A cancellation or an approved refund pays back this payment only. No
     * foreign key: payments already cascade from orders, and the row is never deleted alone.
     */
    paidPaymentId: text('paid_payment_id'),
    /** True while the order holds its lines' stock (false once returned: cancelled, expired). */
    stockReserved: boolean('stock_reserved').notNull().default(true),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    /** sha-256 of the secret in the confirmation message's tracking link (/track-order/{token}). */
    trackingTokenHash: text('tracking_token_hash').notNull().unique(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    rating: integer('rating'),
    ratingComment: text('rating_comment'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    googleGtagEventTracked: boolean('google_gtag_event_tracked').notNull().default(false),
    googleGtmEventTracked: boolean('google_gtm_event_tracked').notNull().default(false),
    facebookPixelEventTracked: boolean('facebook_pixel_event_tracked').notNull().default(false),
    microsoftClarityEventTracked: boolean('microsoft_clarity_event_tracked').notNull().default(false),
    umamiEventTracked: boolean('umami_event_tracked').notNull().default(false),
    /**
     * Grows with every change staff could act on (status, payment, money: a trigger of migration
     * 0029): the owner's If-Match compares it, so two staff cannot overwrite each other silently.
     */
    version: integer('version').notNull().default(1),
    /**
     * The tax invoice's number ("INV/2026-27/000001") and when it was issued: set once, when the
     * invoice is first asked for (modules/orders/invoice-number.ts); null before.
     */
    invoiceNo: text('invoice_no').unique(),
    invoiceIssuedAt: timestamp('invoice_issued_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    // The owner's inbox (newest first, keyset) and its searches (modules/orders/admin-list.ts).
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_phone_idx').on(t.phone),
    index('orders_email_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('orders_first_name_idx').on(sql`lower(${t.shippingAddress} ->> 'first_name') text_pattern_ops`),
    index('orders_last_name_idx').on(sql`lower(${t.shippingAddress} ->> 'last_name') text_pattern_ops`),
    index('orders_application_idx').on(t.applicationId),
    index('orders_reservation_idx')
      .on(t.reservedUntil)
      .where(sql`${t.status} = 'awaiting_payment' and ${t.stockReserved}`),
    check('orders_totals_ck', sql`${t.grandTotalMinor} >= 0 and ${t.refundedMinor} between 0 and ${t.grandTotalMinor}`),
    check('orders_kind_ck', sql`${t.kind} in ('goods', 'service_fee')`),
    check('orders_application_ck', sql`${t.applicationId} is null or ${t.kind} = 'service_fee'`),
    check('orders_rating_ck', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
  ],
);

/** Order lines: snapshots of what was bought at what price (the catalog may change later). */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    variantId: text('variant_id').notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    variantTitle: text('variant_title').notNull().default(''),
    options: jsonb('options').$type<Record<string, string>>().notNull().default({}),
    sku: text('sku').notNull().default(''),
    image: text('image'),
    customText: text('custom_text'),
    imagePath: text('image_path'),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: integer('unit_price_minor').notNull(),
    discountMinor: integer('discount_minor').notNull().default(0),
    /** unit × quantity − discount: what this line costs. */
    totalMinor: integer('total_minor').notNull(),
    taxMinor: integer('tax_minor').notNull().default(0),
    /** The line's GST rate when ordered (its product's tax class); null on lines placed before it: the order's rate. */
    taxRatePercent: doublePrecision('tax_rate_percent'),
    /** The product's HSN code when ordered (null on lines placed before issue 26: the invoice reads the product's). */
    hsnCode: text('hsn_code'),
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
    /** Quantity in open or granted refund requests (never more than `quantity`). */
    refundRequestedQuantity: integer('refund_requested_quantity').notNull().default(0),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity_ck', sql`${t.quantity} > 0`),
    check(
      'order_items_refund_ck',
      sql`${t.refundedQuantity} between 0 and ${t.refundRequestedQuantity} and ${t.refundRequestedQuantity} <= ${t.quantity}`,
    ),
  ],
);

/** The order's history: every status change with who made it and why (the details screen lists it). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor').$type<'shopper' | 'staff' | 'system' | 'gateway'>().notNull(),
    note: text('note'),
    /** Set once when the shopper's message about this change is queued: told once, whatever the retries. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * Payment attempts with a provider. `provider_ref` is the provider's id for the attempt (a
 * session, an order); `provider_payment_id` the captured payment. Marking paid is a conditional
 * update on this row, so a webhook and a return redirect (each any number of times) pay once.
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    providerPaymentId: text('provider_payment_id'),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<'created' | 'paid' | 'failed' | 'refunded'>().notNull().default('created'),
    refundedMinor: integer('refunded_minor').notNull().default(0),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_provider_ref_uq').on(t.provider, t.providerRef),
    check('payments_refund_ck', sql`${t.refundedMinor} between 0 and ${t.amountMinor}`),
  ],
);

/** Refund requests per line and quantity (after delivery, when enable_refund). */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<'requested' | 'approved' | 'rejected' | 'refunded'>().notNull().default('requested'),
    amountMinor: integer('amount_minor').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('refund_requests_order_idx').on(t.orderId), check('refund_requests_qty_ck', sql`${t.quantity} > 0`)],
);

/** A parcel of an order with the carrier's waybill; its scans are the tracking events. */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    carrier: text('carrier').notNull(),
    /** The carrier's waybill (AWB) number, as printed on the parcel. */
    waybill: text('waybill').notNull().unique(),
    trackingUrl: text('tracking_url'),
    createdAt: createdAt(),
  },
  (t) => [index('shipments_order_idx').on(t.orderId)],
);

/** Which of an order's lines (and how many of each) a parcel holds. */
export const shipmentItems = pgTable(
  'shipment_items',
  {
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.orderItemId] }),
    index('shipment_items_item_idx').on(t.orderItemId),
    check('shipment_items_quantity_ck', sql`${t.quantity} > 0`),
  ],
);

/** Staff's internal notes on an order (never shown to the shopper). */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    staffId: text('staff_id'),
    /** Who wrote it, as they were then (their e-mail). */
    author: text('author').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * Staff told of a new order or a refund request, once per `key` (`order:ord_…`, `refund:42`):
 * the staff-order-alert job inserts the key with its messages, so a retried job tells no one twice.
 */
export const staffAlerts = pgTable('staff_alerts', {
  key: text('key').primaryKey(),
  createdAt: createdAt(),
});

/** Carrier scan events: time, place and status (the scan popup lists them). */
export const shipmentScans = pgTable(
  'shipment_scans',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    location: text('location').notNull(),
    status: text('status').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [index('shipment_scans_shipment_idx').on(t.shipmentId, t.scannedAt)],
);

/**
 * The tax invoices' numbering: one row per financial year ("2026-27") holding the last number
 * issued. Bumped in the same statement that gives an order its number, so the series has no gaps
 * and no repeats whatever the concurrency (modules/orders/invoice-number.ts).
 */
export const invoiceCounters = pgTable('invoice_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastNo: integer('last_no').notNull(),
});
