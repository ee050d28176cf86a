import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CACHE_DIR_NAME, safeMediaPath } from './service.ts';

/**
 * Where media files are written and removed (ARCHITECTURE: one storage interface; local disk now,
 * an object store later). Paths are relative to the media root, such as `products/prd_1/ab12.webp`,
 * and served at `/media/<path>` (resized at `/media/w_…/<path>`).
 */
export interface MediaStorage {
  /** Writes the whole file or nothing: a reader never sees part of it. */
  put(relPath: string, bytes: Buffer): Promise<void>;
  /** Removes the file and every resized copy of it; a file already gone is no error. */
  remove(relPath: string): Promise<void>;
}

/** The media root on local disk (DATA_DIR/media). */
export function localMediaStorage(mediaDir: string): MediaStorage {
  const root = path.resolve(mediaDir);
  const resolve = (relPath: string) => {
    const rel = safeMediaPath(relPath);
    if (!rel) throw new Error(`not a media path: ${relPath}`);
    return path.join(root, rel);
  };
  return {
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
      const gone = (p: string) =>
        unlink(p).catch((e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? undefined : Promise.reject(e)));
      await gone(file);
      const cacheRoot = path.join(root, CACHE_DIR_NAME);
      const variants = await readdir(cacheRoot).catch(() => [] as string[]);
      await Promise.all(variants.map((v) => gone(path.join(cacheRoot, v, path.relative(root, file)))));
    },
  };
}
