import { createReadStream, createWriteStream, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract } from 'tar-stream';

/** Whether `archive` names a downloaded backup (the panel's .tar.gz) rather than a backup folder. */
export const isPackedBackup = (archive: string) => /\.(tar\.gz|tgz)$/i.test(archive);

/**
 * Unpacks a backup downloaded from the panel (a .tar.gz holding one `backup-…/` folder,
 * admin/backups/folder.ts archiveStream) into a new temporary folder, and answers that backup
 * folder and how to remove it. Only plain files and folders under one top folder are taken: an
 * entry with an absolute path, a `..` part, a link or a device refuses the whole archive before
 * anything is restored (the checksums of the manifest are checked after, by the restore).
 */
export async function unpackBackup(archive: string): Promise<{ dir: string; remove: () => void }> {
  const root = mkdtempSync(path.join(tmpdir(), 'shopfront-restore-'));
  const remove = () => rmSync(root, { recursive: true, force: true });
  try {
    const tar = extract();
    tar.on('entry', (header, stream, next) => {
      const name = header.name.replace(/\/+$/, '');
      const parts = name.split('/');
      const unsafe =
        name === '' ||
        path.isAbsolute(name) ||
        name.includes('\\') ||
        parts.some((p) => p === '..' || p === '.' || p === '') ||
        (header.type !== 'file' && header.type !== 'directory');
      if (unsafe) {
        // The entry's own stream ends with the archive's error: nothing more to tell from it.
        stream.on('error', () => {});
        stream.resume();
        next(new Error(`Not a Shopfront backup: the archive holds "${header.name}" (${header.type})`));
        return;
      }
      const target = path.join(root, ...parts);
      if (header.type === 'directory') {
        mkdirSync(target, { recursive: true });
        stream.resume();
        stream.on('end', next);
        return;
      }
      mkdirSync(path.dirname(target), { recursive: true });
      pipeline(stream, createWriteStream(target, { flags: 'wx' })).then(() => next(), next);
    });
    await pipeline(createReadStream(archive), createGunzip(), tar);
    const top = readdirSync(root);
    if (top.length !== 1)
      throw new Error(`Not a Shopfront backup: the archive should hold one backup folder, not ${top.length}`);
    return { dir: path.join(root, top[0]!), remove };
  } catch (err) {
    remove();
    throw err;
  }
}
