import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE, CartSchema, cartApi, cartMessages, messages } from '@shopfront/shared';
import { buildApp } from '../../app.ts';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { CUSTOMISATION_IMAGE, customisationImageMessages, customisationImageRoutes } from './customisation-image.ts';
import { formData, type FilePart } from '../../test/form-data.ts';

const URL_PATH = cartApi.customisationImage.path;
const IMAGE_PATH = /^\/media\/customisations\/[a-f0-9]{32}\.webp$/;
const MiB = 1_048_576;

let t: TestApp;
let app: FastifyInstance;
let dataDir: string;
/** A variant in stock of a single-variant product, to customise. */
let variantId: string;
let productId: string;

beforeAll(async () => {
  // A data dir of its own: the uploads land in it and go with it.
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'shopfront-customisation-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  // The shop as server.ts builds it, plus this route until app.ts registers it.
  app = await buildApp({ database: t.database, env: t.app.env, logger: false });
  if (!app.hasRoute({ method: 'POST', url: URL_PATH })) await app.register(customisationImageRoutes);
  await app.ready();
  const [row] = await queryRows<{ variant_id: string; product_id: string }>(
    t.database.db,
    sql`select v.id as variant_id, v.product_id
          from variants v join variant_channels vc on vc.variant_id = v.id and vc.channel_id = (select channel_id from storefronts where is_default)
          join products p on p.id = v.product_id and p.is_published
         where v.stock >= 10 and vc.is_available
           and (select count(*) from variants w where w.product_id = v.product_id) = 1
         order by v.id limit 1`,
  );
  variantId = row!.variant_id;
  productId = row!.product_id;
});
afterAll(async () => {
  await app.close();
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const setPlugin = (installed: boolean) =>
  t.database.db.execute(
    sql`insert into plugins (module_name, config, is_installed) values ('ProductCustomisation', '{}', ${installed})
        on conflict (module_name) do update set is_installed = excluded.is_installed`,
  );

const upload = (
  files: FilePart[],
  opts: { fields?: Record<string, string>; headers?: Record<string, string>; remoteAddress?: string } = {},
) => {
  const { payload, contentType } = formData(files, opts.fields);
  return app.inject({
    method: 'POST',
    url: URL_PATH,
    headers: { 'content-type': contentType, [CSRF_HEADER]: CSRF_HEADER_VALUE, ...opts.headers },
    payload,
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
  });
};

/** Noise compresses badly: a picture of realistic weight. */
const picture = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
  });

/** Uploads from addresses of their own, so the per-address limit is not what a test meets. */
let nextAddress = 1;
const address = () => `10.20.0.${nextAddress++}`;

describe('without the ProductCustomisation plugin', () => {
  it('refuses the upload and stores nothing', async () => {
    const png = await picture(100, 100).png().toBuffer();
    await setPlugin(false);
    const off = await upload([{ filename: 'a.png', type: 'image/png', data: png }], { remoteAddress: address() });
    expect(off.statusCode).toBe(422);
    expect(off.json()).toMatchObject({ status: 'error', errors: { image: [cartMessages.customisationOff] } });
    await t.database.db.execute(sql`delete from plugins where module_name = 'ProductCustomisation'`);
    const none = await upload([{ filename: 'a.png', type: 'image/png', data: png }], { remoteAddress: address() });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.image).toEqual([cartMessages.customisationOff]);
    expect(existsSync(path.join(dataDir, 'media', 'customisations'))).toBe(false);
  });
});

