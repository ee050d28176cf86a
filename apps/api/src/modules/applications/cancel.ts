import { sql } from 'drizzle-orm';
import { applicationTexts, type ServiceStage } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { HttpError } from '../../lib/http.ts';
import { releaseCouponUse } from '../coupons/service.ts';
import { moveOrder, recordToldOrderEvent } from '../orders/transition.ts';
import { isFinalStage } from './stages.ts';

const stageOf = namedQuery<{ stage: string; stages: ServiceStage[] }>()({
  name: 'applications.cancel.stage',
  columns: ['stage', 'stages'],
  example: { id: 'apl_example' },
  build: ({ id }: { id: string }) => sql`select stage, stages from applications where id = ${id}`,
});

/** The application's fee order, and whether a coupon covered it whole. */
const feeOrderToClose = namedQuery<{ order_id: string | null; covered: boolean }>()({
  name: 'applications.cancel.fee-order',
  columns: ['order_id', 'covered'],
  example: { id: 'apl_example' },
  build: ({ id }: { id: string }) =>
    sql`select a.order_id, coalesce(o.grand_total_minor = 0 and o.coupon_code is not null, false) as covered
          from applications a left join orders o on o.id = a.order_id where a.id = ${id}`,
});

/**
 * Refund fee's "Also cancel the application" (ADR 37): the application → cancelled in the refund's
 * own transaction, by a conditional update from the stage read (a concurrent move makes it 409 and
 * rolls the refund back with it). Its history row is written; the applicant is not messaged here:
 * the fee refund's message (orders/messages.ts, fee-messages.ts) says the application is cancelled,
 * so they get one message about both. 409 when the application has ended.
 */
export async function cancelWithRefund(
  tx: Db,
  applicationId: string,
  staffId: string,
  note: string | null,
): Promise<void> {
  const [a] = await stageOf(tx, { id: applicationId });
  if (!a || isFinalStage(a.stages, a.stage)) throw new HttpError(409, applicationTexts.cannotCancel);
  const [moved] = await queryRows(
    tx,
    sql`update applications set stage = 'cancelled', stage_changed_at = now(), updated_at = now(), next_due_at = null,
           cancel_requested_at = null, cancel_request_reason = null
         where id = ${applicationId} and stage = ${a.stage}
         returning id`,
  );
  if (!moved) throw new HttpError(409, applicationTexts.staleStage);
  await tx.execute(
    sql`insert into application_events (application_id, from_stage, to_stage, note, actor, staff_id, next_due_at)
        values (${applicationId}, ${a.stage}, 'cancelled', ${note || applicationTexts.cancelledWithRefund}, 'staff',
          ${staffId}, null)`,
  );
}

/**
 * An application cancelled before its fee was paid closes its fee order too, in the cancel's own
 * transaction (moveApplication, after its conditional stage change), and gives its coupon use back
 * (once, however many cancels race), as any cancelled order does:
 * - unpaid online (awaiting_payment or payment_failed): moveOrder's conditional move to cancelled;
 * - due in cash, not received yet (delivered with payment cod): closeCashFee;
 * - a coupon covered it whole: nothing was paid and nothing is refunded, so the use goes back
 *   (releaseCouponUse) and the order stays as it is.
 * A fee paid with money (online, or cash marked received) is left alone: its money goes back with
 * Refund fee and, as a refunded delivered order, it keeps its coupon use.
 * The applicant is told about the application, not about its order: the order's event counts as told.
 */
export async function closeUnpaidFeeOrder(
  tx: Db,
  applicationId: string,
  actor: 'staff' | 'shopper' | 'system' = 'staff',
): Promise<void> {
  const [a] = await feeOrderToClose(tx, { id: applicationId });
  if (!a?.order_id) return;
  const moved = await moveOrder(tx, {
    orderId: a.order_id,
    to: 'cancelled',
    from: ['awaiting_payment', 'payment_failed'],
    actor,
    note: applicationTexts.feeClosedWithApplication,
  });
  if (moved) {
    await queryRows(tx, sql`update order_events set notified_at = now() where id = ${moved.eventId}`);
    return;
  }
  if (await closeCashFee(tx, a.order_id, actor)) return;
  if (a.covered) await releaseCouponUse(tx, a.order_id);
}

/**
 * A fee the applicant chose to pay offline, its cash not received: its order is delivered (a fee
 * order is, once its method is chosen: settleFeeOrder) with payment cod. One conditional update
 * closes it, only while the cash is still due, so it and Mark fee paid (cod → paid, never for a
 * cancelled order) end one way or the other. Not moveOrder: no order goes delivered → cancelled,
 * but nothing was delivered here and no money came in. Its history row is written as told; there
 * is no stock to give back. False when the fee is not due in cash (paid, or closed already).
 */
async function closeCashFee(tx: Db, orderId: string, actor: 'staff' | 'shopper' | 'system'): Promise<boolean> {
  const [closed] = await queryRows(
    tx,
    sql`update orders set status = 'cancelled', updated_at = now()
         where id = ${orderId} and kind = 'service_fee' and status = 'delivered' and payment_status = 'cod'
         returning id`,
  );
  if (!closed) return false;
  await recordToldOrderEvent(tx, {
    orderId,
    from: 'delivered',
    to: 'cancelled',
    actor,
    note: applicationTexts.feeClosedWithApplication,
  });
  await releaseCouponUse(tx, orderId);
  return true;
}
