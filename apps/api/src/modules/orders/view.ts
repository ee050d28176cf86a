import { sql, type SQL } from 'drizzle-orm';
import {
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  isCancellable,
  isRateable,
  isRefundable,
  isUnpaid,
  money,
  type Address,
  type Order,
  type OrderDetail,
  type OrderItem,
  type OrderPage,
  type OrderStatus,
  type PaymentStatus,
} from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import type { OrderShippingSnapshot } from '../../db/order-schema.ts';
import { isoSql } from '../../db/sql-time.ts';
import {
  activePaymentMethodsJsonSql,
  offlineMethodSql,
  paymentMethodNameSql,
  type PaymentMethodRow,
} from '../../db/payment-methods.ts';
import { settingOn } from '../settings/service.ts';
import { zonesJsonSql } from '../shipping/service.ts';
import { codOffered, zoneOf, type ZoneRow } from '../shipping/zones.ts';
import { orderAccessSql, type OrderAccess } from './access.ts';
import { shipmentsSql, toShipment, type ShipmentRow } from './shipments.ts';

/** Orders as the API answers them (OrderSchema / OrderDetailSchema): one statement per read. */

const DAY_MS = 24 * 60 * 60_000;

/** An order line as read (snake_case JSON from json_agg). */
export interface OrderItemRow {
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
  image_path: string | null;
  quantity: number;
  unit_price_minor: number;
  discount_minor: number;
  total_minor: number;
  tax_minor: number;
  refunded_quantity: number;
  refund_requested_quantity: number;
}

/** The order row with its lines and the settings its answer depends on. */
export interface OrderRow {
  id: string;
  order_no: string;
  customer_id: number | null;
  status: OrderStatus;
  payment_status: PaymentStatus;
  payment_method_code: string;
  /** payment_methods.name (the code when the method was deleted since). */
  payment_method_name: string;
  /** Whether the order's method is an offline one (Cash on Delivery, a bank transfer): nothing to pay online. */
  offline: boolean;
  currency: string;
  created_at: string;
  paid_at: string | null;
  reserved_until: string | null;
  stock_reserved: boolean;
  email: string | null;
  phone: string | null;
  shipping_address: Address;
  billing_address: Address;
  shipping: OrderShippingSnapshot;
  note: string | null;
  buyer_gstin: string | null;
  buyer_business_name: string | null;
  coupon_code: string | null;
  subtotal_minor: number;
  discount_minor: number;
  shipping_minor: number;
  cod_fee_minor: number;
  tax_rate_percent: number;
  tax_minor: number;
  grand_total_minor: number;
  refunded_minor: number;
  rating: number | null;
  rating_comment: string | null;
  rated: boolean;
  google_gtag_event_tracked: boolean;
  google_gtm_event_tracked: boolean;
  facebook_pixel_event_tracked: boolean;
  microsoft_clarity_event_tracked: boolean;
  umami_event_tracked: boolean;
  cancel_enabled: boolean;
  /** enable_refund, for goods: a service's fee goes back through its application (ADR 37). */
  refund_enabled: boolean;
  items: OrderItemRow[];
  /** For an unpaid order: the active zones of its shipping country (Cash on Delivery's offer), else null. */
  cod_zones: ZoneRow[] | null;
  /** For an unpaid order: the active payment methods, else null. */
  payment_methods: PaymentMethodRow[] | null;
}

interface OrderDetailRow extends OrderRow {
  history: { to_status: OrderStatus; at: string; note: string | null }[];
  refunds: {
    id: number;
    item_id: number;
    quantity: number;
    reason: string;
    status: 'requested' | 'approved' | 'rejected' | 'refunded';
    amount_minor: number;
    created_at: string;
  }[];
  shipments: ShipmentRow[];
}

/** The states in which an order still awaits its payment, as an SQL list. */
const UNPAID_SQL = sql`(${sql.join(
  ORDER_STATUSES.filter(isUnpaid).map((s) => sql`${s}`),
  sql`, `,
)})`;

