import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { isUnpaid, orderMessages, type OrderStatus, type PaymentNext, type PaymentStatus } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { HttpError, fieldError } from '../../lib/http.ts';
import type { OrderAccess } from '../orders/access.ts';
import { moveOrder } from '../orders/transition.ts';
import { payableOrder, resultPath } from './attempts.ts';
import { isProviderCode, type PaymentOutcome, type ProviderCode } from './provider.ts';
import {
  failPayment,
  STORED_COLUMNS,
  isAttemptSql,
  setPaymentStatus,
  storableReason,
  storedColumns,
  toStored,
  type StoredPaymentRow,
} from './records.ts';
import { queueRefund } from './refunds.ts';
import { feeResultPath, settleFeeOrder } from '../applications/fee-order.ts';
import { withDeadlockRetry } from '../../db/deadlock-retry.ts';

/**
 * A provider's verdicts (ADR 24): paid, failed or cancelled, from a hosted page's signed return,
 * an in-page checkout's result or a webhook, each applied to the order exactly once, however
 * often and in whatever order they come.
 */

export type PaidResult =
  /** The order was confirmed by this payment. */
  | 'confirmed'
  /** This payment was already recorded (a repeated webhook or return). */
  | 'already'
  /** The money cannot pay the order (stock gone after the reservation ran out, a wrong amount): refund queued. */
  | 'refund_pending'
  /** The order was paid or closed another way (COD chosen, another attempt, cancelled): this money goes back. */
  | 'duplicate';

/**
 * Records a captured payment, once: the attempt's row moves created → paid with one conditional
 * update, so a return redirect and any number of webhooks, in any order or at once, get past it
 * once; only that call changes the order. An order still awaiting payment is confirmed (its one
 * confirmation message queued by moveOrder) and remembers this payment as the one that paid it
 * (paid_payment_id: a cancellation or a refund pays back that one). One whose reservation ran out
 * is confirmed if moveOrder can take all of its stock again; otherwise the money goes back (a
 * refund job) and the order stays failed with its payment status refund_pending. A wrong amount
 * never confirms. A second captured payment on an attempt already paid (Razorpay takes more than
 * one payment on one of its orders when two tabs pay) is recorded as its own row and paid back.
 * Null when no attempt of this provider has that reference. One transaction.
 */
export async function markPaid(
  db: Db,
  p: { provider: ProviderCode; providerRef: string; providerPaymentId: string; amountMinor: number; currency: string },
  /** Run in the same transaction right after this payment confirmed the order (a fee order's application moves on). */
  onConfirmed: (tx: Db, orderId: string) => Promise<void> = async () => {},
): Promise<{ orderId: string; result: PaidResult } | null> {
  // An applicant's cancel takes the application, then this order: the other way round from here.
  return withDeadlockRetry(() => markPaidOnce(db, p, onConfirmed));
}

/** The attempt (open, or failed) marked paid. */
const markAttemptPaid = namedQuery<{ id: string; order_id: string; amount_minor: number; currency: string }>()({
  name: 'payments.mark-paid',
  columns: ['id', 'order_id', 'amount_minor', 'currency'],
  example: { provider: 'sandbox', providerRef: 'sbs_example', providerPaymentId: 'sbp_example' },
  build: (p: { provider: string; providerRef: string; providerPaymentId: string }) =>
    sql`update payments set status = 'paid', provider_payment_id = ${p.providerPaymentId}, updated_at = now()
           where provider = ${p.provider} and provider_ref = ${p.providerRef} and status in ('created', 'failed')
           returning id, order_id, amount_minor, currency`,
});

/** An attempt by the provider's reference. */
const knownAttempt = namedQuery<{ order_id: string; status: string; provider_payment_id: string | null }>()({
  name: 'payments.known-attempt',
  columns: ['order_id', 'status', 'provider_payment_id'],
  example: { provider: 'sandbox', providerRef: 'sbs_example' },
  build: (p: { provider: string; providerRef: string }) =>
    sql`select order_id, status, provider_payment_id from payments
             where provider = ${p.provider} and provider_ref = ${p.providerRef}`,
});

