import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminMediaMessages as msg,
  adminPictureMessages,
  type AdminPage,
  type AuditListEntry,
  type AdminPictures,
  type MediaItem,
} from '@shopfront/shared';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { formData } from '../../../test/form-data.ts';
import { ifMatch } from '../../../test/owner-request.ts';
import { TEST_MEDIA_DIR } from '../../../test/paths.ts';
import { whileHeld } from '../../../test/while-held.ts';
import { localMediaStorage } from '../../media/storage.ts';
import { signedInOwner } from '../../staff/testing.ts';
import { PURGE_ACTOR, purgeDeletedPictures } from '../catalog/pictures.ts';

/**
 * A product's picture that a page shows is never lost (on PGlite and, TEST_DATABASE_URL,
 * PostgreSQL): deleted from its product, it leaves the product, the delete says where it is still
 * shown, and once its Undo has passed the purge keeps its file as a media library upload at the
 * same path, deletable there (file and all) once no page shows it. A page saved while the purge
 * runs ends with the file kept, or is refused (409) when the file went first.
 */
let t: TestApp;
let h: Record<string, string>;
let channel: string;
const db = () => t.database.db;
const tag = () => randomBytes(4).toString('hex');
const storage = () => localMediaStorage(TEST_MEDIA_DIR);
/** The purge as the job runs it once every deleted picture's Undo has passed. */
const purgeAll = () => purgeDeletedPictures(db(), storage(), -1_000);
const stored = (p: string) => path.join(TEST_MEDIA_DIR, p.slice('/media/'.length));

beforeAll(async () => {
  t = await createTestApp();
  h = (await signedInOwner(t)).headers;
  channel = (await queryRows<{ id: string }>(db(), sql`select channel_id as id from storefronts where is_default`))[0]!
    .id;
});
afterAll(() => t.close());

/** A new product with one picture of its own: its id, title and the picture. */
async function productPicture(): Promise<{ id: string; title: string; picture: { id: number; url: string } }> {
  const k = tag();
  const title = `Kept Vase ${k}`;
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/admin/catalog/products',
    headers: h,
    payload: {
      title,
      slug: `kept-vase-${k}`,
      status: 'published',
      variants: [{ sku: `KV-${k}`, prices: [{ channel_id: channel, price_minor: 45000 }], stock: 2 }],
    },
  });
  expect(made.statusCode, made.body).toBe(200);
  const id: string = made.json().data.id;
  const [r, g, b] = randomBytes(3);
  const bytes = await sharp({ create: { width: 60, height: 40, channels: 3, background: { r: r!, g: g!, b: b! } } })
    .jpeg()
    .toBuffer();
  const form = formData([{ field: 'file', filename: 'vase.jpg', type: 'image/jpeg', data: bytes }]);
  const up = await t.app.inject({
    method: 'POST',
    url: `/api/admin/catalog/products/${id}/pictures`,
    headers: { ...h, 'content-type': form.contentType },
    payload: form.payload,
  });
  expect(up.statusCode, up.body).toBe(200);
  const pictures: AdminPictures = up.json().data;
  return { id, title, picture: pictures.pictures[0]! };
}

const pageBody = (title: string, slug: string, url: string | null) => ({
  title,
  slug,
  blocks: url
    ? [{ type: 'image', url, alt: 'A vase', caption: null }]
    : [{ type: 'heading', text: 'No picture here', level: 2 }],
});
const savePage = (title: string, slug: string, url: string | null) =>
  t.app.inject({ method: 'POST', url: '/api/admin/pages', headers: h, payload: pageBody(title, slug, url) });
const deletePicture = (productId: string, pictureId: number) =>
  t.app.inject({ method: 'DELETE', url: `/api/admin/catalog/products/${productId}/pictures/${pictureId}`, headers: h });
const library = async (q: string): Promise<MediaItem[]> => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/media?q=${encodeURIComponent(q)}&limit=50`,
    headers: h,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items;
};
/** The newest page of the owner's audit log, catalogue area. */
const catalogueLog = async (): Promise<AuditListEntry[]> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log?area=catalogue', headers: h });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.entries;
};
const pagesNamed = async (title: string) =>
  (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from pages where title = ${title}`))[0]!.n;

