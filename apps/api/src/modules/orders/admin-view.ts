import { sql } from 'drizzle-orm';
import {
  ORDER_STATUS_LABELS,
  canTransition,
  money,
  type AdminOrderDetail,
  type Address,
  type OrderStatus,
  type PaymentStatus,
} from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import type { OrderShippingSnapshot } from '../../db/order-schema.ts';
import { isoSql } from '../../db/sql-time.ts';
import { offlineMethodSql, paymentMethodNameSql } from '../../db/payment-methods.ts';

/** The owner's order page (AdminOrderDetailSchema), read in one statement. */

interface Row {
  id: string;
  order_no: string;
  version: number;
  status: OrderStatus;
  payment_status: PaymentStatus;
  payment_method_code: string;
  payment_method_name: string;
  offline: boolean;
  channel_id: string;
  channel_name: string;
  currency: string;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  customer_id: number | null;
  customer_orders: number | null;
  email: string | null;
  phone: string | null;
  shipping_address: Address;
  billing_address: Address;
  shipping: OrderShippingSnapshot;
  coupon_code: string | null;
  note: string | null;
  buyer_gstin: string | null;
  buyer_business_name: string | null;
  subtotal_minor: number;
  discount_minor: number;
  shipping_minor: number;
  cod_fee_minor: number;
  tax_minor: number;
  grand_total_minor: number;
  refunded_minor: number;
  paid_payment_id: string | null;
  lines: {
    id: number;
    product_id: string;
    variant_id: string;
    slug: string;
    name: string;
    variant_title: string;
    options: Record<string, string>;
    sku: string;
    image: string | null;
    custom_text: string | null;
    quantity: number;
    unit_price_minor: number;
    discount_minor: number;
    total_minor: number;
    refunded_quantity: number;
    refund_requested_quantity: number;
    shipped_quantity: number;
  }[];
  payments: {
    id: string;
    provider: string;
    provider_ref: string | null;
    provider_payment_id: string | null;
    amount_minor: number;
    refunded_minor: number;
    currency: string;
    status: string;
    failure_reason: string | null;
    created_at: string;
  }[];
  payment_refunds: {
    id: number;
    payment_id: string;
    amount_minor: number;
    reason: string;
    status: 'pending' | 'done' | 'failed';
    provider_refund_ref: string | null;
    created_at: string;
    completed_at: string | null;
  }[];
  refund_requests: {
    id: number;
    item_id: number;
    quantity: number;
    reason: string;
    status: 'requested' | 'approved' | 'rejected' | 'refunded';
    amount_minor: number;
    created_at: string;
  }[];
  shipments: {
    id: number;
    carrier: string;
    waybill: string;
    tracking_url: string | null;
    created_at: string;
    lines: { item_id: number; quantity: number }[];
    scans: { id: number; at: string; location: string; status: string; description: string }[];
  }[];
  history: {
    id: number;
    from: OrderStatus | null;
    to: OrderStatus;
    actor: 'shopper' | 'staff' | 'system' | 'gateway';
    by: string | null;
    note: string | null;
    at: string;
  }[];
  messages: AdminOrderDetail['messages'];
  recent_carriers: string[];
  notes: AdminOrderDetail['notes'];
}

const json = (select: ReturnType<typeof sql>, order: string) =>
  sql`(select coalesce(json_agg(x order by ${sql.raw(order)}), '[]'::json) from (${select}) x)`;

