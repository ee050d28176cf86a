import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { money, type Address, type OrderStatus, type PaymentStatus } from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import type { OrderShippingSnapshot } from '../../db/order-schema.ts';
import { isoSql } from '../../db/sql-time.ts';
import { backgroundLinkOrigin } from '../../lib/origin.ts';
import type { NewMessage } from '../notifications/service.ts';
import { offlineMethodSql, paymentMethodNameSql } from '../../db/payment-methods.ts';
import { getStoreSettings, storeNameOf } from '../settings/service.ts';
import { deriveTrackingToken, shopSecret } from '../../lib/tracking-token.ts';
import { feeChangeText } from '../applications/fee-messages.ts';
import { applicationTokenWith, applicationTrackingPath } from '../applications/token.ts';
import { deliveryEstimate } from './view.ts';

/**
 * The shopper's messages about an order: the confirmation and each later change, through the
 * outbox, by e-mail when the order has an address and by SMS when it has a phone (the checkout's
 * order_email_mandatory / order_sms_mandatory make sure it has them). The 'order-message' job
 * (queued by moveOrder and place-order with each history row, kind declared in transition.ts,
 * registered by plugin.ts) marks the row notified with a conditional update and queues the messages in the same short
 * transaction: however often the job runs, the shopper is told once per change.
 */

/** What a message about one change needs, read in the transaction that marks it told. */
interface OrderMessageFacts {
  orderId: string;
  orderNo: string;
  from: OrderStatus | null;
  to: OrderStatus;
  note: string | null;
  email: string | null;
  phone: string | null;
  name: string;
  currency: string;
  grandTotalMinor: number;
  refundedMinor: number;
  /** The amount of the order's granted refund requests (paid back now or on its way). */
  grantedRefundMinor: number;
  /** Of it, what was granted with this change (a partial refund leaves the order delivered). */
  grantedNowMinor: number;
  paymentStatus: PaymentStatus;
  paymentMethodName: string;
  /** Paid with an offline method (Cash on Delivery): money at the door, nothing goes back online. */
  offline: boolean;
  createdAt: string;
  paidAt: string | null;
  shipping: OrderShippingSnapshot;
  items: { name: string; variant_title: string; quantity: number; total_minor: number }[];
  shipment: { carrier: string; waybill: string } | null;
  /** A service fee order's application (ADR 37): its changes are told in services words. */
  fee: { applicationNo: string; serviceName: string; awaitingFee: boolean; cancelled: boolean } | null;
}

