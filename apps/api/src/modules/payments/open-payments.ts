import { sql, type SQL } from 'drizzle-orm';
import { orderMessages } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { HttpError } from '../../lib/http.ts';
import type { CartOwner } from '../../lib/cart-owner.ts';

/**
 * How many orders one shopper (a customer, or a guest's cart cookie) may have awaiting online
 * payment at once. Each of them holds its stock until it is paid or its reservation runs out
 * (payment_reservation_minutes), so without a cap one visitor could hold a product's whole stock
 * with orders never paid. A shopper paying in two tabs has two; five leaves room for mistakes.
 */
export const OPEN_PAYMENTS_CAP = 5;

/** SQL: the order `o` belongs to `owner`; null when the owner is nobody (no session, no cart cookie). */
function ownedOrderSql(owner: CartOwner): SQL | null {
  if (owner.customerId !== null) return sql`o.customer_id = ${owner.customerId}`;
  if (owner.tokenHash !== null) {
    return sql`o.customer_id is null and o.cart_id in (select c.id from carts c where c.token_hash = ${owner.tokenHash})`;
  }
  return null;
}

/** How many of the owner's orders (`owned`, a condition on `o`) await payment. */
const openPaymentCount = namedQuery<{ n: number }>()({
  name: 'payments.open-count',
  columns: ['n'],
  example: { owned: ownedOrderSql({ customerId: null, tokenHash: 'h_example' })! },
  build: (p: { owned: SQL }) =>
    sql`select count(*)::int as n from orders o where o.status = 'awaiting_payment' and ${p.owned}`,
});

/**
 * 409 (orderMessages.tooManyUnpaid) when `owner` already has OPEN_PAYMENTS_CAP orders awaiting
 * online payment. Call it inside the transaction that would add one, before its stock is taken:
 * place-order for an online method (after the cart's lock, so a replay of an order just placed
 * is not refused), and the retry of a failed order (startPayment). An advisory lock per owner,
 * held to the end of that transaction, makes two such transactions of one owner count one after
 * the other, so the cap holds under concurrency too.
 */
export async function assertOpenPaymentsBelowCap(tx: Db, owner: CartOwner): Promise<void> {
  const owned = ownedOrderSql(owner);
  if (!owned) return;
  const key = owner.customerId !== null ? `customer:${owner.customerId}` : `cart:${owner.tokenHash}`;
  await queryRows(tx, sql`select 1 from pg_advisory_xact_lock(hashtextextended(${`open-payments:${key}`}, 0))`);
  const [open] = await openPaymentCount(tx, { owned });
  if (open!.n >= OPEN_PAYMENTS_CAP) throw new HttpError(409, orderMessages.tooManyUnpaid);
}
