import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  adminImportMessages as msg,
  adminPictureMessages,
  IMPORT_PICTURE_HOSTS_MAX,
  PICTURE_LIMITS,
  pictureHostOf,
  type AdminImportIssue,
  type AdminImportReport,
} from '@shopfront/shared';
import type { Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { HttpError } from '../../../lib/http.ts';
import type { MediaStorage } from '../../media/storage.ts';
import type { AuditActor } from '../../staff/audit.ts';
import { uploadPicture } from '../catalog/pictures.ts';
import type { MappedProduct, PictureSource } from './mappers/common.ts';
import { fetchPicture, PictureFetchError, PICTURE_FETCH_DEFAULTS, type PictureFetchOptions } from './picture-fetch.ts';

/**
 * The import's pictures (issue 26): the dry run lists the hosts; starting the import takes the
 * hosts the owner allows (remembered as a shop setting); once the products are written, their own
 * job fetches them, outside any transaction, into the picture pipeline as if uploaded.
 */

export const PICTURES_JOB = 'catalog-import-pictures';
/** store_settings key of the picture hosts the owner allowed last (pre-ticked next time). */
export const PICTURE_HOSTS_KEY = 'import_picture_hosts';
/** Fetches at once. */
const PARALLEL = 4;

/** A product's pictures as kept with the import: found again by its handle, else its first SKU. */
export interface ProductPictures {
  slug: string;
  sku: string | null;
  pictures: PictureSource[];
}

/** Every product of the file without errors that names pictures (whatever its action: an unchanged one too). */
export function pictureSourcesOf(mapped: readonly MappedProduct[], errors: readonly AdminImportIssue[]) {
  const errorRows = new Set(errors.map((e) => e.row));
  return mapped.flatMap((m): ProductPictures[] =>
    m.pictures.length && !errorRows.has(m.row) && !m.variantRows.some((r) => errorRows.has(r))
      ? [{ slug: m.input.slug, sku: m.input.variants[0]?.sku ?? null, pictures: m.pictures }]
      : [],
  );
}

/** The report's picture part: the count, the hosts (most pictures first), those allowed before. */
export async function picturesReport(db: Db, mapped: readonly MappedProduct[]): Promise<AdminImportReport['pictures']> {
  const counts = new Map<string, number>();
  let urls = 0;
  for (const m of mapped)
    for (const p of m.pictures) {
      urls++;
      const host = pictureHostOf(p.url);
      if (host) counts.set(host, (counts.get(host) ?? 0) + 1);
    }
  const hosts = [...counts].map(([host, pictures]) => ({ host, pictures }));
  hosts.sort((a, b) => b.pictures - a.pictures || a.host.localeCompare(b.host));
  // As many as a start may allow: a file naming thousands of hosts does not make a report (and
  // a list of checkboxes) of them all.
  hosts.splice(IMPORT_PICTURE_HOSTS_MAX);
  const before = new Set(await allowedHosts(db));
  return { urls, hosts, allowed: hosts.filter((h) => before.has(h.host)).map((h) => h.host) };
}

const allowedHostsSetting = namedQuery<{ value: unknown }>()({
  name: 'admin.import.pictures.allowed-hosts',
  columns: ['value'],
  example: {},
  build: () => sql`select value from store_settings where key = ${PICTURE_HOSTS_KEY}`,
});

export async function allowedHosts(db: Db): Promise<string[]> {
  const [row] = await allowedHostsSetting(db, {});
  return Array.isArray(row?.value) ? row.value.filter((h): h is string => typeof h === 'string') : [];
}

/**
 * Keeps the owner's choice (in the start's transaction): the setting loses the file's hosts not
 * ticked and gains those ticked; hosts of other files stay.
 */
export async function rememberHosts(tx: Db, inFile: readonly string[], chosen: readonly string[]): Promise<void> {
  const kept = (await allowedHosts(tx)).filter((h) => !inFile.includes(h));
  const value = [...new Set([...kept, ...chosen])].sort();
  await tx.execute(
    sql`insert into store_settings (key, value) values (${PICTURE_HOSTS_KEY}, ${JSON.stringify(value)}::jsonb)
        on conflict (key) do update set value = excluded.value, updated_at = now()`,
  );
}

const pictureWork = namedQuery<{ yes: boolean }>()({
  name: 'admin.import.pictures.has-work',
  columns: ['yes'],
  example: { importId: 1 },
  build: (params: { importId: number }) =>
    sql`select jsonb_array_length(picture_hosts) > 0 and pictures_total > 0 as yes from catalog_imports where id = ${params.importId}`,
});

/** Whether an import has pictures to fetch (a host was allowed): its picture job is queued only then. */
export async function hasPictureWork(db: Db, importId: number): Promise<boolean> {
  const [row] = await pictureWork(db, { importId });
  return row?.yes ?? false;
}

interface PictureJobRow {
  sources: ProductPictures[];
  hosts: string[];
  done: number;
  staff_id: string | null;
  staff_email: string;
}

const productBySlugOrSku = namedQuery<{ id: string }>()({
  name: 'admin.import.pictures.product',
  columns: ['id'],
  example: { slug: 'example', sku: 'sku-example' as string | null },
  build: (params: { slug: string; sku: string | null }) =>
    sql`select id from products where slug = ${params.slug}
        union all
        select v.product_id from variant_channels vc join variants v on v.id = vc.variant_id
         where ${params.sku}::text is not null and lower(vc.sku) = lower(${params.sku})
        limit 1`,
});

/** The shop's product for a file's product: by handle, else by its first SKU. */
async function productOf(db: Db, p: ProductPictures): Promise<string | null> {
  const [row] = await productBySlugOrSku(db, { slug: p.slug, sku: p.sku });
  return row?.id ?? null;
}

/** An upload pipeline's refusal in the import's words. */
function pipelineMessage(err: HttpError): string {
  if (err.message === adminPictureMessages.type || err.message === adminPictureMessages.unreadable)
    return msg.notPicture;
  return err.message;
}

const uploadKeyOf = (url: string) => `import-${createHash('sha256').update(url).digest('hex').slice(0, 40)}`;

/**
 * Runs `work` over `items` at most `limit` at a time; answers the results in order (each a
 * settled promise, so one failure does not stop the others).
 */
async function pooled<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>) {
  const out: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < items.length; i = next++) {
      try {
        out[i] = { status: 'fulfilled', value: await work(items[i]!) };
      } catch (reason) {
        out[i] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

/** The URLs the product's pictures were fetched from (null: uploaded), one row per picture. */
const pictureSourceUrls = namedQuery<{ url: string | null }>()({
  name: 'admin.import.pictures.source-urls',
  columns: ['url'],
  example: { productId: 'prd_example' },
  build: (params: { productId: string }) =>
    sql`select source_url as url from product_images where product_id = ${params.productId}`,
});

/** Every value of the product's options. */
const optionValues = namedQuery<{ value: string }>()({
  name: 'admin.import.pictures.option-values',
  columns: ['value'],
  example: { productId: 'prd_example' },
  build: (params: { productId: string }) =>
    sql`select unnest(values) as value from product_options where product_id = ${params.productId}`,
});

/**
 * One product's pictures: those not fetched before (by URL), PARALLEL at a time, each batch handed
 * to the upload pipeline in file order before the next is fetched (at most PARALLEL bodies held at
 * once). Past the product's picture limit nothing more is fetched: each one left is a row error.
 * Answers the counts and row errors.
 */
async function fetchProductPictures(
  db: Db,
  storage: MediaStorage,
  actor: AuditActor,
  productId: string,
  p: ProductPictures,
  opts: PictureFetchOptions,
): Promise<{ fetched: number; errors: AdminImportIssue[] }> {
  const have = await pictureSourceUrls(db, { productId });
  const fetchedBefore = new Set(have.flatMap((r) => (r.url ? [r.url] : [])));
  const options = new Set((await optionValues(db, { productId })).map((r) => r.value));
  const todo = p.pictures.filter((x) => !fetchedBefore.has(x.url));
  let fetched = p.pictures.length - todo.length;
  let room = PICTURE_LIMITS.perProduct - have.length;
  const errors: AdminImportIssue[] = [];
  const issue = (x: PictureSource, message: string) => errors.push({ row: x.row, column: x.column, message });
  let next = 0;
  while (next < todo.length && room > 0) {
    const batch = todo.slice(next, next + Math.min(PARALLEL, room));
    next += batch.length;
    const bodies = await pooled(batch, PARALLEL, (x) => fetchPicture(x.url, opts));
    for (const [i, x] of batch.entries()) {
      const got = bodies[i]!;
      if (got.status === 'rejected') {
        issue(x, got.reason instanceof PictureFetchError ? got.reason.message : msg.couldNotFetch('network error'));
        continue;
      }
      try {
        await uploadPicture(db, storage, { staff: actor, ip: null }, productId, got.value, uploadKeyOf(x.url), {
          sourceUrl: x.url,
          alt: x.alt,
          optionValue: x.option_value && options.has(x.option_value) ? x.option_value : null,
        });
        fetched++;
        room--;
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        issue(x, pipelineMessage(err));
      }
    }
  }
  for (const x of todo.slice(next)) issue(x, adminPictureMessages.tooMany);
  return { fetched, errors };
}

/** How long one run of the picture job goes on before it hands over to a run queued after it. */
export const PICTURES_RUN_MS = 30_000;

const pictureJob = namedQuery<PictureJobRow>()({
  name: 'admin.import.pictures.job',
  columns: ['sources', 'hosts', 'done', 'staff_id', 'staff_email'],
  example: { importId: 1 },
  build: (params: { importId: number }) =>
    sql`select picture_sources as sources, picture_hosts as hosts, pictures_done as done,
               coalesce(started_by_id, staff_id) as staff_id, coalesce(started_by_email, staff_email) as staff_email
          from catalog_imports where id = ${params.importId}`,
});

/**
 * The picture job: each product of the file (in file order) that the shop has, its pictures from
 * the allowed hosts (the others are row errors: "Host not allowed"). Progress is saved after each
 * product; a run cut short goes on from there, and a picture already fetched from its URL for the
 * product is not fetched again. A run stops after the product that passes `budgetMs`, so slow
 * hosts never hold the shop's other jobs (one run at a time per process) for long, nor outlive
 * the job's lease: it answers where the next run starts, or null when every product is done.
 */
export async function runPictureFetch(
  db: Db,
  storage: MediaStorage,
  importId: number,
  options: Partial<Omit<PictureFetchOptions, 'allowed'>> = {},
  budgetMs = PICTURES_RUN_MS,
): Promise<number | null> {
  const began = Date.now();
  const [imp] = await pictureJob(db, { importId });
  if (!imp || !imp.hosts.length) return null;
  const actor: AuditActor = { id: imp.staff_id, email: imp.staff_email };
  const opts: PictureFetchOptions = { ...PICTURE_FETCH_DEFAULTS, ...options, allowed: new Set(imp.hosts) };
  for (let i = imp.done; i < imp.sources.length; i++) {
    if (i > imp.done && Date.now() - began >= budgetMs) return i;
    const p = imp.sources[i]!;
    const productId = await productOf(db, p);
    // A product the import could not write: its own row error says so; its pictures are not counted.
    const r = productId
      ? await fetchProductPictures(db, storage, actor, productId, p, opts)
      : { fetched: 0, errors: [] };
    await db.execute(
      sql`update catalog_imports set pictures_done = ${i + 1},
            pictures_total = pictures_total - ${productId ? 0 : p.pictures.length},
            pictures_fetched = pictures_fetched + ${r.fetched}, pictures_failed = pictures_failed + ${r.errors.length},
            errors = errors || ${JSON.stringify(r.errors)}::jsonb
          where id = ${importId} and pictures_done = ${i}`,
    );
  }
  return null;
}

/** The picture job gave up: what is left waiting is counted failed, with one error to say so. */
export async function failPictureFetch(db: Db, importId: number): Promise<void> {
  await db.execute(
    sql`update catalog_imports set pictures_failed = pictures_total - pictures_fetched, pictures_done = jsonb_array_length(picture_sources),
          errors = errors || ${JSON.stringify([{ row: 1, column: null, message: msg.picturesStopped }])}::jsonb
        where id = ${importId}`,
  );
}
