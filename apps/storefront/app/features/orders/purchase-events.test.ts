import { describe, expect, it } from 'vitest';
import { optionalCookiesAccepted } from './purchase-events';

describe('optionalCookiesAccepted', () => {
  it('is true once an optional cookie group was accepted', () => {
    const prefs = [
      { id: 'session', group: 'necessary', required: true, accepted: true },
      { id: 'analytics', group: 'optional', required: false, accepted: true },
    ];
    expect(optionalCookiesAccepted(JSON.stringify(prefs))).toBe(true);
  });

  it('is false without a choice, with only the necessary ones, or with a broken entry', () => {
    expect(optionalCookiesAccepted(null)).toBe(false);
    expect(optionalCookiesAccepted(JSON.stringify([{ id: 'analytics', group: 'optional', accepted: false }]))).toBe(
      false,
    );
    expect(optionalCookiesAccepted(JSON.stringify([{ id: 'session', group: 'necessary', accepted: true }]))).toBe(
      false,
    );
    expect(optionalCookiesAccepted('{not json')).toBe(false);
    expect(optionalCookiesAccepted('{"group":"optional","accepted":true}')).toBe(false);
  });
});
