import { index, pgTable, primaryKey, serial, integer, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { staff } from './staff-schema.ts';

/**
 * A browser (a device) where a staff member turned on order notifications (Web Push, issue 25):
 * the push service's endpoint and the browser's keys for the payload's encryption. One row per
 * endpoint: subscribing again from the same browser updates it (and binds it to whoever is
 * signed in there now). Removed when its member turns it off, or when the push service answers
 * 404/410 (the browser dropped it).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    staffId: text('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_uq'),
    /** The browser's P-256 public key and auth secret (base64url), as PushSubscription.toJSON() gives them. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** What the member sees in the list of their devices (the browser's user agent, shortened). */
    label: text('label').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_staff_idx').on(t.staffId)],
);

/**
 * One push of a staff alert (`staff_alerts.key`) to one subscription, claimed before it is sent:
 * a retried alert job skips what is here, so each device is told at most once per alert.
 */
export const pushSends = pgTable(
  'push_sends',
  {
    alertKey: text('alert_key').notNull(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.alertKey, t.subscriptionId] }),
    index('push_sends_subscription_idx').on(t.subscriptionId),
  ],
);
