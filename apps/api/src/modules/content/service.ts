import { and, asc, eq, sql } from 'drizzle-orm';
import {
  CONTENT_MAX_PAGE,
  ProductGridBodySchema,
  SectionSchema,
  contentMessages,
  type ComponentData,
  type ContentTile,
  type Faq,
  type Menu,
  type MenuItem,
  type Page,
  type Section,
  type Slider,
  type Template,
  type TemplateBoth,
  type TemplateBothQuery,
  type Testimonial,
} from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
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
import { listBlogPostCards } from '../blog/service.ts';
import { getProductGrid } from '../catalog/service.ts';
import { getForm } from '../forms/service.ts';
import { textArray } from './sql.ts';

/** A menu with its items nested under their parents, in position order; null if unknown. */
export async function getMenu(db: Db, id: string): Promise<Menu | null> {
  const [menu] = await db.select().from(menus).where(eq(menus.id, id));
  if (!menu) return null;
  const rows = await db.select().from(menuItems).where(eq(menuItems.menuId, id)).orderBy(asc(menuItems.position), asc(menuItems.id));
  const byId = new Map<number, MenuItem>();
  for (const r of rows) byId.set(r.id, { id: r.id, label: r.label, url: r.url, children: [] });
  const roots: MenuItem[] = [];
  for (const r of rows) {
    const item = byId.get(r.id)!;
    const parent = r.parentId === null ? undefined : byId.get(r.parentId);
    (parent ? parent.children : roots).push(item);
  }
  return { id: menu.id, name: menu.name, items: roots };
}

