import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ShopFiles } from './plugin.ts';
import { localMediaStorage } from './storage.ts';

/**
 * Copies the pictures of DATA_DIR/media and the documents of DATA_DIR/private into the bucket
 * (the demo seed renders its pictures and documents on disk first). Answers how many files went.
 */
export async function copyLocalFilesToBucket(dataDir: string, files: ShopFiles): Promise<number> {
  if (!files.bucket) return 0;
  const local = localMediaStorage(path.join(dataDir, 'media'));
  let copied = 0;
  for (const file of await local.list('')) {
    const stored = await local.read(file.path);
    if (stored) await files.storage.put(file.path, stored.bytes);
    copied++;
  }
  const privateRoot = path.join(dataDir, 'private');
  const names = await readdir(privateRoot, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const d of names) {
    if (!d.isFile() || d.name.startsWith('.')) continue;
    const full = path.join(d.parentPath, d.name);
    await files.documents.put(path.relative(privateRoot, full).split(path.sep).join('/'), await readFile(full));
    copied++;
  }
  return copied;
}
