import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The archive layout this code writes and reads; a restore refuses any other. */
export const BACKUP_FORMAT = 1;
export const MANIFEST_FILE = 'manifest.json';
export const TABLES_DIR = 'tables';
export const MEDIA_DIR = 'media';
/** The applications' private documents: restored into the document storage, never into media. */
export const DOCUMENTS_DIR = 'documents';

export interface TableEntry {
  name: string;
  /** Relative to the archive, such as `tables/orders.jsonl.gz`: one JSON array of texts per row. */
  file: string;
  /** The columns in the order of each row's array (generated columns are left out). */
  columns: string[];
  rows: number;
  sha256: string;
}

export interface SequenceEntry {
  name: string;
  last_value: string;
  is_called: boolean;
}

export interface MediaEntry {
  /** Relative to the archive's media folder (documents: to its documents folder). */
  path: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: number;
  app_version: string;
  created_at: string;
  /** Where the rows came from (pglite or postgres) and the dump's snapshot (pg_current_snapshot()). */
  dialect: string;
  snapshot: string;
  /** The newest migration applied to the dumped database (a tag of apps/api/drizzle/meta/_journal.json). */
  migration: string;
  tables: TableEntry[];
  sequences: SequenceEntry[];
  media: MediaEntry[];
  /** The applications' uploaded documents; absent in backups taken before they were included (restored without them). */
  documents?: MediaEntry[];
  /** Taken by the panel's schedule: only these count toward its keep count and are pruned (absent: not). */
  scheduled?: boolean;
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function readManifest(archive: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(archive, MANIFEST_FILE), 'utf8')) as Manifest;
  } catch (err) {
    throw new Error(
      `${archive} is not a Shopfront backup: ${MANIFEST_FILE} cannot be read (${(err as Error).message})`,
    );
  }
  if (manifest.format !== BACKUP_FORMAT) {
    throw new Error(`${archive} has backup format ${manifest.format}; this version reads format ${BACKUP_FORMAT}`);
  }
  return manifest;
}

/** Checks every file of the archive against the manifest; throws naming the first that differs. */
export async function verifyArchive(archive: string, manifest: Manifest): Promise<void> {
  const files = [
    ...manifest.tables.map((t) => ({ rel: t.file, sha256: t.sha256 })),
    ...manifest.media.map((m) => ({ rel: path.join(MEDIA_DIR, m.path), sha256: m.sha256 })),
    ...(manifest.documents ?? []).map((d) => ({ rel: path.join(DOCUMENTS_DIR, d.path), sha256: d.sha256 })),
  ];
  for (const f of files) {
    const full = path.join(archive, f.rel);
    if (path.relative(archive, full).startsWith('..'))
      throw new Error(`The manifest names a file outside the archive: ${f.rel}`);
    let actual: string;
    try {
      actual = await sha256File(full);
    } catch {
      throw new Error(`The backup is incomplete: ${f.rel} is missing. Nothing was restored.`);
    }
    if (actual !== f.sha256) {
      throw new Error(
        `The backup is damaged: ${f.rel} does not match its checksum in ${MANIFEST_FILE}. Nothing was restored.`,
      );
    }
  }
}
