import { describe, expect, it } from 'vitest';
import type { Storefront } from '@shopfront/shared';
import { bodyFontFile, escapeStyleText, fontFaceCss, fontStack, storefrontCss, themeVariables } from './theme';

const theme: Storefront['theme'] = {
  primary: '#1f6f5c',
  secondary: '#c9773c',
  accent: '#f2c14e',
  background: '#ffffff',
  surface: '#f6f4ef',
  text: '#1c1917',
  muted: '#6b6560',
  topbar_background: '#1c1917',
  topbar_text: '#f6f4ef',
  footer_background: '#14231f',
  footer_text: '#e7ece9',
};

describe('themeVariables', () => {
  it('derives hover (10% darker), shadow (90% toward white) and fade (50% alpha) from each colour', () => {
    const vars = themeVariables({ ...theme, primary: '#808080' });
    expect(vars['--sf-primary']).toBe('#808080');
    expect(vars['--sf-primary-hover']).toBe('#676767');
    expect(vars['--sf-primary-shadow']).toBe('#f2f2f2');
    expect(vars['--sf-primary-fade']).toBe('rgba(128, 128, 128, 0.5)');
    expect(vars['--sf-topbar-background']).toBe('#1c1917');
  });

  it('picks readable text for buttons on the primary and accent colours', () => {
    const vars = themeVariables(theme);
    expect(vars['--sf-on-primary']).toBe('#ffffff');
    expect(vars['--sf-on-accent']).toBe('#1c1917');
  });

  it('skips a colour it cannot parse instead of writing it into the stylesheet', () => {
    const vars = themeVariables({ ...theme, accent: 'red;}</style><script>' });
    expect(vars['--sf-accent']).toBeUndefined();
    expect(vars['--sf-primary']).toBe('#1f6f5c');
  });
});

describe('fontFaceCss', () => {
  it('loads only complete entries, as woff2, with the full weight axis for variable fonts', () => {
    const css = fontFaceCss([
      { family: 'Inter', path: '/fonts/inter.woff2', weight_range: [300, 700], is_variable: true },
      { family: 'Lora', path: '/fonts/lora-600.woff2', weight_range: [600, 600], is_variable: false },
      { family: 'Broken', path: null, weight_range: [400, 400], is_variable: false },
      { family: null, path: '/fonts/x.woff2', weight_range: [400, 400], is_variable: false },
      { family: 'NoRange', path: '/fonts/y.woff2', weight_range: null, is_variable: false },
    ]);
    expect(css).toContain('font-family:"Inter";src:url("/fonts/inter.woff2") format("woff2");font-weight:100 900');
    expect(css).toContain('font-family:"Lora";src:url("/fonts/lora-600.woff2") format("woff2");font-weight:600;');
    expect(css.match(/@font-face/g)).toHaveLength(2);
  });
});

describe('bodyFontFile', () => {
  const lora = {
    family: 'Lora',
    path: '/assets/fonts/lora.woff2',
    weight_range: [400, 700] as [number, number],
    is_variable: true,
  };
  it("is the text font's file when the text is in a web font, else null", () => {
    const typography = { body_font: 'Lora', heading_font: 'Georgia', base_size_px: 16 };
    expect(bodyFontFile({ typography, fonts: [lora] })).toBe('/assets/fonts/lora.woff2');
    expect(bodyFontFile({ typography: { ...typography, body_font: 'Georgia' }, fonts: [lora] })).toBeNull();
    expect(bodyFontFile({ typography, fonts: [{ ...lora, weight_range: null }] })).toBeNull();
    expect(bodyFontFile({ typography, fonts: [] })).toBeNull();
  });
});

describe('fontStack and escaping', () => {
  it('adds a fallback that matches the look of the chosen family', () => {
    expect(fontStack('Georgia')).toMatch(/^"Georgia", ui-serif/);
    expect(fontStack('Inter')).toMatch(/^"Inter", ui-sans-serif/);
    expect(fontStack('Lora')).toMatch(/^"Lora", ui-serif/);
    expect(fontStack('Literata')).toMatch(/^"Literata", ui-serif/);
    expect(fontStack('Playfair Display')).toMatch(/^"Playfair Display", ui-serif/);
    // Unquoted, a word that starts with a digit would make the whole declaration invalid.
    expect(fontStack('Source Sans 3')).toMatch(/^"Source Sans 3", ui-sans-serif/);
    expect(fontStack('system-ui')).toBe('system-ui');
    expect(fontStack('Evil;} body{display:none')).not.toMatch(/[;{}]/);
  });

  it('never lets settings close the <style> element', () => {
    expect(escapeStyleText('a{}</style><script>alert(1)</script>')).not.toMatch(/<\/style/i);
    const css = storefrontCss({
      theme,
      typography: { body_font: 'system-ui', heading_font: 'Georgia', base_size_px: 17 },
      fonts: [],
      custom_css: '.x{color:red}</STYLE><script>alert(1)</script>',
    });
    expect(css).toContain('--sf-font-size:17px');
    expect(css).toContain('.x{color:red}');
    expect(css).not.toMatch(/<\/style/i);
  });
});
