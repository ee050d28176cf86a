/**
 * The one way the storefront writes dates (en-IN style): "24 Nov 2026" and "24 Nov 2026, 1:42 am",
 * and calendar-date ranges such as "27–30 Nov 2026". Pure Intl, no dependency.
 */

export const DATE_LOCALE = 'en-IN';

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: 'date' | 'date-time' | 'day', timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone ?? ''}`;
  let f = cache.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'day'
        ? { day: 'numeric', month: 'short' }
        : kind === 'date'
          ? { day: 'numeric', month: 'short', year: 'numeric' }
          : { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true };
    f = new Intl.DateTimeFormat(DATE_LOCALE, timeZone ? { ...options, timeZone } : options);
    cache.set(key, f);
  }
  return f;
}

/** "24 Nov 2026" (in `timeZone`, else the runtime's own zone). */
export function formatDate(date: Date, timeZone?: string): string {
  return formatter('date', timeZone).format(date);
}

/** "24 Nov 2026, 1:42 am" (in `timeZone`, else the runtime's own zone). */
export function formatDateTime(date: Date, timeZone?: string): string {
  // ICU builds differ on the case of the day period ("AM" / "am"): one way everywhere.
  return formatter('date-time', timeZone)
    .format(date)
    .replace(/\b([AaPp])\.?\s?[Mm]\.?(?=$|\s)/, (_, p: string) => `${p.toLowerCase()}m`);
}

/** A calendar date (YYYY-MM-DD) as a Date at midnight UTC; null when it is not one. */
export function calendarDate(ymd: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(ymd)) return null;
  const d = new Date(`${ymd}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Today's calendar date (YYYY-MM-DD) in UTC, the zone the order estimates are counted in. */
export const todayYmd = (now: number = Date.now()) => new Date(now).toISOString().slice(0, 10);

/**
 * "27–30 Nov 2026", "30 Nov – 2 Dec 2026", "30 Dec 2026 – 2 Jan 2027", or one day "2 Dec 2026",
 * from two calendar dates (the same on the server and in every time zone); null when either is
 * not a date.
 */
export function formatDateRange(fromYmd: string, toYmd: string): string | null {
  const from = calendarDate(fromYmd);
  const to = calendarDate(toYmd);
  if (!from || !to) return null;
  const full = formatDate(to, 'UTC');
  if (fromYmd === toYmd) return full;
  const sameYear = from.getUTCFullYear() === to.getUTCFullYear();
  if (sameYear && from.getUTCMonth() === to.getUTCMonth()) return `${from.getUTCDate()}–${full}`;
  return `${sameYear ? formatter('day', 'UTC').format(from) : formatDate(from, 'UTC')} – ${full}`;
}
