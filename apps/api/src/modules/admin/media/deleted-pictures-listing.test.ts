import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPictures, MediaItem, MediaList } from '@shopfront/shared';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { formData } from '../../../test/form-data.ts';
import { TEST_MEDIA_DIR } from '../../../test/paths.ts';
import { localMediaStorage } from '../../media/storage.ts';
import { signedInOwner } from '../../staff/testing.ts';
import { PICTURE_UNDO_KEEP_MS, purgeDeletedPictures } from '../catalog/pictures.ts';

/**
 * A product's picture deleted from its product stays in the media library while its delete can be
 * undone (on PGlite and, TEST_DATABASE_URL, PostgreSQL): listed at its place among the products'
 * pictures with the same `product-<n>` id, marked with `purge_after` and the product it came from,
 * found by the search, paged by the one keyset without a duplicate or a gap (also when pictures are
 * deleted or undone between two pages); undone, it is a plain product picture again; after the
 * purge it is gone, or kept as a library upload when a page shows it.
 */
let t: TestApp;
let h: Record<string, string>;
let channel: string;
const db = () => t.database.db;
const tag = () => randomBytes(4).toString('hex');
const stored = (p: string) => path.join(TEST_MEDIA_DIR, p.slice('/media/'.length));
/** The purge as the job runs it once every deleted picture's Undo has passed. */
const purgeAll = () => purgeDeletedPictures(db(), localMediaStorage(TEST_MEDIA_DIR), -1_000);

beforeAll(async () => {
  t = await createTestApp();
  h = (await signedInOwner(t)).headers;
  channel = (await queryRows<{ id: string }>(db(), sql`select channel_id as id from storefronts where is_default`))[0]!
    .id;
});
afterAll(() => t.close());

const jpeg = () => {
  const [r, g, b, w] = randomBytes(4);
  return sharp({ create: { width: 40 + w!, height: 30, channels: 3, background: { r: r!, g: g!, b: b! } } })
    .jpeg()
    .toBuffer();
};

/** A new product titled with `k` and `n` pictures of its own (oldest first). */
async function product(
  k: string,
  n: number,
): Promise<{ id: string; title: string; pictures: AdminPictures['pictures'] }> {
  const title = `Glazed Jug ${k}`;
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/admin/catalog/products',
    headers: h,
    payload: {
      title,
      slug: `glazed-jug-${k}`,
      status: 'published',
      variants: [{ sku: `GJ-${k}`, prices: [{ channel_id: channel, price_minor: 3000 }], stock: 1 }],
    },
  });
  expect(made.statusCode, made.body).toBe(200);
  const id: string = made.json().data.id;
  let pictures: AdminPictures['pictures'] = [];
  for (let i = 0; i < n; i++) {
    const form = formData([{ field: 'file', filename: 'jug.jpg', type: 'image/jpeg', data: await jpeg() }]);
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/admin/catalog/products/${id}/pictures`,
      headers: { ...h, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    pictures = (up.json().data as AdminPictures).pictures;
  }
  return { id, title, pictures };
}

/** Deletes a product's picture; answers the delete's Undo offer. */
async function deletePicture(productId: string, pictureId: number): Promise<{ id: number; also: number[] }> {
  const res = await t.app.inject({
    method: 'DELETE',
    url: `/api/admin/catalog/products/${productId}/pictures/${pictureId}`,
    headers: h,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().undo;
}

const undo = async (offer: { id: number; also: number[] }) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/audit/${offer.id}/undo`,
    headers: h,
    payload: { also: offer.also },
  });
  expect(res.statusCode, res.body).toBe(200);
};

const list = async (query: string): Promise<MediaList> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/media?${query}`, headers: h });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** Every item `q` finds, page by page at `limit`, and how many pages it took. */
async function everyPage(q: string, limit: number): Promise<{ items: MediaItem[]; pages: number }> {
  const items: MediaItem[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await list(`q=${encodeURIComponent(q)}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    items.push(...page.items);
    cursor = page.next_cursor;
    pages++;
  } while (cursor !== null && pages < 50);
  return { items, pages };
}

const savePage = (title: string, url: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/pages',
    headers: h,
    payload: { title, slug: `jug-page-${tag()}`, blocks: [{ type: 'image', url, alt: 'A jug', caption: null }] },
  });

