import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  applicationTexts,
  feeMethodName,
  includedTax,
  isUnpaid,
  type Address,
  type OrderStatus,
  type ServiceStage,
} from '@shopfront/shared';
import type { OrderShippingSnapshot } from '../../db/order-schema.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import type { PaymentMethodRow } from '../../db/payment-methods.ts';
import { fieldError, HttpError } from '../../lib/http.ts';
import { backgroundLinkOrigin } from '../../lib/origin.ts';
import { trackingHashFor } from '../../lib/tracking-token.ts';
import { moveOrder, recordOrderEvent, recordToldOrderEvent } from '../orders/transition.ts';
import { reservationMinutes } from '../payments/service.ts';
import { getStoreSettings } from '../settings/service.ts';
import type { ApplicationActor } from '../../db/application-schema.ts';
import { normaliseCouponCode } from '../coupons/service.ts';
import { countFeeCoupon, type FeeBeingPaid, type FeeCoupon } from './fee-coupon.ts';
import { notifyApplicant, type Addressee } from './notify.ts';
import { nextDueAt, stageLabel } from './stages.ts';
import { applicationToken, applicationTrackingPath } from './token.ts';
import { lockFeeOrderThenApplication } from './lock.ts';
import { withDeadlockRetry } from '../../db/deadlock-retry.ts';

/**
 * A services-mode application's fee order (ADR 37): the application's fee paid on the order rails.
 * One per application (applications.order_id names it), made under the application's row lock,
 * so any number of concurrent or retried "pay the fee" requests make one. It has one line (the
 * service at the fee, no stock taken: transition.ts counts only goods orders' lines), no
 * shipping, the applicant's contact as its addresses, and the line's tax by the service's tax
 * class, included in the fee as for goods. Once paid (or chosen to be paid offline) it goes on to
 * delivered at once (nothing to pack or ship) and its application to submitted: settleFeeOrder.
 */

const NO_SHIPPING: OrderShippingSnapshot = {
  code: 'none',
  name: 'No delivery',
  price_minor: 0,
  delivery_days_min: null,
  delivery_days_max: null,
};

export interface FeeApplication {
  id: string;
  application_no: string;
  stage: string;
  fee_minor: number | null;
  currency: string;
  customer_id: number | null;
  name: string;
  email: string | null;
  phone: string | null;
  product_id: string | null;
  service_name: string;
  service_slug: string;
  line_tax_rate: number;
  order_tax_rate: number;
  channel_id: string;
  country_id: number;
  country_name: string;
  fee_order_id: string | null;
  fee_order_status: OrderStatus | null;
  fee_order_coupon: string | null;
  fee_order_discount: number | null;
}

/** The applicant's contact as an order's address: what the applicant gave, the shop's country. */
function contactAddress(a: FeeApplication): Address {
  const [first = '', ...rest] = a.name.trim().split(/\s+/);
  return {
    id: 0,
    address_id: 0,
    default: false,
    address_type: 'Billing',
    first_name: first,
    last_name: rest.join(' '),
    phone: a.phone ?? '',
    email: a.email,
    address_line_1: '',
    address_line_2: null,
    landmark: null,
    city: '',
    postcode: '',
    country_id: a.country_id,
    state_id: null,
    country: { id: a.country_id, name: a.country_name },
    state: null,
  };
}

/**
 * Locks the application's row (to the end of `tx`), its fee order's first when it has one (the
 * way round every change to both takes them: lockFeeOrderThenApplication), and reads what its fee
 * order needs. Separate statements: on PostgreSQL a statement that waited for the lock sees the
 * locked row as it is now but every other table as of its own start, so one statement would miss
 * the fee order a concurrent payer just committed and make a second. The read after the lock sees it.
 */
async function lockApplication(tx: Db, applicationId: string): Promise<FeeApplication | null> {
  if (!(await lockFeeOrderThenApplication(tx, applicationId))) return null;
  return readFeeApplication(tx, applicationId);
}