/** The columns of one order `o` (with its lines) that `toOrder` reads. */
function orderColumns(): SQL {
  return sql`o.id, o.order_no, o.customer_id, o.status, o.payment_status, o.payment_method_code,
      ${paymentMethodNameSql(sql`o.payment_method_code`, sql`o.kind`)} as payment_method_name,
      ${offlineMethodSql(sql`o.payment_method_code`)} as offline, o.currency,
      ${isoSql(sql`o.created_at`)} as created_at, ${isoSql(sql`o.paid_at`)} as paid_at,
      ${isoSql(sql`o.reserved_until`)} as reserved_until, o.stock_reserved,
      o.email, o.phone, o.shipping_address, o.billing_address, o.shipping, o.note, o.buyer_gstin, o.buyer_business_name,
      o.coupon_code,
      o.subtotal_minor, o.discount_minor, o.shipping_minor, o.cod_fee_minor, o.tax_rate_percent, o.tax_minor,
      o.grand_total_minor, o.refunded_minor, o.rating, o.rating_comment, o.rated_at is not null as rated,
      o.google_gtag_event_tracked, o.google_gtm_event_tracked, o.facebook_pixel_event_tracked,
      o.microsoft_clarity_event_tracked, o.umami_event_tracked,
      ${settingOn('enable_cancel_order')} as cancel_enabled,
      ${settingOn('enable_refund')} and o.kind <> 'service_fee' as refund_enabled,
      (select coalesce(json_agg(i order by i.id), '[]'::json) from (
         select id, product_id, variant_id, slug, name, variant_title, options, sku, image, custom_text, image_path,
           quantity, unit_price_minor, discount_minor, total_minor, tax_minor, refunded_quantity, refund_requested_quantity
           from order_items where order_id = o.id) i) as items,
      case when o.status in ${UNPAID_SQL}
        then ${zonesJsonSql(sql`country_id = (o.shipping_address->>'country_id')::int`)} end as cod_zones,
      case when o.status in ${UNPAID_SQL} then ${activePaymentMethodsJsonSql} end as payment_methods`;
}

const detailColumns = sql`,
      (select coalesce(json_agg(e order by e.created_at, e.id), '[]'::json) from (
         select id, to_status, ${isoSql(sql`created_at`)} as at, note, created_at
           from order_events where order_id = o.id) e) as history,
      (select coalesce(json_agg(r order by r.id), '[]'::json) from (
         select id, order_item_id as item_id, quantity, reason, status, amount_minor, ${isoSql(sql`created_at`)} as created_at
           from refund_requests where order_id = o.id) r) as refunds,
      ${shipmentsSql(sql`o.id`)} as shipments`;

/** The date `days` after `iso` (YYYY-MM-DD, UTC). */
const addDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * DAY_MS).toISOString().slice(0, 10);

/** When the parcel should arrive: counted from payment (or placing) with the shipping method's days. */
export function deliveryEstimate(
  row: Pick<OrderRow, 'status' | 'created_at' | 'paid_at' | 'shipping'>,
): { from: string; to: string } | null {
  if (['delivered', 'cancelled', 'refund_requested', 'refunded'].includes(row.status)) return null;
  const min = row.shipping.delivery_days_min ?? row.shipping.delivery_days_max;
  const max = row.shipping.delivery_days_max ?? row.shipping.delivery_days_min;
  if (min === null || max === null) return null;
  const base = row.paid_at ?? row.created_at;
  return { from: addDays(base, Math.min(min, max)), to: addDays(base, Math.max(min, max)) };
}

/** How many of a line may still be asked back now. */
function refundableQuantity(row: Pick<OrderRow, 'status' | 'refund_enabled'>, item: OrderItemRow): number {
  if (!row.refund_enabled || !isRefundable(row.status)) return 0;
  return Math.max(0, item.quantity - item.refund_requested_quantity);
}

function toItem(row: OrderRow, i: OrderItemRow): OrderItem {
  const m = (n: number) => money(n, row.currency);
  return {
    id: i.id,
    product_id: i.variant_id,
    product: {
      id: i.product_id,
      slug: i.slug,
      name: i.name,
      url: `/product/${i.slug}`,
      image: i.image ? { url: i.image, alt: i.name } : null,
    },
    variant_title: i.variant_title,
    options: i.options ?? {},
    sku: i.sku,
    quantity: i.quantity,
    unit_price: m(i.unit_price_minor),
    subtotal: m(i.total_minor + i.discount_minor),
    discount: m(i.discount_minor),
    total: m(i.total_minor),
    refundable_quantity: refundableQuantity(row, i),
    refund_requested_quantity: i.refund_requested_quantity,
    additonal_data:
      i.custom_text !== null || i.image_path !== null ? { custom_text: i.custom_text, image_path: i.image_path } : null,
  };
}

/**
 * What paying the unpaid order on delivery would cost (its zone's COD fee replaces any it had,
 * as the switch in process-payment does), or null when Cash on Delivery does not serve its address.
 */
