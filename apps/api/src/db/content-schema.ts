import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { ContentBlock, ContentBlockInput, FormField, Section } from '@shopfront/shared';
import { categories, collections } from './catalog-schema.ts';

export const pages = pgTable('pages', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  parentId: integer('parent_id').references((): AnyPgColumn => pages.id, { onDelete: 'set null' }),
  /**
   * The contract's rich-text blocks only (never HTML), as written (storedBlocks reads them back
   * with their defaults); the storefront renders them as elements.
   */
  blocks: jsonb('blocks').$type<ContentBlockInput[]>().notNull().default([]),
  metaTitle: text('meta_title'),
  metaDescription: text('meta_description'),
  isPublished: boolean('is_published').notNull().default(true),
  /**
   * A published page is shown from this moment (null: at once); a later one is scheduled. Public
   * reads filter by time (pageIsLive) and lib/scheduled-content.ts moves the page cache on then.
   */
  publishAt: timestamp('publish_at', { withTimezone: true }),
  /** Moves on with every owner write: the If-Match an editor's save must name. */
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const menus = pgTable('menus', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Goes up with every save from the menu editor (its If-Match, issue 28). */
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const menuItems = pgTable(
  'menu_items',
  {
    id: serial('id').primaryKey(),
    menuId: text('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => menuItems.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    /** Where it leads: typed in, or the linked page's, category's or collection's address when saved. */
    url: text('url').notNull(),
    position: integer('position').notNull().default(0),
    /**
     * A link to a page, category or collection (at most one set): the item follows its current
     * address. Deleted, the item keeps its last `url`.
     */
    pageId: integer('page_id').references(() => pages.id, { onDelete: 'set null' }),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    collectionId: integer('collection_id').references(() => collections.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('menu_items_menu_idx').on(t.menuId, t.position),
    check('menu_items_one_link', sql`num_nonnulls(${t.pageId}, ${t.categoryId}, ${t.collectionId}) <= 1`),
  ],
);

export const sliders = pgTable('sliders', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Goes up with every rename and slides save (issue 28): the If-Match of the slider editor's writes. */
  version: integer('version').notNull().default(1),
});

export const slides = pgTable(
  'slides',
  {
    id: serial('id').primaryKey(),
    sliderId: text('slider_id')
      .notNull()
      .references(() => sliders.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    imageUrl: text('image_url').notNull(),
    imageAlt: text('image_alt').notNull().default(''),
    linkUrl: text('link_url'),
    linkText: text('link_text'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('slides_slider_idx').on(t.sliderId, t.position)],
);

/** Blog posts. Visible when published and published_at has passed (scheduled posts wait). */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    body: jsonb('body').$type<ContentBlock[]>().notNull().default([]),
    coverImagePath: text('cover_image_path'),
    coverImageAlt: text('cover_image_alt').notNull().default(''),
    authorName: text('author_name').notNull(),
    /** Tag slugs (`care-guides`); a GIN index answers "posts with tag X". */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Words in the body, kept with it, so lists show reading time without loading bodies. */
    wordCount: integer('word_count').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    isPublished: boolean('is_published').notNull().default(false),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    /** Moves on with every owner write: the If-Match an editor's save must name (issue 28). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('blog_posts_published_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.isPublished}`),
    index('blog_posts_tags_gin').using('gin', t.tags),
  ],
);

/** A form the storefront renders from its definition (contact, trade enquiry, …). */
export const forms = pgTable('forms', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  fields: jsonb('fields').$type<FormField[]>().notNull(),
  submitLabel: text('submit_label').notNull().default('Submit'),
  successMessage: text('success_message').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  /** Where a submission is e-mailed besides the panel's inbox (the forms editor, issue 28): 0–5 addresses. */
  notifyEmails: jsonb('notify_emails').$type<string[]>().notNull().default([]),
  /** Goes up with every save in the forms editor (issue 28): the If-Match of its writes. */
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One accepted submission: only the defined fields, validated and trimmed. */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: serial('id').primaryKey(),
    formId: text('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, string>>().notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('form_submissions_form_idx').on(t.formId, t.createdAt.desc())],
);

export const faqGroups = pgTable('faq_groups', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  /** Goes up with every rename and items save (issue 28): the If-Match of the FAQ editor's writes. */
  version: integer('version').notNull().default(1),
});

export const faqItems = pgTable(
  'faq_items',
  {
    id: serial('id').primaryKey(),
    groupId: text('group_id')
      .notNull()
      .references(() => faqGroups.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    position: integer('position').notNull().default(0),
    isPublished: boolean('is_published').notNull().default(true),
  },
  (t) => [index('faq_items_group_idx').on(t.groupId, t.position)],
);

export const testimonials = pgTable(
  'testimonials',
  {
    id: serial('id').primaryKey(),
    authorName: text('author_name').notNull(),
    authorTitle: text('author_title').notNull().default(''),
    quote: text('quote').notNull(),
    rating: smallint('rating'),
    avatarPath: text('avatar_path'),
    position: integer('position').notNull().default(0),
    isPublished: boolean('is_published').notNull().default(true),
    /** Goes up with every edit (issue 28): the If-Match of the testimonial editor's writes. */
    version: integer('version').notNull().default(1),
  },
  (t) => [check('testimonials_rating_ck', sql`${t.rating} is null or ${t.rating} between 1 and 5`)],
);

/**
 * A template is a page layout: an ordered list of sections. One bound to a page (page_id) lays
 * out that page; one without (home, the default page template) is named by id.
 */
export const templates = pgTable('templates', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  pageType: text('page_type').notNull().default('Page'),
  pageId: integer('page_id')
    .unique()
    .references(() => pages.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** The editor's unpublished section list (issue 28); null when there is none. */
  draftSections: jsonb('draft_sections').$type<Section[]>(),
  draftUpdatedAt: timestamp('draft_updated_at', { withTimezone: true }),
  /** Goes up with every draft save and publish: the If-Match of the editor's writes. */
  version: integer('version').notNull().default(1),
});

/** One section of a template; settings are checked against SectionSchema when written. */
export const templateSections = pgTable(
  'template_sections',
  {
    id: serial('id').primaryKey(),
    templateId: text('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    type: text('type').$type<Section['type']>().notNull(),
    settings: jsonb('settings').$type<Section['settings']>().notNull().default({}),
    position: integer('position').notNull().default(0),
    isEnabled: boolean('is_enabled').notNull().default(true),
  },
  (t) => [
    uniqueIndex('template_sections_key_uq').on(t.templateId, t.key),
    index('template_sections_template_idx').on(t.templateId, t.position),
  ],
);

/**
 * Every publish of a template (issue 28), with the sections it made live; the first publish also
 * keeps what the template showed before it (published_by null). No page reads these rows.
 */
export const templateVersions = pgTable(
  'template_versions',
  {
    id: serial('id').primaryKey(),
    templateId: text('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    sections: jsonb('sections').$type<Section[]>().notNull(),
    publishedBy: text('published_by'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('template_versions_template_idx').on(t.templateId, t.id.desc())],
);

/**
 * The media library's uploads (issue 28): pictures for pages, posts and testimonials, stored as
 * WebP under /media/content/ (modules/admin/media). The same bytes, or the same Idempotency-Key,
 * answer the first upload's row.
 */
export const mediaUploads = pgTable('media_uploads', {
  id: serial('id').primaryKey(),
  path: text('path').notNull().unique(),
  /** The name the file had on the uploader's device (for the library's search). */
  fileName: text('file_name').notNull(),
  alt: text('alt').notNull().default(''),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: integer('bytes').notNull(),
  /** sha256 of the uploaded bytes. */
  contentHash: text('content_hash').notNull().unique(),
  uploadKey: text('upload_key').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every save of the editors that write straight to the shop (issue 28): the Theme (subject: the
 * storefront id), a page or post (its id), a menu, FAQ group, slider or form (its id) and a
 * testimonial (its id). `body` is the editor's whole state
 * in the shape its save takes; the first save of a subject also keeps what it was before
 * (published_by null). The newest CONTENT_VERSIONS_KEPT per subject are kept. No page reads them.
 */
export const contentVersions = pgTable(
  'content_versions',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    publishedBy: text('published_by'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('content_versions_subject_idx').on(t.kind, t.subject, t.id.desc()),
    check(
      'content_versions_kind_check',
      sql`${t.kind} in ('theme', 'page', 'post', 'menu', 'faq', 'slider', 'form', 'testimonial')`,
    ),
  ],
);
