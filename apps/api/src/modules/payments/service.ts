import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import {
  includedTax,
  orderMessages,
  type Address,
  type OrderStatus,
  type PaymentNext,
  type PaymentStatus,
} from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { HttpError, fieldError } from '../../lib/http.ts';
import { settingNumber } from '../cart/load.ts';
import { DEFAULT_RESERVATION_MINUTES } from '../checkout/place-order.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { JobContext } from '../jobs/registry.ts';
import { orderAccessSql, type OrderAccess } from '../orders/access.ts';
import { moveOrder, reserveStock } from '../orders/transition.ts';
import { getStoreSettings } from '../settings/service.ts';
import { activeZones } from '../shipping/service.ts';
import { zoneOf } from '../shipping/zones.ts';
import {
  ProviderError,
  isProviderCode,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentRequest,
  type ProviderCode,
  type StoredPayment,
} from './provider.ts';

/**
 * Payments (ADR 24): starting an online payment of an order, the provider's verdicts (paid,
 * failed) applied to it exactly once, expired reservations, and refunds. Every change of money or
 * stock is one short transaction of conditional updates; a provider is only ever called between
 * transactions, never inside one.
 */

declare module '../jobs/registry.ts' {
  interface JobPayloads {
    /** Returns the stock of unpaid orders whose reservation ran out (every minute). */
    'payment-reservations': Record<string, never>;
    /**
     * Pays money of an order back through its payment provider (the handler is here; the orders
     * module queues it for a cancelled paid order and a granted refund request). The payload may
     * also carry `paymentId` and `countsForOrder` (RefundJob): see runRefund.
     */
    'payment-refund': { orderId: string; amountMinor: number; reason: string };
  }
}

/**
 * A refund job's payload in full. The orders module queues `{ orderId, amountMinor, reason }` in
 * the transaction that grants the refund (a cancelled paid order, an approved request), with the
 * order's payment status set to refund_pending and its refunded amount already recorded. Without
 * `paymentId` the order's captured payment with enough left is refunded. `countsForOrder` true:
 * the job adds the amount to orders.refunded_minor once the money is back (money that arrived
 * for an unpaid order, which nobody else records).
 */
export interface RefundJob {
  orderId: string;
  amountMinor: number;
  reason: string;
  paymentId?: string | undefined;
  countsForOrder?: boolean | undefined;
}

/** The providers of this process by code (the plugin builds them from the environment). */
export interface PaymentProviders {
  get(code: string): PaymentProvider | undefined;
  readonly codes: readonly ProviderCode[];
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProviders;
  }
}

/** Where a hosted page sends the shopper back. */
export const RETURN_PATH = '/api/checkout/complete';
export const webhookPath = (code: ProviderCode) => `/api/payments/webhook/${code}`;
/** The storefront's result pages (the complete page's path matches checkout/routes.ts completePath). */
export const resultPath = (orderId: string, ok: boolean) =>
  `/checkout-${ok ? 'complete' : 'failed'}?order=${encodeURIComponent(orderId)}`;

/** An attempt created this recently is reused by a repeated request (a double click) instead of opening another. */
const REUSE_ATTEMPT_MINUTES = 10;
/** Reservations returned per transaction by the expiry job. */
const EXPIRY_BATCH = 20;
/** Tries of a refund before it is marked failed for a person to look at. */
export const REFUND_MAX_ATTEMPTS = 10;

/** States in which an order is still owed its payment. */
const UNPAID: readonly OrderStatus[] = ['awaiting_payment', 'payment_failed'];

interface PayableOrder {
  id: string;
  order_no: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  payment_method_code: string;
  grand_total_minor: number;
  currency: string;
  email: string | null;
  phone: string | null;
  shipping_address: Address;
}

async function payableOrder(db: Db, orderId: string, access?: OrderAccess): Promise<PayableOrder | null> {
  const [row] = await queryRows<PayableOrder>(
    db,
    sql`select id, order_no, status, payment_status, payment_method_code, grand_total_minor, currency, email, phone,
               shipping_address
          from orders where id = ${orderId} and ${access ? orderAccessSql(access) : sql`true`}`,
  );
  return row ?? null;
}

