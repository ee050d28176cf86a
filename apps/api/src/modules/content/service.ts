import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CONTENT_MAX_PAGE,
  ProductGridBodySchema,
  SectionSchema,
  contentMessages,
  storedBlocks,
  type ComponentData,
  type ContentTile,
  type Faq,
  type Menu,
  type MenuItem,
  type Page,
  type PageList,
  type Section,
  type Slider,
  type Template,
  type TemplateBoth,
  type TemplateBothQuery,
  type Testimonial,
} from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import {
  categories,
  collections,
  faqGroups,
  faqItems,
  menuItems,
  menus,
  pages,
  productCategories,
  productCollections,
  products,
  slides,
  sliders,
  templateSections,
  templates,
  testimonials,
} from '../../db/schema.ts';
import { notFound } from '../../lib/http.ts';
import { galleryForSection } from '../plugins/gallery-service.ts';
import { listBlogPostCards } from '../blog/service.ts';
import type { PriceChannel } from '../catalog/channel-price.ts';
import { getProductGrid } from '../catalog/service.ts';
import { getForm } from '../forms/service.ts';
import { textArray } from '../../db/sql-array.ts';
import { pageIsLive } from './page-live.ts';

/**
 * Where a menu item leads now: the current address of the page, category or collection it links
 * (joined as `pages`, `categories`, `collections`), else its own url.
 */
export const menuItemUrl = sql<string | null>`coalesce('/' || ${pages.slug}, '/product-category/' || ${categories.slug},
  '/product-collection/' || ${collections.slug}, ${menuItems.url})`;

/** A menu with its items nested under their parents, in position order; null if unknown. One query. */
export async function getMenu(db: Db, id: string): Promise<Menu | null> {
  const joined = await db
    .select({ name: menus.name, item: menuItems, url: menuItemUrl })
    .from(menus)
    .leftJoin(menuItems, eq(menuItems.menuId, menus.id))
    .leftJoin(pages, eq(pages.id, menuItems.pageId))
    .leftJoin(categories, eq(categories.id, menuItems.categoryId))
    .leftJoin(collections, eq(collections.id, menuItems.collectionId))
    .where(eq(menus.id, id))
    .orderBy(asc(menuItems.position), asc(menuItems.id));
  if (!joined.length) return null;
  const rows = joined.flatMap((r) => (r.item ? [{ ...r.item, url: r.url ?? r.item.url }] : []));
  const byId = new Map<number, MenuItem>();
  for (const r of rows) byId.set(r.id, { id: r.id, label: r.label, url: r.url, children: [] });
  const roots: MenuItem[] = [];
  for (const r of rows) {
    const item = byId.get(r.id)!;
    const parent = r.parentId === null ? undefined : byId.get(r.parentId);
    (parent ? parent.children : roots).push(item);
  }
  return { id, name: joined[0]!.name, items: roots };
}

/** A slider and its slides in position order; null if unknown. One query. */
export async function getSlider(db: Db, id: string): Promise<Slider | null> {
  const joined = await db
    .select({ name: sliders.name, slide: slides })
    .from(sliders)
    .leftJoin(slides, eq(slides.sliderId, sliders.id))
    .where(eq(sliders.id, id))
    .orderBy(asc(slides.position), asc(slides.id));
  if (!joined.length) return null;
  const rows = joined.flatMap((r) => (r.slide ? [r.slide] : []));
  return {
    id,
    name: joined[0]!.name,
    slides: rows.map((s) => ({
      id: s.id,
      title: s.title,
      subtitle: s.subtitle,
      image: { url: s.imageUrl, alt: s.imageAlt },
      link_url: s.linkUrl,
      link_text: s.linkText,
    })),
  };
}

