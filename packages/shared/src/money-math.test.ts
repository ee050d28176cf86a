import { describe, expect, it } from 'vitest';
import { allocateMinor, includedTax, percentOf, sumMinor } from './money-math.ts';

describe('money math', () => {
  it('sums minor units and refuses fractions', () => {
    expect(sumMinor([79900, 129900, 1])).toBe(209801);
    expect(sumMinor([])).toBe(0);
    expect(() => sumMinor([1.5])).toThrow(RangeError);
  });

  it('takes a percentage, rounding half away from zero', () => {
    expect(percentOf(99900, 10)).toBe(9990);
    expect(percentOf(999, 12.5)).toBe(125); // 124.875
    expect(percentOf(5, 10)).toBe(1); // 0.5 rounds up
    expect(percentOf(4, 10)).toBe(0);
    expect(percentOf(12345, 100)).toBe(12345);
    expect(() => percentOf(100, 101)).toThrow(RangeError);
  });

  it('allocates a discount across lines so the shares add up to the exact total', () => {
    expect(allocateMinor(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateMinor(1000, [79900, 129900, 49900])).toEqual([308, 500, 192]);
    expect(allocateMinor(0, [5, 6])).toEqual([0, 0]);
    expect(allocateMinor(7, [0, 10])).toEqual([0, 7]);
    expect(() => allocateMinor(5, [0, 0])).toThrow(RangeError);
  });

  it('never gives a line more than its weight when the total fits, and always adds up (random cases)', () => {
    let seed = 42;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let run = 0; run < 500; run++) {
      const weights = Array.from({ length: 1 + rnd(8) }, () => rnd(500000));
      const sum = weights.reduce((a, b) => a + b, 0);
      if (sum === 0) continue;
      const total = rnd(sum + 1);
      const shares = allocateMinor(total, weights);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
      shares.forEach((s, i) => expect(s).toBeLessThanOrEqual(weights[i]!));
    }
  });

  it('finds the tax inside a tax-inclusive price', () => {
    expect(includedTax(11800, 18)).toBe(1800);
    expect(includedTax(10500, 5)).toBe(500);
    expect(includedTax(99900, 0)).toBe(0);
    expect(includedTax(100, 12)).toBe(11); // 10.71
  });
});
