import { describe, expect, it } from 'vitest';
import { groupAllowed, parseConsent, serializeConsent } from './preferences';

describe('cookie preferences value', () => {
  it('writes the accepted optional groups after the version, in a stable order', () => {
    expect(serializeConsent(['marketing', 'analytics', 'marketing'])).toBe('v1:analytics,marketing');
    expect(serializeConsent(['analytics'])).toBe('v1:analytics');
    expect(serializeConsent([])).toBe('v1:');
  });

  it('reads back what it wrote; anything else counts as no choice', () => {
    expect(parseConsent('v1:analytics,marketing')).toEqual(['analytics', 'marketing']);
    expect(parseConsent('v1:marketing')).toEqual(['marketing']);
    expect(parseConsent('v1:')).toEqual([]);
    for (const bad of [undefined, null, '', 'v2:analytics', 'analytics', 'v1:necessary', 'v1:analytics,ads', '[{}]']) {
      expect(parseConsent(bad), String(bad)).toBeNull();
    }
  });

  it('lets a group run only once accepted, while the cookie warning is on', () => {
    expect(groupAllowed('analytics', null, true)).toBe(false);
    expect(groupAllowed('analytics', [], true)).toBe(false);
    expect(groupAllowed('analytics', ['analytics'], true)).toBe(true);
    expect(groupAllowed('marketing', ['analytics'], true)).toBe(false);
    // Plugins that need no consent, and every plugin with the warning off, always run.
    expect(groupAllowed(null, null, true)).toBe(true);
    expect(groupAllowed('marketing', null, false)).toBe(true);
  });
});