/** A published page by slug; null if unknown, a draft or scheduled for later. One query. */
export async function getPage(db: Db, slug: string): Promise<Page | null> {
  const parent = alias(pages, 'parent');
  const [found] = await db
    .select({ page: pages, templateId: templates.id, parentSlug: parent.slug })
    .from(pages)
    .leftJoin(templates, eq(templates.pageId, pages.id))
    .leftJoin(parent, eq(parent.id, pages.parentId))
    .where(and(eq(pages.slug, slug), pageIsLive));
  if (!found) return null;
  const row = found.page;
  const parentSlug = found.parentSlug;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    parent_slug: parentSlug,
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    blocks: storedBlocks(row.blocks),
    template_id: found.templateId,
  };
}

/** Every published page, by slug, with its storefront path. One query. */
export async function listPages(db: Db): Promise<PageList> {
  const parent = alias(pages, 'parent');
  const rows = await db
    .select({ slug: pages.slug, title: pages.title, parentSlug: parent.slug, updatedAt: pages.updatedAt })
    .from(pages)
    .leftJoin(parent, eq(parent.id, pages.parentId))
    .where(pageIsLive)
    .orderBy(asc(pages.slug));
  return {
    pages: rows.map((r) => ({
      slug: r.slug,
      title: r.title,
      url: `/${r.slug}`,
      parent_slug: r.parentSlug,
      updated_at: r.updatedAt.toISOString(),
    })),
  };
}

/** A FAQ group with its published questions in order; null if unknown. One query. */
export async function getFaq(db: Db, id: string): Promise<Faq | null> {
  const joined = await db
    .select({
      title: faqGroups.title,
      description: faqGroups.description,
      item: { id: faqItems.id, question: faqItems.question, answer: faqItems.answer },
    })
    .from(faqGroups)
    .leftJoin(faqItems, and(eq(faqItems.groupId, faqGroups.id), eq(faqItems.isPublished, true)))
    .where(eq(faqGroups.id, id))
    .orderBy(asc(faqItems.position), asc(faqItems.id));
  const group = joined[0];
  if (!group) return null;
  const items = joined.flatMap((r) => (r.item ? [r.item] : []));
  return { id, title: group.title, description: group.description, items };
}

/** Published testimonials in position order, at most `limit`. */
export async function listTestimonials(db: Db, limit: number): Promise<Testimonial[]> {
  const rows = await db
    .select()
    .from(testimonials)
    .where(eq(testimonials.isPublished, true))
    .orderBy(asc(testimonials.position), asc(testimonials.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    author: r.authorName,
    author_title: r.authorTitle,
    quote: r.quote,
    rating: r.rating,
    avatar: r.avatarPath ? { url: r.avatarPath, alt: r.authorName } : null,
  }));
}

interface TileRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  image_path: string | null;
  fallback_image: string | null;
  product_count: number;
}

const toTile = (r: TileRow, route: string): ContentTile => {
  const url = r.image_path ?? r.fallback_image;
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    description: r.description,
    url: `/${route}/${r.slug}`,
    image: url ? { url, alt: r.name } : null,
    product_count: Number(r.product_count),
  };
};

/**
 * Tiles of categories or collections (`links` names the link table, `key` its column): each
 * with its number of published products and, for one without an image of its own, the image of
 * its first published product. One pass over the links of the chosen rows and their products, not
 * two correlated subqueries per tile (each of which read every product again).
 */
function tilesSql(
  table: typeof categories | typeof collections,
  links: typeof productCategories | typeof productCollections,
  key: typeof productCategories.categoryId | typeof productCollections.collectionId,
  chosen: SQL,
  order: SQL,
  limit: number,
) {
  return sql`with c as (select id, slug, name, description, image_path, position from ${table} c where ${chosen}),
      n as (
        select l.id, count(*)::int as product_count,
          (array_agg(p.image_path order by l.position, p.id) filter (where p.image_path is not null))[1] as fallback_image
        from (select ${key} as id, ${links.productId} as product_id, ${links.position} as position from ${links}
               where ${key} in (select id from c)) l
        join ${products} p on p.id = l.product_id and p.is_published
        group by l.id)
    select c.id, c.slug, c.name, c.description, c.image_path, n.fallback_image, coalesce(n.product_count, 0) as product_count
      from c left join n on n.id = c.id
     order by ${order}, c.id
     limit ${limit}`;
}

