import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  includedTax,
  isUnpaid,
  orderMessages,
  type Address,
  type OrderStatus,
  type PaymentNext,
  type PaymentStatus,
} from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { HttpError, fieldError } from '../../lib/http.ts';
import type { CartOwner } from '../../lib/cart-owner.ts';
import { orderAccessSql, type OrderAccess } from '../orders/access.ts';
import { moveOrder } from '../orders/transition.ts';
import { getStoreSettings, storeNameOf } from '../settings/service.ts';
import { activeZones } from '../shipping/service.ts';
import { codOffered, zoneOf } from '../shipping/zones.ts';
import { COD, activePaymentMethod, type PaymentMethodRow } from '../../db/payment-methods.ts';
import {
  ProviderError,
  isProviderCode,
  type PaymentProvider,
  type PaymentRequest,
  type ProviderCode,
} from './provider.ts';
import { assertOpenPaymentsBelowCap } from './open-payments.ts';
import { failPayment } from './records.ts';
import { reservationMinutes } from './reservations.ts';

/**
 * Payment attempts (ADR 24): starting an online payment of an order (after place-order, or a
 * retry from the failed page), or switching it to Cash on Delivery. The attempt's row is written
 * before the provider is called; the provider is only ever called between transactions.
 */

/** Where a hosted page sends the shopper back. */
const RETURN_PATH = '/api/checkout/complete';
const webhookPath = (code: ProviderCode) => `/api/payments/webhook/${code}`;
/** The storefront's result pages: the order's confirmation (`ok`), else its payment failed page. */
export const resultPath = (orderId: string, ok: boolean) =>
  `/checkout-${ok ? 'complete' : 'failed'}?order=${encodeURIComponent(orderId)}`;

/** An attempt created this recently is reused by a repeated request (a double click) instead of opening another. */
const REUSE_ATTEMPT_MINUTES = 10;

/** An order as an attempt at paying it reads it. */
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

/** The order (when `access`, if given, reaches it). */
const payableOrderRow = namedQuery<PayableOrder>()({
  name: 'payments.payable-order',
  columns: [
    'id',
    'order_no',
    'status',
    'payment_status',
    'payment_method_code',
    'grand_total_minor',
    'currency',
    'email',
    'phone',
    'shipping_address',
  ],
  example: { orderId: 'o_example', access: { customerId: 1, guestOrderId: 'o_example' } as OrderAccess | undefined },
  build: (p: { orderId: string; access: OrderAccess | undefined }) =>
    sql`select id, order_no, status, payment_status, payment_method_code, grand_total_minor, currency, email, phone,
               shipping_address
          from orders where id = ${p.orderId} and ${p.access ? orderAccessSql(p.access) : sql`true`}`,
});

/** The order (only when `access` reaches it, if given), or null. */
export async function payableOrder(db: Db, orderId: string, access?: OrderAccess): Promise<PayableOrder | null> {
  const [row] = await payableOrderRow(db, { orderId, access });
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
    shopName: storeNameOf(store_name),
    customerName: `${a.first_name} ${a.last_name}`.trim(),
    email: order.email,
    phone: order.phone,
    returnPath: RETURN_PATH,
    webhookPath: webhookPath(code),
  };
}

/** The order's state, locked. */
const lockOrderStatus = namedQuery<{ status: OrderStatus }>()({
  name: 'payments.lock-unpaid-order',
  columns: ['status'],
  example: { orderId: 'o_example' },
  build: (p: { orderId: string }) => sql`select status from orders where id = ${p.orderId} for update`,
});

/**
 * Locks the order's row (to the end of `tx`) and answers its status, 409 unless it is unpaid. A
 * verdict on an earlier attempt (markFailed, markPaid) locks the same row before it looks for a
 * newer attempt, so it either sees the attempt written under this lock or has already moved the
 * order, which the caller then sees.
 */
async function lockUnpaidOrder(tx: Db, orderId: string): Promise<OrderStatus> {
  const [row] = await lockOrderStatus(tx, { orderId });
  if (!row || !isUnpaid(row.status)) throw new HttpError(409, orderMessages.notAwaitingPayment);
  return row.status;
}

/** Writes a new attempt's row (no provider reference yet); answers its id. */
async function writeAttempt(tx: Db, order: PayableOrder, provider: PaymentProvider): Promise<string> {
  const paymentId = `pmt_${randomBytes(16).toString('base64url')}`;
  await queryRows(
    tx,
    sql`insert into payments (id, order_id, provider, amount_minor, currency)
        values (${paymentId}, ${order.id}, ${provider.code}, ${order.grand_total_minor}, ${order.currency})`,
  );
  return paymentId;
}

