import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageListSchema } from '@shopfront/shared';
import {
  blogPosts,
  faqItems,
  forms,
  menuItems,
  menus,
  pages,
  templateSections,
  templates,
  testimonials,
} from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { queryRows } from '../../db/client.ts';
import { countQueries } from '../catalog/query-counter.ts';
import { listCategoryTiles, listCollectionTiles } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/menu/{id}', () => {
  it('answers the menu with items in order', async () => {
    const res = await get('/api/menu/main-menu');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.id).toBe('main-menu');
    expect(data.items.map((i: { label: string }) => i.label)).toEqual([
      'Home',
      'Shop',
      'About Us',
      'Shipping & Returns',
    ]);
  });

  it('nests children under their parent', async () => {
    const [shop] = await t.database.db.select().from(menuItems).where(eq(menuItems.label, 'Shop')).limit(1);
    await t.database.db
      .insert(menuItems)
      .values({ menuId: 'main-menu', parentId: shop!.id, label: 'Mugs', url: '/product-category/mugs', position: 0 });
    const { data } = (await get('/api/menu/main-menu')).json();
    const shopItem = data.items.find((i: { label: string }) => i.label === 'Shop');
    expect(shopItem.children).toEqual([
      { id: expect.any(Number), label: 'Mugs', url: '/product-category/mugs', children: [] },
    ]);
    expect(data.items).toHaveLength(4);
  });

  it('answers 404 for an unknown menu and 422 for an id that cannot be one', async () => {
    expect((await get('/api/menu/nope')).json()).toEqual({ status: 'error', message: 'Menu not found' });
    expect((await get('/api/menu/nope')).statusCode).toBe(404);
    const bad = await get(`/api/menu/${encodeURIComponent("x' or 1=1 --")}`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.id).toEqual(['This field is not valid']);
  });
});

