import { describe, expect, it } from 'vitest';
import { cleanPhone, isBlockedPhoneKey } from './phone-input';

describe('phone input rules', () => {
  it('blocks e, E, +, - and . (spec section 5)', () => {
    for (const key of ['e', 'E', '+', '-', '.']) expect(isBlockedPhoneKey(key)).toBe(true);
    for (const key of ['1', '0', 'Backspace', 'ArrowLeft', 'Tab']) expect(isBlockedPhoneKey(key)).toBe(false);
  });

  it('keeps digits only, cut to the mobile number length', () => {
    expect(cleanPhone('98450 12345 678', 10)).toBe('9845012345');
    expect(cleanPhone('+91-98450', 10)).toBe('9198450');
    expect(cleanPhone('501234567890', 9)).toBe('501234567');
    expect(cleanPhone('abc', 10)).toBe('');
  });
});
