import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { bodyOrEmpty } from './base.ts';
import { ImageRefSchema } from './storefront.ts';
import { LinkUrlSchema } from './link.ts';

/**
 * A run of a paragraph's text with its marks: bold, italic, a link (by the link rule). Marks are
 * data, never markup: the storefront renders each run as elements.
 */
export const InlineSpanSchema = z.object({
  text: z.string().max(20_000),
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  href: LinkUrlSchema.optional(),
});
export type InlineSpan = z.infer<typeof InlineSpanSchema>;

/**
 * Rich-text blocks: page bodies, blog post bodies and rich-text sections. Text only (no HTML), so
 * the storefront renders them as elements and nothing stored can inject markup. A paragraph's
 * `text` is always its plain text; `spans`, when present, is the same text with marks
 * (withPlainText keeps the two in step).
 */
export const ContentBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('heading'), text: z.string(), level: z.union([z.literal(2), z.literal(3)]).default(2) }),
  z.object({ type: z.literal('paragraph'), text: z.string(), spans: z.array(InlineSpanSchema).max(500).optional() }),
  z.object({
    type: z.literal('image'),
    url: z.string(),
    alt: z.string(),
    caption: z.string().nullable().default(null),
  }),
  z.object({ type: z.literal('quote'), text: z.string(), cite: z.string().nullable().default(null) }),
  z.object({ type: z.literal('list'), items: z.array(z.string()), ordered: z.boolean().default(false) }),
]);
export type ContentBlock = z.infer<typeof ContentBlockSchema>;
/** A block as written (a heading's level may be left out: 2). */
export type ContentBlockInput = z.input<typeof ContentBlockSchema>;

/** The blocks with each marked paragraph's `text` set to its spans' plain text (what word counts and excerpts read). */
export function withPlainText(blocks: readonly ContentBlock[]): ContentBlock[] {
  return blocks.map((b) =>
    b.type === 'paragraph' && b.spans ? { ...b, text: b.spans.map((s) => s.text).join('') } : b,
  );
}

/**
 * Blocks read back from storage (written before a rule, or by SQL): one that no longer fits the
 * contract is left out, except a paragraph, which keeps its plain text without its marks.
 */
export function storedBlocks(list: readonly unknown[]): ContentBlock[] {
  return list.flatMap((b) => {
    const parsed = ContentBlockSchema.safeParse(b);
    if (parsed.success) return [parsed.data];
    const plain = ContentBlockSchema.safeParse({
      type: (b as { type?: unknown })?.type,
      text: (b as { text?: unknown })?.text,
    });
    return plain.success && plain.data.type === 'paragraph' ? [plain.data] : [];
  });
}

/** Words in a body (headings, paragraphs, quotes, list items, captions): stored for reading time. */
export function countBlockWords(blocks: readonly ContentBlock[]): number {
  const words = (t: string | null | undefined) => (t ? t.split(/\s+/).filter(Boolean).length : 0);
  return blocks.reduce((n, b) => {
    if (b.type === 'list') return n + b.items.reduce((m, i) => m + words(i), 0);
    if (b.type === 'image') return n + words(b.caption);
    return n + words(b.text);
  }, 0);
}

/** Minutes to read `words` at 200 words a minute, at least 1. */
export const readingMinutes = (words: number) => Math.max(1, Math.ceil(words / 200));

/** Page-number pagination of a list answer. `last_page` is at least 1, even for an empty list. */
export const ContentPaginationSchema = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});
export type ContentPagination = z.infer<typeof ContentPaginationSchema>;

/** Answers the pagination block for `total` rows. */
export function contentPagination(page: number, perPage: number, total: number): ContentPagination {
  return { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

export const BLOG_DEFAULT_PER_PAGE = 9;
export const BLOG_MAX_PER_PAGE = 48;
/** Highest page number a list accepts: deeper offsets are refused rather than scanned. */
export const CONTENT_MAX_PAGE = 1000;

/** A page number: integer ≥ 1, default 1, with the spec's messages. */
export const contentPageNumberSchema = z
  .number({ error: messages.numeric })
  .int({ error: messages.integer })
  .min(1, { error: messages.atLeast(1) })
  .max(CONTENT_MAX_PAGE, { error: messages.atMost(CONTENT_MAX_PAGE) })
  .default(1);

/** Tags are lower-case words joined by hyphens (`care-guides`). */
export const BlogTagSchema = z
  .string({ error: messages.fallback })
  .max(50, { error: messages.maxLength(50) })
  .regex(/^[a-z0-9][a-z0-9-]*$/, { error: messages.fallback });

const BlogListBodyObjectSchema = z.object({
  page: contentPageNumberSchema,
  per_page: z
    .number({ error: messages.numeric })
    .int({ error: messages.integer })
    .min(1, { error: messages.atLeast(1) })
    .max(BLOG_MAX_PER_PAGE, { error: messages.atMost(BLOG_MAX_PER_PAGE) })
    .default(BLOG_DEFAULT_PER_PAGE),
  tag: BlogTagSchema.nullish(),
});
/** POST /api/blog/list. An empty body answers the first page of every published post. */
export const BlogListBodySchema = bodyOrEmpty(BlogListBodyObjectSchema);
export type BlogListBody = z.input<typeof BlogListBodyObjectSchema>;
export type BlogListQuery = z.output<typeof BlogListBodySchema>;

/** A post as lists show it (blog list, related posts, blog-list sections). */
export const BlogPostCardSchema = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  cover_image: ImageRefSchema.nullable(),
  author: z.string(),
  tags: z.array(z.string()),
  /** ISO 8601. */
  published_at: z.string(),
  reading_minutes: z.number().int(),
});
export type BlogPostCard = z.infer<typeof BlogPostCardSchema>;

export const BlogPostSchema = BlogPostCardSchema.extend({
  body: z.array(ContentBlockSchema),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  updated_at: z.string(),
});
export type BlogPost = z.infer<typeof BlogPostSchema>;

export const BlogListSchema = z.object({
  posts: z.array(BlogPostCardSchema),
  pagination: ContentPaginationSchema,
  /** The tag filtered by, or null. */
  tag: z.string().nullable(),
  /** Every tag on a published post, with how many posts carry it (most used first): the filter. */
  tags: z.array(z.object({ tag: z.string(), count: z.number().int() })),
});
export type BlogList = z.infer<typeof BlogListSchema>;

/** GET /api/blog/{slug}: the post and up to BLOG_RELATED_LIMIT related posts. */
export const BlogPostPageSchema = z.object({ post: BlogPostSchema, related: z.array(BlogPostCardSchema) });
export type BlogPostPage = z.infer<typeof BlogPostPageSchema>;
export const BLOG_RELATED_LIMIT = 3;

export const blogMessages = { postNotFound: 'Post not found' } as const;