function payOnDelivery(
  row: Pick<OrderRow, 'cod_zones' | 'payment_methods' | 'shipping_address' | 'grand_total_minor' | 'cod_fee_minor'>,
): { feeMinor: number; totalMinor: number } | null {
  if (!row.cod_zones || !row.payment_methods) return null;
  const zone = zoneOf(row.cod_zones, row.shipping_address);
  if (!zone || !codOffered(zone, row.payment_methods)) return null;
  return { feeMinor: zone.cod_fee_minor, totalMinor: row.grand_total_minor - row.cod_fee_minor + zone.cod_fee_minor };
}

/** The API's order from its row (pure). */
function toOrder(row: OrderRow): Order {
  const m = (n: number) => money(n, row.currency);
  const items = row.items.map((i) => toItem(row, i));
  const canRetry = isUnpaid(row.status) && !row.offline;
  const onDelivery = canRetry ? payOnDelivery(row) : null;
  return {
    id: row.id,
    order_no: row.order_no,
    status: row.status,
    status_label: ORDER_STATUS_LABELS[row.status],
    payment_status: row.payment_status,
    payment_method: { code: row.payment_method_code, name: row.payment_method_name },
    created_at: row.created_at,
    currency: row.currency,
    grand_total: m(row.grand_total_minor),
    totals: {
      subtotal: m(row.subtotal_minor),
      coupon_discount: m(row.discount_minor),
      shipping: m(row.shipping_minor),
      cod_fee: m(row.cod_fee_minor),
      tax_included: m(row.tax_minor),
      grand_total: m(row.grand_total_minor),
      refunded: m(row.refunded_minor),
    },
    productchannel: items,
    total_quantity: items.reduce((n, i) => n + i.quantity, 0),
    coupon_code: row.coupon_code,
    email: row.email,
    phone: row.phone,
    shipping_address: row.shipping_address,
    billing_address: row.billing_address,
    shipping_method: { code: row.shipping.code, name: row.shipping.name, price: m(row.shipping_minor) },
    note: row.note,
    buyer_gstin: row.buyer_gstin,
    buyer_business_name: row.buyer_business_name,
    delivery_estimate: deliveryEstimate(row),
    reserved_until: row.status === 'awaiting_payment' && row.stock_reserved ? row.reserved_until : null,
    can_cancel: row.cancel_enabled && isCancellable(row.status),
    can_refund: items.some((i) => i.refundable_quantity > 0),
    can_rate: !row.rated && isRateable(row.status),
    can_retry_payment: canRetry,
    can_pay_on_delivery: onDelivery !== null,
    pay_on_delivery: onDelivery && { fee: m(onDelivery.feeMinor), total: m(onDelivery.totalMinor) },
    rating: row.rating === null ? null : { rating: row.rating, comment: row.rating_comment },
    google_gtag_event_tracked: row.google_gtag_event_tracked,
    google_gtm_event_tracked: row.google_gtm_event_tracked,
    facebook_pixel_event_tracked: row.facebook_pixel_event_tracked,
    microsoft_clarity_event_tracked: row.microsoft_clarity_event_tracked,
    umami_event_tracked: row.umami_event_tracked,
  };
}

function toDetail(row: OrderDetailRow, trackingPath: string): OrderDetail {
  return {
    ...toOrder(row),
    history: row.history.map((e) => ({
      status: e.to_status,
      label: ORDER_STATUS_LABELS[e.to_status],
      at: e.at,
      note: e.note,
    })),
    refunds: row.refunds.map((r) => ({
      id: r.id,
      item_id: r.item_id,
      quantity: r.quantity,
      reason: r.reason,
      status: r.status,
      amount: money(r.amount_minor, row.currency),
      created_at: r.created_at,
    })),
    shipments: row.shipments.map(toShipment),
    tracking_path: trackingPath,
  };
}

/** An access condition in its richest shape (a customer's and a guest's order). */
const EXAMPLE_ACCESS_WHERE = orderAccessSql({ customerId: 1, guestOrderId: 'o_example' }, 'o');

/** The order's row as JSON, when `where` (a condition on `o`) holds. */
const orderRowJson = namedQuery<{ result: OrderRow }>()({
  name: 'orders.view.order',
  columns: ['result'],
  example: { orderId: 'o_example', where: EXAMPLE_ACCESS_WHERE },
  build: (p: { orderId: string; where: SQL }) =>
    sql`select row_to_json(x) as result from (select ${orderColumns()} from orders o
         where o.id = ${p.orderId} and ${p.where}) x`,
});

/**
 * The order's row, or null. `where` narrows further (an access condition on `o`): a row that
 * exists but is not reachable reads as missing.
 */
async function loadOrderRow(db: Db, orderId: string, where: SQL = sql`true`): Promise<OrderRow | null> {
  const [answer] = await orderRowJson(db, { orderId, where });
  return answer?.result ?? null;
}

