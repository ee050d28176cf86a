import { sql, type SQL } from 'drizzle-orm';
import {
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  type AdminOrdersExportQuerySchema,
  type OrderExportPeriod,
  type OrderStatus,
  type PaymentStatus,
} from '@shopfront/shared';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { csvStream, decimal, EXPORT_BATCH, type CsvColumn } from '../../lib/csv-export.ts';
import { paymentMethodNameSql } from '../../db/payment-methods.ts';
import { EXAMPLE_ORDER_FILTERS, filtersSql, list, statesOf } from './admin-list.ts';

/**
 * The accountant's orders export (issue 26): the inbox's filters, `from`/`to` as days in the
 * shop's time zone, oldest first, read in keyset batches of EXPORT_BATCH orders (each batch's
 * lines in one more query) so 10,000 orders stream with the memory of one batch.
 *
 * One row per order line, like Shopify's orders export: the order's identity (number, date,
 * status, payment, customer, ship-to) repeats on every line so a filter or pivot by SKU or by
 * status keeps whole facts, while the order's own amounts (subtotal, discount, shipping, COD fee,
 * tax, total, refunded) stand on its first line only, so a SUM of a column is the true total
 * (never counted once per line). Amounts are decimal numbers in major units with a currency column.
 */

export type OrdersExportQuery = z.output<typeof AdminOrdersExportQuerySchema>;

