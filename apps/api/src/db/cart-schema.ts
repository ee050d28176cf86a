import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Address } from '@shopfront/shared';
import { customers } from './account-schema.ts';
import { categories, products, variants } from './catalog-schema.ts';
import { channels, countries } from './core-schema.ts';
import { createdAt, updatedAt } from './columns.ts';

/** An address copied onto a cart, as answered (a saved one keeps its id; a typed one has id 0). */
export type CartAddress = Address;

/**
 * Carts (ADR 0020). A guest's is found by the sha-256 of the secret in its cart_session cookie, a
 * customer's by customer_id (one active cart each). Priced in its own channel on every read;
 * `status` leaves 'active' when the cart is ordered or merged into a customer's.
 */
export const carts = pgTable(
  'carts',
  {
    /** Public reference (answered as cart_session); not a secret. */
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').unique(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    // Refuses a channel's delete while it has carts (migration 0062); a cart made as it goes waits on the key.
    channelId: text('channel_id')
      .notNull()
      .references(() => channels.id),
    status: text('status').$type<'active' | 'merged' | 'ordered'>().notNull().default('active'),
    couponCode: text('coupon_code'),
    shippingMethodCode: text('shipping_method_code'),
    paymentMethodCode: text('payment_method_code'),
    shippingAddress: jsonb('shipping_address').$type<CartAddress>(),
    billingAddress: jsonb('billing_address').$type<CartAddress>(),
    billingSameAsShipping: boolean('billing_same_as_shipping').notNull().default(true),
    email: text('email'),
    phone: text('phone'),
    note: text('note'),
    /** The buyer's GSTIN for a business tax invoice, with its business name (issue 26); null without one. */
    buyerGstin: text('buyer_gstin'),
    buyerBusinessName: text('buyer_business_name'),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    /** sha-256 of the abandoned-cart link's token (AbandonedCart plugin); null until a reminder is due. */
    recoveryTokenHash: text('recovery_token_hash').unique(),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('carts_customer_active_uq')
      .on(t.customerId)
      .where(sql`${t.status} = 'active'`),
    index('carts_updated_idx').on(t.updatedAt),
    check('carts_status_ck', sql`${t.status} in ('active', 'merged', 'ordered')`),
  ],
);

/**
 * Lines of a cart: one per variant and customisation (`customisation_key` is '' without any), so
 * concurrent adds of the same thing meet on the unique index and add up in one statement.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: text('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    customText: text('custom_text'),
    imagePath: text('image_path'),
    customisationKey: text('customisation_key').notNull().default(''),
    /** The unit price the shopper last saw for this line; a different current price marks "prices updated". */
    seenPriceMinor: integer('seen_price_minor').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cart_items_line_uq').on(t.cartId, t.variantId, t.customisationKey),
    index('cart_items_variant_idx').on(t.variantId),
    check('cart_items_quantity_ck', sql`${t.quantity} > 0`),
  ],
);

/**
 * Where the shop delivers (ADR 0023). An address belongs to the first zone (by position) whose
 * country matches, whose states list is empty or holds the address's state, and whose postcode
 * ranges are empty or hold its postcode. Cash on Delivery is a property of the zone.
 */
export const shippingZones = pgTable('shipping_zones', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  countryId: integer('country_id')
    .notNull()
    .references(() => countries.id, { onDelete: 'cascade' }),
  /** State ids the zone covers; empty: the whole country. */
  stateIds: jsonb('state_ids').$type<number[]>().notNull().default([]),
  /** Inclusive numeric postcode ranges; empty: every postcode. */
  postcodeRanges: jsonb('postcode_ranges').$type<{ from: string; to: string }[]>().notNull().default([]),
  codAvailable: boolean('cod_available').notNull().default(true),
  codFeeMinor: integer('cod_fee_minor').notNull().default(0),
  /** Delivery estimate in days after dispatch, shown at checkout and on the pincode check. */
  deliveryDaysMin: integer('delivery_days_min').notNull().default(3),
  deliveryDaysMax: integer('delivery_days_max').notNull().default(7),
  position: integer('position').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  /** Bumped by every owner edit: the panel's If-Match (issue 26). */
  version: integer('version').notNull().default(1),
});

/**
 * Delivery options a cart can choose, in the channel's currency: a flat rate, free above a
 * threshold. A method with a zone serves only addresses of that zone; one without serves every
 * zone (ADR 0023).
 */
export const shippingMethods = pgTable('shipping_methods', {
  code: text('code').primaryKey(),
  zoneId: integer('zone_id').references(() => shippingZones.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  priceMinor: integer('price_minor').notNull(),
  /** Free when the subtotal after the coupon reaches this; null: never free. */
  freeOverMinor: integer('free_over_minor'),
  /** Delivery estimate in days of this method; null: the zone's. */
  deliveryDaysMin: integer('delivery_days_min'),
  deliveryDaysMax: integer('delivery_days_max'),
  position: integer('position').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  /** Bumped by every owner edit: the panel's If-Match (issue 26). */
  version: integer('version').notNull().default(1),
});

/**
 * How a shopper may pay (ADR 0023). A cart offers the active ones it can use: 'offline' ones
 * (Cash on Delivery) when the address's zone allows them, 'online' ones when their payment
 * provider is configured in this process (the code is the provider's).
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind').$type<'offline' | 'online'>().notNull(),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [check('payment_methods_kind_ck', sql`${t.kind} in ('offline', 'online')`)],
);

/**
 * Discount codes (stored upper-case). `value` is a percentage (1–100) for 'percent' and minor
 * units for 'fixed'. Uses are counted when an order is placed (`used_count`, conditional update).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    description: text('description').notNull().default(''),
    kind: text('kind').$type<'percent' | 'fixed'>().notNull(),
    value: integer('value').notNull(),
    minSubtotalMinor: integer('min_subtotal_minor').notNull().default(0),
    maxDiscountMinor: integer('max_discount_minor'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    perCustomerLimit: integer('per_customer_limit'),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    /** Listed in GET /api/cart/coupons/get; a secret one works only when its code is typed. */
    isVisible: boolean('is_visible').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    /** Bumped by every owner edit: the If-Match of the coupon editor. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    check('coupons_code_upper_ck', sql`${t.code} = upper(${t.code})`),
    check('coupons_kind_ck', sql`${t.kind} in ('percent', 'fixed')`),
    check('coupons_value_ck', sql`${t.value} > 0 and (${t.kind} = 'fixed' or ${t.value} <= 100)`),
    check(
      'coupons_used_ck',
      sql`${t.usedCount} >= 0 and (${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit})`,
    ),
  ],
);

/** A coupon limited to products: it discounts only those lines. */
export const couponProducts = pgTable(
  'coupon_products',
  {
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.productId] })],
);

/** A coupon limited to categories: it discounts only lines of products in them (or their subcategories). */
export const couponCategories = pgTable(
  'coupon_categories',
  {
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.categoryId] })],
);

/** One row per order that used a coupon (written by place-order): per-customer limits count these. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    orderRef: text('order_ref').notNull().unique(),
    createdAt: createdAt(),
    /**
     * When the use was given back: its order (or its application) was cancelled. A released
     * redemption is no longer counted in used_count nor in the customer's limit; the row stays
     * (one per order_ref: a retried order still counts once) and is set once.
     */
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [index('coupon_redemptions_customer_idx').on(t.couponId, t.customerId)],
);
