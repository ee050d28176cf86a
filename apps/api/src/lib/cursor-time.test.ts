import { describe, expect, it } from 'vitest';
import { isCursorTimestamp } from './cursor-time.ts';

describe('a cursor timestamp', () => {
  it('takes what the server writes: PostgreSQL text of a timestamptz and an ISO instant', () => {
    expect(isCursorTimestamp('2026-12-02 15:07:12.123456+00')).toBe(true);
    expect(isCursorTimestamp('2026-12-02 15:07:12+05:30')).toBe(true);
    expect(isCursorTimestamp('2026-12-02T15:07:12.123456Z')).toBe(true);
    expect(isCursorTimestamp('2026-12-02 15:07:12-15:59')).toBe(true);
  });
  it('refuses what PostgreSQL could not read', () => {
    for (const bad of [
      'notadate',
      '2026-02-31 10:00:00+00',
      '2026-13-01 10:00:00+00',
      '2026-12-02 25:00:00+00',
      '2026-99-99T99:99Z',
      '2026-12-02',
      '0000-01-01 00:00:00+00',
      '2026-12-02 10:00:00+00; drop table x',
      '2026-12-02 10:00:00+16',
      '2026-12-02 10:00:00+05:99',
    ])
      expect(isCursorTimestamp(bad), bad).toBe(false);
  });
});
