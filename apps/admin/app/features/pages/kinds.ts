import {
  adminBlogPostsApi,
  adminPagesApi,
  type AdminBlogPost,
  type AdminBlogPostInput,
  type AdminPage,
  type AdminPageInput,
  type ContentBlock,
  type PageStatus,
} from '@shopfront/shared';
import { call, ifMatch } from '../../lib/api';
import type { PreviewMessage } from '../theme/preview-frame';
import { fromZonedInput, toZonedInput } from './page-form';

/** The fields the shared editor edits: a page's, and a post's excerpt, cover, author and tags. */
export interface ContentForm {
  title: string;
  slug: string;
  blocks: ContentBlock[];
  seo_title: string;
  seo_description: string;
  status: PageStatus;
  /** datetime-local, on the shop's clock. */
  publish_at: string;
  excerpt: string;
  cover_image: string;
  cover_image_alt: string;
  author: string;
  /** Comma-separated. */
  tags: string;
}

/** What the editor needs of a saved page or post. */
export interface ContentRecord {
  id: number;
  title: string;
  slug: string;
  url: string;
  status: PageStatus;
  publish_at: string | null;
  version: number;
  blocks: ContentBlock[];
  seo_title: string | null;
  seo_description: string | null;
}

/** A saved record as the API answered it, with the answer's message. */
export interface Saved<T> {
  data: T;
  message?: string;
}

/** One kind of text the shared editor writes: its words, its address and its API. */
export interface ContentKind<T extends ContentRecord> {
  noun: 'page' | 'post';
  /** The list's path in the panel, and the root of the query keys. */
  listPath: '/pages' | '/blog';
  queryKey: 'pages' | 'blog-posts';
  /** Whether the excerpt, cover, author and tags fields show. */
  postFields: boolean;
  /** Where shoppers find it. */
  addressOf: (slug: string) => string;
  /** The storefront path the preview frames (a draft page inside the home page, a draft post on /preview/post). */
  previewPath: (saved: T | null) => string;
  /** The preview message of the unsaved form (docs/preview-protocol.md). */
  previewMessage: (form: ContentForm, saved: T | null, timeZone: string) => PreviewMessage;
  formOf: (record: T | null, timeZone: string) => ContentForm;
  bodyOf: (form: ContentForm, timeZone: string) => object;
  load: (id: number) => Promise<T>;
  save: (body: object, saved: T | null) => Promise<Saved<T>>;
  remove: (saved: T) => Promise<void>;
}

const commonForm = (r: ContentRecord | null, timeZone: string) => ({
  title: r?.title ?? '',
  slug: r?.slug ?? '',
  blocks: r?.blocks ?? [],
  seo_title: r?.seo_title ?? '',
  seo_description: r?.seo_description ?? '',
  status: r?.status ?? 'draft',
  publish_at: toZonedInput(r?.status === 'scheduled' ? r.publish_at : null, timeZone),
});

const commonBody = (f: ContentForm, timeZone: string) => ({
  title: f.title,
  slug: f.slug,
  blocks: f.blocks,
  seo_title: f.seo_title || null,
  seo_description: f.seo_description || null,
  status: f.status,
  publish_at: f.status === 'scheduled' ? fromZonedInput(f.publish_at, timeZone) : null,
});

/** Tags as typed ("Care guides, dyes") as the contract's tags (care-guides, dyes). */
export const tagsOf = (text: string): string[] => [
  ...new Set(
    text
      .split(',')
      .map((t) =>
        t
          .trim()
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-+|-+$/g, ''),
      )
      .filter(Boolean),
  ),
];

export const PAGE_KIND: ContentKind<AdminPage> = {
  noun: 'page',
  listPath: '/pages',
  queryKey: 'pages',
  postFields: false,
  addressOf: (slug) => `/${slug}`,
  previewPath: (saved) => (saved?.status === 'published' ? saved.url : '/'),
  previewMessage: (form) => ({ type: 'shopfront:preview:sections', sections: previewSections(form) }),
  formOf: (p, tz) => ({
    ...commonForm(p, tz),
    excerpt: '',
    cover_image: '',
    cover_image_alt: '',
    author: '',
    tags: '',
  }),
  bodyOf: commonBody,
  load: async (id) => (await call(adminPagesApi.get, { params: { id } })).data,
  save: (body, saved) =>
    saved
      ? call(adminPagesApi.update, {
          params: { id: saved.id },
          body: body as AdminPageInput,
          headers: ifMatch(saved.version),
        })
      : call(adminPagesApi.create, { body: body as AdminPageInput }),
  remove: async (saved) => {
    await call(adminPagesApi.remove, { params: { id: saved.id }, headers: ifMatch(saved.version) });
  },
};

export const POST_KIND: ContentKind<AdminBlogPost> = {
  noun: 'post',
  listPath: '/blog',
  queryKey: 'blog-posts',
  postFields: true,
  addressOf: (slug) => `/blogs/${slug}`,
  // A published post previews on its own page; any other on the preview-only /preview/post, which
  // shows nothing without the panel's message (the post page shows only what is published).
  previewPath: (saved) => (saved?.status === 'published' ? saved.url : '/preview/post'),
  previewMessage: (form, saved, timeZone) => ({
    type: 'shopfront:preview:post',
    post: previewPost(form, saved, timeZone),
  }),
  formOf: (p, tz) => ({
    ...commonForm(p, tz),
    excerpt: p?.excerpt ?? '',
    cover_image: p?.cover_image ?? '',
    cover_image_alt: p?.cover_image_alt ?? '',
    author: p?.author ?? '',
    tags: (p?.tags ?? []).join(', '),
  }),
  bodyOf: (f, tz) => ({
    ...commonBody(f, tz),
    excerpt: f.excerpt,
    cover_image: f.cover_image || null,
    cover_image_alt: f.cover_image_alt,
    author: f.author,
    tags: tagsOf(f.tags),
  }),
  load: async (id) => (await call(adminBlogPostsApi.get, { params: { id } })).data,
  save: (body, saved) =>
    saved
      ? call(adminBlogPostsApi.update, {
          params: { id: saved.id },
          body: body as AdminBlogPostInput,
          headers: ifMatch(saved.version),
        })
      : call(adminBlogPostsApi.create, { body: body as AdminBlogPostInput }),
  remove: async (saved) => {
    await call(adminBlogPostsApi.remove, { params: { id: saved.id }, headers: ifMatch(saved.version) });
  },
};

/** The preview's sections: a page's title and text as one rich-text section. */
export function previewSections(f: ContentForm) {
  return [{ key: 'content-preview', type: 'rich_text', settings: { title: f.title, blocks: f.blocks } }];
}

/** The unsaved post as its page shows it (`shopfront:preview:post`): the date is when shoppers see it, if known. */
export function previewPost(f: ContentForm, saved: AdminBlogPost | null, timeZone: string) {
  const published_at =
    f.status === 'scheduled'
      ? fromZonedInput(f.publish_at, timeZone)
      : f.status === 'published'
        ? saved?.status === 'published' && saved.publish_at
          ? saved.publish_at
          : new Date().toISOString()
        : null;
  return {
    title: f.title,
    excerpt: f.excerpt,
    cover_image: f.cover_image ? { url: f.cover_image, alt: f.cover_image_alt } : null,
    body: f.blocks,
    author: f.author,
    published_at,
    tags: tagsOf(f.tags),
  };
}
