import { sql } from 'drizzle-orm';
import { boolean, date, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Font, ThemeColours, Storefront } from '@shopfront/shared';

// The shop's own tables: settings, regions, channels, storefronts, plugins and counters.

/** Key/value store settings (spec section 3 "Store settings requested", plus license_status). */
export const storeSettings = pgTable('store_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  iso2: text('iso2').notNull().unique(),
  mobileCode: text('mobile_code').notNull(),
  mobileNumberLength: integer('mobile_number_length').notNull(),
  currencyCode: text('currency_code').notNull(),
  /** False where addresses carry no postcode (the UAE): the postcode field is not asked for there. */
  hasPostcodes: boolean('has_postcodes').notNull().default(true),
  /** Set: a postcode there is exactly this many digits (India's PIN codes: 6). */
  postcodeDigits: integer('postcode_digits'),
});

export const states = pgTable(
  'states',
  {
    id: serial('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code').notNull(),
    /**
     * The postcodes of the state, as inclusive ranges of prefixes of one length ('560'–'591');
     * empty: any postcode. An address whose postcode is in none is refused (shipping/postcodes.ts).
     */
    postcodePrefixes: jsonb('postcode_prefixes').$type<{ from: string; to: string }[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('states_country_code_uq').on(t.countryId, t.code)],
);

export const channels = pgTable(
  'channels',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    currencyCode: text('currency_code').notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
  },
  // One name per channel whatever its case (migration 0064; admin/channels/service.ts).
  (t) => [uniqueIndex('channels_name_lower_uq').on(sql`lower(${t.name})`)],
);

/**
 * The ids of deleted channels, never given again (migration 0065): a shopper's cookie, a bookmark
 * or an audit row naming one must not come to mean a new channel in another currency.
 */
export const retiredChannelIds = pgTable('retired_channel_ids', {
  id: text('id').primaryKey(),
  retiredAt: timestamp('retired_at', { withTimezone: true }).notNull().defaultNow(),
});

type Look = Pick<Storefront, 'favicon' | 'typography' | 'notice_bar' | 'topbar' | 'cookie_warning' | 'logo' | 'meta'>;

export const storefronts = pgTable('storefronts', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  channelId: text('channel_id')
    .notNull()
    .references(() => channels.id),
  mode: text('mode').$type<Storefront['mode']>(),
  isPasswordProtectionEnabled: boolean('is_password_protection_enabled').notNull().default(false),
  /** argon2id of the store password visitors give at /password-protected; null until the owner sets one. */
  passwordHash: text('password_hash'),
  isCookieWarningEnabled: boolean('is_cookie_warning_enabled').notNull().default(true),
  pageLayout: text('page_layout').$type<Storefront['page_layout']>().notNull().default('full_width'),
  isStickyHeaderEnabled: boolean('is_sticky_header_enabled').notNull().default(true),
  isScrollButtonEnabled: boolean('is_scroll_button_enabled').notNull().default(true),
  enableIndexing: boolean('enable_indexing').notNull().default(true),
  termsPageSlug: text('terms_page_slug'),
  privacyPageSlug: text('privacy_page_slug'),
  theme: jsonb('theme').$type<ThemeColours>().notNull(),
  fonts: jsonb('fonts').$type<Font[]>().notNull().default([]),
  look: jsonb('look').$type<Look>().notNull(),
  customCss: text('custom_css').notNull().default(''),
  socialSharingImage: text('social_sharing_image'),
  isDefault: boolean('is_default').notNull().default(false),
  /** Bumped by every change: the Theme screen's If-Match (two owners never overwrite each other silently). */
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const plugins = pgTable('plugins', {
  moduleName: text('module_name').primaryKey(),
  config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
  isInstalled: boolean('is_installed').notNull().default(true),
  installedAt: timestamp('installed_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per calendar day: visitors counted once a day each (spec: heart-beat). */
export const dailyVisits = pgTable('daily_visits', {
  day: date('day').primaryKey(),
  visits: integer('visits').notNull().default(0),
});

/** Shared rate-limit counters, so several processes enforce one limit. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