/** The order page's row (every part of it as JSON). */
const adminOrderRow = namedQuery<Row>()({
  name: 'orders.admin-view.detail',
  columns: [
    'id',
    'order_no',
    'version',
    'status',
    'payment_status',
    'payment_method_code',
    'payment_method_name',
    'offline',
    'channel_id',
    'channel_name',
    'currency',
    'created_at',
    'updated_at',
    'paid_at',
    'customer_id',
    'customer_orders',
    'email',
    'phone',
    'shipping_address',
    'billing_address',
    'shipping',
    'coupon_code',
    'note',
    'buyer_gstin',
    'buyer_business_name',
    'subtotal_minor',
    'discount_minor',
    'shipping_minor',
    'cod_fee_minor',
    'tax_minor',
    'grand_total_minor',
    'refunded_minor',
    'paid_payment_id',
    'lines',
    'payments',
    'payment_refunds',
    'refund_requests',
    'shipments',
    'history',
    'messages',
    'recent_carriers',
    'notes',
  ],
  example: { orderId: 'o_example' },
  build: (p: { orderId: string }) =>
    sql`select o.id, o.order_no, o.version, o.status, o.payment_status, o.payment_method_code,
          ${paymentMethodNameSql(sql`o.payment_method_code`, sql`o.kind`)} as payment_method_name,
          ${offlineMethodSql(sql`o.payment_method_code`)} as offline,
          o.channel_id, coalesce((select ch.name from channels ch where ch.id = o.channel_id), o.channel_id) as channel_name,
          o.currency, ${isoSql(sql`o.created_at`)} as created_at, ${isoSql(sql`o.updated_at`)} as updated_at,
          ${isoSql(sql`o.paid_at`)} as paid_at, o.customer_id,
          (select c.orders_count from customers c where c.id = o.customer_id) as customer_orders,
          o.email, o.phone, o.shipping_address, o.billing_address, o.shipping, o.coupon_code, o.note,
          o.buyer_gstin, o.buyer_business_name,
          o.subtotal_minor, o.discount_minor, o.shipping_minor, o.cod_fee_minor, o.tax_minor, o.grand_total_minor,
          o.refunded_minor, o.paid_payment_id,
          ${json(
            sql`select i.id, i.product_id, i.variant_id, i.slug, i.name, i.variant_title, i.options, i.sku, i.image,
                  i.custom_text, i.quantity, i.unit_price_minor, i.discount_minor, i.total_minor, i.refunded_quantity,
                  i.refund_requested_quantity,
                  (select coalesce(sum(si.quantity), 0)::int from shipment_items si where si.order_item_id = i.id)
                    as shipped_quantity
                  from order_items i where i.order_id = o.id`,
            'x.id',
          )} as lines,
          ${json(
            sql`select p.id, p.provider, p.provider_ref, p.provider_payment_id, p.amount_minor, p.refunded_minor,
                  p.currency, p.status, p.failure_reason, ${isoSql(sql`p.created_at`)} as created_at, p.created_at as t
                  from payments p where p.order_id = o.id`,
            'x.t, x.id',
          )} as payments,
          ${json(
            sql`select r.id, r.payment_id, r.amount_minor, r.reason, r.status, r.provider_refund_ref,
                  ${isoSql(sql`r.created_at`)} as created_at, ${isoSql(sql`r.completed_at`)} as completed_at
                  from payment_refunds r where r.order_id = o.id`,
            'x.id',
          )} as payment_refunds,
          ${json(
            sql`select r.id, r.order_item_id as item_id, r.quantity, r.reason, r.status, r.amount_minor,
                  ${isoSql(sql`r.created_at`)} as created_at from refund_requests r where r.order_id = o.id`,
            'x.id',
          )} as refund_requests,
          ${json(
            sql`select sh.id, sh.carrier, sh.waybill, sh.tracking_url, ${isoSql(sql`sh.created_at`)} as created_at,
                  ${json(
                    sql`select si.order_item_id as item_id, si.quantity from shipment_items si where si.shipment_id = sh.id`,
                    'x.item_id',
                  )} as lines,
                  ${json(
                    sql`select sc.id, ${isoSql(sql`sc.scanned_at`)} as at, sc.scanned_at as t, sc.location, sc.status,
                          sc.description from shipment_scans sc where sc.shipment_id = sh.id`,
                    'x.t desc, x.id desc',
                  )} as scans
                  from shipments sh where sh.order_id = o.id`,
            'x.id',
          )} as shipments,
          ${json(
            sql`select e.id, e.from_status as "from", e.to_status as "to", e.actor, e.note,
                  ${isoSql(sql`e.created_at`)} as at,
                  -- Who: the audit entry written in the same transaction (same now()) as the move.
                  case when e.actor = 'staff' then
                    (select coalesce(nullif(s.name, ''), a.actor) from audit_log a left join staff s on s.id = a.staff_id
                      where a.target = 'order:' || o.id and a.created_at = e.created_at order by a.id limit 1)
                  end as by
                  from order_events e where e.order_id = o.id`,
            'x.id',
          )} as history,
          ${json(
            sql`select m.id, m.channel, m.recipient, m.subject, m.status, ${isoSql(sql`m.created_at`)} as created_at,
                  ${isoSql(sql`m.sent_at`)} as sent_at from outbox_messages m where m.order_id = o.id`,
            'x.id',
          )} as messages,
          ${json(
            sql`select n.id, n.author, n.body, ${isoSql(sql`n.created_at`)} as created_at
                  from order_notes n where n.order_id = o.id`,
            'x.id desc',
          )} as notes,
          (select coalesce(json_agg(c.carrier order by c.n desc, c.carrier), '[]'::json) from (
             select carrier, count(*) as n from (select carrier from shipments order by id desc limit 200) recent
              group by carrier order by count(*) desc limit 6) c) as recent_carriers
        from orders o where o.id = ${p.orderId}`,
});

/** The order page, or null when no order has this id. */
export async function loadAdminOrder(db: Db, orderId: string): Promise<AdminOrderDetail | null> {
  const [row] = await adminOrderRow(db, { orderId });
  return row ? toDetail(row) : null;
}

