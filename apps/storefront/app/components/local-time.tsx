import { formatDate, formatDateTime } from '../lib/dates';
import { useHydrated } from '../lib/use-hydrated';

/**
 * A timestamp in the shopper's own time zone, written the shop's one way ("24 Nov 2026, 1:42 am",
 * or "24 Nov 2026" with `dateOnly`). The server does not know that zone, so the first render
 * (server and hydration) shows UTC and says so; the browser then switches to local time, without
 * a hydration mismatch.
 */
export function LocalTime({ iso, dateOnly = false }: { iso: string; dateOnly?: boolean }) {
  const hydrated = useHydrated();
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <span>{iso}</span>;
  const zone = hydrated ? undefined : 'UTC';
  const text = dateOnly
    ? formatDate(date, zone)
    : hydrated
      ? formatDateTime(date)
      : `${formatDateTime(date, 'UTC')} UTC`;
  return (
    <time dateTime={date.toISOString()} suppressHydrationWarning>
      {text}
    </time>
  );
}
