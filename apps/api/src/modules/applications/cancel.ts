import { sql } from 'drizzle-orm';
import { applicationTexts, type ServiceStage } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http.ts';
import { isFinalStage } from './stages.ts';

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
  const [a] = await queryRows<{ stage: string; stages: ServiceStage[] }>(
    tx,
    sql`select stage, stages from applications where id = ${applicationId}`,
  );
  if (!a || isFinalStage(a.stages, a.stage)) throw new HttpError(409, applicationTexts.cannotCancel);
  const [moved] = await queryRows<{ id: string }>(
    tx,
    sql`update applications set stage = 'cancelled', stage_changed_at = now(), updated_at = now(), next_due_at = null
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
