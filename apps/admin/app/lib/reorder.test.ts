import { describe, expect, it } from 'vitest';
import { moveTo, stepBy } from './reorder';

const rows = (...keys: string[]) => keys.map((key) => ({ key }));
const keys = (list: { key: string }[]) => list.map((r) => r.key).join('');

describe('reorder', () => {
  it('moves a row before or after another by drag and drop', () => {
    expect(keys(moveTo(rows('a', 'b', 'c', 'd'), 'd', 'b', 'before'))).toBe('adbc');
    expect(keys(moveTo(rows('a', 'b', 'c', 'd'), 'a', 'c', 'after'))).toBe('bcad');
    expect(keys(moveTo(rows('a', 'b'), 'a', 'a', 'after'))).toBe('ab');
    expect(keys(moveTo(rows('a', 'b'), 'x', 'a', 'after'))).toBe('ab');
  });

  it('steps a row up or down, staying put at either end', () => {
    expect(keys(stepBy(rows('a', 'b', 'c'), 'c', -1))).toBe('acb');
    expect(keys(stepBy(rows('a', 'b', 'c'), 'a', 1))).toBe('bac');
    expect(keys(stepBy(rows('a', 'b', 'c'), 'a', -1))).toBe('abc');
    expect(keys(stepBy(rows('a', 'b', 'c'), 'c', 1))).toBe('abc');
  });
});
