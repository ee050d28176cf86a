/**
 * WCAG 2 contrast between two colours (the panel's Theme screen warns below
 * MIN_TEXT_CONTRAST), and the on-colour the storefront puts on a coloured background.
 * Hex colours only (#rgb or #rrggbb, as the theme stores them); anything else gives null.
 */

/** WCAG 2 level AA for body text. */
export const MIN_TEXT_CONTRAST = 4.5;

/** The storefront's text on a light / dark coloured background (apps/storefront/app/lib/theme.ts). */
export const ON_LIGHT = '#1c1917';
export const ON_DARK = '#ffffff';

function rgbOf(hex: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

/** Relative luminance (WCAG 2: sRGB channels linearised, weighted 0.2126 / 0.7152 / 0.0722). */
export function relativeLuminance(hex: string): number | null {
  const rgb = rgbOf(hex);
  if (!rgb) return null;
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 (none) to 21 (black on white); null when one is not a hex colour. */
export function contrastRatio(a: string, b: string): number | null {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  if (la === null || lb === null) return null;
  const [hi, lo] = la > lb ? [la, lb] : [lb, la];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The text colour the storefront puts on `background` (a button on the primary colour): near-black
 * on a light colour, white on a dark one, by the same perceived-brightness rule as the storefront's
 * colord `isLight()` (YIQ brightness at least half). Null when `background` is not a hex colour.
 */
export function onColourOf(background: string): string | null {
  const rgb = rgbOf(background);
  if (!rgb) return null;
  const [r, g, b] = rgb;
  return (r * 299 + g * 587 + b * 114) / 1000 / 255 >= 0.5 ? ON_LIGHT : ON_DARK;
}
