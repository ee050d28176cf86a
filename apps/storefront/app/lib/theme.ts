import { colord, extend } from 'colord';
import mixPlugin from 'colord/plugins/mix';

extend([mixPlugin]);
import type { Font, Storefront, ThemeColours } from '@shopfront/shared';

/** Spec section 9: hover 10% darker, shadow 90% lighter, fade 50% alpha. */
const HOVER_DARKEN = 0.1;
const SHADOW_LIGHTEN = 0.9;
const FADE_ALPHA = 0.5;
/** Spec section 9: variable fonts cover the whole weight axis. */
const VARIABLE_WEIGHT_RANGE = '100 900';

const SANS_FALLBACK = 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", sans-serif';
const SERIF_FALLBACK = 'ui-serif, Georgia, Cambria, "Times New Roman", serif';
const GENERIC_FAMILIES = /(^|,)\s*(serif|sans-serif|monospace|cursive|fantasy|system-ui|ui-serif|ui-sans-serif)\s*$/i;
// Families a serif look is expected from, so a missing font still falls back to a serif.
const SERIF_HINT =
  /serif|georgia|times|garamond|playfair|merriweather|lora|literata|baskerville|caslon|didot|bodoni|fraunces|cormorant/i;

/**
 * Settings are written by the shop owner, but they end up inside a <style> element: anything
 * that could close the element or open a new rule must not get through.
 */
export function escapeStyleText(css: string): string {
  return css.replace(/<\/(style)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

function cssVarName(key: string): string {
  return `--sf-${key.replace(/_/g, '-')}`;
}

/** A font-family list safe to drop into a declaration: names, commas, spaces, quotes, hyphens. */
export function fontStack(family: string): string {
  const clean = family.replace(/[^\w\s,'"-]/g, '').trim();
  if (!clean) return SANS_FALLBACK;
  if (GENERIC_FAMILIES.test(clean)) return clean;
  const serif = SERIF_HINT.test(clean) && !/sans/i.test(clean);
  // One family is quoted: a name with a word that starts with a digit ("Source Sans 3") is no CSS identifier.
  const name = /[,'"]/.test(clean) ? clean : `"${clean}"`;
  return `${name}, ${serif ? SERIF_FALLBACK : SANS_FALLBACK}`;
}

/** Readable text colour on top of `background` (white or near-black). */
function onColour(background: string): string {
  return colord(background).isLight() ? '#1c1917' : '#ffffff';
}

/** The theme colours as CSS custom properties, with hover/shadow/fade variants of each. */
export function themeVariables(theme: ThemeColours): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [key, value] of Object.entries(theme)) {
    const c = colord(value);
    // An unparsable colour keeps the stylesheet default rather than breaking the page.
    if (!c.isValid()) continue;
    const name = cssVarName(key);
    vars[name] = c.toHex();
    vars[`${name}-hover`] = c.darken(HOVER_DARKEN).toHex();
    // Lightening HSL by 90 points turns every colour white; a 90% tint keeps its hue.
    vars[`${name}-shadow`] = c.mix('#ffffff', SHADOW_LIGHTEN).toHex();
    vars[`${name}-fade`] = c.alpha(FADE_ALPHA).toRgbString();
  }
  if (vars['--sf-primary']) vars['--sf-on-primary'] = onColour(theme.primary);
  if (vars['--sf-accent']) vars['--sf-on-accent'] = onColour(theme.accent);
  return vars;
}

/** A `fonts` entry the storefront loads (spec 5): family, path and weight range all set. */
function isComplete(f: Font): f is Font & { family: string; path: string; weight_range: [number, number] } {
  return Boolean(f.family && f.path && f.weight_range);
}

/** @font-face rules; an entry is loaded only when family, path and weight range are all set (spec 5). */
export function fontFaceCss(fonts: Font[]): string {
  return fonts
    .flatMap((f) => {
      if (!isComplete(f)) return [];
      const family = f.family.replace(/["\\<>;{}]/g, '');
      const src = f.path.replace(/["\\<>;{}()\s]/g, '');
      const [min, max] = f.weight_range;
      const weight = f.is_variable ? VARIABLE_WEIGHT_RANGE : min === max ? String(min) : `${min} ${max}`;
      return [
        `@font-face{font-family:"${family}";src:url("${src}") format("woff2");font-weight:${weight};font-style:normal;font-display:swap}`,
      ];
    })
    .join('\n');
}

/** The file of the text's typeface, for the page to preload; null when the text is in a device font. */
export function bodyFontFile(sf: Pick<Storefront, 'typography' | 'fonts'>): string | null {
  return sf.fonts.find((f) => isComplete(f) && f.family === sf.typography.body_font)?.path ?? null;
}

/** The last few settings' CSS: every page of a shop asks for the same one (colour maths is not free). */
const cssMemo = new Map<string, string>();
const CSS_MEMO_SIZE = 8;

/** Everything the storefront settings contribute to the page's CSS, in one string. */
export function storefrontCss(sf: Pick<Storefront, 'theme' | 'typography' | 'fonts' | 'custom_css'>): string {
  const key = JSON.stringify([sf.theme, sf.typography, sf.fonts, sf.custom_css]);
  let css = cssMemo.get(key);
  if (css === undefined) {
    css = computeStorefrontCss(sf);
    if (cssMemo.size >= CSS_MEMO_SIZE) cssMemo.delete(cssMemo.keys().next().value!);
    cssMemo.set(key, css);
  }
  return css;
}

function computeStorefrontCss(sf: Pick<Storefront, 'theme' | 'typography' | 'fonts' | 'custom_css'>): string {
  const vars = themeVariables(sf.theme);
  vars['--sf-font-body'] = fontStack(sf.typography.body_font);
  vars['--sf-font-heading'] = fontStack(sf.typography.heading_font);
  const size = sf.typography.base_size_px;
  if (Number.isFinite(size) && size >= 10 && size <= 24) vars['--sf-font-size'] = `${size}px`;
  const root = `:root{${Object.entries(vars)
    .map(([k, v]) => `${k}:${v}`)
    .join(';')}}`;
  return escapeStyleText([fontFaceCss(sf.fonts), root, sf.custom_css].filter(Boolean).join('\n'));
}
