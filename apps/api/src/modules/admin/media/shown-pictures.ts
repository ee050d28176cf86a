import { sql } from 'drizzle-orm';
import { adminMediaMessages as msg } from '@shopfront/shared';
import { HttpError } from '../../../lib/http.ts';
import { queryRows, type Db } from '../../../db/client.ts';

/** A library upload named in saved content, plain or resized (`/media/w_640/content/…`). */
const LIBRARY_PATH = /\/media\/(?:[a-z]_\d+\/)?content\/([0-9a-f]{16})\.webp/g;

/**
 * Called first in every page, post, slide, testimonial and template draft save's transaction with
 * what it stores: takes the media library rows it shows FOR KEY SHARE, and refuses (409) when one is gone.
 *
 * Why row locks: an upload's delete (deleteMedia) takes its row FOR UPDATE and only then, in a
 * later statement (so a fresh READ COMMITTED snapshot), looks for content showing it. A save that
 * locked the row first makes the delete wait and then see the save's content (409 in use); a save
 * that comes while the delete holds the row waits, finds the row gone and is refused. Either way no
 * content points at a removed file. KEY SHARE conflicts only with the delete (FOR UPDATE), not
 * with an alt text edit or other saves, and only for the pictures that save uses, unlike one
 * shop-wide advisory lock.
 */
export async function lockShownPictures(tx: Db, ...texts: (string | null | undefined)[]): Promise<void> {
  const paths = [
    ...new Set(texts.flatMap((t) => [...(t ?? '').matchAll(LIBRARY_PATH)].map((m) => `/media/content/${m[1]}.webp`))),
  ];
  if (paths.length === 0) return;
  const held = await queryRows<{ path: string }>(
    tx,
    sql`select path from media_uploads where path in (${sql.join(
      paths.map((p) => sql`${p}`),
      sql`, `,
    )}) order by id for key share`,
  );
  if (held.length < paths.length) throw new HttpError(409, msg.pictureGone);
}