/** What the application's fee order needs (read under its row lock by Pay; without, by a coupon's preview). */
const feeApplication = namedQuery<FeeApplication>()({
  name: 'applications.fee-order.application',
  columns: [
    'id',
    'application_no',
    'stage',
    'fee_minor',
    'currency',
    'customer_id',
    'name',
    'email',
    'phone',
    'product_id',
    'service_name',
    'service_slug',
    'line_tax_rate',
    'order_tax_rate',
    'channel_id',
    'country_id',
    'country_name',
    'fee_order_id',
    'fee_order_status',
    'fee_order_coupon',
    'fee_order_discount',
  ],
  example: { applicationId: 'apl_example' },
  build: ({ applicationId }: { applicationId: string }) =>
    sql`with a as (select * from applications where id = ${applicationId}),
        ch as (select c.id, c.country_id, k.name as country_name from storefronts s
                 join channels c on c.id = s.channel_id join countries k on k.id = c.country_id
                where s.is_default limit 1)
        select a.id, a.application_no, a.stage, a.fee_minor, a.currency, a.customer_id, a.name, a.email, a.phone,
          a.product_id, a.service_name, a.service_slug,
          coalesce((select r.rate_percent from products p join tax_rates r on r.key = p.tax_class where p.id = a.product_id),
                   (select rate_percent from tax_rates where key = 'standard'), 0) as line_tax_rate,
          coalesce((select rate_percent from tax_rates where key = 'standard'), 0) as order_tax_rate,
          ch.id as channel_id, ch.country_id, ch.country_name,
          o.id as fee_order_id, o.status as fee_order_status, o.coupon_code as fee_order_coupon,
          o.discount_minor as fee_order_discount
          from a cross join ch left join orders o on o.id = a.order_id and o.kind = 'service_fee'`,
});

export async function readFeeApplication(db: Db, applicationId: string): Promise<FeeApplication | null> {
  const [row] = await feeApplication(db, { applicationId });
  return row ?? null;
}

/**
 * Writes the fee order, awaiting its payment, and links it to the application both ways: the
 * application's order_id (its live fee order) and the order's application_id (for good, also once
 * replaced). It holds its reservation (of no stock: transition.ts counts goods lines only) as an
 * online goods order does, so the reservations job expires it unpaid to payment_failed, and a
 * payment tried again retakes it. A coupon's discount lowers the one line and the total; the tax
 * included is the net line's. The services demo's seed writes its paid fee orders with it too
 * (db/seed/applications.ts), then records their payment as of the day it was made.
 */
export async function writeFeeOrder(
  tx: Db,
  a: FeeApplication,
  orderId: string,
  trackingHash: string,
  coupon: FeeCoupon | null,
): Promise<void> {
  const fee = a.fee_minor!;
  const discount = coupon?.discountMinor ?? 0;
  const total = fee - discount;
  const minutes = await reservationMinutes(tx);
  const address = JSON.stringify(contactAddress(a));
  const tax = includedTax(total, a.line_tax_rate);
  await queryRows(
    tx,
    sql`insert into orders (id, order_no, customer_id, channel_id, kind, application_id, currency, status, payment_status,
          payment_method_code, email, phone, shipping_address, billing_address, shipping, coupon_id, coupon_code,
          subtotal_minor, discount_minor, shipping_minor, cod_fee_minor, tax_rate_percent, tax_minor, grand_total_minor,
          stock_reserved, reserved_until, tracking_token_hash)
        values (${orderId}, 'SF-' || nextval('order_number_seq'), ${a.customer_id}, ${a.channel_id}, 'service_fee',
          ${a.id}, ${a.currency}, 'awaiting_payment', 'pending', '', ${a.email}, ${a.phone},
          ${address}::jsonb, ${address}::jsonb, ${JSON.stringify(NO_SHIPPING)}::jsonb,
          ${coupon?.id ?? null}, ${coupon?.code ?? null},
          ${fee}, ${discount}, 0, 0, ${a.order_tax_rate}, ${tax}, ${total},
          true, now() + make_interval(mins => ${minutes}), ${trackingHash})`,
  );
  await queryRows(
    tx,
    sql`insert into order_items (order_id, product_id, variant_id, slug, name, quantity, unit_price_minor, discount_minor,
          total_minor, tax_minor, tax_rate_percent, hsn_code, variant_title, sku)
        select ${orderId}, coalesce(${a.product_id}, ''),
          coalesce((select v.id from variants v where v.product_id = ${a.product_id}
                     order by v.is_default desc, v.position, v.id limit 1), ''),
          ${a.service_slug}, ${a.service_name}, 1, ${fee}, ${discount}, ${total}, ${tax}, ${a.line_tax_rate},
          (select hsn_code from products where id = ${a.product_id}), '', ''`,
  );
  await recordOrderEvent(tx, {
    orderId,
    from: null,
    to: 'awaiting_payment',
    actor: 'shopper',
    note: applicationTexts.feeOrderNote(a.application_no),
  });
  await queryRows(tx, sql`update applications set order_id = ${orderId}, updated_at = now() where id = ${a.id}`);
}

/**
 * Whether the application's fee can be paid now, and with the coupon `couponCode` (upper-case;
 * null: none): 409 unless it awaits its fee and its fee order (if any) is unpaid; a fee order
 * cancelled by staff closed that payment, not the fee, so a fresh one takes its place (`fresh`).
 * The unpaid order made before keeps the coupon it was made with (the same code again is a retry,
 * another one 422 at coupon). Pay asks this under the application's row lock; a coupon's preview
 * and the offers without it.
 */
