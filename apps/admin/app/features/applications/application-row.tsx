import { Link } from 'react-router';
import type { AdminApplicationRow } from '@shopfront/shared';
import { CancelRequestedPill, OverduePill, StagePill } from './stage-pill';

/** How long ago: "40 min", "5 h", "3 d". */
export function age(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.round(minutes / 60)} h`;
  return `${Math.round(minutes / 1440)} d`;
}

const OPENING_OR_ENDED = new Set(['quote_requested', 'awaiting_payment', 'submitted', 'rejected', 'cancelled']);

/** A service's own stage with no next one expected is its last: completed. */
export const isCompleted = (r: { stage: string; next_due_at: string | null }) =>
  !OPENING_OR_ENDED.has(r.stage) && r.next_due_at === null;

/** One application in the inbox: a card on a phone (the whole card opens it), a row on a desktop. */
export function ApplicationRow({ row, index, current }: { row: AdminApplicationRow; index: number; current: boolean }) {
  return (
    <li
      data-list-index={index}
      aria-current={current || undefined}
      data-testid="application-row"
      data-application-no={row.application_no}
      className="aria-[current]:bg-stone-50"
    >
      <Link
        to={`/applications/${encodeURIComponent(row.id)}`}
        className="grid min-h-16 grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 px-4 py-3 outline-offset-[-2px] lg:grid-cols-[7rem_1fr_1fr_4rem_12rem] lg:items-center"
      >
        <span className="font-semibold">{row.application_no}</span>
        <span className="flex flex-wrap justify-end gap-1 text-right lg:order-5">
          {row.cancel_requested && <CancelRequestedPill />}
          {row.overdue && <OverduePill />}
          <StagePill stage={row.stage} label={row.stage_label} done={isCompleted(row)} />
        </span>
        <span className="truncate text-sm lg:order-2 lg:text-base">{row.name}</span>
        <span className="text-right text-sm text-muted tabular-nums lg:order-4" title={row.created_at}>
          <span className="sr-only">Sent </span>
          {age(row.created_at)}
          <span className="sr-only"> ago</span>
        </span>
        <span className="col-span-2 truncate text-sm text-muted lg:order-3 lg:col-span-1">{row.service_name}</span>
      </Link>
    </li>
  );
}
