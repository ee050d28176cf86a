import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  doublePrecision,
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
import type { SubscriptionSource } from '@shopfront/shared';
import { createdAt, updatedAt } from './columns.ts';
import { products } from './catalog-schema.ts';
import { channels } from './core-schema.ts';

/**
 * Visitors who asked, on the Coming Soon or Under Maintenance page, to be told when the shop
 * opens (`POST /api/storefront/subscribe-to-mode`). One row per address; told once (`notified_at`).
 */
export const modeSubscribers = pgTable(
  'mode_subscribers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** The mode the shop was in when they asked. */
    mode: text('mode').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('mode_subscribers_email_uq').on(sql`lower(${t.email})`)],
);

export type EmailSubscriberStatus = 'pending' | 'confirmed' | 'unsubscribed';

/** The emailSubscription plugin's list: double opt-in (pending until the e-mailed link is followed). */
export const emailSubscribers = pgTable(
  'email_subscribers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    status: text('status').$type<EmailSubscriberStatus>().notNull().default('pending'),
    /** sha-256 of the confirmation link's token while pending. */
    confirmTokenHash: text('confirm_token_hash'),
    /** Where they signed up (SUBSCRIPTION_SOURCES): `footer`, `account`, `page`, `section`. */
    source: text('source').$type<SubscriptionSource>().notNull().default('footer'),
    ip: text('ip'),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('email_subscribers_email_uq').on(sql`lower(${t.email})`),
    // The confirmation link looks its subscriber up by the token's hash.
    uniqueIndex('email_subscribers_confirm_token_uq')
      .on(t.confirmTokenHash)
      .where(sql`${t.confirmTokenHash} is not null`),
    check('email_subscribers_status_ck', sql`${t.status} in ('pending', 'confirmed', 'unsubscribed')`),
  ],
);

export interface GalleryImage {
  /** A media path (`/media/…`). */
  path: string;
  alt: string;
  caption?: string;
  link?: string;
}

/** An image gallery the Gallery plugin shows as a page section. */
export const galleries = pgTable('galleries', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  images: jsonb('images').$type<GalleryImage[]>().notNull().default([]),
  updatedAt: updatedAt(),
});

/**
 * Listing prices per channel other than the storefront's default one (whose prices live on
 * `products`): the lowest price among a product's variants in that channel, in its currency.
 * Written with the product summaries (modules/catalog/summary.ts).
 */
export const productChannelPrices = pgTable(
  'product_channel_prices',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    channelId: text('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    priceMinor: integer('price_minor').notNull(),
    mrpMinor: integer('mrp_minor'),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.channelId] }),
    index('product_channel_prices_channel_idx').on(t.channelId, t.priceMinor),
  ],
);

/**
 * The ShopAnalytics plugin's records (first-party statistics): one row per page view or shopping
 * event a consenting visitor's browser reported. `visitor` is the random id of the plugin's
 * cookie (never tied to an account); a purchase is recorded once per order. Pruned after
 * RETENTION.shopStatsDays.
 */
export const shopAnalyticsEvents = pgTable(
  'shop_analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    event: text('event').notNull(),
    path: text('path').notNull(),
    visitor: text('visitor'),
    /** In major units of `currency`, as the browser reported it (statistics, not accounting). */
    value: doublePrecision('value'),
    currency: text('currency'),
    items: integer('items'),
    orderNo: text('order_no'),
    createdAt: createdAt(),
  },
  (t) => [
    index('shop_analytics_events_created_idx').on(t.createdAt),
    uniqueIndex('shop_analytics_events_purchase_uq')
      .on(t.orderNo)
      .where(sql`${t.event} = 'purchase'`),
    check(
      'shop_analytics_events_event_ck',
      sql`${t.event} in ('page_view', 'view_item', 'add_to_cart', 'begin_checkout', 'purchase')`,
    ),
  ],
);
