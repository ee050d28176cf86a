const TONE: Record<string, string> = {
  quote_requested: 'bg-amber-50 text-amber-900 ring-amber-200',
  awaiting_payment: 'bg-amber-50 text-amber-900 ring-amber-200',
  submitted: 'bg-sky-50 text-sky-900 ring-sky-200',
  rejected: 'bg-red-50 text-red-800 ring-red-200',
  cancelled: 'bg-stone-100 text-stone-700 ring-stone-200',
};
const WORKING = 'bg-violet-50 text-violet-900 ring-violet-200';
const DONE = 'bg-emerald-50 text-emerald-900 ring-emerald-200';

const pill = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1';

/** An application's stage: waiting on the applicant (amber), with us (violet), done (green), ended (red, grey). */
export function StagePill({ stage, label, done }: { stage: string; label: string; done: boolean }) {
  return (
    <span className={`${pill} ${TONE[stage] ?? (done ? DONE : WORKING)}`} data-testid="stage-pill">
      {label}
    </span>
  );
}

/** Past the expected date of its next stage. */
export function OverduePill() {
  return (
    <span className={`${pill} bg-red-600 text-white ring-red-600`} data-testid="overdue">
      Overdue
    </span>
  );
}

/** The applicant asked to cancel and nobody has answered yet. */
export function CancelRequestedPill() {
  return (
    <span className={`${pill} bg-amber-100 text-amber-950 ring-amber-300`} data-testid="cancel-requested-pill">
      Asked to cancel
    </span>
  );
}

/** Is this time gone by (an expected date missed)? */
export const isPast = (iso: string) => new Date(iso).getTime() < Date.now();