/** A slider and its slides in position order; null if unknown. */
export async function getSlider(db: Db, id: string): Promise<Slider | null> {
  const [slider] = await db.select().from(sliders).where(eq(sliders.id, id));
  if (!slider) return null;
  const rows = await db.select().from(slides).where(eq(slides.sliderId, id)).orderBy(asc(slides.position), asc(slides.id));
  return {
    id: slider.id,
    name: slider.name,
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

/** A published page by slug; null if unknown or unpublished. */
export async function getPage(db: Db, slug: string): Promise<Page | null> {
  const [found] = await db
    .select({ page: pages, templateId: templates.id })
    .from(pages)
    .leftJoin(templates, eq(templates.pageId, pages.id))
    .where(and(eq(pages.slug, slug), eq(pages.isPublished, true)));
  if (!found) return null;
  const row = found.page;
  let parentSlug: string | null = null;
  if (row.parentId !== null) {
    const [parent] = await db.select({ slug: pages.slug }).from(pages).where(eq(pages.id, row.parentId));
    parentSlug = parent?.slug ?? null;
  }
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    parent_slug: parentSlug,
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    blocks: row.blocks,
    template_id: found.templateId,
  };
}

/** A FAQ group with its published questions in order; null if unknown. */
export async function getFaq(db: Db, id: string): Promise<Faq | null> {
  const [group] = await db.select().from(faqGroups).where(eq(faqGroups.id, id));
  if (!group) return null;
  const items = await db
    .select({ id: faqItems.id, question: faqItems.question, answer: faqItems.answer })
    .from(faqItems)
    .where(and(eq(faqItems.groupId, id), eq(faqItems.isPublished, true)))
    .orderBy(asc(faqItems.position), asc(faqItems.id));
  return { id: group.id, title: group.title, description: group.description, items };
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
 * Category tiles: the named categories in that order, or the top-level ones in their own order.
 * A category without its own image shows its first published product's image.
 */
export async function listCategoryTiles(db: Db, slugs: readonly string[], limit: number): Promise<ContentTile[]> {
  const rows = await queryRows<TileRow>(
    db,
    sql`select c.id, c.slug, c.name, c.description, c.image_path,
          (select p.image_path from ${productCategories} pc join ${products} p on p.id = pc.product_id
            where pc.category_id = c.id and p.is_published and p.image_path is not null
            order by pc.position, p.id limit 1) as fallback_image,
          (select count(*) from ${productCategories} pc join ${products} p on p.id = pc.product_id
            where pc.category_id = c.id and p.is_published)::int as product_count
        from ${categories} c
        where ${slugs.length ? sql`c.slug = any(${textArray(slugs)})` : sql`c.parent_id is null`}
        order by ${slugs.length ? sql`array_position(${textArray(slugs)}, c.slug)` : sql`c.position`}, c.id
        limit ${limit}`,
  );
  return rows.map((r) => toTile(r, 'product-category'));
}

/** Collection tiles: the named collections in that order, or all in their own order. */
export async function listCollectionTiles(db: Db, slugs: readonly string[], limit: number): Promise<ContentTile[]> {
  const rows = await queryRows<TileRow>(
    db,
    sql`select c.id, c.slug, c.name, c.description, c.image_path,
          (select p.image_path from ${productCollections} pc join ${products} p on p.id = pc.product_id
            where pc.collection_id = c.id and p.is_published and p.image_path is not null
            order by pc.position, p.id limit 1) as fallback_image,
          (select count(*) from ${productCollections} pc join ${products} p on p.id = pc.product_id
            where pc.collection_id = c.id and p.is_published)::int as product_count
        from ${collections} c
        where ${slugs.length ? sql`c.slug = any(${textArray(slugs)})` : sql`true`}
        order by ${slugs.length ? sql`array_position(${textArray(slugs)}, c.slug)` : sql`c.position`}, c.id
        limit ${limit}`,
  );
  return rows.map((r) => toTile(r, 'product-collection'));
}

/**
 * A template with its enabled sections in order; null if unknown. A stored section whose
 * settings no longer fit SectionSchema is left out rather than failing the whole page.
 */
export async function getTemplate(db: Db, id: string): Promise<Template | null> {
  const [found] = await db
    .select({ template: templates, pageSlug: pages.slug })
    .from(templates)
    .leftJoin(pages, eq(pages.id, templates.pageId))
    .where(eq(templates.id, id));
  if (!found) return null;
  const rows = await db
    .select()
    .from(templateSections)
    .where(and(eq(templateSections.templateId, id), eq(templateSections.isEnabled, true)))
    .orderBy(asc(templateSections.position), asc(templateSections.id));
  const sections: Section[] = [];
  for (const r of rows) {
    const parsed = SectionSchema.safeParse({ key: r.key, type: r.type, settings: r.settings });
    if (parsed.success) sections.push(parsed.data);
  }
  return { id: found.template.id, name: found.template.name, page_type: found.template.pageType, page_slug: found.pageSlug, sections };
}

/** What sections may read from the storefront URL (its query string). */
interface ResolveContext {
  page: number;
  tag: string | null;
}

function readQuery(query: string | undefined): ResolveContext {
  const params = new URLSearchParams(query ?? '');
  const page = Number(params.get('page'));
  const tag = params.get('tag');
  return {
    page: Number.isInteger(page) && page >= 1 && page <= CONTENT_MAX_PAGE ? page : 1,
    tag: tag && /^[a-z0-9][a-z0-9-]{0,49}$/.test(tag) ? tag : null,
  };
}

/** The data one section shows, by its type; null for sections that carry everything in their settings. */
export async function resolveSection(db: Db, s: Section, ctx: ResolveContext): Promise<ComponentData> {
  const { key } = s;
  switch (s.type) {
    case 'hero_slider':
      return { key, type: s.type, data: await getSlider(db, s.settings.slider_id) };
    case 'product_grid':
      return { key, type: s.type, data: await getProductGrid(db, ProductGridBodySchema.parse({ items: s.settings.items, source: s.settings.source })) };
    case 'category_grid':
      return { key, type: s.type, data: { categories: await listCategoryTiles(db, s.settings.category_slugs, s.settings.limit) } };
    case 'collection_grid':
      return { key, type: s.type, data: { collections: await listCollectionTiles(db, s.settings.collection_slugs, s.settings.limit) } };
    case 'testimonials':
      return { key, type: s.type, data: { testimonials: await listTestimonials(db, s.settings.limit) } };
    case 'faq':
      return { key, type: s.type, data: await getFaq(db, s.settings.faq_id) };
    case 'form':
      return { key, type: s.type, data: await getForm(db, s.settings.form_id) };
    case 'blog_list': {
      const { items, paginate, tag } = s.settings;
      const data = await listBlogPostCards(db, { page: paginate ? ctx.page : 1, per_page: items, tag: tag ?? (paginate ? ctx.tag : null) });
      return { key, type: s.type, data };
    }
    case 'marquee':
    case 'rich_text':
    case 'image_with_text':
    case 'gallery':
    case 'page_content':
      return { key, type: s.type, data: null };
  }
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
export async function getTemplateBoth(db: Db, id: string, q: TemplateBothQuery): Promise<TemplateBoth> {
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
  const ctx = readQuery(q.query);
  const componentData = await Promise.all(template.sections.map((s) => resolveSection(db, s, ctx)));
  return { template, page, page_type: template.page_type, component_data: componentData };
}
