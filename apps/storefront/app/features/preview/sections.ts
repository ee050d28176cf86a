import {
  MARQUEE_DEFAULT_DURATION_S,
  NEWSLETTER_SECTION_BACKGROUNDS,
  NEWSLETTER_SECTION_DEFAULT_BUTTON,
  NEWSLETTER_SECTION_LIMITS,
  isSafeLink,
  type ContentBlock,
  type InlineSpan,
  type Section,
  type SectionType,
} from '@shopfront/shared';

/**
 * Hand-written, lenient reading of the sections an admin panel sends for a live preview. It
 * mirrors SectionSchema (packages/shared/src/schemas/content.ts) with its defaults, without
 * zod (ADR 10: browsing pages do not download it): a section that cannot be shown is left out,
 * never thrown on, so whatever the parent sends, the page keeps rendering.
 */

/** The most sections one preview message may carry; more are ignored. */
export const PREVIEW_MAX_SECTIONS = 100;

type Obj = Record<string, unknown>;

const CONTENT_ID = /^[a-z0-9][a-z0-9-]{0,99}$/;
const TAG = /^[a-z0-9][a-z0-9-]{0,49}$/;
const MAX_TEXT = 20_000;

const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown, max = MAX_TEXT): string | null => (typeof v === 'string' && v.length <= max ? v : null);
/** A content row's id (a slider's, a FAQ group's, a form's), or null. */
export const readContentId = (v: unknown): string | null => (typeof v === 'string' && CONTENT_ID.test(v) ? v : null);
const id = readContentId;
/** A title: absent is '' (the schema's default); anything else that is not text fails. */
const title = (v: unknown): string | null => (v === undefined ? '' : str(v, 500));

/** An integer in range, the default when absent, null when present but wrong. */
function int(v: unknown, min: number, max: number, fallback: number): number | null {
  if (v === undefined) return fallback;
  return typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : null;
}

/** A link the storefront may follow (SectionSchema's rule): a path on this shop, http(s), mailto: or tel:; absent is null. */
export function readLink(v: unknown): string | null | undefined {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string' || v.length > 2000) return undefined;
  return isSafeLink(v) ? v : undefined;
}

const image = (v: unknown): { url: string; alt: string } | null => {
  if (!isObject(v)) return null;
  const url = str(v.url, 2000);
  const alt = v.alt === undefined ? '' : str(v.alt, 500);
  return url && alt !== null ? { url, alt } : null;
};

function slugList(v: unknown): string[] | null {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.length > 48) return null;
  return v.every((s) => id(s) !== null) ? (v as string[]) : null;
}

/** A paragraph's marked runs (ContentBlockSchema's spans), or null when one is not shown as such. */
function readSpans(v: unknown): InlineSpan[] | null {
  if (!Array.isArray(v) || v.length > 500) return null;
  const spans: InlineSpan[] = [];
  for (const s of v) {
    if (!isObject(s)) return null;
    const text = str(s.text);
    const href = s.href === undefined ? null : readLink(s.href);
    if (text === null || href === undefined) return null;
    if (
      (s.bold !== undefined && typeof s.bold !== 'boolean') ||
      (s.italic !== undefined && typeof s.italic !== 'boolean')
    )
      return null;
    spans.push({
      text,
      ...(s.bold ? { bold: true } : {}),
      ...(s.italic ? { italic: true } : {}),
      ...(href ? { href } : {}),
    });
  }
  return spans;
}