export const ORDER_EXPORT_COLUMNS: readonly CsvColumn[] = [
  ['order_no', 'Order no'],
  ['date', 'Date'],
  ['status', 'Status'],
  ['payment_method', 'Payment method'],
  ['payment_status', 'Payment status'],
  ['customer_name', 'Customer name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['ship_city', 'Ship city'],
  ['ship_state', 'Ship state'],
  ['ship_pincode', 'Ship pincode'],
  ['sku', 'SKU'],
  ['product', 'Product'],
  ['variant', 'Variant'],
  ['quantity', 'Quantity'],
  ['unit_price', 'Unit price'],
  ['line_discount', 'Line discount'],
  ['line_total', 'Line total'],
  ['subtotal', 'Subtotal'],
  ['discount', 'Discount'],
  ['coupon', 'Coupon'],
  ['shipping', 'Shipping'],
  ['cod_fee', 'COD fee'],
  ['tax', 'Tax'],
  ['order_total', 'Order total'],
  ['refunded', 'Refunded'],
  ['currency', 'Currency'],
].map(([key, header]) => ({ key: key!, header: header! }));

interface OrderRow {
  id: string;
  at: string;
  order_no: string;
  date: string;
  status: OrderStatus;
  payment_method: string;
  payment_status: PaymentStatus;
  customer_name: string;
  email: string | null;
  phone: string | null;
  ship_city: string | null;
  ship_state: string | null;
  ship_pincode: string | null;
  currency: string;
  subtotal_minor: number;
  discount_minor: number;
  coupon_code: string | null;
  shipping_minor: number;
  cod_fee_minor: number;
  tax_minor: number;
  grand_total_minor: number;
  refunded_minor: number;
}

interface LineRow {
  order_id: string;
  sku: string;
  name: string;
  variant_title: string;
  quantity: number;
  unit_price_minor: number;
  discount_minor: number;
  total_minor: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The first and last day of a period in `timeZone`, as of `now` (YYYY-MM-DD). */
export function periodDays(
  period: OrderExportPeriod,
  timeZone: string,
  now = new Date(),
): { from: string; to: string } {
  const today = now.toLocaleDateString('en-CA', { timeZone });
  const [y, m] = today.split('-').map(Number) as [number, number];
  if (period === 'today') return { from: today, to: today };
  if (period === 'this_month') return { from: `${y}-${pad(m)}-01`, to: today };
  const [ly, lm] = m === 1 ? [y - 1, 12] : [y, m - 1];
  const last = new Date(Date.UTC(ly, lm, 0)).getUTCDate();
  return { from: `${ly}-${pad(lm)}-01`, to: `${ly}-${pad(lm)}-${pad(last)}` };
}

/** The export's conditions on `o`: the inbox's filters, with `from`/`to` (or `period`) as days in `timeZone`. */
export function exportWhere(q: OrdersExportQuery, timeZone: string): SQL[] {
  const where = filtersSql(q.period ? { ...q, ...periodDays(q.period, timeZone) } : q, timeZone);
  const states = statesOf(q);
  if (states) where.push(states.length ? sql`o.status in ${list(states)}` : sql`false`);
  return where;
}

type After = { at: string; id: string } | null;

/** The orders after `after` (oldest first), at most `limit`. */
const orderBatchRows = namedQuery<OrderRow>()({
  name: 'orders.export.batch',
  columns: [
    'id',
    'at',
    'order_no',
    'date',
    'status',
    'payment_method',
    'payment_status',
    'customer_name',
    'email',
    'phone',
    'ship_city',
    'ship_state',
    'ship_pincode',
    'currency',
    'subtotal_minor',
    'discount_minor',
    'coupon_code',
    'shipping_minor',
    'cod_fee_minor',
    'tax_minor',
    'grand_total_minor',
    'refunded_minor',
  ],
  example: {
    where: exportWhere({ ...EXAMPLE_ORDER_FILTERS, tab: 'new' }, 'Asia/Kolkata'),
    timeZone: 'Asia/Kolkata',
    after: { at: '2026-01-01T00:00:00.000000Z', id: 'o_example' } as After,
    limit: 500,
  },
  build: (p: { where: SQL[]; timeZone: string; after: After; limit: number }) => {
    const page = p.after
      ? [...p.where, sql`(o.created_at, o.id) > (${p.after.at}::timestamptz, ${p.after.id})`]
      : p.where;
    return sql`select o.id, to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, o.order_no,
          to_char(o.created_at at time zone ${p.timeZone}, 'YYYY-MM-DD HH24:MI') as date,
          o.status, ${paymentMethodNameSql(sql`o.payment_method_code`, sql`o.kind`)} as payment_method, o.payment_status,
          trim(coalesce(o.shipping_address ->> 'first_name', '') || ' ' || coalesce(o.shipping_address ->> 'last_name', '')) as customer_name,
          o.email, o.phone, o.shipping_address ->> 'city' as ship_city, o.shipping_address #>> '{state,name}' as ship_state,
          o.shipping_address ->> 'postcode' as ship_pincode, o.currency, o.subtotal_minor, o.discount_minor,
          o.coupon_code, o.shipping_minor, o.cod_fee_minor, o.tax_minor, o.grand_total_minor, o.refunded_minor
          from orders o where ${page.length ? sql.join(page, sql` and `) : sql`true`}
         order by o.created_at, o.id limit ${p.limit}`;
  },
});

/** The lines of the orders named, by order. */
const linesOf = namedQuery<LineRow>()({
  name: 'orders.export.lines',
  columns: [
    'order_id',
    'sku',
    'name',
    'variant_title',
    'quantity',
    'unit_price_minor',
    'discount_minor',
    'total_minor',
  ],
  example: { ids: ['o_example', 'o_other'] },
  build: (p: { ids: string[] }) =>
    sql`select i.order_id, i.sku, i.name, i.variant_title, i.quantity, i.unit_price_minor, i.discount_minor, i.total_minor
          from order_items i where i.order_id in ${list(p.ids)} order by i.order_id, i.id`,
});

function* rowsOf(o: OrderRow, lines: LineRow[]): Generator<Record<string, unknown>> {
  const c = o.currency;
  const order = {
    order_no: o.order_no,
    date: o.date,
    status: ORDER_STATUS_LABELS[o.status] ?? o.status,
    payment_method: o.payment_method,
    payment_status: PAYMENT_STATUS_LABELS[o.payment_status] ?? o.payment_status,
    customer_name: o.customer_name,
    email: o.email ?? '',
    phone: o.phone ?? '',
    ship_city: o.ship_city ?? '',
    ship_state: o.ship_state ?? '',
    ship_pincode: o.ship_pincode ?? '',
    currency: c,
  };
  const amounts = {
    subtotal: decimal(o.subtotal_minor, c),
    discount: decimal(o.discount_minor, c),
    coupon: o.coupon_code ?? '',
    shipping: decimal(o.shipping_minor, c),
    cod_fee: decimal(o.cod_fee_minor, c),
    tax: decimal(o.tax_minor, c),
    order_total: decimal(o.grand_total_minor, c),
    refunded: decimal(o.refunded_minor, c),
  };
  if (lines.length === 0) yield { ...order, ...amounts };
  for (const [i, l] of lines.entries()) {
    yield {
      ...order,
      sku: l.sku,
      product: l.name,
      variant: l.variant_title,
      quantity: l.quantity,
      unit_price: decimal(l.unit_price_minor, c),
      line_discount: decimal(l.discount_minor, c),
      line_total: decimal(l.total_minor, c),
      ...(i === 0 ? amounts : {}),
    };
  }
}

/** Options of a streamed export: the batch size and a hook told each batch's size (the tests measure with it). */
export interface ExportOptions {
  batch?: number;
  onBatch?: (rows: number) => void;
}

/** The records of the orders export, a batch of orders (and their lines) at a time. */
export async function* orderExportRecords(
  db: Db,
  q: OrdersExportQuery,
  timeZone: string,
  opts: ExportOptions = {},
): AsyncGenerator<Record<string, unknown>> {
  const size = opts.batch ?? EXPORT_BATCH;
  const where = exportWhere(q, timeZone);
  let after: After = null;
  for (;;) {
    const orders: OrderRow[] = await orderBatchRows(db, { where, timeZone, after, limit: size });
    opts.onBatch?.(orders.length);
    if (orders.length === 0) return;
    const lines = await linesOf(db, { ids: orders.map((o) => o.id) });
    const byOrder = new Map<string, LineRow[]>();
    for (const l of lines) byOrder.set(l.order_id, [...(byOrder.get(l.order_id) ?? []), l]);
    for (const o of orders) yield* rowsOf(o, byOrder.get(o.id) ?? []);
    if (orders.length < size) return;
    const last = orders.at(-1)!;
    after = { at: last.at, id: last.id };
  }
}

/** The orders export as a CSV stream. */
export const ordersCsv = (db: Db, q: OrdersExportQuery, timeZone: string, opts?: ExportOptions): Readable =>
  csvStream(ORDER_EXPORT_COLUMNS, orderExportRecords(db, q, timeZone, opts));
