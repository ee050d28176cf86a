import { colord } from 'colord';
import type { Storefront, ThemeColours } from '@shopfront/shared';
import { storefrontCss } from '../../lib/theme';
import type { PreviewTypography } from './look';
import { THEME_COLOUR_KEYS } from './messages';

/**
 * The page's CSS with the admin's unsaved colours, typefaces and custom CSS, computed by the very
 * function the server uses for the saved ones (lib/theme.ts); the text size and font files stay as
 * saved. A colour the theme cannot parse keeps its saved value; no custom_css keeps the saved
 * custom CSS, no typography the saved typefaces.
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
  return storefrontCss({
    ...saved,
    theme,
    typography: { ...saved.typography, ...change.typography },
    custom_css: change.custom_css ?? saved.custom_css,
  });
}
