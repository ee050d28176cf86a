import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import type { DocumentStorage } from '../applications/files.ts';
import type { MediaStorage } from '../media/storage.ts';
import { runMigrations } from '../../db/migrate.ts';
import { DOCUMENTS_DIR, MEDIA_DIR, readManifest, verifyArchive, type Manifest, type TableEntry } from './manifest.ts';
import { migrateUpTo } from './migrations.ts';
import {
  dumpedTables,
  foreignKeys,
  ident,
  presentRefreshers,
  publicSequences,
  rowCount,
  tableCount,
  triggeredTables,
} from './tables.ts';

/** Rows sent per INSERT. */
const INSERT_ROWS = 500;

export interface RestoreOptions {
  /** The backup folder (backup-<UTC time>/). */
  archive: string;
  /** The media root to copy the pictures into (DATA_DIR/media). */
  mediaDir: string;
  /** The media on S3 (MEDIA_S3_BUCKET set): the pictures go into the bucket instead of mediaDir (ADR 38). */
  bucketMedia?: MediaStorage;
  /** Where the applications' documents go back (app.media.documents): private, never the media folder. */
  documents: DocumentStorage;
  /** Replace what the target holds instead of refusing. */
  force?: boolean;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Rows per table as loaded (equal to the manifest's counts, or the restore fails). */
  counts: Record<string, number>;
  media: number;
  documents: number;
  ms: number;
}

/**
 * Restores a backup into an empty database: every checksum is checked first, the schema is built
 * by the migrations up to the backup's, the rows are loaded in one transaction with the foreign
 * keys and triggers set aside (withoutKeysAndTriggers: the rows are one consistent snapshot, and
 * the keys are checked whole when they come back), sequences are set, the read models rebuilt,
 * newer migrations applied, media and
 * documents copied (an archive from before documents were backed up has none: restored without).
 */
export async function restoreBackup(database: Database, opts: RestoreOptions): Promise<RestoreResult> {
  const started = Date.now();
  const archive = path.resolve(opts.archive);
  const manifest = await readManifest(archive);
  await verifyArchive(archive, manifest);
  for (const d of manifest.documents ?? []) {
    if (path.posix.isAbsolute(d.path) || d.path.split('/').includes('..'))
      throw new Error(`The manifest names a document outside the documents folder: ${d.path}. Nothing was restored.`);
  }
  await ensureEmpty(database, opts, !!opts.force);

  await migrateUpTo(database, manifest.migration);
  const counts = await database.db.transaction(async (tx) => loadRows(tx as unknown as Db, archive, manifest));
  await runMigrations(database);

  const media = opts.bucketMedia
    ? await putMediaBack(path.join(archive, MEDIA_DIR), opts.bucketMedia, manifest)
    : await copyMediaBack(path.join(archive, MEDIA_DIR), opts.mediaDir, manifest);
  for (const d of manifest.documents ?? [])
    await opts.documents.put(d.path, await readFile(path.join(archive, DOCUMENTS_DIR, ...d.path.split('/'))));
  return { manifest, counts, media, documents: manifest.documents?.length ?? 0, ms: Date.now() - started };
}

/** Refuses a database holding any table, or media or documents, unless `force` (then all are cleared). */
async function ensureEmpty(
  database: Database,
  { mediaDir, bucketMedia, documents }: Pick<RestoreOptions, 'mediaDir' | 'bucketMedia' | 'documents'>,
  force: boolean,
): Promise<void> {
  const [row] = await tableCount(database.db, {});
  const inBucket = bucketMedia ? await bucketMedia.list('') : [];
  const mediaFiles = bucketMedia
    ? inBucket.length
    : (await readdir(mediaDir, { recursive: true }).catch(() => [])).length;
  const mediaPlace = bucketMedia ? 'the S3 bucket (MEDIA_S3_BUCKET)' : mediaDir;
  const documentFiles = await documents.list();
  if (!row!.n && !mediaFiles && !documentFiles.length) return;
  if (!force) {
    const what = [
      row!.n ? `the database has ${row!.n} tables` : '',
      mediaFiles ? `${mediaPlace} holds files` : '',
      documentFiles.length ? `the application documents hold ${documentFiles.length} files` : '',
    ]
      .filter(Boolean)
      .join(' and ');
    throw new Error(
      `The target is not empty (${what}). Restore into an empty database and data folder, or add --force to replace everything it holds.`,
    );
  }
  await database.withExclusiveLock(async (db) => {
    await db.execute(sql.raw('drop schema if exists drizzle cascade'));
    await db.execute(sql.raw('drop schema if exists public cascade'));
    await db.execute(sql.raw('create schema public'));
  });
  if (bucketMedia) for (const file of inBucket) await bucketMedia.remove(file.path);
  else await rm(mediaDir, { recursive: true, force: true });
  await documents.remove(documentFiles);
}

async function loadRows(tx: Db, archive: string, manifest: Manifest): Promise<Record<string, number>> {
  const counts = await withoutKeysAndTriggers(tx, () => loadAll(tx, archive, manifest));
  // The read models from the loaded rows, with the keys and triggers back.
  const [{ present } = { present: [] as string[] }] = await presentRefreshers(tx, {});
  for (const fn of present) await tx.execute(sql.raw(`select ${ident(fn)}()`));
  return counts;
}

/**
 * Runs `load` with the schema's foreign keys dropped and its own triggers disabled, then puts both
 * back in the same transaction: re-adding a key checks every row against it, so a restore whose
 * rows do not hold together fails whole. Only what the tables' owner may do (the user that just
 * built them with the migrations): no superuser, unlike session_replication_role, so a managed
 * PostgreSQL (RDS, Cloud SQL, Neon …) restores as its database's owner.
 */
async function withoutKeysAndTriggers<T>(tx: Db, load: () => Promise<T>): Promise<T> {
  const keys = await foreignKeys(tx, {});
  const triggered = await triggeredTables(tx, {});
  for (const k of keys) await tx.execute(sql.raw(`alter table ${k.tbl} drop constraint ${ident(k.name)}`));
  for (const t of triggered) await tx.execute(sql.raw(`alter table ${t.tbl} disable trigger user`));
  const result = await load();
  for (const t of triggered) await tx.execute(sql.raw(`alter table ${t.tbl} enable trigger user`));
  for (const k of keys) await tx.execute(sql.raw(`alter table ${k.tbl} add constraint ${ident(k.name)} ${k.def}`));
  return result;
}

async function loadAll(tx: Db, archive: string, manifest: Manifest): Promise<Record<string, number>> {
  const target = new Map(
    (await dumpedTables(tx)).map((t) => [t.name, new Map(t.columns.map((c) => [c.name, c.type]))]),
  );
  // The migrations insert reference rows (payment methods, countries …): the backup's replace them.
  await tx.execute(sql.raw(`truncate ${[...target.keys()].map(ident).join(', ')}`));
  const counts: Record<string, number> = {};
  for (const table of manifest.tables) {
    const types = target.get(table.name);
    if (!types)
      throw new Error(`The backup's table ${table.name} is not in the schema of migration ${manifest.migration}`);
    counts[table.name] = await loadTable(tx, archive, table, types);
  }
  const seqs = new Map(manifest.sequences.map((s) => [s.name, s]));
  for (const s of await publicSequences(tx)) {
    const dumped = seqs.get(s.name);
    if (dumped)
      await tx.execute(sql`select setval(${s.name}::regclass, ${dumped.last_value}::bigint, ${dumped.is_called})`);
    // Never behind the restored rows, whatever the dump read (sequences are not transactional).
    if (s.table && s.column) {
      await tx.execute(
        sql.raw(
          `select setval('${ident(s.name)}', m) from (select max(${ident(s.column)}) as m from ${ident(s.table)}) x where m is not null and m >= (select last_value from ${ident(s.name)})`,
        ),
      );
    }
  }
  return counts;
}

/** Streams tables/<name>.jsonl.gz into the table, INSERT_ROWS rows a statement, each text cast to its column's type. */
export async function loadTable(
  tx: Db,
  archive: string,
  table: TableEntry,
  types: Map<string, string>,
): Promise<number> {
  const casts = table.columns.map((c, i) => {
    const type = types.get(c);
    if (!type) throw new Error(`The backup's column ${table.name}.${c} is not in the restored schema`);
    return `(r.value->>${i})::${type}`;
  });
  const insert = (json: string) =>
    tx.execute(
      sql`${sql.raw(`insert into ${ident(table.name)} (${table.columns.map(ident).join(', ')}) overriding system value select ${casts.join(', ')} from json_array_elements(`)}${json}${sql.raw('::json) as r')}`,
    );
  const lines = createInterface({
    input: createReadStream(path.join(archive, table.file)).pipe(createGunzip()),
    crlfDelay: Infinity,
  });
  let batch: string[] = [];
  let rows = 0;
  for await (const line of lines) {
    if (!line) continue;
    batch.push(line);
    if (batch.length === INSERT_ROWS) {
      await insert(`[${batch.join(',')}]`);
      rows += batch.length;
      batch = [];
    }
  }
  if (batch.length) {
    await insert(`[${batch.join(',')}]`);
    rows += batch.length;
  }
  const [{ n } = { n: -1 }] = await rowCount(tx, { table: table.name });
  if (rows !== table.rows || n !== table.rows) {
    throw new Error(
      `${table.name}: the manifest counts ${table.rows} rows, the file held ${rows}, the table has ${n}. Nothing was restored.`,
    );
  }
  return n;
}

/** Writes the archive's media files into the bucket. */
async function putMediaBack(from: string, storage: MediaStorage, manifest: Manifest): Promise<number> {
  for (const m of manifest.media) await storage.put(m.path, await readFile(path.join(from, ...m.path.split('/'))));
  return manifest.media.length;
}

async function copyMediaBack(from: string, to: string, manifest: Manifest): Promise<number> {
  for (const m of manifest.media) {
    const dest = path.join(to, ...m.path.split('/'));
    if (path.relative(to, dest).startsWith('..'))
      throw new Error(`The manifest names a media file outside the media folder: ${m.path}`);
    await mkdir(path.dirname(dest), { recursive: true });
    await copyFile(path.join(from, ...m.path.split('/')), dest);
  }
  return manifest.media.length;
}
