import { sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_ORDER_TABS,
  ADMIN_ORDER_TAB_STATUSES,
  ORDER_STATUS_LABELS,
  adminOrderMessages,
  money,
  type AdminOrderList,
  type AdminOrderRow,
  type AdminOrdersQuery,
  type AdminOrderTab,
  type OrderStatus,
  type PaymentStatus,
} from '@shopfront/shared';
import type { z } from 'zod';
import type { AdminOrdersQuerySchema } from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { isoSql } from '../../db/sql-time.ts';
import { fieldError } from '../../lib/http.ts';
import { paymentMethodNameSql } from '../../db/payment-methods.ts';
import { isCursorTimestamp } from '../../lib/cursor-time.ts';

/**
 * The owner's orders inbox: one page newest first (keyset on created_at, id: the indexes of
 * migration 0029), the tab counts with the same filters in one statement, and the search by
 * order number, phone, e-mail or the customer's name (each an index lookup).
 */

type Query = z.output<typeof AdminOrdersQuerySchema>;
export type { AdminOrdersQuery };

export const list = (values: readonly string[]) =>
  sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;

/** A `like` pattern matching text that starts with `s` (its wildcards taken literally). */
const prefix = (s: string) => `${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The search: order number, phone, e-mail (prefix) or name (each word a prefix of the first or last name). */
export function searchSql(q: string): SQL | null {
  const text = q.trim();
  if (!text) return null;
  const digits = text.replace(/[\s()+-]/g, '');
  const number = /^(?:sf-?)?(\d{1,12})$/i.exec(text.replace(/\s/g, ''));
  if (number) {
    const byNumber = sql`o.order_no = ${`SF-${number[1]}`}`;
    if (/^\d{6,15}$/.test(digits)) {
      // Ten digits may be a phone (stored as the digits typed at checkout) as well as an order number.
      return sql`(${byNumber} or o.phone = ${digits} or o.phone = ${text})`;
    }
    return byNumber;
  }
  if (/^\+?\d[\d\s()-]{5,}$/.test(text)) return sql`(o.phone = ${digits} or o.phone = ${text})`;
  if (text.includes('@')) return sql`lower(o.email) like ${prefix(text)}`;
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  const first = sql`lower(o.shipping_address ->> 'first_name')`;
  const last = sql`lower(o.shipping_address ->> 'last_name')`;
  if (words.length === 1) return sql`(${first} like ${prefix(words[0]!)} or ${last} like ${prefix(words[0]!)})`;
  // "asha rao": the first name starts with the first word, the last name with the rest.
  return sql`(${first} like ${prefix(words[0]!)} and ${last} like ${prefix(words.slice(1).join(' '))})`;
}

/** The inbox's filters (the export takes them too). */
export type OrderFilters = Omit<Query, 'cursor' | 'limit'>;

/**
 * Every filter but the tab and the status (the tab counts are per state). `from` and `to` are
 * days of the shop's calendar (`timeZone`, lib/time-zone.ts): an order placed at 00:30 in
 * Mumbai is that day's, not the day before's in UTC.
 */
export function filtersSql(q: OrderFilters, timeZone: string): SQL[] {
  const where: SQL[] = [];
  if (q.payment_method) where.push(sql`o.payment_method_code = ${q.payment_method}`);
  if (q.payment_status?.length) where.push(sql`o.payment_status in ${list(q.payment_status)}`);
  if (q.channel) where.push(sql`o.channel_id = ${q.channel}`);
  if (q.kind) where.push(sql`o.kind = ${q.kind}`);
  if (q.from) where.push(sql`o.created_at >= (${q.from}::date)::timestamp at time zone ${timeZone}`);
  if (q.to) where.push(sql`o.created_at < (${q.to}::date + 1)::timestamp at time zone ${timeZone}`);
  const search = q.q ? searchSql(q.q) : null;
  if (search) where.push(search);
  return where;
}

/** The states a page shows: the tab's, narrowed by `status` when both are given. */
export function statesOf(q: OrderFilters): readonly OrderStatus[] | null {
  const tab = q.tab ? ADMIN_ORDER_TAB_STATUSES[q.tab] : null;
  if (tab && q.status?.length) return tab.filter((s) => q.status!.includes(s));
  return tab ?? (q.status?.length ? q.status : null);
}

interface Cursor {
  at: string;
  id: string;
}

export const encodeCursor = (c: Cursor) => Buffer.from(`${c.at}|${c.id}`).toString('base64url');

function decodeCursor(s: string): Cursor {
  const [at, id, ...rest] = Buffer.from(s, 'base64url').toString('utf8').split('|');
  if (!at || !id || rest.length || !isCursorTimestamp(at) || !/^[\w-]{1,64}$/.test(id)) {
    throw fieldError('cursor', adminOrderMessages.cursor);
  }
  return { at, id };
}

const and = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

interface Row {
  id: string;
  order_no: string;
  created_at: string;
  cursor_at: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  item_count: number;
  currency: string;
  grand_total_minor: number;
  payment_method_code: string;
  payment_method_name: string;
  payment_status: PaymentStatus;
  status: OrderStatus;
  channel_id: string;
  refunded_minor: number;
}

/** The inbox's filters as examples (every one given): the shape named queries are described in. */
export const EXAMPLE_ORDER_FILTERS: OrderFilters = {
  payment_method: 'cod',
  payment_status: ['paid'],
  channel: 'ch_example',
  kind: 'goods',
  from: '2026-01-01',
  to: '2026-01-31',
  q: 'asha rao',
};

/** Up to `limit` orders chosen by `where`, newest first. */
const inboxPage = namedQuery<Row>()({
  name: 'orders.admin-list.page',
  columns: [
    'id',
    'order_no',
    'created_at',
    'cursor_at',
    'first_name',
    'last_name',
    'email',
    'phone',
    'item_count',
    'currency',
    'grand_total_minor',
    'payment_method_code',
    'payment_method_name',
    'payment_status',
    'status',
    'channel_id',
    'refunded_minor',
  ],
  example: {
    where: [
      ...filtersSql(EXAMPLE_ORDER_FILTERS, 'Asia/Kolkata'),
      sql`(o.created_at, o.id) < (${'2026-01-01T00:00:00.000000Z'}::timestamptz, ${'o_example'})`,
    ],
    limit: 50,
  },
  build: (p: { where: SQL[]; limit: number }) =>
    sql`select o.id, o.order_no, ${isoSql(sql`o.created_at`)} as created_at,
          to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at,
          o.shipping_address ->> 'first_name' as first_name, o.shipping_address ->> 'last_name' as last_name,
          o.email, o.phone, o.currency, o.grand_total_minor, o.payment_method_code,
          ${paymentMethodNameSql(sql`o.payment_method_code`, sql`o.kind`)} as payment_method_name,
          o.payment_status, o.status, o.channel_id, o.refunded_minor,
          (select coalesce(sum(i.quantity), 0)::int from order_items i where i.order_id = o.id) as item_count
          from orders o where ${and(p.where)}
         order by o.created_at desc, o.id desc limit ${p.limit + 1}`,
});

/** The count of each tab's orders chosen by `where`. */
const tabCounts = namedQuery<Record<AdminOrderTab, number>>()({
  name: 'orders.admin-list.tab-counts',
  columns: ADMIN_ORDER_TABS,
  example: { where: filtersSql(EXAMPLE_ORDER_FILTERS, 'Asia/Kolkata') },
  build: (p: { where: SQL[] }) => {
    const counts = sql.join(
      ADMIN_ORDER_TABS.map(
        (t) =>
          sql`count(*) filter (where o.status in ${list(ADMIN_ORDER_TAB_STATUSES[t])})::int as ${sql.identifier(t)}`,
      ),
      sql`, `,
    );
    return sql`select ${counts} from orders o where ${and(p.where)}`;
  },
});

/** One page of the inbox with the tab counts. */
export async function listAdminOrders(db: Db, q: Query, timeZone: string): Promise<AdminOrderList> {
  const filters = filtersSql(q, timeZone);
  const states = statesOf(q);
  const page = [...filters];
  if (states) page.push(states.length ? sql`o.status in ${list(states)}` : sql`false`);
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    page.push(sql`(o.created_at, o.id) < (${c.at}::timestamptz, ${c.id})`);
  }
  const [rows, [tally]] = await Promise.all([
    inboxPage(db, { where: page, limit: q.limit }),
    tabCounts(db, { where: filters }),
  ]);
  const more = rows.length > q.limit;
  const shown = more ? rows.slice(0, q.limit) : rows;
  const last = shown.at(-1);
  return {
    orders: shown.map(toRow),
    counts: tally!,
    next_cursor: more && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null,
  };
}

function toRow(r: Row): AdminOrderRow {
  return {
    id: r.id,
    order_no: r.order_no,
    created_at: r.created_at,
    customer_name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(),
    email: r.email,
    phone: r.phone,
    item_count: r.item_count,
    total: money(r.grand_total_minor, r.currency),
    payment_method: { code: r.payment_method_code, name: r.payment_method_name },
    payment_status: r.payment_status,
    status: r.status,
    status_label: ORDER_STATUS_LABELS[r.status],
    channel: r.channel_id,
    refunded: money(r.refunded_minor, r.currency),
  };
}

type Badge = { new_orders: number; refund_requests: number; to_ship: number };

const badgeCounts = namedQuery<Badge>()({
  name: 'orders.admin-list.badge',
  columns: ['new_orders', 'refund_requests', 'to_ship'],
  example: {},
  build: () =>
    sql`select (select count(*)::int from orders where status = 'confirmed') as new_orders,
               (select count(*)::int from orders where status = 'packed') as to_ship,
               (select count(*)::int from refund_requests where status = 'requested') as refund_requests`,
});

/**
 * The panel's badge: confirmed orders waiting to be packed, packed ones waiting to be shipped, and
 * refund requests not yet answered (the panel counts what the member's role works on).
 */
export async function orderBadge(db: Db): Promise<Badge> {
  const [row] = await badgeCounts(db, {});
  return row!;
}
