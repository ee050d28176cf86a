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

export const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A page's status as a pill (scheduled with its time). */
export function PageStatusPill({ status, publishAt }: { status: PageStatus; publishAt: string | null }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${TONES[status]}`}>
      {PAGE_STATUS_LABELS[status]}
      {status === 'scheduled' && publishAt ? ` · ${when(publishAt)}` : ''}
    </span>
  );
}
