import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import type { MediaStorage } from '../media/storage.ts';
import { CUSTOMISATION_IMAGE } from './customisation-image.ts';

declare module '../jobs/registry.ts' {
  interface JobPayloads {
    /** Deletes customisation images no cart line uses; recurring, hourly. */
    'customisation-image-prune': Record<string, never>;
  }
}

/** An upload not yet in a cart is kept this long (the shopper may still press Add to cart). */
export const UPLOAD_GRACE_MS = 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;
const FILE = /^([a-f0-9]{32})\.webp$/;

const EXAMPLE_PATHS = { paths: ['/media/example/0123.webp', '/media/example/4567.webp'] };
const listOf = (paths: string[]) =>
  sql.join(
    paths.map((p) => sql`${p}`),
    sql`, `,
  );

/** Which of `paths` some cart line uses. */
const cartImagesInUse = namedQuery<{ image_path: string }>()({
  name: 'cart.customisation.images-in-carts',
  columns: ['image_path'],
  example: EXAMPLE_PATHS,
  build: (p: { paths: string[] }) =>
    sql`select distinct image_path from cart_items where image_path in (${listOf(p.paths)})`,
});

/** Which of `paths` some cart or order line uses. */
const imagesInUse = namedQuery<{ image_path: string }>()({
  name: 'cart.customisation.images-in-lines',
  columns: ['image_path'],
  example: EXAMPLE_PATHS,
  build: (p: { paths: string[] }) => {
    const list = listOf(p.paths);
    return sql`select image_path from cart_items where image_path in (${list})
        union select image_path from order_items where image_path in (${list})`;
  },
});

/**
 * Deletes the customisation images (and their resized copies) that are older than the grace
 * period and that no cart line refers to; answers how many went. Unlinking twice is harmless, so
 * several processes may run it at once.
 */
export async function pruneCustomisationImages(db: Db, storage: MediaStorage, now = Date.now()): Promise<number> {
  // An interrupted upload's temporary file.
  await storage.sweep(CUSTOMISATION_IMAGE.folder, now - UPLOAD_GRACE_MS);
  const old: string[] = [];
  for (const file of await storage.list(CUSTOMISATION_IMAGE.folder)) {
    const name = file.path.slice(CUSTOMISATION_IMAGE.folder.length + 1);
    if (now - file.modifiedMs >= UPLOAD_GRACE_MS && FILE.test(name)) old.push(name);
  }
  if (!old.length) return 0;
  const paths = old.map((n) => `/media/${CUSTOMISATION_IMAGE.folder}/${n}`);
  const used = await cartImagesInUse(db, { paths });
  const keep = new Set(used.map((r) => r.image_path));
  let removed = 0;
  for (const name of old) {
    if (keep.has(`/media/${CUSTOMISATION_IMAGE.folder}/${name}`)) continue;
    await storage.remove(`${CUSTOMISATION_IMAGE.folder}/${name}`);
    removed++;
  }
  return removed;
}

/**
 * Deletes the customisation images at `paths` (`/media/<folder>/<name>.webp`) at once, without the
 * grace period: a deleted account's uploads, after its transaction committed. A path some cart or
 * order line still uses, or that is no customisation image, is left alone. Answers how many went.
 */
export async function removeCustomisationImages(db: Db, storage: MediaStorage, paths: string[]): Promise<number> {
  const prefix = `/media/${CUSTOMISATION_IMAGE.folder}/`;
  const mine = paths.filter((p) => p.startsWith(prefix) && FILE.test(p.slice(prefix.length)));
  if (!mine.length) return 0;
  const used = await imagesInUse(db, { paths: mine });
  const keep = new Set(used.map((r) => r.image_path));
  const gone = mine.filter((p) => !keep.has(p));
  for (const p of gone) await storage.remove(p.slice('/media/'.length));
  return gone.length;
}

/** Registers the hourly prune (one pending run for the whole shop). */
export async function customisationPrunePlugin(app: FastifyInstance) {
  app.jobs.register('customisation-image-prune', {
    payload: z.strictObject({}),
    async handle(_payload, ctx) {
      const removed = await pruneCustomisationImages(ctx.db, app.media.storage);
      if (removed) ctx.log.info({ removed }, 'customisation images: removed unused uploads');
    },
    repeat: { everyMs: PRUNE_EVERY_MS, payload: {} },
  });
}