/** One rich-text block, or null when it is not one the storefront can show. */
export function readContentBlock(v: unknown): ContentBlock | null {
  if (!isObject(v)) return null;
  switch (v.type) {
    case 'heading': {
      const text = str(v.text);
      const level = v.level === undefined ? 2 : v.level;
      return text !== null && (level === 2 || level === 3) ? { type: 'heading', text, level } : null;
    }
    case 'paragraph': {
      const text = str(v.text);
      if (text === null) return null;
      if (v.spans === undefined) return { type: 'paragraph', text };
      const spans = readSpans(v.spans);
      return spans ? { type: 'paragraph', text: spans.map((s) => s.text).join(''), spans } : null;
    }
    case 'image': {
      const img = image(v);
      const caption = v.caption === undefined || v.caption === null ? null : str(v.caption, 500);
      return img && (caption !== null || v.caption == null) ? { type: 'image', ...img, caption } : null;
    }
    case 'quote': {
      const text = str(v.text);
      const cite = v.cite === undefined || v.cite === null ? null : str(v.cite, 500);
      return text !== null && (cite !== null || v.cite == null) ? { type: 'quote', text, cite } : null;
    }
    case 'list': {
      if (!Array.isArray(v.items) || !v.items.every((i) => str(i) !== null)) return null;
      const ordered = v.ordered === undefined ? false : v.ordered;
      return typeof ordered === 'boolean' ? { type: 'list', items: v.items as string[], ordered } : null;
    }
    default:
      return null;
  }
}

type SettingsOf<T extends SectionType> = Extract<Section, { type: T }>['settings'];
type Reader<T extends SectionType> = (s: Obj) => SettingsOf<T> | null;

