import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';

const feeOrderOf = namedQuery<{ order_id: string | null }>()({
  name: 'applications.lock.fee-order',
  columns: ['order_id'],
  example: { id: 'apl_example' },
  build: ({ id }: { id: string }) => sql`select order_id from applications where id = ${id}`,
});

const lockApplication = namedQuery<{ order_id: string | null }>()({
  name: 'applications.lock.application',
  columns: ['order_id'],
  example: { id: 'apl_example' },
  build: ({ id }: { id: string }) => sql`select order_id from applications where id = ${id} for update`,
});

/**
 * Locks an application's fee order's row, then the application's own, to the end of `tx`: the one
 * order every transaction that changes both takes them in. A payment's confirmation locks the
 * order (payments/verdicts.ts markPaid), then moves the application on (settleFeeOrder); Refund
 * fee locks the order (orders/admin-actions.ts refundFeeOrder), then cancels the application
 * (cancelWithRefund). A staff move, an applicant's cancel, the stale sweep and Pay lock them here
 * the same way round before they change either, so none of them waits in a cycle with those.
 *
 * The order is found from the application read without a lock; the application's row, locked
 * after it, is read again. Only when a Pay made the fee order between the two reads (order_id was
 * null, now set) is that order locked after the application: the one window in which PostgreSQL may
 * still find a deadlock, which is why the callers also run under withDeadlockRetry.
 * Null when there is no such application. The rows are read again by the caller's later
 * statements: on PostgreSQL a statement that waited for a lock sees other tables as of its start.
 */
export async function lockFeeOrderThenApplication(
  tx: Db,
  applicationId: string,
): Promise<{ order_id: string | null } | null> {
  const [seen] = await feeOrderOf(tx, { id: applicationId });
  if (!seen) return null;
  if (seen.order_id) await lockOrder(tx, seen.order_id);
  const [locked] = await lockApplication(tx, { id: applicationId });
  if (!locked) return null;
  if (locked.order_id && locked.order_id !== seen.order_id) await lockOrder(tx, locked.order_id);
  return locked;
}

const lockOrder = (tx: Db, orderId: string) => tx.execute(sql`select id from orders where id = ${orderId} for update`);
