import { imageSizes, imageUrl, srcSet, type ImageBreakpoint } from '@shopfront/shared';

/** CSS object-position of a focal point given as fractions 0..1. */
export const objectPosition = (x: number, y: number) => `${Math.round(x * 1000) / 10}% ${Math.round(y * 1000) / 10}%`;

export type SizesSpec = { base: string } & Partial<Record<ImageBreakpoint, string>>;

interface ResponsiveImageProps {
  src: string;
  alt: string;
  /** Intrinsic pixel size (or aspect ratio): reserves the box so nothing shifts while loading. */
  width: number;
  height: number;
  /** Layout width per spec breakpoint, e.g. { base: '50vw', lg: '25vw' }. */
  sizes: SizesSpec;
  /** Above the fold (the LCP image): fetched eagerly and first. Everything else is lazy. */
  priority?: boolean;
  /** Width of the fallback `src` for browsers that ignore srcset. */
  fallbackWidth?: number;
  className?: string;
  /** Where a cropping `object-cover` centres the picture, as fractions 0..1 (its focal point). */
  focal?: { x: number; y: number };
}

/**
 * Every product and content image goes through here: WebP variants from the media module
 * (spec section 9 widths, densities 1 and 2) picked by the browser from srcset/sizes.
 */
export function ResponsiveImage({
  src,
  alt,
  width,
  height,
  sizes,
  priority = false,
  fallbackWidth = 640,
  className,
  focal,
}: ResponsiveImageProps) {
  return (
    <img
      src={imageUrl(src, fallbackWidth)}
      srcSet={srcSet(src)}
      sizes={imageSizes(sizes)}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? 'sync' : 'async'}
      className={className}
      style={focal ? { objectPosition: objectPosition(focal.x, focal.y) } : undefined}
    />
  );
}