describe('GET /api/slider/{id}', () => {
  it('answers slides with images and links', async () => {
    const { data } = (await get('/api/slider/home-hero')).json();
    expect(data.slides.length).toBeGreaterThanOrEqual(2);
    expect(data.slides[0]).toMatchObject({
      title: expect.any(String),
      image: { url: expect.stringMatching(/^\/media\/.+\.webp$/) },
    });
  });

  it('serves the slide image from /media with a long cache', async () => {
    const { data } = (await get('/api/slider/home-hero')).json();
    const img = await get(data.slides[0].image.url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(img.headers['cache-control']).toMatch(/max-age=31536000/);
  });

  it('answers 404 for an unknown slider', async () => {
    expect((await get('/api/slider/nope')).statusCode).toBe(404);
  });
});

describe('GET /api/page/{slug}', () => {
  it('answers a published page with its blocks', async () => {
    const { data } = (await get('/api/page/about-us')).json();
    expect(data).toMatchObject({ slug: 'about-us', title: 'About Us', parent_slug: null, template_id: 'about-us' });
    expect(data.blocks[0]).toMatchObject({ type: 'paragraph' });
  });

  it('answers a nested page by its multi-segment slug, with its parent slug', async () => {
    const [about] = await t.database.db.select().from(pages).where(eq(pages.slug, 'about-us'));
    await t.database.db
      .insert(pages)
      .values({ slug: 'about-us/makers', title: 'Our makers', parentId: about!.id, blocks: [] });
    const { data } = (await get('/api/page/about-us/makers')).json();
    expect(data).toMatchObject({ slug: 'about-us/makers', parent_slug: 'about-us' });
  });

  it('hides unpublished pages and answers 404 for unknown or malformed slugs', async () => {
    await t.database.db.update(pages).set({ isPublished: false }).where(eq(pages.slug, 'privacy-policy'));
    expect((await get('/api/page/privacy-policy')).statusCode).toBe(404);
    expect((await get('/api/page/does-not-exist')).json()).toEqual({ status: 'error', message: 'Page not found' });
    expect((await get('/api/page/..%2F..%2Fetc')).statusCode).toBe(404);
  });
});

describe('GET /api/pages', () => {
  it('lists every published page with its storefront url, parent and last change, in one query', async () => {
    const counter = countQueries(t.database.db);
    let listed;
    try {
      const { result, queries } = await counter.during(() => get('/api/pages'));
      expect(queries).toBe(1);
      listed = PageListSchema.parse(result.json().data).pages;
    } finally {
      counter.restore();
    }
    const rows = await t.database.db.select().from(pages).where(eq(pages.isPublished, true)).orderBy(asc(pages.slug));
    expect(listed.map((p) => p.slug)).toEqual(rows.map((r) => r.slug));
    expect(listed.find((p) => p.slug === 'about-us')).toMatchObject({
      title: 'About Us',
      url: '/about-us',
      parent_slug: null,
    });
    expect(listed.find((p) => p.slug === 'contact-us')?.url).toBe('/contact-us');
    for (const p of listed) expect(Number.isNaN(Date.parse(p.updated_at))).toBe(false);
  });

  it('leaves unpublished pages out and gives a nested page its parent', async () => {
    const [about] = await t.database.db.select().from(pages).where(eq(pages.slug, 'about-us'));
    await t.database.db
      .insert(pages)
      .values({ slug: 'about-us/studio', title: 'Studio', parentId: about!.id, blocks: [] });
    await t.database.db.update(pages).set({ isPublished: false }).where(eq(pages.slug, 'faq'));
    try {
      const listed = PageListSchema.parse((await get('/api/pages')).json().data).pages;
      expect(listed.map((p) => p.slug)).not.toContain('faq');
      expect(listed.find((p) => p.slug === 'about-us/studio')).toMatchObject({
        url: '/about-us/studio',
        parent_slug: 'about-us',
      });
    } finally {
      await t.database.db.update(pages).set({ isPublished: true }).where(eq(pages.slug, 'faq'));
      await t.database.db.delete(pages).where(eq(pages.slug, 'about-us/studio'));
    }
  });
});

describe('category and collection tiles', () => {
  /** Published products per category or collection, and the image of the first (by link position, then id). */
  const expected = (links: 'product_categories' | 'product_collections', key: 'category_id' | 'collection_id') =>
    queryRows<{ id: number; n: number; img: string | null }>(
      t.database.db,
      sql.raw(`select l.${key} as id, count(*)::int as n,
          (array_agg(p.image_path order by l.position, p.id) filter (where p.image_path is not null))[1] as img
        from ${links} l join products p on p.id = l.product_id and p.is_published group by l.${key}`),
    );

  it('count published products, fall back to the first product image, keep the asked order; one query each', async () => {
    const counter = countQueries(t.database.db);
    try {
      const named = await counter.during(() => listCategoryTiles(t.database.db, ['plants', 'shirts', 'no-such'], 10));
      expect(named.queries).toBe(1);
      expect(named.result.map((c) => c.slug)).toEqual(['plants', 'shirts']);
      const roots = await counter.during(() => listCategoryTiles(t.database.db, [], 3));
      expect(roots.queries).toBe(1);
      expect(roots.result).toHaveLength(3);
      const all = await counter.during(() => listCollectionTiles(t.database.db, [], 50));
      expect(all.queries).toBe(1);

      const cats = await expected('product_categories', 'category_id');
      for (const tile of [...named.result, ...roots.result]) {
        const e = cats.find((c) => c.id === tile.id)!;
        expect(tile.product_count, tile.slug).toBe(e.n);
        expect(tile.image?.url, tile.slug).toBe(e.img);
      }
      const colls = await expected('product_collections', 'collection_id');
      // The demo collections have covers of their own (seed/images.ts): those come first.
      const covers = await queryRows<{ id: number; image_path: string | null }>(
        t.database.db,
        sql`select id, image_path from collections`,
      );
      expect(all.result.length).toBeGreaterThanOrEqual(5);
      for (const tile of all.result) {
        const e = colls.find((c) => c.id === tile.id);
        const own = covers.find((c) => c.id === tile.id)?.image_path;
        expect(tile.product_count, tile.slug).toBe(e?.n ?? 0);
        expect(tile.image?.url ?? null, tile.slug).toBe(own ?? e?.img ?? null);
      }
    } finally {
      counter.restore();
    }
  });
});

describe('content reads are one statement each', () => {
  it('menu, slider, page, FAQ and template; a menu without items is still a menu', async () => {
    const counter = countQueries(t.database.db);
    try {
      for (const url of [
        '/api/menu/main-menu',
        '/api/slider/home-hero',
        '/api/page/about-us',
        '/api/faq/shopping-help',
        '/api/template/home',
      ]) {
        const { result, queries } = await counter.during(() => get(url));
        expect(result.statusCode, url).toBe(200);
        expect(queries, url).toBe(1);
      }
      await t.database.db.insert(menus).values({ id: 'empty-menu', name: 'Nothing yet' });
      const { result, queries } = await counter.during(() => get('/api/menu/empty-menu'));
      expect(result.json().data).toEqual({ id: 'empty-menu', name: 'Nothing yet', items: [] });
      expect(queries).toBe(1);
    } finally {
      counter.restore();
      await t.database.db.delete(menus).where(eq(menus.id, 'empty-menu'));
    }
  });
});

describe('GET /api/faq/{id}', () => {
  it('answers the FAQ group with its questions in order', async () => {
    const res = await get('/api/faq/shopping-help');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ id: 'shopping-help', title: 'Frequently asked questions' });
    expect(data.items.length).toBeGreaterThanOrEqual(6);
    expect(data.items[0]).toEqual({
      id: expect.any(Number),
      question: 'How long does delivery take?',
      answer: expect.any(String),
    });
  });

  it('leaves unpublished questions out and answers 404 for an unknown group', async () => {
    const [first] = await t.database.db
      .select()
      .from(faqItems)
      .where(eq(faqItems.groupId, 'shopping-help'))
      .orderBy(faqItems.position)
      .limit(1);
    await t.database.db.update(faqItems).set({ isPublished: false }).where(eq(faqItems.id, first!.id));
    const { data } = (await get('/api/faq/shopping-help')).json();
    expect(data.items.map((i: { id: number }) => i.id)).not.toContain(first!.id);
    await t.database.db.update(faqItems).set({ isPublished: true }).where(eq(faqItems.id, first!.id));
    const res = await get('/api/faq/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: 'FAQ not found' });
  });
});

