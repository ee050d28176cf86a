import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PICTURE_LIMITS,
  STAFF_ROLES,
  adminMediaMessages as msg,
  adminPictureMessages,
  roleMayUse,
  type MediaItem,
  type MediaList,
} from '@shopfront/shared';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { formData } from '../../../test/form-data.ts';
import { ifMatch } from '../../../test/owner-request.ts';
import { TEST_MEDIA_DIR } from '../../../test/paths.ts';
import { whileHeld } from '../../../test/while-held.ts';
import { signedInOwner } from '../../staff/testing.ts';

/**
 * The media library over HTTP (issue 28), on PGlite and (TEST_DATABASE_URL) PostgreSQL: an upload
 * is told by its bytes and stored as WebP under /media/content/, limits answer 4xx, a retry with
 * the same Idempotency-Key makes one row, the list pages by keyset with the products' pictures
 * after the uploads and searches names and alt text, and an upload still shown is not deleted.
 */
let t: TestApp;
let h: Record<string, string>;
const db = () => t.database.db;
const tag = () => randomBytes(4).toString('hex');

beforeAll(async () => {
  t = await createTestApp();
  h = (await signedInOwner(t)).headers;
});
afterAll(() => t.close());

/** A picture no other test uploads (its own colour and size: each upload's bytes are new). */
const picture = (format: 'jpeg' | 'png' = 'jpeg') => {
  const [r, g, b, w] = randomBytes(4);
  return sharp({ create: { width: 40 + w!, height: 30, channels: 3, background: { r: r!, g: g!, b: b! } } })
    .toFormat(format)
    .toBuffer();
};

const upload = (bytes: Buffer, opts: { name?: string; key?: string; headers?: Record<string, string> } = {}) => {
  const form = formData([{ field: 'file', filename: opts.name ?? 'photo.jpg', type: 'image/jpeg', data: bytes }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/media',
    headers: {
      ...(opts.headers ?? h),
      'content-type': form.contentType,
      ...(opts.key ? { 'idempotency-key': opts.key } : {}),
    },
    payload: form.payload,
  });
};
const uploaded = async (name: string, opts: { key?: string } = {}): Promise<MediaItem> => {
  const res = await upload(await picture(), { name, ...opts });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const list = async (query: string): Promise<MediaList> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/media?${query}`, headers: h });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const uploads = async () =>
  (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from media_uploads`))[0]!.n;
const stored = (p: string) => path.join(TEST_MEDIA_DIR, p.slice('/media/'.length));