/** The order's states, locked. */
const lockOrderStates = namedQuery<{ status: OrderStatus; payment_status: PaymentStatus }>()({
  name: 'payments.mark-paid.lock-order',
  columns: ['status', 'payment_status'],
  example: { orderId: 'o_example' },
  build: (p: { orderId: string }) => sql`select status, payment_status from orders where id = ${p.orderId} for update`,
});

async function markPaidOnce(
  db: Db,
  p: Parameters<typeof markPaid>[1],
  onConfirmed: (tx: Db, orderId: string) => Promise<void>,
): Promise<{ orderId: string; result: PaidResult } | null> {
  return db.transaction(async (tx) => {
    const [pay] = await markAttemptPaid(tx, p);
    if (!pay) {
      const [known] = await knownAttempt(tx, p);
      if (!known) return null;
      if (known.provider_payment_id === null || known.provider_payment_id === p.providerPaymentId) {
        return { orderId: known.order_id, result: 'already' };
      }
      return recordExtraCapture(tx, { ...p, orderId: known.order_id });
    }
    const orderId = pay.order_id;
    const [order] = await lockOrderStates(tx, { orderId });
    const refund = (reason: string, amountMinor = p.amountMinor) =>
      refundUnapplied(tx, { orderId, paymentId: pay.id, amountMinor, paymentStatus: order!.payment_status, reason });

    if (p.amountMinor !== pay.amount_minor || p.currency !== pay.currency) {
      // Keep what was actually taken: that is what goes back.
      await queryRows(
        tx,
        sql`update payments set amount_minor = ${Math.max(0, p.amountMinor)}, currency = ${p.currency},
              failure_reason = ${storableReason(`took ${p.amountMinor} ${p.currency}, asked ${pay.amount_minor} ${pay.currency}`)}
             where id = ${pay.id}`,
      );
      if (order!.status === 'awaiting_payment') {
        await moveOrder(tx, {
          orderId,
          to: 'payment_failed',
          from: ['awaiting_payment'],
          actor: 'gateway',
          note: 'The amount paid did not match the order',
        });
      }
      await refund('amount-mismatch');
      return { orderId, result: 'refund_pending' };
    }

    if (isUnpaid(order!.status)) {
      // The order row is locked since the select above: from awaiting_payment the move cannot
      // fail; from payment_failed it fails only when the stock is gone.
      const moved = await moveOrder(tx, {
        orderId,
        to: 'confirmed',
        from: [order!.status],
        actor: 'gateway',
        note: 'Payment received',
      });
      if (moved) {
        await queryRows(
          tx,
          sql`update orders set payment_status = 'paid', paid_at = now(), reserved_until = null,
                payment_method_code = ${p.provider}, paid_payment_id = ${pay.id}, updated_at = now()
               where id = ${orderId}`,
        );
        await onConfirmed(tx, orderId);
        return { orderId, result: 'confirmed' };
      }
      if (order!.status === 'awaiting_payment') {
        throw new Error(`payments: order ${orderId} could not be confirmed from awaiting_payment`);
      }
      await refund('late-payment-stock-gone');
      return { orderId, result: 'refund_pending' };
    }
    await refund(`order-${order!.status}`);
    return { orderId, result: 'duplicate' };
  });
}

/**
 * Queues the refund of money that did not pay the order, from its own payment. It is never
 * counted in orders.refunded_minor (that is what was granted back of the payment that paid the
 * order), only on its payments row. When the order is not paid another way (not paid, not an
 * offline method's) the shopper sees it as the order's refund: payment status refund_pending,
 * then refunded.
 */
async function refundUnapplied(
  tx: Db,
  r: { orderId: string; paymentId: string; amountMinor: number; paymentStatus: PaymentStatus; reason: string },
): Promise<void> {
  if (r.amountMinor <= 0) return;
  if (r.paymentStatus !== 'paid' && r.paymentStatus !== 'cod') {
    await setPaymentStatus(tx, r.orderId, 'refund_pending');
  }
  await queueRefund(tx, {
    orderId: r.orderId,
    amountMinor: r.amountMinor,
    reason: r.reason,
    dedupeKey: `payment:${r.paymentId}`,
    paymentId: r.paymentId,
  });
}