export function feeOpenFor(
  a: FeeApplication | null,
  couponCode: string | null,
): { a: FeeApplication; fresh: boolean; fee: FeeBeingPaid } {
  if (!a || a.stage !== 'awaiting_payment' || a.fee_minor === null) {
    throw new HttpError(409, applicationTexts.notAwaitingFee);
  }
  const fresh = a.fee_order_id === null || a.fee_order_status === 'cancelled';
  if (!fresh && !isUnpaid(a.fee_order_status!)) throw new HttpError(409, applicationTexts.feeOrderClosed);
  if (!fresh && couponCode !== null && couponCode !== a.fee_order_coupon) {
    throw fieldError('coupon', applicationTexts.couponTooLate(a.fee_order_coupon));
  }
  const fee = { customerId: a.customer_id, currency: a.currency, productId: a.product_id, feeMinor: a.fee_minor };
  return { a, fresh, fee };
}

export interface FeeOrder {
  orderId: string;
  /** The order's customer (null: a guest's, reached in the browser through the order_ref cookie). */
  customerId: number | null;
  /** True when an offline method was chosen: the order is confirmed and the application submitted. */
  offline: boolean;
  /** True when a coupon covered the whole fee: nothing to pay, the application submitted. */
  covered: boolean;
}

/**
 * The application's fee order, ready to be paid with `method`: made now, or the unpaid one made
 * before (a retry, another tab, one expired to payment_failed). One cancelled by staff is
 * replaced by a fresh one (the application links the newest; only one is ever live, under the
 * application's row lock). 409 unless the application awaits its fee. A `coupon` is judged and
 * counted when the order is made (fee-coupon.ts); the unpaid order made before keeps the coupon
 * it was made with (the same code again is a retry; another one is refused). A coupon that covers
 * the whole fee confirms the order paid and submits the application at once, as does an offline
 * method (Cash, a bank transfer), the fee then shown as due. One short transaction; the provider
 * is the caller's to call afterwards.
 */
export async function feeOrderFor(
  app: FastifyInstance,
  input: { applicationId: string; method: PaymentMethodRow; linkOrigin: string; coupon?: string | undefined },
): Promise<FeeOrder> {
  const { applicationId, method, linkOrigin } = input;
  const couponCode = input.coupon?.trim() ? normaliseCouponCode(input.coupon) : null;
  const newId = `ord_${randomBytes(16).toString('base64url')}`;
  const trackingHash = await trackingHashFor(app.db, newId);
  // A deadlock (see lockFeeOrderThenApplication) starts it again: the rolled-back try left nothing.
  return withDeadlockRetry(() =>
    app.db.transaction(async (tx) => {
      const { a, fresh, fee } = feeOpenFor(await lockApplication(tx, applicationId), couponCode);
      const orderId = fresh ? newId : a.fee_order_id!;
      const coupon = fresh && couponCode !== null ? await countFeeCoupon(tx, couponCode, fee, orderId) : null;
      if (fresh) await writeFeeOrder(tx, a, orderId, trackingHash, coupon);
      if (coupon !== null && coupon.discountMinor === a.fee_minor) {
        await coverFee(tx, app, orderId, coupon.code, linkOrigin);
        return { orderId, customerId: a.customer_id, offline: false, covered: true };
      }
      const offline = method.kind === 'offline';
      if (offline) {
        const moved = await moveOrder(tx, {
          orderId,
          to: 'confirmed',
          from: ['awaiting_payment', 'payment_failed'],
          actor: 'shopper',
          note: `${feeMethodName(method.code, method.name)} chosen`,
        });
        if (!moved) throw new HttpError(409, applicationTexts.notAwaitingFee);
        await queryRows(
          tx,
          sql`update orders set payment_method_code = ${method.code}, payment_status = 'cod', reserved_until = null,
              updated_at = now() where id = ${orderId}`,
        );
        await settleFeeOrder(tx, app, orderId, {
          actor: 'applicant',
          linkOrigin,
          method: feeMethodName(method.code, method.name),
        });
      }
      return { orderId, customerId: a.customer_id, offline, covered: false };
    }),
  );
}

