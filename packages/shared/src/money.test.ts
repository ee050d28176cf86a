import { describe, expect, it } from 'vitest';
import { minorUnitDigits } from './money-format.ts';
import { money } from './money.ts';

describe('money', () => {
  it('formats integer minor units with the currency', () => {
    expect(money(79900, 'INR')).toEqual({ amount: 79900, currency: 'INR', formatted: '₹799.00' });
    expect(money(123456789, 'INR').formatted).toBe('₹12,34,567.89');
    expect(money(1999, 'USD', 'en-US').formatted).toBe('$19.99');
  });

  it('knows currencies without or with three minor digits', () => {
    expect(minorUnitDigits('JPY')).toBe(0);
    expect(money(500, 'JPY', 'en-US').formatted).toBe('¥500');
    expect(minorUnitDigits('KWD')).toBe(3);
  });

  it('refuses fractional minor units instead of rounding silently', () => {
    expect(() => money(10.5, 'INR')).toThrow(RangeError);
  });
});
