import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createImageResizer } from './service.ts';

let t: TestApp;
let dataDir: string;
let mediaDir: string;
const ORIGINAL = 'originals/wide.webp';

/** Every file below `dir`, relative to it. */
const walk = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(path.join(dir, f)).isFile())
    : [];

beforeAll(async () => {
  // A data dir of its own, so "first request" really is the first one on every run.
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'shopfront-media-'));
  mediaDir = path.join(dataDir, 'media');
  mkdirSync(path.join(mediaDir, 'originals'), { recursive: true });
  const noise = await sharp({
    create: {
      width: 1600,
      height: 900,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  await sharp(noise).webp({ quality: 90 }).toFile(path.join(mediaDir, ORIGINAL));
  await sharp({ create: { width: 200, height: 100, channels: 3, background: '#1f6f5c' } })
    .png()
    .toFile(path.join(mediaDir, 'originals/small.png'));
  await sharp({ create: { width: 300, height: 300, channels: 3, background: '#c9773c' } })
    .webp()
    .toFile(path.join(dataDir, 'secret.webp'));
  symlinkSync(path.join(dataDir, 'secret.webp'), path.join(mediaDir, 'originals/escape.webp'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /media/w_{width}[_dpr_2]/{path}', () => {
  it('serves an allowed width as WebP with an immutable year-long cache, smaller than the original', async () => {
    const res = await get(`/media/w_640/${ORIGINAL}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Uploaded media keeps the CSP the build's own files go without (an SVG opened as a page).
    expect(res.headers['content-security-policy']).toBeDefined();
    expect(res.headers['x-media-cache']).toBe('miss');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640, height: 360 });
    expect(res.rawPayload.length).toBeLessThan(statSync(path.join(mediaDir, ORIGINAL)).size);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  });

  it('serves the second request from the cache on disk, byte for byte', async () => {
    const first = await get(`/media/w_320/${ORIGINAL}`);
    const second = await get(`/media/w_320/${ORIGINAL}`);
    expect(second.statusCode).toBe(200);
    expect(second.headers['x-media-cache']).toBe('hit');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const cached = path.join(mediaDir, '.cache', 'w_320', ORIGINAL);
    expect(readFileSync(cached).equals(second.rawPayload)).toBe(true);
  });

  it('makes density 2 twice as many pixels, and never enlarges beyond the original', async () => {
    const dpr2 = await get(`/media/w_640_dpr_2/${ORIGINAL}`);
    expect((await sharp(dpr2.rawPayload).metadata()).width).toBe(1280);
    const big = await get(`/media/w_1536_dpr_2/${ORIGINAL}`);
    expect((await sharp(big.rawPayload).metadata()).width).toBe(1600);
    const small = await get('/media/w_1024/originals/small.png');
    expect(small.headers['content-type']).toBe('image/webp');
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 200, height: 100 });
  });

  it('refuses every other width or density with the 404 envelope and writes nothing', async () => {
    const before = walk(path.join(mediaDir, '.cache')).sort();
    for (const variant of [
      'w_641',
      'w_100',
      'w_4000',
      'w_0640',
      'w_640_dpr_1',
      'w_640_dpr_3',
      'w_640_dpr_',
      'w_abc',
      'w_',
      'w_640x2',
    ]) {
      const res = await get(`/media/${variant}/${ORIGINAL}`);
      expect(res.statusCode, variant).toBe(404);
      expect(res.json()).toEqual({ status: 'error', message: 'Not found' });
    }
    expect(walk(path.join(mediaDir, '.cache')).sort()).toEqual(before);
  });

  it('makes path traversal impossible: dot segments, encoded slashes, dotfiles, symlinks out, non-images', async () => {
    for (const url of [
      '/media/w_640/..%2Fsecret.webp',
      '/media/w_640/..%2F..%2Fsecret.webp',
      '/media/w_640/%2e%2e/secret.webp',
      '/media/w_640/originals/%2e%2e%2f%2e%2e%2fsecret.webp',
      '/media/w_640/originals/..%5C..%5Csecret.webp',
      '/media/w_640/%2Fetc%2Fpasswd',
      '/media/w_640//etc/passwd',
      '/media/w_640/.cache/w_320/originals/wide.webp',
      '/media/w_640/originals/escape.webp',
      '/media/w_640/originals/missing.webp',
      '/media/w_640/originals/notes.txt',
      '/media/w_640/originals/vector.svg',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
    }
  });

  it('keeps the originals at /media/{path} and hides the cache directory', async () => {
    const original = await get(`/media/${ORIGINAL}`);
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(readFileSync(path.join(mediaDir, ORIGINAL)))).toBe(true);
    expect(original.headers['cache-control']).toMatch(/max-age=31536000/);
    expect((await get(`/media/.cache/w_320/${ORIGINAL}`)).statusCode).toBe(404);
  });

  it('answers HEAD with the image headers', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: `/media/w_768/${ORIGINAL}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers concurrent first requests for one size with the same whole file and leaves no temporaries', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => get(`/media/w_1024/${ORIGINAL}`)));
    for (const r of results) {
      expect(r.statusCode).toBe(200);
      expect(r.rawPayload.equals(results[0]!.rawPayload)).toBe(true);
    }
    expect((await sharp(results[0]!.rawPayload).metadata()).width).toBe(1024);
    // Two resizers stand for two processes sharing the data dir: each renders, renames win in turn.
    const a = createImageResizer(mediaDir);
    const b = createImageResizer(mediaDir);
    const [ra, rb] = await Promise.all([a.resize('w_1280', ORIGINAL), b.resize('w_1280', ORIGINAL)]);
    expect(ra.ok && rb.ok).toBe(true);
    if (ra.ok) ra.open().destroy();
    if (rb.ok) rb.open().destroy();
    const file = path.join(mediaDir, '.cache', 'w_1280', ORIGINAL);
    expect((await sharp(file).metadata()).width).toBe(1280);
    expect(walk(path.join(mediaDir, '.cache')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('a copy found is sent whole even when the picture is deleted before it is read (not a 500)', async () => {
    const resizer = createImageResizer(mediaDir);
    const whole = await get(`/media/w_640/${ORIGINAL}`);
    expect(whole.statusCode).toBe(200);
    for (const first of [false, true]) {
      if (first) rmSync(path.join(mediaDir, '.cache', 'w_640'), { recursive: true, force: true });
      const found = await resizer.resize('w_640', ORIGINAL);
      if (!found.ok) throw new Error(`not resized: ${found.reason}`);
      expect(found.cached).toBe(!first);
      // The delete of the picture's copies lands between the lookup and the read.
      rmSync(path.join(mediaDir, '.cache', 'w_640', ORIGINAL));
      const chunks: Buffer[] = [];
      for await (const chunk of found.open()) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(whole.rawPayload)).toBe(true);
    }
    const copy = path.join(mediaDir, 'originals', 'gone.webp');
    writeFileSync(copy, readFileSync(path.join(mediaDir, ORIGINAL)));
    rmSync(copy);
    expect((await resizer.resize('w_640', 'originals/gone.webp')).ok).toBe(false);
  });

  it('makes a cached size again when the original is newer than it', async () => {
    await get(`/media/w_320/${ORIGINAL}`);
    const originalTime = statSync(path.join(mediaDir, ORIGINAL)).mtime;
    const older = new Date(originalTime.getTime() - 3_600_000);
    utimesSync(path.join(mediaDir, '.cache', 'w_320', ORIGINAL), older, older);
    const res = await get(`/media/w_320/${ORIGINAL}`);
    expect(res.headers['x-media-cache']).toBe('miss');
    expect((await get(`/media/w_320/${ORIGINAL}`)).headers['x-media-cache']).toBe('hit');
  });
});
