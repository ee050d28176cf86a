import { sql, type SQL } from 'drizzle-orm';
import type { PaymentStatus } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import type { ProviderCode, StoredPayment } from './provider.ts';

/**
 * The statements on payment rows and on an order's payment status that several payment steps
 * share: failing an attempt, setting the order's payment status, reading an attempt for its
 * provider.
 */

/** The longest failure reason kept on a payments row. */
const REASON_MAX = 500;
// C0 controls and DEL, and a surrogate without its other half (matched code unit by code unit).
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A reason as it can be stored: a provider's or a browser's words (Razorpay's unsigned
 * error_description, a webhook's) may hold a NUL, which PostgreSQL text refuses, or other control
 * characters; they become spaces. Cut to 500 characters first, so the cut never leaves half a pair.
 */
export const storableReason = (reason: string): string => reason.slice(0, REASON_MAX).replace(UNSTORABLE, ' ');

/** A payments row `p` as storedColumns reads it. */
export interface StoredPaymentRow {
  id: string;
  order_id: string;
  provider: string;
  provider_ref: string;
  provider_payment_id: string | null;
  amount_minor: number;
  currency: string;
}

/**
 * SQL: the payments row `p` is an attempt the shop opened (not a second capture on one, which
 * markPaid records as its own row with the captured payment's id as its reference).
 */
export const isAttemptSql = sql`(p.provider_payment_id is null or p.provider_ref <> p.provider_payment_id)`;

/** The columns storedColumns answers (every key of StoredPaymentRow). */
export const STORED_COLUMNS = [
  'id',
  'order_id',
  'provider',
  'provider_ref',
  'provider_payment_id',
  'amount_minor',
  'currency',
] as const;

/** The columns of a payments row `p` that toStored reads. */
export const storedColumns = sql`p.id, p.order_id, p.provider, p.provider_ref, p.provider_payment_id, p.amount_minor, p.currency`;

export const toStored = (r: StoredPaymentRow): StoredPayment => ({
  id: r.id,
  orderId: r.order_id,
  providerRef: r.provider_ref,
  providerPaymentId: r.provider_payment_id,
  amountMinor: r.amount_minor,
  currency: r.currency,
});

/** Fails the open attempt `which` names, keeping why (stored as given). */
const failOpenPayment = namedQuery<{ id: string; order_id: string; created_at: string }>()({
  name: 'payments.fail',
  columns: ['id', 'order_id', 'created_at'],
  example: { which: sql`provider = ${'sandbox'} and provider_ref = ${'sbs_example'}`, reason: 'Declined' },
  build: (p: { which: SQL; reason: string }) =>
    sql`update payments set status = 'failed', failure_reason = ${p.reason}, updated_at = now()
         where ${p.which} and status = 'created'
     returning id, order_id, created_at`,
});

/**
 * Fails an attempt still open (created → failed, once), by our id or by the provider's
 * reference, keeping why. Answers the row when this call failed it, else null.
 */
export async function failPayment(
  db: Db,
  attempt: { id: string } | { provider: ProviderCode; providerRef: string },
  reason: string,
): Promise<{ id: string; order_id: string; created_at: string } | null> {
  const which =
    'id' in attempt
      ? sql`id = ${attempt.id}`
      : sql`provider = ${attempt.provider} and provider_ref = ${attempt.providerRef}`;
  const [row] = await failOpenPayment(db, { which, reason: storableReason(reason) });
  return row ?? null;
}

/**
 * Sets an order's payment status (only from one of `from`, when given); becoming paid also
 * stamps paid_at if it has none. True when it changed.
 */
export async function setPaymentStatus(
  tx: Db,
  orderId: string,
  to: PaymentStatus,
  from?: readonly PaymentStatus[],
): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`update orders set payment_status = ${to},
          ${to === 'paid' ? sql`paid_at = coalesce(paid_at, now()),` : sql``} updated_at = now()
         where id = ${orderId}${
           from
             ? sql` and payment_status in (${sql.join(
                 from.map((s) => sql`${s}`),
                 sql`, `,
               )})`
             : sql``
         }
     returning id`,
  );
  return rows.length > 0;
}
