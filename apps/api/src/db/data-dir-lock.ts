import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database (PGlite under DATA_DIR) must be written by one process at a time: a
 * second one writing beside a running shop corrupts it. The server writes this file while it
 * holds the directory and removes it when it stops; a command that would write the database
 * (db:create-owner) refuses while a live process holds it. A file left by a process that died
 * (killed, power cut) names a pid that no longer runs: stale, and ignored.
 */
export const DATA_DIR_LOCK = 'server.pid';

export interface DataDirHolder {
  pid: number;
  started_at: string;
}

/** Whether a process with this pid runs (signal 0 checks without signalling). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live process holding DATA_DIR, or null (no file, an unreadable one, or a stale one). */
export function dataDirHolder(dataDir: string): DataDirHolder | null {
  let holder: DataDirHolder;
  try {
    holder = JSON.parse(readFileSync(path.join(dataDir, DATA_DIR_LOCK), 'utf8')) as DataDirHolder;
  } catch {
    return null;
  }
  if (!Number.isInteger(holder.pid) || holder.pid <= 0 || holder.pid === process.pid) return null;
  return isRunning(holder.pid) ? holder : null;
}

/**
 * Marks DATA_DIR as held by this process until `release` (also called on exit). Throws, with the
 * message to print, when another live process holds it: two servers must not open one embedded
 * database (a stale file of a process that is gone is taken over).
 */
export function holdDataDir(dataDir: string): { release(): void } {
  const file = path.join(dataDir, DATA_DIR_LOCK);
  const mine: DataDirHolder = { pid: process.pid, started_at: new Date().toISOString() };
  try {
    writeFileSync(file, `${JSON.stringify(mine)}\n`, { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const holder = dataDirHolder(dataDir);
    if (holder) throw new Error(heldMessage(dataDir, holder));
    writeFileSync(file, `${JSON.stringify(mine)}\n`);
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    try {
      // Only our own file: a later server may have taken the directory over.
      const current = JSON.parse(readFileSync(file, 'utf8')) as DataDirHolder;
      if (current.pid === process.pid) rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
  process.once('exit', release);
  return { release };
}

/** The refusal of a command that would write a database a running shop holds. */
export function heldMessage(dataDir: string, holder: DataDirHolder): string {
  return `The shop is running on this database (process ${holder.pid}, started ${holder.started_at}, holds ${path.resolve(dataDir)}). Stop it first, then run this command again: the embedded database must not be written by two processes at once.`;
}
