import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { SHARING_PICTURE } from '@shopfront/shared';
import { imageWork } from '../../../lib/limiter.ts';
import type { MediaStorage } from '../../media/storage.ts';
import { normalisePicture } from '../catalog/pictures.ts';

/** Where uploaded sharing pictures and favicon sets live under the media root. */
export const BRAND_FOLDER = 'brand';
/** The smallest icon of an uploaded set names the set; its siblings differ only in size. */
const UPLOADED_ICON = /^\/media\/brand\/favicon-([0-9a-f]{16})-32\.png$/;

/**
 * An uploaded picture made into what the shop needs: checked and turned upright as a product
 * picture is (normalisePicture: JPEG, PNG, WebP or AVIF from its bytes, 422 otherwise), then the
 * sharing picture (1200×630, cropped to its most interesting part, JPEG on white) or the favicon
 * (the whole picture fitted into squares of each size, transparent around it, PNG). Answers the
 * address the storefront's field takes (the favicon's 32 px one names the set).
 */
export async function makeSharingPicture(
  storage: MediaStorage,
  kind: 'social' | 'favicon',
  bytes: Buffer,
): Promise<{ url: string }> {
  const { webp } = await normalisePicture(bytes);
  const id = randomBytes(8).toString('hex');
  if (kind === 'social') {
    const { width, height } = SHARING_PICTURE.social;
    const jpeg = await imageWork(() =>
      sharp(webp)
        .resize(width, height, { fit: 'cover', position: sharp.strategy.attention })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85, mozjpeg: true })
        .toBuffer(),
    );
    await storage.put(`${BRAND_FOLDER}/share-${id}.jpg`, jpeg);
    return { url: `/media/${BRAND_FOLDER}/share-${id}.jpg` };
  }
  for (const size of SHARING_PICTURE.faviconSizes) {
    const png = await imageWork(() =>
      sharp(webp)
        .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png()
        .toBuffer(),
    );
    await storage.put(`${BRAND_FOLDER}/favicon-${id}-${size}.png`, png);
  }
  return { url: `/media/${BRAND_FOLDER}/favicon-${id}-32.png` };
}

/**
 * The storefront's icons for a favicon address: an uploaded set in each of its sizes (the tab's
 * and the home screen's), any other address as one icon for every size (size 0).
 */
export function faviconIcons(url: string): { size: number; url: string }[] {
  const set = UPLOADED_ICON.exec(url);
  if (!set) return [{ size: 0, url }];
  return SHARING_PICTURE.faviconSizes.map((size) => ({
    size,
    url: `/media/${BRAND_FOLDER}/favicon-${set[1]}-${size}.png`,
  }));
}
