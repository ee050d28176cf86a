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

/** A count with its noun, singular for one: "1 change", "3 changes", "1 day", "2 sign-ups". */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

const time = new Intl.DateTimeFormat('en-IN', { timeStyle: 'short' });

/** A time of day as people read it ("11:02 am"), in the browser's time zone. */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : time.format(d);
}
