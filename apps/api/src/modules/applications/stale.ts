import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { applicationTexts, type ServiceStage } from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { withDeadlockRetry } from '../../db/deadlock-retry.ts';
import { lockFeeOrderThenApplication } from './lock.ts';
import { backgroundLinkOrigin } from '../../lib/origin.ts';
import { getStoreSettings } from '../settings/service.ts';
import { closeUnpaidFeeOrder } from './cancel.ts';
import { notifyApplicant, type Addressee } from './notify.ts';
import { stageLabel } from './stages.ts';
import { applicationToken, applicationTrackingPath } from './token.ts';

/**
 * Applications that wait on someone who never comes end on their own, so their documents do not
 * stay forever (the retention sweep removes an ended application's documents a year later). Only
 * these two stages; every other one is left alone.
 */
export interface StalePeriods {
  /** awaiting_payment (a fee never paid, a quote never taken up) untouched this many days. */
  awaitingPaymentDays: number;
  /** quote_requested (no quote given) untouched this many days. */
  quoteRequestedDays: number;
}

type StaleStage = 'awaiting_payment' | 'quote_requested';

/** How many applications one select picks; the sweep goes on until none are left. */
const BATCH = 200;

/**
 * Cancels every application at a stale stage since before its period (StalePeriods), each in a
 * transaction of its own (cancelStale); answers how many it cancelled. Safe to run in several
 * processes at once: each application is cancelled, recorded and told once.
 */
export async function cancelStaleApplications(app: FastifyInstance, db: Db, periods: StalePeriods): Promise<number> {
  const origin = backgroundLinkOrigin(app.env, (await getStoreSettings(db, ['store_url'])).store_url) ?? '';
  let total = 0;
  for (const [stage, days] of [
    ['awaiting_payment', periods.awaitingPaymentDays],
    ['quote_requested', periods.quoteRequestedDays],
  ] as const) {
    for (;;) {
      const due = await staleBatch(db, { stage, days });
      for (const { id } of due) if (await cancelStale(app, db, { id, stage, days, origin })) total += 1;
      if (due.length < BATCH) break;
    }
  }
  return total;
}

const cutoff = (days: number) => sql`now() - ${days} * interval '1 day'`;

/** A batch of applications at `stage` since before `days` ago, oldest first. */
const staleBatch = namedQuery<{ id: string }>()({
  name: 'applications.stale.due',
  columns: ['id'],
  example: { stage: 'awaiting_payment', days: 1 },
  build: (p: { stage: string; days: number }) =>
    sql`select id from applications where stage = ${p.stage} and stage_changed_at < ${cutoff(p.days)}
         order by stage_changed_at, id limit ${BATCH}`,
});

/** Still at `stage` and untouched since the cutoff: cancelled, the applicant to tell. */
const cancelStaleRow = namedQuery<Addressee & { stages: ServiceStage[] }>()({
  name: 'applications.stale.cancel',
  columns: ['application_no', 'service_name', 'email', 'phone', 'stages'],
  example: { id: 'apl_example', stage: 'awaiting_payment', days: 1 },
  build: (p: { id: string; stage: string; days: number }) =>
    sql`update applications set stage = 'cancelled', stage_changed_at = now(), updated_at = now(),
          next_due_at = null, cancel_requested_at = null, cancel_request_reason = null
         where id = ${p.id} and stage = ${p.stage} and stage_changed_at < ${cutoff(p.days)}
         returning application_no, service_name, email, phone, stages`,
});

/**
 * One stale application → cancelled: a conditional update (still at `stage`, still untouched since
 * the cutoff), so a payment, a quote or a staff move that came first, or another sweep, leaves it
 * as it is and nothing else happens. The winner's transaction closes its unpaid fee order (a
 * payment landing later is refunded), writes its history row (actor system) and tells the
 * applicant once. Its fee order's row, then the application's, are locked first
 * (lockFeeOrderThenApplication), the way round every other change to both takes them; a deadlock
 * that still happens starts it again.
 */
async function cancelStale(
  app: FastifyInstance,
  db: Db,
  s: { id: string; stage: StaleStage; days: number; origin: string },
): Promise<boolean> {
  return withDeadlockRetry(() =>
    db.transaction(async (tx) => {
      if (!(await lockFeeOrderThenApplication(tx, s.id))) return false;
      const [moved] = await cancelStaleRow(tx, s);
      if (!moved) return false;
      await closeUnpaidFeeOrder(tx, s.id, 'system');
      const note =
        s.stage === 'awaiting_payment'
          ? applicationTexts.cancelledUnpaid(s.days)
          : applicationTexts.cancelledUnquoted(s.days);
      await tx.execute(
        sql`insert into application_events (application_id, from_stage, to_stage, note, actor, next_due_at)
            values (${s.id}, ${s.stage}, 'cancelled', ${note}, 'system', null)`,
      );
      const token = await applicationToken(tx, s.id);
      await notifyApplicant(tx, app.outbox, {
        applicationNo: moved.application_no,
        serviceName: moved.service_name,
        email: moved.email,
        phone: moved.phone,
        stageLabel: stageLabel(moved.stages, 'cancelled'),
        note,
        link: s.origin ? `${s.origin}${applicationTrackingPath(token)}` : '',
      });
      return true;
    }),
  );
}
