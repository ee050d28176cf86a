/**
 * `node --import tsx bench/import.ts`: the product import (issue 26) of a 5,000-row Shopify
 * export (1,667 products × 3 sizes, the last one 2 rows) on PGlite in memory, in this process
 * with a fresh demo database. Times the dry run (upload, read, map, compare), the import job,
 * and the same file's second dry run (all unchanged), and prints rows per second.
 */
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase, queryRows } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { seedDemo } from '../apps/api/src/db/seed/index.ts';
import { parseEnv } from '../apps/api/src/env.ts';
import { shopifyCsv } from '../apps/api/src/modules/admin/import/testing.ts';
import { createStaffMember, signIn } from '../apps/api/src/modules/staff/testing.ts';
import { stopEverythingOnSignals } from './lib.ts';

const ROWS = 5_000;
stopEverythingOnSignals();

const database = await openDatabase({ poolMax: 4 });
await runMigrations(database);
await seedDemo(database, { mediaDir: path.join(os.tmpdir(), 'shopfront-bench-media') });
const env = parseEnv({
  NODE_ENV: 'test',
  DATA_DIR: path.join(os.tmpdir(), 'shopfront-bench-data'),
  LOG_LEVEL: 'silent',
  PAGE_CACHE_MB: '0',
});
const app = await buildApp({ database, env, logger: false });
await app.ready();
const owner = await createStaffMember(database.db, { role: 'owner' });
const headers = await signIn({ app, database, close: async () => {} }, owner.email);

const file = shopifyCsv(Math.ceil(ROWS / 3), { bom: true, edit: (rows) => rows.splice(ROWS) });
const upload = () =>
  app.inject({
    method: 'POST',
    url: '/api/admin/catalog/imports',
    headers: { ...headers, 'content-type': 'multipart/form-data; boundary=bench' },
    payload: Buffer.concat([
      Buffer.from('--bench\r\nContent-Disposition: form-data; name="file"; filename="b.csv"\r\n\r\n'),
      file,
      Buffer.from('\r\n--bench--\r\n'),
    ]),
  });

const time = async <T>(f: () => Promise<T>): Promise<[T, number]> => {
  const t0 = performance.now();
  const r = await f();
  return [r, (performance.now() - t0) / 1000];
};

const [first, dry] = await time(upload);
const report = first.json().data;
const [, run] = await time(async () => {
  const res = await app.inject({ method: 'POST', url: `/api/admin/catalog/imports/${report.id}/start`, headers });
  if (res.statusCode !== 200) throw new Error(res.body);
  await app.jobs.runDue();
});
const [progress] = await queryRows<{ status: string; changed: number; failed: number }>(
  database.db,
  sql`select status, changed, failed from catalog_imports where id = ${report.id}`,
);
const [second, again] = await time(upload);
const counts2 = second.json().data.counts;

console.log(`file: ${ROWS} rows, ${(file.length / 1024).toFixed(0)} KiB, ${report.counts.create} products`);
console.log(`dry run:        ${dry.toFixed(1)} s (${(ROWS / dry).toFixed(0)} rows/s)`, report.counts);
console.log(`import job:     ${run.toFixed(1)} s (${(ROWS / run).toFixed(0)} rows/s)`, progress);
console.log(`second dry run: ${again.toFixed(1)} s`, counts2);
await app.close();
await database.close();