/** A second capture's own payments row (none when it was recorded before). */
const insertExtraCapture = namedQuery<{ id: string }>()({
  name: 'payments.extra-capture',
  columns: ['id'],
  example: {
    id: 'pmt_example',
    orderId: 'o_example',
    provider: 'razorpay',
    providerPaymentId: 'pay_example',
    amountMinor: 100,
    currency: 'INR',
    reason: 'another payment on order_example',
  },
  build: (p: {
    id: string;
    orderId: string;
    provider: string;
    providerPaymentId: string;
    amountMinor: number;
    currency: string;
    reason: string;
  }) =>
    sql`insert into payments (id, order_id, provider, provider_ref, provider_payment_id, amount_minor, currency, status,
          failure_reason)
        values (${p.id}, ${p.orderId}, ${p.provider}, ${p.providerPaymentId}, ${p.providerPaymentId},
          ${p.amountMinor}, ${p.currency}, 'paid',
          ${p.reason})
        on conflict (provider, provider_ref) do nothing
        returning id`,
});

/** The order's payment status, locked. */
const lockOrderPaymentStatus = namedQuery<{ payment_status: PaymentStatus }>()({
  name: 'payments.extra-capture.lock-order',
  columns: ['payment_status'],
  example: { orderId: 'o_example' },
  build: (p: { orderId: string }) => sql`select payment_status from orders where id = ${p.orderId} for update`,
});

/**
 * A captured payment whose provider id differs from the one already recorded on the attempt
 * (Razorpay: a second payment on the same Razorpay order, from a second tab or a retried
 * checkout). It never pays the order: it is written as its own payments row, status paid, its
 * provider reference being its own payment id (unique, so a repeated webhook finds it and
 * changes nothing), and refunded. In markPaid's transaction.
 */
async function recordExtraCapture(
  tx: Db,
  p: {
    orderId: string;
    provider: ProviderCode;
    providerRef: string;
    providerPaymentId: string;
    amountMinor: number;
    currency: string;
  },
): Promise<{ orderId: string; result: PaidResult }> {
  const id = `pmt_${randomBytes(16).toString('base64url')}`;
  const [row] = await insertExtraCapture(tx, {
    ...p,
    id,
    amountMinor: Math.max(0, p.amountMinor),
    reason: storableReason(`another payment on ${p.providerRef}`),
  });
  if (!row) return { orderId: p.orderId, result: 'already' };
  const [order] = await lockOrderPaymentStatus(tx, { orderId: p.orderId });
  await refundUnapplied(tx, {
    orderId: p.orderId,
    paymentId: row.id,
    amountMinor: p.amountMinor,
    paymentStatus: order!.payment_status,
    reason: 'duplicate-capture',
  });
  return { orderId: p.orderId, result: 'duplicate' };
}

/** The order of an attempt by the provider's reference. */
const knownAttemptOrder = namedQuery<{ order_id: string }>()({
  name: 'payments.known-attempt-order',
  columns: ['order_id'],
  example: { provider: 'sandbox', providerRef: 'sbs_example' },
  build: (p: { provider: string; providerRef: string }) =>
    sql`select order_id from payments where provider = ${p.provider} and provider_ref = ${p.providerRef}`,
});

/**
 * Records a failed or cancelled attempt: its row created → failed (once), and the order, if it
 * still awaits this payment, moves to payment_failed (moveOrder returns its stock). An order with
 * a newer attempt still open (one being opened right now included) keeps waiting for that one.
 * One transaction.
 */
