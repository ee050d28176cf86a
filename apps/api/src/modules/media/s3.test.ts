import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE, cartApi, type AdminPictures } from '@shopfront/shared';
import { openDatabase, queryRows } from '../../db/client.ts';
import { parseEnv } from '../../env.ts';
import { createTestApp, secondProcess, type TestApp } from '../../test/app.ts';
import { startLocalS3, type LocalS3 } from '../../test/s3.ts';
import { apply, makeService } from '../applications/testing.ts';
import { purgeDeletedPictures } from '../admin/catalog/pictures.ts';
import { createBackup } from '../backup/backup.ts';
import { MEDIA_DIR } from '../backup/manifest.ts';
import { restoreBackup } from '../backup/restore.ts';
import { signedInOwner } from '../staff/testing.ts';
import { UPLOAD_GRACE_MS, pruneCustomisationImages } from '../cart/customisation-prune.ts';
import { formData } from '../../test/form-data.ts';
import { localDocuments, s3Documents } from '../applications/files.ts';
import { shopFiles } from './plugin.ts';
import { readAll, s3BucketFromEnv } from './s3.ts';
import { localMediaStorage, s3MediaStorage } from './storage.ts';
import { copyLocalFilesToBucket } from './to-bucket.ts';

/**
 * Media on S3-compatible storage (issue 29, ADR 38) against a real local S3 server (s3rver):
 * uploads land in the bucket and nowhere on disk, /media and its resized copies are served from
 * it, deletes remove the copies too, documents stay private, backups read and restore the
 * bucket's media, and two processes on two data folders sharing one PostgreSQL database and one
 * bucket serve the same picture.
 */
let s3: LocalS3;
let t: TestApp;
let dataDir: string;
let owner: Record<string, string>;
let productId: string;

const bucket = () => t.app.media.bucket!;
const keys = async () => (await bucket().list('')).map((o) => o.key);

