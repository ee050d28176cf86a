import { sql, type SQL } from 'drizzle-orm';
import { adminMediaMessages as msg } from '@shopfront/shared';
import { HttpError } from '../../../lib/http.ts';
import type { Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';

/**
 * A picture file content can show and the shop can remove, plain or resized
 * (`/media/w_640/content/…`, `/media/w_640_dpr_2/products/prd_1/…`): a library upload or a
 * product's picture.
 */
const SHOWN_PATH =
  /\/media\/(?:w_\d+(?:_dpr_\d+)?\/)?(content\/[0-9a-f]{16}\.webp|products\/[A-Za-z0-9_-]+\/[0-9a-f]{16}\.webp)/g;

/** A product picture's file: the purge (purgeDeletedPictures) may remove it once nothing refers to it. */
export const isProductFile = (path: string) => path.startsWith('/media/products/');

/**
 * Where a picture is shown: every page, post, slide, testimonial and template (its draft or live
 * sections) that names its file (plain or resized, `/media/w_640/…`), as “Page: About us”. `path`
 * is an SQL expression of /media/….
 */
export const usedIn = (path: SQL) => sql`array(
  select 'Page: ' || p.title from pages p where strpos(p.blocks::text, substr(${path}, 8)) > 0
  union all
  select 'Post: ' || b.title from blog_posts b
   where strpos(b.body::text, substr(${path}, 8)) > 0 or strpos(coalesce(b.cover_image_path, ''), substr(${path}, 8)) > 0
  union all
  select 'Slide: ' || s.title from slides s where strpos(s.image_url, substr(${path}, 8)) > 0
  union all
  select 'Testimonial: ' || t.author_name from testimonials t where strpos(coalesce(t.avatar_path, ''), substr(${path}, 8)) > 0
  union all
  select 'Template: ' || t.name from templates t
   where strpos(coalesce(t.draft_sections::text, ''), substr(${path}, 8)) > 0
      or exists (select 1 from template_sections s where s.template_id = t.id and strpos(s.settings::text, substr(${path}, 8)) > 0)
)`;

const placesShowingRow = namedQuery<{ used_in: string[] }>()({
  name: 'admin.media.places-showing',
  columns: ['used_in'],
  example: { path: '/media/content/0000000000000000.webp' },
  build: (params: { path: string }) => sql`select ${usedIn(sql`${params.path}::text`)} as used_in`,
});

/** Where content shows `path` now (a fresh READ COMMITTED snapshot when it is its own statement). */
export async function placesShowing(tx: Db, path: string): Promise<string[]> {
  const [row] = await placesShowingRow(tx, { path });
  return row?.used_in ?? [];
}

const fileLock = (path: string | SQL) => sql`hashtext('shown-product-picture'), hashtext(${path})`;

/**
 * Takes a product picture file's lock alone (until the transaction ends): what decides whether the
 * file goes (the purge of deleted pictures, a library delete of one it kept) holds it while it
 * looks for content showing the file, so a save showing it (lockShownPictures, which takes it
 * shared) is waited for and seen, or waits and sees the outcome.
 */
export const lockProductFile = (tx: Db, path: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(${fileLock(path)})`);

/** The paths as a list of bound parameters. */
const list = (ps: readonly string[]) =>
  sql.join(
    ps.map((p) => sql`${p}`),
    sql`, `,
  );

/** The library uploads of the paths, locked against their delete. */
const holdUploads = namedQuery<{ path: string }>()({
  name: 'admin.media.hold-uploads',
  columns: ['path'],
  example: { paths: ['/media/content/0000000000000000.webp'] },
  build: (params: { paths: readonly string[] }) =>
    sql`select path from media_uploads where path in (${list(params.paths)}) order by id for key share`,
});

/** How many of the paths a product picture, or one deleted from its product, has. */
const productPictureCount = namedQuery<{ n: number }>()({
  name: 'admin.media.product-pictures-of',
  columns: ['n'],
  example: { paths: ['/media/products/prd_example/0000000000000000.webp'] },
  build: (params: { paths: readonly string[] }) =>
    sql`select count(distinct path)::int as n from (
          select path from product_images where path in (${list(params.paths)})
          union all select path from deleted_product_images where path in (${list(params.paths)})) x`,
});

/**
 * Called first in every page, post, slide, testimonial and template draft save's transaction with
 * what it stores: takes the pictures it shows, and refuses (409) when one's file is gone.
 *
 * A library upload: its media_uploads row FOR KEY SHARE. An upload's delete (deleteMedia) takes
 * its row FOR UPDATE and only then, in a later statement (so a fresh READ COMMITTED snapshot), looks
 * for content showing it. A save that locked the row first makes the delete wait and then see the
 * save's content (409 in use); a save that comes while the delete holds the row waits, finds the
 * row gone and is refused. KEY SHARE conflicts only with the delete, not with an alt text edit or
 * other saves, and only for the pictures that save uses, unlike one shop-wide advisory lock.
 *
 * A product's picture: first its file's lock shared (lockProductFile), then the same row lock when
 * the library kept it; it must still be a product's picture, a deleted one kept for Undo, or kept
 * in the library. The purge holding the lock is waited for and its outcome seen (file kept in the
 * library, or gone: 409); a purge coming after this save waits and sees it (the file is kept).
 */
export async function lockShownPictures(tx: Db, ...texts: (string | null | undefined)[]): Promise<void> {
  const paths = [
    ...new Set(texts.flatMap((t) => [...(t ?? '').matchAll(SHOWN_PATH)].map((m) => `/media/${m[1]}`))),
  ].sort();
  if (paths.length === 0) return;
  const products = paths.filter(isProductFile);
  if (products.length > 0)
    await tx.execute(
      sql`select count(pg_advisory_xact_lock_shared(${fileLock(sql`p`)})) from unnest(array[${list(products)}]::text[]) p`,
    );
  const held = new Set((await holdUploads(tx, { paths })).map((r) => r.path));
  const missing = paths.filter((p) => !held.has(p));
  if (missing.some((p) => !isProductFile(p))) throw new HttpError(409, msg.pictureGone);
  if (missing.length === 0) return;
  const [pictures] = await productPictureCount(tx, { paths: missing });
  if (pictures!.n < missing.length) throw new HttpError(409, msg.pictureGone);
}
