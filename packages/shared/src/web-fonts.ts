import type { Font } from './schemas/storefront.ts';
import { DEVICE_FONTS, type WebFontFamily } from './shop-fonts.ts';

/**
 * The web fonts: each the Latin subset of the variable weight axis (`wght`, upright only) of the
 * `@fontsource-variable/<slug>` package (devDependencies: only the build reads them; `webFontSource`).
 * `hash` is the start of the file's SHA-256: it names the file the build writes
 * (apps/storefront/web-fonts.ts refuses to build when a package update changed the file and the
 * hash here was not updated). `weight_range` is the font's own wght axis; `kb` its size, shown to
 * the owner. Kept short: the panel's first screens load this list with the contract's schemas.
 */
export const WEB_FONTS = [
  {
    family: 'Inter',
    label: 'Inter',
    hash: '3100e775e8',
    weight_range: [100, 900],
    kb: 48,
  },
  {
    family: 'Source Sans 3',
    label: 'Source Sans 3',
    hash: '7a19a7027e',
    weight_range: [200, 900],
    kb: 29,
  },
  {
    family: 'Work Sans',
    label: 'Work Sans',
    hash: '1dd49afc07',
    weight_range: [100, 900],
    kb: 50,
  },
  {
    family: 'Lora',
    label: 'Lora (serif)',
    hash: 'ddb8c66035',
    weight_range: [400, 700],
    kb: 38,
  },
  {
    family: 'Playfair Display',
    label: 'Playfair Display (serif)',
    hash: 'e0c764a8e9',
    weight_range: [400, 900],
    kb: 38,
  },
  {
    family: 'Literata',
    label: 'Literata (serif)',
    hash: '9adbeac5b1',
    weight_range: [200, 900],
    kb: 52,
  },
] as const satisfies readonly {
  family: WebFontFamily;
  label: string;
  hash: string;
  weight_range: readonly [number, number];
  kb: number;
}[];

export type WebFont = (typeof WEB_FONTS)[number];

/** Every font an owner may choose, with its label: the device fonts, then the web fonts. */
export const SHOP_FONTS = [...DEVICE_FONTS, ...WEB_FONTS] as const;

/** A web font's name in its package's and its file's names: "Source Sans 3" is source-sans-3. */
function slugOf(font: Pick<WebFont, 'family'>): string {
  return font.family.toLowerCase().replace(/ /g, '-');
}

/** The package file of a web font, to `require.resolve` (the build and the tests only). */
export function webFontSource(font: Pick<WebFont, 'family'>): string {
  const slug = slugOf(font);
  return `@fontsource-variable/${slug}/files/${slug}-latin-wght-normal.woff2`;
}

/** Where the storefront's build puts a web font's file (served from the shop itself, immutable). */
export function webFontPath(font: Pick<WebFont, 'family' | 'hash'>): string {
  return `/assets/fonts/${slugOf(font)}-${font.hash}.woff2`;
}

/** The web font of `family`, or undefined for a device font (or a family the list does not have). */
export function webFontOf(family: string): WebFont | undefined {
  return WEB_FONTS.find((f) => f.family === family);
}

/** A web font as an entry of the storefront settings' `fonts` (spec section 3). */
function fontEntry(font: WebFont): Font {
  return {
    family: font.family,
    path: webFontPath(font),
    weight_range: [font.weight_range[0], font.weight_range[1]],
    is_variable: true,
  };
}

/**
 * The `fonts` entries the chosen text and heading typefaces need: one per distinct web font, the
 * text's first (the one the storefront preloads). Device fonts need none.
 */
export function webFontEntries(typography: { body_font: string; heading_font: string }): Font[] {
  const families = [...new Set([typography.body_font, typography.heading_font])];
  return families.flatMap((family) => {
    const font = webFontOf(family);
    return font ? [fontEntry(font)] : [];
  });
}

/**
 * Saved `fonts` entries with the current file of each web font of the list: a saved path names the
 * file of the build that published it, and an update of a font package renames the file.
 * Entries of other families are kept as they are.
 */
export function currentFontEntries(fonts: Font[]): Font[] {
  return fonts.map((entry) => {
    const font = entry.family ? webFontOf(entry.family) : undefined;
    return font ? fontEntry(font) : entry;
  });
}