/** The order as the API answers it, or null. */
export async function loadOrder(db: Db, orderId: string, where?: SQL): Promise<Order | null> {
  const row = await loadOrderRow(db, orderId, where);
  return row ? toOrder(row) : null;
}

/** The order's row with its details as JSON, when `where` (a condition on `o`) holds. */
const orderDetailRowJson = namedQuery<{ result: OrderDetailRow }>()({
  name: 'orders.view.order-detail',
  columns: ['result'],
  example: { orderId: 'o_example', where: EXAMPLE_ACCESS_WHERE },
  build: (p: { orderId: string; where: SQL }) =>
    sql`select row_to_json(x) as result from (select ${orderColumns()} ${detailColumns} from orders o
         where o.id = ${p.orderId} and ${p.where}) x`,
});

async function loadOrderDetailRow(db: Db, orderId: string, where: SQL): Promise<OrderDetailRow | null> {
  const [answer] = await orderDetailRowJson(db, { orderId, where });
  return answer?.result ?? null;
}

/** The order with its history, refund requests and parcels, or null. */
export async function loadOrderDetail(db: Db, orderId: string, where: SQL = sql`true`): Promise<OrderDetail | null> {
  const row = await loadOrderDetailRow(db, orderId, where);
  return row ? toDetail(row, `/track-order/${row.id}`) : null;
}

/** What the invoice prints: the order's details, its tax rate and each line's tax. */
export async function loadInvoiceData(
  db: Db,
  orderId: string,
  where: SQL = sql`true`,
): Promise<{ order: OrderDetail; taxRatePercent: number; lineTax: Map<number, number> } | null> {
  const row = await loadOrderDetailRow(db, orderId, where);
  if (!row) return null;
  return {
    order: toDetail(row, `/track-order/${row.id}`),
    taxRatePercent: row.tax_rate_percent,
    lineTax: new Map(row.items.map((i) => [i.id, i.tax_minor])),
  };
}

/** A page of the customer's orders (as JSON) and how many they have. */
const customerOrdersPage = namedQuery<{ total: number; rows: OrderRow[] }>()({
  name: 'orders.view.customer-page',
  columns: ['total', 'rows'],
  example: { customerId: 1, perPage: 10, offset: 10 },
  build: (p: { customerId: number; perPage: number; offset: number }) =>
    sql`select (select count(*)::int from orders where customer_id = ${p.customerId}) as total,
        (select coalesce(json_agg(x order by x.created_at desc, x.id desc), '[]'::json) from (
           select ${orderColumns()} from orders o where o.customer_id = ${p.customerId}
            order by o.created_at desc, o.id desc limit ${p.perPage} offset ${p.offset}) x) as rows`,
});

/** A customer's orders, newest first, `perPage` a page. */
export async function listOrders(db: Db, customerId: number, page: number, perPage = 10): Promise<OrderPage> {
  const offset = (page - 1) * perPage;
  const [answer] = await customerOrdersPage(db, { customerId, perPage, offset });
  const total = answer?.total ?? 0;
  return {
    orders: (answer?.rows ?? []).map(toOrder),
    page,
    per_page: perPage,
    total,
    last_page: Math.max(1, Math.ceil(total / perPage)),
  };
}

/**
 * The orders page the request may see: a customer's orders, or for a guest the one order of this
 * browser's order_ref cookie (on page 1). Null for a guest without one (the route's 401).
 */
export async function ordersPage(db: Db, access: OrderAccess, page: number): Promise<OrderPage | null> {
  if (access.customerId !== null) return listOrders(db, access.customerId, page);
  const order = access.guestOrderId ? await loadOrder(db, access.guestOrderId, orderAccessSql(access, 'o')) : null;
  if (!order) return null;
  return { orders: page === 1 ? [order] : [], page, per_page: 10, total: 1, last_page: 1 };
}

/** The newest order `access` reaches. */
const latestOrderRow = namedQuery<{ id: string }>()({
  name: 'orders.view.latest-id',
  columns: ['id'],
  example: { access: { customerId: 1, guestOrderId: 'o_example' } as OrderAccess },
  build: (p: { access: OrderAccess }) =>
    sql`select id from orders where ${orderAccessSql(p.access)} order by created_at desc, id limit 1`,
});

/**
 * The id of the requester's latest order: a customer's newest (a guest order remembered by the
 * same browser does not count then), else the guest order of the order_ref cookie. Null when none.
 */
export async function latestOrderId(db: Db, access: OrderAccess): Promise<string | null> {
  const whose = access.customerId !== null ? { ...access, guestOrderId: null } : access;
  const [row] = await latestOrderRow(db, { access: whose });
  return row?.id ?? null;
}
