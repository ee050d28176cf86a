import { describe, expect, it } from 'vitest';
import { browserTimeZone, fromZonedInput, slugFromTitle, toZonedInput, zoneLabel } from './page-form';

describe('page form helpers', () => {
  it('suggests a slug from a title', () => {
    expect(slugFromTitle('About Us')).toBe('about-us');
    expect(slugFromTitle('  Café & Crème — Délices! ')).toBe('cafe-and-creme-delices');
    expect(slugFromTitle('<script>x</script>')).toBe('script-x-script');
    expect(slugFromTitle('!!!')).toBe('');
    expect(slugFromTitle('a'.repeat(150)).length).toBe(100);
  });

  it('keeps a time the same through the datetime-local field', () => {
    const zone = browserTimeZone();
    const toLocalInput = (iso: string | null) => toZonedInput(iso, zone);
    const fromLocalInput = (value: string) => fromZonedInput(value, zone);
    const iso = new Date(2026, 11, 24, 18, 30).toISOString();
    expect(toLocalInput(iso)).toBe('2026-12-24T18:30');
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('not a time')).toBeNull();
  });

  it('reads and writes the time on the shop’s clock, whatever the browser’s', () => {
    expect(fromZonedInput('2026-12-24T18:30', 'Asia/Kolkata')).toBe('2026-12-24T13:00:00.000Z');
    expect(toZonedInput('2026-12-24T13:00:00.000Z', 'Asia/Kolkata')).toBe('2026-12-24T18:30');
    expect(toZonedInput('2026-12-24T13:00:00.000Z', 'UTC')).toBe('2026-12-24T13:00');
    // Either side of Berlin's summer time: the offset of that day.
    expect(fromZonedInput('2026-01-15T09:00', 'Europe/Berlin')).toBe('2026-01-15T08:00:00.000Z');
    expect(fromZonedInput('2026-07-15T09:00', 'Europe/Berlin')).toBe('2026-07-15T07:00:00.000Z');
    // 02:30 on 29 March 2026 does not exist in Berlin: the moment after the change.
    expect(fromZonedInput('2026-03-29T02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
    expect(fromZonedInput('2026-13-40T25:99', 'UTC')).toBeNull();
    expect(zoneLabel('Asia/Kolkata')).toBe('GMT+5:30');
  });
});