beforeAll(async () => {
  s3 = await startLocalS3();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'shopfront-s3-shop-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir, ...s3.env() } });
  owner = (await signedInOwner(t)).headers;
  [{ id: productId }] = (await queryRows<{ id: string }>(
    t.database.db,
    sql`select id from products where is_published order by id limit 1`,
  )) as [{ id: string }];
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function uploadPicture(app: TestApp): Promise<{ url: string; id: number }> {
  const bytes = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3c7a5a' } })
    .jpeg()
    .toBuffer();
  const boundary = '----s3test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.app.inject({
    method: 'POST',
    url: `/api/admin/catalog/products/${productId}/pictures`,
    headers: { ...owner, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  const data: AdminPictures = res.json().data;
  return { url: data.pictures.find((p) => p.id === data.picture_id)!.url, id: data.picture_id! };
}

describe('media on S3', () => {
  it('stores an uploaded picture in the bucket, serves it and its resized copy, and a delete removes both', async () => {
    const { url, id: picId } = await uploadPicture(t);
    const rel = url.slice('/media/'.length);
    expect(await keys()).toContain(`media/${rel}`);
    // Nothing of it on this machine's disk.
    expect(existsSync(path.join(dataDir, 'media', rel))).toBe(false);

    const original = await t.app.inject({ method: 'GET', url });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/webp');
    expect(original.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(original.rawPayload).metadata()).width).toBe(900);
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(original.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    const resized = await t.app.inject({ method: 'GET', url: `/media/w_320/${rel}` });
    expect(resized.statusCode).toBe(200);
    expect(resized.headers['content-type']).toBe('image/webp');
    expect(resized.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(resized.headers['x-media-cache']).toBe('miss');
    expect((await sharp(resized.rawPayload).metadata()).width).toBe(320);
    expect(await keys()).toContain(`media-cache/w_320/${rel}`);
    const cached = await t.app.inject({ method: 'GET', url: `/media/w_320/${rel}` });
    expect(cached.headers['x-media-cache']).toBe('hit');
    expect(cached.rawPayload.equals(resized.rawPayload)).toBe(true);

    // Unknown files, dotfiles and other prefixes answer 404.
    for (const bad of [`/media/${rel}.png`, '/media/.cache/x.webp', `/media/w_333/${rel}`, '/media/missing/x.webp'])
      expect([bad, (await t.app.inject({ method: 'GET', url: bad })).statusCode]).toEqual([bad, 404]);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/catalog/products/${productId}/pictures/${picId}`,
      headers: owner,
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(await purgeDeletedPictures(t.database.db, t.app.media.storage, -1_000)).toBeGreaterThanOrEqual(1);
    expect((await keys()).filter((k) => k.endsWith(rel))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/media/w_320/${rel}` })).statusCode).toBe(404);
  });

  it('stores a media library upload in the bucket, serves its resized copy, and its delete removes both', async () => {
    const bytes = await sharp({ create: { width: 700, height: 400, channels: 3, background: '#7a3c5a' } })
      .png()
      .toBuffer();
    const boundary = '----s3media';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/media',
      headers: { ...owner, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="banner.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id, path: url } = res.json().data as { id: string; path: string };
    const rel = url.slice('/media/'.length);
    expect(rel).toMatch(/^content\//);
    expect(await keys()).toContain(`media/${rel}`);
    expect(existsSync(path.join(dataDir, 'media', rel))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/media/w_320/${rel}` })).statusCode).toBe(200);
    expect(await keys()).toContain(`media-cache/w_320/${rel}`);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/media/${id.split('-')[1]}`, headers: owner });
    expect(del.statusCode, del.body).toBe(200);
    expect((await keys()).filter((k) => k.endsWith(rel))).toEqual([]);
  });

  it('keeps a shopper’s customisation photo in the bucket, served from it; the prune removes an unused one there, never one a cart uses', async () => {
    await t.database.db.execute(
      sql`insert into plugins (module_name, config, is_installed) values ('ProductCustomisation', '{}', true)
          on conflict (module_name) do update set is_installed = true`,
    );
    const photo = async (colour: string) => {
      const bytes = await sharp({ create: { width: 600, height: 400, channels: 3, background: colour } })
        .png()
        .toBuffer();
      const { payload, contentType } = formData([
        { field: 'image', filename: 'me.png', type: 'image/png', data: bytes },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: cartApi.customisationImage.path,
        headers: { 'content-type': contentType, [CSRF_HEADER]: CSRF_HEADER_VALUE },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: { image_path: string } }>().data.image_path;
    };
    const used = await photo('#aa3355');
    const unused = await photo('#3355aa');
    for (const p of [used, unused]) {
      const rel = p.slice('/media/'.length);
      expect(await keys()).toContain(`media/${rel}`);
      expect(existsSync(path.join(dataDir, 'media', rel))).toBe(false);
      const served = await t.app.inject({ method: 'GET', url: p });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    }
    // A cart line holds the first; both are past the upload's grace period when the prune runs.
    const [v] = await queryRows<{ id: string; product_id: string }>(
      t.database.db,
      sql`select id, product_id from variants order by id limit 1`,
    );
    await t.database.db.execute(
      sql`insert into carts (id, channel_id) select 'c_s3_custom', channel_id from storefronts where is_default`,
    );
    await t.database.db.execute(
      sql`insert into cart_items (cart_id, product_id, variant_id, quantity, image_path, customisation_key, seen_price_minor)
          values ('c_s3_custom', ${v!.product_id}, ${v!.id}, 1, ${used}, 'k', 100)`,
    );
    const later = Date.now() + UPLOAD_GRACE_MS + 60_000;
    expect(await pruneCustomisationImages(t.database.db, t.app.media.storage, later)).toBe(1);
    expect(await keys()).toContain(`media/${used.slice('/media/'.length)}`);
    expect((await keys()).filter((k) => k.endsWith(unused.split('/').at(-1)!))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: unused })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: used })).statusCode).toBe(200);
  });

  it('keeps application documents under the private prefix, served only by the authorised download', async () => {
    const service = await makeService(t.database.db, 3);
    const res = await apply(t, {
      service: service.slug,
      name: 'Asha Rao',
      phone: '9876501234',
      business_name: 'Asha Traders',
      turnover: '2500000',
      entity: 'Proprietorship',
    });
    expect(res.statusCode, res.body).toBe(200);
    const docs = (await keys()).filter((k) => k.startsWith('private/applications/'));
    expect(docs.length).toBeGreaterThanOrEqual(2);
    expect(existsSync(path.join(dataDir, 'private'))).toBe(false);
    for (const key of docs) {
      const name = key.slice('private/'.length);
      for (const url of [`/media/${key}`, `/media/${name}`, `/media/../${key}`, `/media/%2e%2e/${key}`])
        expect([url, (await t.app.inject({ method: 'GET', url })).statusCode]).toEqual([url, 404]);
    }
    const doc = res.json().data.documents[0];
    const dl = await t.app.inject({ method: 'GET', url: doc.download_path });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['cache-control']).toBe('private, no-store');
    expect(dl.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('tells at start why a bucket cannot be used: no such bucket, wrong keys, nothing listening', async () => {
    const bucketOf = (env: Record<string, string>) => s3BucketFromEnv(parseEnv({ ...s3.env(), ...env }))!;
    await expect(bucketOf({}).check()).resolves.toBeUndefined();
    await expect(bucketOf({ MEDIA_S3_BUCKET: 'no-such-bucket' }).check()).rejects.toThrow(
      /^MEDIA_S3_BUCKET no-such-bucket cannot be reached at http:\/\/127\.0\.0\.1:\d+ \(there is no such bucket\)$/,
    );
    await expect(bucketOf({ MEDIA_S3_ACCESS_KEY_ID: 'WRONGKEY' }).check()).rejects.toThrow(
      /\(the keys \(MEDIA_S3_ACCESS_KEY_ID, MEDIA_S3_SECRET_ACCESS_KEY\) may not use it\)$/,
    );
    await expect(bucketOf({ MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9' }).check()).rejects.toThrow(
      /^MEDIA_S3_BUCKET shop-media cannot be reached at http:\/\/127\.0\.0\.1:9 \(/,
    );
  });

  it("copies a data folder's pictures and documents into the bucket (the demo seed renders on disk first)", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'shopfront-s3-seed-'));
    try {
      const picture = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
        .webp()
        .toBuffer();
      await localMediaStorage(path.join(folder, 'media')).put('products/p1/a.webp', picture);
      await localDocuments(folder).put('applications/d1.pdf', Buffer.from('%PDF-1.4'));
      const files = shopFiles(parseEnv({ DATA_DIR: folder, ...s3.env('seeded') }));
      expect(await copyLocalFilesToBucket(folder, files)).toBe(2);
      expect((await files.storage.read('products/p1/a.webp'))!.bytes.equals(picture)).toBe(true);
      // Its size without a download (the purge keeping a picture in the library records it).
      expect(await files.storage.stat('products/p1/a.webp')).toMatchObject({ bytes: picture.length });
      expect(await files.storage.stat('products/p1/none.webp')).toBeNull();
      expect(await localMediaStorage(path.join(folder, 'media')).stat('products/p1/a.webp')).toMatchObject({
        bytes: picture.length,
      });
      expect((await readAll((await files.documents.open('applications/d1.pdf')).stream)).toString()).toBe('%PDF-1.4');
      expect((await bucket().list('seeded/')).map((o) => o.key).sort()).toEqual([
        'seeded/media/products/p1/a.webp',
        'seeded/private/applications/d1.pdf',
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('backs up the media and documents from the bucket and restores them into the configured bucket (documents under private/), refusing a bucket that holds files', async () => {
    const { url } = await uploadPicture(t);
    const rel = url.slice('/media/'.length);
    const outDir = path.join(dataDir, 'backups');
    const backup = await createBackup(t.database, {
      mediaDir: path.join(dataDir, 'media'),
      bucketMedia: t.app.media.storage,
      documents: t.app.media.documents,
      outDir,
    });
    const entry = backup.manifest.media.find((m) => m.path === rel);
    expect(entry).toBeDefined();
    const archived = readFileSync(path.join(backup.dir, MEDIA_DIR, ...rel.split('/')));
    expect(archived.equals((await t.app.media.storage.read(rel))!.bytes)).toBe(true);
    // Resized copies are made again on demand: not in the archive.
    expect(backup.manifest.media.some((m) => m.path.includes('w_320'))).toBe(false);
    // The documents uploaded with the application above: in the archive's own folder, not in media.
    const documents = (await keys()).filter((k) => k.startsWith('private/')).map((k) => k.slice('private/'.length));
    expect(documents.length).toBeGreaterThanOrEqual(2);
    expect(backup.manifest.documents!.map((d) => d.path).sort()).toEqual(documents.sort());
    expect(backup.manifest.media.some((m) => m.path.startsWith('applications/'))).toBe(false);

    // Restored into an empty database and another shop's prefix of the bucket.
    const targetBucket = s3BucketFromEnv(parseEnv(s3.env('restored')))!;
    const target = s3MediaStorage(targetBucket);
    const database = await openDatabase({});
    try {
      const restored = await restoreBackup(database, {
        archive: backup.dir,
        mediaDir: path.join(dataDir, 'restored-media'),
        bucketMedia: target,
        documents: s3Documents(targetBucket),
      });
      expect(restored.media).toBe(backup.manifest.media.length);
      expect(restored.documents).toBe(documents.length);
      const restoredKeys = (await targetBucket.list('')).map((o) => o.key);
      for (const rel of documents) {
        expect(restoredKeys).toContain(`private/${rel}`);
        expect(restoredKeys).not.toContain(`media/${rel}`);
        const back = await readAll((await s3Documents(targetBucket).open(rel)).stream);
        expect(back.equals(await readAll((await t.app.media.documents.open(rel)).stream))).toBe(true);
      }
      expect((await target.read(rel))!.bytes.equals(archived)).toBe(true);
      expect(existsSync(path.join(dataDir, 'restored-media'))).toBe(false);
      await expect(
        restoreBackup(database, {
          archive: backup.dir,
          mediaDir: path.join(dataDir, 'restored-media'),
          bucketMedia: target,
          documents: s3Documents(targetBucket),
        }),
      ).rejects.toThrow(
        /The target is not empty \(the database has \d+ tables and the S3 bucket \(MEDIA_S3_BUCKET\) holds files and the application documents hold \d+ files\)/,
      );
    } finally {
      await database.close();
    }
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "serves the same picture from two processes on two data folders sharing one PostgreSQL database and one bucket (PostgreSQL only: an embedded database is one process's)",
    async () => {
      const otherDir = mkdtempSync(path.join(os.tmpdir(), 'shopfront-s3-other-'));
      const other = await secondProcess(t, { DATA_DIR: otherDir, ...s3.env() });
      try {
        const { url } = await uploadPicture(t);
        const rel = url.slice('/media/'.length);
        const a = await t.app.inject({ method: 'GET', url });
        const b = await other.app.inject({ method: 'GET', url });
        expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
        expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
        // The first process resizes; the second finds the copy in the bucket.
        expect((await t.app.inject({ method: 'GET', url: `/media/w_640/${rel}` })).headers['x-media-cache']).toBe(
          'miss',
        );
        expect((await other.app.inject({ method: 'GET', url: `/media/w_640/${rel}` })).headers['x-media-cache']).toBe(
          'hit',
        );
        // The shop's product answer, from the second process, names the same picture.
        const slug = (
          await queryRows<{ slug: string }>(other.database.db, sql`select slug from products where id = ${productId}`)
        )[0]!.slug;
        const product = await other.app.inject({ method: 'GET', url: `/api/product/single-product/${slug}` });
        expect(product.json().data.images.map((i: { url: string }) => i.url)).toContain(url);
        expect(readdirSync(otherDir).includes('media') ? readdirSync(path.join(otherDir, 'media')) : []).toEqual([]);
      } finally {
        await other.close();
        rmSync(otherDir, { recursive: true, force: true });
      }
    },
  );
});
