/**
 * A keyset cursor's timestamp, as the server wrote it (PostgreSQL's text of a timestamptz, or an
 * ISO instant in UTC), checked before it reaches the database: a cursor is the client's to send,
 * and a date PostgreSQL cannot read ("2026-02-31", hour 25) must be a 422, not a 500.
 */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-](\d{2})(?::?(\d{2}))?)$/;

export function isCursorTimestamp(text: string): boolean {
  const m = TIMESTAMP.exec(text);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  // PostgreSQL's time zone offsets stop at ±15:59.
  if (Number(m[7] ?? 0) > 15 || Number(m[8] ?? 0) > 59) return false;
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    y >= 1 &&
    t.getUTCFullYear() === y &&
    t.getUTCMonth() === mo - 1 &&
    t.getUTCDate() === d &&
    t.getUTCHours() === h &&
    t.getUTCMinutes() === mi &&
    t.getUTCSeconds() === s
  );
}
