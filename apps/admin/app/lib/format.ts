const when = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** A timestamp as people read it, in the browser's time zone. */
export function formatWhen(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : when.format(d);
}

const day = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });

/** A day as people read it ("30 Sept 2026"), in the browser's time zone. */
export function formatDay(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : day.format(d);
}
