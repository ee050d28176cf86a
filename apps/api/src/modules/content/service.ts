import { and, asc, eq } from 'drizzle-orm';
import type { Menu, MenuItem, Page, Slider } from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { menuItems, menus, pages, slides, sliders } from '../../db/schema.ts';

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
  const [row] = await db.select().from(pages).where(and(eq(pages.slug, slug), eq(pages.isPublished, true)));
  if (!row) return null;
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
  };
}
