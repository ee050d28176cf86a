import { z } from '../zod.ts';
import { ImageRefSchema } from './storefront.ts';
import { PRODUCT_GRID_MAX_ITEMS, PRODUCT_GRID_SOURCES, ProductGridSchema } from './catalog.ts';
import { BlogPostCardSchema, BlogTagSchema, ContentBlockSchema, ContentPaginationSchema } from './blog.ts';
import { FormDefinitionSchema } from './forms.ts';
import { LinkUrlSchema } from './link.ts';
import {
  MARQUEE_DEFAULT_DURATION_S,
  NEWSLETTER_SECTION_BACKGROUNDS,
  NEWSLETTER_SECTION_DEFAULT_BUTTON,
  NEWSLETTER_SECTION_LIMITS,
} from '../constants.ts';
import { messages } from '../messages.ts';
import { GallerySchema } from './plugins-shopper.ts';
import { plainText } from './text.ts';
import { GALLERY_MAX_IMAGES } from './plugins-shopper-messages.ts';

export interface MenuItem {
  id: number;
  label: string;
  url: string;
  children: MenuItem[];
}
export const MenuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({ id: z.number().int(), label: z.string(), url: z.string(), children: z.array(MenuItemSchema) }),
);
export const MenuSchema = z.object({ id: z.string(), name: z.string(), items: z.array(MenuItemSchema) });
export type Menu = z.infer<typeof MenuSchema>;

export const SlideSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  image: ImageRefSchema,
  link_url: z.string().nullable(),
  link_text: z.string().nullable(),
});
export const SliderSchema = z.object({ id: z.string(), name: z.string(), slides: z.array(SlideSchema) });
export type Slider = z.infer<typeof SliderSchema>;

export const PageSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  parent_slug: z.string().nullable(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  /** The page's body: the same rich-text blocks as blog posts. */
  blocks: z.array(ContentBlockSchema),
  /** The template (sections) this page is laid out with, if it has its own; see /api/templateBoth. */
  template_id: z.string().nullable(),
});
export type Page = z.infer<typeof PageSchema>;

/** GET /api/pages: every published page (not their blocks), for sitemaps and link pickers. */
export const PageListSchema = z.object({
  pages: z.array(
    z.object({
      slug: z.string(),
      title: z.string(),
      /** The storefront path of the page: `/` + slug. */
      url: z.string(),
      parent_slug: z.string().nullable(),
      updated_at: z.string(),
    }),
  ),
});
export type PageList = z.infer<typeof PageListSchema>;

/** Content ids and slugs: lower-case words joined by hyphens, slashes for nested pages. */
export const SlugParamSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/, { error: messages.fallback }),
});
/** GET /api/blog/{slug}: a post's slug, by the same rule. */
export const BlogSlugParamsSchema = z.object({ slug: SlugParamSchema.shape.id });
/** GET /api/page/*: the slug, possibly several segments (checked by the route: a bad one is a 404). */
export const PagePathParamsSchema = z.object({ '*': z.string() });

/** Slug-shaped ids of content rows (templates, FAQ groups, forms, sliders). */
const contentId = z.string().regex(/^[a-z0-9][a-z0-9-]*$/);
const title = z.string().default('');

export const FaqItemSchema = z.object({ id: z.number().int(), question: z.string(), answer: z.string() });
/** GET /api/faq/{id}: a FAQ group with its questions in order. */
export const FaqSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  items: z.array(FaqItemSchema),
});
export type Faq = z.infer<typeof FaqSchema>;

export const TestimonialSchema = z.object({
  id: z.number().int(),
  author: z.string(),
  /** Where the customer is from, or what they bought: a short line under the name. */
  author_title: z.string(),
  quote: z.string(),
  rating: z.number().int().min(1).max(5).nullable(),
  avatar: ImageRefSchema.nullable(),
});
export type Testimonial = z.infer<typeof TestimonialSchema>;

/** A category or collection tile of a grid section; the image falls back to a product's. */
export const ContentTileSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  /** Storefront route: /product-category/{slug} or /product-collection/{slug}. */
  url: z.string(),
  image: ImageRefSchema.nullable(),
  product_count: z.number().int(),
});
export type ContentTile = z.infer<typeof ContentTileSchema>;

/**
 * Section types a template is composed of. Each has its own settings (stored with the section)
 * and, for the ones that show stored data, resolved data in templateBoth's component_data.
 */
