import { z } from '../zod.ts';
import { ContentBlockSchema } from './blog.ts';
import { PAGE_STATUSES } from '../page-status.ts';
import {
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
 * The owner's pages (issue 28): a page's body is the contract's rich-text blocks only (no HTML),
 * with slug, SEO fields and a status. Area `content` (owner, manager, content editor). Writes
 * carry `If-Match: <version>`: 409 when another editor saved since.
 */

export const PAGE_MAX_BLOCKS = 500;
export const PAGE_SEO_TITLE_MAX = SEO_TITLE_MAX;
export const PAGE_SEO_DESCRIPTION_MAX = SEO_DESCRIPTION_MAX;
/** Most rows the list answers (a shop's pages are few; search narrows them). */
export const PAGE_LIST_LIMIT = 200;

/** First path segments the storefront's own routes take: a page there would never be shown. */
export const RESERVED_PAGE_SLUGS = [
  'account',
  'admin',
  'api',
  'apply',
  'assets',
  'blogs',
  'cart',
  'checkout',
  'checkout-complete',
  'checkout-failed',
  'coming-soon',
  'dev',
  'media',
  'newsletter',
  'password-protected',
  'product',
  'product-category',
  'product-collection',
  'resources',
  'search',
  'shop-online',
  'track-application',
  'track-order',
  'under-maintenance',
] as const;

export const adminPageMessages = {
  notFound: 'Page not found',
  ifMatch: 'If-Match must be the version of the page you read',
  stale: 'Someone else changed this page since you opened it. Below is what differs: take theirs, or keep yours',
  title: 'Give the page a title',
  slug: 'A slug is lower-case letters, digits and hyphens, such as about-us',
  slugReserved: 'This address is one of the shop’s own pages: choose another',
  slugTaken: 'Another page already uses this slug',
  publishAtRequired: 'Choose when to publish the page',
  publishAtFuture: 'A scheduled time must be in the future',
  tooManyBlocks: `A page holds at most ${PAGE_MAX_BLOCKS} blocks`,
  seoTitle: `Keep the SEO title to ${PAGE_SEO_TITLE_MAX} characters`,
  seoDescription: `Keep the SEO description to ${PAGE_SEO_DESCRIPTION_MAX} characters`,
  saved: 'Draft saved',
  published: 'Published: shoppers see it now',
  scheduled: 'Scheduled',
  deleted: 'Page deleted',
} as const;

const msg = adminPageMessages;

/** /api/admin/pages/:id */
export const AdminPageParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const AdminPageListQuerySchema = z.object({
  /** Words of the title or slug. */
  q: z.string().trim().max(200).optional(),
  status: z.enum(PAGE_STATUSES).optional(),
});
export type AdminPageListQuery = z.infer<typeof AdminPageListQuerySchema>;

const PageSlugSchema = contentSlugSchema(msg.slug).refine(
  (s) => !(RESERVED_PAGE_SLUGS as readonly string[]).includes(s),
  { error: msg.slugReserved },
);

/**
 * POST /api/admin/pages and PUT /api/admin/pages/:id: the whole page. `scheduled` needs a
 * `publish_at` in the future; `published` shows the page at once; `draft` hides it.
 */
export const AdminPageBodySchema = z
  .object({
    title: contentTitleSchema(msg.title),
    slug: PageSlugSchema,
    blocks: editorBlocksSchema(PAGE_MAX_BLOCKS, msg.tooManyBlocks),
    seo_title: optionalText(PAGE_SEO_TITLE_MAX, msg.seoTitle),
    seo_description: optionalText(PAGE_SEO_DESCRIPTION_MAX, msg.seoDescription),
    ...publishingFields,
  })
  .superRefine(publishingRule(msg));
export type AdminPageBody = z.output<typeof AdminPageBodySchema>;
export type AdminPageInput = z.input<typeof AdminPageBodySchema>;

export const AdminPageRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  /** The storefront path: `/` + slug. */
  url: z.string(),
  /** `scheduled` while publish_at is still ahead; `published` once it has passed. */
  status: z.enum(PAGE_STATUSES),
  publish_at: z.string().nullable(),
  updated_at: z.string(),
  /** Goes up with every save: send it as If-Match. */
  version: z.number().int(),
});
export type AdminPageRow = z.infer<typeof AdminPageRowSchema>;
export const AdminPageListSchema = z.object({
  pages: z.array(AdminPageRowSchema),
  /** The shop's time zone (IANA): the panel shows and takes publish times in it. */
  time_zone: z.string(),
});
export type AdminPageList = z.infer<typeof AdminPageListSchema>;

/** One page for the editor. */
export const AdminPageSchema = AdminPageRowSchema.extend({
  blocks: z.array(ContentBlockSchema),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  created_at: z.string(),
});
export type AdminPage = z.infer<typeof AdminPageSchema>;
