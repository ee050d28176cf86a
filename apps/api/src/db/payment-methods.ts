import { sql, type SQL } from 'drizzle-orm';
import { FEE_METHOD_NAMES } from '@shopfront/shared';
import type { Db } from './client.ts';
import { namedQuery } from './named-query.ts';

/**
 * The shop's payment methods (payment_methods, ADR 23), looked up in one place. Whether an order
 * is paid online (through a provider, refunded through it) or offline (Cash on Delivery, a bank
 * transfer: paid outside the shop, payment status 'cod' until delivered) is the method's `kind`,
 * never its code.
 */

export type PaymentMethodKind = 'online' | 'offline';

/** An active payment method as read from the database. */
export interface PaymentMethodRow {
  code: string;
  name: string;
  description: string;
  kind: PaymentMethodKind;
}

/** Cash on Delivery's code: the one offline method a zone may refuse (shipping/zones.ts codOffered), with its fee. */
export const COD = 'cod';

const activePaymentMethodRow = namedQuery<PaymentMethodRow>()({
  name: 'payment-methods.active-one',
  columns: ['code', 'name', 'description', 'kind'],
  example: { code: COD },
  build: ({ code }: { code: string }) =>
    sql`select code, name, description, kind from payment_methods where code = ${code} and is_active`,
});

/** The active method with this code, or null (unknown or switched off). */
export async function activePaymentMethod(db: Db, code: string): Promise<PaymentMethodRow | null> {
  const [row] = await activePaymentMethodRow(db, { code });
  return row ?? null;
}

/**
 * The active methods as one JSON array (position, then code). No bound values: the cart read,
 * kept as a function (db/sql-function.ts), embeds it.
 */
export const activePaymentMethodsJsonSql: SQL = sql`(select coalesce(json_agg(pm order by pm.position, pm.code), '[]'::json) from (
         select code, name, description, kind, position from payment_methods where is_active) pm)`;

/**
 * SQL: whether the method whose code is `code` (a column of an order) is an offline one. A method
 * deleted since counts as online: its money is looked after as if a provider took it (a refund is
 * queued and, with nothing captured, fails for a person to see), never silently kept.
 */
export const offlineMethodSql = (code: SQL): SQL =>
  sql`exists (select 1 from payment_methods pm where pm.code = ${code} and pm.kind = 'offline')`;

/**
 * SQL: the method's name for `code` (a column), the code itself when the method was deleted since.
 * With `kind` (the order's kind column), a service fee's method reads as services mode names it
 * (FEE_METHOD_NAMES: Cash at our office, not on delivery); a goods order's keeps its name.
 */
export const paymentMethodNameSql = (code: SQL, kind?: SQL): SQL => {
  const name = sql`coalesce((select pm.name from payment_methods pm where pm.code = ${code}), ${code})`;
  if (!kind) return name;
  // Literals, not bound values: some reads embedding this are kept as SQL functions (db/sql-function.ts).
  const literal = (v: string) => sql.raw(`'${v.replaceAll("'", "''")}'`);
  const fee = Object.entries(FEE_METHOD_NAMES).map(([c, n]) => sql`when ${code} = ${literal(c)} then ${literal(n)}`);
  return sql`(case when ${kind} = 'service_fee' then (case ${sql.join(fee, sql` `)} else ${name} end) else ${name} end)`;
};
