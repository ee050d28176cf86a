/**
 * `node --import tsx bench/backup.ts [--pg]`: backup and restore at the size of a busy small shop
 * (issue 29). On the demo shop and on the demo plus 2,000 customers and 10,000 orders
 * (bench/large-shop.ts), on PGlite in a data folder (with --pg also a throwaway PostgreSQL
 * cluster): the backup's time (and the part that holds the database snapshot), its size on disk
 * and as rows, and the time of a restore into an empty embedded database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { seedDemo } from '../apps/api/src/db/seed/index.ts';
import { localDocuments } from '../apps/api/src/modules/applications/files.ts';
import { createBackup } from '../apps/api/src/modules/backup/backup.ts';
import { restoreBackup } from '../apps/api/src/modules/backup/restore.ts';
import { CUSTOMERS, ORDERS, seedLargeShop } from './large-shop.ts';
import { flagArg, stopEverythingOnSignals, withPostgres } from './lib.ts';

stopEverythingOnSignals();
const tmp = mkdtempSync(path.join(os.tmpdir(), 'shopfront-bench-backup-'));
const mediaDir = path.join(tmp, 'media');
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const s = (ms: number) => (ms / 1000).toFixed(1);

async function measure(label: string, database: Awaited<ReturnType<typeof openDatabase>>) {
  const out = path.join(tmp, 'backups');
  const b = await createBackup(database, { mediaDir, documents: localDocuments(tmp), outDir: out });
  const rows = b.manifest.tables.reduce((n, t) => n + t.rows, 0);
  const target = await openDatabase({ dataDir: path.join(tmp, `restore-${Date.now()}`) });
  try {
    const t0 = Date.now();
    const restored = path.join(tmp, `restored-${Date.now()}`);
    await restoreBackup(target, {
      archive: b.dir,
      mediaDir: path.join(restored, 'media'),
      documents: localDocuments(restored),
    });
    const restoreMs = Date.now() - t0;
    console.log(
      `| ${label} | ${rows.toLocaleString('en-IN')} | ${b.manifest.media.length} | ${mb(b.bytes)} | ${s(b.ms)} | ${s(b.dbMs)} | ${s(restoreMs)} |`,
    );
  } finally {
    await target.close();
  }
}

async function section(title: string, url?: string) {
  const database = await openDatabase(url ? { url, poolMax: 4 } : { dataDir: path.join(tmp, `source-${Date.now()}`) });
  try {
    await runMigrations(database);
    await seedDemo(database, { mediaDir });
    console.log(`\n${title}`);
    console.log('| shop | rows | media files | size MB | backup s | snapshot held s | restore into PGlite s |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    await measure('demo', database);
    await seedLargeShop(database.db);
    await measure(
      `demo + ${ORDERS.toLocaleString('en-IN')} orders, ${CUSTOMERS.toLocaleString('en-IN')} customers`,
      database,
    );
  } finally {
    await database.close();
  }
}

try {
  await section('PGlite (data folder)');
  if (flagArg('pg')) await withPostgres('bench_backup', (title, url) => section(title, url));
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(0);