async function paymentRequest(
  db: Db,
  order: PayableOrder,
  paymentId: string,
  code: ProviderCode,
): Promise<PaymentRequest> {
  const { store_name } = await getStoreSettings(db, ['store_name']);
  const a = order.shipping_address;
  return {
    paymentId,
    orderId: order.id,
    orderNo: order.order_no,
    amountMinor: order.grand_total_minor,
    currency: order.currency,
    shopName: store_name || 'Shopfront',
    customerName: `${a.first_name} ${a.last_name}`.trim(),
    email: order.email,
    phone: order.phone,
    returnPath: RETURN_PATH,
    webhookPath: webhookPath(code),
  };
}

/**
 * Opens an attempt with `provider` for the order's total and says where the shopper goes: the
 * attempt's row is written first, the provider called with no transaction open, then its
 * reference recorded. An attempt opened a moment ago for the same amount is continued instead.
 */
async function openAttempt(
  db: Db,
  order: PayableOrder,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
): Promise<PaymentNext> {
  const [recent] = await queryRows<{ id: string; provider_ref: string }>(
    db,
    sql`select id, provider_ref from payments
         where order_id = ${order.id} and provider = ${provider.code} and status = 'created'
           and provider_ref is not null and amount_minor = ${order.grand_total_minor} and currency = ${order.currency}
           and created_at > now() - make_interval(mins => ${REUSE_ATTEMPT_MINUTES})
         order by created_at desc limit 1`,
  );
  if (recent) {
    const resumed = await provider.resume(
      await paymentRequest(db, order, recent.id, provider.code),
      recent.provider_ref,
    );
    if (resumed) return resumed;
  }

  const paymentId = `pmt_${randomBytes(16).toString('base64url')}`;
  const req = await paymentRequest(db, order, paymentId, provider.code);
  await queryRows(
    db,
    sql`insert into payments (id, order_id, provider, amount_minor, currency)
        values (${paymentId}, ${order.id}, ${provider.code}, ${order.grand_total_minor}, ${order.currency})`,
  );
  let created;
  try {
    created = await provider.createPayment(req);
  } catch (err) {
    log.error({ err, payment: paymentId }, 'payments: the provider refused to open a payment');
    const reason = (err instanceof ProviderError ? err.message : 'provider call failed').slice(0, 500);
    await queryRows(
      db,
      sql`update payments set status = 'failed', failure_reason = ${reason}, updated_at = now()
           where id = ${paymentId} and status = 'created'`,
    );
    throw new HttpError(502, orderMessages.paymentProviderDown);
  }
  await queryRows(
    db,
    sql`update payments set provider_ref = ${created.providerRef}, updated_at = now() where id = ${paymentId}`,
  );
  return created.next;
}

/**
 * The first payment step of an order just placed with an online method (place-order calls it
 * after its transaction committed). Never throws: the order exists whatever the provider does,
 * so a provider that cannot be reached sends the shopper to the failed page, where the payment
 * can be tried again or switched to Cash on Delivery.
 */
export async function beginPayment(app: FastifyInstance, req: FastifyRequest, orderId: string): Promise<PaymentNext> {
  try {
    const order = await payableOrder(app.db, orderId);
    if (!order) return { type: 'failed', path: resultPath(orderId, false) };
    if (!UNPAID.includes(order.status)) return { type: 'complete', path: resultPath(orderId, true) };
    const provider = app.payments.get(order.payment_method_code);
    if (!provider) {
      req.log.warn(
        { order: orderId, method: order.payment_method_code },
        'payments: the order’s provider is not configured',
      );
      return { type: 'failed', path: resultPath(orderId, false) };
    }
    return await openAttempt(app.db, order, provider, req.log);
  } catch (err) {
    if (!(err instanceof HttpError)) req.log.error({ err, order: orderId }, 'payments: could not start the payment');
    return { type: 'failed', path: resultPath(orderId, false) };
  }
}

/** The reservation time of an online payment (the payment_reservation_minutes setting, 5 minutes to a day). */
async function reservationMinutes(db: Db): Promise<number> {
  const [row] = await queryRows<{ minutes: number | null }>(
    db,
    sql`select ${settingNumber('payment_reservation_minutes', 5, 24 * 60)} as minutes`,
  );
  return Math.round(row?.minutes ?? DEFAULT_RESERVATION_MINUTES);
}

async function methodKind(db: Db, code: string): Promise<'online' | 'offline' | null> {
  const [row] = await queryRows<{ kind: 'online' | 'offline' }>(
    db,
    sql`select kind from payment_methods where code = ${code} and is_active`,
  );
  return row?.kind ?? null;
}

/**
 * POST /api/checkout/process-payment: pays the shopper's own order again (after a failure, or
 * from another tab) with its method or `method`, or switches it to Cash on Delivery. Another
 * shopper's order is 404. A failed order takes its stock again first, all or nothing; when the
 * stock is gone the retry is refused and nothing changes.
 */
