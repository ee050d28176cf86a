/**
 * Responsive images (spec section 9: breakpoints xs 320 … 2xl 1536, densities 1 and 2, WebP).
 *
 * URL scheme, served by the API's media module:
 *
 *   /media/{path}                     the original, as uploaded (or seeded)
 *   /media/w_{width}/{path}           WebP, `width` CSS pixels wide at density 1
 *   /media/w_{width}_dpr_2/{path}     WebP, `width` CSS pixels at density 2 (2 × width pixels)
 *
 * `width` is one of IMAGE_WIDTHS; nothing else is made (a request for any other size answers
 * 404), so the set of files a visitor can cause is bounded. Images are never enlarged: asking for
 * a width above the original answers the original's width. Variant URLs are cached for a year as
 * immutable, so an original must never be replaced under the same path (upload under a new name).
 *
 * The storefront builds these URLs only through the helpers below.
 */

/** The widths the media module resizes to (spec section 9 breakpoints, de-duplicated). */
export const IMAGE_WIDTHS = [320, 640, 768, 1024, 1280, 1536] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Pixel densities (device pixel ratios) offered for each width. */
export const IMAGE_DENSITIES = [1, 2] as const;
export type ImageDensity = (typeof IMAGE_DENSITIES)[number];

/** Spec section 9 breakpoints, as min-width media queries use them. */
export const IMAGE_BREAKPOINTS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536, '2xl': 1536 } as const;
export type ImageBreakpoint = keyof typeof IMAGE_BREAKPOINTS;

const MEDIA_PREFIX = '/media/';
const VARIANT_SEGMENT = /^w_(\d+)(?:_dpr_(\d+))?$/;

/** The variant segment of a resized image's URL, e.g. `w_640` or `w_640_dpr_2`. */
export function imageVariantSegment(width: ImageWidth, dpr: ImageDensity = 1): string {
  return dpr === 1 ? `w_${width}` : `w_${width}_dpr_${dpr}`;
}

/**
 * Reads a variant segment back; null unless it is exactly the canonical form of an allowed width
 * and density (`w_640_dpr_1` is refused: one URL per file, so nobody can multiply the cache).
 */
export function parseImageVariant(segment: string): { width: ImageWidth; dpr: ImageDensity } | null {
  const m = VARIANT_SEGMENT.exec(segment);
  if (!m) return null;
  const width = Number(m[1]);
  const dpr = m[2] === undefined ? 1 : Number(m[2]);
  if (!(IMAGE_WIDTHS as readonly number[]).includes(width) || !(IMAGE_DENSITIES as readonly number[]).includes(dpr))
    return null;
  const variant = { width: width as ImageWidth, dpr: dpr as ImageDensity };
  // Canonical spelling only (no leading zeros, no _dpr_1).
  return imageVariantSegment(variant.width, variant.dpr) === segment ? variant : null;
}

/** The smallest allowed width that is at least `width` (the largest one above 1536). */
export function snapImageWidth(width: number): ImageWidth {
  return IMAGE_WIDTHS.find((w) => w >= width) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
}

/** The original's path below /media (no variant segment), or null for an image elsewhere. */
function mediaPath(path: string): string | null {
  let rest: string;
  if (path.startsWith(MEDIA_PREFIX)) rest = path.slice(MEDIA_PREFIX.length);
  else if (!path.startsWith('/') && !/^[a-z][a-z0-9+.-]*:/i.test(path)) rest = path;
  else return null;
  const slash = rest.indexOf('/');
  if (slash > 0 && parseImageVariant(rest.slice(0, slash))) rest = rest.slice(slash + 1);
  return rest || null;
}

/**
 * URL of `path` (an image URL as the API answers it, `/media/…`) resized to `width` CSS pixels at
 * density `dpr`. A width that is not one of IMAGE_WIDTHS is rounded up to the next one. Images
 * that are not under /media (absolute URLs, data: URLs) are answered unchanged.
 *
 * @example imageUrl('/media/seed/products/mug.webp', 640, 2) // '/media/w_640_dpr_2/seed/products/mug.webp'
 */
export function imageUrl(path: string, width: number, dpr: ImageDensity = 1): string {
  const rest = mediaPath(path);
  if (rest === null) return path;
  return `${MEDIA_PREFIX}${imageVariantSegment(snapImageWidth(width), dpr)}/${rest}`;
}

/**
 * A `srcset` with width descriptors, for an `<img sizes=…>` that changes width with the layout:
 * every IMAGE_WIDTHS entry at density 1, then the density-2 files wider than 1536 (2048, 2560,
 * 3072 pixels) for high-density screens. `maxWidth` (the original's pixel width, when known)
 * drops candidates that could only repeat the original. Not under /media: the URL alone.
 *
 * @example <img src={imageUrl(p, 640)} srcSet={srcSet(p)} sizes={imageSizes({ base: '100vw', md: '50vw', lg: '25vw' })} />
 */
export function srcSet(path: string, opts: { maxWidth?: number } = {}): string {
  if (mediaPath(path) === null) return path;
  const candidates: { url: string; pixels: number }[] = IMAGE_WIDTHS.map((w) => ({
    url: imageUrl(path, w, 1),
    pixels: w,
  }));
  for (const w of IMAGE_WIDTHS) {
    const pixels = w * 2;
    if (!candidates.some((c) => c.pixels === pixels)) candidates.push({ url: imageUrl(path, w, 2), pixels });
  }
  let kept = candidates;
  if (opts.maxWidth !== undefined) {
    const max = opts.maxWidth;
    // Keep every candidate below the original, plus the first one at or above it (the original itself).
    const firstAbove = candidates.find((c) => c.pixels >= max);
    kept = candidates.filter((c) => c.pixels < max || c === firstAbove);
  }
  // The candidate that reaches the original is the original's width, and says so.
  return kept.map((c) => `${c.url} ${Math.min(c.pixels, opts.maxWidth ?? c.pixels)}w`).join(', ');
}

/**
 * A `srcset` with density descriptors, for an image shown at one fixed CSS width (a thumbnail,
 * a logo): `… 1x, … 2x`.
 */
export function densitySrcSet(path: string, width: number): string {
  if (mediaPath(path) === null) return path;
  return IMAGE_DENSITIES.map((d) => `${imageUrl(path, width, d)} ${d}x`).join(', ');
}

/**
 * A `sizes` attribute from the spec's breakpoints, largest first:
 * `imageSizes({ base: '100vw', md: '50vw', xl: '400px' })` →
 * `(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw`.
 */
export function imageSizes(spec: { base: string } & Partial<Record<ImageBreakpoint, string>>): string {
  const parts = (Object.keys(IMAGE_BREAKPOINTS) as ImageBreakpoint[])
    .filter((bp) => spec[bp] !== undefined)
    .map((bp) => ({ min: IMAGE_BREAKPOINTS[bp], size: spec[bp]! }))
    .sort((a, b) => b.min - a.min)
    .filter((p, i, all) => all.findIndex((q) => q.min === p.min) === i)
    .map((p) => `(min-width: ${p.min}px) ${p.size}`);
  return [...parts, spec.base].join(', ');
}
