import { randomBytes } from 'node:crypto';
import { mkdir, open as openHandle, realpath, rename, stat, unlink } from 'node:fs/promises';
import { Readable } from 'node:stream';
import path from 'node:path';
import sharp from 'sharp';
import { imageVariantSegment, parseImageVariant, type ImageDensity, type ImageWidth } from '@shopfront/shared';
import { imageWork, limiter } from '../../lib/limiter.ts';
import { S3_KEYS, readAll, type S3Bucket } from './s3.ts';

/** Originals the resizer reads. SVG is left out on purpose: it is markup, not pixels. */
const SOURCE_EXTENSIONS = new Set(['.webp', '.jpg', '.jpeg', '.png', '.avif', '.gif']);
/** Each path segment: starts with a letter, digit or underscore (so never `.`, `..` or a dotfile). */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;
const MAX_PATH_LENGTH = 500;
export const CACHE_DIR_NAME = '.cache';

export type ResizeResult =
  /** `open` once: the file (or object) is open already, and its stream closes it. */
  | { ok: true; size: number; cached: boolean; open: () => Readable }
  | { ok: false; reason: 'variant' | 'path' | 'missing' | 'unreadable' };

export interface ImageResizer {
  /** The WebP file for `variant` (e.g. `w_640_dpr_2`) of the original at `relPath` below the media dir. */
  resize(variant: string, relPath: string): Promise<ResizeResult>;
}

/** Checks a requested path below /media: relative, plain segments only, an image extension. */
export function safeMediaPath(relPath: string): string | null {
  if (relPath.length === 0 || relPath.length > MAX_PATH_LENGTH) return null;
  const segments = relPath.split('/');
  if (!segments.every((s) => SEGMENT.test(s))) return null;
  if (!SOURCE_EXTENSIONS.has(path.extname(relPath).toLowerCase())) return null;
  return segments.join(path.sep);
}

const within = (root: string, file: string) => file.startsWith(root + path.sep);

/**
 * Resizes originals under `mediaDir` to the allowed widths and densities, once: the WebP is
 * written to `mediaDir/.cache/{variant}/{path}` (same relative path as the original, WebP
 * bytes) and served from there afterwards. A file is written under a unique temporary name and
 * renamed into place, so concurrent first requests, in this process or another, never see a
 * partial file; within a process they also share one render. A cached file older than its
 * original is made again. Images are never enlarged.
 */
/** The WebP of one variant: upright, `width × dpr` wide at most (never enlarged). */
const variantImage = (input: string | Buffer, width: ImageWidth, dpr: ImageDensity) =>
  sharp(input, { limitInputPixels: 100_000_000 })
    .rotate()
    .resize({ width: width * dpr, withoutEnlargement: true })
    .webp({ quality: 80, effort: 4 });

/** Concurrent first requests for one variant in this process share one render. */
function sharedWork() {
  const inFlight = new Map<string, Promise<void>>();
  return (key: string, work: () => Promise<void>) => {
    let job = inFlight.get(key);
    if (!job) {
      job = work().finally(() => inFlight.delete(key));
      inFlight.set(key, job);
    }
    return job;
  };
}

/**
 * A cached copy, opened now: a picture deleted after this (its copies removed with it) is still
 * sent whole to the request that found it, never a 500 from a file gone between a stat and a
 * read. Null when it is gone already. The stream closes the file when it ends or is destroyed.
 */
