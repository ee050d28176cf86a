import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  PICTURE_FORMATS,
  PICTURE_LIMITS,
  adminCatalogMessages,
  adminPictureMessages as msg,
  type AdminPictureOrder,
  type AdminPicturePatch,
  type AdminPictures,
} from '@shopfront/shared';
import { queryRows, type Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { HttpError, fieldError, notFound } from '../../../lib/http.ts';
import { imageWork } from '../../../lib/limiter.ts';
import { refreshProductSummaries } from '../../catalog/summary.ts';
import type { MediaStorage } from '../../media/storage.ts';
import { recordAudit, type AuditActor } from '../../staff/audit.ts';
import { lockProductFile, placesShowing } from '../media/shown-pictures.ts';

/**
 * A product's pictures (issue 26). An upload is normalised to WebP outside any transaction,
 * written whole to storage, then its row inserted under the product's row lock (so concurrent
 * uploads queue, and the same bytes or Idempotency-Key find the first one's row); when the insert
 * does not happen, the file goes again. The file of a deleted picture goes after the commit.
 * Every write refreshes the product's card picture; the content triggers tell every process.
 */

export interface PictureAct {
  staff: AuditActor;
  ip: string | null;
}

/** Files this module writes live under here; only these are ever removed. */
const FOLDER = 'products';
const ACCEPTED = new Set<string>(PICTURE_FORMATS);

interface Row {
  id: number;
  url: string;
  alt: string;
  width: number;
  height: number;
  option_value: string | null;
  focal_x: number;
  focal_y: number;
}

async function lockProduct(tx: Db, productId: string): Promise<void> {
  const [p] = await queryRows(tx, sql`select id from products where id = ${productId} for update`);
  if (!p) throw notFound(adminCatalogMessages.productNotFound);
}

const EXAMPLE_PRODUCT = { productId: 'prd_example' };

const productOptions = namedQuery<{ options: AdminPictures['options'] }>()({
  name: 'admin.catalog.pictures.options',
  columns: ['options'],
  example: EXAMPLE_PRODUCT,
  build: (params: { productId: string }) =>
    sql`select (select coalesce(json_agg(json_build_object('name', o.name, 'values', o.values) order by o.position, o.id), '[]'::json)
                  from product_options o where o.product_id = p.id) as options
          from products p where p.id = ${params.productId}`,
});

const productPictures = namedQuery<Row>()({
  name: 'admin.catalog.pictures.list',
  columns: ['id', 'url', 'alt', 'width', 'height', 'option_value', 'focal_x', 'focal_y'],
  example: EXAMPLE_PRODUCT,
  build: (params: { productId: string }) =>
    sql`select id, path as url, alt, width, height, option_value, focal_x::float8 as focal_x, focal_y::float8 as focal_y
          from product_images where product_id = ${params.productId} order by position, id`,
});

export async function listPictures(db: Db, productId: string): Promise<AdminPictures> {
  const [p] = await productOptions(db, { productId });
  if (!p) throw notFound(adminCatalogMessages.productNotFound);
  const pictures = await productPictures(db, { productId });
  return { product_id: productId, pictures, options: p.options };
}

/**
 * Checks the bytes are a JPEG, PNG, WebP or AVIF (from sharp's reading of them, never a name or a
 * declared type) of at most maxPixels, then re-encodes: turned upright by its EXIF, at most
 * maxSide on the long side, WebP, no metadata kept.
 */
export async function normalisePicture(input: Buffer): Promise<{ webp: Buffer; width: number; height: number }> {
  const meta = await sharp(input)
    .metadata()
    .catch(() => null);
  if (!meta) throw fieldError('file', msg.unreadable);
  // sharp names AVIF `heif` with AV1 compression; other HEIF (a phone's HEIC) is not taken.
  const format = meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : meta.format;
  if (!ACCEPTED.has(format)) throw fieldError('file', msg.type);
  if (!meta.width || !meta.height) throw fieldError('file', msg.unreadable);
  if (meta.width * meta.height > PICTURE_LIMITS.maxPixels) throw fieldError('file', msg.tooManyPixels);
  try {
    const { data, info } = await imageWork(() =>
      sharp(input, { limitInputPixels: PICTURE_LIMITS.maxPixels, failOn: 'error' })
        .autoOrient()
        .resize({
          width: PICTURE_LIMITS.maxSide,
          height: PICTURE_LIMITS.maxSide,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 85, effort: 4 })
        .toBuffer({ resolveWithObject: true }),
    );
    return { webp: data, width: info.width, height: info.height };
  } catch {
    // A header that promised a picture over damaged or missing pixel data.
    throw fieldError('file', msg.unreadable);
  }
}

/** The product's picture of these bytes or this Idempotency-Key (the key's first). */
const uploadedPicture = namedQuery<{ id: number }>()({
  name: 'admin.catalog.pictures.existing-upload',
  columns: ['id'],
  example: { productId: 'prd_example', hash: 'h', key: 'k' as string | null },
  build: (params: { productId: string; hash: string; key: string | null }) =>
    sql`select id from product_images where product_id = ${params.productId}
          and (content_hash = ${params.hash} or (${params.key}::text is not null and upload_key = ${params.key}))
        order by (upload_key is not distinct from ${params.key}) desc limit 1`,
});

async function existingUpload(db: Db, productId: string, hash: string, key: string | null): Promise<number | null> {
  const [row] = await uploadedPicture(db, { productId, hash, key });
  return row?.id ?? null;
}

/**
 * Writes a re-encoded upload whole to storage, then `insert`s its row (a transaction answering the
 * new id, or null when the same upload's row came first: then `existing` finds that one). The file
 * goes again when the insert fails or makes no row.
 */
export async function storeThenInsert(
  storage: MediaStorage,
  rel: string,
  bytes: Buffer,
  insert: () => Promise<number | null>,
  existing: () => Promise<number | null>,
): Promise<number | null> {
  await storage.put(rel, bytes);
  let made: number | null;
  try {
    made = await insert();
  } catch (err) {
    await storage.remove(rel);
    throw err;
  }
  if (made !== null) return made;
  await storage.remove(rel);
  return existing();
}

/** A picture fetched by the CSV import: its URL, and the alt text and variant the file gives it. */
export interface FetchedPicture {
  sourceUrl: string;
  alt: string;
  optionValue: string | null;
}

/** How many pictures the product has. */
const pictureCount = namedQuery<{ n: number }>()({
  name: 'admin.catalog.pictures.count',
  columns: ['n'],
  example: EXAMPLE_PRODUCT,
  build: (params: { productId: string }) =>
    sql`select count(*)::int as n from product_images where product_id = ${params.productId}`,
});

interface NewPicture {
  productId: string;
  path: string;
  alt: string;
  width: number;
  height: number;
  hash: string;
  key: string | null;
  optionValue: string | null;
  sourceUrl: string | null;
}

const EXAMPLE_NEW_PICTURE: NewPicture = {
  productId: 'prd_example',
  path: '/media/products/x.webp',
  alt: '',
  width: 1,
  height: 1,
  hash: 'h',
  key: 'k',
  optionValue: 'Red',
  sourceUrl: 'https://example.com/x.jpg',
};

/** The new picture's row, last in the order; none when the same upload's row is there (content_hash, upload_key). */
const insertPicture = namedQuery<{ id: number }>()({
  name: 'admin.catalog.pictures.insert',
  columns: ['id'],
  example: EXAMPLE_NEW_PICTURE,
  build: (params: NewPicture) =>
    sql`insert into product_images (product_id, path, alt, width, height, position, content_hash, upload_key,
                                    option_value, source_url)
        values (${params.productId}, ${params.path}, ${params.alt}, ${params.width}, ${params.height},
          (select coalesce(max(position) + 1, 0) from product_images where product_id = ${params.productId}), ${params.hash}, ${params.key},
          ${params.optionValue}, ${params.sourceUrl})
        on conflict do nothing returning id`,
});

export async function uploadPicture(
  db: Db,
  storage: MediaStorage,
  act: PictureAct,
  productId: string,
  bytes: Buffer,
  key: string | null,
  fetched?: FetchedPicture,
): Promise<AdminPictures> {
  const hash = createHash('sha256').update(bytes).digest('hex');
  const before = await existingUpload(db, productId, hash, key);
  if (before !== null) return { ...(await listPictures(db, productId)), picture_id: before };
  await listPictures(db, productId); // 404 before the work of re-encoding
  const { webp, width, height } = await normalisePicture(bytes);
  const rel = `${FOLDER}/${productId}/${randomBytes(8).toString('hex')}.webp`;
  const made = await storeThenInsert(
    storage,
    rel,
    webp,
    () =>
      db.transaction(async (tx) => {
        await lockProduct(tx, productId);
        const [count] = await pictureCount(tx, { productId });
        if (count!.n >= PICTURE_LIMITS.perProduct) {
          if ((await existingUpload(tx, productId, hash, key)) === null) throw fieldError('file', msg.tooMany);
        }
        const [row] = await insertPicture(tx, {
          productId,
          path: `/media/${rel}`,
          alt: fetched?.alt ?? '',
          width,
          height,
          hash,
          key,
          optionValue: fetched?.optionValue ?? null,
          sourceUrl: fetched?.sourceUrl ?? null,
        });
        if (!row) return null;
        await refreshProductSummaries(tx, [productId]);
        await recordAudit(tx, {
          staff: act.staff,
          action: 'product.picture.add',
          target: `product:${productId}`,
          after: { picture: row.id, path: `/media/${rel}`, width, height },
          ip: act.ip,
        });
        return row.id;
      }),
    // The same upload, made at the same moment, came first: answer its picture.
    () => existingUpload(db, productId, hash, key),
  );
  return { ...(await listPictures(db, productId)), picture_id: made ?? undefined };
}

const EXAMPLE_PICTURE = { productId: 'prd_example', pictureId: 1 };

/** What a picture's edit may change, as it is. */
const pictureFields = namedQuery<Pick<Row, 'alt' | 'option_value' | 'focal_x' | 'focal_y'>>()({
  name: 'admin.catalog.pictures.fields',
  columns: ['alt', 'option_value', 'focal_x', 'focal_y'],
  example: EXAMPLE_PICTURE,
  build: (params: { productId: string; pictureId: number }) =>
    sql`select alt, option_value, focal_x::float8 as focal_x, focal_y::float8 as focal_y
          from product_images where id = ${params.pictureId} and product_id = ${params.productId}`,
});

/** Whether one of the product's options has this value. */
const knownOptionValue = namedQuery<{ ok: boolean }>()({
  name: 'admin.catalog.pictures.known-option-value',
  columns: ['ok'],
  example: { productId: 'prd_example', value: 'Red' },
  build: (params: { productId: string; value: string }) =>
    sql`select exists (select 1 from product_options where product_id = ${params.productId} and ${params.value} = any(values)) as ok`,
});

export async function updatePicture(
  db: Db,
  act: PictureAct,
  productId: string,
  pictureId: number,
  patch: AdminPicturePatch,
): Promise<AdminPictures> {
  await db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const [before] = await pictureFields(tx, { productId, pictureId });
    if (!before) throw notFound(msg.pictureNotFound);
    if (patch.option_value != null) {
      const [known] = await knownOptionValue(tx, { productId, value: patch.option_value });
      if (!known?.ok) throw fieldError('option_value', msg.optionValue);
    }
    const sets = [];
    if (patch.alt !== undefined) sets.push(sql`alt = ${patch.alt}`);
    if (patch.option_value !== undefined) sets.push(sql`option_value = ${patch.option_value}`);
    if (patch.focal_x !== undefined) sets.push(sql`focal_x = ${patch.focal_x}`);
    if (patch.focal_y !== undefined) sets.push(sql`focal_y = ${patch.focal_y}`);
    await tx.execute(sql`update product_images set ${sql.join(sets, sql`, `)} where id = ${pictureId}`);
    const keys = Object.keys(patch) as (keyof AdminPicturePatch)[];
    await recordAudit(tx, {
      staff: act.staff,
      action: 'product.picture.update',
      target: `product:${productId}`,
      before: { picture: pictureId, ...Object.fromEntries(keys.map((k) => [k, before[k]])) },
      after: { picture: pictureId, ...patch },
      ip: act.ip,
    });
  });
  return listPictures(db, productId);
}