describe('GET /api/template/{id}', () => {
  it('answers the home template: its sections in order with their settings', async () => {
    const res = await get('/api/template/home');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ id: 'home', page_type: 'Home', page_slug: null });
    expect(data.sections.map((s: { type: string }) => s.type)).toEqual([
      'hero_slider',
      'marquee',
      'product_grid',
      'category_grid',
      'collection_grid',
      'image_with_text',
      'product_grid',
      'testimonials',
      'blog_list',
    ]);
    const marquee = data.sections.find((s: { type: string }) => s.type === 'marquee');
    expect(marquee.settings.duration_s).toBe(20);
    expect(marquee.settings.items.length).toBeGreaterThan(1);
  });

  it('answers 404 for an unknown template', async () => {
    const res = await get('/api/template/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: 'Template not found' });
  });
});

type Entry = { key: string; type: string; data: Record<string, unknown> | null };
const byKey = (entries: Entry[]) => Object.fromEntries(entries.map((e) => [e.key, e]));

describe('GET /api/templateBoth/{id}', () => {
  it('answers the home template with resolved data for every section, by key', async () => {
    const res = await get('/api/templateBoth/home?path=%2F');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.page).toBeNull();
    expect(data.page_type).toBe('Home');
    expect(data.component_data.map((c: Entry) => c.key)).toEqual(
      data.template.sections.map((s: { key: string }) => s.key),
    );
    const c = byKey(data.component_data);
    expect((c.hero!.data as { slides: unknown[] }).slides.length).toBeGreaterThanOrEqual(2);
    expect(c.promise!.data).toBeNull();
    const grid = c['new-arrivals']!.data as { source: string; products: { slug: string }[] };
    expect(grid.source).toBe('latest');
    expect(grid.products).toHaveLength(8);
    const categories = (
      c['shop-by-category']!.data as {
        categories: { slug: string; url: string; image: { url: string } | null; product_count: number }[];
      }
    ).categories;
    expect(categories.map((x) => x.slug)).toEqual([
      'shirts',
      't-shirts',
      'mugs-and-cups',
      'plants',
      'bags',
      'lighting',
    ]);
    expect(categories[0]).toMatchObject({
      name: 'Shirts',
      url: '/product-category/shirts',
      image: { url: expect.stringMatching(/^\/media\//) },
    });
    expect(categories.every((x) => x.product_count > 0)).toBe(true);
    const collections = (c.collections!.data as { collections: { slug: string; url: string }[] }).collections;
    expect(collections.map((x) => x.slug)).toEqual([
      'summer-linen',
      'handmade-ceramics',
      'gifts-under-999',
      'bestsellers',
    ]);
    expect(collections[0]!.url).toBe('/product-collection/summer-linen');
    expect((c.testimonials!.data as { testimonials: unknown[] }).testimonials.length).toBeGreaterThanOrEqual(5);
    expect((c.journal!.data as { posts: unknown[] }).posts).toHaveLength(3);
    expect((c.featured!.data as { source: string }).source).toBe('best_rated');
  });

  it('answers a page with its own template (about us), whatever template id is asked for', async () => {
    const { data } = (await get('/api/templateBoth/page?slug=about-us&path=%2Fabout-us')).json();
    expect(data.template.id).toBe('about-us');
    expect(data.page).toMatchObject({ slug: 'about-us', title: 'About Us', template_id: 'about-us' });
    expect(data.page.blocks.length).toBeGreaterThan(0);
    expect(data.page_type).toBe('Page');
    const types = data.component_data.map((e: Entry) => e.type);
    expect(types).toEqual(['page_content', 'image_with_text', 'gallery', 'testimonials']);
  });

  it('finds the page from path when slug is absent, and resolves form and FAQ sections', async () => {
    const contact = (await get('/api/templateBoth/page?path=%2Fcontact-us')).json().data;
    expect(contact.page.slug).toBe('contact-us');
    expect(byKey(contact.component_data).form!.data).toMatchObject({ id: 'contact', fields: expect.any(Array) });
    const faq = (await get('/api/templateBoth/page?slug=faq')).json().data;
    expect((byKey(faq.component_data).questions!.data as { items: unknown[] }).items.length).toBeGreaterThanOrEqual(6);
  });

  it('lays out a page without its own template with template {id}', async () => {
    const { data } = (await get('/api/templateBoth/page?slug=shipping-and-returns')).json();
    expect(data.template.id).toBe('page');
    expect(data.page.slug).toBe('shipping-and-returns');
    expect(data.component_data).toEqual([{ key: 'content', type: 'page_content', data: null }]);
  });

  it('pages a paginated blog-list section with the storefront query', async () => {
    await t.database.db.insert(templates).values({ id: 'journal', name: 'Journal' });
    await t.database.db.insert(templateSections).values({
      templateId: 'journal',
      key: 'posts',
      type: 'blog_list',
      settings: { title: '', items: 2, tag: null, paginate: true },
    });
    const first = byKey((await get('/api/templateBoth/journal')).json().data.component_data).posts!.data as {
      posts: { slug: string }[];
      pagination: { page: number };
    };
    const second = byKey((await get('/api/templateBoth/journal?query=page%3D2')).json().data.component_data).posts!
      .data as typeof first;
    expect(second.pagination.page).toBe(2);
    expect(second.posts.map((p) => p.slug)).not.toEqual(first.posts.map((p) => p.slug));
    const tagged = byKey((await get('/api/templateBoth/journal?query=tag%3Dplants')).json().data.component_data).posts!
      .data as typeof first;
    expect(tagged.posts.length).toBe(2);
  });

  it('answers null data for a section whose FAQ is gone, and skips a section whose settings no longer fit', async () => {
    await t.database.db.insert(templates).values({ id: 'fragile', name: 'Fragile' });
    await t.database.db.insert(templateSections).values([
      {
        templateId: 'fragile',
        key: 'gone',
        type: 'faq',
        settings: { title: '', faq_id: 'deleted-group' },
        position: 0,
      },
      { templateId: 'fragile', key: 'broken', type: 'marquee', settings: { items: [] } as never, position: 1 },
      { templateId: 'fragile', key: 'fine', type: 'rich_text', settings: { title: 'Hello', blocks: [] }, position: 2 },
    ]);
    const res = await get('/api/templateBoth/fragile');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.component_data).toEqual([
      { key: 'gone', type: 'faq', data: null },
      { key: 'fine', type: 'rich_text', data: null },
    ]);
  });

  it('answers 404 for an unknown page or template and 422 for a slug that cannot be one', async () => {
    const page = await get('/api/templateBoth/page?slug=no-such-page');
    expect(page.statusCode).toBe(404);
    expect(page.json()).toEqual({ status: 'error', message: 'Page not found' });
    expect((await get('/api/templateBoth/page?path=%2Fno%2Fsuch%2Fpage')).statusCode).toBe(404);
    expect((await get('/api/templateBoth/page?path=%2F..%2Fetc')).statusCode).toBe(404);
    const template = await get('/api/templateBoth/nope');
    expect(template.statusCode).toBe(404);
    expect(template.json()).toEqual({ status: 'error', message: 'Template not found' });
    const bad = await get('/api/templateBoth/page?slug=Bad%20Slug');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.slug).toEqual(['This field is not valid']);
  });
});

