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
 * from the chosen families (`webFontEntries`, web-fonts.ts), never taken from a client.
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
 * The web fonts' families (their files and sizes are in web-fonts.ts, which only the screens and
 * the server that need them load: the panel's setup loads this list with the contract's schemas).
 */
export const WEB_FONT_FAMILIES = [
  'Inter',
  'Source Sans 3',
  'Work Sans',
  'Lora',
  'Playfair Display',
  'Literata',
] as const;

export type WebFontFamily = (typeof WEB_FONT_FAMILIES)[number];

export type ShopFont = (typeof DEVICE_FONTS)[number]['family'] | WebFontFamily;

/** Every family an owner may choose: the device fonts, then the web fonts. */
export const SHOP_FONT_FAMILIES: [ShopFont, ...ShopFont[]] = [
  DEVICE_FONTS[0].family,
  ...DEVICE_FONTS.slice(1).map((f) => f.family),
  ...WEB_FONT_FAMILIES,
];

/** Whether `family` is one of SHOP_FONT_FAMILIES (what a preview message or a PATCH may name). */
export function isShopFont(family: unknown): family is ShopFont {
  return typeof family === 'string' && (SHOP_FONT_FAMILIES as string[]).includes(family);
}
