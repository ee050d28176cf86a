import { sql, type SQL } from 'drizzle-orm';
import type { AdminCustomersExportQuerySchema } from '@shopfront/shared';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { csvStream, decimal, EXPORT_BATCH, type CsvColumn } from '../../../lib/csv-export.ts';
import type { ExportOptions } from '../../orders/admin-export.ts';
import { isSaleSql } from '../sales.ts';
import { customerFilters } from './service.ts';

/**
 * The customers export (issue 26): the customer list's search and filter, one row per customer,
 * oldest first, in keyset batches on the id. Spent is what their orders that went through came to
 * after refunds; a customer who bought in two currencies gets one `|`-separated amount per currency.
 */

type Query = z.output<typeof AdminCustomersExportQuerySchema>;

export const CUSTOMER_EXPORT_COLUMNS: readonly CsvColumn[] = [
  ['id', 'Customer ID'],
  ['first_name', 'First name'],
  ['last_name', 'Last name'],
  ['email', 'Email'],
  ['email_verified', 'Email verified'],
  ['phone', 'Phone'],
  ['phone_verified', 'Phone verified'],
  ['orders', 'Orders'],
  ['total_spent', 'Total spent'],
  ['currency', 'Currency'],
  ['last_order', 'Last order'],
  ['blocked', 'Blocked'],
  ['signed_up', 'Signed up'],
].map(([key, header]) => ({ key: key!, header: header! }));

interface Row {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  email_verified: boolean;
  phone_verified: boolean;
  orders: number;
  spent: { currency: string; amount: number | string }[] | string;
  last_order: string | null;
  blocked: boolean;
  signed_up: string;
}

const yesNo = (b: boolean) => (b ? 'yes' : 'no');

/** One keyset batch of the export: the customers after `after` that `where` (customerFilters) keeps. */
const exportBatch = namedQuery<Row>()({
  name: 'admin.customers.export-batch',
  columns: [
    'id',
    'first_name',
    'last_name',
    'email',
    'phone',
    'email_verified',
    'phone_verified',
    'orders',
    'spent',
    'last_order',
    'blocked',
    'signed_up',
  ],
  example: { where: [sql`c.blocked_at is null`], timeZone: 'Asia/Kolkata', after: 0, limit: 500 },
  build: ({ where, timeZone, after, limit }: { where: SQL[]; timeZone: string; after: number; limit: number }) => {
    const local = (col: SQL) => sql`to_char(${col} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI')`;
    return sql`select c.id, c.first_name, c.last_name, c.email, c.phone,
          c.email_verified_at is not null as email_verified, c.phone_verified_at is not null as phone_verified,
          (select count(*)::int from orders o where o.customer_id = c.id) as orders,
          coalesce((select json_agg(json_build_object('currency', s.currency, 'amount', s.amount) order by s.currency)
            from (select o.currency, sum(o.grand_total_minor - o.refunded_minor) as amount
                    from orders o where o.customer_id = c.id and ${isSaleSql(sql`o.status`)}
                   group by o.currency) s), '[]'::json) as spent,
          (select ${local(sql`max(o.created_at)`)} from orders o where o.customer_id = c.id) as last_order,
          c.blocked_at is not null as blocked, ${local(sql`c.created_at`)} as signed_up
          from customers c where ${sql.join([...where, sql`c.id > ${after}`], sql` and `)}
         order by c.id limit ${limit}`;
  },
});

const batch = (db: Db, where: SQL[], timeZone: string, after: number, limit: number) =>
  exportBatch(db, { where, timeZone, after, limit });

function toRecord(r: Row): Record<string, unknown> {
  const spent = typeof r.spent === 'string' ? (JSON.parse(r.spent) as Exclude<Row['spent'], string>) : r.spent;
  return {
    id: r.id,
    first_name: r.first_name,
    last_name: r.last_name,
    email: r.email ?? '',
    email_verified: yesNo(r.email_verified),
    phone: r.phone ?? '',
    phone_verified: yesNo(r.phone_verified),
    orders: r.orders,
    total_spent: spent.map((s) => decimal(Number(s.amount), s.currency)).join('|'),
    currency: spent.map((s) => s.currency).join('|'),
    last_order: r.last_order ?? '',
    blocked: yesNo(r.blocked),
    signed_up: r.signed_up,
  };
}

async function* customerRecords(db: Db, q: Query, timeZone: string, opts: ExportOptions) {
  const size = opts.batch ?? EXPORT_BATCH;
  const where = customerFilters(q);
  let after = 0;
  for (;;) {
    const rows = await batch(db, where, timeZone, after, size);
    opts.onBatch?.(rows.length);
    for (const r of rows) yield toRecord(r);
    if (rows.length < size) return;
    after = rows.at(-1)!.id;
  }
}

/** The customers export as a CSV stream (dates in the shop's time zone). */
export const customersCsv = (db: Db, q: Query, timeZone: string, opts: ExportOptions = {}): Readable =>
  csvStream(CUSTOMER_EXPORT_COLUMNS, customerRecords(db, q, timeZone, opts));