describe('with the plugin installed', () => {
  beforeAll(() => setPlugin(true));

  it('re-encodes a PNG and a JPEG to a WebP under a new random name, served by /media', async () => {
    const seen = new Set<string>();
    for (const [file, data] of [
      // A wide flat-colour logo (small as a PNG) and a noisy photo.
      [
        'logo.png',
        await sharp({ create: { width: 2400, height: 1200, channels: 4, background: '#1f6f5c80' } })
          .png()
          .toBuffer(),
      ],
      ['photo.jpg', await picture(800, 600).jpeg().toBuffer()],
    ] as const) {
      const res = await upload([{ filename: file, type: 'application/octet-stream', data }], {
        remoteAddress: address(),
      });
      expect(res.statusCode, res.body).toBe(200);
      const { image_path } = res.json().data as { image_path: string };
      expect(image_path).toMatch(IMAGE_PATH);
      seen.add(image_path);

      const got = await app.inject({ method: 'GET', url: image_path });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/webp');
      const meta = await sharp(got.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(CUSTOMISATION_IMAGE.maxOutputSide);
      // The resized variants of /media work for it too.
      const small = await app.inject({ method: 'GET', url: image_path.replace('/media/', '/media/w_320/') });
      expect(small.statusCode).toBe(200);
      expect((await sharp(small.rawPayload).metadata()).width).toBe(320);
    }
    expect(seen.size).toBe(2);
    // 2400 × 1200 became 1600 × 800; 800 × 600 was not enlarged.
    const sizes = await Promise.all(
      [...seen].map(async (p) => {
        const m = await sharp(path.join(dataDir, p.replace(/^\//, ''))).metadata();
        return [m.width, m.height];
      }),
    );
    expect(sizes).toEqual([
      [1600, 800],
      [800, 600],
    ]);
    // No temporary file is left behind.
    expect(readdirSync(path.join(dataDir, 'media', 'customisations')).every((f) => f.endsWith('.webp'))).toBe(true);
  });

  it('takes a WebP, turns it upright by its EXIF orientation and keeps no metadata', async () => {
    const jpeg = await picture(300, 200)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'secret', Artist: 'someone' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload([{ filename: 'p.jpeg', type: 'image/jpeg', data: jpeg }], { remoteAddress: address() });
    expect(res.statusCode, res.body).toBe(200);
    const stored = path.join(dataDir, (res.json().data.image_path as string).slice(1));
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height]).toEqual([200, 300]);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();

    const webp = await picture(50, 40).webp().toBuffer();
    const again = await upload([{ filename: 'w.webp', type: 'image/webp', data: webp }], { remoteAddress: address() });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.image_path).toMatch(IMAGE_PATH);
  });

  it('tells the type from the bytes: text named .png, a GIF, an SVG and a truncated JPEG are 422', async () => {
    const jpeg = await picture(400, 300).jpeg().toBuffer();
    for (const file of [
      { filename: 'notes.png', type: 'image/png', data: Buffer.from('just some text, not a picture\n'.repeat(50)) },
      { filename: 'anim.png', type: 'image/png', data: await picture(20, 20).gif().toBuffer() },
      {
        filename: 'logo.png',
        type: 'image/png',
        data: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
        ),
      },
      { filename: 'cut.jpg', type: 'image/jpeg', data: jpeg.subarray(0, 400) },
    ]) {
      const res = await upload([file], { remoteAddress: address() });
      expect(res.statusCode, file.filename).toBe(422);
      expect(res.json()).toMatchObject({ status: 'error', errors: { image: [customisationImageMessages.type] } });
    }
  });

  it('refuses an image over 4000 × 4000 pixels from its header, before decoding it', async () => {
    // Mostly one colour: a small file of many pixels, as a decompression bomb is.
    const big = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    expect(big.length).toBeLessThan(CUSTOMISATION_IMAGE.maxFileBytes);
    const res = await upload([{ filename: 'big.png', type: 'image/png', data: big }], { remoteAddress: address() });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.image).toEqual([customisationImageMessages.dimensions]);
    const tall = await sharp({ create: { width: 10, height: 4001, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    const res2 = await upload([{ filename: 't.webp', type: 'image/webp', data: tall }], { remoteAddress: address() });
    expect(res2.json().errors.image).toEqual([customisationImageMessages.dimensions]);
  });

  it('answers 413 for a 6 MiB upload, by its Content-Length or while streaming', async () => {
    const data = Buffer.alloc(6 * MiB, 7);
    const res = await upload([{ filename: 'huge.png', type: 'image/png', data }], { remoteAddress: address() });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: 'error', errors: { image: [customisationImageMessages.tooLarge] } });

    // Without a Content-Length (chunked), the parser stops the file at 5 MiB.
    const { payload, contentType } = formData([{ filename: 'huge.png', type: 'image/png', data }]);
    const streamed = await app.inject({
      method: 'POST',
      url: URL_PATH,
      headers: { 'content-type': contentType, [CSRF_HEADER]: CSRF_HEADER_VALUE },
      payload: Readable.from([payload]),
      remoteAddress: address(),
    });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().errors.image).toEqual([customisationImageMessages.tooLarge]);
  });

  it('answers 413 on a real socket as soon as the headers announce too much, without reading the body', async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as net.AddressInfo;
    const response = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let got = '';
      const giveUp = setTimeout(() => {
        socket.destroy();
        reject(new Error(`no answer; got: ${got}`));
      }, 5_000);
      socket.on('data', (d) => (got += d.toString('latin1')));
      socket.on('close', () => {
        clearTimeout(giveUp);
        resolve(got);
      });
      socket.on('error', () => {});
      // Announces 6 MiB, sends a few bytes and waits: the answer must not wait for the rest.
      socket.write(
        `POST ${URL_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=zz\r\n` +
          `Content-Length: ${6 * MiB}\r\n${CSRF_HEADER}: ${CSRF_HEADER_VALUE}\r\n\r\n--zz\r\n`,
      );
    });
    expect(response).toMatch(/^HTTP\/1\.1 413 /);
    expect(response.toLowerCase()).toContain('connection: close');
  });

  it('takes one file in the field "image" only, and multipart only', async () => {
    const png = await picture(20, 20).png().toBuffer();
    const two = await upload(
      [
        { filename: 'a.png', type: 'image/png', data: png },
        { filename: 'b.png', type: 'image/png', data: png },
      ],
      { remoteAddress: address() },
    );
    expect(two.statusCode).toBe(422);
    expect(two.json().errors.image).toEqual([customisationImageMessages.oneImage]);

    const elsewhere = await upload([{ field: 'photo', filename: 'a.png', type: 'image/png', data: png }], {
      remoteAddress: address(),
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors.image).toEqual([messages.required]);

    const withFields = await upload([{ filename: 'a.png', type: 'image/png', data: png }], {
      fields: { api_cart: '1' },
      remoteAddress: address(),
    });
    expect(withFields.statusCode).toBe(200);

    for (const [type, payload, status, message] of [
      ['application/json', '{}', 415, customisationImageMessages.notMultipart],
      ['image/png', png, 415, customisationImageMessages.notMultipart],
      ['multipart/form-data', 'no boundary at all', 400, customisationImageMessages.unreadable],
      ['multipart/form-data; boundary=zz', 'garbage that is not multipart', 400, customisationImageMessages.unreadable],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: URL_PATH,
        headers: { 'content-type': type, [CSRF_HEADER]: CSRF_HEADER_VALUE },
        payload,
        remoteAddress: address(),
      });
      expect(res.statusCode, type).toBe(status);
      expect(res.json()).toEqual({ status: 'error', message });
    }
    const empty = await app.inject({
      method: 'POST',
      url: URL_PATH,
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      remoteAddress: address(),
    });
    expect(empty.statusCode).toBe(415);
  });

  it('passes the CSRF guard with the custom header and a cookie, and not without the header', async () => {
    const png = await picture(20, 20).png().toBuffer();
    const withHeader = await upload([{ filename: 'a.png', type: 'image/png', data: png }], {
      headers: { cookie: 'cart_session=whatever' },
      remoteAddress: address(),
    });
    expect(withHeader.statusCode).toBe(200);
    const { payload, contentType } = formData([{ filename: 'a.png', type: 'image/png', data: png }]);
    const forged = await app.inject({
      method: 'POST',
      url: URL_PATH,
      headers: { 'content-type': contentType, cookie: 'cart_session=whatever' },
      payload,
      remoteAddress: address(),
    });
    expect(forged.statusCode).toBe(403);
    const crossSite = await upload([{ filename: 'a.png', type: 'image/png', data: png }], {
      headers: { origin: 'https://evil.example' },
      remoteAddress: address(),
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it(`allows ${CUSTOMISATION_IMAGE.rateLimit.max} uploads per address in ${CUSTOMISATION_IMAGE.rateLimit.timeWindow}`, async () => {
    const text = { filename: 'x.png', type: 'image/png', data: Buffer.from('not an image') };
    const from = '10.30.0.1';
    for (let i = 0; i < CUSTOMISATION_IMAGE.rateLimit.max; i++) {
      expect((await upload([text], { remoteAddress: from })).statusCode).toBe(422);
    }
    const over = await upload([text], { remoteAddress: from });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await upload([text], { remoteAddress: '10.30.0.2' })).statusCode).toBe(422);
  });

  it('puts the image on a customisable product; different customisation makes a different line', async () => {
    const data = await picture(640, 480).jpeg().toBuffer();
    const res = await upload([{ filename: 'me.jpg', type: 'image/jpeg', data }], { remoteAddress: address() });
    expect(res.statusCode).toBe(200);
    const image_path = res.json().data.image_path as string;

    const jar = new Map<string, string>();
    const add = async (additonal_data: Record<string, string>) => {
      const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const r = await app.inject({
        method: 'POST',
        url: '/api/cart/add-item',
        headers: {
          'content-type': 'application/json',
          [CSRF_HEADER]: CSRF_HEADER_VALUE,
          ...(cookie ? { cookie } : {}),
        },
        payload: JSON.stringify({ product_id: variantId, quantity: 1, additonal_data }),
      });
      for (const c of ([] as string[]).concat((r.headers['set-cookie'] as string[] | string | undefined) ?? [])) {
        const [pair] = c.split(';');
        const [k, ...v] = pair!.split('=');
        jar.set(k!, v.join('='));
      }
      return r;
    };

    // Not customisable yet: refused.
    await t.database.db.execute(sql`update products set is_customisation_enabled = false where id = ${productId}`);
    const off = await add({ custom_text: 'Anna', image_path });
    expect(off.statusCode).toBe(422);
    expect(off.json().errors.additonal_data).toEqual([cartMessages.customisationOff]);

    await t.database.db.execute(sql`update products set is_customisation_enabled = true where id = ${productId}`);
    const first = await add({ custom_text: 'Anna', image_path });
    expect(first.statusCode, first.body).toBe(200);
    const second = await add({ custom_text: 'Ben', image_path });
    expect(second.statusCode, second.body).toBe(200);
    const cart = CartSchema.parse(second.json().data);
    const lines = cart.items.filter((i) => i.product_id === variantId);
    expect(lines.map((l) => l.additonal_data)).toEqual([
      { custom_text: 'Anna', image_path },
      { custom_text: 'Ben', image_path },
    ]);
    expect(lines.map((l) => l.quantity)).toEqual([1, 1]);
    // The same customisation again adds to its line.
    const third = CartSchema.parse((await add({ custom_text: 'Ben', image_path })).json().data);
    expect(third.items.filter((i) => i.product_id === variantId).map((l) => l.quantity)).toEqual([1, 2]);

    // Only a path this endpoint answers is taken.
    const forged = await add({ custom_text: 'Eve', image_path: '/media/originals/anything.webp' });
    expect(forged.statusCode).toBe(422);
  });
});
