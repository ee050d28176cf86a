import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { applicationTexts, type ServiceStage } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { HttpError, fieldError, notFound } from '../../lib/http.ts';
import { offlineMethodSql } from '../../db/payment-methods.ts';
import { releaseCouponUse } from '../coupons/service.ts';
import { settleCancelledPayment } from '../orders/service.ts';
import { queueStaffAlert } from '../orders/staff-alerts.ts';
import { getStoreSettings } from '../settings/service.ts';
import { closeUnpaidFeeOrder } from './cancel.ts';
import { lockFeeOrderThenApplication } from './lock.ts';
import { notifyApplicant, notifyThread, type Addressee } from './notify.ts';
import { cancelAction, isBeforeWork, isFinalStage, stageLabel } from './stages.ts';
import { applicationToken, applicationTrackingPath } from './token.ts';
import { withDeadlockRetry } from '../../db/deadlock-retry.ts';

/**
 * The applicant ends their own application (issue 27: "cancel and refund follow the store's
 * settings as for orders"). Before work starts (quote requested, awaiting its fee, submitted) and
 * with enable_cancel_order on, it is cancelled at once and a fee paid online goes back; once work
 * has started, or when the fee was paid offline (cash only the business can hand back), and with
 * enable_refund on, they ask the business to, with a reason, and the owner decides (cancel with
 * the fee's refund, or decline).
 */

/**
 * The application's (`a`) fee needs the business to settle it: paid by an offline method (cash
 * received at the office, which only the business can hand back), or partly refunded already (the
 * rest is the owner's to judge). The applicant then asks rather than cancels (cancelAction).
 */
export const feeSettledByOwnerSql = sql`coalesce((select o.refunded_minor > 0 or (o.payment_status = 'paid'
      and ${offlineMethodSql(sql`o.payment_method_code`)}) from orders o where o.id = a.order_id), false)`;

interface Locked {
  stage: string;
  stages: ServiceStage[];
  order_id: string | null;
  application_no: string;
  service_name: string;
  email: string | null;
  phone: string | null;
  cancel_requested_at: string | null;
  fee_with_owner: boolean;
}

/** The application as the applicant's cancel decides on it (its row locked already). */
const lockedApplication = namedQuery<Locked>()({
  name: 'applications.applicant-cancel.read',
  columns: [
    'stage',
    'stages',
    'order_id',
    'application_no',
    'service_name',
    'email',
    'phone',
    'cancel_requested_at',
    'fee_with_owner',
  ],
  example: { id: 'apl_example' },
  build: ({ id }: { id: string }) =>
    sql`select stage, stages, order_id, application_no, service_name, email, phone,
               cancel_requested_at::text as cancel_requested_at, ${feeSettledByOwnerSql} as fee_with_owner
          from applications a where id = ${id}`,
});

/** Asked to cancel, once: when the request was made. */
const askCancel = namedQuery<{ at: string }>()({
  name: 'applications.applicant-cancel.ask',
  columns: ['at'],
  example: { id: 'apl_example', stage: 'submitted', reason: 'r' },
  build: (p: { id: string; stage: string; reason: string }) =>
    sql`update applications set cancel_requested_at = now(), cancel_request_reason = ${p.reason}, updated_at = now()
         where id = ${p.id} and stage = ${p.stage} and cancel_requested_at is null
         returning cancel_requested_at::text as at`,
});

/** The request to cancel cleared: the applicant to tell. */
const clearCancelRequest = namedQuery<Addressee>()({
  name: 'applications.applicant-cancel.decline',
  columns: ['application_no', 'service_name', 'email', 'phone'],
  example: { id: 'apl_example' },
  build: ({ id }: { id: string }) =>
    sql`update applications set cancel_requested_at = null, cancel_request_reason = null, updated_at = now()
         where id = ${id} and cancel_requested_at is not null
         returning application_no, service_name, email, phone`,
});

export interface ApplicantCancel {
  applicationId: string;
  reason: string | null;
  /** Absolute origin for the tracking link in the applicant's message ('' for none). */
  linkOrigin: string;
}

/**
 * Cancels, or asks to. One short transaction. The fee order's row is locked first, then the
 * application's (lockFeeOrderThenApplication): the way round a payment's confirmation (the order,
 * then settleFeeOrder's application), Refund fee, a staff move, the stale sweep and Pay take them.
 * The fee order is read in the statements after, so a payment that landed meanwhile is seen (its
 * fee then refunded here), and a payment landing after finds its order closed and is refunded by
 * markPaid. Should PostgreSQL still end it to break a deadlock (a fee order made by Pay between its
 * reads), it starts again (withDeadlockRetry); the rolled-back attempt queued nothing.
 * refundQueued: a paid online fee's refund was queued (the jobs runner pays it back).
 */
