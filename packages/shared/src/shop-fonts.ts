import type { Font } from './schemas/storefront.ts';

/**
 * The typefaces an owner may choose for the shop's text and headings (issue 28), in two kinds:
 *
 * - device fonts: a system family or one installed with every desktop and phone system; the shop
 *   serves nothing for them;
 * - web fonts: open-licence (SIL OFL 1.1) variable fonts the shop serves itself as woff2, from its
 *   own build (`/assets/fonts/…`, hashed names, cached for a year). The CSP allows fonts from the
 *   shop itself only (`font-src 'self' data:`), and a font CDN would also tell it who visits.
 *
 * The value stored in `typography` is the family; the storefront adds the matching fallback list
 * (apps/storefront/app/lib/theme.ts `fontStack`). For a web font, the storefront settings'
 * `fonts` also carry its file (family, path, weight_range, is_variable), written by the server
 * from the chosen families (`webFontEntries`), never taken from a client.
 */
export const DEVICE_FONTS = [
  { family: 'system-ui', label: 'System sans-serif' },
  { family: 'Arial', label: 'Arial' },
  { family: 'Verdana', label: 'Verdana' },
  { family: 'Trebuchet MS', label: 'Trebuchet MS' },
  { family: 'Georgia', label: 'Georgia (serif)' },
  { family: 'Times New Roman', label: 'Times New Roman (serif)' },
  { family: 'monospace', label: 'Monospace' },
] as const;

/**
 * The web fonts: each the Latin subset of the variable weight axis (`wght`, upright only) of one
 * `@fontsource-variable/*` package (devDependencies: only the build reads them). `hash` is the
 * start of the file's SHA-256: it names the file the build writes (apps/storefront/web-fonts.ts
 * refuses to build when a package update changed the file and the hash here was not updated).
 * `weight_range` is the font's own wght axis; `kb` its size, shown to the owner.
 */
export const WEB_FONTS = [
  {
    family: 'Inter',
    label: 'Inter',
    package: '@fontsource-variable/inter',
    file: 'inter-latin-wght-normal',
    hash: '3100e775e8',
    weight_range: [100, 900],
    serif: false,
    kb: 48,
  },
  {
    family: 'Source Sans 3',
    label: 'Source Sans 3',
    package: '@fontsource-variable/source-sans-3',
    file: 'source-sans-3-latin-wght-normal',
    hash: '7a19a7027e',
    weight_range: [200, 900],
    serif: false,
    kb: 29,
  },
  {
    family: 'Work Sans',
    label: 'Work Sans',
    package: '@fontsource-variable/work-sans',
    file: 'work-sans-latin-wght-normal',
    hash: '1dd49afc07',
    weight_range: [100, 900],
    serif: false,
    kb: 50,
  },
  {
    family: 'Lora',
    label: 'Lora (serif)',
    package: '@fontsource-variable/lora',
    file: 'lora-latin-wght-normal',
    hash: 'ddb8c66035',
    weight_range: [400, 700],
    serif: true,
    kb: 38,
  },
  {
    family: 'Playfair Display',
    label: 'Playfair Display (serif)',
    package: '@fontsource-variable/playfair-display',
    file: 'playfair-display-latin-wght-normal',
    hash: 'e0c764a8e9',
    weight_range: [400, 900],
    serif: true,
    kb: 38,
  },
  {
    family: 'Literata',
    label: 'Literata (serif)',
    package: '@fontsource-variable/literata',
    file: 'literata-latin-wght-normal',
    hash: '9adbeac5b1',
    weight_range: [200, 900],
    serif: true,
    kb: 52,
  },
] as const;

export type WebFont = (typeof WEB_FONTS)[number];

/** Every family an owner may choose: the device fonts, then the web fonts. */
export const SHOP_FONTS = [...DEVICE_FONTS, ...WEB_FONTS] as const;

export type ShopFont = (typeof SHOP_FONTS)[number]['family'];

export const SHOP_FONT_FAMILIES = SHOP_FONTS.map((f) => f.family) as [ShopFont, ...ShopFont[]];

/** Whether `family` is one of SHOP_FONTS (what a preview message or a PATCH may name). */
export function isShopFont(family: unknown): family is ShopFont {
  return typeof family === 'string' && (SHOP_FONT_FAMILIES as string[]).includes(family);
}

/** Where the storefront's build puts a web font's file (served from the shop itself, immutable). */
export function webFontPath(font: Pick<WebFont, 'file' | 'hash'>): string {
  return `/assets/fonts/${font.file}-${font.hash}.woff2`;
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