const TILE_COLUMNS = [
  'id',
  'slug',
  'name',
  'description',
  'image_path',
  'fallback_image',
  'product_count',
] as const satisfies readonly (keyof TileRow)[];

/** The named categories (`slugs`, in that order), or the top-level ones. */
const categoryTiles = namedQuery<TileRow>()({
  name: 'content.category-tiles',
  columns: TILE_COLUMNS,
  example: { slugs: ['a', 'b'] as readonly string[], limit: 8 },
  build: ({ slugs, limit }: { slugs: readonly string[]; limit: number }) =>
    tilesSql(
      categories,
      productCategories,
      productCategories.categoryId,
      slugs.length ? sql`c.slug = any(${textArray(slugs)})` : sql`c.parent_id is null`,
      slugs.length ? sql`array_position(${textArray(slugs)}, c.slug)` : sql`c.position`,
      limit,
    ),
});

/** The named collections (`slugs`, in that order), or all. */
const collectionTiles = namedQuery<TileRow>()({
  name: 'content.collection-tiles',
  columns: TILE_COLUMNS,
  example: { slugs: ['a', 'b'] as readonly string[], limit: 8 },
  build: ({ slugs, limit }: { slugs: readonly string[]; limit: number }) =>
    tilesSql(
      collections,
      productCollections,
      productCollections.collectionId,
      slugs.length ? sql`c.slug = any(${textArray(slugs)})` : sql`true`,
      slugs.length ? sql`array_position(${textArray(slugs)}, c.slug)` : sql`c.position`,
      limit,
    ),
});

/**
 * Category tiles: the named categories in that order, or the top-level ones in their own order.
 * A category without its own image shows its first published product's image. One query.
 */
export async function listCategoryTiles(db: Db, slugs: readonly string[], limit: number): Promise<ContentTile[]> {
  const rows = await categoryTiles(db, { slugs, limit });
  return rows.map((r) => toTile(r, 'product-category'));
}

/** Collection tiles: the named collections in that order, or all in their own order. One query. */
export async function listCollectionTiles(db: Db, slugs: readonly string[], limit: number): Promise<ContentTile[]> {
  const rows = await collectionTiles(db, { slugs, limit });
  return rows.map((r) => toTile(r, 'product-collection'));
}

/**
 * A template with its enabled sections in order; null if unknown. A stored section whose
 * settings no longer fit SectionSchema is left out rather than failing the whole page. One query.
 */
export async function getTemplate(db: Db, id: string): Promise<Template | null> {
  const joined = await db
    .select({ template: templates, pageSlug: pages.slug, section: templateSections })
    .from(templates)
    .leftJoin(pages, eq(pages.id, templates.pageId))
    .leftJoin(
      templateSections,
      and(eq(templateSections.templateId, templates.id), eq(templateSections.isEnabled, true)),
    )
    .where(eq(templates.id, id))
    .orderBy(asc(templateSections.position), asc(templateSections.id));
  const found = joined[0];
  if (!found) return null;
  const rows = joined.flatMap((r) => (r.section ? [r.section] : []));
  const sections: Section[] = [];
  for (const r of rows) {
    const parsed = SectionSchema.safeParse({ key: r.key, type: r.type, settings: r.settings });
    if (parsed.success) sections.push(parsed.data);
  }
  return {
    id: found.template.id,
    name: found.template.name,
    page_type: found.template.pageType,
    page_slug: found.pageSlug,
    sections,
  };
}

/** What sections may read from the storefront URL (its query string). */
interface ResolveContext {
  page: number;
  tag: string | null;
  /** The request's channel: a product grid is priced in it (ADR 0027). */
  channel: PriceChannel;
}

function readQuery(query: string | undefined, channel: PriceChannel): ResolveContext {
  const params = new URLSearchParams(query ?? '');
  const page = Number(params.get('page'));
  const tag = params.get('tag');
  return {
    page: Number.isInteger(page) && page >= 1 && page <= CONTENT_MAX_PAGE ? page : 1,
    tag: tag && /^[a-z0-9][a-z0-9-]{0,49}$/.test(tag) ? tag : null,
    channel,
  };
}

