import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_DENSITIES, IMAGE_WIDTHS, imageVariantSegment } from '@shopfront/shared';
import { S3_KEYS, mediaType, readAll, type S3Bucket } from './s3.ts';
import { CACHE_DIR_NAME, safeMediaPath } from './service.ts';

/** A stored file below the media root. */
export interface MediaEntry {
  /** Such as `products/prd_1/ab12.webp` ('/'-separated on every platform). */
  path: string;
  bytes: number;
  modifiedMs: number;
}

/**
 * Where media files are written, read and removed (ARCHITECTURE: one storage interface): local
 * disk (DATA_DIR/media, the default) or S3-compatible storage (ADR 38). Paths are relative to the
 * media root, such as `products/prd_1/ab12.webp`, and served at `/media/<path>` (resized at
 * `/media/w_…/<path>`).
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** Writes the whole file or nothing: a reader never sees part of it. */
  put(relPath: string, bytes: Buffer): Promise<void>;
  /** Removes the file and every resized copy of it; a file already gone is no error. */
  remove(relPath: string): Promise<void>;
  /** The file's bytes and time, or null when there is none. */
  read(relPath: string): Promise<{ bytes: Buffer; modifiedMs: number } | null>;
  /** The file's size and time without reading it (a stat, an S3 HEAD), or null when there is none. */
  stat(relPath: string): Promise<Omit<MediaEntry, 'path'> | null>;
  /** Every file below `folder` ('' for all), sorted; resized copies and unfinished writes left out. */
  list(folder: string): Promise<MediaEntry[]>;
  /** Deletes unfinished writes below `folder` older than `beforeMs` (an interrupted upload's temporary file). */
  sweep(folder: string, beforeMs: number): Promise<number>;
}

const checked = (relPath: string) => {
  const rel = safeMediaPath(relPath);
  if (!rel) throw new Error(`not a media path: ${relPath}`);
  return rel.split(path.sep).join('/');
};

/** The media root on local disk (DATA_DIR/media). */
export function localMediaStorage(mediaDir: string): MediaStorage {
  const root = path.resolve(mediaDir);
  const resolve = (relPath: string) => path.join(root, ...checked(relPath).split('/'));
  const gone = (p: string) =>
    unlink(p).catch((e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? undefined : Promise.reject(e)));
  return {
    kind: 'local',
    async put(relPath, bytes) {
      const file = resolve(relPath);
      await mkdir(path.dirname(file), { recursive: true });
      // A dotfile first: never served, never resized; renamed into place whole.
      const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        await writeFile(tmp, bytes, { flag: 'wx' });
        await rename(tmp, file);
      } catch (err) {
        await unlink(tmp).catch(() => {});
        throw err;
      }
    },
    async remove(relPath) {
      const file = resolve(relPath);
      await gone(file);
      const cacheRoot = path.join(root, CACHE_DIR_NAME);
      const variants = await readdir(cacheRoot).catch(() => [] as string[]);
      await Promise.all(variants.map((v) => gone(path.join(cacheRoot, v, path.relative(root, file)))));
    },
    async read(relPath) {
      const file = resolve(relPath);
      try {
        const [bytes, info] = await Promise.all([readFile(file), stat(file)]);
        return { bytes, modifiedMs: info.mtimeMs };
      } catch {
        return null;
      }
    },
    async stat(relPath) {
      const info = await stat(resolve(relPath)).catch(() => null);
      return info?.isFile() ? { bytes: info.size, modifiedMs: info.mtimeMs } : null;
    },
    async list(folder) {
      const base = path.join(root, folder);
      const names = await readdir(base, { recursive: true, encoding: 'utf8' }).catch(() => [] as string[]);
      const found: MediaEntry[] = [];
      for (const name of names.sort()) {
        // Dotfiles and dot folders: the resized copies (.cache) and writes not finished.
        if (name.split(path.sep).some((s) => s.startsWith('.'))) continue;
        const info = await stat(path.join(base, name)).catch(() => null);
        if (!info?.isFile()) continue;
        const rel = path.join(folder, name).split(path.sep).join('/');
        found.push({ path: rel, bytes: info.size, modifiedMs: info.mtimeMs });
      }
      return found;
    },
    async sweep(folder, beforeMs) {
      const dir = path.join(root, folder);
      let removed = 0;
      for (const name of await readdir(dir).catch(() => [] as string[])) {
        if (!name.startsWith('.') || !name.endsWith('.tmp')) continue;
        const info = await stat(path.join(dir, name)).catch(() => null);
        if (
          info?.isFile() &&
          info.mtimeMs < beforeMs &&
          (await unlink(path.join(dir, name)).then(
            () => true,
            () => false,
          ))
        )
          removed++;
      }
      return removed;
    },
  };
}

/** The media root in an S3 bucket: originals under `media/`, their resized copies under `media-cache/`. */
export function s3MediaStorage(bucket: S3Bucket): MediaStorage {
  const variants = IMAGE_WIDTHS.flatMap((w) => IMAGE_DENSITIES.map((d) => imageVariantSegment(w, d)));
  return {
    kind: 's3',
    async put(relPath, bytes) {
      const rel = checked(relPath);
      // One PUT stores the whole object or nothing.
      await bucket.put(S3_KEYS.original(rel), bytes, mediaType(rel));
    },
    async remove(relPath) {
      const rel = checked(relPath);
      await bucket.remove([S3_KEYS.original(rel), ...variants.map((v) => S3_KEYS.variant(v, rel))]);
    },
    async read(relPath) {
      const object = await bucket.get(S3_KEYS.original(checked(relPath)));
      return object && { bytes: await readAll(object.body), modifiedMs: object.modifiedMs };
    },
    async stat(relPath) {
      const object = await bucket.head(S3_KEYS.original(checked(relPath)));
      return object && { bytes: object.size, modifiedMs: object.modifiedMs };
    },
    async list(folder) {
      const base = S3_KEYS.original('');
      const below = folder ? `${base}${folder.replace(/\/?$/, '/')}` : base;
      return (await bucket.list(below))
        .map((o) => ({ path: o.key.slice(base.length), bytes: o.size, modifiedMs: o.modifiedMs }))
        .sort((a, b) => (a.path < b.path ? -1 : 1));
    },
    async sweep() {
      // A PUT is whole or absent: nothing is left half-written.
      return 0;
    },
  };
}
