import { sql } from 'drizzle-orm';
import type { PaymentStatus } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import type { ProviderCode, StoredPayment } from './provider.ts';

/**
 * The statements on payment rows and on an order's payment status that several payment steps
 * share: failing an attempt, setting the order's payment status, reading an attempt for its
 * provider.
 */

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
  const [row] = await queryRows<{ id: string; order_id: string; created_at: string }>(
    db,
    sql`update payments set status = 'failed', failure_reason = ${reason.slice(0, 500)}, updated_at = now()
         where ${which} and status = 'created'
     returning id, order_id, created_at`,
  );
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
  const rows = await queryRows<{ id: string }>(
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