async function markFailed(
  db: Db,
  f: { provider: ProviderCode; providerRef: string; kind: 'failed' | 'cancelled'; reason: string },
): Promise<{ orderId: string; recorded: boolean; moved: boolean } | null> {
  return db.transaction(async (tx) => {
    const pay = await failPayment(tx, { provider: f.provider, providerRef: f.providerRef }, f.reason);
    if (!pay) {
      const [known] = await knownAttemptOrder(tx, f);
      return known ? { orderId: known.order_id, recorded: false, moved: false } : null;
    }
    // The order's row first (a statement of its own): an attempt being opened holds it while it
    // writes its row (attempts.ts openAttempt), so the next statement sees that attempt, or the
    // attempt sees this move.
    await queryRows(tx, sql`select id from orders where id = ${pay.order_id} for update`);
    const [newer] = await queryRows(
      tx,
      sql`select 1 from payments where order_id = ${pay.order_id} and status = 'created' and id <> ${pay.id}
            and created_at > ${pay.created_at}::timestamptz limit 1`,
    );
    if (newer) return { orderId: pay.order_id, recorded: true, moved: false };
    const moved = await moveOrder(tx, {
      orderId: pay.order_id,
      to: 'payment_failed',
      from: ['awaiting_payment'],
      actor: 'gateway',
      note: f.kind === 'cancelled' ? 'Payment cancelled' : 'Payment declined',
    });
    if (moved) await setPaymentStatus(tx, pay.order_id, 'failed', ['pending']);
    return { orderId: pay.order_id, recorded: true, moved: Boolean(moved) };
  });
}

/**
 * One try of an in-page checkout failed; the attempt stays open (the shopper may try again in it).
 * False when no open attempt has that reference.
 */
async function noteAttemptFailure(
  db: Db,
  provider: ProviderCode,
  providerRef: string,
  reason: string,
): Promise<boolean> {
  const noted = await queryRows(
    db,
    sql`update payments set failure_reason = ${storableReason(reason)}, updated_at = now()
         where provider = ${provider} and provider_ref = ${providerRef} and status = 'created' returning id`,
  );
  return noted.length > 0;
}

/** Applies a verified outcome; answers the order it concerns (null: an attempt this shop does not know). */
async function applyOutcome(
  app: FastifyInstance,
  provider: ProviderCode,
  outcome: PaymentOutcome,
  log: FastifyBaseLogger,
): Promise<string | null> {
  let orderId: string | null = null;
  switch (outcome.kind) {
    case 'paid': {
      const paid = await markPaid(app.db, { provider, ...outcome }, (tx, id) =>
        settleFeeOrder(tx, app, id, { actor: 'system' }),
      );
      // Committed; a repeated verdict ('already') was counted the first time.
      if (paid && paid.result !== 'already') app.metrics?.paymentRecorded(provider, paid.result);
      if (paid && paid.result !== 'confirmed' && paid.result !== 'already') {
        log.warn(
          { order: paid.orderId, result: paid.result },
          'payments: money taken that cannot pay the order; refund queued',
        );
      }
      orderId = paid?.orderId ?? null;
      break;
    }
    case 'failed':
    case 'cancelled': {
      const failed = await markFailed(app.db, {
        provider,
        providerRef: outcome.providerRef,
        kind: outcome.kind,
        reason: outcome.reason,
      });
      if (failed?.recorded) app.metrics?.paymentRecorded(provider, outcome.kind);
      orderId = failed?.orderId ?? null;
      break;
    }
    case 'attempt_failed':
      if (await noteAttemptFailure(app.db, provider, outcome.providerRef, outcome.reason)) {
        app.metrics?.paymentRecorded(provider, 'attempt_failed');
      }
      break;
    case 'ignored':
      return null;
  }
  if (outcome.kind !== 'attempt_failed' && orderId === null) {
    log.warn({ provider, ref: outcome.providerRef }, 'payments: an outcome for an attempt this shop does not know');
  }
  return orderId;
}

/** The order's state and its application (a service's fee order). */
const settledOrder = namedQuery<{ status: OrderStatus; application_id: string | null }>()({
  name: 'payments.settled',
  columns: ['status', 'application_id'],
  example: { orderId: 'o_example' },
  build: (p: { orderId: string }) =>
    sql`select o.status, a.id as application_id from orders o
          left join applications a on a.id = o.application_id
         where o.id = ${p.orderId}`,
});