const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The product's pictures' ids in their order. */
const pictureOrder = namedQuery<{ id: number }>()({
  name: 'admin.catalog.pictures.order',
  columns: ['id'],
  example: EXAMPLE_PRODUCT,
  build: (params: { productId: string }) =>
    sql`select id from product_images where product_id = ${params.productId} order by position, id`,
});

export async function reorderPictures(
  db: Db,
  act: PictureAct,
  productId: string,
  body: AdminPictureOrder,
): Promise<AdminPictures> {
  await db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const current = (await pictureOrder(tx, { productId })).map((r) => r.id);
    if (!same(current, body.expected)) throw new HttpError(409, msg.orderChanged);
    if (
      !same(
        [...current].sort((a, b) => a - b),
        [...body.order].sort((a, b) => a - b),
      )
    )
      throw fieldError('order', msg.orderSet);
    await tx.execute(
      sql`update product_images i set position = o.position - 1
            from unnest(${`{${body.order.join(',')}}`}::int[]) with ordinality as o(id, position)
           where i.id = o.id and i.product_id = ${productId}`,
    );
    await refreshProductSummaries(tx, [productId]);
    await recordAudit(tx, {
      staff: act.staff,
      action: 'product.picture.reorder',
      target: `product:${productId}`,
      before: { order: current },
      after: { order: body.order },
      ip: act.ip,
    });
  });
  return listPictures(db, productId);
}