/** An open attempt with `provider` for this amount, made a moment ago (a double click continues it). */
const recentAttempt = namedQuery<{ id: string; provider_ref: string }>()({
  name: 'payments.recent-attempt',
  columns: ['id', 'provider_ref'],
  example: { orderId: 'o_example', provider: 'sandbox', amountMinor: 100, currency: 'INR' },
  build: (p: { orderId: string; provider: string; amountMinor: number; currency: string }) =>
    sql`select id, provider_ref from payments
           where order_id = ${p.orderId} and provider = ${p.provider} and status = 'created'
             and provider_ref is not null and amount_minor = ${p.amountMinor} and currency = ${p.currency}
             and created_at > now() - make_interval(mins => ${REUSE_ATTEMPT_MINUTES})
           order by created_at desc limit 1`,
});

/**
 * Opens an attempt with `provider` for the order's total and says where the shopper goes. Under
 * the order's row lock (one transaction): `prepare` (a retry brings a failed order back to
 * awaiting payment), then the attempt's row is written, unless an attempt opened a moment ago for
 * the same amount can be continued (a double click). Then the provider is called with no
 * transaction open, and its reference recorded.
 */
async function openAttempt(
  db: Db,
  order: PayableOrder,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  prepare: (tx: Db, status: OrderStatus) => Promise<void> = async () => {},
): Promise<PaymentNext> {
  type Plan = { recent: { id: string; provider_ref: string } } | { paymentId: string };
  const plan = await db.transaction(async (tx): Promise<Plan> => {
    await prepare(tx, await lockUnpaidOrder(tx, order.id));
    const [recent] = await recentAttempt(tx, {
      orderId: order.id,
      provider: provider.code,
      amountMinor: order.grand_total_minor,
      currency: order.currency,
    });
    return recent ? { recent } : { paymentId: await writeAttempt(tx, order, provider) };
  });
  let paymentId: string;
  if ('recent' in plan) {
    const resumed = await provider.resume(
      await paymentRequest(db, order, plan.recent.id, provider.code),
      plan.recent.provider_ref,
    );
    if (resumed) return resumed;
    // It can no longer be paid (finished, or its page expired): a new one, under the lock again
    // (its failure may have moved the order meanwhile: `prepare` sees that too).
    paymentId = await db.transaction(async (tx) => {
      await prepare(tx, await lockUnpaidOrder(tx, order.id));
      return writeAttempt(tx, order, provider);
    });
  } else {
    paymentId = plan.paymentId;
  }

  const req = await paymentRequest(db, order, paymentId, provider.code);
  let created;
  try {
    created = await provider.createPayment(req);
  } catch (err) {
    log.error({ err, payment: paymentId }, 'payments: the provider refused to open a payment');
    await failPayment(db, { id: paymentId }, err instanceof ProviderError ? err.message : 'provider call failed');
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
export async function beginPayment(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  orderId: string,
): Promise<PaymentNext> {
  try {
    const order = await payableOrder(app.db, orderId);
    if (!order) return { type: 'failed', path: resultPath(orderId, false) };
    if (!isUnpaid(order.status)) return { type: 'complete', path: resultPath(orderId, true) };
    const provider = app.payments.get(order.payment_method_code);
    if (!provider) {
      log.warn(
        { order: orderId, method: order.payment_method_code },
        'payments: the order’s provider is not configured',
      );
      return { type: 'failed', path: resultPath(orderId, false) };
    }
    return await openAttempt(app.db, order, provider, log);
  } catch (err) {
    if (!(err instanceof HttpError)) log.error({ err, order: orderId }, 'payments: could not start the payment');
    return { type: 'failed', path: resultPath(orderId, false) };
  }
}

const orderOwnerRow = namedQuery<{ customer_id: number | null; token_hash: string | null }>()({
  name: 'payments.order-owner',
  columns: ['customer_id', 'token_hash'],
  example: { orderId: 'o_example' },
  build: (p: { orderId: string }) =>
    sql`select o.customer_id, c.token_hash from orders o left join carts c on c.id = o.cart_id where o.id = ${p.orderId}`,
});

/** Whose order it is, as the cap of orders awaiting payment counts them: its customer, else its guest cart's cookie. */
async function orderOwner(tx: Db, orderId: string): Promise<CartOwner> {
  const [row] = await orderOwnerRow(tx, { orderId });
  return {
    customerId: row?.customer_id ?? null,
    tokenHash: row?.customer_id == null ? (row?.token_hash ?? null) : null,
  };
}

/** The order's state. */
const orderStatusNow = namedQuery<{ status: OrderStatus }>()({
  name: 'payments.refused-move-status',
  columns: ['status'],
  example: { orderId: 'o_example' },
  build: (p: { orderId: string }) => sql`select status from orders where id = ${p.orderId}`,
});

/**
 * Why moveOrder refused to take an unpaid order on (read in the same transaction): it is still
 * payment_failed, so its stock is gone; else it was paid or closed meanwhile.
 */
async function refusedMove(tx: Db, orderId: string): Promise<HttpError> {
  const [row] = await orderStatusNow(tx, { orderId });
  return new HttpError(
    409,
    row?.status === 'payment_failed' ? orderMessages.stockGone : orderMessages.notAwaitingPayment,
  );
}

/**
 * POST /api/checkout/process-payment: pays the shopper's own order again (after a failure, or
 * from another tab) with its method or `method`, or switches it to Cash on Delivery. Another
 * shopper's order is 404. A failed order takes its stock again first (moveOrder), all or
 * nothing; when the stock is gone the retry is refused and nothing changes, and so it is (409)
 * when its owner has OPEN_PAYMENTS_CAP other orders awaiting payment already.
 */
export async function startPayment(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  input: { orderId: string; access: OrderAccess; method?: string | undefined },
): Promise<{ next: PaymentNext; cod: boolean }> {
  const db = app.db;
  const order = await payableOrder(db, input.orderId, input.access);
  if (!order) throw new HttpError(404, orderMessages.orderNotFound);
  if (!isUnpaid(order.status)) throw new HttpError(409, orderMessages.notAwaitingPayment);
  const method = await activePaymentMethod(db, input.method ?? order.payment_method_code);
  if (method?.code === COD) {
    await switchToCod(app, order, method);
    return { next: { type: 'complete', path: resultPath(order.id, true) }, cod: true };
  }
  const provider = method?.kind === 'online' && isProviderCode(method.code) ? app.payments.get(method.code) : undefined;
  if (!provider) throw fieldError('method', orderMessages.paymentMethodUnavailable);

  const minutes = await reservationMinutes(db);
  let moved = false;
  // Under the order's lock, with its status as it is now (its last attempt may have failed since
  // it was read above): a failed order takes its stock again, and the method is the one chosen.
  const next = await openAttempt(db, order, provider, log, async (tx, status) => {
    if (status === 'payment_failed') {
      // Awaiting payment again, it holds its stock again: within the owner's cap of such orders.
      await assertOpenPaymentsBelowCap(tx, await orderOwner(tx, order.id));
      moved = await moveOrder(tx, {
        orderId: order.id,
        to: 'awaiting_payment',
        from: ['payment_failed'],
        actor: 'shopper',
        note: 'Payment tried again',
      }).then(Boolean);
      if (!moved) throw await refusedMove(tx, order.id);
      await queryRows(
        tx,
        sql`update orders set payment_status = 'pending', payment_method_code = ${provider.code},
              reserved_until = now() + make_interval(mins => ${minutes}), updated_at = now()
             where id = ${order.id}`,
      );
    } else if (provider.code !== order.payment_method_code) {
      await queryRows(
        tx,
        sql`update orders set payment_method_code = ${provider.code}, updated_at = now() where id = ${order.id}`,
      );
    }
  });
  return { next, cod: false };
}

/** The order's totals, its COD fee and tax rate. */
const orderTotalsRow = namedQuery<{
  grand_total_minor: number;
  cod_fee_minor: number;
  tax_rate_percent: number;
  tax_minor: number;
}>()({
  name: 'payments.cod-switch-totals',
  columns: ['grand_total_minor', 'cod_fee_minor', 'tax_rate_percent', 'tax_minor'],
  example: { orderId: 'o_example' },
  build: (p: { orderId: string }) =>
    sql`select grand_total_minor, cod_fee_minor, tax_rate_percent, tax_minor from orders where id = ${p.orderId}`,
});

/**
 * Confirms an unpaid order as Cash on Delivery (the failed page's "pay on delivery"), when the
 * zone of its address takes COD (codOffered): stock taken again if it was returned (moveOrder),
 * the zone's COD fee added to the total. One transaction; refused with the reason otherwise.
 */
async function switchToCod(app: FastifyInstance, order: PayableOrder, cod: PaymentMethodRow): Promise<void> {
  const zone = zoneOf(await activeZones(app.db), order.shipping_address);
  if (!zone || !codOffered(zone, [cod])) throw fieldError('method', orderMessages.codUnavailable);
  await app.db.transaction(async (tx) => {
    const moved = await moveOrder(tx, {
      orderId: order.id,
      to: 'confirmed',
      from: [order.status],
      actor: 'shopper',
      note: 'Cash on Delivery chosen',
    });
    if (!moved) throw await refusedMove(tx, order.id);
    // The row is locked by the move: its totals can be read and rewritten safely.
    const [row] = await orderTotalsRow(tx, { orderId: order.id });
    const total = row!.grand_total_minor - row!.cod_fee_minor + zone.cod_fee_minor;
    // The lines keep their own tax; the fee carries the standard rate, rounded on its own (cart/pricing.ts).
    const rate = row!.tax_rate_percent;
    const tax = row!.tax_minor - includedTax(row!.cod_fee_minor, rate) + includedTax(zone.cod_fee_minor, rate);
    await queryRows(
      tx,
      sql`update orders set payment_method_code = ${COD}, payment_status = 'cod', reserved_until = null,
            cod_fee_minor = ${zone.cod_fee_minor}, grand_total_minor = ${total},
            tax_minor = ${tax}, updated_at = now()
           where id = ${order.id}`,
    );
  });
}
