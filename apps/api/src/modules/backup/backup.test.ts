import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { pack } from 'tar-stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Application } from '@shopfront/shared';
import { buildApp } from '../../app.ts';
import { openDatabase, queryRows, type Database, type Db } from '../../db/client.ts';
import { DATA_DIR_LOCK } from '../../db/data-dir-lock.ts';
import { runMigrations } from '../../db/migrate.ts';
import { seedDemo } from '../../db/seed/index.ts';
import { parseEnv } from '../../env.ts';
import { createTestApp, snapshotBytes, type TestApp } from '../../test/app.ts';
import { loggedInCustomer, sessionHeaders } from '../../test/auth.ts';
import { buyableVariants, guestReady, placeOrder, placedOf, setStock } from '../../test/checkout.ts';
import { TEST_DATA_DIR, TEST_MEDIA_DIR } from '../../test/paths.ts';
import { databaseUrl, withAdmin } from '../../test/postgres-admin.ts';
import { localDocuments } from '../applications/files.ts';
import { GOOD_FIELDS, PDF, apply, makeService } from '../applications/testing.ts';
import { signedInOwner } from '../staff/testing.ts';
import { archiveStream } from '../admin/backups/folder.ts';
import { EXACT_TEXT_SETTINGS, createBackup, dumpTable, type BackupResult } from './backup.ts';
import { backupCommand, restoreCommand } from './cli.ts';
import { DOCUMENTS_DIR, MANIFEST_FILE, type Manifest } from './manifest.ts';
import { restoreBackup, loadTable } from './restore.ts';
import { READ_MODEL_TABLES } from './tables.ts';
import { lastAppliedMigration, migrateUpTo } from './migrations.ts';

const PG = process.env.TEST_DATABASE_URL;
let tmp: string;
const dropAfter: (() => Promise<void>)[] = [];

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'shopfront-backup-test-'));
});
afterAll(async () => {
  for (const drop of dropAfter) await drop();
  rmSync(tmp, { recursive: true, force: true });
});

/**
 * A new, empty database on the PostgreSQL cluster, dropped after the file. `asOwner`: owned by a
 * new role that is no superuser, and the URL signs in as it (as a managed PostgreSQL gives you).
 */
async function freshPostgres({ asOwner = false } = {}): Promise<string> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const role = `${name}_owner`;
  const password = randomBytes(12).toString('hex');
  await withAdmin(PG!, async (admin) => {
    if (asOwner) {
      await admin.query(`create role ${role} login nosuperuser nocreatedb nocreaterole password '${password}'`);
      await admin.query(`create database ${name} owner ${role}`);
    } else await admin.query(`create database ${name}`);
  });
  dropAfter.push(() =>
    withAdmin(PG!, async (admin) => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`drop role if exists ${role}`);
    }),
  );
  const url = new URL(databaseUrl(PG!, name));
  if (asOwner) [url.username, url.password] = [role, password];
  return url.toString();
}

const shopEnv = (dataDir = TEST_DATA_DIR) =>
  parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEV_OUTBOX: 'true', PAGE_CACHE_MB: '0' });