/**
 * How long a deleted picture's row and file are kept so its delete can be undone: well past the
 * panel's Undo offer (UNDO_OFFER_MS), so an Undo pressed at the offer's last moment finds them.
 */
export const PICTURE_UNDO_KEEP_MS = 15 * 60_000;

/**
 * Deletes a picture from the shop at once (its row leaves product_images), keeping the row in
 * deleted_product_images and the file in storage for PICTURE_UNDO_KEEP_MS: the delete's Undo
 * (restorePicture) brings it back as it was; purgeDeletedPictures removes them after (a file that
 * content shows then stays, in the media library). Answers the pictures left and where content
 * still shows the deleted one.
 */
/** Moves the picture's row from product_images to deleted_product_images (kept for its Undo). */
const moveToDeleted = namedQuery<{ path: string; alt: string; position: number }>()({
  name: 'admin.catalog.pictures.delete',
  columns: ['path', 'alt', 'position'],
  example: EXAMPLE_PICTURE,
  build: (params: { productId: string; pictureId: number }) =>
    sql`with gone as (delete from product_images where id = ${params.pictureId} and product_id = ${params.productId} returning *)
        insert into deleted_product_images (id, product_id, option_value, path, alt, width, height, position,
                                            focal_x, focal_y, content_hash, upload_key)
        select id, product_id, option_value, path, alt, width, height, position, focal_x, focal_y, content_hash, upload_key
          from gone
        on conflict (id) do nothing
        returning path, alt, position`,
});

