import { createHash } from 'node:crypto';
import { once } from 'node:events';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
  type Dirent,
} from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import type { DocumentStorage } from '../applications/files.ts';
import { readAll } from '../media/s3.ts';
import type { MediaStorage } from '../media/storage.ts';
import {
  BACKUP_FORMAT,
  DOCUMENTS_DIR,
  MANIFEST_FILE,
  MEDIA_DIR,
  TABLES_DIR,
  sha256File,
  type Manifest,
  type MediaEntry,
  type SequenceEntry,
  type TableEntry,
} from './manifest.ts';
import { lastAppliedMigration } from './migrations.ts';
import { dumpedTables, ident, publicSequences } from './tables.ts';

/** Rows fetched from the cursor at a time: a table is never held in memory whole. */
const FETCH_ROWS = 1000;

/**
 * Text output that reads back exactly on any server: ISO dates in UTC, shortest exact floats,
 * hex bytea. Set per transaction, so a server's own defaults do not change the dump.
 */
export const EXACT_TEXT_SETTINGS = [
  "set local timezone = 'UTC'",
  "set local datestyle = 'ISO, YMD'",
  "set local intervalstyle = 'postgres'",
  'set local extra_float_digits = 1',
  "set local bytea_output = 'hex'",
];

export interface BackupOptions {
  /** The media root (DATA_DIR/media); its resized copies (.cache) are left out. */
  mediaDir: string;
  /** The media on S3 (MEDIA_S3_BUCKET set): read from the bucket instead of mediaDir (ADR 38). */
  bucketMedia?: MediaStorage;
  /** The applications' private documents (app.media.documents: DATA_DIR/private or the bucket's `private/`). */
  documents: DocumentStorage;
  /** The folder the backup's own folder `backup-<UTC time>/` is written in. */
  outDir: string;
  /** Called once the dump's snapshot is taken: every transaction committed before it is in the backup. */
  onSnapshot?: (snapshot: string) => void;
  now?: Date;
  /** Taken by the panel's schedule (manifest.scheduled): pruned by its keep count. */
  scheduled?: boolean;
}

export interface BackupResult {
  dir: string;
  manifest: Manifest;
  bytes: number;
  ms: number;
  /** How long the dump's transaction held a database connection (on PGlite: the shop's only one). */
  dbMs: number;
}

const appVersion = async () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../package.json');
  return (JSON.parse(await readFile(root, 'utf8')) as { version: string }).version;
};

/**
 * Writes a backup folder: every table of the public schema (but the read models) as gzip'd JSON
 * lines, read in one read-only REPEATABLE READ transaction (one consistent snapshot while the shop
 * takes orders), the media files, the applications' documents, and manifest.json with counts and sha256 of every file. Written
 * under `<name>.partial` and renamed when complete, so a folder named backup-… is always whole.
 */
export async function createBackup(database: Database, opts: BackupOptions): Promise<BackupResult> {
  const started = Date.now();
  const stamp = (opts.now ?? new Date())
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  const { dir, work } = await claimName(path.join(path.resolve(opts.outDir), `backup-${stamp}`));
  await mkdir(path.join(work, TABLES_DIR), { mode: 0o700 });
  try {
    return await writeBackup(database, opts, { dir, work, started });
  } catch (err) {
    // A failed run leaves nothing behind: the next one (or the schedule's pruning) never meets it.
    await rm(work, { recursive: true, force: true });
    throw err;
  }
}

/**
 * The backup's name, claimed by creating its `.partial` folder: a second backup in the same second
 * (a scheduled one right after another, or the CLI beside the panel) gets `-2`, `-3`, … instead of
 * writing into the first one's folder or failing on its rename.
 */