/** A shop (app.inject) over a database this test opened, its files in `dataDir`. */
async function shopOn(database: Database, dataDir?: string): Promise<TestApp> {
  const app = await buildApp({ database, env: shopEnv(dataDir), logger: false });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The demo shop on in-memory PGlite, whatever TEST_DATABASE_URL says. */
async function pgliteDemoShop(): Promise<TestApp> {
  const { pglite } = inject('startingPoints');
  const database = await openDatabase(pglite ? { snapshot: snapshotBytes(pglite.seeded) } : {});
  await runMigrations(database);
  if (!pglite) await seedDemo(database, { mediaDir: TEST_MEDIA_DIR });
  return shopOn(database);
}

interface Placed {
  number: string;
  total: number;
  variant: string;
  /** Acknowledged before the backup began: must be in it. */
  ackedBeforeBackup: boolean;
  /** Sent after the dump's snapshot was taken: must not be in it. */
  sentAfterSnapshot: boolean;
}

interface Drill {
  backup: BackupResult;
  placed: Placed[];
  initialStock: Map<string, number>;
  facetRows: number;
  searchWords: number;
}

async function until(cond: () => boolean, what: string, ms = 30_000) {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Four callers place orders without pause, before, during and after a backup of `source`. */
async function drill(source: TestApp, label: string): Promise<Drill> {
  const db = source.database.db;
  const variants = await buyableVariants(db, 1, 4);
  expect(variants).toHaveLength(4);
  for (const v of variants) await setStock(db, v, 1000);
  const stock = await queryRows<{ id: string; stock: number }>(
    db,
    sql`select id, stock from variants where id in (${sql.join(
      variants.map((v) => sql`${v}`),
      sql`, `,
    )})`,
  );
  const initialStock = new Map(stock.map((r) => [r.id, r.stock]));
  let backingUp = false;
  let snapshotTaken = false;
  let stop = false;
  const placed: Placed[] = [];
  const worker = async (i: number) => {
    for (let n = 0; !stop; n++) {
      // Requests reach a real server as socket events; app.inject on PGlite runs on promises
      // alone, and a tight loop of them would starve the backup's file writes of turns.
      await new Promise((r) => setTimeout(r, 20));
      const variant = variants[i]!;
      const { b, cart } = await guestReady(source, { lines: [[variant, 1]] }, `10.${i}.${n >> 8}.${n & 255}`);
      const sentAfterSnapshot = snapshotTaken;
      const ackedBeforeBackupIfNow = () => !backingUp;
      const res = await placeOrder(b, cart);
      expect(res.statusCode, res.body).toBe(200);
      const order = placedOf(res).order;
      placed.push({
        number: order.order_no,
        total: order.grand_total.amount,
        variant,
        ackedBeforeBackup: ackedBeforeBackupIfNow(),
        sentAfterSnapshot,
      });
    }
  };
  const workers = [0, 1, 2, 3].map(worker);
  try {
    await until(() => placed.length >= 4, 'orders before the backup');
    backingUp = true;
    const backup = await createBackup(source.database, {
      mediaDir: TEST_MEDIA_DIR,
      documents: source.app.media.documents,
      outDir: path.join(tmp, label),
      onSnapshot: () => {
        snapshotTaken = true;
      },
    });
    await until(() => placed.filter((p) => p.sentAfterSnapshot).length >= 4, 'orders after the snapshot');
    stop = true;
    await Promise.all(workers);
    const [facets] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from product_facet_values`);
    const [words] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from search_words`);
    return { backup, placed, initialStock, facetRows: facets!.n, searchWords: words!.n };
  } finally {
    stop = true;
    await Promise.allSettled(workers);
  }
}

/** The restored database holds exactly what the backup's snapshot saw, and the restored shop works. */
async function checkRestored(d: Drill, database: Database, mediaDir: string) {
  const db = database.db;
  const { manifest } = d.backup;
  for (const t of manifest.tables) {
    const [row] = await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from "${t.name}"`));
    expect(row!.n, t.name).toBe(t.rows);
  }
  const restored = new Map(
    (
      await queryRows<{ order_no: string; grand_total_minor: number }>(
        db,
        sql`select order_no, grand_total_minor from orders`,
      )
    ).map((r) => [r.order_no, Number(r.grand_total_minor)]),
  );
  const before = d.placed.filter((p) => p.ackedBeforeBackup);
  const after = d.placed.filter((p) => p.sentAfterSnapshot);
  expect(before.length).toBeGreaterThanOrEqual(4);
  expect(after.length).toBeGreaterThanOrEqual(4);
  for (const p of before) expect(restored.get(p.number), `${p.number} acknowledged before the backup`).toBe(p.total);
  for (const p of after) expect(restored.has(p.number), `${p.number} sent after the snapshot`).toBe(false);
  // Totals and stock agree: each variant's stock is what it was less the drill's orders the backup holds.
  for (const [variant, initial] of d.initialStock) {
    const kept = d.placed.filter((p) => p.variant === variant && restored.has(p.number));
    for (const p of kept) expect(restored.get(p.number)).toBe(p.total);
    const [row] = await queryRows<{ stock: number }>(db, sql`select stock from variants where id = ${variant}`);
    expect(row!.stock, variant).toBe(initial - kept.length);
  }
  // The read models left out of the backup are rebuilt.
  const [facets] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from product_facet_values`);
  const [words] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from search_words`);
  expect(facets!.n).toBe(d.facetRows);
  expect(words!.n).toBe(d.searchWords);
  // Every picture is back.
  expect(manifest.media.length).toBeGreaterThan(100);
  for (const m of manifest.media) expect(existsSync(path.join(mediaDir, m.path)), m.path).toBe(true);

  const shop = await shopOn(database);
  try {
    const page = await shop.app.inject({ method: 'GET', url: '/api/product/single-product/organic-cotton-crew-tee' });
    expect(page.statusCode, page.body).toBe(200);
    const listing = await shop.app.inject({ method: 'GET', url: '/api/product/filters/all/t-shirts' });
    expect(listing.statusCode, listing.body).toBe(200);
    const [variant] = await buyableVariants(db, 1, 1);
    const { b, cart } = await guestReady(shop, { lines: [[variant!, 1]] }, '10.200.0.1');
    const res = await placeOrder(b, cart);
    expect(res.statusCode, res.body).toBe(200);
    const number = placedOf(res).order.order_no;
    expect(restored.has(number)).toBe(false);
    // Sequences were set past the restored rows: new rows of numbered tables take new ids.
    const [event] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from order_events`);
    expect(event!.n).toBeGreaterThan(manifest.tables.find((t) => t.name === 'order_events')!.rows);
  } finally {
    await shop.app.close();
  }
}

