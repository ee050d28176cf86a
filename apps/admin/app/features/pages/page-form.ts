/** A slug suggested from a title: lower-case words joined by hyphens, accents dropped. */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall-clock fields of instant `t` in `timeZone`. */
function wallClock(t: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(t));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { y: get('year'), mo: get('month'), d: get('day'), h: get('hour'), mi: get('minute'), s: get('second') };
}

/** How far `timeZone`'s clock is ahead of UTC at instant `t`, in milliseconds. */
function offsetAt(t: number, timeZone: string): number {
  const c = wallClock(t, timeZone);
  return Date.UTC(c.y, c.mo - 1, c.d, c.h, c.mi, c.s) - (t - (((t % 1000) + 1000) % 1000));
}

/** An ISO time as a datetime-local value on `timeZone`'s clock ('' for none). */
export function toZonedInput(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const c = wallClock(Date.parse(iso), timeZone);
  return `${c.y}-${pad(c.mo)}-${pad(c.d)}T${pad(c.h)}:${pad(c.mi)}`;
}

/**
 * A datetime-local value read on `timeZone`'s clock as an ISO time; null when empty or not a
 * time. A clock time a daylight-saving change skips is taken as the moment after the change.
 */
export function fromZonedInput(value: string, timeZone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  // Date.UTC rolls 40 December over into January: such a value is no date.
  const back = new Date(asUtc);
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || back.getUTCHours() !== h || mi > 59) return null;
  // The offset at the guess, then at the corrected time (they differ only across a change).
  const first = asUtc - offsetAt(asUtc, timeZone);
  return new Date(asUtc - offsetAt(first, timeZone)).toISOString();
}

/** The time zone this browser is in. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A zone's short name at instant `t` for a label ("GMT+5:30", "CET"). */
export function zoneLabel(timeZone: string, t = Date.now()): string {
  const part = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(t))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}
