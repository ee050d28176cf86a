import type { PageStatus } from '@shopfront/shared';

export const PAGE_STATUS_LABELS: Record<PageStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  scheduled: 'Scheduled',
};

const TONES: Record<PageStatus, string> = {
  draft: 'bg-stone-100 text-stone-800',
  published: 'bg-emerald-100 text-emerald-900',
  scheduled: 'bg-amber-100 text-amber-900',
};

/** A time for people: the browser's clock, or `timeZone`'s (the shop's, where a schedule is read). */
export const when = (iso: string, timeZone?: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone });

/** A page's or post's status as a pill (scheduled with its time on the shop's clock). */
export function PageStatusPill({
  status,
  publishAt,
  timeZone,
}: {
  status: PageStatus;
  publishAt: string | null;
  timeZone: string;
}) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${TONES[status]}`}>
      {PAGE_STATUS_LABELS[status]}
      {status === 'scheduled' && publishAt ? ` · ${when(publishAt, timeZone)}` : ''}
    </span>
  );
}