export async function deletePicture(
  db: Db,
  act: PictureAct,
  productId: string,
  pictureId: number,
): Promise<AdminPictures & { still_shown: string[] }> {
  const stillShown = await db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const [gone] = await moveToDeleted(tx, { productId, pictureId });
    if (!gone) throw notFound(msg.pictureNotFound);
    await refreshProductSummaries(tx, [productId]);
    await recordAudit(tx, {
      staff: act.staff,
      action: 'product.picture.delete',
      target: `product:${productId}`,
      before: { picture: pictureId, path: gone.path, alt: gone.alt, position: gone.position },
      after: { picture: null },
      ip: act.ip,
    });
    return placesShowing(tx, gone.path);
  });
  return { ...(await listPictures(db, productId)), still_shown: stillShown };
}

/**
 * Undo of a picture's delete (the undo service, in its transaction): the kept row goes back into
 * product_images with its id, alt text, variant and focal point, at its place in the order (the
 * pictures from there on move one along). `changedSince` (409) when it is no longer kept (undone
 * already, or removed for good) or the same file was uploaded to the product again meanwhile.
 */
/** Takes the deleted picture's kept row out of deleted_product_images, answering what it held. */
const takeDeleted = namedQuery<
  Omit<Row, 'id'> & { position: number; content_hash: string | null; upload_key: string | null }