describe('demo content', () => {
  it('seeds 5+ published posts with covers, 6+ FAQ answers, 5+ testimonials and two forms', async () => {
    const db = t.database.db;
    const posts = await db.select().from(blogPosts).where(eq(blogPosts.isPublished, true));
    expect(posts.length).toBeGreaterThanOrEqual(5);
    expect(posts.every((p) => p.coverImagePath && p.wordCount > 0)).toBe(true);
    expect((await db.select().from(testimonials)).length).toBeGreaterThanOrEqual(5);
    expect((await db.select().from(forms)).map((f) => f.id).sort()).toEqual(['contact', 'trade-enquiry']);
    const cover = await get(posts[0]!.coverImagePath!);
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/webp');
  });
});

describe('POST /api/section-data', () => {
  const post = (section: unknown) => t.app.inject({ method: 'POST', url: '/api/section-data', payload: { section } });

  it("answers an unsaved section's data as templateBoth would: named collections and categories in order, published testimonials", async () => {
    const coll = await post({
      key: 'new-grid',
      type: 'collection_grid',
      settings: { collection_slugs: ['summer-linen', 'bestsellers'] },
    });
    expect(coll.statusCode).toBe(200);
    const collData = coll.json().data;
    expect(collData).toMatchObject({ key: 'new-grid', type: 'collection_grid' });
    expect(collData.data.collections).toEqual(
      await listCollectionTiles(t.database.db, ['summer-linen', 'bestsellers'], 6),
    );
    expect(collData.data.collections.map((c: { slug: string }) => c.slug)).toEqual(['summer-linen', 'bestsellers']);

    const cats = await post({ key: 'cats', type: 'category_grid', settings: { category_slugs: ['shirts', 'plants'] } });
    expect(cats.json().data.data.categories.map((c: { slug: string }) => c.slug)).toEqual(['shirts', 'plants']);

    const quotes = await post({ key: 'q', type: 'testimonials', settings: { limit: 2 } });
    const published = await t.database.db
      .select({ id: testimonials.id })
      .from(testimonials)
      .where(eq(testimonials.isPublished, true))
      .orderBy(asc(testimonials.position), asc(testimonials.id))
      .limit(2);
    expect(quotes.json().data.data.testimonials.map((q: { id: number }) => q.id)).toEqual(published.map((p) => p.id));
  });

  it('answers 422 for settings a section cannot have', async () => {
    const bad = await post({ key: 'Bad Key', type: 'collection_grid', settings: { limit: 500 } });
    expect(bad.statusCode).toBe(422);
    expect((await post({ key: 'x', type: 'no-such', settings: {} })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'POST', url: '/api/section-data', payload: {} })).statusCode).toBe(422);
  });
});
