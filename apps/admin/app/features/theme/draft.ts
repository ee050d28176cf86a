import type { AdminStorefront, AdminVersion, StorefrontPatch, ThemeColours } from '@shopfront/shared';

/** What the Theme screen edits: the storefront's look, as the owner API takes it. */
export interface ThemeDraft {
  theme: ThemeColours;
  /** Typefaces of SHOP_FONTS, device or web fonts (a saved family outside the list is kept until another is chosen). */
  typography: { body_font: string; heading_font: string };
  /** The header's logo; an empty address is none (the shop's name in text). */
  logo: { url: string; alt: string };
  /** Owners only change it (the API refuses others); everyone's draft carries the saved one. */
  custom_css: string;
  page_layout: 'boxed' | 'full_width';
  is_sticky_header_enabled: boolean;
  is_scroll_button_enabled: boolean;
  notice_bar: { enabled: boolean; message: string; link_text: string; page_slug: string; is_closable: boolean };
  topbar: { enabled: boolean; message: string };
  is_cookie_warning_enabled: boolean;
  cookie_warning: { title: string; message: string };
}

/** The saved storefront as a draft (an absent link text or page is an empty field). */
export function draftOf(sf: AdminStorefront): ThemeDraft {
  return {
    theme: { ...sf.theme },
    typography: { body_font: sf.typography.body_font, heading_font: sf.typography.heading_font },
    logo: { url: sf.logo?.url ?? '', alt: sf.logo?.alt ?? '' },
    custom_css: sf.custom_css,
    page_layout: sf.page_layout,
    is_sticky_header_enabled: sf.is_sticky_header_enabled,
    is_scroll_button_enabled: sf.is_scroll_button_enabled,
    notice_bar: {
      enabled: sf.notice_bar.enabled,
      message: sf.notice_bar.message,
      link_text: sf.notice_bar.link_text ?? '',
      page_slug: sf.notice_bar.page_slug ?? '',
      is_closable: sf.notice_bar.is_closable,
    },
    topbar: { ...sf.topbar },
    is_cookie_warning_enabled: sf.is_cookie_warning_enabled,
    cookie_warning: { ...sf.cookie_warning },
  };
}

/**
 * A kept Theme version (its body: the whole look as a PATCH) as a draft. Custom CSS is in it for
 * owners only; for others the current draft's stays (they cannot change it).
 */
export function versionDraft(v: AdminVersion, current: ThemeDraft): ThemeDraft {
  const look = { custom_css: current.custom_css, ...v.body } as unknown as AdminStorefront;
  return draftOf(look);
}

/** The keys of `draft` that differ from `base`; nested objects only with their changed fields. */
function changedFields<T extends object>(base: T, draft: T): Partial<T> | undefined {
  const out: Partial<T> = {};
  for (const k of Object.keys(draft) as (keyof T)[]) if (draft[k] !== base[k]) out[k] = draft[k];
  return Object.keys(out).length ? out : undefined;
}

/**
 * The PATCH /api/admin/storefront body of a publish: only what changed since `saved` (an empty
 * link text or page is sent as null, an empty logo address as no logo). Null when nothing changed.
 */
export function changesOf(saved: ThemeDraft, draft: ThemeDraft): StorefrontPatch | null {
  const patch: StorefrontPatch = {};
  const theme = changedFields(saved.theme, draft.theme);
  if (theme) patch.theme = theme;
  const typography = changedFields(saved.typography, draft.typography);
  if (typography) patch.typography = typography as StorefrontPatch['typography'];
  if (changedFields(saved.logo, draft.logo)) {
    const url = draft.logo.url.trim();
    patch.logo = url ? { url, alt: draft.logo.alt.trim() } : null;
  }
  if (draft.custom_css !== saved.custom_css) patch.custom_css = draft.custom_css;
  if (draft.page_layout !== saved.page_layout) patch.page_layout = draft.page_layout;
  if (draft.is_sticky_header_enabled !== saved.is_sticky_header_enabled)
    patch.is_sticky_header_enabled = draft.is_sticky_header_enabled;
  if (draft.is_scroll_button_enabled !== saved.is_scroll_button_enabled)
    patch.is_scroll_button_enabled = draft.is_scroll_button_enabled;
  const notice = changedFields(saved.notice_bar, draft.notice_bar);
  if (notice) {
    const { link_text, page_slug, ...rest } = notice;
    patch.notice_bar = {
      ...rest,
      ...(link_text !== undefined ? { link_text: link_text.trim() || null } : {}),
      ...(page_slug !== undefined ? { page_slug: page_slug.trim() || null } : {}),
    };
  }
  const topbar = changedFields(saved.topbar, draft.topbar);
  if (topbar) patch.topbar = topbar;
  if (draft.is_cookie_warning_enabled !== saved.is_cookie_warning_enabled)
    patch.is_cookie_warning_enabled = draft.is_cookie_warning_enabled;
  const cookie = changedFields(saved.cookie_warning, draft.cookie_warning);
  if (cookie) patch.cookie_warning = cookie;
  return Object.keys(patch).length ? patch : null;
}

/**
 * What the preview frame is sent: the whole draft as a `shopfront:preview:theme` message
 * (docs/preview-protocol.md), in the shapes the storefront's settings have. No logo address is
 * no logo; an address being typed that is not a picture yet is skipped by the shop (the saved
 * logo stays).
 */
export function previewMessageOf(draft: ThemeDraft) {
  const url = draft.logo.url.trim();
  return {
    type: 'shopfront:preview:theme',
    theme: draft.theme,
    typography: draft.typography,
    custom_css: draft.custom_css,
    logo: url ? { url, alt: draft.logo.alt } : null,
    page_layout: draft.page_layout,
    is_sticky_header_enabled: draft.is_sticky_header_enabled,
    is_scroll_button_enabled: draft.is_scroll_button_enabled,
    notice_bar: {
      ...draft.notice_bar,
      link_text: draft.notice_bar.link_text.trim() || null,
      page_slug: draft.notice_bar.page_slug.trim() || null,
    },
    topbar: draft.topbar,
    is_cookie_warning_enabled: draft.is_cookie_warning_enabled,
    cookie_warning: draft.cookie_warning,
  };
}
