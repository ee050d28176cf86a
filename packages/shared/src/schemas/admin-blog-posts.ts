import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { BlogTagSchema, CONTENT_MAX_PAGE, ContentBlockSchema, ContentPaginationSchema } from './blog.ts';
import { PAGE_STATUSES } from '../page-status.ts';
import { plainText } from './text.ts';
import {
  PICTURE_PATH_MESSAGE,
  isPicturePath,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
  contentSlugSchema,
  contentTitleSchema,
  editorBlocksSchema,
  optionalText,
  publishingFields,
  publishingRule,
} from './content-publishing.ts';

/**
 * The owner's blog posts (issue 28): a post's body is the contract's rich-text blocks (as a
 * page's), with an excerpt, a cover picture, tags, SEO fields and a status (draft, published, or
 * scheduled: shoppers see it from `publish_at`). Area `content`. Writes carry
 * `If-Match: <version>`: 409 when another editor saved since.
 */

export const BLOG_POST_MAX_BLOCKS = 500;
export const BLOG_POST_EXCERPT_MAX = 500;
export const BLOG_POST_MAX_TAGS = 20;
export const ADMIN_BLOG_DEFAULT_PER_PAGE = 25;
export const ADMIN_BLOG_MAX_PER_PAGE = 100;

export const adminBlogPostMessages = {
  notFound: 'Post not found',
  ifMatch: 'If-Match must be the version of the post you read',
  stale: 'Someone else changed this post since you opened it. Below is what differs: take theirs, or keep yours',
  title: 'Give the post a title',
  slug: 'A slug is lower-case letters, digits and hyphens, such as spring-care-guide',
  slugTaken: 'Another post already uses this slug',
  excerpt: `Keep the excerpt to ${BLOG_POST_EXCERPT_MAX} characters`,
  cover: PICTURE_PATH_MESSAGE,
  coverAlt: messages.maxLength(200),
  author: messages.maxLength(100),
  tags: `At most ${BLOG_POST_MAX_TAGS} tags, each lower-case words joined by hyphens (care-guides)`,
  publishAtRequired: 'Choose when to publish the post',
  publishAtFuture: 'A scheduled time must be in the future',
  tooManyBlocks: `A post holds at most ${BLOG_POST_MAX_BLOCKS} blocks`,
  seoTitle: `Keep the SEO title to ${SEO_TITLE_MAX} characters`,
  seoDescription: `Keep the SEO description to ${SEO_DESCRIPTION_MAX} characters`,
  saved: 'Draft saved',
  published: 'Published: shoppers see it now',
  scheduled: 'Scheduled',
  deleted: 'Post deleted',
} as const;

const msg = adminBlogPostMessages;

/** /api/admin/blog-posts/:id */
export const AdminBlogPostParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const AdminBlogPostListQuerySchema = z.object({
  /** Words of the title or slug. */
  q: z.string().trim().max(200).optional(),
  status: z.enum(PAGE_STATUSES).optional(),
  page: z.coerce
    .number({ error: messages.numeric })
    .int({ error: messages.integer })
    .min(1, { error: messages.atLeast(1) })
    .max(CONTENT_MAX_PAGE, { error: messages.atMost(CONTENT_MAX_PAGE) })
    .default(1),
  per_page: z.coerce
    .number({ error: messages.numeric })
    .int({ error: messages.integer })
    .min(1, { error: messages.atLeast(1) })
    .max(ADMIN_BLOG_MAX_PER_PAGE, { error: messages.atMost(ADMIN_BLOG_MAX_PER_PAGE) })
    .default(ADMIN_BLOG_DEFAULT_PER_PAGE),
});
export type AdminBlogPostListQuery = z.output<typeof AdminBlogPostListQuerySchema>;

/**
 * POST /api/admin/blog-posts and PUT /api/admin/blog-posts/:id: the whole post. `scheduled`
 * needs a `publish_at` in the future; `published` shows it at once; `draft` hides it. An empty
 * `author` is the signed-in staff member's name.
 */
export const AdminBlogPostBodySchema = z
  .object({
    title: contentTitleSchema(msg.title),
    slug: contentSlugSchema(msg.slug),
    excerpt: plainText(z.string().trim().max(BLOG_POST_EXCERPT_MAX, { error: msg.excerpt }), {
      multiline: true,
    }).default(''),
    cover_image: z
      .string({ error: msg.cover })
      .trim()
      .max(1000, { error: msg.cover })
      .refine((v) => v === '' || isPicturePath(v), { error: msg.cover })
      .nullable()
      .default(null)
      .transform((v) => v || null),
    cover_image_alt: plainText(z.string().trim().max(200, { error: msg.coverAlt })).default(''),
    author: plainText(z.string().trim().max(100, { error: msg.author })).default(''),
    tags: z
      .array(BlogTagSchema, { error: msg.tags })
      .max(BLOG_POST_MAX_TAGS, { error: msg.tags })
      .default([])
      .transform((t) => [...new Set(t)]),
    blocks: editorBlocksSchema(BLOG_POST_MAX_BLOCKS, msg.tooManyBlocks),
    seo_title: optionalText(SEO_TITLE_MAX, msg.seoTitle),
    seo_description: optionalText(SEO_DESCRIPTION_MAX, msg.seoDescription),
    ...publishingFields,
  })
  .superRefine(publishingRule(msg));
export type AdminBlogPostBody = z.output<typeof AdminBlogPostBodySchema>;
export type AdminBlogPostInput = z.input<typeof AdminBlogPostBodySchema>;

export const AdminBlogPostRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  /** The storefront path: `/blogs/` + slug. */
  url: z.string(),
  /** `scheduled` while publish_at is still ahead; `published` once it has passed. */
  status: z.enum(PAGE_STATUSES),
  publish_at: z.string().nullable(),
  author: z.string(),
  cover_image: z.string().nullable(),
  updated_at: z.string(),
  /** Goes up with every save: send it as If-Match. */
  version: z.number().int(),
});
export type AdminBlogPostRow = z.infer<typeof AdminBlogPostRowSchema>;
export const AdminBlogPostListSchema = z.object({
  posts: z.array(AdminBlogPostRowSchema),
  pagination: ContentPaginationSchema,
  /** The shop's time zone (IANA): the panel shows and takes publish times in it. */
  time_zone: z.string(),
});
export type AdminBlogPostList = z.infer<typeof AdminBlogPostListSchema>;

/** One post for the editor. */
export const AdminBlogPostSchema = AdminBlogPostRowSchema.extend({
  excerpt: z.string(),
  cover_image_alt: z.string(),
  tags: z.array(z.string()),
  blocks: z.array(ContentBlockSchema),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  created_at: z.string(),
});
export type AdminBlogPost = z.infer<typeof AdminBlogPostSchema>;
