import { sql } from 'drizzle-orm';
import { APPLICATION_FIXED_STAGE_LABELS, type ServiceStage } from '@shopfront/shared';

/**
 * An application's stage table: the fixed opening stages, then its service's own (copied onto the
 * application when it was made). The last service stage means completed; `rejected` and
 * `cancelled` end it from anywhere before that.
 */
const OPENING = ['quote_requested', 'awaiting_payment', 'submitted'] as const;
const ENDINGS = ['rejected', 'cancelled'] as const;

/** Every stage of the table, in order (the endings not included). */
export function stageSequence(stages: readonly ServiceStage[]): string[] {
  return [...OPENING, ...stages.map((s) => s.key)];
}

export function stageLabel(stages: readonly ServiceStage[], key: string): string {
  return stages.find((s) => s.key === key)?.label ?? APPLICATION_FIXED_STAGE_LABELS[key] ?? key;
}

/** Rejected or cancelled: ended before its service's last stage. */
export function isEnding(key: string): boolean {
  return (ENDINGS as readonly string[]).includes(key);
}

/** No move leaves these: rejected, cancelled, or the service's last stage (completed). */
export function isFinalStage(stages: readonly ServiceStage[], key: string): boolean {
  return isEnding(key) || key === stages.at(-1)?.key;
}

/** Not isFinalStage, in SQL: a condition on `applications` (its columns unqualified). */
export const notEndedSql = sql`(stage not in (${sql.join(
  ENDINGS.map((e) => sql`${e}`),
  sql`, `,
)}) and stage is distinct from stages -> -1 ->> 'key')`;

/** Work has not started: the application is still at one of the fixed opening stages (at most submitted). */
export function isBeforeWork(stage: string): boolean {
  return (OPENING as readonly string[]).includes(stage);
}

/**
 * What the applicant may do to end their application (ApplicationCancelSchema): cancel it
 * before work starts when the store lets orders be cancelled; ask to, when it offers refunds and
 * they have not asked yet, once work has started or when their fee was paid offline (cash the
 * business must hand back itself); nothing once it has ended.
 */
export function cancelAction(
  stages: readonly ServiceStage[],
  stage: string,
  s: { cancelEnabled: boolean; refundEnabled: boolean; requested: boolean; feeWithOwner: boolean },
): 'cancel' | 'request' | null {
  if (isFinalStage(stages, stage)) return null;
  if (isBeforeWork(stage) && !s.feeWithOwner) return s.cancelEnabled ? 'cancel' : null;
  return s.refundEnabled && !s.requested ? 'request' : null;
}

/** Where an application at `from` may be moved: any later stage of its table, rejected or cancelled. */
export function nextStages(stages: readonly ServiceStage[], from: string): string[] {
  if (isFinalStage(stages, from)) return [];
  const seq = stageSequence(stages);
  const at = seq.indexOf(from);
  if (at < 0) return [];
  return [...seq.slice(at + 1), ...ENDINGS];
}

/** Adds working days (Monday to Friday) to a time. */
export function addWorkingDays(from: Date, days: number): Date {
  const d = new Date(from);
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const day = d.getUTCDay();
    if (day !== 0 && day !== 6) left -= 1;
  }
  return d;
}

/**
 * When the stage after `stage` is expected, for an application that reaches `stage` at `now`:
 * the next service stage's working days from now. Null when the next step is the applicant's
 * (a quote to accept, a fee to pay) or there is none.
 */
export function nextDueAt(stages: readonly ServiceStage[], stage: string, now: Date): Date | null {
  if (isFinalStage(stages, stage)) return null;
  const seq = stageSequence(stages);
  const at = seq.indexOf(stage);
  if (at < OPENING.indexOf('submitted')) return null;
  const next = stages.find((s) => s.key === seq[at + 1]);
  return next ? addWorkingDays(now, next.expected_days) : null;
}