describe('a product picture a page shows', () => {
  it('leaves its product, is kept in the library once its Undo has passed, then goes when no page shows it', async () => {
    const { id, title, picture } = await productPicture();
    const pageTitle = `Vase story ${tag()}`;
    // The page shows a resized copy: that names the same file.
    const saved = await savePage(pageTitle, `vase-story-${tag()}`, picture.url.replace('/media/', '/media/w_640/'));
    expect(saved.statusCode, saved.body).toBe(200);
    const page: AdminPage = saved.json().data;

    const deleted = await deletePicture(id, picture.id);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().message).toBe(adminPictureMessages.deletedStillShown([`Page: ${pageTitle}`]));
    expect(deleted.json().data).toMatchObject({ pictures: [], still_shown: [`Page: ${pageTitle}`] });
    expect(deleted.json().undo).toBeTruthy();
    // The product shows it no more, as for any deleted picture.
    const shop = await t.app.inject({ method: 'GET', url: `/api/admin/catalog/products/${id}/pictures`, headers: h });
    expect(shop.json().data.pictures).toEqual([]);

    expect(await purgeAll()).toBeGreaterThanOrEqual(1);
    expect(existsSync(stored(picture.url))).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: picture.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const [kept] = (await library(title)).filter((i) => i.path === picture.url);
    expect(kept).toMatchObject({ kind: 'upload', name: title, product_id: null, used_in: [`Page: ${pageTitle}`] });
    // Its size as stored (the purge stats the file, never reads it).
    expect(kept!.bytes).toBe(statSync(stored(picture.url)).size);
    expect(await purgeAll()).toBe(0);
    // The owner's log says who kept it, from which product, and where it is shown.
    const keeps = (await catalogueLog()).filter(
      (e) => e.action === 'product.picture.keep' && e.target === `product:${id}`,
    );
    expect(keeps).toHaveLength(1);
    expect(keeps[0]).toMatchObject({
      actor: PURGE_ACTOR.email,
      actor_name: null,
      staff_id: null,
      subject: { kind: 'product', id, label: title },
      before: { picture: picture.id, path: picture.url },
      after: { media: Number(kept!.id.split('-')[1]), path: picture.url, shown_in: [`Page: ${pageTitle}`] },
    });

    const libraryId = kept!.id.split('-')[1];
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/admin/media/${libraryId}`, headers: h });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(msg.inUse([`Page: ${pageTitle}`]));

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/pages/${page.id}`,
      headers: { ...h, ...ifMatch(page.version) },
      payload: pageBody(pageTitle, page.slug, null),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/media/${libraryId}`, headers: h });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(existsSync(stored(picture.url))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: picture.url })).statusCode).toBe(404);

    // An editor still open with the picture chosen is told, and nothing is saved.
    const late = await savePage(`${pageTitle} again`, `vase-late-${tag()}`, picture.url);
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().message).toBe(msg.pictureGone);
    expect(await pagesNamed(`${pageTitle} again`)).toBe(0);
  });

  it('a picture no page shows: the delete says only “Picture deleted” and the purge removes its file', async () => {
    const { id, title, picture } = await productPicture();
    const deleted = await deletePicture(id, picture.id);
    expect(deleted.json()).toMatchObject({ message: adminPictureMessages.deleted, data: { still_shown: [] } });
    await purgeAll();
    expect(existsSync(stored(picture.url))).toBe(false);
    expect((await library(title)).filter((i) => i.path === picture.url)).toEqual([]);
    expect(
      (await catalogueLog()).filter((e) => e.action === 'product.picture.keep' && e.target === `product:${id}`),
    ).toEqual([]);
  });

  it('a page saved at the same moment as the purge ends with the file kept, or is refused (409)', async () => {
    for (let round = 0; round < 3; round++) {
      const { id, picture } = await productPicture();
      expect((await deletePicture(id, picture.id)).statusCode).toBe(200);
      const pageTitle = `Racing vase ${tag()}`;
      const [, saved] = await Promise.all([purgeAll(), savePage(pageTitle, `racing-vase-${tag()}`, picture.url)]);
      if (saved.statusCode === 200) {
        expect(existsSync(stored(picture.url))).toBe(true);
        const [row] = await queryRows<{ n: number }>(
          db(),
          sql`select count(*)::int as n from media_uploads where path = ${picture.url}`,
        );
        expect(row!.n).toBe(1);
      } else {
        expect([saved.statusCode, saved.json().message]).toEqual([409, msg.pictureGone]);
        expect(await pagesNamed(pageTitle)).toBe(0);
        expect(existsSync(stored(picture.url))).toBe(false);
      }
    }
  });
});

const fileLock = 'select pg_advisory_xact_lock_shared(hashtext($2), hashtext($1))';

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('the purge racing a page save (PostgreSQL)', () => {
  it('waits for a save that holds the picture, then keeps the file in the library', async () => {
    const { id, picture } = await productPicture();
    await deletePicture(id, picture.id);
    const pageTitle = `Held vase ${tag()}`;
    // A page save as lockShownPictures begins it, holding its transaction open.
    await whileHeld(
      t.url!,
      async (c) => {
        await c.query(fileLock, [picture.url, 'shown-product-picture']);
        await c.query(`insert into pages (title, slug, blocks, is_published) values ($1, $2, $3::jsonb, false)`, [
          pageTitle,
          `held-vase-${tag()}`,
          JSON.stringify([{ type: 'image', url: picture.url, alt: 'A vase' }]),
        ]);
      },
      purgeAll,
    );
    expect(existsSync(stored(picture.url))).toBe(true);
    const [kept] = await queryRows<{ path: string }>(
      db(),
      sql`select path from media_uploads where path = ${picture.url}`,
    );
    expect(kept?.path).toBe(picture.url);
  });

  it('makes a save that comes while the purge decides wait, then refuses it (409): the file is gone', async () => {
    const { id, picture } = await productPicture();
    await deletePicture(id, picture.id);
    const pageTitle = `Late vase ${tag()}`;
    // The purge as purgeDeletedPictures does it for a picture nothing shows, holding its transaction open.
    const res = await whileHeld(
      t.url!,
      async (c) => {
        await c.query('select pg_advisory_xact_lock(hashtext($2), hashtext($1))', [
          picture.url,
          'shown-product-picture',
        ]);
        await c.query('delete from deleted_product_images where path = $1', [picture.url]);
      },
      () => savePage(pageTitle, `late-vase-${tag()}`, picture.url),
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(msg.pictureGone);
    expect(await pagesNamed(pageTitle)).toBe(0);
  });
});