async function openFile(file: string): Promise<{ size: number; open: () => Readable } | null> {
  let handle;
  try {
    handle = await openHandle(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const { size } = await handle.stat();
    const opened = handle;
    return { size, open: () => opened.createReadStream() };
  } catch (err) {
    await handle.close();
    throw err;
  }
}

export function createImageResizer(mediaDir: string, opts: { concurrency?: number } = {}): ImageResizer {
  const root = path.resolve(mediaDir);
  const cacheRoot = path.join(root, CACHE_DIR_NAME);
  const once = sharedWork();
  const run = opts.concurrency ? limiter(opts.concurrency) : imageWork;

  async function render(source: string, target: string, width: ImageWidth, dpr: ImageDensity) {
    await mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await run(() => variantImage(source, width, dpr).toFile(tmp));
      await rename(tmp, target);
    } catch (err) {
      await unlink(tmp).catch(() => {});
      throw err;
    }
  }

  return {
    async resize(variantSegment, relPath) {
      const variant = parseImageVariant(variantSegment);
      if (!variant) return { ok: false, reason: 'variant' };
      const rel = safeMediaPath(relPath);
      if (!rel) return { ok: false, reason: 'path' };
      const source = path.join(root, rel);
      if (!within(root, source)) return { ok: false, reason: 'path' };

      let sourceStat;
      try {
        // A symlink under /media must not lead outside it.
        const [real, realRoot] = await Promise.all([realpath(source), realpath(root)]);
        if (!within(realRoot, real)) return { ok: false, reason: 'path' };
        sourceStat = await stat(real);
      } catch {
        return { ok: false, reason: 'missing' };
      }
      if (!sourceStat.isFile()) return { ok: false, reason: 'missing' };

      const target = path.join(cacheRoot, imageVariantSegment(variant.width, variant.dpr), rel);
      const cached = await stat(target).catch(() => null);
      const hit = cached && cached.mtimeMs >= sourceStat.mtimeMs ? await openFile(target) : null;
      if (hit) return { ok: true, cached: true, ...hit };

      try {
        await once(target, () => render(source, target, variant.width, variant.dpr));
      } catch {
        return { ok: false, reason: 'unreadable' };
      }
      // Gone already: the picture was deleted (its copies with it) while this request made one.
      const made = await openFile(target);
      return made ? { ok: true, cached: false, ...made } : { ok: false, reason: 'missing' };
    },
  };
}

/**
 * The same resizer over an S3 bucket (ADR 38): the original is read from `media/<path>`, the WebP
 * written to `media-cache/{variant}/<path>` and served from there by every process afterwards; a
 * cached copy older than its original is made again. A PUT is whole, so a reader never sees part.
 */
export function createS3ImageResizer(bucket: S3Bucket): ImageResizer {
  const once = sharedWork();
  return {
    async resize(variantSegment, relPath) {
      const variant = parseImageVariant(variantSegment);
      if (!variant) return { ok: false, reason: 'variant' };
      const rel = safeMediaPath(relPath)?.split(path.sep).join('/');
      if (!rel) return { ok: false, reason: 'path' };
      const source = S3_KEYS.original(rel);
      const target = S3_KEYS.variant(imageVariantSegment(variant.width, variant.dpr), rel);
      const [original, cached] = await Promise.all([bucket.head(source), bucket.get(target)]);
      if (!original) {
        cached?.body.destroy();
        return { ok: false, reason: 'missing' };
      }
      if (cached && cached.modifiedMs >= original.modifiedMs)
        return { ok: true, size: cached.size, cached: true, open: () => cached.body };
      cached?.body.destroy();

      const rendered: { webp?: Buffer } = {};
      try {
        await once(target, async () => {
          const object = await bucket.get(source);
          if (!object) throw new Error(`${source} is gone`);
          const bytes = await readAll(object.body);
          const made = await imageWork(() => variantImage(bytes, variant.width, variant.dpr).toBuffer());
          await bucket.put(target, made, 'image/webp');
          rendered.webp = made;
        });
      } catch {
        return { ok: false, reason: 'unreadable' };
      }
      // A request that joined another's render reads the stored copy.
      const made = rendered.webp ?? (await readStored(bucket, target));
      return { ok: true, size: made.length, cached: false, open: () => Readable.from([made]) };
    },
  };
}

async function readStored(bucket: S3Bucket, key: string): Promise<Buffer> {
  const object = await bucket.get(key);
  if (!object) throw new Error(`${key} is gone`);
  return readAll(object.body);
}