const dayOf = (ymd: string) =>
  new Date(`${ymd}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', timeZone: 'UTC' });

/** The short text of a change, or null for changes the shopper is not told about. */
function changeText(f: OrderMessageFacts, fmt: (n: number) => string): { subject: string; text: string } | null {
  const no = f.orderNo;
  switch (f.to) {
    case 'packed':
      return {
        subject: `Order ${no} is packed`,
        text: `Your order ${no} is packed and will be with the courier soon.`,
      };
    case 'shipped':
      return {
        subject: `Order ${no} has shipped`,
        text: f.shipment
          ? `Your order ${no} has shipped with ${f.shipment.carrier} (waybill ${f.shipment.waybill}).`
          : `Your order ${no} has shipped.`,
      };
    case 'out_for_delivery':
      return {
        subject: `Order ${no} is out for delivery`,
        text: `Your order ${no} is out for delivery today.${f.offline ? ` Please keep ${fmt(f.grandTotalMinor)} ready to pay.` : ''}`,
      };
    case 'delivered':
      if (f.from === 'refund_requested' && f.grantedNowMinor > 0) {
        return {
          subject: `Refund for order ${no}`,
          text: `Your refund of ${fmt(f.grantedNowMinor)} for order ${no} has been approved.${
            f.offline ? '' : ` It goes back to your ${f.paymentMethodName} payment.`
          }${f.note ? ` ${f.note}` : ''}`,
        };
      }
      if (f.from === 'refund_requested') {
        return {
          subject: `Your refund request for order ${no}`,
          text: `We could not approve your refund request for order ${no}.${f.note ? ` ${f.note}` : ''}`,
        };
      }
      return { subject: `Order ${no} has been delivered`, text: `Your order ${no} has been delivered. Enjoy!` };
    case 'cancelled':
      return {
        subject: `Order ${no} has been cancelled`,
        text: `Your order ${no} has been cancelled.${
          f.paymentStatus === 'refund_pending'
            ? ` The ${fmt(f.refundedMinor)} you paid is being refunded to your ${f.paymentMethodName} payment.`
            : ''
        }`,
      };
    case 'payment_failed':
      return {
        subject: `Payment for order ${no} did not go through`,
        text: `The payment for your order ${no} did not go through. You can try again, or choose Cash on Delivery, from your order page.`,
      };
    case 'refund_requested':
      return {
        subject: `Refund request for order ${no}`,
        text: `We have received your refund request for order ${no} and will get back to you soon.`,
      };
    case 'refunded':
      return {
        subject: `Refund for order ${no}`,
        text: `Your refund of ${fmt(f.grantedRefundMinor)} for order ${no} has been approved.${
          f.offline ? '' : ` It goes back to your ${f.paymentMethodName} payment.`
        }${f.note ? ` ${f.note}` : ''}`,
      };
    default:
      return null;
  }
}

/** A fee order's change as the applicant reads it (fee-messages.ts). */
function feeText(f: OrderMessageFacts, fee: NonNullable<OrderMessageFacts['fee']>, fmt: (n: number) => string) {
  return feeChangeText({
    to: f.to,
    applicationNo: fee.applicationNo,
    serviceName: fee.serviceName,
    note: f.note,
    refund:
      f.to === 'refunded'
        ? fmt(f.grantedRefundMinor)
        : f.from === 'refund_requested' && f.grantedNowMinor > 0
          ? fmt(f.grantedNowMinor)
          : null,
    onlineMethod: f.offline ? null : f.paymentMethodName,
    awaitingFee: fee.awaitingFee,
    cancelled: fee.cancelled,
  });
}

/** The messages about one change (none for a move the shopper need not hear about). */
function messagesAbout(f: OrderMessageFacts, storeName: string, trackingLink: string | null): NewMessage[] {
  const fmt = (n: number) => money(n, f.currency).formatted;
  const track = trackingLink ? `${f.fee ? 'Your application' : 'Track your order'}: ${trackingLink}` : '';
  const out: NewMessage[] = [];
  if (f.to === 'confirmed' && !f.fee) {
    const estimate = deliveryEstimate({
      status: f.to,
      created_at: f.createdAt,
      paid_at: f.paidAt,
      shipping: f.shipping,
    });
    const when = estimate
      ? estimate.from === estimate.to
        ? `Expected delivery: ${dayOf(estimate.from)}.`
        : `Expected delivery: ${dayOf(estimate.from)} to ${dayOf(estimate.to)}.`
      : '';
    if (f.email) {
      const lines = f.items
        .map(
          (i) => `- ${i.name}${i.variant_title ? ` (${i.variant_title})` : ''} × ${i.quantity}: ${fmt(i.total_minor)}`,
        )
        .join('\n');
      out.push({
        channel: 'email',
        recipient: f.email,
        subject: `Order ${f.orderNo} confirmed`,
        body:
          `Hello ${f.name},\n\nThank you for shopping at ${storeName}. Your order ${f.orderNo} is confirmed.\n\n${lines}\n\n` +
          `Total: ${fmt(f.grandTotalMinor)} (${f.offline ? 'to pay on delivery' : f.paymentMethodName})\n` +
          `${when ? `${when}\n` : ''}${track ? `\n${track}\n` : ''}\n${storeName}`,
      });
    }
    if (f.phone) {
      out.push({
        channel: 'sms',
        recipient: f.phone,
        body: [`${storeName}: order ${f.orderNo} confirmed, total ${fmt(f.grandTotalMinor)}.`, when, track]
          .filter(Boolean)
          .join(' '),
      });
    }
    return out;
  }
  const change = f.fee ? feeText(f, f.fee, fmt) : changeText(f, fmt);
  if (!change) return out;
  if (f.email) {
    out.push({
      channel: 'email',
      recipient: f.email,
      subject: change.subject,
      body: `Hello ${f.name},\n\n${change.text}\n${track ? `\n${track}\n` : ''}\n${storeName}`,
    });
  }
  if (f.phone) {
    out.push({
      channel: 'sms',
      recipient: f.phone,
      body: [`${storeName}: ${change.text}`, track].filter(Boolean).join(' '),
    });
  }
  return out;
}

interface FactsRow {
  order_id: string;
  order_no: string;
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  note: string | null;
  email: string | null;
  phone: string | null;
  shipping_address: Address;
  currency: string;
  grand_total_minor: number;
  refunded_minor: number;
  granted_refund_minor: number;
  granted_now_minor: number;
  payment_status: PaymentStatus;
  offline: boolean;
  payment_method_name: string;
  created_at: string;
  paid_at: string | null;
  shipping: OrderShippingSnapshot;
  items: OrderMessageFacts['items'];
  shipment: { carrier: string; waybill: string } | null;
  application_id: string | null;
  application_no: string | null;
  service_name: string | null;
  application_stage: string | null;
}

/** Marks history row `eventId` told (if it was not) and answers what the message about it needs. */
const markToldFacts = namedQuery<FactsRow>()({
  name: 'orders.message.facts',
  columns: [
    'order_id',
    'order_no',
    'from_status',
    'to_status',
    'note',
    'email',
    'phone',
    'shipping_address',
    'currency',
    'grand_total_minor',
    'refunded_minor',
    'granted_refund_minor',
    'granted_now_minor',
    'payment_status',
    'offline',
    'payment_method_name',
    'created_at',
    'paid_at',
    'shipping',
    'items',
    'shipment',
    'application_id',
    'application_no',
    'service_name',
    'application_stage',
  ],
  example: { eventId: 1 },
  build: (p: { eventId: number }) =>
    sql`with told as (
            update order_events set notified_at = now() where id = ${p.eventId} and notified_at is null
            returning order_id, from_status, to_status, note, created_at)
          select t.order_id, t.from_status, t.to_status, t.note, o.order_no, o.email, o.phone, o.shipping_address,
            o.currency, o.grand_total_minor, o.refunded_minor, o.payment_status,
            ${offlineMethodSql(sql`o.payment_method_code`)} as offline,
            (select coalesce(sum(r.amount_minor), 0)::int from refund_requests r
              where r.order_id = o.id and r.status in ('approved', 'refunded')) as granted_refund_minor,
            -- Granted in the change's own transaction (one now()).
            (select coalesce(sum(r.amount_minor), 0)::int from refund_requests r
              where r.order_id = o.id and r.status in ('approved', 'refunded') and r.updated_at = t.created_at)
              as granted_now_minor,
            ${paymentMethodNameSql(sql`o.payment_method_code`, sql`o.kind`)} as payment_method_name,
            ${isoSql(sql`o.created_at`)} as created_at, ${isoSql(sql`o.paid_at`)} as paid_at, o.shipping,
            (select coalesce(json_agg(json_build_object('name', i.name, 'variant_title', i.variant_title,
                      'quantity', i.quantity, 'total_minor', i.total_minor) order by i.id), '[]'::json)
               from order_items i where i.order_id = o.id) as items,
            (select json_build_object('carrier', s.carrier, 'waybill', s.waybill) from shipments s
              where s.order_id = o.id order by s.id desc limit 1) as shipment,
            a.id as application_id, a.application_no, a.service_name, a.stage as application_stage
            from told t join orders o on o.id = t.order_id
            left join applications a on a.id = o.application_id`,
});

/**
 * Tells the shopper about history row `eventId`, once. Answers how many messages were queued
 * (0 when the row was told before, or the change is not one to tell).
 */
export async function sendOrderMessage(app: FastifyInstance, db: Db, eventId: number): Promise<number> {
  const settings = await getStoreSettings(db, ['store_name', 'store_url']);
  const storeName = storeNameOf(settings.store_name);
  const origin = backgroundLinkOrigin(app.env, settings.store_url);
  const secret = await shopSecret(db);
  const sent = await db.transaction(async (tx) => {
    const [row] = await markToldFacts(tx, { eventId });
    if (!row) return 0;
    const facts: OrderMessageFacts = {
      orderId: row.order_id,
      orderNo: row.order_no,
      from: row.from_status,
      to: row.to_status,
      note: row.note,
      email: row.email,
      phone: row.phone,
      name: row.shipping_address.first_name || 'there',
      currency: row.currency,
      grandTotalMinor: row.grand_total_minor,
      refundedMinor: row.refunded_minor,
      grantedRefundMinor: row.granted_refund_minor,
      grantedNowMinor: row.granted_now_minor,
      paymentStatus: row.payment_status,
      paymentMethodName: row.payment_method_name,
      offline: row.offline,
      createdAt: row.created_at,
      paidAt: row.paid_at,
      shipping: row.shipping,
      items: row.items,
      shipment: row.shipment,
      fee: row.application_no
        ? {
            applicationNo: row.application_no,
            serviceName: row.service_name ?? '',
            awaitingFee: row.application_stage === 'awaiting_payment',
            cancelled: row.application_stage === 'cancelled',
          }
        : null,
    };
    const path = row.application_id
      ? applicationTrackingPath(applicationTokenWith(secret, row.application_id))
      : `/track-order/${deriveTrackingToken(secret, row.order_id)}`;
    const link = origin ? `${origin}${path}` : null;
    const msgs = messagesAbout(facts, storeName, link);
    for (const msg of msgs) await app.outbox.enqueue(tx, { ...msg, orderId: row.order_id });
    return msgs.length;
  });
  return sent;
}
