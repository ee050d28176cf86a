import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { canonicalMediaPath } from './gallery-service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let nextHost = 1;
const post = (url: string, payload: unknown, remoteAddress = `10.90.0.${nextHost++}`) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
const gallery = (payload: unknown, ip?: string) => post('/api/plugins/Gallery', payload, ip);
const custom = (payload: unknown, ip?: string) => post('/api/plugins/customGallery', payload, ip);

const setInstalled = (name: string, installed: boolean) =>
  t.database.db.execute(sql`update plugins set is_installed = ${installed} where module_name = ${name}`);

/** Two product images of the seeded demo (real files under the test media dir). */
async function mediaImages(): Promise<string[]> {
  const rows = await queryRows<{ image_path: string }>(
    t.database.db,
    sql`select image_path from products where image_path like '/media/%' order by name limit 2`,
  );
  return rows.map((r) => r.image_path);
}

describe('canonicalMediaPath', () => {
  it('keeps originals under /media, takes variants back, refuses anything else', () => {
    expect(canonicalMediaPath('/media/seed/a.webp')).toBe('/media/seed/a.webp');
    expect(canonicalMediaPath('/media/w_640_dpr_2/seed/a.webp')).toBe('/media/seed/a.webp');
    expect(canonicalMediaPath('/media/seed/a.webp?x=1')).toBe('/media/seed/a.webp');
    for (const bad of [
      'https://evil.example/a.webp',
      '/media/../secret.webp',
      '/media/.cache/a.webp',
      '/media/a.svg',
      'seed/a.webp',
      'data:image/png;base64,AA',
    ]) {
      expect(canonicalMediaPath(bad)).toBeNull();
    }
  });
});

describe('POST /api/plugins/Gallery', () => {
  it('answers the seeded studio gallery with responsive image data', async () => {
    const res = await gallery({ id: 'studio' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.id).toBe('studio');
    expect(data.name).toBe('Inside the studio');
    expect(data.images.length).toBeGreaterThanOrEqual(8);
    const first = data.images[0];
    expect(first).toMatchObject({
      path: expect.stringMatching(/^\/media\//),
      alt: expect.any(String),
      caption: expect.any(String),
      src: expect.stringMatching(/^\/media\/w_640\//),
      sizes: '(min-width: 1024px) 80vw, 100vw',
    });
    expect(first.srcset).toContain('/media/w_1280/');
    expect(data.images.some((i: { link: string | null }) => i.link?.startsWith('/product/'))).toBe(true);
  });

  it('answers 404 for an unknown gallery, 422 for a malformed id', async () => {
    const res = await gallery({ id: 'nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: 'Gallery not found' });
    for (const body of [{}, { id: '' }, { id: '../x' }, { id: 'A'.repeat(65) }]) {
      expect((await gallery(body)).statusCode).toBe(422);
    }
  });

  it('feeds the About Us gallery section (gallery_id) through templateBoth, and nothing when the plugin is off', async () => {
    const about = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/templateBoth/page?slug=about-us' });
      const data = res.json().data;
      const section = data.template.sections.find((s: { key: string }) => s.key === 'studio');
      const entry = data.component_data.find((d: { key: string }) => d.key === 'studio');
      return { section, entry };
    };
    const on = await about();
    expect(on.section.settings).toMatchObject({ gallery_id: 'studio', columns: 4 });
    expect(on.entry.data.images.length).toBeGreaterThanOrEqual(8);
    await setInstalled('Gallery', false);
    try {
      expect((await about()).entry.data).toBeNull();
      expect((await gallery({ id: 'studio' })).json()).toEqual({
        status: 'error',
        message: 'This plugin is not installed',
      });
    } finally {
      await setInstalled('Gallery', true);
    }
  });
});

describe('POST /api/plugins/customGallery', () => {
  it('normalises a hand-picked list: canonical paths, pixel sizes, empty caption and link dropped', async () => {
    const [a, b] = await mediaImages();
    const variant = a!.replace('/media/', '/media/w_320/');
    const res = await custom({
      images: [
        { path: variant, alt: '  Mug  ', caption: ' On the shelf ', link: '/product/x' },
        { path: b, alt: 'Shirt', caption: '', link: '' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const [first, second] = res.json().data.images;
    expect(first).toMatchObject({ path: a, alt: 'Mug', caption: 'On the shelf', link: '/product/x' });
    expect(first.width).toBeGreaterThan(0);
    expect(first.height).toBeGreaterThan(0);
    expect(first.srcset).toContain(`${first.width}w`);
    expect(second).toMatchObject({ path: b, caption: null, link: null });
  });

  it('refuses paths outside /media, missing files, bad links, missing alt and more than 48 images', async () => {
    const [a] = await mediaImages();
    const res = await custom({
      images: [
        { path: 'https://evil.example/x.webp', alt: 'x' },
        { path: '/media/seed/none-such.webp', alt: 'x' },
        { path: a, alt: '' },
        { path: a, alt: 'x', link: 'javascript:alert(1)' },
        { path: a, alt: 'x', link: '//evil.example' },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      'images.2.alt': ['This field is required'],
      'images.3.link': ['The link must be a path on this shop (/…) or an https:// address'],
      'images.4.link': ['The link must be a path on this shop (/…) or an https:// address'],
    });
    // Paths are checked once the shapes are right.
    const paths = await custom({
      images: [
        { path: 'https://evil.example/x.webp', alt: 'x' },
        { path: '/media/seed/none-such.webp', alt: 'x' },
      ],
    });
    expect(paths.json().errors).toEqual({
      'images.0.path': ['The image must be a file under /media'],
      'images.1.path': ['This image could not be found'],
    });
    const many = await custom({ images: Array.from({ length: 49 }, () => ({ path: a, alt: 'x' })) });
    expect(many.json().errors.images).toEqual(['A gallery holds at most 48 images']);
    expect((await custom({ images: [] })).json().errors.images).toEqual(['Add at least one image']);
    expect((await custom({})).statusCode).toBe(422);
  });

  it('answers 404 while the plugin is not installed, and 429 past 20 a minute per address', async () => {
    const [a] = await mediaImages();
    await setInstalled('customGallery', false);
    try {
      expect((await custom({ images: [{ path: a, alt: 'x' }] })).statusCode).toBe(404);
    } finally {
      await setInstalled('customGallery', true);
    }
    const ip = '10.91.0.1';
    for (let i = 0; i < 20; i++) expect((await custom({ images: [{ path: a, alt: 'x' }] }, ip)).statusCode).toBe(200);
    expect((await custom({ images: [{ path: a, alt: 'x' }] }, ip)).statusCode).toBe(429);
  });
});
