import { randomBytes } from 'node:crypto';
import { mkdir, realpath, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { imageVariantSegment, parseImageVariant, type ImageDensity, type ImageWidth } from '@shopfront/shared';
import { imageWork, limiter } from '../../lib/limiter.ts';

/** Originals the resizer reads. SVG is left out on purpose: it is markup, not pixels. */
const SOURCE_EXTENSIONS = new Set(['.webp', '.jpg', '.jpeg', '.png', '.avif', '.gif']);
/** Each path segment: starts with a letter, digit or underscore (so never `.`, `..` or a dotfile). */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;
const MAX_PATH_LENGTH = 500;
export const CACHE_DIR_NAME = '.cache';

export type ResizeResult =
  | { ok: true; file: string; size: number; cached: boolean }
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
export function createImageResizer(mediaDir: string, opts: { concurrency?: number } = {}): ImageResizer {
  const root = path.resolve(mediaDir);
  const cacheRoot = path.join(root, CACHE_DIR_NAME);
  const inFlight = new Map<string, Promise<void>>();
  const run = opts.concurrency ? limiter(opts.concurrency) : imageWork;

  async function render(source: string, target: string, width: ImageWidth, dpr: ImageDensity) {
    await mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await run(() =>
        sharp(source, { limitInputPixels: 100_000_000 })
          .rotate()
          .resize({ width: width * dpr, withoutEnlargement: true })
          .webp({ quality: 80, effort: 4 })
          .toFile(tmp),
      );
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
      if (cached && cached.mtimeMs >= sourceStat.mtimeMs)
        return { ok: true, file: target, size: cached.size, cached: true };

      let job = inFlight.get(target);
      if (!job) {
        job = render(source, target, variant.width, variant.dpr).finally(() => inFlight.delete(target));
        inFlight.set(target, job);
      }
      try {
        await job;
      } catch {
        return { ok: false, reason: 'unreadable' };
      }
      const made = await stat(target);
      return { ok: true, file: target, size: made.size, cached: false };
    },
  };
}
