import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { applicationTexts, type ServiceStage } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { HttpError, fieldError, notFound } from '../../lib/http.ts';
import { settleCancelledPayment } from '../orders/service.ts';
import { getStoreSettings } from '../settings/service.ts';
import { closeUnpaidFeeOrder } from './cancel.ts';
import { notifyApplicant } from './notify.ts';
import { cancelAction, isBeforeWork, isFinalStage, stageLabel } from './stages.ts';
import { applicationToken, applicationTrackingPath } from './token.ts';

/**
 * The applicant ends their own application (issue 27: "cancel and refund follow the store's
 * settings as for orders"). Before work starts (quote requested, awaiting its fee, submitted) and
 * with enable_cancel_order on, it is cancelled at once and a paid fee goes back; once work has
 * started and with enable_refund on, they ask the business to, with a reason, and the owner
 * decides (cancel with the fee's refund, or decline).
 */

interface Locked {
  stage: string;
  stages: ServiceStage[];
  order_id: string | null;
  application_no: string;
  service_name: string;
  email: string | null;
  phone: string | null;
  cancel_requested_at: string | null;
}

export interface ApplicantCancel {
  applicationId: string;
  reason: string | null;
  /** Absolute origin for the tracking link in the applicant's message ('' for none). */
  linkOrigin: string;
}

/**
 * Cancels, or asks to. One short transaction. The fee order's row is locked first, then the
 * application's (the order a payment's confirmation takes them in: markPaid, then settleFeeOrder),
 * so a payment landing now is either in before it (the paid fee is then refunded here) or after
 * it (its order is closed, and markPaid refunds a payment on a closed order). The application is
 * read again under its lock; a fee order made meanwhile (Pay in another tab) is a 409 to retry.
 * refundQueued: a paid online fee's refund was queued (the jobs runner pays it back).
 */
export async function cancelByApplicant(app: FastifyInstance, c: ApplicantCancel): Promise<{ refundQueued: boolean }> {
  const settings = await getStoreSettings(app.db, ['enable_cancel_order', 'enable_refund']);
  const token = await applicationToken(app.db, c.applicationId);
  return app.db.transaction(async (tx) => {
    const [link] = await queryRows<{ order_id: string | null }>(
      tx,
      sql`select order_id from applications where id = ${c.applicationId}`,
    );
    if (!link) throw notFound(applicationTexts.notFound);
    if (link.order_id) await tx.execute(sql`select id from orders where id = ${link.order_id} for update`);
    const [a] = await queryRows<Locked>(
      tx,
      sql`select stage, stages, order_id, application_no, service_name, email, phone,
                 cancel_requested_at::text as cancel_requested_at
            from applications where id = ${c.applicationId} for update`,
    );
    if (!a) throw notFound(applicationTexts.notFound);
    if (a.order_id !== link.order_id) throw new HttpError(409, applicationTexts.staleStage);
    const action = cancelAction(a.stages, a.stage, {
      cancelEnabled: settings.enable_cancel_order === true,
      refundEnabled: settings.enable_refund === true,
      requested: a.cancel_requested_at !== null,
    });
    if (action === null) throw new HttpError(409, refusal(a, settings.enable_cancel_order === true));
    if (action === 'request') {
      await askToCancel(tx, c.applicationId, a.stage, c.reason);
      return { refundQueued: false };
    }
    return cancelNow(app, tx, c, a, token);
  });
}

/** Why the applicant cannot end the application now (409). */
function refusal(a: Locked, cancelEnabled: boolean): string {
  if (isFinalStage(a.stages, a.stage)) return applicationTexts.cancelEnded;
  if (isBeforeWork(a.stage)) return cancelEnabled ? applicationTexts.cancelEnded : applicationTexts.cancelOff;
  return a.cancel_requested_at !== null ? applicationTexts.cancelAlreadyRequested : applicationTexts.cancelAskOff;
}

/** Before work starts: cancelled now, its fee order closed (unpaid) or its fee refunded (paid). */
async function cancelNow(
  app: FastifyInstance,
  tx: Db,
  c: ApplicantCancel,
  a: Locked,
  token: string,
): Promise<{ refundQueued: boolean }> {
  const [moved] = await queryRows<{ id: string }>(
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

/** After work started: the request, once, with its reason on the thread for the business to answer. */
async function askToCancel(tx: Db, applicationId: string, stage: string, reason: string | null): Promise<void> {
  if (!reason) throw fieldError('reason', applicationTexts.cancelReasonRequired);
  const [asked] = await queryRows<{ id: string }>(
    tx,
    sql`update applications set cancel_requested_at = now(), cancel_request_reason = ${reason}, updated_at = now()
         where id = ${applicationId} and stage = ${stage} and cancel_requested_at is null
         returning id`,
  );
  if (!asked) throw new HttpError(409, applicationTexts.cancelAlreadyRequested);
  await tx.execute(
    sql`insert into application_messages (application_id, author, body)
        values (${applicationId}, 'applicant', ${applicationTexts.cancelRequestMessage(reason)})`,
  );
}

/**
 * The owner declines the applicant's request to cancel: it is cleared (one conditional update, so
 * two staff declining at once answer once: the other gets 409) and the answer goes on the thread.
 */
export async function declineCancelRequest(
  db: Db,
  d: { applicationId: string; staffId: string; note: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [cleared] = await queryRows<{ id: string }>(
      tx,
      sql`update applications set cancel_requested_at = null, cancel_request_reason = null, updated_at = now()
           where id = ${d.applicationId} and cancel_requested_at is not null
             and stage not in ('rejected', 'cancelled') and stage <> coalesce(stages -> -1 ->> 'key', '')
           returning id`,
    );
    if (!cleared) throw new HttpError(409, applicationTexts.noCancelRequest);
    await tx.execute(
      sql`insert into application_messages (application_id, author, staff_id, body)
          values (${d.applicationId}, 'staff', ${d.staffId}, ${applicationTexts.cancelDeclinedMessage(d.note)})`,
    );
  });
}
