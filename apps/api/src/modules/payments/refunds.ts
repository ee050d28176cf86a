import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { queryRows, type Db } from '../../db/client.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { JobFailedForGood, type JobContext } from '../jobs/registry.ts';
import { ProviderError, isProviderCode, type ProviderCode } from './provider.ts';
import { storedColumns, toStored, type StoredPaymentRow } from './records.ts';

/**
 * Refunds (ADR 24): money of an order paid back through the provider that took it. Queued with
 * queueRefund in the transaction that grants it (the orders module: a cancelled paid order, an
 * approved refund request; markPaid: money that cannot pay the order), paid out by the
 * 'payment-refund' job.
 */

/** The longest reason a refund carries (the shopper's own words are cut there). */
const REFUND_REASON_MAX = 200;

/**
 * A refund job's payload. Without `paymentId` the order's captured payment with enough left is
 * refunded. `countsForOrder` true: the job adds the amount to orders.refunded_minor once the
 * money is back (money that arrived for an unpaid order, which nobody else records); otherwise
 * the granting transaction has recorded it already.
 */
export const RefundJobSchema = z.object({
  orderId: z.string().min(1).max(64),
  amountMinor: z.number().int().positive(),
  reason: z.string().min(1).max(REFUND_REASON_MAX),
  paymentId: z.string().min(1).max(64).optional(),
  countsForOrder: z.boolean().optional(),
});
export type RefundJob = z.infer<typeof RefundJobSchema>;

declare module '../jobs/registry.ts' {
  interface JobPayloads {
    /** Pays money of an order back through its payment provider (queueRefund queues it; runRefund runs it). */
    'payment-refund': RefundJob;
  }
}

/** Tries of a refund before it is marked failed for a person to look at. */
const REFUND_MAX_ATTEMPTS = 10;

/**
 * Queues the refund of `amountMinor` of an order paid online, in the caller's transaction (it
 * commits or vanishes with the change that grants the refund). `dedupeKey` names what is refunded
 * (one refund per cancellation, per request, per payment). Never for an offline method's order:
 * there the shop pays back by hand. Nothing is queued for a zero amount; false then, or when the
 * key is already queued.
 */
export async function queueRefund(
  tx: Db,
  r: {
    orderId: string;
    amountMinor: number;
    reason: string;
    dedupeKey: string;
    paymentId?: string | undefined;
    countsForOrder?: boolean | undefined;
  },
): Promise<boolean> {
  if (r.amountMinor <= 0) return false;
  const payload: RefundJob = {
    orderId: r.orderId,
    amountMinor: r.amountMinor,
    reason: r.reason.slice(0, REFUND_REASON_MAX) || 'refund',
    ...(r.paymentId !== undefined ? { paymentId: r.paymentId } : {}),
    ...(r.countsForOrder !== undefined ? { countsForOrder: r.countsForOrder } : {}),
  };
  const id = await enqueueJob(tx, {
    kind: 'payment-refund',
    payload,
    dedupeKey: r.dedupeKey,
    maxAttempts: REFUND_MAX_ATTEMPTS,
  });
  return id !== null;
}

interface RefundClaim extends StoredPaymentRow {
  refund_id: number;
  refund_status: 'pending' | 'done' | 'failed';
}

/**
 * Claims a refund for this job (its key is the job's, the same on every retry): the row already
 * claimed by an earlier run, or a new one on a captured payment of the order with enough left
 * once refunds in flight are counted. The payment rows are locked first, in a statement of their
 * own, so the next statement (READ COMMITTED: a fresh snapshot) counts every refund claimed by
 * whoever held them before: concurrent refunds never take more than was paid. Null when there is
 * nothing to refund.
 */
