/**
 * The typefaces an owner may choose for the shop's text and headings (issue 28). Each is a font
 * the shopper's device already has (a system family or one installed with every desktop and phone
 * system), so the shop serves nothing and asks no other site: the CSP allows fonts from the shop
 * itself only (`font-src 'self' data:`), and a font CDN would also tell it who visits. The value
 * stored in `typography` is the family; the storefront adds the matching fallback list
 * (apps/storefront/app/lib/theme.ts `fontStack`).
 */
export const SHOP_FONTS = [
  { family: 'system-ui', label: 'System sans-serif' },
  { family: 'Arial', label: 'Arial' },
  { family: 'Verdana', label: 'Verdana' },
  { family: 'Trebuchet MS', label: 'Trebuchet MS' },
  { family: 'Georgia', label: 'Georgia (serif)' },
  { family: 'Times New Roman', label: 'Times New Roman (serif)' },
  { family: 'monospace', label: 'Monospace' },
] as const;

export type ShopFont = (typeof SHOP_FONTS)[number]['family'];

export const SHOP_FONT_FAMILIES = SHOP_FONTS.map((f) => f.family) as [ShopFont, ...ShopFont[]];

/** Whether `family` is one of SHOP_FONTS (what a preview message or a PATCH may name). */
export function isShopFont(family: unknown): family is ShopFont {
  return typeof family === 'string' && (SHOP_FONT_FAMILIES as string[]).includes(family);
}