function toDetail(r: Row): AdminOrderDetail {
  const m = (n: number) => money(n, r.currency);
  const a = r.shipping_address;
  const openRefund = r.refund_requests.some((q) => q.status === 'requested');
  return {
    id: r.id,
    order_no: r.order_no,
    version: r.version,
    status: r.status,
    status_label: ORDER_STATUS_LABELS[r.status],
    payment_status: r.payment_status,
    payment_method: {
      code: r.payment_method_code,
      name: r.payment_method_name,
      kind: r.offline ? 'offline' : 'online',
    },
    channel: r.channel_id,
    channel_name: r.channel_name,
    currency: r.currency,
    created_at: r.created_at,
    updated_at: r.updated_at,
    paid_at: r.paid_at,
    customer: {
      id: r.customer_id,
      name: `${a.first_name ?? ''} ${a.last_name ?? ''}`.trim(),
      email: r.email,
      phone: r.phone,
      orders_count: r.customer_orders,
    },
    shipping_address: r.shipping_address,
    billing_address: r.billing_address,
    shipping_method: { code: r.shipping.code, name: r.shipping.name, price: m(r.shipping.price_minor) },
    coupon_code: r.coupon_code,
    note: r.note,
    buyer_gstin: r.buyer_gstin,
    buyer_business_name: r.buyer_business_name,
    lines: r.lines.map((i) => ({
      id: i.id,
      product_id: i.product_id,
      variant_id: i.variant_id,
      slug: i.slug,
      name: i.name,
      variant_title: i.variant_title,
      options: i.options,
      sku: i.sku,
      image: i.image ? { url: i.image, alt: i.name } : null,
      custom_text: i.custom_text,
      quantity: i.quantity,
      unit_price: m(i.unit_price_minor),
      discount: m(i.discount_minor),
      total: m(i.total_minor),
      refunded_quantity: i.refunded_quantity,
      refund_requested_quantity: i.refund_requested_quantity,
      shipped_quantity: i.shipped_quantity,
    })),
    totals: {
      subtotal: m(r.subtotal_minor),
      coupon_discount: m(r.discount_minor),
      shipping: m(r.shipping_minor),
      cod_fee: m(r.cod_fee_minor),
      tax_included: m(r.tax_minor),
      grand_total: m(r.grand_total_minor),
      refunded: m(r.refunded_minor),
    },
    payments: r.payments.map((p) => ({
      id: p.id,
      provider: p.provider,
      provider_ref: p.provider_ref,
      provider_payment_id: p.provider_payment_id,
      amount: money(p.amount_minor, p.currency),
      refunded: money(p.refunded_minor, p.currency),
      status: p.status,
      failure_reason: p.failure_reason,
      paid_the_order: p.id === r.paid_payment_id,
      created_at: p.created_at,
    })),
    payment_refunds: r.payment_refunds.map((p) => ({
      id: p.id,
      payment_id: p.payment_id,
      amount: m(p.amount_minor),
      reason: p.reason,
      status: p.status,
      provider_refund_ref: p.provider_refund_ref,
      created_at: p.created_at,
      completed_at: p.completed_at,
    })),
    refund_requests: r.refund_requests.map((q) => ({
      id: q.id,
      item_id: q.item_id,
      quantity: q.quantity,
      reason: q.reason,
      status: q.status,
      amount: m(q.amount_minor),
      created_at: q.created_at,
    })),
    shipments: r.shipments.map((s) => ({
      id: s.id,
      carrier: s.carrier,
      waybill: s.waybill,
      tracking_url: s.tracking_url,
      created_at: s.created_at,
      lines: s.lines,
      scans: s.scans.map((c) => ({
        id: c.id,
        at: c.at,
        location: c.location,
        status: c.status,
        description: c.description,
      })),
    })),
    history: r.history.map((e) => ({
      ...e,
      // Back to delivered from a refund request: the request was answered (in part, or no).
      label:
        e.from === 'refund_requested' && e.to === 'delivered'
          ? 'Refund request answered · Delivered'
          : ORDER_STATUS_LABELS[e.to],
    })),
    messages: r.messages,
    notes: r.notes,
    actions: {
      // An online order is confirmed by its payment, never by staff before it.
      confirm: canTransition(r.status, 'confirmed') && (r.offline || r.payment_status === 'paid'),
      pack: canTransition(r.status, 'packed'),
      ship: canTransition(r.status, 'shipped'),
      // A carrier's scans matter while the parcel travels; once delivered (or after) there is nothing to add.
      add_scan: r.shipments.length > 0 && (r.status === 'shipped' || r.status === 'out_for_delivery'),
      deliver: r.status === 'shipped' || r.status === 'out_for_delivery',
      mark_paid: r.offline && r.payment_status === 'cod' && r.status !== 'cancelled',
      cancel: canTransition(r.status, 'cancelled'),
      answer_refund: openRefund,
    },
    recent_carriers: r.recent_carriers,
  };
}