async function claimRefund(db: Db, key: string, p: RefundJob): Promise<RefundClaim | null> {
  return db.transaction(async (tx) => {
    const [earlier] = await queryRows<RefundClaim>(
      tx,
      sql`select r.id as refund_id, r.status as refund_status, ${storedColumns}
            from payment_refunds r join payments p on p.id = r.payment_id
           where r.idempotency_key = ${key}`,
    );
    if (earlier) return earlier;
    const locked = await queryRows<{ id: string }>(
      tx,
      sql`select p.id from payments p
           where p.order_id = ${p.orderId} and p.status = 'paid' and p.provider_ref is not null
             ${p.paymentId ? sql`and p.id = ${p.paymentId}` : sql``}
           order by p.id
           for update`,
    );
    if (locked.length === 0) return null;
    const [claim] = await queryRows<{
      refund_id: number;
      refund_status: RefundClaim['refund_status'];
      payment_id: string;
    }>(
      tx,
      sql`with open as (
            select pay.id, pay.created_at, pay.amount_minor - pay.refunded_minor
                     - coalesce((select sum(r.amount_minor) from payment_refunds r
                                  where r.payment_id = pay.id and r.status = 'pending'), 0) as left_minor
              from payments pay
             where pay.id in (${sql.join(
               locked.map((l) => sql`${l.id}`),
               sql`, `,
             )}) and pay.status = 'paid'),
          chosen as (select id from open where left_minor >= ${p.amountMinor} order by created_at desc limit 1)
          insert into payment_refunds (payment_id, order_id, amount_minor, reason, counts_for_order, idempotency_key)
          select chosen.id, ${p.orderId}, ${p.amountMinor}, ${p.reason}, ${p.countsForOrder === true}, ${key} from chosen
          returning id as refund_id, status as refund_status, payment_id`,
    );
    if (!claim) return null;
    const [stored] = await queryRows<StoredPaymentRow>(
      tx,
      sql`select ${storedColumns} from payments p where p.id = ${claim.payment_id}`,
    );
    return { ...stored!, refund_id: claim.refund_id, refund_status: claim.refund_status };
  });
}

/**
 * The payment-refund job: claim (one short transaction), the provider's refund (no transaction
 * open; the job's key makes a retried call pay out once), then record it (one short
 * transaction of conditional updates): the refund done, the payment's refunded amount (refunded
 * once all of it is back), the order's refunded amount when the job counts it, and the order's
 * payment status once no other refund of it is in flight: refunded when no captured payment is
 * left, else paid. Nothing captured left to take it from fails the job at once (JobFailedForGood):
 * money owed that the shop cannot pay back automatically needs a person.
 */
export async function runRefund(
  app: Pick<FastifyInstance, 'db' | 'payments'>,
  payload: RefundJob,
  ctx: Pick<JobContext, 'jobId' | 'attempt' | 'maxAttempts' | 'log'>,
): Promise<void> {
  const db = app.db;
  const key = `refund-job-${ctx.jobId}`;
  const claim = await claimRefund(db, key, payload);
  if (!claim) {
    throw new JobFailedForGood(
      `payments: nothing captured is left to refund ${payload.amountMinor} of order ${payload.orderId}`,
    );
  }
  if (claim.refund_status !== 'pending') return;
  const provider = isProviderCode(claim.provider) ? app.payments.get(claim.provider) : undefined;
  let refundRef: string;
  try {
    if (!provider) throw new ProviderError(claim.provider as ProviderCode, 'not configured in this process');
    ({ refundRef } = await provider.refund({
      payment: toStored(claim),
      amountMinor: payload.amountMinor,
      idempotencyKey: key,
      reason: payload.reason,
    }));
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
    const last = ctx.attempt >= ctx.maxAttempts;
    await queryRows(
      db,
      sql`update payment_refunds set last_error = ${message}, status = ${last ? 'failed' : 'pending'}
           where id = ${claim.refund_id} and status = 'pending'`,
    );
    if (last) ctx.log.error({ err, order: payload.orderId }, 'payments: a refund failed for good; it needs a person');
    throw err;
  }
  await db.transaction(async (tx) => {
    const [done] = await queryRows<{ counts_for_order: boolean }>(
      tx,
      sql`update payment_refunds set status = 'done', provider_refund_ref = ${refundRef}, last_error = null,
            completed_at = now()
           where id = ${claim.refund_id} and status = 'pending' returning counts_for_order`,
    );
    if (!done) return;
    await queryRows(
      tx,
      sql`update payments set refunded_minor = refunded_minor + ${payload.amountMinor},
            status = case when refunded_minor + ${payload.amountMinor} >= amount_minor then 'refunded' else status end,
            updated_at = now()
           where id = ${claim.id}`,
    );
    await queryRows(
      tx,
      sql`update orders o set
            refunded_minor = case when ${done.counts_for_order}
              then least(o.grand_total_minor, o.refunded_minor + ${payload.amountMinor}) else o.refunded_minor end,
            payment_status = case
              when o.payment_status <> 'refund_pending'
                or exists (select 1 from payment_refunds r where r.order_id = o.id and r.status = 'pending')
                then o.payment_status
              -- Every captured payment of the order is back with the shopper: refunded; else still paid.
              when not exists (select 1 from payments p where p.order_id = o.id and p.status = 'paid') then 'refunded'
              else 'paid' end,
            updated_at = now()
           where o.id = ${payload.orderId}`,
    );
  });
}