/** The data one section shows, by its type; null for sections that carry everything in their settings. */
export async function resolveSection(db: Db, s: Section, ctx: ResolveContext): Promise<ComponentData> {
  const { key } = s;
  switch (s.type) {
    case 'hero_slider':
      return { key, type: s.type, data: await getSlider(db, s.settings.slider_id) };
    case 'product_grid':
      return {
        key,
        type: s.type,
        data: await getProductGrid(
          db,
          ProductGridBodySchema.parse({ items: s.settings.items, source: s.settings.source }),
          ctx.channel,
        ),
      };
    case 'category_grid':
      return {
        key,
        type: s.type,
        data: { categories: await listCategoryTiles(db, s.settings.category_slugs, s.settings.limit) },
      };
    case 'collection_grid':
      return {
        key,
        type: s.type,
        data: { collections: await listCollectionTiles(db, s.settings.collection_slugs, s.settings.limit) },
      };
    case 'testimonials':
      return { key, type: s.type, data: { testimonials: await listTestimonials(db, s.settings.limit) } };
    case 'faq':
      return { key, type: s.type, data: await getFaq(db, s.settings.faq_id) };
    case 'form':
      return { key, type: s.type, data: await getForm(db, s.settings.form_id) };
    case 'blog_list': {
      const { items, paginate, tag } = s.settings;
      const data = await listBlogPostCards(db, {
        page: paginate ? ctx.page : 1,
        per_page: items,
        tag: tag ?? (paginate ? ctx.tag : null),
      });
      return { key, type: s.type, data };
    }
    case 'gallery':
      return {
        key,
        type: s.type,
        data: s.settings.gallery_id ? await galleryForSection(db, s.settings.gallery_id) : null,
      };
    case 'marquee':
    case 'rich_text':
    case 'image_with_text':
    case 'newsletter':
    case 'page_content':
      return { key, type: s.type, data: null };
  }
}

/** One section's data outside a page (POST /api/section-data): the first page of a paged list. */
export function resolveSectionData(db: Db, section: Section, channel: PriceChannel): Promise<ComponentData> {
  return resolveSection(db, section, readQuery(undefined, channel));
}

/** The page slug a storefront path names: `/about-us/` → `about-us`, `/` → '' (home); null if it cannot be one. */
function slugFromPath(path: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path.split(/[?#]/)[0] ?? '');
  } catch {
    return null;
  }
  const slug = decoded.replace(/^\/+|\/+$/g, '');
  return slug === '' || /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/.test(slug) ? slug : null;
}

/**
 * GET /api/templateBoth/{id}: the template, the page and the data of every section in one
 * answer, so a storefront route renders with one call.
 *
 * - The page is named by `slug`, else by `path`; none (or '') means no page (the home page). A
 *   named page must exist and be published, else 404 'Page not found'.
 * - The template is the page's own one if it has one, else template `{id}` (404 if unknown).
 *   Without a named page, the page is the one bound to template `{id}`, if any.
 * - component_data holds one entry per section, in section order, each with the section's key.
 */
export async function getTemplateBoth(
  db: Db,
  id: string,
  q: TemplateBothQuery,
  channel: PriceChannel,
): Promise<TemplateBoth> {
  const slug = q.slug ?? (q.path !== undefined ? slugFromPath(q.path) : '');
  if (slug === null) throw notFound(contentMessages.pageNotFound);
  let page: Page | null = null;
  if (slug !== '') {
    page = await getPage(db, slug);
    if (!page) throw notFound(contentMessages.pageNotFound);
  }
  const template = await getTemplate(db, page?.template_id ?? id);
  if (!template) throw notFound(contentMessages.templateNotFound);
  if (!page && template.page_slug) page = await getPage(db, template.page_slug);
  const ctx = readQuery(q.query, channel);
  const componentData = await Promise.all(template.sections.map((s) => resolveSection(db, s, ctx)));
  return { template, page, page_type: template.page_type, component_data: componentData };
}