>()({
  name: 'admin.catalog.pictures.take-deleted',
  columns: [
    'url',
    'alt',
    'width',
    'height',
    'option_value',
    'focal_x',
    'focal_y',
    'position',
    'content_hash',
    'upload_key',
  ],
  example: EXAMPLE_PICTURE,
  build: (params: { productId: string; pictureId: number }) =>
    sql`delete from deleted_product_images where id = ${params.pictureId} and product_id = ${params.productId}
        returning path as url, alt, width, height, option_value, focal_x, focal_y, position, content_hash, upload_key`,
});

export async function restorePicture(
  tx: Db,
  act: PictureAct,
  productId: string,
  before: Record<string, unknown>,
  changedSince: () => Error,
): Promise<void> {
  await lockProduct(tx, productId);
  const pictureId = Number(before.picture);
  const [kept] = await takeDeleted(tx, { productId, pictureId });
  if (!kept) throw changedSince();
  const [clash] = await queryRows(
    tx,
    sql`select id from product_images where product_id = ${productId}
          and (content_hash = ${kept.content_hash} or upload_key = ${kept.upload_key}) limit 1`,
  );
  if (clash) throw changedSince();
  const [count] = await pictureCount(tx, { productId });
  if (count!.n >= PICTURE_LIMITS.perProduct) throw fieldError('file', msg.tooMany);
  // Its place in the order as the owner saw it: the pictures that were after it stay after it.
  await tx.execute(
    sql`update product_images set position = position + 1 where product_id = ${productId} and position >= ${kept.position}`,
  );
  await tx.execute(
    sql`insert into product_images (id, product_id, option_value, path, alt, width, height, position,
                                    focal_x, focal_y, content_hash, upload_key)
        values (${pictureId}, ${productId}, ${kept.option_value}, ${kept.url}, ${kept.alt}, ${kept.width},
                ${kept.height}, ${kept.position}, ${kept.focal_x}, ${kept.focal_y}, ${kept.content_hash}, ${kept.upload_key})`,
  );
  await refreshProductSummaries(tx, [productId]);
  await recordAudit(tx, {
    staff: act.staff,
    action: 'product.picture.restore',
    target: `product:${productId}`,
    before: { picture: null },
    after: { picture: pictureId, path: kept.url, alt: kept.alt, position: kept.position },
    ip: act.ip,
  });
}

/** Who the audit log names for what the purge job does: no staff member, the shop's own clean-up. */
export const PURGE_ACTOR: AuditActor = { id: null, email: 'Picture clean-up (automatic)' };

/** What the purge does with one deleted picture's file once its Undo has passed. */
type Fate = 'kept' | 'library' | 'remove';

/** A kept row is due when it was deleted more than `keepMs` ago. */
const dueSql = (keepMs: number) => sql`deleted_at < now() - make_interval(secs => ${keepMs / 1000})`;

const duePictures = namedQuery<{ id: number; path: string }>()({
  name: 'admin.catalog.pictures.purge-due',
  columns: ['id', 'path'],
  example: { keepMs: PICTURE_UNDO_KEEP_MS },
  build: (params: { keepMs: number }) =>
    sql`select id, path from deleted_product_images where ${dueSql(params.keepMs)} order by id`,
});

interface Purged {
  alt: string;
  width: number;
  height: number;
  name: string;
  product_id: string;
}