describe('uploading to the media library', () => {
  it('stores a PNG named .jpg as WebP under /media/content, first in the list, resized by /media', async () => {
    const res = await upload(await picture('png'), { name: 'Shop front.jpg' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(msg.uploaded);
    const item: MediaItem = res.json().data;
    expect(item).toMatchObject({
      kind: 'upload',
      name: 'Shop front.jpg',
      alt: '',
      height: 30,
      used_in: [],
      product_id: null,
    });
    expect(item.id).toMatch(/^upload-\d+$/);
    expect(item.path).toMatch(/^\/media\/content\/[0-9a-f]{16}\.webp$/);
    expect(item.bytes).toBeGreaterThan(0);
    expect((await sharp(stored(item.path)).metadata()).format).toBe('webp');
    expect((await list('limit=1')).items).toEqual([item]);
    const resized = await t.app.inject({ method: 'GET', url: item.path.replace('/media/', '/media/w_320/') });
    expect(resized.statusCode).toBe(200);
    expect(resized.headers['content-type']).toBe('image/webp');
  });

  it('refuses text renamed .jpg (422), a file over the limit (413) and a JSON body (415), storing nothing', async () => {
    const before = await uploads();
    const text = await upload(Buffer.from('just some words, not a picture at all'), { name: 'notes.jpg' });
    expect(text.statusCode).toBe(422);
    expect(text.json().errors.file).toEqual([adminPictureMessages.unreadable]);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><rect width="9"/></svg>');
    expect((await upload(svg, { name: 'logo.jpg' })).json().errors.file).toEqual([adminPictureMessages.type]);
    const big = await upload(randomBytes(PICTURE_LIMITS.maxBytes + 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(adminPictureMessages.tooLarge);
    const json = await t.app.inject({ method: 'POST', url: '/api/admin/media', headers: h, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    const badKey = await upload(await picture(), { key: 'no spaces allowed' });
    expect(badKey.statusCode).toBe(422);
    expect(await uploads()).toBe(before);
  });

  it('answers a retry with the same Idempotency-Key (and the same bytes again) with the one picture made', async () => {
    const bytes = await picture();
    const key = `media-${tag()}`;
    const [a, b] = await Promise.all([upload(bytes, { key }), upload(bytes, { key })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json().data.id).toBe(a.json().data.id);
    const again = await upload(bytes, { name: 'other-name.jpg' });
    expect(again.json().data.id).toBe(a.json().data.id);
    const rows = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from media_uploads where upload_key = ${key}`,
    );
    expect(rows[0]!.n).toBe(1);
    expect(existsSync(stored(a.json().data.path))).toBe(true);
  });
});

describe('listing the library', () => {
  it('pages newest first by keyset and finds uploads by file name and alt text, product pictures by title', async () => {
    const k = tag();
    const made = [];
    for (const n of [1, 2, 3]) made.push(await uploaded(`garden-${k}-${n}.jpg`));
    const first = await list(`q=GARDEN-${k}&limit=2`);
    expect(first.items.map((i) => i.id)).toEqual([made[2]!.id, made[1]!.id]);
    expect(first.next_cursor).toBe(made[1]!.id);
    const second = await list(`q=garden-${k}&limit=2&cursor=${first.next_cursor}`);
    expect(second).toEqual({ items: [made[0]], next_cursor: null });

    const alt = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/media/${made[0]!.id.split('-')[1]}`,
      headers: h,
      payload: { alt: `Terracotta pots ${k}` },
    });
    expect(alt.statusCode, alt.body).toBe(200);
    expect(alt.json()).toMatchObject({ message: msg.saved, data: { ...made[0], alt: `Terracotta pots ${k}` } });
    expect((await list(`q=terracotta pots ${k}`)).items.map((i) => i.id)).toEqual([made[0]!.id]);

    // The seeded products' pictures follow every upload, named by their product.
    const [seeded] = await queryRows<{ id: number; title: string; product_id: string }>(
      db(),
      sql`select i.id, p.name as title, p.id as product_id from product_images i join products p on p.id = i.product_id order by i.id desc limit 1`,
    );
    const products = await list(`q=${encodeURIComponent(seeded!.title)}&limit=200`);
    expect(products.items[0]).toMatchObject({
      id: `product-${seeded!.id}`,
      kind: 'product',
      name: seeded!.title,
      bytes: null,
      product_id: seeded!.product_id,
      used_in: expect.arrayContaining([`Product: ${seeded!.title}`]),
    });
    const afterUploads = await list(`cursor=upload-1&limit=1`);
    expect(afterUploads.items[0]!.kind).toBe('product');
  });

  it('refuses a malformed cursor, a long alt text and an unknown picture with clear 4xx', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/media?cursor=abc', headers: h });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.cursor).toEqual([msg.cursor]);
    const item = await uploaded('long.jpg');
    const id = item.id.split('-')[1];
    const long = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/media/${id}`,
      headers: h,
      payload: { alt: 'x'.repeat(PICTURE_LIMITS.altMax + 1) },
    });
    expect(long.statusCode).toBe(422);
    for (const method of ['PATCH', 'DELETE'] as const) {
      const missing = await t.app.inject({
        method,
        url: '/api/admin/media/999999',
        headers: h,
        ...(method === 'PATCH' ? { payload: { alt: 'x' } } : {}),
      });
      expect([method, missing.statusCode, missing.json().message]).toEqual([method, 404, msg.notFound]);
    }
  });
});

describe('deleting from the library', () => {
  it('refuses (409) while a testimonial shows the picture, then deletes the row and its file', async () => {
    const item = await uploaded('avatar.jpg');
    const id = item.id.split('-')[1];
    const author = `Meera ${tag()}`;
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/testimonials',
      headers: h,
      payload: { author, author_title: '', quote: 'Lovely pots', rating: 5, picture: item.path, is_published: true },
    });
    expect(made.statusCode, made.body).toBe(200);
    const testimonial = made.json().data.testimonials.find((x: { author: string }) => x.author === author);

    const refused = await t.app.inject({ method: 'DELETE', url: `/api/admin/media/${id}`, headers: h });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(msg.inUse([`Testimonial: ${author}`]));
    expect((await list(`q=avatar.jpg&limit=200`)).items.find((i) => i.id === item.id)?.used_in).toEqual([
      `Testimonial: ${author}`,
    ]);
    expect(existsSync(stored(item.path))).toBe(true);

    const gone = await t.app.inject({ method: 'DELETE', url: `/api/admin/testimonials/${testimonial.id}`, headers: h });
    expect(gone.statusCode, gone.body).toBe(200);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/admin/media/${id}`, headers: h });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().message).toBe(msg.deleted);
    expect(existsSync(stored(item.path))).toBe(false);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/media/${id}`, headers: h })).statusCode).toBe(404);

    // An editor still open with the deleted picture chosen is told, and nothing is saved.
    const late = await saveTestimonial(`${author} again`, item.path.replace('/media/', '/media/w_640/'));
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().message).toBe(msg.pictureGone);
    expect(await testimonialsBy(`${author} again`)).toBe(0);
  });

  it('refuses (409) while a template section shows the picture, and a draft naming a deleted one', async () => {
    const item = await uploaded('kiln.jpg');
    const id = item.id.split('-')[1];
    const draft = (url: string, version: number) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/templates/home/draft',
        headers: { ...h, ...ifMatch(version) },
        payload: {
          sections: [
            {
              key: 'story',
              type: 'image_with_text',
              settings: { title: 'Our story', text: 'Made by hand.', image: { url, alt: 'A kiln' } },
            },
          ],
        },
      });
    const home = await t.app.inject({ method: 'GET', url: '/api/admin/templates/home', headers: h });
    const saved = await draft(item.path, home.json().data.version);
    expect(saved.statusCode, saved.body).toBe(200);

    const refused = await t.app.inject({ method: 'DELETE', url: `/api/admin/media/${id}`, headers: h });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Template: /);
    expect(existsSync(stored(item.path))).toBe(true);

    const dropped = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/templates/home/draft',
      headers: { ...h, ...ifMatch(saved.json().data.version) },
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/admin/media/${id}`, headers: h });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // An editor still open with the deleted picture in a section is told, and no draft is saved.
    const late = await draft(item.path, dropped.json().data.version);
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().message).toBe(msg.pictureGone);
  });
});

