import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  galleryMessages,
  imageSizes,
  imageUrl,
  messages,
  parseImageVariant,
  srcSet,
  type Gallery,
  type GalleryImage,
} from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import type { GalleryImage as StoredGalleryImage } from '../../db/plugin-schema.ts';
import { HttpError } from '../../lib/http.ts';
import { imageWork } from '../../lib/limiter.ts';
import { safeMediaPath } from '../media/service.ts';
import type { MediaStorage } from '../media/storage.ts';
import { installedPluginConfig } from '../../lib/installed-plugin.ts';

/**
 * The Gallery and customGallery plugins (spec section 7: POST /api/plugins/Gallery,
 * POST /api/plugins/customGallery). A stored gallery (the `galleries` table) or a hand-picked
 * list of media images, answered with what a responsive `<img>` needs, built with the same
 * media helpers as every other image (imageUrl, srcSet, imageSizes: ADR 7). Page sections of
 * type `gallery` name a stored gallery by `gallery_id` (content/service.ts resolves it here).
 */

/** A lightbox or a full-width view: the whole phone screen, most of a desktop one. */
export const GALLERY_VIEW_SIZES = imageSizes({ base: '100vw', lg: '80vw' });

/**
 * The canonical `/media/{path}` of an image URL under /media (a resized variant's URL is taken
 * back to its original), or null for anything else: another host, a data: URL, `..`, a dotfile,
 * a file that is not an image.
 */
export function canonicalMediaPath(value: string): string | null {
  const v = value.trim();
  if (!v.startsWith('/media/')) return null;
  let rest = v.slice('/media/'.length).split(/[?#]/)[0] ?? '';
  const slash = rest.indexOf('/');
  if (slash > 0 && parseImageVariant(rest.slice(0, slash))) rest = rest.slice(slash + 1);
  return safeMediaPath(rest) === null ? null : `/media/${rest}`;
}

/** The answer for one image (pixel size when known). */
export function describeGalleryImage(
  img: { path: string; alt: string; caption?: string | null; link?: string | null },
  size: { width: number; height: number } | null = null,
): GalleryImage {
  return {
    path: img.path,
    alt: img.alt,
    caption: img.caption || null,
    link: img.link || null,
    src: imageUrl(img.path, 640),
    srcset: srcSet(img.path, size ? { maxWidth: size.width } : {}),
    sizes: GALLERY_VIEW_SIZES,
    width: size?.width ?? null,
    height: size?.height ?? null,
  };
}

const galleryRow = namedQuery<{ id: string; name: string; images: StoredGalleryImage[] | null }>()({
  name: 'plugins.gallery.row',
  columns: ['id', 'name', 'images'],
  example: { id: 'gal_example' },
  build: ({ id }: { id: string }) => sql`select id, name, images from galleries where id = ${id}`,
});

/** A stored gallery with its images (those still under /media), or null when there is none with that id. */
export async function getGallery(db: Db, id: string): Promise<Gallery | null> {
  const [row] = await galleryRow(db, { id });
  if (!row) return null;
  const images = (row.images ?? []).flatMap((img) => {
    const p = typeof img?.path === 'string' ? canonicalMediaPath(img.path) : null;
    return p ? [describeGalleryImage({ ...img, path: p, alt: String(img.alt ?? '') })] : [];
  });
  return { id: row.id, name: row.name, images };
}

/** The gallery a page section names, when the Gallery plugin is installed (null otherwise: the section renders nothing). */
export async function galleryForSection(db: Db, id: string): Promise<Gallery | null> {
  if ((await installedPluginConfig(db, 'Gallery')) === null) return null;
  return getGallery(db, id);
}

/** The pixel size of a media original, or null when it is missing or unreadable. */
async function mediaImageSize(
  storage: MediaStorage,
  mediaPath: string,
): Promise<{ width: number; height: number } | null> {
  const rel = mediaPath.slice('/media/'.length);
  if (safeMediaPath(rel) === null) return null;
  const file = await storage.read(rel).catch(() => null);
  if (!file) return null;
  // Only the header is read; sharing the image queue keeps a list of 48 from crowding out resizes.
  const meta = await imageWork(() => sharp(file.bytes).metadata()).catch(() => null);
  if (!meta?.width || !meta.height) return null;
  // EXIF orientations 5 to 8 are shown rotated a quarter turn.
  return (meta.orientation ?? 1) >= 5
    ? { width: meta.height, height: meta.width }
    : { width: meta.width, height: meta.height };
}

/**
 * Checks a hand-picked list: every path an existing image under /media (a resized variant's URL
 * is taken back to its original), texts trimmed, empty caption and link dropped. 422 with the
 * messages by `images.{i}.{field}`.
 */
export async function normaliseCustomGallery(
  storage: MediaStorage,
  images: readonly { path: string; alt: string; caption: string | null; link: string | null }[],
): Promise<GalleryImage[]> {
  const errors: Record<string, string[]> = {};
  const out = await Promise.all(
    images.map(async (img, i) => {
      const p = canonicalMediaPath(img.path);
      if (!p) {
        errors[`images.${i}.path`] = [galleryMessages.mediaOnly];
        return null;
      }
      const size = await mediaImageSize(storage, p);
      if (!size) {
        errors[`images.${i}.path`] = [galleryMessages.missingImage];
        return null;
      }
      return describeGalleryImage({ ...img, path: p }, size);
    }),
  );
  if (Object.keys(errors).length) throw new HttpError(422, messages.invalidData, errors);
  return out.filter((x): x is GalleryImage => x !== null);
}
