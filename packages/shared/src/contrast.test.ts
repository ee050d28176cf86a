import { describe, expect, it } from 'vitest';
import { MIN_TEXT_CONTRAST, contrastRatio, onColourOf, relativeLuminance } from './contrast.ts';

describe('WCAG contrast', () => {
  it('gives the known ratios: black on white 21, a colour on itself 1, either order the same', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#0f766e', '#0F766E')).toBe(1);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(relativeLuminance('#000')).toBe(0);
  });

  it('matches published pairs around the 4.5:1 line', () => {
    // #767676 on white is the classic lightest grey that passes AA (4.54:1); #777777 fails (4.48:1).
    expect(contrastRatio('#767676', '#ffffff')!).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio('#777777', '#ffffff')!).toBeLessThan(MIN_TEXT_CONTRAST);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    // A pale yellow text on white is far below.
    expect(contrastRatio('#fde68a', '#ffffff')!).toBeLessThan(1.5);
  });

  it('answers null for what is not a hex colour', () => {
    expect(contrastRatio('red', '#ffffff')).toBeNull();
    expect(contrastRatio('#12345', '#ffffff')).toBeNull();
    expect(onColourOf('')).toBeNull();
  });

  it('picks the storefront’s on-colour: near-black on light colours, white on dark ones', () => {
    expect(onColourOf('#ffffff')).toBe('#1c1917');
    expect(onColourOf('#f59e0b')).toBe('#1c1917');
    expect(onColourOf('#0f766e')).toBe('#ffffff');
    expect(onColourOf('#000')).toBe('#ffffff');
  });
});