describe('a product picture deleted from its product, during its Undo window', () => {
  it('is listed at its place, marked with when it goes and its product, and found by its alt text', async () => {
    const k = tag();
    const { id, title, pictures } = await product(k, 3);
    const [a, b, c] = [...pictures].sort((x, y) => x.id - y.id);
    const alt = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/catalog/products/${id}/pictures/${b!.id}`,
      headers: h,
      payload: { alt: `Chipped spout ${k}` },
    });
    expect(alt.statusCode, alt.body).toBe(200);

    const before = Date.now();
    await deletePicture(id, b!.id);
    const after = Date.now();

    const found = (await list(`q=${encodeURIComponent(title)}&limit=10`)).items;
    expect(found.map((i) => i.id)).toEqual([`product-${c!.id}`, `product-${b!.id}`, `product-${a!.id}`]);
    const deleted = found[1]!;
    expect(deleted).toMatchObject({
      kind: 'product',
      path: b!.url,
      name: title,
      alt: `Chipped spout ${k}`,
      product_id: id,
      bytes: null,
      // Its product shows it no more, and nothing else does.
      used_in: [],
    });
    const goes = Date.parse(deleted.purge_after!);
    // The database's clock and this one may differ by a little.
    expect(goes).toBeGreaterThanOrEqual(before + PICTURE_UNDO_KEEP_MS - 2_000);
    expect(goes).toBeLessThanOrEqual(after + PICTURE_UNDO_KEEP_MS + 2_000);
    // The pictures still on the product are plain product pictures.
    for (const item of [found[0]!, found[2]!])
      expect(item).toMatchObject({ purge_after: null, product_id: id, used_in: [`Product: ${title}`] });

    // Its alt text finds it, as it finds a picture still on its product.
    expect((await list(`q=chipped%20spout%20${k}`)).items.map((i) => i.id)).toEqual([`product-${b!.id}`]);

    // A page showing it names that page as where it is used.
    const pageTitle = `Jug story ${k}`;
    expect((await savePage(pageTitle, b!.url)).statusCode).toBe(200);
    const [shown] = (await list(`q=chipped%20spout%20${k}`)).items;
    expect(shown).toMatchObject({ id: `product-${b!.id}`, used_in: [`Page: ${pageTitle}`] });
    expect(shown!.purge_after).toBe(deleted.purge_after);
  });

  it('pages from the uploads into the products’ pictures, deleted or not, with no duplicate or gap', async () => {
    const k = tag();
    const { id, title, pictures } = await product(k, 5);
    const byAge = [...pictures].sort((x, y) => y.id - x.id);
    // An upload named like the product comes first, on the uploads' side of the boundary.
    const form = formData([{ field: 'file', filename: `${title}.jpg`, type: 'image/jpeg', data: await jpeg() }]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/admin/media',
      headers: { ...h, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    // Deleted: the newest, one in the middle and the oldest (the edges of the product pictures' run).
    for (const p of [byAge[0]!, byAge[2]!, byAge[4]!]) await deletePicture(id, p.id);

    const expected = [up.json().data.id, ...byAge.map((p) => `product-${p.id}`)];
    for (const limit of [1, 2, 3, 4, 6, 7]) {
      const { items, pages } = await everyPage(title, limit);
      expect([limit, items.map((i) => i.id)]).toEqual([limit, expected]);
      expect(pages).toBe(Math.ceil(expected.length / limit));
    }
    expect((await everyPage(title, 2)).items.map((i) => i.purge_after !== null)).toEqual([
      false,
      true,
      false,
      true,
      false,
      true,
    ]);
  });

  it('keeps its place while pictures are deleted and undone between two pages', async () => {
    const k = tag();
    const { id, title, pictures } = await product(k, 4);
    const [p4, p3, p2, p1] = [...pictures].sort((x, y) => y.id - x.id);
    const first = await list(`q=${encodeURIComponent(title)}&limit=2`);
    expect(first.items.map((i) => i.id)).toEqual([`product-${p4!.id}`, `product-${p3!.id}`]);
    // Between the pages: one already shown is deleted, one still to come is deleted and one undone.
    await deletePicture(id, p3!.id);
    const offer = await deletePicture(id, p2!.id);
    await undo(offer);
    await deletePicture(id, p1!.id);
    const second = await list(`q=${encodeURIComponent(title)}&limit=2&cursor=${first.next_cursor}`);
    expect(second.items.map((i) => [i.id, i.purge_after !== null])).toEqual([
      [`product-${p2!.id}`, false],
      [`product-${p1!.id}`, true],
    ]);
  });

  it('undone, it is its product’s picture again; after the purge it is gone, or kept as an upload a page shows', async () => {
    const k = tag();
    const { id, title, pictures } = await product(k, 3);
    const [kept, removed, back] = pictures;
    const pageTitle = `Jug page ${k}`;
    expect((await savePage(pageTitle, kept!.url)).statusCode).toBe(200);
    await deletePicture(id, kept!.id);
    await deletePicture(id, removed!.id);
    await undo(await deletePicture(id, back!.id));

    const during = (await list(`q=${encodeURIComponent(title)}&limit=10`)).items;
    expect(during.find((i) => i.id === `product-${back!.id}`)).toMatchObject({
      purge_after: null,
      used_in: [`Product: ${title}`],
    });
    expect(during.filter((i) => i.purge_after !== null).map((i) => i.id)).toEqual(
      [removed!.id, kept!.id].sort((x, y) => y - x).map((n) => `product-${n}`),
    );

    expect(await purgeAll()).toBeGreaterThanOrEqual(2);
    const afterPurge = (await list(`q=${encodeURIComponent(title)}&limit=10`)).items;
    // The undone one is still on its product; the one no page shows is gone, file and all.
    expect(afterPurge.filter((i) => i.kind === 'product').map((i) => i.id)).toEqual([`product-${back!.id}`]);
    expect(afterPurge.some((i) => i.path === removed!.url)).toBe(false);
    expect(existsSync(stored(removed!.url))).toBe(false);
    // The one the page shows is a plain library upload at the same path, no longer marked.
    const library = afterPurge.filter((i) => i.kind === 'upload');
    expect(library).toHaveLength(1);
    expect(library[0]).toMatchObject({
      path: kept!.url,
      name: title,
      product_id: null,
      purge_after: null,
      used_in: [`Page: ${pageTitle}`],
    });
  });
});
