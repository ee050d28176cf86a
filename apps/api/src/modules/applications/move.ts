import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { applicationTexts, type ServiceStage } from '@shopfront/shared';
import { namedQuery } from '../../db/named-query.ts';
import { HttpError, fieldError, notFound } from '../../lib/http.ts';
import { withDeadlockRetry } from '../../db/deadlock-retry.ts';
import { closeUnpaidFeeOrder } from './cancel.ts';
import { lockFeeOrderThenApplication } from './lock.ts';
import { notifyApplicant, type Addressee } from './notify.ts';
import { isFinalStage, nextDueAt, nextStages, stageLabel } from './stages.ts';
import { applicationToken, applicationTrackingPath } from './token.ts';

export interface StageMove {
  id: string;
  /** The stage the mover saw: the move happens only while the application is still there. */
  from: string;
  to: string;
  note: string | null;
  /** The quoted fee (quote_requested → awaiting_payment). */
  feeMinor?: number | undefined;
  staffId: string;
}

const stagesOf = namedQuery<{ stages: ServiceStage[]; stage: string }>()({
  name: 'applications.move.stages',
  columns: ['stages', 'stage'],
  example: { id: 'apl_example' },
  build: ({ id }: { id: string }) => sql`select stages, stage from applications where id = ${id}`,
});

/** The conditional move from `m.from`: the applicant to tell. Described quoting, to a final stage. */
const moveRow = namedQuery<Addressee>()({
  name: 'applications.move.update',
  columns: ['application_no', 'service_name', 'email', 'phone'],
  example: {
    m: {
      id: 'apl_example',
      from: 'quote_requested',
      to: 'awaiting_payment',
      note: 'n',
      feeMinor: 1,
      staffId: 's',
    } as StageMove,
    due: null as string | null,
    quoting: true,
    final: true,
  },
  build: ({ m, due, quoting, final }: { m: StageMove; due: string | null; quoting: boolean; final: boolean }) =>
    sql`update applications set stage = ${m.to}, stage_changed_at = now(), updated_at = now(),
        next_due_at = ${due}::timestamptz,
        rejection_reason = ${m.to === 'rejected' ? m.note : null},
        fee_minor = ${quoting ? sql`${m.feeMinor!}` : sql`fee_minor`},
        quote_note = ${quoting ? sql`${m.note}` : sql`quote_note`},
        quoted_at = ${quoting ? sql`now()` : sql`quoted_at`},
        ${final ? sql`cancel_requested_at = null, cancel_request_reason = null` : sql`cancel_requested_at = cancel_requested_at`}
      where id = ${m.id} and stage = ${m.from}
      returning application_no, service_name, email, phone`,
});

/**
 * Moves an application along its stage table: to a later stage, rejected (the note is the
 * reason) or cancelled. One conditional UPDATE … WHERE stage = from: of many concurrent moves
 * from one stage exactly one happens, the others find it moved on (409). The winner's transaction
 * writes the history row and queues the applicant's message, so each change is told once; a
 * cancel or a rejection closes an unpaid fee order with it, online or due in cash
 * (closeUnpaidFeeOrder: its coupon use given back), so no fee is asked for or taken afterwards (a
 * payment already on its way is refunded when it lands: payments/verdicts.ts refundUnapplied).
 * The stage table read first is the application's own copy, which never changes.
 * Its fee order's row is locked before the application's (lockFeeOrderThenApplication), the way
 * round a payment's confirmation and Refund fee take them; a deadlock that still happens (a fee
 * order made by Pay at that moment) starts the transaction again (withDeadlockRetry): a rolled-back
 * attempt queued nothing (the outbox is written in the transaction), so the applicant is told once.
 */
export async function moveApplication(app: FastifyInstance, m: StageMove, linkOrigin: string): Promise<void> {
  const [current] = await stagesOf(app.db, { id: m.id });
  if (!current) throw notFound(applicationTexts.notFound);
  const { stages } = current;
  if (!nextStages(stages, m.from).includes(m.to)) throw fieldError('to', applicationTexts.stageNotAllowed);
  if (m.to === 'rejected' && !m.note) throw fieldError('note', applicationTexts.reasonRequired);
  const quoting = m.from === 'quote_requested' && m.to === 'awaiting_payment';
  if (quoting && m.feeMinor === undefined) throw fieldError('fee_minor', applicationTexts.feeRequired);
  const due = nextDueAt(stages, m.to, new Date());
  const token = await applicationToken(app.db, m.id);

  await withDeadlockRetry(() =>
    app.db.transaction(async (tx) => {
      if (!(await lockFeeOrderThenApplication(tx, m.id))) throw notFound(applicationTexts.notFound);
      const [moved] = await moveRow(tx, {
        m,
        due: due?.toISOString() ?? null,
        quoting,
        final: isFinalStage(stages, m.to),
      });
      if (!moved) throw new HttpError(409, applicationTexts.staleStage);
      if (m.to === 'cancelled' || m.to === 'rejected') await closeUnpaidFeeOrder(tx, m.id);
      await tx.execute(
        sql`insert into application_events (application_id, from_stage, to_stage, note, actor, staff_id, next_due_at)
          values (${m.id}, ${m.from}, ${m.to}, ${m.note}, 'staff', ${m.staffId}, ${due?.toISOString() ?? null}::timestamptz)`,
      );
      await notifyApplicant(tx, app.outbox, {
        applicationNo: moved.application_no,
        serviceName: moved.service_name,
        email: moved.email,
        phone: moved.phone,
        stageLabel: stageLabel(stages, m.to),
        note: m.note,
        link: linkOrigin ? `${linkOrigin}${applicationTrackingPath(token)}` : '',
      });
    }),
  );
}
