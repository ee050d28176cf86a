import { isShopFont, type ShopFont, type Storefront } from '@shopfront/shared';
import { picture } from './content';
import type { PreviewLook } from './look-context';
import { readContentId } from './sections';

/**
 * Hand-written, lenient reading of the look fields of a `shopfront:preview:theme` message (as
 * content.ts reads content): each field is taken only when it has the saved setting's shape and
 * limits, else the saved value stays. Texts are only ever rendered as text.
 */

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown, max: number): string | undefined =>
  typeof v === 'string' && v.length <= max ? v : undefined;
const flag = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);

/** The text and heading typefaces a preview may show: SHOP_FONTS only (what a PATCH allows). */
export type PreviewTypography = Partial<{ body_font: ShopFont; heading_font: ShopFont }>;

export function readTypography(v: unknown): PreviewTypography | undefined {
  if (!isObject(v)) return undefined;
  const out: PreviewTypography = {};
  if (isShopFont(v.body_font)) out.body_font = v.body_font;
  if (isShopFont(v.heading_font)) out.heading_font = v.heading_font;
  return Object.keys(out).length ? out : undefined;
}

/** Only the fields the message carries in a valid shape; limits as the owner API's. */
function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

type NestedKey = 'notice_bar' | 'topbar' | 'cookie_warning';
/** A nested setting (notice bar, top bar, cookie texts) as sent: any of its fields. */
type Nested<K extends NestedKey> = Partial<Storefront[K]>;

/** The look a theme message carries: nested settings in part (the saved fields fill in the rest). */
export type LookChange = Omit<PreviewLook, NestedKey> & { [K in NestedKey]?: Nested<K> };

function readNotice(v: unknown): Nested<'notice_bar'> | undefined {
  if (!isObject(v)) return undefined;
  const slug = v.page_slug === null || v.page_slug === '' ? null : (readContentId(v.page_slug) ?? undefined);
  const linkText = v.link_text === null || v.link_text === '' ? null : text(v.link_text, 60);
  return defined({
    enabled: flag(v.enabled),
    message: text(v.message, 300),
    link_text: linkText,
    page_slug: slug,
    is_closable: flag(v.is_closable),
  });
}

/**
 * The look of a theme message: the logo (a picture by the cover's rule, or null for the shop's
 * name), page width, header and scroll button switches, notice bar, top bar and cookie banner.
 * Nested objects are sent whole or in part; the saved fields fill in the rest (`withLook`).
 */
export function readLook(data: Obj): LookChange {
  const look: LookChange = {};
  if (data.logo === null) look.logo = null;
  else if (isObject(data.logo)) {
    const logo = picture(data.logo.url, data.logo.alt);
    if (logo) look.logo = { url: logo.url, alt: logo.alt.slice(0, 120) };
  }
  if (data.page_layout === 'boxed' || data.page_layout === 'full_width') look.page_layout = data.page_layout;
  const sticky = flag(data.is_sticky_header_enabled);
  if (sticky !== undefined) look.is_sticky_header_enabled = sticky;
  const scroll = flag(data.is_scroll_button_enabled);
  if (scroll !== undefined) look.is_scroll_button_enabled = scroll;
  const cookie = flag(data.is_cookie_warning_enabled);
  if (cookie !== undefined) look.is_cookie_warning_enabled = cookie;
  const notice = readNotice(data.notice_bar);
  if (notice) look.notice_bar = notice;
  if (isObject(data.topbar)) {
    look.topbar = defined({ enabled: flag(data.topbar.enabled), message: text(data.topbar.message, 200) });
  }
  if (isObject(data.cookie_warning)) {
    look.cookie_warning = defined({
      title: text(data.cookie_warning.title, 120),
      message: text(data.cookie_warning.message, 1000),
    });
  }
  return look;
}

/** The saved settings with a message's look over them (nested ones field by field). */
export function withLook(saved: Storefront, look: LookChange): PreviewLook {
  const { notice_bar, topbar, cookie_warning, ...flat } = look;
  return {
    ...flat,
    ...(notice_bar ? { notice_bar: { ...saved.notice_bar, ...notice_bar } } : {}),
    ...(topbar ? { topbar: { ...saved.topbar, ...topbar } } : {}),
    ...(cookie_warning ? { cookie_warning: { ...saved.cookie_warning, ...cookie_warning } } : {}),
  };
}