export async function startPayment(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  input: { orderId: string; access: OrderAccess; method?: string | undefined },
): Promise<{ next: PaymentNext; cod: boolean }> {
  const db = app.db;
  const order = await payableOrder(db, input.orderId, input.access);
  if (!order) throw new HttpError(404, orderMessages.orderNotFound);
  if (!UNPAID.includes(order.status)) throw new HttpError(409, orderMessages.notAwaitingPayment);
  const method = input.method ?? order.payment_method_code;
  const kind = await methodKind(db, method);
  if (kind === 'offline' && method === 'cod') {
    await switchToCod(app, order);
    return { next: { type: 'complete', path: resultPath(order.id, true) }, cod: true };
  }
  const provider = kind === 'online' && isProviderCode(method) ? app.payments.get(method) : undefined;
  if (!provider) throw fieldError('method', orderMessages.paymentMethodUnavailable);

  if (order.status === 'payment_failed' || method !== order.payment_method_code) {
    const minutes = await reservationMinutes(db);
    await db.transaction(async (tx) => {
      if (order.status === 'payment_failed') {
        if (!(await reserveStock(tx, order.id))) throw new HttpError(409, orderMessages.stockGone);
        const moved = await moveOrder(tx, {
          orderId: order.id,
          to: 'awaiting_payment',
          from: ['payment_failed'],
          actor: 'shopper',
          note: 'Payment tried again',
        });
        if (!moved) throw new HttpError(409, orderMessages.notAwaitingPayment);
        await queryRows(
          tx,
          sql`update orders set payment_status = 'pending', payment_method_code = ${method},
                reserved_until = now() + make_interval(mins => ${minutes}), updated_at = now()
               where id = ${order.id}`,
        );
      } else {
        const [changed] = await queryRows(
          tx,
          sql`update orders set payment_method_code = ${method}, updated_at = now()
               where id = ${order.id} and status = 'awaiting_payment' returning id`,
        );
        if (!changed) throw new HttpError(409, orderMessages.notAwaitingPayment);
      }
    });
    app.jobs.kick();
  }
  const next = await openAttempt(db, { ...order, payment_method_code: method }, provider, log);
  return { next, cod: false };
}

/**
 * Confirms an unpaid order as Cash on Delivery (the failed page's "pay on delivery"), when the
 * zone of its address takes COD: stock taken again if it was returned, the zone's COD fee added
 * to the total. One transaction; refused with the reason otherwise.
 */
async function switchToCod(app: FastifyInstance, order: PayableOrder): Promise<void> {
  const zone = zoneOf(await activeZones(app.db), order.shipping_address);
  if (!zone?.cod_available) throw fieldError('method', orderMessages.codUnavailable);
  await app.db.transaction(async (tx) => {
    if (order.status === 'payment_failed' && !(await reserveStock(tx, order.id))) {
      throw new HttpError(409, orderMessages.stockGone);
    }
    const moved = await moveOrder(tx, {
      orderId: order.id,
      to: 'confirmed',
      from: [order.status],
      actor: 'shopper',
      note: 'Cash on Delivery chosen',
    });
    if (!moved) throw new HttpError(409, orderMessages.notAwaitingPayment);
    // The row is locked by the move: its totals can be read and rewritten safely.
    const [row] = await queryRows<{ grand_total_minor: number; cod_fee_minor: number; tax_rate_percent: number }>(
      tx,
      sql`select grand_total_minor, cod_fee_minor, tax_rate_percent from orders where id = ${order.id}`,
    );
    const total = row!.grand_total_minor - row!.cod_fee_minor + zone.cod_fee_minor;
    await queryRows(
      tx,
      sql`update orders set payment_method_code = 'cod', payment_status = 'cod', reserved_until = null,
            cod_fee_minor = ${zone.cod_fee_minor}, grand_total_minor = ${total},
            tax_minor = ${includedTax(total, row!.tax_rate_percent)}, updated_at = now()
           where id = ${order.id}`,
    );
  });
  app.jobs.kick();
}

// ---------------------------------------------------------------------------------------------
// A provider's verdicts

export type PaidResult =
  /** The order was confirmed by this payment. */
  | 'confirmed'
  /** This attempt was already recorded as paid (a repeated webhook or return). */
  | 'already'
  /** The money cannot pay the order (stock gone after the reservation ran out, a wrong amount): refund queued. */
  | 'refund_pending'
  /** The order was paid or closed another way (COD chosen, another attempt, cancelled): this money goes back. */
  | 'duplicate';

