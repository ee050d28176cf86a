import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { queryRows, type Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { JobFailedForGood, type JobContext } from '../jobs/registry.ts';
import { ProviderError, isProviderCode, type ProviderCode } from './provider.ts';
import { STORED_COLUMNS, storedColumns, toStored, type StoredPaymentRow } from './records.ts';

/**
 * Refunds (ADR 24): money of an order paid back through the provider that took it, always from a
 * named payment. Queued with queueRefund in the transaction that grants it (the orders module: a
 * cancelled paid order, an approved refund request, both from orders.paid_payment_id; markPaid:
 * money that cannot pay the order, from its own payment), paid out by the 'payment-refund' job.
 */

/** The longest reason a refund carries (the shopper's own words are cut there). */
const REFUND_REASON_MAX = 200;

/**
 * A refund job's payload: `amountMinor` of the captured payment `paymentId` of the order, always
 * named (a cancellation or an approved request names the payment that paid the order,
 * orders.paid_payment_id; markPaid the payment that could not pay it), so a refund never takes
 * money meant for another one. The job never touches orders.refunded_minor: the granting
 * transaction records refunds of the paying payment there, and money that never paid the order
 * is counted on its payments row only.
 */
export const RefundJobSchema = z.object({
  orderId: z.string().min(1).max(64),
  amountMinor: z.number().int().positive(),
  reason: z.string().min(1).max(REFUND_REASON_MAX),
  paymentId: z.string().min(1).max(64),
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
    /** The captured payment (payments.id) the money goes back from. */
    paymentId: string;
  },
): Promise<boolean> {
  if (r.amountMinor <= 0) return false;
  const payload: RefundJob = {
    orderId: r.orderId,
    amountMinor: r.amountMinor,
    reason: r.reason.slice(0, REFUND_REASON_MAX) || 'refund',
    paymentId: r.paymentId,
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

/** The refund claimed with this key, with its payment. */
const claimedRefund = namedQuery<RefundClaim>()({
  name: 'payments.refund.claimed',
  columns: ['refund_id', 'refund_status', ...STORED_COLUMNS],
  example: { key: 'refund-job-1' },
  build: (p: { key: string }) =>
    sql`select r.id as refund_id, r.status as refund_status, ${storedColumns}
                from payment_refunds r join payments p on p.id = r.payment_id
               where r.idempotency_key = ${p.key}`,
});

/** The order's captured payment, locked. */
const lockPaidPayment = namedQuery<{ id: string }>()({
  name: 'payments.refund.lock-payment',
  columns: ['id'],
  example: { paymentId: 'pmt_example', orderId: 'o_example' },
  build: (p: { paymentId: string; orderId: string }) =>
    sql`select p.id from payments p
           where p.id = ${p.paymentId} and p.order_id = ${p.orderId} and p.status = 'paid' and p.provider_ref is not null
           for update`,
});

/** A refund claimed on the (locked) payment when enough is left once refunds in flight are counted. */
const insertRefundClaim = namedQuery<{
  refund_id: number;
  refund_status: RefundClaim['refund_status'];
  payment_id: string;
}>()({
  name: 'payments.refund.claim',
  columns: ['refund_id', 'refund_status', 'payment_id'],
  example: { orderId: 'o_example', amountMinor: 100, reason: 'refund', key: 'refund-job-1', paymentId: 'pmt_example' },
  build: (p: { orderId: string; amountMinor: number; reason: string; key: string; paymentId: string }) =>
    sql`insert into payment_refunds (payment_id, order_id, amount_minor, reason, idempotency_key)
          select pay.id, ${p.orderId}, ${p.amountMinor}, ${p.reason}, ${p.key} from payments pay
           where pay.id = ${p.paymentId} and pay.status = 'paid'
             and pay.amount_minor - pay.refunded_minor
                 - coalesce((select sum(r.amount_minor) from payment_refunds r
                              where r.payment_id = pay.id and r.status = 'pending'), 0) >= ${p.amountMinor}
          returning id as refund_id, status as refund_status, payment_id`,
});

/** A payment as toStored reads it. */
const storedPayment = namedQuery<StoredPaymentRow>()({
  name: 'payments.refund.stored-payment',
  columns: STORED_COLUMNS,
  example: { paymentId: 'pmt_example' },
  build: (p: { paymentId: string }) => sql`select ${storedColumns} from payments p where p.id = ${p.paymentId}`,
});

/**
 * Claims a refund for this job (its key is the job's, the same on every retry): the row already
 * claimed by an earlier run, or a new one on the payment the job names, when it is a captured
 * payment of the order with enough left once refunds in flight are counted. The payment row is
 * locked first, in a statement of its own, so the next statement (READ COMMITTED: a fresh
 * snapshot) counts every refund claimed by whoever held it before: concurrent refunds never take
 * more than was paid. Null when there is nothing to refund.
 */
async function claimRefund(db: Db, key: string, p: RefundJob): Promise<RefundClaim | null> {
  return db.transaction(async (tx) => {
    const earlierClaim = async () => (await claimedRefund(tx, { key }))[0];
    const earlier = await earlierClaim();
    if (earlier) return earlier;
    const [locked] = await lockPaidPayment(tx, { paymentId: p.paymentId, orderId: p.orderId });
    if (!locked) return null;
    // A run of the same job that held the lock before (its lease ran out while it worked) may have
    // claimed it meanwhile: that claim is this job's too.
    const claimedMeanwhile = await earlierClaim();
    if (claimedMeanwhile) return claimedMeanwhile;
    const [claim] = await insertRefundClaim(tx, {
      orderId: p.orderId,
      amountMinor: p.amountMinor,
      reason: p.reason,
      key,
      paymentId: locked.id,
    });
    if (!claim) return null;
    const [stored] = await storedPayment(tx, { paymentId: claim.payment_id });
    return { ...stored!, refund_id: claim.refund_id, refund_status: claim.refund_status };
  });
}

/**
 * The payment-refund job: claim (one short transaction), the provider's refund (no transaction
 * open; the job's key makes a retried call pay out once), then record it (one short
 * transaction of conditional updates): the refund done, the payment's refunded amount (refunded
 * once all of it is back), and the order's payment status once no other refund of it is in
 * flight: paid while the payment that paid the order still holds money, refund_pending while any
 * other captured money is still with the shop (a refund that failed: a person looks), else
 * refunded. Nothing captured left to take it from fails the job at once (JobFailedForGood):
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
    const [done] = await queryRows(
      tx,
      sql`update payment_refunds set status = 'done', provider_refund_ref = ${refundRef}, last_error = null,
            completed_at = now()
           where id = ${claim.refund_id} and status = 'pending' returning id`,
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
            payment_status = case
              when o.payment_status <> 'refund_pending'
                or exists (select 1 from payment_refunds r where r.order_id = o.id and r.status = 'pending')
                then o.payment_status
              -- Part of the money that paid the order is kept (a partial refund): still paid.
              when exists (select 1 from payments p where p.id = o.paid_payment_id and p.status = 'paid') then 'paid'
              -- Other money of the order is still with the shop (its refund queued, or failed): pending.
              when exists (select 1 from payments p where p.order_id = o.id and p.status = 'paid') then 'refund_pending'
              else 'refunded' end,
            updated_at = now()
           where o.id = ${payload.orderId}`,
    );
  });
}
