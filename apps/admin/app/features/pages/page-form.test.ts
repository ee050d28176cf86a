import { describe, expect, it } from 'vitest';
import { fromLocalInput, slugFromTitle, toLocalInput } from './page-form';

describe('page form helpers', () => {
  it('suggests a slug from a title', () => {
    expect(slugFromTitle('About Us')).toBe('about-us');
    expect(slugFromTitle('  Café & Crème — Délices! ')).toBe('cafe-and-creme-delices');
    expect(slugFromTitle('<script>x</script>')).toBe('script-x-script');
    expect(slugFromTitle('!!!')).toBe('');
    expect(slugFromTitle('a'.repeat(150)).length).toBe(100);
  });

  it('keeps a time the same through the datetime-local field', () => {
    const iso = new Date(2026, 11, 24, 18, 30).toISOString();
    expect(toLocalInput(iso)).toBe('2026-12-24T18:30');
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('not a time')).toBeNull();
  });
});
