import { describe, expect, it } from 'vitest';
import { formatDate, formatDateRange, formatDateTime, todayYmd } from './dates';

describe('dates, written one way', () => {
  const at = new Date('2026-11-24T01:42:00Z');

  it('a date and a time: "24 Nov 2026, 1:42 am"', () => {
    expect(formatDate(at, 'UTC')).toBe('24 Nov 2026');
    expect(formatDateTime(at, 'UTC')).toBe('24 Nov 2026, 1:42 am');
    expect(formatDateTime(new Date('2026-11-24T13:05:00Z'), 'UTC')).toBe('24 Nov 2026, 1:05 pm');
    expect(formatDateTime(at, 'Asia/Kolkata')).toBe('24 Nov 2026, 7:12 am');
  });

  it('calendar ranges', () => {
    expect(formatDateRange('2026-11-27', '2026-11-30')).toBe('27–30 Nov 2026');
    expect(formatDateRange('2026-11-30', '2026-12-02')).toBe('30 Nov – 2 Dec 2026');
    expect(formatDateRange('2026-12-30', '2027-01-02')).toBe('30 Dec 2026 – 2 Jan 2027');
    expect(formatDateRange('2026-12-02', '2026-12-02')).toBe('2 Dec 2026');
    expect(formatDateRange('soon', '2026-12-02')).toBeNull();
  });

  it("today's calendar date in UTC", () => {
    expect(todayYmd(Date.parse('2026-11-24T23:59:00Z'))).toBe('2026-11-24');
  });
});
