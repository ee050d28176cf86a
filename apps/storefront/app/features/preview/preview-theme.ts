import { colord } from 'colord';
import { webFontEntries, type Storefront, type ThemeColours } from '@shopfront/shared';
import { storefrontCss } from '../../lib/theme';
import type { PreviewTypography } from './look';
import { THEME_COLOUR_KEYS } from './messages';

/**
 * The page's CSS with the admin's unsaved colours, typefaces and custom CSS, computed by the very
 * function the server uses for the saved ones (lib/theme.ts); the text size stays as saved. A
 * previewed web font is loaded from the shop as a published one would be: its `fonts` entries are
 * the server's own (`webFontEntries` of the shared list), never a path from the message. A colour
 * the theme cannot parse keeps its saved value; no custom_css keeps the saved custom CSS, no
 * typography the saved typefaces.
 */
export function previewThemeCss(
  saved: Pick<Storefront, 'theme' | 'typography' | 'fonts' | 'custom_css'>,
  change: { theme: Partial<ThemeColours>; custom_css?: string; typography?: PreviewTypography },
): string {
  const theme: ThemeColours = { ...saved.theme };
  for (const key of THEME_COLOUR_KEYS) {
    const value = change.theme[key];
    if (value !== undefined && colord(value).isValid()) theme[key] = value;
  }
  const typography = { ...saved.typography, ...change.typography };
  return storefrontCss({
    ...saved,
    theme,
    typography,
    fonts: change.typography ? webFontEntries(typography) : saved.fonts,
    custom_css: change.custom_css ?? saved.custom_css,
  });
}
