import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  IMPORT_REPORT_MAX,
  adminImportMessages as msg,
  type AdminImportProgress,
  type AdminImportReport,
} from '@shopfront/shared';
import { queryRows, type Db } from '../../../db/client.ts';
import { HttpError, fieldError, notFound } from '../../../lib/http.ts';
import type { AuditActor } from '../../staff/audit.ts';
import { readCsv } from './csv-read.ts';
import { mapTable } from './mappers/index.ts';
import { pictureSourcesOf, picturesReport, rememberHosts } from './pictures.ts';
import { dryRun, mapContext } from './plan.ts';

export const IMPORT_JOB = 'catalog-import';

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
  const [before] = await queryRows<{ at: string }>(
    db,
    sql`select finished_at::text as at from catalog_imports where content_hash = ${hash} and status = 'done'
         order by finished_at desc limit 1`,
  );
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
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into catalog_imports (file_name, content_hash, format, report, plan, products_total, staff_id, staff_email,
                                     picture_sources)
        values (${fileName}, ${hash}, ${format}, ${JSON.stringify(report)}::jsonb, ${JSON.stringify(run.plan)}::jsonb,
                ${run.plan.length}, ${actor.id}, ${actor.email},
                ${JSON.stringify(pictureSourcesOf(products, run.errors))}::jsonb)
        returning id::int as id`,
  );
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

const toProgress = ({ pictures_total: total, pictures_fetched: fetched, pictures_failed: failed, ...r }: ProgressRow) =>
  ({
    ...r,
    errors: r.errors.slice(0, IMPORT_REPORT_MAX),
    finished_at: r.finished_at ? new Date(r.finished_at).toISOString() : null,
    pictures: { total, fetched, failed, waiting: Math.max(0, total - fetched - failed) },
  }) satisfies AdminImportProgress;

export async function importProgress(db: Db, id: number): Promise<AdminImportProgress> {
  const [r] = await queryRows<ProgressRow>(db, sql`select ${progressColumns} from catalog_imports where id = ${id}`);
  if (!r) throw notFound(msg.importNotFound);
  return toProgress(r);
}

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
    const [imp] = await queryRows<{ report: AdminImportReport }>(
      tx,
      sql`select report from catalog_imports where id = ${id}`,
    );
    if (!imp) throw notFound(msg.importNotFound);
    const inFile = imp.report.pictures.hosts.map((h) => h.host);
    if (hosts.some((h) => !inFile.includes(h))) throw fieldError('picture_hosts', msg.hostNotInFile);
    const [r] = await queryRows<ProgressRow>(
      tx,
      sql`update catalog_imports set status = 'queued', started_by_id = ${actor.id}, started_by_email = ${actor.email},
            picture_hosts = ${JSON.stringify(hosts)}::jsonb,
            pictures_total = case when ${hosts.length} > 0 then
              (select coalesce(sum(jsonb_array_length(s->'pictures')), 0)::int from jsonb_array_elements(picture_sources) s)
              else 0 end
          where id = ${id} and status = 'checked'
          returning ${progressColumns}`,
    );
    if (!r) throw new HttpError(409, msg.notStartable);
    if (r.products_total === 0 && r.pictures_total === 0) throw new HttpError(409, msg.nothingToDo);
    await rememberHosts(tx, inFile, hosts);
    await enqueue(tx, id);
    return toProgress(r);
  });
}
