import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuItems, pages } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

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
    expect(data.items.map((i: { label: string }) => i.label)).toEqual(['Home', 'Shop', 'About Us', 'Shipping & Returns']);
  });

  it('nests children under their parent', async () => {
    const [shop] = await t.database.db.select().from(menuItems).where(eq(menuItems.label, 'Shop')).limit(1);
    await t.database.db.insert(menuItems).values({ menuId: 'main-menu', parentId: shop!.id, label: 'Mugs', url: '/product-category/mugs', position: 0 });
    const { data } = (await get('/api/menu/main-menu')).json();
    const shopItem = data.items.find((i: { label: string }) => i.label === 'Shop');
    expect(shopItem.children).toEqual([{ id: expect.any(Number), label: 'Mugs', url: '/product-category/mugs', children: [] }]);
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
    expect(data.slides[0]).toMatchObject({ title: expect.any(String), image: { url: expect.stringMatching(/^\/media\/.+\.webp$/) } });
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
    expect(data).toMatchObject({ slug: 'about-us', title: 'About Us', parent_slug: null });
    expect(data.blocks[0]).toMatchObject({ type: 'paragraph' });
  });

  it('answers a nested page by its multi-segment slug, with its parent slug', async () => {
    const [about] = await t.database.db.select().from(pages).where(eq(pages.slug, 'about-us'));
    await t.database.db.insert(pages).values({ slug: 'about-us/makers', title: 'Our makers', parentId: about!.id, blocks: [] });
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
