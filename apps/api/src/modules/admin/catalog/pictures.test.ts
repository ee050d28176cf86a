import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICTURE_LIMITS, adminPictureMessages as msg, type AdminPictures, type AdminProduct } from '@shopfront/shared';
import { queryRows } from '../../../db/client.ts';
import { CACHES_ON, createTestApp, type TestApp } from '../../../test/app.ts';
import { TEST_MEDIA_DIR } from '../../../test/paths.ts';
import { localMediaStorage } from '../../media/storage.ts';
import { signedInOwner } from '../../staff/testing.ts';
import { purgeDeletedPictures } from './pictures.ts';

/**
 * A product's pictures over HTTP (issue 26), on PGlite and (TEST_DATABASE_URL) PostgreSQL with the
 * page caches on: the format is told from the bytes, limits answer 4xx with the shared messages, a
 * refused upload leaves no row and no file, retries and concurrent identical uploads make one
 * picture, and every change is seen at once through the storefront's product API.
 */
let t: TestApp;
let h: Record<string, string>;
let channel: string;
const db = () => t.database.db;
const tag = () => randomBytes(3).toString('hex');

beforeAll(async () => {
  t = await createTestApp({ env: CACHES_ON });
  h = (await signedInOwner(t)).headers;
  channel = (await queryRows<{ id: string }>(db(), sql`select channel_id as id from storefronts where is_default`))[0]!
    .id;
});
afterAll(() => t.close());

async function product(): Promise<AdminProduct> {
  const k = tag();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/catalog/products',
    headers: h,
    payload: {
      title: `Fernleaf Mug ${k}`,
      slug: `fernleaf-mug-${k}`,
      status: 'published',
      options: [{ name: 'Colour', values: ['Moss', 'Clay'] }],
      variants: [
        {
          sku: `FM-${k}-M`,
          options: { Colour: 'Moss' },
          prices: [{ channel_id: channel, price_minor: 59900 }],
          stock: 3,
        },
        {
          sku: `FM-${k}-C`,
          options: { Colour: 'Clay' },
          prices: [{ channel_id: channel, price_minor: 59900 }],
          stock: 3,
        },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const picture = (width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'avif', hue = 0) =>
  sharp({ create: { width, height, channels: 3, background: { r: hue % 256, g: 120, b: 80 } } })
    .toFormat(format)
    .toBuffer();

function multipart(bytes: Buffer, filename: string, type: string) {
  const b = `----pic${tag()}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${b}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${b}--\r\n`),
    ]),
    'content-type': `multipart/form-data; boundary=${b}`,
  };
}

const upload = (
  id: string,
  bytes: Buffer,
  opts: { name?: string; type?: string; key?: string; headers?: Record<string, string> } = {},
) => {
  const m = multipart(bytes, opts.name ?? 'photo.jpg', opts.type ?? 'image/jpeg');
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/catalog/products/${id}/pictures`,
    headers: {
      ...(opts.headers ?? h),
      'content-type': m['content-type'],
      ...(opts.key ? { 'idempotency-key': opts.key } : {}),
    },
    payload: m.payload,
  });
};
const json = (method: 'PATCH' | 'PUT' | 'DELETE' | 'GET' | 'POST', url: string, payload?: object, headers = h) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const pics = (id: string) => `/api/admin/catalog/products/${id}/pictures`;
const shopImages = async (slug: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/product/single-product/${slug}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.images as { url: string; alt: string; option_value: string | null; focal_x: number }[];
};
const files = (id: string) => {
  const dir = path.join(TEST_MEDIA_DIR, 'products', id);
  return existsSync(dir) ? readdirSync(dir) : [];
};
const rows = async (id: string) =>
  (
    await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from product_images where product_id = ${id}`)
  )[0]!.n;