export const SECTION_TYPES = [
  'hero_slider',
  'marquee',
  'product_grid',
  'category_grid',
  'collection_grid',
  'rich_text',
  'image_with_text',
  'testimonials',
  'faq',
  'form',
  'blog_list',
  'gallery',
  'newsletter',
  'page_content',
] as const;
export type SectionType = (typeof SECTION_TYPES)[number];

export { SECTION_LINK_MESSAGE } from '../link-rule.ts';
const linkString = LinkUrlSchema;
const sectionLink = linkString.nullable().default(null);

/**
 * `hidden`: kept in the template but not shown to shoppers (the public template leaves it out;
 * the preview omits it). Absent means shown.
 */
const section = <T extends SectionType, S extends z.ZodType>(type: T, settings: S) =>
  z.object({ key: contentId, type: z.literal(type), settings, hidden: z.boolean().optional() });

/** A template section: `key` is unique within the template and matches its component_data entry. */
export const SectionSchema = z.discriminatedUnion('type', [
  section(
    'hero_slider',
    z.object({ slider_id: contentId, autoplay_ms: z.number().int().min(0).max(60_000).default(6000) }),
  ),
  section(
    'marquee',
    z.object({
      items: z.array(z.string().min(1)).min(1).max(20),
      /** Seconds for one full scroll. */
      duration_s: z.number().min(1).max(600).default(MARQUEE_DEFAULT_DURATION_S),
      link_url: sectionLink,
    }),
  ),
  section(
    'product_grid',
    z.object({
      title,
      source: z.enum(PRODUCT_GRID_SOURCES).default('latest'),
      items: z.number().int().min(1).max(PRODUCT_GRID_MAX_ITEMS).default(8),
      layout: z.enum(['grid', 'carousel']).default('grid'),
      view_all_url: sectionLink,
    }),
  ),
  section(
    'category_grid',
    z.object({
      title,
      /** Categories in this order; empty: top-level categories in their own order. */
      category_slugs: z.array(contentId).default([]),
      limit: z.number().int().min(1).max(48).default(8),
    }),
  ),
  section(
    'collection_grid',
    z.object({
      title,
      /** Collections in this order; empty: every collection in its own order. */
      collection_slugs: z.array(contentId).default([]),
      limit: z.number().int().min(1).max(48).default(6),
    }),
  ),
  section('rich_text', z.object({ title, blocks: z.array(ContentBlockSchema) })),
  section(
    'image_with_text',
    z.object({
      title,
      text: z.string(),
      image: ImageRefSchema,
      image_position: z.enum(['left', 'right']).default('left'),
      link_url: sectionLink,
      link_text: z.string().nullable().default(null),
    }),
  ),
  section('testimonials', z.object({ title, limit: z.number().int().min(1).max(24).default(6) })),
  section('faq', z.object({ title, faq_id: contentId })),
  section('form', z.object({ title, form_id: contentId })),
  section(
    'blog_list',
    z.object({
      title,
      items: z.number().int().min(1).max(24).default(3),
      tag: BlogTagSchema.nullable().default(null),
      /** Page through posts with the storefront URL's `page` query value (a blog index page). */
      paginate: z.boolean().default(false),
    }),
  ),
  section(
    'gallery',
    z
      .object({
        title,
        /** Images picked for this section (the customGallery way)… */
        images: z
          .array(
            ImageRefSchema.extend({
              caption: z.string().nullable().default(null),
              link: linkString.nullable().optional(),
            }),
          )
          .max(GALLERY_MAX_IMAGES)
          .default([]),
        /** …or a stored gallery (the Gallery plugin), resolved into component_data. */
        gallery_id: contentId.nullable().optional(),
        columns: z.number().int().min(2).max(6).default(3),
      })
      .refine((s) => s.images.length > 0 || Boolean(s.gallery_id), {
        error: 'A gallery section needs images or a gallery_id',
      }),
  ),
  /**
   * A sign-up form for the E-mail subscription plugin (the footer band's form and rules: double
   * opt-in through POST /api/plugins/emailSubscription/subscribe). Shown only while the plugin
   * is installed. Plain text only, each within its limit.
   */
  section(
    'newsletter',
    z.object({
      title: plainText(
        z
          .string({ error: messages.required })
          .min(1, { error: messages.required })
          .max(NEWSLETTER_SECTION_LIMITS.title, { error: messages.maxLength(NEWSLETTER_SECTION_LIMITS.title) }),
      ),
      text: plainText(
        z.string().max(NEWSLETTER_SECTION_LIMITS.text, { error: messages.maxLength(NEWSLETTER_SECTION_LIMITS.text) }),
        { multiline: true },
      ).default(''),
      button_label: plainText(
        z
          .string({ error: messages.required })
          .min(1, { error: messages.required })
          .max(NEWSLETTER_SECTION_LIMITS.button_label, {
            error: messages.maxLength(NEWSLETTER_SECTION_LIMITS.button_label),
          }),
      ).default(NEWSLETTER_SECTION_DEFAULT_BUTTON),
      background: z.enum(NEWSLETTER_SECTION_BACKGROUNDS, { error: messages.fallback }).default('tinted'),
    }),
  ),
  /** The page's own blocks (data.page.blocks), placed among the other sections. */
  section('page_content', z.object({}).default({})),
]);
export type Section = z.infer<typeof SectionSchema>;
export type SectionInput = z.input<typeof SectionSchema>;