/** A fee order a coupon covered whole: paid (of nothing) and settled at once, as a free fee is. */
async function coverFee(tx: Db, app: FastifyInstance, orderId: string, code: string, linkOrigin: string) {
  const note = applicationTexts.feeCoveredBy(code);
  await moveOrder(tx, { orderId, to: 'confirmed', from: ['awaiting_payment'], actor: 'shopper', note });
  await queryRows(
    tx,
    sql`update orders set payment_status = 'paid', paid_at = now(), reserved_until = null, updated_at = now()
         where id = ${orderId}`,
  );
  await settleFeeOrder(tx, app, orderId, { actor: 'applicant', linkOrigin, note });
}

const applicationOfFeeOrder = namedQuery<{ id: string; stages: ServiceStage[] }>()({
  name: 'applications.fee-order.of-order',
  columns: ['id', 'stages'],
  example: { orderId: 'ord_example' },
  build: ({ orderId }: { orderId: string }) => sql`select id, stages from applications where order_id = ${orderId}`,
});

/** The paid application submitted (while it still awaits payment): the applicant to tell. */
const submitPaid = namedQuery<Addressee>()({
  name: 'applications.fee-order.submit',
  columns: ['application_no', 'service_name', 'email', 'phone'],
  example: { id: 'apl_example', due: null as string | null },
  build: (p: { id: string; due: string | null }) =>
    sql`update applications set stage = 'submitted', stage_changed_at = now(), updated_at = now(),
          next_due_at = ${p.due}::timestamptz
         where id = ${p.id} and stage = 'awaiting_payment'
         returning application_no, service_name, email, phone`,
});

/**
 * A fee order just confirmed (paid, or an offline method chosen), in the transaction that
 * confirmed it: the order goes on to delivered (nothing to pack or ship: it never waits in the
 * packing queue) and its application from awaiting_payment to submitted, with its history row
 * and the applicant's message. Conditional updates: a goods order, or an application that moved
 * on meanwhile (cancelled by staff), changes nothing here, and a repeated verdict never reaches
 * this (markPaid confirms once). `linkOrigin` defaults to the shop's background origin.
 */
export async function settleFeeOrder(
  tx: Db,
  app: FastifyInstance,
  orderId: string,
  opts: {
    actor: ApplicationActor;
    linkOrigin?: string;
    /** An offline method's name: the fee is due by it. */ method?: string;
    /** What the application's history says otherwise ("Fee paid"). */ note?: string;
  },
): Promise<void> {
  const [order] = await queryRows(
    tx,
    sql`update orders set status = 'delivered', updated_at = now()
         where id = ${orderId} and kind = 'service_fee' and status = 'confirmed'
         returning id`,
  );
  if (!order) return;
  // Not moveOrder: goods never go confirmed → delivered. The applicant hears of the application
  // (below), not of an order confirmed and delivered: its history rows count as told.
  await recordToldOrderEvent(tx, {
    orderId,
    from: 'confirmed',
    to: 'delivered',
    actor: 'system',
    note: 'A service fee: nothing to deliver',
  });
  await queryRows(
    tx,
    sql`update order_events set notified_at = now() where order_id = ${orderId} and notified_at is null`,
  );
  const [current] = await applicationOfFeeOrder(tx, { orderId });
  if (!current) return;
  const due = nextDueAt(current.stages, 'submitted', new Date());
  const [moved] = await submitPaid(tx, { id: current.id, due: due?.toISOString() ?? null });
  if (!moved) return;
  const note = opts.method ? applicationTexts.feeDueBy(opts.method) : (opts.note ?? 'Fee paid');
  await tx.execute(
    sql`insert into application_events (application_id, from_stage, to_stage, note, actor, next_due_at)
        values (${current.id}, 'awaiting_payment', 'submitted', ${note}, ${opts.actor},
          ${due?.toISOString() ?? null}::timestamptz)`,
  );
  const origin =
    opts.linkOrigin ?? backgroundLinkOrigin(app.env, (await getStoreSettings(tx, ['store_url'])).store_url) ?? '';
  const token = await applicationToken(tx, current.id);
  await notifyApplicant(tx, app.outbox, {
    applicationNo: moved.application_no,
    serviceName: moved.service_name,
    email: moved.email,
    phone: moved.phone,
    stageLabel: stageLabel(current.stages, 'submitted'),
    note,
    link: origin ? `${origin}${applicationTrackingPath(token)}` : '',
  });
}

/** How a fee stands when the applicant comes back: paid, not paid (the page offers to pay again), due (offline). */
export type FeeOutcome = 'paid' | 'failed' | 'due';

/**
 * Where a fee order's applicant goes once a payment's outcome is known: back to the application
 * (its tracking link, which every applicant holds), told how the fee stands.
 */
export async function feeResultPath(db: Db, applicationId: string, fee: FeeOutcome): Promise<string> {
  return `${applicationTrackingPath(await applicationToken(db, applicationId))}?fee=${fee}`;
}
