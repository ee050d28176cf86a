import { useHydrated } from '../lib/use-hydrated';

const UTC = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/**
 * A timestamp in the shopper's own time zone. The server does not know that zone, so the
 * first render (server and hydration) shows UTC and says so; the browser then switches to local
 * time, without a hydration mismatch.
 */
export function LocalTime({ iso, dateOnly = false }: { iso: string; dateOnly?: boolean }) {
  const hydrated = useHydrated();
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <span>{iso}</span>;
  const options: Intl.DateTimeFormatOptions = dateOnly
    ? { dateStyle: 'long' }
    : { dateStyle: 'medium', timeStyle: 'short' };
  const text = hydrated
    ? new Intl.DateTimeFormat(undefined, options).format(date)
    : dateOnly
      ? new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(date)
      : `${UTC.format(date)} UTC`;
  return (
    <time dateTime={date.toISOString()} suppressHydrationWarning>
      {text}
    </time>
  );
}
