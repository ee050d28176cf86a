import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  IMPORT_REPORT_MAX,
  adminImportMessages as msg,
  type AdminImportProgress,
  type AdminImportReport,
  type ImportFormat,
} from '@shopfront/shared';
import type { Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { HttpError, fieldError, notFound } from '../../../lib/http.ts';
import type { AuditActor } from '../../staff/audit.ts';
import { readCsv } from './csv-read.ts';
import { mapTable } from './mappers/index.ts';
import { pictureSourcesOf, picturesReport, rememberHosts } from './pictures.ts';
import { dryRun, mapContext } from './plan.ts';

export const IMPORT_JOB = 'catalog-import';

/** When the same file (by content) was last imported to the end. */
const importedBefore = namedQuery<{ at: string }>()({
  name: 'admin.import.imported-before',
  columns: ['at'],
  example: { hash: 'example' },
  build: (params: { hash: string }) =>
    sql`select finished_at::text as at from catalog_imports where content_hash = ${params.hash} and status = 'done'
         order by finished_at desc limit 1`,
});

/** A checked file, kept with its report and plan (written as JSON). */
const insertCheckedImport = namedQuery<{ id: number }>()({
  name: 'admin.import.insert',
  columns: ['id'],
  example: {
    fileName: 'example.csv',
    hash: 'example',
    format: 'shopfront',
    report: {},
    plan: [],
    productsTotal: 0,
    staffId: null,
    staffEmail: 'owner@example.com',
    pictureSources: [],
  },
  build: (params: {
    fileName: string;
    hash: string;
    format: ImportFormat;
    report: unknown;
    plan: unknown;
    productsTotal: number;
    staffId: string | null;
    staffEmail: string;
    pictureSources: unknown;
  }) =>
    sql`insert into catalog_imports (file_name, content_hash, format, report, plan, products_total, staff_id, staff_email,
                                     picture_sources)
        values (${params.fileName}, ${params.hash}, ${params.format}, ${JSON.stringify(params.report)}::jsonb, ${JSON.stringify(params.plan)}::jsonb,
                ${params.productsTotal}, ${params.staffId}, ${params.staffEmail},
                ${JSON.stringify(params.pictureSources)}::jsonb)
        returning id::int as id`,
});

/**
 * The dry run of an uploaded file: read, mapped, validated and compared with the shop; the plan
 * and report are kept (nothing of the catalogue is written) under the answer's id.
 */
export async function checkImport(
  db: Db,
  actor: AuditActor,
  fileName: string,
  bytes: Buffer,
): Promise<AdminImportReport> {
  const hash = createHash('sha256').update(bytes).digest('hex');
  const table = readCsv(bytes);
  const { format, products } = mapTable(table, await mapContext(db));
  const run = await dryRun(db, format, table.rows.length, products);
  const [before] = await importedBefore(db, { hash });
  const report: Omit<AdminImportReport, 'id'> = {
    file_name: fileName,
    format,
    rows: table.rows.length,
    counts: run.counts,
    errors: run.errors.slice(0, IMPORT_REPORT_MAX),
    errors_total: run.errors.length,
    lines: run.lines,
    pictures: await picturesReport(db, products),
    imported_before: before ? new Date(before.at).toISOString() : null,
  };
  const [row] = await insertCheckedImport(db, {
    fileName,
    hash,
    format,
    report,
    plan: run.plan,
    productsTotal: run.plan.length,
    staffId: actor.id,
    staffEmail: actor.email,
    pictureSources: pictureSourcesOf(products, run.errors),
  });
  return { id: row!.id, ...report };
}

interface ProgressRow {
  id: number;
  status: AdminImportProgress['status'];
  products_total: number;
  products_done: number;
  changed: number;
  failed: number;
  errors: AdminImportProgress['errors'];
  finished_at: string | null;
  pictures_total: number;
  pictures_fetched: number;
  pictures_failed: number;
}

const progressColumns = sql`id::int as id, status, products_total, products_done, changed, failed, errors,
  finished_at::text as finished_at, pictures_total, pictures_fetched, pictures_failed`;

/** The names progressColumns answers. */
const PROGRESS_COLUMNS = [
  'id',
  'status',
  'products_total',
  'products_done',
  'changed',
  'failed',
  'errors',
  'finished_at',
  'pictures_total',
  'pictures_fetched',
  'pictures_failed',
] as const;

const toProgress = ({ pictures_total: total, pictures_fetched: fetched, pictures_failed: failed, ...r }: ProgressRow) =>
  ({
    ...r,
    errors: r.errors.slice(0, IMPORT_REPORT_MAX),
    finished_at: r.finished_at ? new Date(r.finished_at).toISOString() : null,
    pictures: { total, fetched, failed, waiting: Math.max(0, total - fetched - failed) },
  }) satisfies AdminImportProgress;

const progressRow = namedQuery<ProgressRow>()({
  name: 'admin.import.progress',
  columns: PROGRESS_COLUMNS,
  example: { id: 1 },
  build: (params: { id: number }) => sql`select ${progressColumns} from catalog_imports where id = ${params.id}`,
});

export async function importProgress(db: Db, id: number): Promise<AdminImportProgress> {
  const [r] = await progressRow(db, { id });
  if (!r) throw notFound(msg.importNotFound);
  return toProgress(r);
}

const importReport = namedQuery<{ report: AdminImportReport }>()({
  name: 'admin.import.report',
  columns: ['report'],
  example: { id: 1 },
  build: (params: { id: number }) => sql`select report from catalog_imports where id = ${params.id}`,
});

/** A checked import, marked queued by the member starting it with the hosts they allow. */
const queueImport = namedQuery<ProgressRow>()({
  name: 'admin.import.queue',
  columns: PROGRESS_COLUMNS,
  example: {
    id: 1,
    staffId: null as string | null,
    staffEmail: 'owner@example.com',
    hosts: ['example.com'] as readonly string[],
  },
  build: (params: { id: number; staffId: string | null; staffEmail: string; hosts: readonly string[] }) =>
    sql`update catalog_imports set status = 'queued', started_by_id = ${params.staffId}, started_by_email = ${params.staffEmail},
            picture_hosts = ${JSON.stringify(params.hosts)}::jsonb,
            pictures_total = case when ${params.hosts.length} > 0 then
              (select coalesce(sum(jsonb_array_length(s->'pictures')), 0)::int from jsonb_array_elements(picture_sources) s)
              else 0 end
          where id = ${params.id} and status = 'checked'
          returning ${progressColumns}`,
});

/**
 * Starts a checked import: marks it queued, with the member starting it (the job writes as them)
 * and the picture hosts they allow (only hosts of the report; remembered for the next import), and
 * queues its job in one transaction (a second start is 409). `enqueue` is the job runner's, called
 * with the transaction. A file whose products are all unchanged still starts when it has pictures
 * to fetch from the hosts allowed.
 */
export async function startImport(
  db: Db,
  actor: AuditActor,
  id: number,
  hosts: readonly string[],
  enqueue: (tx: Db, importId: number) => Promise<unknown>,
): Promise<AdminImportProgress> {
  return db.transaction(async (tx) => {
    const [imp] = await importReport(tx, { id });
    if (!imp) throw notFound(msg.importNotFound);
    const inFile = imp.report.pictures.hosts.map((h) => h.host);
    if (hosts.some((h) => !inFile.includes(h))) throw fieldError('picture_hosts', msg.hostNotInFile);
    const [r] = await queueImport(tx, { id, staffId: actor.id, staffEmail: actor.email, hosts });
    if (!r) throw new HttpError(409, msg.notStartable);
    if (r.products_total === 0 && r.pictures_total === 0) throw new HttpError(409, msg.nothingToDo);
    await rememberHosts(tx, inFile, hosts);
    await enqueue(tx, id);
    return toProgress(r);
  });
}