describe('a backup of the embedded database taken while the shop takes orders', () => {
  let source: TestApp;
  let d: Drill;

  beforeAll(async () => {
    source = await pgliteDemoShop();
    d = await drill(source, 'from-pglite');
  }, 90_000);
  afterAll(async () => {
    await source?.close();
  });

  it('writes one gzip JSON-lines file per table, the media and a manifest whose checksums match', () => {
    const { manifest, dir } = d.backup;
    expect(path.basename(dir)).toMatch(/^backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
    expect(manifest.dialect).toBe('pglite');
    expect(manifest.migration).toMatch(/^\d{4}_/);
    expect(manifest.snapshot).toMatch(/^\d+:\d+:/);
    const names = manifest.tables.map((t) => t.name);
    expect(names).toContain('orders');
    for (const t of READ_MODEL_TABLES) expect(names).not.toContain(t);
    expect(readdirSync(path.join(dir, 'tables')).sort()).toEqual(
      manifest.tables.map((t) => `${t.name}.jsonl.gz`).sort(),
    );
    expect(manifest.media.some((m) => m.path.startsWith('.'))).toBe(false);
    // Private to the shop's user, whatever the umask: the folder, each table, picture and the manifest.
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    for (const f of [MANIFEST_FILE, `tables/orders.jsonl.gz`, `media/${manifest.media[0]!.path}`])
      expect([f, statSync(path.join(dir, f)).mode & 0o077]).toEqual([f, 0]);
  });

  it('restores into a fresh data folder (npm run restore): every order acknowledged before the snapshot, stock, counts; the shop serves and sells', async () => {
    const dataDir = path.join(tmp, 'to-pglite');
    const r = await restoreCommand({ DATA_DIR: dataDir }, d.backup.dir, false);
    expect(r.counts.orders).toBe(d.backup.manifest.tables.find((t) => t.name === 'orders')!.rows);
    const database = await openDatabase({ dataDir });
    try {
      await checkRestored(d, database, path.join(dataDir, 'media'));
    } finally {
      await database.close();
    }
    // The folder is not empty now: a second restore is refused unless forced.
    await expect(restoreCommand({ DATA_DIR: dataDir }, d.backup.dir, false)).rejects.toThrow(
      /The target is not empty .*add --force to replace everything it holds/,
    );
    const forced = await restoreCommand({ DATA_DIR: dataDir }, d.backup.dir, true);
    expect(forced.counts).toEqual(r.counts);
    // Two restores and a shop's start: 64 s on a loaded 2-core machine.
  }, 150_000);

  it.skipIf(!PG)(
    'restores into a fresh PostgreSQL database as its owner, no superuser: the same orders, stock and counts; the shop serves and sells',
    async () => {
      const url = await freshPostgres({ asOwner: true });
      const dataDir = path.join(tmp, 'to-postgres');
      await restoreCommand({ DATA_DIR: dataDir, DATABASE_URL: url }, d.backup.dir, false);
      const database = await openDatabase({ url, poolMax: 4 });
      try {
        await checkRestored(d, database, path.join(dataDir, 'media'));
      } finally {
        await database.close();
      }
    },
    60_000,
  );

  it('restores the .tar.gz the panel downloads (npm run restore file.tar.gz); refuses one reaching outside its folder', async () => {
    const packed = path.join(tmp, 'downloaded.tar.gz');
    await pipeline(archiveStream(d.backup.dir), createWriteStream(packed));
    const dataDir = path.join(tmp, 'from-tar-gz');
    const r = await restoreCommand({ DATA_DIR: dataDir }, packed, false);
    expect(r.counts.orders).toBe(d.backup.manifest.tables.find((t) => t.name === 'orders')!.rows);
    expect(r.media).toBe(d.backup.manifest.media.length);
    // Nothing of the unpacked copy is left behind.
    expect(readdirSync(os.tmpdir()).filter((n) => n.startsWith('shopfront-restore-'))).toEqual([]);

    // An archive with an entry outside its folder: refused whole, nothing written there.
    const escape = `escaped-${randomBytes(4).toString('hex')}.txt`;
    const evil = path.join(tmp, 'evil.tar.gz');
    const tar = pack();
    tar.entry({ name: 'backup-2026-01-01T00-00-00Z/manifest.json' }, '{}');
    tar.entry({ name: `backup-2026-01-01T00-00-00Z/../../${escape}` }, 'x');
    tar.finalize();
    await pipeline(tar, createGzip(), createWriteStream(evil));
    await expect(restoreCommand({ DATA_DIR: path.join(tmp, 'evil-target') }, evil, false)).rejects.toThrow(
      /Not a Shopfront backup: the archive holds "backup-2026-01-01T00-00-00Z\/..\/..\//,
    );
    expect(existsSync(path.join(os.tmpdir(), escape))).toBe(false);
    expect(existsSync(path.join(tmp, 'evil-target'))).toBe(false);
  }, 150_000);

  it('refuses an archive with a changed byte, naming the file, before touching the target', async () => {
    const copy = path.join(tmp, 'damaged');
    cpSync(d.backup.dir, copy, { recursive: true });
    const file = path.join(copy, 'tables', 'orders.jsonl.gz');
    const bytes = readFileSync(file);
    bytes[bytes.length >> 1] = bytes[bytes.length >> 1]! ^ 1;
    writeFileSync(file, bytes);
    const database = await openDatabase({});
    try {
      await expect(
        restoreBackup(database, {
          archive: copy,
          mediaDir: path.join(tmp, 'damaged-media'),
          documents: localDocuments(path.join(tmp, 'damaged-data')),
        }),
      ).rejects.toThrow(
        'The backup is damaged: tables/orders.jsonl.gz does not match its checksum in manifest.json. Nothing was restored.',
      );
      const [row] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`,
      );
      expect(row!.n).toBe(0);
      // A changed picture too.
      writeFileSync(file, readFileSync(path.join(d.backup.dir, 'tables', 'orders.jsonl.gz')));
      const picture = d.backup.manifest.media[0]!.path;
      writeFileSync(path.join(copy, 'media', picture), 'not the picture');
      await expect(
        restoreBackup(database, {
          archive: copy,
          mediaDir: path.join(tmp, 'damaged-media'),
          documents: localDocuments(path.join(tmp, 'damaged-data')),
        }),
      ).rejects.toThrow(`The backup is damaged: media/${picture} does not match`);
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(!PG)('a backup of PostgreSQL taken while the shop takes orders', () => {
  it('restores into a fresh embedded data folder with every order acknowledged before the snapshot', async () => {
    const source = await createTestApp();
    try {
      const d = await drill(source, 'from-postgres');
      expect(d.backup.manifest.dialect).toBe('postgres');
      const dataDir = path.join(tmp, 'pg-to-pglite');
      await restoreCommand({ DATA_DIR: dataDir }, d.backup.dir, false);
      const database = await openDatabase({ dataDir });
      try {
        await checkRestored(d, database, path.join(dataDir, 'media'));
      } finally {
        await database.close();
      }
    } finally {
      await source.close();
    }
  }, 90_000);
});

/** Every constraint (keys with their actions, checks, uniques) and trigger (with its enabled state) of the schema. */
async function schemaRules(db: Db): Promise<string[]> {
  const rows = await queryRows<{ r: string }>(
    db,
    sql`select c.conrelid::regclass::text || ' ' || c.conname::text || ' ' || pg_get_constraintdef(c.oid) as r
          from pg_constraint c where c.connamespace = 'public'::regnamespace
        union all
        select t.tgrelid::regclass::text || ' trigger ' || t.tgname::text || ' ' || t.tgenabled::text
          from pg_trigger t join pg_class k on k.oid = t.tgrelid
         where not t.tgisinternal and k.relnamespace = 'public'::regnamespace
        order by 1`,
  );
  expect(rows.some((x) => x.r.includes('FOREIGN KEY'))).toBe(true);
  return rows.map((x) => x.r);
}

// The embedded database on both passes' machines; once is enough.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('a backup taken by an older version', () => {
  it('restores on its own migration, then runs the newer ones over its rows (0065 fills retired_channel_ids from its audit log)', async () => {
    const oldDir = path.join(tmp, 'older-version');
    const old = await openDatabase({ dataDir: oldDir });
    let backup: BackupResult;
    try {
      await migrateUpTo(old, '0064_channel_names_unique');
      await old.db.execute(
        sql`insert into audit_log (actor, action, target, before) values
              ('owner@example.in', 'channel.delete', 'channel:ch_gulf_old', '{"name": "Gulf"}'),
              ('owner@example.in', 'store-settings.update', 'store-settings', null)`,
      );
      backup = await createBackup(old, {
        mediaDir: path.join(oldDir, 'media'),
        documents: localDocuments(oldDir),
        outDir: path.join(tmp, 'older-backups'),
      });
    } finally {
      await old.close();
    }
    expect(backup.manifest.migration).toBe('0064_channel_names_unique');

    const target = path.join(tmp, 'older-restored');
    const r = await restoreCommand({ DATA_DIR: target }, backup.dir, false);
    expect(r.counts.audit_log).toBe(2);
    const restored = await openDatabase({ dataDir: target });
    try {
      const journal = JSON.parse(
        readFileSync(path.resolve(import.meta.dirname, '../../../drizzle/meta/_journal.json'), 'utf8'),
      ) as { entries: { tag: string }[] };
      const newest = journal.entries.at(-1)!.tag;
      expect(await lastAppliedMigration(restored.db)).toBe(newest);
      const retired = await queryRows<{ id: string }>(restored.db, sql`select id from retired_channel_ids`);
      expect(retired).toEqual([{ id: 'ch_gulf_old' }]);
      const [n] = await queryRows<{ n: number }>(restored.db, sql`select count(*)::int as n from audit_log`);
      expect(n!.n).toBe(2);
      // The keys the load set aside are back as the migrations make them (names, actions), and
      // every trigger enabled: the same rules as a database migrated afresh.
      const fresh = await openDatabase({ dataDir: path.join(tmp, 'fresh-schema') });
      try {
        await runMigrations(fresh);
        expect(await schemaRules(restored.db)).toEqual(await schemaRules(fresh.db));
      } finally {
        await fresh.close();
      }
    } finally {
      await restored.close();
    }
  }, 120_000);
});

describe("an application's uploaded documents", () => {
  it('are in the backup (counted, checksummed) and restore into an empty data folder, private: the applicant and staff download the same bytes', async () => {
    const source = await createTestApp();
    const pdf = Buffer.concat([PDF, Buffer.from(`%${randomBytes(8).toString('hex')}\n`)]);
    let application: Application;
    let applicant: Record<string, string>;
    let staff: Record<string, string>;
    let backup: BackupResult;
    try {
      const service = await makeService(source.database.db, 4);
      applicant = sessionHeaders((await loggedInCustomer(source)).cookie);
      staff = (await signedInOwner(source, 'manager')).headers;
      const files = [{ field: 'pan_card', filename: 'pan.pdf', type: 'application/pdf', data: pdf }];
      const res = await apply(source, { service: service.slug, ...GOOD_FIELDS }, files, applicant);
      expect(res.statusCode, res.body).toBe(200);
      application = res.json<{ data: Application }>().data;
      backup = await createBackup(source.database, {
        mediaDir: path.join(tmp, 'documents-no-media'),
        documents: source.app.media.documents,
        outDir: path.join(tmp, 'documents'),
      });
    } finally {
      await source.close();
    }
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    const entry = backup.manifest.documents!.find((d) => d.sha256 === sha256)!;
    expect(entry).toMatchObject({
      bytes: pdf.length,
      path: expect.stringMatching(/^applications\/[0-9a-f]{32}\.pdf$/),
    });
    expect(readFileSync(path.join(backup.dir, DOCUMENTS_DIR, entry.path)).equals(pdf)).toBe(true);
    expect(statSync(path.join(backup.dir, DOCUMENTS_DIR, entry.path)).mode & 0o077).toBe(0);
    expect(backup.manifest.media).toEqual([]);

    const dataDir = path.join(tmp, 'documents-restored');
    const r = await restoreCommand({ DATA_DIR: dataDir }, backup.dir, false);
    expect(r.documents).toBe(backup.manifest.documents!.length);
    // Back in the private folder, never below the public media one.
    expect(readFileSync(path.join(dataDir, 'private', entry.path)).equals(pdf)).toBe(true);
    expect(existsSync(path.join(dataDir, 'media'))).toBe(false);
    const shop = await shopOn(await openDatabase({ dataDir }), dataDir);
    try {
      const doc = application.documents[0]!;
      const get = (url: string, headers: Record<string, string>) => shop.app.inject({ method: 'GET', url, headers });
      const mine = await get(`/api/applications/${application.id}/documents/${doc.id}`, applicant);
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.rawPayload.equals(pdf)).toBe(true);
      const theirs = await get(`/api/admin/applications/${application.id}/documents/${doc.id}`, staff);
      expect(theirs.statusCode, theirs.body).toBe(200);
      expect(theirs.rawPayload.equals(pdf)).toBe(true);
      expect((await get(`/media/${entry.path}`, {})).statusCode).toBe(404);
    } finally {
      await shop.close();
    }
    // A changed document is refused before anything is written.
    const copy = path.join(tmp, 'documents-damaged');
    cpSync(backup.dir, copy, { recursive: true });
    writeFileSync(path.join(copy, DOCUMENTS_DIR, entry.path), 'not the document');
    const database = await openDatabase({});
    const target = path.join(tmp, 'documents-older');
    try {
      // Document storage holding files is a target that is not empty, even beside an empty database.
      await expect(
        restoreBackup(database, {
          archive: backup.dir,
          mediaDir: path.join(target, 'media'),
          documents: localDocuments(dataDir),
        }),
      ).rejects.toThrow(/^The target is not empty \(the application documents hold \d+ files\)/);
      const restore = () =>
        restoreBackup(database, {
          archive: copy,
          mediaDir: path.join(target, 'media'),
          documents: localDocuments(target),
        });
      await expect(restore()).rejects.toThrow(
        `The backup is damaged: ${DOCUMENTS_DIR}/${entry.path} does not match its checksum in manifest.json. Nothing was restored.`,
      );
      // An archive from before documents were backed up (no documents in its manifest) still restores.
      const manifest = JSON.parse(readFileSync(path.join(copy, MANIFEST_FILE), 'utf8')) as Manifest;
      delete manifest.documents;
      writeFileSync(path.join(copy, MANIFEST_FILE), JSON.stringify(manifest));
      rmSync(path.join(copy, DOCUMENTS_DIR), { recursive: true });
      const older = await restore();
      expect(older.documents).toBe(0);
      expect(older.counts.orders).toBe(r.counts.orders);
      expect(existsSync(path.join(target, 'private'))).toBe(false);
    } finally {
      await database.close();
    }
  }, 150_000);
});

describe('npm run backup on the embedded database of a running shop', () => {
  it('refuses with "stop the shop or use the panel" when the shop holding the folder does not answer, and opens nothing', async () => {
    const dataDir = path.join(tmp, 'held');
    mkdirSync(dataDir, { recursive: true });
    // Another live process holds the folder, as a running shop does (server.ts writes server.pid).
    const shop = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      writeFileSync(
        path.join(dataDir, DATA_DIR_LOCK),
        JSON.stringify({ pid: shop.pid, started_at: new Date().toISOString() }),
      );
      await expect(backupCommand({ DATA_DIR: dataDir }, path.join(tmp, 'held-out'))).rejects.toThrow(
        /The shop is running on the embedded database .*stop the shop or use the panel/,
      );
      expect(existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
      expect(existsSync(path.join(tmp, 'held-out'))).toBe(false);
      expect(JSON.parse(readFileSync(path.join(dataDir, DATA_DIR_LOCK), 'utf8')).pid).toBe(shop.pid);
    } finally {
      shop.kill();
    }
  });
});

/** Values whose text form is easy to get wrong, in one table of every tricky type. */
const PROBE_TABLE = `create table backup_probe (
  id int primary key, b bytea, j jsonb, tz timestamptz, ts timestamp, d date, n numeric, f float8, r real,
  a text[], i interval, t text, big bigint)`;
const PROBE_ROWS = `insert into backup_probe values
  (1, '\\x00ff0a5c22'::bytea, '{"n": 12345678901234567890.123456789, "s": "é\\n\\"q\\\\", "z": null, "e": []}',
   '2026-03-29 01:30:00.123456+05:30', '1999-12-31 23:59:59.999999', '0001-01-01', 12345678901234567890.123456789012,
   0.30000000000000004, 3.4028235e38, '{"a,b","c\\"d",NULL,""}', '1 year 2 mons -3 days 04:05:06.7', E'line\\nnext\\ttab \\\\ "quoted" ☃', 9223372036854775807),
  (2, '', '[]', '-infinity', 'infinity', '2026-02-28', 'NaN', '-0', 'NaN', '{}', '0', '', -9223372036854775808),
  (3, null, 'null', null, null, null, -0.000000000000000000000001, 'Infinity', '-Infinity', null, null, null, null)`;

async function probeText(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    for (const s of EXACT_TEXT_SETTINGS) await tx.execute(sql.raw(s));
    const rows = await queryRows<{ r: string }>(
      tx as unknown as Db,
      sql`select p::text as r from backup_probe p order by id`,
    );
    return rows.map((r) => r.r);
  });
}

async function probeDatabase(kind: 'pglite' | 'postgres'): Promise<Database> {
  const database =
    kind === 'pglite' ? await openDatabase({}) : await openDatabase({ url: await freshPostgres(), poolMax: 2 });
  await database.db.execute(sql.raw(PROBE_TABLE));
  return database;
}

describe('rows round-trip exactly', () => {
  type Kind = 'pglite' | 'postgres';
  const pairs: [Kind, Kind][] = [['pglite', 'pglite']];
  if (PG) pairs.push(['pglite', 'postgres'], ['postgres', 'pglite']);
  it.each(pairs)(
    '%s to %s: bytea, jsonb, timestamps, numerics, floats, arrays, intervals',
    async (from, to) => {
      const source = await probeDatabase(from);
      const target = await probeDatabase(to);
      try {
        await source.db.execute(sql.raw(PROBE_ROWS));
        const work = path.join(tmp, `probe-${from}-${to}`);
        mkdirSync(path.join(work, 'tables'), { recursive: true });
        const columns = ['id', 'b', 'j', 'tz', 'ts', 'd', 'n', 'f', 'r', 'a', 'i', 't', 'big'];
        const entry = await source.db.transaction(async (tx) => {
          for (const s of EXACT_TEXT_SETTINGS) await tx.execute(sql.raw(s));
          return dumpTable(tx as unknown as Db, 'backup_probe', columns, work);
        });
        expect(entry.rows).toBe(3);
        const types = new Map(
          (
            await queryRows<{ name: string; type: string }>(
              target.db,
              sql`select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
                 where attrelid = 'backup_probe'::regclass and attnum > 0`,
            )
          ).map((r) => [r.name, r.type]),
        );
        // The target in another time zone: the text forms carry their offset.
        await target.db.transaction(async (tx) => {
          await tx.execute(sql.raw("set local timezone = 'America/St_Johns'"));
          return loadTable(tx as unknown as Db, work, entry, types);
        });
        const want = await probeText(source.db);
        expect(want[0]).toContain('\\\\x00ff0a5c22');
        expect(await probeText(target.db)).toEqual(want);
        const [bytes] = await queryRows<{ hex: string }>(
          target.db,
          sql`select encode(b, 'hex') as hex from backup_probe where id = 1`,
        );
        expect(bytes!.hex).toBe('00ff0a5c22');
      } finally {
        await source.close();
        await target.close();
      }
      // Two embedded databases booted (WASM): 31 s on a loaded 2-core machine.
    },
    90_000,
  );
});