/** GET /api/template/{id}: a template and its sections in order (settings only, no data). */
export const TemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Spec: page_type, default 'Page'. */
  page_type: z.string(),
  /** The page this template lays out, or null for a shared template (home, default page). */
  page_slug: z.string().nullable(),
  sections: z.array(SectionSchema),
});
export type Template = z.infer<typeof TemplateSchema>;

const data = <T extends SectionType, D extends z.ZodType>(type: T, d: D) =>
  z.object({ key: z.string(), type: z.literal(type), data: d });

/**
 * What templateBoth resolves for each section, by key. Sections that only show their own
 * settings (marquee, rich text, image with text, an inline gallery, newsletter, page content) answer data: null; a
 * section whose slider, FAQ or form no longer exists answers null too, so one broken reference
 * does not take the page down.
 */
export const ComponentDataSchema = z.discriminatedUnion('type', [
  data('hero_slider', SliderSchema.nullable()),
  data('marquee', z.null()),
  data('product_grid', ProductGridSchema),
  data('category_grid', z.object({ categories: z.array(ContentTileSchema) })),
  data('collection_grid', z.object({ collections: z.array(ContentTileSchema) })),
  data('rich_text', z.null()),
  data('image_with_text', z.null()),
  data('testimonials', z.object({ testimonials: z.array(TestimonialSchema) })),
  data('faq', FaqSchema.nullable()),
  data('form', FormDefinitionSchema.nullable()),
  data('blog_list', z.object({ posts: z.array(BlogPostCardSchema), pagination: ContentPaginationSchema })),
  /** The stored gallery of a section with a gallery_id (null for inline images, or when it or its plugin is gone). */
  data('gallery', GallerySchema.nullable()),
  /** Its form needs nothing stored: whether the plugin is installed is in the shop's initial values. */
  data('newsletter', z.null()),
  data('page_content', z.null()),
]);
export type ComponentData = z.infer<typeof ComponentDataSchema>;

/**
 * POST /api/section-data: one section's settings, answered with the data it shows (what
 * templateBoth resolves for it). The admin's preview asks it for an unsaved section whose data
 * is only known on the server (category and collection grids, testimonials).
 */
export const SectionDataBodySchema = z.object({ section: SectionSchema });
export type SectionDataBody = z.infer<typeof SectionDataBodySchema>;

/**
 * GET /api/templateBoth/{id} query. `{id}` names the template to use; `slug` (or, without it,
 * `path`) names the page. A page with its own template uses that one instead.
 */
export const TemplateBothQuerySchema = z.object({
  /** Page slug, may span several segments; empty or absent: no page (the home page). */
  slug: z
    .string()
    .max(200)
    .regex(/^([a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*)?$/, { error: messages.fallback })
    .optional(),
  /** The storefront URL path, e.g. /about-us; read as the slug when slug is absent. */
  path: z.string().max(2000).optional(),
  /** The storefront URL's query string (without ?), e.g. page=2: paged sections read it. */
  query: z.string().max(2000).optional(),
});
export type TemplateBothQuery = z.infer<typeof TemplateBothQuerySchema>;

export const TemplateBothSchema = z.object({
  template: TemplateSchema,
  page: PageSchema.nullable(),
  page_type: z.string(),
  component_data: z.array(ComponentDataSchema),
});
export type TemplateBoth = z.infer<typeof TemplateBothSchema>;

export const contentMessages = {
  pageNotFound: 'Page not found',
  templateNotFound: 'Template not found',
  faqNotFound: 'FAQ not found',
} as const;
