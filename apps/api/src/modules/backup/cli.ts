/**
 * `npm run backup [-- --out DIR]` and `npm run restore -- ARCHIVE [--force]`: the database
 * (DATABASE_URL, else the embedded one in DATA_DIR), DATA_DIR/media and the application documents
 * (DATA_DIR/private), to and from a backup folder.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../db/client.ts';
import { dataDirHolder, heldMessage, holdDataDir } from '../../db/data-dir-lock.ts';
import { parseEnv, type Env } from '../../env.ts';
import { localDocuments, s3Documents } from '../applications/files.ts';
import { s3BucketFromEnv, type S3Env } from '../media/s3.ts';
import { s3MediaStorage } from '../media/storage.ts';
import { createBackup, type BackupResult } from './backup.ts';
import { backupThroughShop, controlSocketPath } from './control.ts';
import { restoreBackup, type RestoreResult } from './restore.ts';
import { isPackedBackup, unpackBackup } from './unpack.ts';

const USAGE = `usage: npm run backup [-- --out DIR]          (default DIR: BACKUP_DIR, else ./backups)
       npm run restore -- ARCHIVE [--force]       (ARCHIVE: a backup-<UTC time> folder, or its .tar.gz from the panel)
The database is DATABASE_URL's, else the embedded one in DATA_DIR; pictures are in DATA_DIR/media and
application documents in DATA_DIR/private, or in the S3 bucket MEDIA_S3_BUCKET names when it is set.`;

type DbEnv = Pick<Env, 'DATA_DIR' | 'DATABASE_URL'> & Partial<S3Env>;

/** The bucket's media and documents when MEDIA_S3_BUCKET is set (ADR 38); otherwise DATA_DIR/media and DATA_DIR/private. */
const filesOf = (env: DbEnv) => {
  const bucket = s3BucketFromEnv(env);
  return bucket
    ? { bucketMedia: s3MediaStorage(bucket), documents: s3Documents(bucket) }
    : { documents: localDocuments(env.DATA_DIR) };
};

/**
 * Backs up the shop's database and media into `outDir`. The embedded database of a running shop
 * is backed up by that shop, asked on its control socket (control.ts): `through` names its process.
 */
export async function backupCommand(
  env: DbEnv,
  outDir: string,
  hooks: { onSnapshot?: (s: string) => void } = {},
): Promise<BackupResult & { through?: number }> {
  let release = () => {};
  if (!env.DATABASE_URL) {
    const holder = dataDirHolder(env.DATA_DIR);
    if (holder) {
      const taken = await backupThroughShop(env.DATA_DIR, outDir);
      if (taken) return { ...taken, through: holder.pid };
      throw new Error(
        `The shop is running on the embedded database in ${env.DATA_DIR} (process ${holder.pid}, started ${holder.started_at}) and did not answer on ${controlSocketPath(env.DATA_DIR)}. ` +
          'The embedded database is opened by one process at a time, so this command cannot read it now: stop the shop or use the panel (Backups, Back up now); once the shop is stopped, npm run backup works. Nothing was written.',
      );
    }
    if (!existsSync(path.join(env.DATA_DIR, 'pgdata', 'PG_VERSION'))) {
      throw new Error(
        `There is no embedded database in ${env.DATA_DIR} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`,
      );
    }
    release = holdDataDir(env.DATA_DIR).release;
  }
  try {
    const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolMax: 2 });
    try {
      return await createBackup(database, {
        mediaDir: path.join(env.DATA_DIR, 'media'),
        ...filesOf(env),
        outDir,
        ...hooks,
      });
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

/**
 * Restores `archive` (a backup folder, or the .tar.gz the panel downloads: unpacked into a
 * temporary folder first, removed after) into the database of `env`, its media and its document
 * storage.
 */
export async function restoreCommand(env: DbEnv, archive: string, force: boolean): Promise<RestoreResult> {
  if (!isPackedBackup(archive)) return restoreFolder(env, archive, force);
  const unpacked = await unpackBackup(archive);
  try {
    return await restoreFolder(env, unpacked.dir, force);
  } finally {
    unpacked.remove();
  }
}

async function restoreFolder(env: DbEnv, archive: string, force: boolean): Promise<RestoreResult> {
  let release = () => {};
  if (!env.DATABASE_URL) {
    const holder = dataDirHolder(env.DATA_DIR);
    if (holder) throw new Error(heldMessage(env.DATA_DIR, holder));
    mkdirSync(env.DATA_DIR, { recursive: true });
    release = holdDataDir(env.DATA_DIR).release;
  }
  try {
    const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolMax: 2 });
    try {
      return await restoreBackup(database, {
        archive,
        mediaDir: path.join(env.DATA_DIR, 'media'),
        ...filesOf(env),
        force,
      });
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

const where = (env: DbEnv) =>
  env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${env.DATA_DIR}`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  const [command, ...args] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: { out: { type: 'string' }, force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || (command !== 'backup' && command !== 'restore')) {
    console.error(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const env = parseEnv();
  if (command === 'backup') {
    if (positionals.length) throw new Error(`Unexpected argument ${positionals[0]}\n${USAGE}`);
    const r = await backupCommand(env, values.out ? path.resolve(values.out) : env.BACKUP_DIR);
    const rows = r.manifest.tables.reduce((n, t) => n + t.rows, 0);
    console.log(
      `Backed up ${where(env)}${r.through ? ` through the running shop (process ${r.through})` : ''}: ${r.manifest.tables.length} tables, ${rows} rows, ${r.manifest.media.length} media files, ${r.manifest.documents?.length ?? 0} documents, ${mb(r.bytes)} in ${(r.ms / 1000).toFixed(1)} s\n${r.dir}`,
    );
    return;
  }
  if (positionals.length !== 1) throw new Error(USAGE);
  // `npm run restore ARCHIVE --force` (no --): npm keeps --force for itself and sets npm_config_force.
  const force = values.force === true || process.env.npm_config_force === 'true';
  const r = await restoreCommand(env, positionals[0]!, force);
  const lines = Object.entries(r.counts)
    .filter(([, n]) => n > 0)
    .map(([t, n]) => `  ${t.padEnd(28)} ${n}`);
  console.log(
    `Restored ${r.manifest.created_at} (migration ${r.manifest.migration}, from ${r.manifest.dialect}) into ${where(env)} in ${(r.ms / 1000).toFixed(1)} s:\n${lines.join('\n')}\n  media files                  ${r.media}\n  documents                    ${r.documents}`,
  );
}

/** `npm run backup` / `npm run restore` (bin.ts): runs the command of the arguments, exit 1 with its message on failure. */
export function runCli(): void {
  main().catch((err) => {
    const cause = err instanceof Error && err.cause instanceof Error ? `\n${err.cause.message}` : '';
    console.error(`${err instanceof Error ? err.message : String(err)}${cause}`);
    process.exit(1);
  });
}
