import { createHash, randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { HttpError, notFound } from '../../../lib/http.ts';
import { adminMediaMessages as msg, type MediaItem, type MediaList, type MediaPatch } from '@shopfront/shared';
import type { Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import type { MediaStorage } from '../../media/storage.ts';
import { recordAudit } from '../../staff/audit.ts';
import { isoSql } from '../../../db/sql-time.ts';
import { PICTURE_UNDO_KEEP_MS, normalisePicture, storeThenInsert, type PictureAct } from '../catalog/pictures.ts';
import { isProductFile, lockProductFile, placesShowing, usedIn } from './shown-pictures.ts';

/**
 * The media library (issue 28). An upload goes through the product pictures' checks and
 * re-encoding (normalisePicture), outside any transaction, is written whole to storage under
 * content/, then its row inserted; the same bytes or Idempotency-Key answer the first upload's row
 * (a lost race removes its file again). The list joins the uploads with the products' pictures.
 * A delete is refused (409) while a page, post, slide, testimonial or template names the file; its
 * file goes after the commit. A product's picture deleted from its product is listed, marked with
 * when it goes, while its delete can be undone; if content shows it then, it becomes an upload
 * here at its own path (purgeDeletedPictures).
 */

/** Files this module writes live under here; only these, and product pictures it kept, are ever removed. */
const FOLDER = 'content';
const NAME_MAX = 200;

interface Row extends Omit<MediaItem, 'id'> {
  n: number;
}
const toItem = ({ n, ...r }: Row): MediaItem => ({ ...r, id: `${r.kind}-${n}` });

/** The columns of a Row. */
const ROW_COLUMNS = [
  'kind',
  'n',
  'path',
  'name',
  'alt',
  'width',
  'height',
  'bytes',
  'product_id',
  'purge_after',
  'used_in',
] as const;

/**
 * One more than a page of the library after the cursor's item (`after`, of `kind`; null: from the
 * start) matching `q` (lower case; null: all). Described with a search and an upload cursor.
 */
const mediaPage = namedQuery<Row>()({
  name: 'admin.media.list',
  columns: ROW_COLUMNS,
  example: {
    kind: 'upload' as 'upload' | 'product' | null,
    after: '10' as string | null,
    q: 'mug' as string | null,
    limit: 24,
  },
  build: (params: { kind: 'upload' | 'product' | null; after: string | null; q: string | null; limit: number }) => {
    const { kind, after, q } = params;
    const matches = (...fields: SQL[]) =>
      q === null
        ? sql`true`
        : sql.join(
            fields.map((f) => sql`strpos(lower(${f}), ${q}) > 0`),
            sql` or `,
          );
    const uploads =
      kind === 'product'
        ? sql`false`
        : sql`(${matches(sql`u.file_name`, sql`u.alt`)}) and (${after === null ? sql`true` : sql`u.id < ${Number(after)}`})`;
    const products = (table: 'i' | 'd') => {
      const t = sql.identifier(table);
      return sql`(${matches(sql`p.name`, sql`${t}.alt`)}) and (${kind === 'product' ? sql`${t}.id < ${Number(after)}` : sql`true`})`;
    };
    return sql`select m.*, case when m.kind = 'product' and m.purge_after is null then array['Product: ' || m.name] else '{}'::text[] end
                    || ${usedIn(sql`m.path`)} as used_in
          from (select * from (
                  select 'upload' as kind, u.id as n, u.path, u.file_name as name, u.alt, u.width, u.height, u.bytes,
                         null::text as product_id, null::text as purge_after
                    from media_uploads u where ${uploads}
                   order by u.id desc limit ${params.limit + 1}) a
                union all
                select * from (
                  select 'product', i.id, i.path, p.name, i.alt, i.width, i.height, null::int, p.id, null::text
                    from product_images i join products p on p.id = i.product_id where ${products('i')}
                   order by i.id desc limit ${params.limit + 1}) b
                union all
                select * from (
                  select 'product', d.id, d.path, p.name, d.alt, d.width, d.height, null::int, p.id,
                         ${isoSql(sql`(d.deleted_at + make_interval(secs => ${PICTURE_UNDO_KEEP_MS / 1000}))`)}
                    from deleted_product_images d join products p on p.id = d.product_id where ${products('d')}
                   order by d.id desc limit ${params.limit + 1}) c) m
         order by m.kind = 'upload' desc, m.n desc
         limit ${params.limit + 1}`;
  },
});

/**
 * A page of the library: the uploads newest first, then the products' pictures newest first. A
 * picture deleted from its product whose Undo has not run out (deleted_product_images) is still
 * listed among them, with its `purge_after`: it keeps its id (`product-<n>`) when deleted and
 * undone, and is in only one of the two tables at a time, so one keyset on the id pages through
 * both without a duplicate or a gap. Its product is no longer a place that shows it.
 */
export async function listMedia(
  db: Db,
  query: { q?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<MediaList> {
  const [kind, after] = query.cursor ? (query.cursor.split('-') as ['upload' | 'product', string]) : [null, null];
  const q = query.q ? query.q.toLowerCase() : null;
  const rows = await mediaPage(db, { kind, after, q, limit: query.limit });
  const page = rows.slice(0, query.limit).map(toItem);
  return { items: page, next_cursor: rows.length > query.limit ? page.at(-1)!.id : null };
}

const uploadRow = namedQuery<Row>()({
  name: 'admin.media.upload',
  columns: ROW_COLUMNS,
  example: { id: 1 },
  build: (params: { id: number }) =>
    sql`select 'upload' as kind, u.id as n, u.path, u.file_name as name, u.alt, u.width, u.height, u.bytes,
               null::text as product_id, null::text as purge_after, ${usedIn(sql`u.path`)} as used_in
          from media_uploads u where u.id = ${params.id}`,
});

async function uploadItem(db: Db, id: number): Promise<MediaItem> {
  const [row] = await uploadRow(db, { id });
  if (!row) throw notFound(msg.notFound);
  return toItem(row);
}

/** The upload of the same bytes or Idempotency-Key (the key's first). */
const sameUpload = namedQuery<{ id: number }>()({
  name: 'admin.media.existing-upload',
  columns: ['id'],
  example: { hash: 'h', key: 'k' as string | null },
  build: (params: { hash: string; key: string | null }) =>
    sql`select id from media_uploads
         where content_hash = ${params.hash} or (${params.key}::text is not null and upload_key = ${params.key})
         order by (upload_key is not distinct from ${params.key}) desc limit 1`,
});

async function existingUpload(db: Db, hash: string, key: string | null): Promise<number | null> {
  const [row] = await sameUpload(db, { hash, key });
  return row?.id ?? null;
}

/** The device's file name, kept for the search: no control characters, at most NAME_MAX long. */
const fileName = (name: string) =>
  name
    .replace(/[\p{Cc}\p{Cs}]/gu, '')
    .trim()
    .slice(0, NAME_MAX) || 'picture';

const insertUpload = namedQuery<{ id: number }>()({
  name: 'admin.media.insert',
  columns: ['id'],
  example: {
    path: '/media/content/0000000000000000.webp',
    fileName: 'picture',
    width: 1,
    height: 1,
    bytes: 1,
    hash: 'h',
    key: 'k' as string | null,
  },
  build: (params: {
    path: string;
    fileName: string;
    width: number;
    height: number;
    bytes: number;
    hash: string;
    key: string | null;
  }) =>
    sql`insert into media_uploads (path, file_name, width, height, bytes, content_hash, upload_key)
              values (${params.path}, ${params.fileName}, ${params.width}, ${params.height}, ${params.bytes}, ${params.hash}, ${params.key})
              on conflict do nothing returning id`,
});

export async function uploadMedia(
  db: Db,
  storage: MediaStorage,
  act: PictureAct,
  file: { bytes: Buffer; name: string },
  key: string | null,
): Promise<MediaItem> {
  const hash = createHash('sha256').update(file.bytes).digest('hex');
  const before = await existingUpload(db, hash, key);
  if (before !== null) return uploadItem(db, before);
  const { webp, width, height } = await normalisePicture(file.bytes);
  const path = `/media/${FOLDER}/${randomBytes(8).toString('hex')}.webp`;
  const rel = path.slice('/media/'.length);
  const made = await storeThenInsert(
    storage,
    rel,
    webp,
    () =>
      db.transaction(async (tx) => {
        const [row] = await insertUpload(tx, {
          path,
          fileName: fileName(file.name),
          width,
          height,
          bytes: webp.length,
          hash,
          key,
        });
        if (!row) return null;
        await recordAudit(tx, {
          staff: act.staff,
          action: 'media.upload',
          target: `media:${row.id}`,
          after: { path, width, height },
          ip: act.ip,
        });
        return row.id;
      }),
    // The same upload, made at the same moment, came first: answer its row.
    () => existingUpload(db, hash, key),
  );
  if (made === null) throw notFound(msg.notFound);
  return uploadItem(db, made);
}

/** The upload's alt text set, answering the one it had. */
const setUploadAlt = namedQuery<{ before: string }>()({
  name: 'admin.media.set-alt',
  columns: ['before'],
  example: { id: 1, alt: 'alt' },
  build: (params: { id: number; alt: string }) =>
    sql`update media_uploads u set alt = ${params.alt} from media_uploads old
           where u.id = ${params.id} and old.id = u.id returning old.alt as before`,
});

export async function updateMedia(db: Db, act: PictureAct, id: number, patch: MediaPatch): Promise<MediaItem> {
  await db.transaction(async (tx) => {
    const [row] = await setUploadAlt(tx, { id, alt: patch.alt });
    if (!row) throw notFound(msg.notFound);
    await recordAudit(tx, {
      staff: act.staff,
      action: 'media.update',
      target: `media:${id}`,
      before: { alt: row.before },
      after: { alt: patch.alt },
      ip: act.ip,
    });
  });
  return uploadItem(db, id);
}

const uploadPath = namedQuery<{ path: string }>()({
  name: 'admin.media.path',
  columns: ['path'],
  example: { id: 1 },
  build: (params: { id: number }) => sql`select path from media_uploads where id = ${params.id}`,
});

const lockUploadPath = namedQuery<{ path: string }>()({
  name: 'admin.media.lock',
  columns: ['path'],
  example: { id: 1 },
  build: (params: { id: number }) => sql`select path from media_uploads where id = ${params.id} for update`,
});

/** Whether a product picture, or one deleted from its product, still refers to the file. */
const productFileKept = namedQuery<{ kept: boolean }>()({
  name: 'admin.media.product-file-kept',
  columns: ['kept'],
  example: { path: '/media/products/prd_example/0000000000000000.webp' },
  build: (params: { path: string }) =>
    sql`select exists (select 1 from product_images where path = ${params.path})
              or exists (select 1 from deleted_product_images where path = ${params.path}) as kept`,
});

/**
 * Deletes an upload no page, post, slide, testimonial or template uses (409 naming them
 * otherwise), then its file, after the commit: one uploaded under content/, or a product's picture
 * the library kept when it was deleted from its product (purgeDeletedPictures) unless a product
 * picture refers to it again. The row is locked FOR UPDATE before, and in another statement than,
 * the look for content showing it: a save holding the row (lockShownPictures, FOR KEY SHARE) is
 * waited for, and the look's fresh READ COMMITTED snapshot then sees what it saved. One statement
 * would read with the snapshot taken before the wait and miss it. A kept product picture's file
 * lock is taken first, as the saves and the purge take it.
 */
export async function deleteMedia(db: Db, storage: MediaStorage, act: PictureAct, id: number): Promise<void> {
  const remove = await db.transaction(async (tx) => {
    const [named] = await uploadPath(tx, { id });
    if (named && isProductFile(named.path)) await lockProductFile(tx, named.path);
    const [locked] = await lockUploadPath(tx, { id });
    if (!locked) throw notFound(msg.notFound);
    const used = await placesShowing(tx, locked.path);
    if (used.length > 0) throw new HttpError(409, msg.inUse(used));
    await tx.execute(sql`delete from media_uploads where id = ${id}`);
    await recordAudit(tx, {
      staff: act.staff,
      action: 'media.delete',
      target: `media:${id}`,
      before: { path: locked.path },
      after: null,
      ip: act.ip,
    });
    if (locked.path.startsWith(`/media/${FOLDER}/`)) return locked.path;
    if (!isProductFile(locked.path)) return null;
    const [refs] = await productFileKept(tx, { path: locked.path });
    return refs!.kept ? null : locked.path;
  });
  if (remove) await storage.remove(remove.slice('/media/'.length));
}