/**
 * Records a captured payment, once: the attempt's row moves created → paid with one conditional
 * update, so a return redirect and any number of webhooks, in any order or at once, get past it
 * once; only that call changes the order. An order still awaiting payment is confirmed (its one
 * confirmation message queued by moveOrder). One whose reservation ran out takes its stock again
 * if all of it is there and is confirmed; otherwise the money goes back (a refund job) and the
 * order stays failed with its payment status refund_pending. A wrong amount never confirms.
 * Null when no attempt of this provider has that reference. One transaction.
 */
export async function markPaid(
  db: Db,
  p: { provider: ProviderCode; providerRef: string; providerPaymentId: string; amountMinor: number; currency: string },
): Promise<{ orderId: string; result: PaidResult } | null> {
  return db.transaction(async (tx) => {
    const [pay] = await queryRows<{ id: string; order_id: string; amount_minor: number; currency: string }>(
      tx,
      sql`update payments set status = 'paid', provider_payment_id = ${p.providerPaymentId}, updated_at = now()
           where provider = ${p.provider} and provider_ref = ${p.providerRef} and status in ('created', 'failed')
           returning id, order_id, amount_minor, currency`,
    );
    if (!pay) {
      const [known] = await queryRows<{ order_id: string }>(
        tx,
        sql`select order_id from payments where provider = ${p.provider} and provider_ref = ${p.providerRef}`,
      );
      return known ? { orderId: known.order_id, result: 'already' } : null;
    }
    const orderId = pay.order_id;
    const [order] = await queryRows<{ status: OrderStatus; payment_status: PaymentStatus }>(
      tx,
      sql`select status, payment_status from orders where id = ${orderId} for update`,
    );

    if (p.amountMinor !== pay.amount_minor || p.currency !== pay.currency) {
      // Keep what was actually taken: that is what goes back.
      await queryRows(
        tx,
        sql`update payments set amount_minor = ${Math.max(0, p.amountMinor)}, currency = ${p.currency},
              failure_reason = ${`took ${p.amountMinor} ${p.currency}, asked ${pay.amount_minor} ${pay.currency}`}
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
      await refundUnapplied(tx, {
        orderId,
        paymentId: pay.id,
        amountMinor: p.amountMinor,
        paymentStatus: order!.payment_status,
        reason: 'amount-mismatch',
      });
      return { orderId, result: 'refund_pending' };
    }

    const confirm = async (from: OrderStatus) => {
      const moved = await moveOrder(tx, {
        orderId,
        to: 'confirmed',
        from: [from],
        actor: 'gateway',
        note: 'Payment received',
      });
      // The order row is locked since the select above: nothing can have moved it.
      if (!moved) throw new Error(`payments: order ${orderId} could not be confirmed from ${from}`);
      await queryRows(
        tx,
        sql`update orders set payment_status = 'paid', paid_at = now(), reserved_until = null,
              payment_method_code = ${p.provider}, updated_at = now()
             where id = ${orderId}`,
      );
      return { orderId, result: 'confirmed' as const };
    };

    if (order!.status === 'awaiting_payment') return confirm('awaiting_payment');
    if (order!.status === 'payment_failed') {
      if (await reserveStock(tx, orderId)) return confirm('payment_failed');
      await refundUnapplied(tx, {
        orderId,
        paymentId: pay.id,
        amountMinor: p.amountMinor,
        paymentStatus: order!.payment_status,
        reason: 'late-payment-stock-gone',
      });
      return { orderId, result: 'refund_pending' };
    }
    await refundUnapplied(tx, {
      orderId,
      paymentId: pay.id,
      amountMinor: p.amountMinor,
      paymentStatus: order!.payment_status,
      reason: `order-${order!.status}`,
    });
    return { orderId, result: 'duplicate' };
  });
}

/**
 * Queues the refund of money that did not pay the order. When the order has no other payment
 * (not paid, not COD) the shopper sees it as the order's refund: payment status refund_pending,
 * then refunded.
 */
async function refundUnapplied(
  tx: Db,
  r: { orderId: string; paymentId: string; amountMinor: number; paymentStatus: PaymentStatus; reason: string },
): Promise<void> {
  if (r.amountMinor <= 0) return;
  const countsForOrder = r.paymentStatus !== 'paid' && r.paymentStatus !== 'cod';
  if (countsForOrder) {
    await queryRows(
      tx,
      sql`update orders set payment_status = 'refund_pending', updated_at = now() where id = ${r.orderId}`,
    );
  }
  const payload: RefundJob = {
    orderId: r.orderId,
    amountMinor: r.amountMinor,
    reason: r.reason,
    paymentId: r.paymentId,
    countsForOrder,
  };
  await enqueueJob(tx, {
    kind: 'payment-refund',
    payload,
    dedupeKey: `payment:${r.paymentId}`,
    maxAttempts: REFUND_MAX_ATTEMPTS,
  });
}

/**
 * Records a failed or cancelled attempt: its row created → failed (once), and the order, if it
 * still awaits this payment, moves to payment_failed (moveOrder returns its stock). An order with
 * a newer attempt still open keeps waiting for that one. One transaction.
 */
export async function markFailed(
  db: Db,
  f: { provider: ProviderCode; providerRef: string; kind: 'failed' | 'cancelled'; reason: string },
): Promise<{ orderId: string; moved: boolean } | null> {
  return db.transaction(async (tx) => {
    const [pay] = await queryRows<{ id: string; order_id: string; created_at: string }>(
      tx,
      sql`update payments set status = 'failed', failure_reason = ${f.reason.slice(0, 500)}, updated_at = now()
           where provider = ${f.provider} and provider_ref = ${f.providerRef} and status = 'created'
           returning id, order_id, created_at`,
    );
    if (!pay) {
      const [known] = await queryRows<{ order_id: string }>(
        tx,
        sql`select order_id from payments where provider = ${f.provider} and provider_ref = ${f.providerRef}`,
      );
      return known ? { orderId: known.order_id, moved: false } : null;
    }
    const [newer] = await queryRows(
      tx,
      sql`select 1 from payments where order_id = ${pay.order_id} and status = 'created' and id <> ${pay.id}
            and created_at > ${pay.created_at}::timestamptz limit 1`,
    );
    if (newer) return { orderId: pay.order_id, moved: false };
    const moved = await moveOrder(tx, {
      orderId: pay.order_id,
      to: 'payment_failed',
      from: ['awaiting_payment'],
      actor: 'gateway',
      note: f.kind === 'cancelled' ? 'Payment cancelled' : 'Payment declined',
    });
    if (moved) {
      await queryRows(
        tx,
        sql`update orders set payment_status = 'failed', updated_at = now()
             where id = ${pay.order_id} and payment_status = 'pending'`,
      );
    }
    return { orderId: pay.order_id, moved: Boolean(moved) };
  });
}

/** One try of an in-page checkout failed; the attempt stays open (the shopper may try again in it). */
async function noteAttemptFailure(db: Db, provider: ProviderCode, providerRef: string, reason: string): Promise<void> {
  await queryRows(
    db,
    sql`update payments set failure_reason = ${reason.slice(0, 500)}, updated_at = now()
         where provider = ${provider} and provider_ref = ${providerRef} and status = 'created'`,
  );
}

/** Applies a verified outcome; answers the order it concerns (null: an attempt this shop does not know). */
export async function applyOutcome(
  app: FastifyInstance,
  provider: ProviderCode,
  outcome: PaymentOutcome,
  log: FastifyBaseLogger,
): Promise<string | null> {
  let orderId: string | null = null;
  switch (outcome.kind) {
    case 'paid': {
      const paid = await markPaid(app.db, { provider, ...outcome });
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
    case 'cancelled':
      orderId =
        (
          await markFailed(app.db, {
            provider,
            providerRef: outcome.providerRef,
            kind: outcome.kind,
            reason: outcome.reason,
          })
        )?.orderId ?? null;
      break;
    case 'attempt_failed':
      await noteAttemptFailure(app.db, provider, outcome.providerRef, outcome.reason);
      break;
    case 'ignored':
      return null;
  }
  if (outcome.kind !== 'attempt_failed' && orderId === null) {
    log.warn({ provider, ref: outcome.providerRef }, 'payments: an outcome for an attempt this shop does not know');
  }
  // The confirmation message, a refund or a webhook queued in those transactions: run them now.
  app.jobs.kick();
  return orderId;
}

/**
 * Whether the order is paid for or will be (COD): the complete page; otherwise the failed page,
 * told when the shopper cancelled at the provider (the page words it so).
 */
export async function settledPath(db: Db, orderId: string, cancelled = false): Promise<string> {
  const [row] = await queryRows<{ status: OrderStatus }>(db, sql`select status from orders where id = ${orderId}`);
  const ok = row !== undefined && !['awaiting_payment', 'payment_failed', 'cancelled'].includes(row.status);
  return resultPath(orderId, ok) + (!ok && cancelled ? '&reason=cancelled' : '');
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
    return settledPath(app.db, verified.orderId, verified.outcome.kind === 'cancelled');
  }
  log.warn('payments: a return whose signature does not hold');
  return resultPath(query.order_id, false);
}

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
  const [row] = await queryRows<StoredPaymentRow>(
    db,
    sql`select ${storedColumns} from payments p
         where p.order_id = ${order.id} and p.provider = ${provider.code} and p.provider_ref is not null
         order by p.created_at desc limit 1`,
  );
  if (!row) throw new HttpError(409, orderMessages.notAwaitingPayment);
  const outcome = provider.verifyClientResult(toStored(row), input.payload);
  if (!outcome) throw fieldError('payload', orderMessages.paymentSignatureInvalid);
  await applyOutcome(app, provider.code, outcome, log);
  const path = await settledPath(db, order.id);
  return path.startsWith('/checkout-complete') ? { type: 'complete', path } : { type: 'failed', path };
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

// ---------------------------------------------------------------------------------------------
// Reservations and refunds (jobs)

/**
 * Moves unpaid orders whose reservation ran out to payment_failed (moveOrder returns their stock
 * and queues the message), a small batch per transaction, skipping rows another process holds.
 * A payment that arrives later is still taken care of (markPaid). Answers how many expired.
 */
export async function expireReservations(db: Db): Promise<number> {
  let expired = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const due = await queryRows<{ id: string }>(
        tx,
        sql`select id from orders
             where status = 'awaiting_payment' and stock_reserved and reserved_until < now()
             order by reserved_until limit ${EXPIRY_BATCH} for update skip locked`,
      );
      for (const { id } of due) {
        const moved = await moveOrder(tx, {
          orderId: id,
          to: 'payment_failed',
          from: ['awaiting_payment'],
          actor: 'system',
          note: 'The time to pay ran out',
        });
        if (moved) {
          await queryRows(
            tx,
            sql`update orders set payment_status = 'failed', updated_at = now() where id = ${id} and payment_status = 'pending'`,
          );
        }
      }
      return due.length;
    });
    expired += n;
    if (n < EXPIRY_BATCH) return expired;
  }
}

interface StoredPaymentRow {
  id: string;
  order_id: string;
  provider: string;
  provider_ref: string;
  provider_payment_id: string | null;
  amount_minor: number;
  currency: string;
}
/** The columns of a payments row `p` that toStored reads. */
const storedColumns = sql`p.id, p.order_id, p.provider, p.provider_ref, p.provider_payment_id, p.amount_minor, p.currency`;
const toStored = (r: StoredPaymentRow): StoredPayment => ({
  id: r.id,
  orderId: r.order_id,
  providerRef: r.provider_ref,
  providerPaymentId: r.provider_payment_id,
  amountMinor: r.amount_minor,
  currency: r.currency,
});

interface RefundClaim extends StoredPaymentRow {
  refund_id: number;
  refund_status: 'pending' | 'done' | 'failed';
}

/**
 * Claims a refund for this job (its key is the job's, the same on every retry): the row already
 * claimed by an earlier run, or a new one on a captured payment of the order with enough left
 * once refunds in flight are counted. The payment rows are locked, so concurrent refunds never
 * take more than was paid. Null when there is nothing to refund.
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
    const [claim] = await queryRows<{
      refund_id: number;
      refund_status: RefundClaim['refund_status'];
      payment_id: string;
    }>(
      tx,
      sql`with candidates as (
            select p.id from payments p
             where p.order_id = ${p.orderId} and p.status = 'paid' and p.provider_ref is not null
               ${p.paymentId ? sql`and p.id = ${p.paymentId}` : sql``}
             order by p.created_at desc
             for update),
          open as (
            select c.id, pay.amount_minor - pay.refunded_minor
                     - coalesce((select sum(amount_minor) from payment_refunds r
                                  where r.payment_id = c.id and r.status = 'pending'), 0) as left_minor
              from candidates c join payments pay on pay.id = c.id),
          chosen as (select id from open where left_minor >= ${p.amountMinor} limit 1)
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
 * left, else paid.
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
    ctx.log.error({ order: payload.orderId, amount: payload.amountMinor }, 'payments: nothing captured to refund');
    return;
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