export async function cancelByApplicant(app: FastifyInstance, c: ApplicantCancel): Promise<{ refundQueued: boolean }> {
  const settings = await getStoreSettings(app.db, ['enable_cancel_order', 'enable_refund']);
  const token = await applicationToken(app.db, c.applicationId);
  return withDeadlockRetry(() =>
    app.db.transaction(async (tx) => {
      if (!(await lockFeeOrderThenApplication(tx, c.applicationId))) throw notFound(applicationTexts.notFound);
      const [a] = await lockedApplication(tx, { id: c.applicationId });
      const action = cancelAction(a!.stages, a!.stage, {
        cancelEnabled: settings.enable_cancel_order === true,
        refundEnabled: settings.enable_refund === true,
        requested: a!.cancel_requested_at !== null,
        feeWithOwner: a!.fee_with_owner,
      });
      if (action === null) throw new HttpError(409, refusal(a!));
      if (action === 'request') {
        await askToCancel(tx, c.applicationId, a!, c.reason);
        return { refundQueued: false };
      }
      return cancelNow(app, tx, c, a!, token);
    }),
  );
}

/** Why the applicant cannot end the application now (409). */
function refusal(a: Locked): string {
  if (isFinalStage(a.stages, a.stage)) return applicationTexts.cancelEnded;
  if (isBeforeWork(a.stage) && !a.fee_with_owner) return applicationTexts.cancelOff;
  if (a.cancel_requested_at !== null) return applicationTexts.cancelAlreadyRequested;
  return a.fee_with_owner && isBeforeWork(a.stage)
    ? applicationTexts.cancelSettleWithUs
    : applicationTexts.cancelAskOff;
}

/** Before work starts: cancelled now, its fee order closed (unpaid) or its fee refunded (paid). */
async function cancelNow(
  app: FastifyInstance,
  tx: Db,
  c: ApplicantCancel,
  a: Locked,
  token: string,
): Promise<{ refundQueued: boolean }> {
  const [moved] = await queryRows(
    tx,
    sql`update applications set stage = 'cancelled', stage_changed_at = now(), updated_at = now(),
          next_due_at = null, cancel_requested_at = null, cancel_request_reason = null
        where id = ${c.applicationId} and stage = ${a.stage}
        returning id`,
  );
  if (!moved) throw new HttpError(409, applicationTexts.staleStage);
  await closeUnpaidFeeOrder(tx, c.applicationId, 'shopper');
  const refund = a.order_id
    ? await settleCancelledPayment(tx, a.order_id, c.reason || applicationTexts.cancelledByApplicant)
    : { refundQueued: false };
  // Refunded whole, as a cancelled order is: its coupon use goes back (once; an unpaid fee's went
  // back with closeUnpaidFeeOrder).
  if (refund.refundQueued) await releaseCouponUse(tx, a.order_id!);
  const note = c.reason
    ? `${applicationTexts.cancelledByApplicant}: ${c.reason}`
    : applicationTexts.cancelledByApplicant;
  await tx.execute(
    sql`insert into application_events (application_id, from_stage, to_stage, note, actor, next_due_at)
        values (${c.applicationId}, ${a.stage}, 'cancelled', ${note}, 'applicant', null)`,
  );
  await notifyApplicant(tx, app.outbox, {
    applicationNo: a.application_no,
    serviceName: a.service_name,
    email: a.email,
    phone: a.phone,
    stageLabel: stageLabel(a.stages, 'cancelled'),
    note: refund.refundQueued ? applicationTexts.cancelledRefunding : null,
    link: c.linkOrigin ? `${c.linkOrigin}${applicationTrackingPath(token)}` : '',
  });
  return refund;
}

/**
 * After work started: the request, once, with its reason on the thread for the business to answer;
 * the staff who follow orders are told (e-mail and push, as for a refund request), once per request.
 */
async function askToCancel(tx: Db, applicationId: string, a: Locked, reason: string | null): Promise<void> {
  if (!reason) throw fieldError('reason', applicationTexts.cancelReasonRequired);
  const [asked] = await askCancel(tx, { id: applicationId, stage: a.stage, reason });
  if (!asked) throw new HttpError(409, applicationTexts.cancelAlreadyRequested);
  await queueStaffAlert(tx, { kind: 'cancel_request', applicationId, key: `cancel:${applicationId}:${asked.at}` });
  await tx.execute(
    sql`insert into application_messages (application_id, author, body)
        values (${applicationId}, 'applicant', ${applicationTexts.cancelRequestMessage(reason)})`,
  );
}

/**
 * The owner declines the applicant's request to cancel: it is cleared (one conditional update, so
 * two staff declining at once answer once: the other gets 409), the answer goes on the thread and
 * the applicant is told, as for any staff message (notify.ts notifyThread). `linkOrigin`: '' for no link.
 */
export async function declineCancelRequest(
  app: FastifyInstance,
  d: { applicationId: string; staffId: string; note: string | null; linkOrigin: string },
): Promise<void> {
  const token = await applicationToken(app.db, d.applicationId);
  await app.db.transaction(async (tx) => {
    const [cleared] = await clearCancelRequest(tx, { id: d.applicationId });
    if (!cleared) throw new HttpError(409, applicationTexts.noCancelRequest);
    const body = applicationTexts.cancelDeclinedMessage(d.note);
    await tx.execute(
      sql`insert into application_messages (application_id, author, staff_id, body)
          values (${d.applicationId}, 'staff', ${d.staffId}, ${body})`,
    );
    await notifyThread(
      tx,
      app.outbox,
      {
        applicationNo: cleared.application_no,
        serviceName: cleared.service_name,
        email: cleared.email,
        phone: cleared.phone,
        link: d.linkOrigin ? `${d.linkOrigin}${applicationTrackingPath(token)}` : '',
      },
      { kind: 'message', body },
    );
  });
}
