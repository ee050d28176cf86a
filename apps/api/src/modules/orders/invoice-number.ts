import { sql } from 'drizzle-orm';
import { financialYear } from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';

interface Numbered {
  invoiceNo: string;
  issuedAt: string;
}
const NUMBERED = sql`o.invoice_no as "invoiceNo", to_json(o.invoice_issued_at)#>>'{}' as "issuedAt"`;

/** Numbers the order (see assignInvoiceNumber). */
const stampInvoiceNumber = namedQuery<Numbered>()({
  name: 'orders.invoice-number.assign',
  columns: ['invoiceNo', 'issuedAt'],
  example: { orderId: 'o_example', fy: '2026-27', at: '2026-12-03T00:00:00.000Z' },
  build: (p: { orderId: string; fy: string; at: string }) =>
    sql`with target as (
          select id from orders where id = ${p.orderId} and invoice_no is null for update),
        bumped as (
          insert into invoice_counters (financial_year, last_no) select ${p.fy}, 1 from target
          on conflict (financial_year) do update set last_no = invoice_counters.last_no + 1
          returning last_no)
        update orders o
           set invoice_no = 'INV/' || ${p.fy} || '/' || lpad(b.last_no::text, greatest(6, length(b.last_no::text)), '0'),
               invoice_issued_at = ${p.at}::timestamptz
          from bumped b where o.id = ${p.orderId}
        returning ${NUMBERED}`,
});

/** The order's number once it has one. */
const existingNumber = namedQuery<Numbered>()({
  name: 'orders.invoice-number.existing',
  columns: ['invoiceNo', 'issuedAt'],
  example: { orderId: 'o_example' },
  build: (p: { orderId: string }) =>
    sql`select ${NUMBERED} from orders o where o.id = ${p.orderId} and o.invoice_no is not null`,
});

/**
 * The order's tax invoice number, given once: the first call (the invoice's first issue) takes the
 * next number of the financial year of `at` (India time) and stamps the order; every later call
 * answers the same number. One statement: the order row is locked and checked still unnumbered,
 * the year's counter row bumped (an upsert: the first invoice of a year starts it at 1) and the
 * order stamped, all or nothing, so the series has no gaps or repeats however many callers race.
 * Null for an unknown order.
 */
export async function assignInvoiceNumber(db: Db, orderId: string, at: Date = new Date()): Promise<Numbered | null> {
  const fy = financialYear(at);
  const [stamped] = await stampInvoiceNumber(db, { orderId, fy, at: at.toISOString() });
  if (stamped) return stamped;
  // Numbered already (perhaps by a caller this one waited for): a new statement sees its number.
  const [existing] = await existingNumber(db, { orderId });
  return existing ?? null;
}
