import { describe, expect, it } from 'vitest';
import { counted } from './format';

describe('counted', () => {
  it('says one thing in the singular and any other count in the plural', () => {
    expect(counted(1, 'change')).toBe('1 change');
    expect(counted(0, 'change')).toBe('0 changes');
    expect(counted(2, 'sign-up')).toBe('2 sign-ups');
    expect(counted(1, 'entry', 'entries')).toBe('1 entry');
    expect(counted(5, 'entry', 'entries')).toBe('5 entries');
  });
});