/**
 * Where the shopper goes once an outcome is applied: the complete page when the order is paid
 * for or will be (an offline method), else the failed page, told when the shopper cancelled at
 * the provider (the page words it so). A service's fee order goes back to its application.
 */
async function settledPath(db: Db, orderId: string, cancelled = false): Promise<{ ok: boolean; path: string }> {
  const [row] = await settledOrder(db, { orderId });
  const ok = row !== undefined && !isUnpaid(row.status) && row.status !== 'cancelled';
  if (row?.application_id) return { ok, path: await feeResultPath(db, row.application_id, ok ? 'paid' : 'failed') };
  return { ok, path: resultPath(orderId, ok) + (!ok && cancelled ? '&reason=cancelled' : '') };
}

/**
 * GET /api/checkout/complete: the shopper's browser back from a hosted page. The signed return is
 * verified by the provider that issued it; its outcome applied (idempotent with the webhook);
 * answers where the browser goes. A return that does not verify changes nothing and goes to the
 * failed page.
 */
export async function completeReturn(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  query: { token: string; order_id: string; type: string },
): Promise<string> {
  for (const code of app.payments.codes) {
    const provider = app.payments.get(code)!;
    if (!provider.verifyReturn) continue;
    const verified = await provider.verifyReturn(query);
    if (!verified) continue;
    await applyOutcome(app, code, verified.outcome, log);
    return (await settledPath(app.db, verified.orderId, verified.outcome.kind === 'cancelled')).path;
  }
  log.warn('payments: a return whose signature does not hold');
  return resultPath(query.order_id, false);
}

/** The order's latest attempt with `provider` that has a reference. */
const latestAttempt = namedQuery<StoredPaymentRow>()({
  name: 'payments.latest-attempt',
  columns: STORED_COLUMNS,
  example: { orderId: 'o_example', provider: 'razorpay' },
  build: (p: { orderId: string; provider: string }) =>
    sql`select ${storedColumns} from payments p
         where p.order_id = ${p.orderId} and p.provider = ${p.provider} and p.provider_ref is not null
           and ${isAttemptSql}
         order by p.created_at desc limit 1`,
});

/**
 * POST /api/checkout/complete-payment: an in-page checkout's result for the shopper's own order,
 * checked against the attempt the shop stored (its provider reference, its amount). A signature
 * that does not hold is refused and changes nothing.
 */
export async function completeClientPayment(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  input: { orderId: string; access: OrderAccess; provider: string; payload: Record<string, string> },
): Promise<PaymentNext> {
  const db = app.db;
  const order = await payableOrder(db, input.orderId, input.access);
  if (!order) throw new HttpError(404, orderMessages.orderNotFound);
  const provider = isProviderCode(input.provider) ? app.payments.get(input.provider) : undefined;
  if (!provider?.verifyClientResult) throw fieldError('provider', orderMessages.paymentMethodUnavailable);
  const [row] = await latestAttempt(db, { orderId: order.id, provider: provider.code });
  if (!row) throw new HttpError(409, orderMessages.notAwaitingPayment);
  const outcome = provider.verifyClientResult(toStored(row), input.payload);
  if (!outcome) throw fieldError('payload', orderMessages.paymentSignatureInvalid);
  await applyOutcome(app, provider.code, outcome, log);
  const { ok, path } = await settledPath(db, order.id);
  return { type: ok ? 'complete' : 'failed', path };
}

/**
 * POST /api/payments/webhook/:provider: answers the status for the provider (200 once handled,
 * however often it is delivered; 400 when the signature does not hold; 404 for a provider not
 * configured here).
 */
export async function handleWebhook(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  code: string,
  raw: Buffer,
  headers: FastifyRequest['headers'],
): Promise<200 | 400 | 404> {
  const provider = isProviderCode(code) ? app.payments.get(code) : undefined;
  if (!provider) return 404;
  const outcomes = await provider.verifyWebhook(raw, headers);
  if (!outcomes) {
    log.warn({ provider: code }, 'payments: a webhook whose signature does not hold');
    return 400;
  }
  for (const outcome of outcomes) await applyOutcome(app, provider.code, outcome, log);
  return 200;
}