/** Each type's settings, read with the schema's defaults; null when the section cannot be shown. */
const READERS: { [T in SectionType]: Reader<T> } = {
  hero_slider: (s) => {
    const slider_id = id(s.slider_id);
    const autoplay_ms = int(s.autoplay_ms, 0, 60_000, 6000);
    return slider_id && autoplay_ms !== null ? { slider_id, autoplay_ms } : null;
  },
  marquee: (s) => {
    if (!Array.isArray(s.items)) return null;
    const items = s.items.filter((i): i is string => typeof i === 'string' && i.length > 0 && i.length <= 500);
    const duration_s =
      s.duration_s === undefined
        ? MARQUEE_DEFAULT_DURATION_S
        : typeof s.duration_s === 'number' && s.duration_s >= 1 && s.duration_s <= 600
          ? s.duration_s
          : null;
    const link_url = readLink(s.link_url);
    if (!items.length || items.length > 20 || duration_s === null || link_url === undefined) return null;
    return { items, duration_s, link_url };
  },
  product_grid: (s) => {
    const t = title(s.title);
    // The API knows the sources; one it refuses leaves the section without products.
    const source = s.source === undefined ? 'latest' : str(s.source, 50);
    const items = int(s.items, 1, 48, 8);
    const layout = s.layout === undefined ? 'grid' : s.layout;
    const view_all_url = readLink(s.view_all_url);
    if (t === null || !source || items === null || view_all_url === undefined) return null;
    if (layout !== 'grid' && layout !== 'carousel') return null;
    return { title: t, source: source as SettingsOf<'product_grid'>['source'], items, layout, view_all_url };
  },
  category_grid: (s) => {
    const t = title(s.title);
    const category_slugs = slugList(s.category_slugs);
    const limit = int(s.limit, 1, 48, 8);
    return t !== null && category_slugs && limit !== null ? { title: t, category_slugs, limit } : null;
  },
  collection_grid: (s) => {
    const t = title(s.title);
    const collection_slugs = slugList(s.collection_slugs);
    const limit = int(s.limit, 1, 48, 6);
    return t !== null && collection_slugs && limit !== null ? { title: t, collection_slugs, limit } : null;
  },
  rich_text: (s) => {
    const t = title(s.title);
    if (t === null || !Array.isArray(s.blocks) || s.blocks.length > 200) return null;
    // A block it cannot show is dropped; the rest of the text still previews.
    const blocks = s.blocks.map(readContentBlock).filter((b): b is ContentBlock => b !== null);
    return { title: t, blocks };
  },
  image_with_text: (s) => {
    const t = title(s.title);
    const text = str(s.text);
    const img = image(s.image);
    const image_position = s.image_position === undefined ? 'left' : s.image_position;
    const link_url = readLink(s.link_url);
    const link_text = s.link_text === undefined || s.link_text === null ? null : str(s.link_text, 200);
    if (t === null || text === null || !img || link_url === undefined) return null;
    if (image_position !== 'left' && image_position !== 'right') return null;
    if (link_text === null && s.link_text != null) return null;
    return { title: t, text, image: img, image_position, link_url, link_text };
  },
  testimonials: (s) => {
    const t = title(s.title);
    const limit = int(s.limit, 1, 24, 6);
    return t !== null && limit !== null ? { title: t, limit } : null;
  },
  faq: (s) => {
    const t = title(s.title);
    const faq_id = id(s.faq_id);
    return t !== null && faq_id ? { title: t, faq_id } : null;
  },
  form: (s) => {
    const t = title(s.title);
    const form_id = id(s.form_id);
    return t !== null && form_id ? { title: t, form_id } : null;
  },
  blog_list: (s) => {
    const t = title(s.title);
    const items = int(s.items, 1, 24, 3);
    const tag =
      s.tag === undefined || s.tag === null ? null : typeof s.tag === 'string' && TAG.test(s.tag) ? s.tag : '';
    const paginate = s.paginate === undefined ? false : s.paginate;
    if (t === null || items === null || tag === '' || typeof paginate !== 'boolean') return null;
    return { title: t, items, tag, paginate };
  },
  gallery: (s) => {
    const t = title(s.title);
    const columns = int(s.columns, 2, 6, 3);
    if (t === null || columns === null || !Array.isArray(s.images) || !s.images.length || s.images.length > 48) {
      return null;
    }
    const images = s.images.map((i) => {
      const img = image(i);
      const raw = isObject(i) ? i.caption : undefined;
      const caption = raw === undefined || raw === null ? null : str(raw, 500);
      return img && (caption !== null || raw == null) ? { ...img, caption } : null;
    });
    return images.every((i) => i !== null) ? { title: t, images, columns } : null;
  },
  newsletter: (s) => {
    const t = str(s.title, NEWSLETTER_SECTION_LIMITS.title);
    const text = s.text === undefined ? '' : str(s.text, NEWSLETTER_SECTION_LIMITS.text);
    const button_label =
      s.button_label === undefined
        ? NEWSLETTER_SECTION_DEFAULT_BUTTON
        : str(s.button_label, NEWSLETTER_SECTION_LIMITS.button_label);
    const background = s.background === undefined ? 'tinted' : s.background;
    const known = NEWSLETTER_SECTION_BACKGROUNDS.find((b) => b === background);
    if (!t || text === null || !button_label || !known) return null;
    return { title: t, text, button_label, background: known };
  },
  page_content: () => ({}),
};

const isSectionType = (v: unknown): v is SectionType => typeof v === 'string' && Object.hasOwn(READERS, v);

/** One section as the storefront renders it, or null (unknown type, bad key or settings, or hidden). */
export function readSection(v: unknown): Section | null {
  if (!isObject(v) || !isSectionType(v.type) || v.hidden === true) return null;
  const key = id(v.key);
  const settings = v.settings === undefined ? {} : v.settings;
  if (!key || !isObject(settings)) return null;
  const read = READERS[v.type] as Reader<SectionType>;
  const parsed = read(settings);
  return parsed ? ({ key, type: v.type, settings: parsed } as Section) : null;
}

/**
 * The sections of a preview message that can be shown, in order: unknown types, broken ones and
 * a repeated key (the page renders one section per key) are skipped.
 */
export function readSections(list: readonly unknown[]): Section[] {
  const seen = new Set<string>();
  const out: Section[] = [];
  for (const raw of list.slice(0, PREVIEW_MAX_SECTIONS)) {
    const section = readSection(raw);
    if (!section || seen.has(section.key)) continue;
    seen.add(section.key);
    out.push(section);
  }
  return out;
}
