import {
  countBlockWords,
  readingMinutes,
  type ContentBlock,
  type Faq,
  type ImageRef,
  type Slider,
  type Testimonial,
} from '@shopfront/shared';
import type { ShownPost } from '../blog/post-article';
import { readContentBlock, readLink } from './sections';

/**
 * Hand-written, lenient reading of the unsaved content an admin panel sends for a live preview
 * (as sections.ts and menus.ts do, without zod): a blog post in its own layout, a slider's slides,
 * a FAQ group's questions and the testimonials. A field that cannot be shown is dropped or left
 * empty, never thrown on; pictures are a path on the shop or an https address, links follow the
 * rule of SectionSchema. Text is only ever rendered as text.
 */

type Obj = Record<string, unknown>;
type Slide = Slider['slides'][number];
type FaqItem = Faq['items'][number];
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Text up to `max` characters; anything else is ''. */
const text = (v: unknown, max: number): string => (typeof v === 'string' && v.length <= max ? v : '');
const PICTURE = /^(\/(?![/\\])|https:\/\/[^\s/])/i;

/** The most rows (slides, questions, testimonials) one message may carry; more are ignored. */
export const PREVIEW_MAX_ROWS = 100;
const MAX_TEXT = 20_000;

/** A picture the page may load: a path on the shop or an https address, with its description. */
export function picture(url: unknown, alt: unknown): ImageRef | null {
  if (typeof url !== 'string' || url.length > 2000 || /\s/.test(url) || !PICTURE.test(url)) return null;
  return { url, alt: text(alt, 500) };
}

/** A blog post as its page shows it (the post layout's own shape), from the panel's unsaved form. */
export type PreviewPost = ShownPost;

const TAG = /^[a-z0-9][a-z0-9-]{0,49}$/;

/** The post of a `shopfront:preview:post` message, or null when it is not an object. */
export function readPost(v: unknown): PreviewPost | null {
  if (!isObject(v)) return null;
  const body = Array.isArray(v.body)
    ? v.body
        .slice(0, 500)
        .map(readContentBlock)
        .filter((b): b is ContentBlock => b !== null)
    : [];
  const cover = isObject(v.cover_image) ? picture(v.cover_image.url, v.cover_image.alt) : null;
  const date = typeof v.published_at === 'string' && v.published_at.length <= 40 ? new Date(v.published_at) : null;
  const tags = Array.isArray(v.tags) ? v.tags.filter((t): t is string => typeof t === 'string' && TAG.test(t)) : [];
  return {
    title: text(v.title, 500),
    excerpt: text(v.excerpt, MAX_TEXT),
    cover_image: cover,
    body,
    author: text(v.author, 200),
    published_at: date && !Number.isNaN(date.getTime()) ? date.toISOString() : null,
    tags: tags.slice(0, 20),
    reading_minutes: readingMinutes(countBlockWords(body)),
  };
}

/** Rows of a list message; ids only serve as React keys (negative, never a stored row's). */
function rows<T>(v: unknown, read: (row: Obj, id: number) => T | null): T[] {
  if (!Array.isArray(v)) return [];
  return v
    .slice(0, PREVIEW_MAX_ROWS)
    .map((row, i) => (isObject(row) ? read(row, -(i + 1)) : null))
    .filter((row): row is T => row !== null);
}

/** A slider's slides (`shopfront:preview:slider`): a button needs both its address and its text. */
export const readSlides = (v: unknown): Slide[] =>
  rows(v, (s, id) => {
    const link = readLink(s.link_url);
    const linkText = text(s.link_text, 200).trim();
    const shownLink = link && linkText ? { link_url: link, link_text: linkText } : { link_url: null, link_text: null };
    const image = picture(s.image_url, s.image_alt) ?? { url: '', alt: '' };
    return { id, title: text(s.title, 500), subtitle: text(s.subtitle, 1000), image, ...shownLink };
  });

/** A FAQ group's questions (`shopfront:preview:faq`): hidden and empty ones are not shown. */
export const readFaqItems = (v: unknown): FaqItem[] =>
  rows(v, (q, id) => {
    const question = text(q.question, 500);
    const answer = text(q.answer, MAX_TEXT);
    return q.is_published === false || !question.trim() ? null : { id, question, answer };
  });

/** A FAQ group's title and description (`shopfront:preview:faq`); null: not sent, the saved one shows. */
export function readFaqGroup(v: Obj): { title: string | null; description: string | null } {
  const line = (x: unknown, max: number) => (typeof x === 'string' && x.length <= max ? x : null);
  return { title: line(v.title, 200), description: line(v.description, 1000) };
}

/** The testimonials (`shopfront:preview:testimonials`), in order: hidden and empty ones are not shown. */
export const readTestimonials = (v: unknown): Testimonial[] =>
  rows(v, (t, id) => {
    const author = text(t.author, 200);
    const quote = text(t.quote, MAX_TEXT);
    if (t.is_published === false || !author.trim() || !quote.trim()) return null;
    const rating = typeof t.rating === 'number' && Number.isInteger(t.rating) && t.rating >= 1 && t.rating <= 5;
    return {
      id,
      author,
      author_title: text(t.author_title, 200),
      quote,
      rating: rating ? (t.rating as number) : null,
      avatar: picture(t.picture, author),
    };
  });
