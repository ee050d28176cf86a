import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import type { MediaStorage } from '../../media/storage.ts';
import { BRAND_FOLDER } from './pictures.ts';

declare module '../../jobs/registry.ts' {
  interface JobPayloads {
    /** Deletes uploaded sharing pictures and favicon sets no storefront uses; recurring, hourly. */
    'sharing-picture-prune': Record<string, never>;
  }
}

/** An upload not saved yet is kept this long (the owner may still press Save, or Undo a change). */
export const SHARING_UPLOAD_GRACE_MS = 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;
/** The files makeSharingPicture writes; the 16-hex id names a picture or a favicon set. */
const FILE = /^(share|favicon)-([0-9a-f]{16})(?:\.jpg|-\d+\.png)$/;

/** Which of the picture and favicon ids a storefront names. */
const usedIds = namedQuery<{ id: string }>()({
  name: 'admin.seo.used-sharing-ids',
  columns: ['id'],
  example: { ids: ['share-0123456789abcdef'] },
  build: (p: { ids: string[] }) =>
    sql`select ids.id from jsonb_array_elements_text(${JSON.stringify(p.ids)}::jsonb) as ids(id)
        where exists (select 1 from storefronts s
                      where strpos(coalesce(s.social_sharing_image, ''), ids.id) > 0
                         or strpos(s.look::text, ids.id) > 0)`,
});

/**
 * Deletes the sharing pictures and favicon sets (with their resized copies) that were uploaded
 * more than the grace period ago and that no storefront names: an upload never saved, or a
 * picture replaced since. Answers how many files went. Removing twice is harmless, so several
 * processes may run it at once.
 */
export async function pruneSharingPictures(db: Db, storage: MediaStorage, now = Date.now()): Promise<number> {
  // An interrupted upload's temporary file.
  await storage.sweep(BRAND_FOLDER, now - SHARING_UPLOAD_GRACE_MS);
  const old: { name: string; id: string }[] = [];
  for (const file of await storage.list(BRAND_FOLDER)) {
    if (now - file.modifiedMs < SHARING_UPLOAD_GRACE_MS) continue;
    const name = file.path.slice(BRAND_FOLDER.length + 1);
    const match = FILE.exec(name);
    if (match) old.push({ name, id: `${match[1]}-${match[2]}` });
  }
  if (!old.length) return 0;
  // A storefront names a picture by its address in social_sharing_image and a favicon set by its
  // sizes' addresses in look.favicon: an id found in either keeps every file of it.
  const ids = [...new Set(old.map((f) => f.id))];
  const used = await usedIds(db, { ids });
  const keep = new Set(used.map((r) => r.id));
  let removed = 0;
  for (const file of old) {
    if (keep.has(file.id)) continue;
    await storage.remove(`${BRAND_FOLDER}/${file.name}`);
    removed++;
  }
  return removed;
}

/** Registers the hourly prune (one pending run for the whole shop). */
export async function sharingPicturePrunePlugin(app: FastifyInstance) {
  app.jobs.register('sharing-picture-prune', {
    payload: z.strictObject({}),
    async handle(_payload, ctx) {
      const removed = await pruneSharingPictures(ctx.db, app.media.storage);
      if (removed) ctx.log.info({ removed }, 'sharing pictures: removed unused uploads');
    },
    repeat: { everyMs: PRUNE_EVERY_MS, payload: {} },
  });
}
