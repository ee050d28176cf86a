import { createReadStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { pack } from 'tar-stream';
import { BACKUP_NAME, backupMessages, type Backup } from '@shopfront/shared';
import { notFound } from '../../../lib/http.ts';
import { MANIFEST_FILE, readManifest } from '../../backup/manifest.ts';

/**
 * The backup folder (BACKUP_DIR) as the panel sees it: only folders named exactly
 * `backup-<UTC time>` count. A `.partial` (a backup being written) and anything else an owner put
 * there are never listed, downloaded, deleted or pruned.
 */

/** The backup's folder; 404 for a name that is not exactly an existing backup's (no `..`, no slash). */
export async function backupPath(dir: string, name: string): Promise<string> {
  if (!BACKUP_NAME.test(name)) throw notFound(backupMessages.notFound);
  const full = path.join(dir, name);
  const info = await stat(full).catch(() => null);
  if (!info?.isDirectory()) throw notFound(backupMessages.notFound);
  return full;
}

/** The backups' names, newest first (the name is the UTC time and a count within its second, so it sorts as time). */
export async function backupNames(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isDirectory() && BACKUP_NAME.test(e.name))
    .map((e) => e.name)
    .sort((a, b) => b.localeCompare(a, 'en', { numeric: true }));
}

/** A backup from its manifest; null when the manifest cannot be read (a folder that is not a backup). */
async function describe(dir: string, name: string): Promise<Backup | null> {
  const folder = path.join(dir, name);
  const manifest = await readManifest(folder).catch(() => null);
  if (!manifest) return null;
  // Sizes from the manifest (media, documents) and a stat per table file: no walk of thousands of pictures.
  const tableBytes = await Promise.all(
    [...manifest.tables.map((t) => t.file), MANIFEST_FILE].map((f) =>
      stat(path.join(folder, f)).then(
        (s) => s.size,
        () => 0,
      ),
    ),
  );
  const documents = manifest.documents ?? [];
  return {
    name,
    created_at: manifest.created_at,
    size: [...manifest.media, ...documents].reduce((a, m) => a + m.bytes, tableBytes.reduce((a, b) => a + b, 0)),
    tables: manifest.tables.length,
    rows: manifest.tables.reduce((n, t) => n + t.rows, 0),
    media: manifest.media.length,
    documents: documents.length,
    migration: manifest.migration,
    scheduled: manifest.scheduled === true,
  };
}

export async function listBackups(dir: string): Promise<Backup[]> {
  const all = await Promise.all((await backupNames(dir)).map((name) => describe(dir, name)));
  return all.filter((b): b is Backup => b !== null);
}

export async function deleteBackup(dir: string, name: string): Promise<void> {
  await rm(await backupPath(dir, name), { recursive: true, force: true });
}

/**
 * Deletes the oldest scheduled backups beyond `keep`; answers the names deleted. A backup taken
 * from the panel or `npm run backup` (before a risky change, say) is the owner's to delete.
 */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = await backupNames(dir);
  const scheduled = await Promise.all(
    names.map(async (name) => (await readManifest(path.join(dir, name)).catch(() => null))?.scheduled === true),
  );
  const old = names.filter((_, i) => scheduled[i]).slice(keep);
  for (const name of old) await rm(path.join(dir, name), { recursive: true, force: true });
  return old;
}

/** Every file under `root`, as paths relative to it (sorted: the archive's order is stable). */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

/**
 * The backup as a gzip'd tar stream, its files under `<name>/` (what `tar xzf` unpacks into a
 * folder `npm run restore` takes). Files are added one at a time, each streamed from disk.
 */
export function archiveStream(folder: string): Readable {
  const name = path.basename(folder);
  const tar = pack();
  const gzip = createGzip();
  tar.on('error', (err: Error) => gzip.destroy(err));
  void (async () => {
    for (const rel of await filesUnder(folder)) {
      const file = path.join(folder, rel);
      const info = await stat(file);
      const header = { name: `${name}/${rel.split(path.sep).join('/')}`, size: info.size, mtime: info.mtime, mode: 0o644 };
      await new Promise<void>((resolve, reject) => {
        const entry = tar.entry(header, (err) => (err ? reject(err) : resolve()));
        createReadStream(file).on('error', reject).pipe(entry);
      });
    }
    tar.finalize();
  })().catch((err: unknown) => tar.destroy(err as Error));
  return tar.pipe(gzip);
}