describe('uploading a picture', () => {
  it('stores a JPEG as an upright WebP without metadata, shown in the shop at once and resized by /media', async () => {
    const p = await product();
    // 300 × 200 stored sideways: EXIF orientation 6 turns it to 200 × 300.
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#a05030' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Someone' } } })
      .toBuffer();
    const res = await upload(p.id, jpeg);
    expect(res.statusCode, res.body).toBe(200);
    const data: AdminPictures = res.json().data;
    expect(res.json().message).toBe(msg.uploaded);
    expect(data.pictures).toHaveLength(1);
    const pic = data.pictures[0]!;
    expect(data.picture_id).toBe(pic.id);
    expect(pic).toMatchObject({ width: 200, height: 300, alt: '', option_value: null, focal_x: 0.5, focal_y: 0.5 });
    expect(pic.url).toMatch(new RegExp(`^/media/products/${p.id}/[0-9a-f]{16}\\.webp$`));

    const stored = path.join(TEST_MEDIA_DIR, pic.url.slice('/media/'.length));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 200, height: 300 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();

    expect(await shopImages(p.slug)).toEqual([expect.objectContaining({ url: pic.url, focal_x: 0.5, focal_y: 0.5 })]);
    const resized = await t.app.inject({ method: 'GET', url: pic.url.replace('/media/', '/media/w_320/') });
    expect(resized.statusCode).toBe(200);
    expect(resized.headers['content-type']).toBe('image/webp');
  });

  it('takes a PNG named .jpg, and WebP and AVIF, by their bytes', async () => {
    const p = await product();
    for (const [format, name, type] of [
      ['png', 'holiday.jpg', 'image/jpeg'],
      ['webp', 'a.png', 'image/png'],
      ['avif', 'b.bin', 'application/octet-stream'],
    ] as const) {
      const res = await upload(p.id, await picture(64, 48, format), { name, type });
      expect(res.statusCode, `${format}: ${res.body}`).toBe(200);
    }
    expect(await rows(p.id)).toBe(3);
    expect(files(p.id)).toHaveLength(3);
  });

  it('refuses an SVG, a truncated JPEG, text and an empty file with the shared message, leaving nothing behind', async () => {
    const p = await product();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const jpeg = await picture(400, 300, 'jpeg');
    const cases: [Buffer, string, string][] = [
      [svg, 'pic.svg', msg.type],
      [svg, 'pic.jpg', msg.type],
      [jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'cut.jpg', msg.unreadable],
      [Buffer.from('just some words, not a picture at all'), 'notes.png', msg.unreadable],
    ];
    for (const [bytes, name, message] of cases) {
      const res = await upload(p.id, bytes, { name });
      expect([name, res.statusCode, res.json().errors?.file]).toEqual([name, 422, [message]]);
    }
    const empty = await upload(p.id, Buffer.alloc(0));
    expect(empty.statusCode).toBe(422);
    expect(await rows(p.id)).toBe(0);
    expect(files(p.id)).toEqual([]);
  });

  it('refuses a file over the byte limit (413) and over the pixel limit (422)', async () => {
    const p = await product();
    const big = await upload(p.id, randomBytes(15 * 1_048_576 + 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(msg.tooLarge);
    // 8000 × 5001 is just over 40 megapixels; a flat colour keeps the file small.
    const huge = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await upload(p.id, huge, { name: 'huge.png' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.file).toEqual([msg.tooManyPixels]);
    expect(await rows(p.id)).toBe(0);
    expect(files(p.id)).toEqual([]);
  });

  it('removes the written file when the insert is refused after it (the product is full)', async () => {
    const p = await product();
    await db().execute(
      sql`insert into product_images (product_id, path, alt, width, height, position)
          select ${p.id}, '/media/seed/none-' || n || '.webp', '', 10, 10, n from generate_series(1, ${PICTURE_LIMITS.perProduct}) n`,
    );
    const res = await upload(p.id, await picture(40, 40, 'png', 3));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual([msg.tooMany]);
    expect(files(p.id)).toEqual([]);
    expect(await rows(p.id)).toBe(PICTURE_LIMITS.perProduct);
  });

  it('refuses a JSON body with 415 and a product that does not exist with 404', async () => {
    const res = await json('PATCH', pics('prd_none'), {});
    expect(res.statusCode).toBe(404);
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: pics('prd_none'),
      headers: h,
      payload: { file: 'x' },
    });
    expect(notMultipart.statusCode).toBe(415);
    expect((await upload('prd_none', await picture(10, 10, 'png'))).statusCode).toBe(404);
  });

  it('makes one picture of a retried upload (same Idempotency-Key or same bytes), even at the same moment', async () => {
    const p = await product();
    const bytes = await picture(120, 90, 'jpeg', 7);
    const first = await upload(p.id, bytes, { key: 'upload-key-0001' });
    expect(first.statusCode).toBe(200);
    const again = await upload(p.id, bytes, { key: 'upload-key-0001' });
    const sameBytes = await upload(p.id, bytes);
    expect(again.json().data.picture_id).toBe(first.json().data.picture_id);
    expect(sameBytes.json().data.picture_id).toBe(first.json().data.picture_id);

    const other = await picture(120, 90, 'png', 99);
    const together = await Promise.all(Array.from({ length: 6 }, () => upload(p.id, other)));
    expect(together.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(together.map((r) => r.json().data.picture_id)).size).toBe(1);
    expect(await rows(p.id)).toBe(2);
    expect(files(p.id)).toHaveLength(2);
    expect((await upload(p.id, bytes, { key: 'bad key!' })).statusCode).toBe(422);
  });
});

describe('editing pictures', () => {
  it('sets alt, colour and focal point, reorders only from the order read, deletes with its file; the shop follows each', async () => {
    const p = await product();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await upload(p.id, await picture(80, 60, 'png', i * 40))).json().data.picture_id);

    const edit = await json('PATCH', `${pics(p.id)}/${ids[1]}`, {
      alt: 'The mug in moss green',
      option_value: 'Moss',
      focal_x: 0.25,
      focal_y: 0.75,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await json('PATCH', `${pics(p.id)}/${ids[1]}`, { option_value: 'Purple' })).json().errors).toEqual({
      option_value: [msg.optionValue],
    });
    expect((await json('PATCH', `${pics(p.id)}/${ids[1]}`, { focal_x: 1.5 })).statusCode).toBe(422);
    expect((await json('PATCH', `${pics(p.id)}/${ids[1]}`, {})).statusCode).toBe(422);
    expect((await json('PATCH', `${pics(p.id)}/999999999`, { alt: 'x' })).statusCode).toBe(404);

    const reordered = [ids[2]!, ids[0]!, ids[1]!];
    const res = await json('PUT', `${pics(p.id)}/order`, { order: reordered, expected: ids });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.pictures.map((x: { id: number }) => x.id)).toEqual(reordered);
    // A second reorder made from the old order would lose the first: refused, nothing applied.
    const stale = await json('PUT', `${pics(p.id)}/order`, { order: [ids[1]!, ids[0]!, ids[2]!], expected: ids });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(msg.orderChanged);
    const partial = await json('PUT', `${pics(p.id)}/order`, { order: [ids[0]!], expected: reordered });
    expect(partial.json().errors).toEqual({ order: [msg.orderSet] });

    const byUrl = new Map(res.json().data.pictures.map((x: { id: number; url: string }) => [x.id, x.url]));
    const shop = await shopImages(p.slug);
    expect(shop.map((i) => i.url)).toEqual(reordered.map((id) => byUrl.get(id)));
    expect(shop[2]).toMatchObject({ alt: 'The mug in moss green', option_value: 'Moss', focal_x: 0.25, focal_y: 0.75 });
    const card = await queryRows<{ image_path: string }>(db(), sql`select image_path from products where id = ${p.id}`);
    expect(card[0]!.image_path).toBe(byUrl.get(ids[2]!));
    // The card's picture is cropped at its focal point (listing cards are square).
    const cardOf = async () =>
      (await t.app.inject({ method: 'POST', url: '/api/shop/all', payload: { sort: 'newest', per_page: 48 } }))
        .json()
        .data.products.find((c: { slug: string }) => c.slug === p.slug);
    expect((await cardOf()).image).toEqual({ url: byUrl.get(ids[2]!), alt: p.title });
    await json('PATCH', `${pics(p.id)}/${ids[2]}`, { focal_x: 0.3, focal_y: 0.2 });
    expect((await cardOf()).image).toEqual({ url: byUrl.get(ids[2]!), alt: p.title, focal: { x: 0.3, y: 0.2 } });

    const gone = byUrl.get(ids[2]!) as string;
    const del = await json('DELETE', `${pics(p.id)}/${ids[2]}`);
    expect(del.statusCode, del.body).toBe(200);
    // The file stays while the delete can be undone; the cleanup removes it after.
    const goneFile = path.join(TEST_MEDIA_DIR, gone.slice('/media/'.length));
    expect(existsSync(goneFile)).toBe(true);
    expect(await purgeDeletedPictures(db(), localMediaStorage(TEST_MEDIA_DIR))).toBe(0);
    expect(existsSync(goneFile)).toBe(true);
    expect(await purgeDeletedPictures(db(), localMediaStorage(TEST_MEDIA_DIR), -1_000)).toBeGreaterThanOrEqual(1);
    expect(existsSync(goneFile)).toBe(false);
    expect((await shopImages(p.slug)).map((i) => i.url)).toEqual([byUrl.get(ids[0]!), byUrl.get(ids[1]!)]);
    expect(
      (await queryRows<{ image_path: string }>(db(), sql`select image_path from products where id = ${p.id}`))[0]!
        .image_path,
    ).toBe(byUrl.get(ids[0]!));
    expect((await json('DELETE', `${pics(p.id)}/${ids[2]}`)).statusCode).toBe(404);

    const audit = await queryRows<{ action: string }>(
      db(),
      sql`select action from audit_log where target = ${`product:${p.id}`} and action like 'product.picture.%' order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'product.picture.add',
      'product.picture.add',
      'product.picture.add',
      'product.picture.update',
      'product.picture.reorder',
      'product.picture.update',
      'product.picture.delete',
    ]);
  });

  it('a delete offers Undo: the picture comes back in its place with alt, variant and focal point, once', async () => {
    const p = await product();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await upload(p.id, await picture(70, 50, 'png', 200 + i * 17))).json().data.picture_id);
    const look = { alt: 'Side view in moss', option_value: 'Moss', focal_x: 0.2, focal_y: 0.8 };
    expect((await json('PATCH', `${pics(p.id)}/${ids[1]}`, look)).statusCode).toBe(200);
    const listed = async () => (await json('GET', pics(p.id))).json().data.pictures as AdminPictures['pictures'];
    const was = await listed();

    const del = await json('DELETE', `${pics(p.id)}/${ids[1]}`);
    expect(del.statusCode, del.body).toBe(200);
    const offer = del.json().undo as { id: number; also: number[]; expires_at: string };
    expect(offer).toMatchObject({ id: expect.any(Number), also: [] });
    expect(Date.parse(offer.expires_at)).toBeGreaterThan(Date.now());
    expect((await listed()).map((x) => x.id)).toEqual([ids[0], ids[2]]);
    expect(await shopImages(p.slug)).toHaveLength(2);
    const file = path.join(TEST_MEDIA_DIR, was[1]!.url.slice('/media/'.length));
    expect(existsSync(file)).toBe(true);

    // A packer may not undo it; the owner may, once.
    const packer = (await signedInOwner(t, 'packer')).headers;
    expect((await json('POST', `/api/admin/audit/${offer.id}/undo`, {}, packer)).statusCode).toBe(403);
    const undo = () => json('POST', `/api/admin/audit/${offer.id}/undo`, {});
    const back = await undo();
    expect(back.statusCode, back.body).toBe(200);
    expect(await listed()).toEqual(was);
    const shop = await shopImages(p.slug);
    expect(shop.map((i) => i.url)).toEqual(was.map((x) => x.url));
    expect(shop[1]).toMatchObject({ alt: look.alt, option_value: 'Moss', focal_x: 0.2, focal_y: 0.8 });
    const again = await undo();
    expect(again.statusCode).toBe(409);
    expect(await listed()).toEqual(was);

    // Undo after the cleanup: the file is gone, so the picture cannot come back (409, nothing changed).
    const del2 = await json('DELETE', `${pics(p.id)}/${ids[0]}`);
    await purgeDeletedPictures(db(), localMediaStorage(TEST_MEDIA_DIR), -1_000);
    const late = await json('POST', `/api/admin/audit/${del2.json().undo.id}/undo`, {});
    expect(late.statusCode).toBe(409);
    expect((await listed()).map((x) => x.id)).toEqual([ids[1], ids[2]]);
  });

  it('lets owner and manager in; packer and content editor get 403', async () => {
    const p = await product();
    const bytes = await picture(30, 30, 'png', 5);
    for (const role of ['manager', 'packer', 'content_editor'] as const) {
      const headers = (await signedInOwner(t, role)).headers;
      const up = await upload(p.id, bytes, { headers });
      const list = await json('GET', pics(p.id), undefined, headers);
      const expected = role === 'manager' ? 200 : 403;
      expect([role, up.statusCode, list.statusCode]).toEqual([role, expected, expected]);
    }
  });
});