async function claimName(base: string): Promise<{ dir: string; work: string }> {
  await mkdir(path.dirname(base), { recursive: true });
  for (let n = 1; n <= 999; n++) {
    const dir = n === 1 ? base : `${base}-${n}`;
    if (existsSync(dir)) continue;
    try {
      // The shop's own user only: a backup holds every customer and every applicant's documents.
      await mkdir(`${dir}.partial`, { mode: 0o700 });
      return { dir, work: `${dir}.partial` };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  throw new Error(`backup: no free name beside ${base}`);
}

const currentSnapshot = namedQuery<{ snapshot: string }>()({
  name: 'backup.snapshot',
  columns: ['snapshot'],
  example: {},
  build: () => sql`select pg_current_snapshot()::text as snapshot`,
});

/** Where sequence `sequence` stands. */
const sequenceState = namedQuery<{ last_value: string; is_called: boolean }>()({
  name: 'backup.sequence-state',
  columns: ['last_value', 'is_called'],
  example: { sequence: 'application_number_seq' },
  build: ({ sequence }: { sequence: string }) =>
    sql.raw(`select last_value::text as last_value, is_called from ${ident(sequence)}`),
});

async function writeBackup(
  database: Database,
  opts: BackupOptions,
  { dir, work, started }: { dir: string; work: string; started: number },
): Promise<BackupResult> {
  const dbStarted = Date.now();
  const dumped = await database.db.transaction(
    async (tx) => {
      for (const s of EXACT_TEXT_SETTINGS) await tx.execute(sql.raw(s));
      const [snap] = await currentSnapshot(tx as unknown as Db, {});
      opts.onSnapshot?.(snap!.snapshot);
      const migration = await lastAppliedMigration(tx as unknown as Db);
      const tables: TableEntry[] = [];
      for (const table of await dumpedTables(tx as unknown as Db)) {
        tables.push(
          await dumpTable(
            tx as unknown as Db,
            table.name,
            table.columns.map((c) => c.name),
            work,
          ),
        );
      }
      const sequences: SequenceEntry[] = [];
      for (const s of await publicSequences(tx as unknown as Db)) {
        const [v] = await sequenceState(tx as unknown as Db, { sequence: s.name });
        sequences.push({ name: s.name, last_value: v!.last_value, is_called: v!.is_called });
      }
      return { snapshot: snap!.snapshot, migration, tables, sequences };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const dbMs = Date.now() - dbStarted;

  const media = opts.bucketMedia
    ? await copyBucketMedia(opts.bucketMedia, path.join(work, MEDIA_DIR))
    : await copyMedia(opts.mediaDir, path.join(work, MEDIA_DIR));
  const documents = await copyDocuments(opts.documents, path.join(work, DOCUMENTS_DIR));
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    app_version: await appVersion(),
    created_at: (opts.now ?? new Date(started)).toISOString(),
    dialect: database.dialect,
    ...dumped,
    media,
    documents,
    ...(opts.scheduled ? { scheduled: true } : {}),
  };
  writeFileSync(path.join(work, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  renameSync(work, dir);
  return { dir, manifest, bytes: sizeOf(dir), ms: Date.now() - started, dbMs };
}

/** Streams one table through a cursor into tables/<name>.jsonl.gz: per row a JSON array of the columns' text forms. */
export async function dumpTable(tx: Db, name: string, columns: string[], work: string): Promise<TableEntry> {
  const file = path.join(TABLES_DIR, `${name}.jsonl.gz`);
  const gzip = createGzip();
  const out = createWriteStream(path.join(work, file), { mode: 0o600 });
  gzip.pipe(out);
  const cols = columns.map((c) => `${ident(c)}::text`).join(', ');
  await tx.execute(
    sql.raw(
      `declare shopfront_backup no scroll cursor for select json_build_array(${cols})::text as r from ${ident(name)}`,
    ),
  );
  let rows = 0;
  for (;;) {
    // eslint-disable-next-line no-restricted-syntax -- a cursor's rows: describable only inside the transaction that opened it
    const batch = await queryRows<{ r: string }>(tx, sql.raw(`fetch forward ${FETCH_ROWS} from shopfront_backup`));
    if (batch.length === 0) break;
    rows += batch.length;
    if (!gzip.write(`${batch.map((b) => b.r).join('\n')}\n`)) await once(gzip, 'drain');
  }
  await tx.execute(sql.raw('close shopfront_backup'));
  gzip.end();
  await once(out, 'finish');
  return { name, file, columns, rows, sha256: await sha256File(path.join(work, file)) };
}

/**
 * Copies the media files with their checksums. Synchronous file calls, yielding every 50 ms:
 * inside a running shop the asynchronous copy of 1,800 pictures stalled behind a stream of
 * orders for minutes (measured in the drill test), each file call waiting for a turn.
 */
async function copyMedia(from: string, to: string): Promise<MediaEntry[]> {
  const entries: MediaEntry[] = [];
  let lastTurn = Date.now();
  const walk = async (rel: string) => {
    let names: Dirent[];
    try {
      names = readdirSync(path.join(from, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const d of names.sort((a, b) => a.name.localeCompare(b.name))) {
      // Dotfiles: the resized copies (.cache, rebuilt on demand) and uploads still being written.
      if (d.name.startsWith('.')) continue;
      const relPath = path.join(rel, d.name);
      if (d.isDirectory()) await walk(relPath);
      else if (d.isFile()) {
        // A picture is small: read once, hashed and written from memory.
        const bytes = readFileSync(path.join(from, relPath));
        mkdirSync(path.join(to, rel), { recursive: true, mode: 0o700 });
        writeFileSync(path.join(to, relPath), bytes, { mode: 0o600 });
        const sha256 = createHash('sha256').update(bytes).digest('hex');
        entries.push({ path: relPath.split(path.sep).join('/'), bytes: bytes.length, sha256 });
        // Other work (a running shop's requests) gets a turn every 50 ms.
        if (Date.now() - lastTurn > 50) {
          await new Promise((r) => setImmediate(r));
          lastTurn = Date.now();
        }
      }
    }
  };
  await walk('');
  return entries;
}

/** Copies the bucket's media files (not their resized copies) with their checksums. */
async function copyBucketMedia(storage: MediaStorage, to: string): Promise<MediaEntry[]> {
  const entries: MediaEntry[] = [];
  for (const file of await storage.list('')) {
    const stored = await storage.read(file.path);
    // Deleted since it was listed: not in the backup, as if the backup had started a moment later.
    if (!stored) continue;
    const dest = path.join(to, ...file.path.split('/'));
    await mkdir(path.dirname(dest), { recursive: true, mode: 0o700 });
    await writeFile(dest, stored.bytes, { mode: 0o600 });
    const sha256 = createHash('sha256').update(stored.bytes).digest('hex');
    entries.push({ path: file.path, bytes: stored.bytes.length, sha256 });
  }
  return entries;
}

/**
 * Copies the applications' documents with their checksums, readable by the shop's user only (as
 * in DATA_DIR/private): the archive's documents/ folder is never media, and a restore puts them
 * back into the private document storage.
 */
async function copyDocuments(storage: DocumentStorage, to: string): Promise<MediaEntry[]> {
  // On disk: the media's synchronous copy (asynchronous file calls stall behind a running shop's orders).
  if (storage.localRoot) return copyMedia(storage.localRoot, to);
  const entries: MediaEntry[] = [];
  for (const rel of await storage.list()) {
    let bytes: Buffer;
    try {
      bytes = await readAll((await storage.open(rel)).stream);
    } catch (err) {
      // Deleted since it was listed (its application withdrawn): not in the backup, as for media.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    const dest = path.join(to, ...rel.split('/'));
    await mkdir(path.dirname(dest), { recursive: true, mode: 0o700 });
    await writeFile(dest, bytes, { mode: 0o600 });
    entries.push({ path: rel, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
  }
  return entries;
}

function sizeOf(dir: string): number {
  let total = 0;
  for (const d of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (d.isFile()) total += statSync(path.join(d.parentPath, d.name)).size;
  }
  return total;
}