/** Removes the kept row while it is still due. */
const purgeDeleted = namedQuery<Purged>()({
  name: 'admin.catalog.pictures.purge',
  columns: ['alt', 'width', 'height', 'name', 'product_id'],
  example: { id: 1, keepMs: PICTURE_UNDO_KEEP_MS },
  build: (params: { id: number; keepMs: number }) =>
    sql`delete from deleted_product_images d using products p
         where d.id = ${params.id} and p.id = d.product_id and ${dueSql(params.keepMs)}
     returning d.alt, d.width, d.height, p.name, d.product_id`,
});

/** Whether a picture (shown or kept) or the library still refers to the file. */
const fileStillReferred = namedQuery<{ kept: boolean }>()({
  name: 'admin.catalog.pictures.file-referred',
  columns: ['kept'],
  example: { path: '/media/products/x.webp' },
  build: (params: { path: string }) =>
    sql`select exists (select 1 from product_images where path = ${params.path})
            or exists (select 1 from deleted_product_images where path = ${params.path})
            or exists (select 1 from media_uploads where path = ${params.path}) as kept`,
});

/** The purged picture's file, kept in the media library (the same path: content needs no rewrite). */
const keepInLibrary = namedQuery<{ id: number }>()({
  name: 'admin.catalog.pictures.keep-in-library',
  columns: ['id'],
  example: {
    path: '/media/products/x.webp',
    row: { alt: '', width: 1, height: 1, name: 'n', product_id: 'prd_example' },
    bytes: 1,
  },
  build: (params: { path: string; row: Purged; bytes: number }) =>
    sql`insert into media_uploads (path, file_name, alt, width, height, bytes, content_hash)
        values (${params.path}, ${params.row.name}, ${params.row.alt}, ${params.row.width}, ${params.row.height}, ${params.bytes},
                ${`product-picture:${params.path}`}) -- never a sha256: no upload's bytes match it
        returning id`,
});

/**
 * Removes deleted pictures kept longer than `keepMs` (their delete can no longer be undone), each
 * in its own short transaction under its file's lock (lockProductFile, as a content save showing
 * it takes shared): the row goes; the file stays while a picture (shown or kept) refers to it or
 * the library keeps it; else, when a page, post, slide, testimonial or template shows it, the
 * library keeps it (a media_uploads row at the same path, so content needs no rewrite: “used in
 * Page: …”, deletable there once nothing shows it); else a file this module wrote is removed after
 * the commit. The recurring job's work; answers how many rows went.
 */
export async function purgeDeletedPictures(db: Db, storage: MediaStorage, keepMs = PICTURE_UNDO_KEEP_MS) {
  const rows = await duePictures(db, { keepMs });
  let gone = 0;
  for (const { id, path } of rows) {
    // Before the transaction (it may be a request to S3): the library row records its size.
    const file = await storage.stat(path.slice('/media/'.length)).catch(() => null);
    const fate = await db.transaction(async (tx): Promise<Fate | null> => {
      await lockProductFile(tx, path);
      const [row] = await purgeDeleted(tx, { id, keepMs });
      if (!row) return null; // undone, or purged by another run meanwhile
      const [refs] = await fileStillReferred(tx, { path });
      if (refs!.kept) return 'kept';
      // Its own statement, after the lock: sees every save that held the lock before.
      if (file === null) return 'remove';
      const shownIn = await placesShowing(tx, path);
      if (shownIn.length === 0) return 'remove';
      const [kept] = await keepInLibrary(tx, { path, row, bytes: file.bytes });
      // The owner's log says why a picture deleted from its product is still in the library.
      await recordAudit(tx, {
        staff: PURGE_ACTOR,
        action: 'product.picture.keep',
        target: `product:${row.product_id}`,
        before: { picture: id, path },
        after: { media: kept!.id, path, shown_in: shownIn },
      });
      return 'library';
    });
    if (fate === null) continue;
    gone++;
    if (fate === 'remove' && path.startsWith(`/media/${FOLDER}/`)) await storage.remove(path.slice('/media/'.length));
  }
  return gone;
}
