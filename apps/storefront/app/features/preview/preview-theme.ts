import { colord } from 'colord';
import type { Storefront, ThemeColours } from '@shopfront/shared';
import { storefrontCss } from '../../lib/theme';
import { THEME_COLOUR_KEYS } from './messages';

/**
 * The page's CSS with the admin's unsaved colours and custom CSS, computed by the very function
 * the server uses for the saved ones (lib/theme.ts); typography and fonts stay as saved. A colour
 * the theme cannot parse keeps its saved value; no custom_css keeps the saved custom CSS.
 */
export function previewThemeCss(
  saved: Pick<Storefront, 'theme' | 'typography' | 'fonts' | 'custom_css'>,
  change: { theme: Partial<ThemeColours>; custom_css?: string },
): string {
  const theme: ThemeColours = { ...saved.theme };
  for (const key of THEME_COLOUR_KEYS) {
    const value = change.theme[key];
    if (value !== undefined && colord(value).isValid()) theme[key] = value;
  }
  return storefrontCss({ ...saved, theme, custom_css: change.custom_css ?? saved.custom_css });
}