const saveTestimonial = (author: string, picture: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/testimonials',
    headers: h,
    payload: { author, author_title: '', quote: 'Kind words', rating: 5, picture, is_published: true },
  });
const testimonialsBy = async (author: string) =>
  (
    await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from testimonials where author_name = ${author}`)
  )[0]!.n;

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('a delete racing a save (PostgreSQL)', () => {
  it('waits for a save that holds the picture, then refuses (409) naming what it saved', async () => {
    const item = await uploaded('racing-save.jpg');
    const author = `Racer ${tag()}`;
    // A testimonial save as lockShownPictures begins it, holding its transaction open.
    const res = await whileHeld(
      t.url!,
      async (c) => {
        await c.query('select 1 from media_uploads where path = $1 for key share', [item.path]);
        await c.query(
          `insert into testimonials (author_name, author_title, quote, avatar_path, is_published, position)
           values ($1, '', 'Kind words', $2, true, 999)`,
          [author, item.path],
        );
      },
      () => t.app.inject({ method: 'DELETE', url: `/api/admin/media/${item.id.split('-')[1]}`, headers: h }),
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(msg.inUse([`Testimonial: ${author}`]));
    expect(existsSync(stored(item.path))).toBe(true);
    await db().execute(sql`delete from testimonials where author_name = ${author}`);
  });

  it('makes a save that comes during the delete wait, then refuses it (409): the picture is gone', async () => {
    const item = await uploaded('racing-delete.jpg');
    const author = `Late ${tag()}`;
    // The delete as deleteMedia does it, holding its transaction open.
    const res = await whileHeld(
      t.url!,
      (c) => c.query('delete from media_uploads where id = $1', [Number(item.id.split('-')[1])]),
      () => saveTestimonial(author, item.path),
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(msg.pictureGone);
    expect(await testimonialsBy(author)).toBe(0);
  });
});

describe('roles', () => {
  for (const role of STAFF_ROLES) {
    const allowed = roleMayUse(role, 'content');
    it(`${allowed ? 'lets' : 'refuses'} a ${role} ${allowed ? 'use the media library' : '(403)'}`, async () => {
      const { headers } = await signedInOwner(t, role);
      const listed = await t.app.inject({ method: 'GET', url: '/api/admin/media', headers });
      const made = await upload(await picture(), { headers, name: `${role}.jpg` });
      expect([listed.statusCode, made.statusCode]).toEqual(allowed ? [200, 200] : [403, 403]);
      if (!allowed) return;
      const id = made.json().data.id.split('-')[1];
      const alt = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/media/${id}`,
        headers,
        payload: { alt: role },
      });
      const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/media/${id}`, headers });
      expect([alt.statusCode, removed.statusCode]).toEqual([200, 200]);
    });
  }
});
