import {
  PreviewFormMessageSchema,
  type Faq,
  type FormDefinition,
  type Menu,
  type Section,
  type Slider,
  type Testimonial,
  type ThemeColours,
} from '@shopfront/shared';
import { readFaqGroup, readFaqItems, readPost, readSlides, readTestimonials, type PreviewPost } from './content';
import { readLook, readTypography, type LookChange, type PreviewTypography } from './look';
import { readMenus } from './menus';
import { readContentId, readSections } from './sections';

/**
 * The preview protocol between the admin panel (the parent window) and the storefront in its
 * frame; docs/preview-protocol.md describes it for the panel's side.
 */
export const PREVIEW_MESSAGE = {
  /** Parent → shop: show these (unsaved) theme colours, fonts, custom CSS, logo, layout, bars and cookie texts. */
  theme: 'shopfront:preview:theme',
  /** Parent → shop: show these (unsaved) sections in place of the page's own. */
  sections: 'shopfront:preview:sections',
  /** Parent → shop: show these (unsaved) menus in the header and footer. */
  menus: 'shopfront:preview:menus',
  /** Parent → shop: show this (unsaved) blog post in the blog post layout. */
  post: 'shopfront:preview:post',
  /** Parent → shop: show these (unsaved) slides in the hero sliders that show this slider. */
  slider: 'shopfront:preview:slider',
  /** Parent → shop: show these (unsaved) questions in the FAQ sections that show this group. */
  faq: 'shopfront:preview:faq',
  /** Parent → shop: show this (unsaved) form in the form sections that show it. */
  form: 'shopfront:preview:form',
  /** Parent → shop: show these (unsaved) testimonials in every testimonials section. */
  testimonials: 'shopfront:preview:testimonials',
  /** Parent → shop: scroll this section into view and outline it briefly (the one being edited). */
  focus: 'shopfront:preview:focus',
  /** Parent → shop: drop every unsaved change and show the saved shop again. */
  reset: 'shopfront:preview:reset',
  /** Shop → parent: the page is interactive and listening (sent once per page load). */
  ready: 'shopfront:preview:ready',
  /** Shop → parent: one of the Edit Header, Edit Footer or Edit Page buttons was pressed. */
  edit: 'shopfront:edit',
} as const;

/** The theme colours a preview may change (ThemeColoursSchema's keys). */
export const THEME_COLOUR_KEYS = [
  'primary',
  'secondary',
  'accent',
  'background',
  'surface',
  'text',
  'muted',
  'topbar_background',
  'topbar_text',
  'footer_background',
  'footer_text',
] as const satisfies readonly (keyof ThemeColours)[];

/** Longest custom CSS a preview message may carry (a stylesheet, not a payload). */
export const PREVIEW_MAX_CUSTOM_CSS = 100_000;
const MAX_COLOUR = 64;

export type ParentMessage =
  | {
      type: typeof PREVIEW_MESSAGE.theme;
      theme: Partial<ThemeColours>;
      custom_css?: string;
      typography?: PreviewTypography;
      look: LookChange;
    }
  | { type: typeof PREVIEW_MESSAGE.sections; sections: Section[] }
  | { type: typeof PREVIEW_MESSAGE.menus; menus: Record<string, Menu> }
  | { type: typeof PREVIEW_MESSAGE.post; post: PreviewPost }
  | { type: typeof PREVIEW_MESSAGE.slider; id: string; slides: Slider['slides'] }
  | {
      type: typeof PREVIEW_MESSAGE.faq;
      id: string;
      title: string | null;
      description: string | null;
      items: Faq['items'];
    }
  | { type: typeof PREVIEW_MESSAGE.form; form: FormDefinition; is_active: boolean }
  | { type: typeof PREVIEW_MESSAGE.testimonials; items: Testimonial[] }
  | { type: typeof PREVIEW_MESSAGE.focus; section: string }
  | { type: typeof PREVIEW_MESSAGE.reset };

export type EditTarget = 'header' | 'footer' | 'page';

export interface EditMessage {
  type: typeof PREVIEW_MESSAGE.edit;
  target: EditTarget;
  page: { slug: string; page_type: string };
}

export interface ReadyMessage {
  type: typeof PREVIEW_MESSAGE.ready;
  path: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads what the parent posted: one of the known messages with the fields it needs, or null for
 * anything else (which the caller ignores without a word). Colour values are only checked for
 * shape here; one the theme cannot parse keeps the saved colour.
 */
export function parseParentMessage(data: unknown): ParentMessage | null {
  if (!isObject(data)) return null;
  switch (data.type) {
    case PREVIEW_MESSAGE.theme: {
      if (!isObject(data.theme)) return null;
      const theme: Partial<ThemeColours> = {};
      for (const key of THEME_COLOUR_KEYS) {
        const value = data.theme[key];
        if (typeof value === 'string' && value.length > 0 && value.length <= MAX_COLOUR) theme[key] = value;
      }
      const typography = readTypography(data.typography);
      const rest = { look: readLook(data), ...(typography ? { typography } : {}) };
      if (data.custom_css === undefined || data.custom_css === null) return { type: data.type, theme, ...rest };
      if (typeof data.custom_css !== 'string' || data.custom_css.length > PREVIEW_MAX_CUSTOM_CSS) return null;
      return { type: data.type, theme, custom_css: data.custom_css, ...rest };
    }
    case PREVIEW_MESSAGE.sections:
      return Array.isArray(data.sections) ? { type: data.type, sections: readSections(data.sections) } : null;
    case PREVIEW_MESSAGE.menus: {
      const menus = readMenus(data.menus);
      return menus ? { type: data.type, menus } : null;
    }
    case PREVIEW_MESSAGE.post: {
      const post = readPost(data.post);
      return post ? { type: data.type, post } : null;
    }
    case PREVIEW_MESSAGE.slider: {
      const id = readContentId(data.id);
      return id && Array.isArray(data.slides) ? { type: data.type, id, slides: readSlides(data.slides) } : null;
    }
    case PREVIEW_MESSAGE.faq: {
      const id = readContentId(data.id);
      if (!id || !Array.isArray(data.items)) return null;
      return { type: data.type, id, ...readFaqGroup(data), items: readFaqItems(data.items) };
    }
    case PREVIEW_MESSAGE.form: {
      // The contract's schema (this module loads only inside the panel's frame, so zod does too).
      const parsed = PreviewFormMessageSchema.safeParse(data);
      if (!parsed.success) return null;
      const { type, is_active, ...form } = parsed.data;
      return { type, form, is_active };
    }
    case PREVIEW_MESSAGE.testimonials:
      return Array.isArray(data.items) ? { type: data.type, items: readTestimonials(data.items) } : null;
    case PREVIEW_MESSAGE.focus: {
      // A section key's rule (readSections), so it can only name a section the page renders.
      const section = readContentId(data.section);
      return section ? { type: data.type, section } : null;
    }
    case PREVIEW_MESSAGE.reset:
      return { type: data.type };
    default:
      return null;
  }
}

/**
 * Whether a `message` event may drive the preview: it comes from exactly the configured admin
 * origin and from the window that frames this page (not a popup or a child frame of it).
 */
export function isFromAdmin(
  event: Pick<MessageEvent, 'origin' | 'source'>,
  adminOrigin: string,
  parent: MessageEventSource | null,
): boolean {
  return event.origin === adminOrigin && parent !== null && event.source === parent;
}
