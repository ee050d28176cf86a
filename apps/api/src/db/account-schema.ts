import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products, variants } from './catalog-schema.ts';
import { countries, states } from './core-schema.ts';
import { createdAt } from './columns.ts';

/**
 * A shopper's account. Either identifier may be missing: an OTP sign-up knows only the phone,
 * a legacy one has both. E-mail is stored lower-cased (the check keeps it so), which makes the
 * plain unique index case-insensitive.
 */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').unique(),
    phone: text('phone').unique(),
    /** argon2id PHC string; null for accounts created by OTP until a password is set. */
    passwordHash: text('password_hash'),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Orders placed (place-order counts them in its transaction): first-order-only coupons read it. */
    ordersCount: integer('orders_count').notNull().default(0),
    /** Set while the shop has blocked the account: it cannot sign in (sessions end when it is set). */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    /**
     * Bumped by every owner's write to the customer (notes, block, unblock): the `If-Match` of those
     * writes, so two staff members never overwrite each other silently.
     */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('customers_email_lower_ck', sql`${t.email} = lower(${t.email})`)],
);

/** Staff's internal notes on a customer (the owner's customer page; never shown to the customer). */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Null once the staff member is deleted; `author` keeps who wrote it. */
    staffId: text('staff_id'),
    author: text('author').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('customer_notes_customer_idx').on(t.customerId, t.id)],
);

/**
 * Server-side sessions. The cookie holds an opaque random token; only its SHA-256 is stored, so
 * a leaked table cannot be replayed as cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    /** sha256 hex of the cookie token. */
    id: text('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** true: persistent cookie with a sliding expiry; false: browser-session cookie. */
    remember: boolean('remember').notNull().default(true),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_customer_idx').on(t.customerId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * One-time codes sent by SMS (or by e-mail: the verification popup's 'verify_email'). One row per
 * flow and destination (and customer, for the verification popup): it holds the current code's
 * hash and counts the sends of the current window.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose')
      .$type<'login' | 'register' | 'verify' | 'verify_email' | 'data_export' | 'account_delete'>()
      .notNull(),
    /** The code's destination: a phone number, or an e-mail address for 'verify_email'. */
    phone: text('phone').notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    /** sha256 of phone and code: keeps live codes out of dumps and logs; the try limit is what protects 4 digits. */
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** Sends in the current window (first send = 1). */
    sendCount: integer('send_count').notNull().default(1),
    /** Start of the current send window. */
    createdAt: createdAt(),
  },
  (t) => [
    unique('otp_codes_key_uq').on(t.purpose, t.phone, t.customerId).nullsNotDistinct(),
    check(
      'otp_codes_purpose_ck',
      sql`${t.purpose} in ('login', 'register', 'verify', 'verify_email', 'data_export', 'account_delete')`,
    ),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** sha256 hex of the token in the e-mailed link. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_customer_idx').on(t.customerId, t.createdAt)],
);

/** Every sign-in attempt (security page, and the failed-login limits count from here). */
export const accessLogs = pgTable(
  'access_logs',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    /** What the visitor typed: e-mail (lower-cased) or phone. */
    identifier: text('identifier').notNull(),
    method: text('method').$type<'password' | 'otp' | 'register' | 'reset'>().notNull(),
    success: boolean('success').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('access_logs_identifier_idx').on(t.identifier, t.createdAt),
    index('access_logs_ip_idx').on(t.ip, t.createdAt),
    index('access_logs_customer_idx').on(t.customerId, t.createdAt),
    // Retention prunes by age (maintenance/retention.ts).
    index('access_logs_created_idx').on(t.createdAt),
  ],
);

/**
 * Transactional outbox: a message is inserted in the same transaction as the change that causes
 * it, with a `deliver-message` job that sends it afterwards (retries live on the job). 'stored'
 * means no transport is configured for the channel (readable at /dev/outbox outside production).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    /** The order a message to a shopper is about (the owner's order page lists them). */
    orderId: text('order_id'),
    status: text('status').$type<'pending' | 'sent' | 'stored' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_created_idx').on(t.createdAt),
    index('outbox_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    check('outbox_channel_ck', sql`${t.channel} in ('email', 'sms')`),
    check('outbox_status_ck', sql`${t.status} in ('pending', 'sent', 'stored', 'failed')`),
  ],
);

/** Saved addresses (the addresses module owns the rules). */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    addressType: text('address_type').$type<'Shipping' | 'Billing'>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    addressLine1: text('address_line_1').notNull(),
    addressLine2: text('address_line_2'),
    landmark: text('landmark'),
    city: text('city').notNull(),
    postcode: text('postcode').notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    stateId: integer('state_id').references(() => states.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_customer_idx').on(t.customerId, t.addressType),
    uniqueIndex('addresses_one_default_uq')
      .on(t.customerId, t.addressType)
      .where(sql`${t.isDefault}`),
    check('addresses_type_ck', sql`${t.addressType} in ('Shipping', 'Billing')`),
  ],
);

/** Saved products (the wishlist module owns the rules). */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The option the shopper had chosen when saving (null: none chosen, or it was deleted since). */
    variantId: text('variant_id').references(() => variants.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.productId] }),
    index('wishlist_customer_idx').on(t.customerId, t.createdAt),
  ],
);

/**
 * Throttles (lib/throttle.ts): sign-in, send caps, reviews per customer, wrong admin tokens per
 * address. One counter row per scope and subject (and client, for the
 * per-account-and-client back-off). A row is claimed by one conditional upsert, so concurrent
 * attempts can never pass more than the limit; a refused claim changes nothing.
 */
export const throttleCounters = pgTable(
  'throttle_counters',
  {
    scope: text('scope')
      .$type<'ip' | 'account' | 'client' | 'phone' | 'sms_new_number' | 'otp_sends' | 'review' | 'admin_token'>()
      .notNull(),
    /** The address, e-mail, phone, calling code or customer id counted. */
    subject: text('subject').notNull(),
    /** Scope 'client' only: the device cookie's hash, else the client address; '' elsewhere. */
    client: text('client').notNull().default(''),
    count: integer('count').notNull().default(0),
    /** The count restarts at 1 once this has passed. */
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
    /** Progressive back-off: no attempt is counted (or allowed) before this. */
    nextTryAt: timestamp('next_try_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.subject, t.client] }),
    index('throttle_counters_resets_idx').on(t.resetsAt),
    check(
      'throttle_counters_scope_ck',
      sql`${t.scope} in ('ip', 'account', 'client', 'phone', 'sms_new_number', 'otp_sends', 'review', 'admin_token')`,
    ),
  ],
);

/**
 * Browsers a customer has signed in from: the long-lived device cookie's hash, bound to each
 * customer who signs in with it. A known device skips the account-wide sign-in lock.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    /** sha256 hex of the device cookie. */
    tokenHash: text('token_hash').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tokenHash, t.customerId] }),
    index('known_devices_customer_idx').on(t.customerId),
    index('known_devices_seen_idx').on(t.lastSeenAt),
  ],
);

/**
 * A record of the accounts their customers deleted (the owner's list): when, a random
 * reference and how many orders were kept anonymised. Nothing personal: the customer row itself
 * is gone (modules/account/delete-account.ts).
 */
export const accountDeletions = pgTable('account_deletions', {
  id: serial('id').primaryKey(),
  /** sha-256 of `customer:<id>`, cut to 16 hex digits: tells two deletions apart, names no one. */
  customerRef: text('customer_ref').notNull().unique(),
  ordersKept: integer('orders_kept').notNull().default(0),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
});
