import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { orders, payments } from './order-schema.ts';

/**
 * Refunds of a payment (ADR 24): one row per refund job, claimed before the provider is called
 * and marked done after. `idempotency_key` is the job's (the same on every retry), so a retried
 * job finds its row and the provider's own idempotency (Razorpay's X-Refund-Idempotency) keeps a
 * repeated call from paying out twice. A claim checks the payment's unrefunded amount under its
 * row lock, so concurrent refunds never exceed what was paid.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountMinor: integer('amount_minor').notNull(),
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    status: text('status').$type<'pending' | 'done' | 'failed'>().notNull().default('pending'),
    providerRefundRef: text('provider_refund_ref'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_refunds_payment_idx').on(t.paymentId),
    check('payment_refunds_amount_ck', sql`${t.amountMinor} > 0`),
    check('payment_refunds_status_ck', sql`${t.status} in ('pending', 'done', 'failed')`),
  ],
);

/**
 * The sandbox gateway's own records (ADR 24): it plays an outside provider, so it keeps what a
 * provider would (what the merchant asked to be paid, what the shopper did) and never reads the
 * shop's orders. `id` is the session's secret id (its payment page's address).
 */
export const sandboxSessions = pgTable(
  'sandbox_sessions',
  {
    id: text('id').primaryKey(),
    /** The merchant's reference for this attempt (payments.id). */
    merchantRef: text('merchant_ref').notNull(),
    /** The merchant's order (orders.id) and its number, as the merchant described the payment. */
    orderId: text('order_id').notNull(),
    orderNo: text('order_no').notNull(),
    shopName: text('shop_name').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** Where the shopper's browser goes back to (the merchant's return path). */
    returnPath: text('return_path').notNull(),
    /** Where the signed webhook is delivered (a path of the merchant's API). */
    webhookPath: text('webhook_path').notNull(),
    status: text('status').$type<'open' | 'paid' | 'failed' | 'cancelled'>().notNull().default('open'),
    /** The sandbox's id of the captured payment (sbp_…), once paid. */
    paymentRef: text('payment_ref'),
    refundedMinor: integer('refunded_minor').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('sandbox_sessions_status_ck', sql`${t.status} in ('open', 'paid', 'failed', 'cancelled')`),
    check('sandbox_sessions_refund_ck', sql`${t.refundedMinor} between 0 and ${t.amountMinor}`),
  ],
);

/** Refunds the sandbox has made, one per merchant idempotency key (a repeated request answers the first). */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  sessionId: text('session_id')
    .notNull()
    .references(() => sandboxSessions.id, { onDelete: 'cascade' }),
  amountMinor: integer('amount_minor').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
