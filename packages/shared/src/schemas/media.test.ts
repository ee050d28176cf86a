import { describe, expect, it } from 'vitest';
import { densitySrcSet, imageSizes, imageUrl, parseImageVariant, srcSet } from './media.ts';

const P = '/media/seed/products/mug.webp';

describe('imageUrl', () => {
  it('puts the width and density in a path segment after /media', () => {
    expect(imageUrl(P, 640)).toBe('/media/w_640/seed/products/mug.webp');
    expect(imageUrl(P, 640, 2)).toBe('/media/w_640_dpr_2/seed/products/mug.webp');
    expect(imageUrl('seed/products/mug.webp', 320)).toBe('/media/w_320/seed/products/mug.webp');
  });

  it('rounds a width up to an allowed one, and replaces a variant already in the URL', () => {
    expect(imageUrl(P, 500)).toBe('/media/w_640/seed/products/mug.webp');
    expect(imageUrl(P, 5000)).toBe('/media/w_1536/seed/products/mug.webp');
    expect(imageUrl('/media/w_320/seed/products/mug.webp', 1024, 2)).toBe('/media/w_1024_dpr_2/seed/products/mug.webp');
  });

  it('leaves images outside /media alone', () => {
    expect(imageUrl('https://cdn.example.com/a.jpg', 640)).toBe('https://cdn.example.com/a.jpg');
    expect(imageUrl('data:image/png;base64,AAAA', 640)).toBe('data:image/png;base64,AAAA');
    expect(imageUrl('/static/logo.png', 640)).toBe('/static/logo.png');
  });
});

describe('srcSet and friends', () => {
  it('lists every width once at density 1, then the wider density-2 files', () => {
    expect(srcSet(P).split(', ')).toEqual([
      '/media/w_320/seed/products/mug.webp 320w',
      '/media/w_640/seed/products/mug.webp 640w',
      '/media/w_768/seed/products/mug.webp 768w',
      '/media/w_1024/seed/products/mug.webp 1024w',
      '/media/w_1280/seed/products/mug.webp 1280w',
      '/media/w_1536/seed/products/mug.webp 1536w',
      '/media/w_1024_dpr_2/seed/products/mug.webp 2048w',
      '/media/w_1280_dpr_2/seed/products/mug.webp 2560w',
      '/media/w_1536_dpr_2/seed/products/mug.webp 3072w',
    ]);
  });

  it('stops at the original width when it is known', () => {
    expect(srcSet(P, { maxWidth: 800 })).toBe(
      '/media/w_320/seed/products/mug.webp 320w, /media/w_640/seed/products/mug.webp 640w, /media/w_768/seed/products/mug.webp 768w, /media/w_1024/seed/products/mug.webp 800w',
    );
  });

  it('offers 1x and 2x for a fixed-size image, and builds sizes from the breakpoints', () => {
    expect(densitySrcSet(P, 320)).toBe(
      '/media/w_320/seed/products/mug.webp 1x, /media/w_320_dpr_2/seed/products/mug.webp 2x',
    );
    expect(imageSizes({ base: '100vw', md: '50vw', xl: '400px' })).toBe(
      '(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw',
    );
    expect(imageSizes({ base: '100vw', xxl: '25vw', '2xl': '25vw' })).toBe('(min-width: 1536px) 25vw, 100vw');
  });
});

describe('parseImageVariant', () => {
  it('accepts only the canonical segments of allowed widths and densities', () => {
    expect(parseImageVariant('w_640')).toEqual({ width: 640, dpr: 1 });
    expect(parseImageVariant('w_1536_dpr_2')).toEqual({ width: 1536, dpr: 2 });
    for (const bad of [
      'w_641',
      'w_0640',
      'w_640_dpr_1',
      'w_640_dpr_3',
      'w_640_dpr_02',
      'W_640',
      'w_640 ',
      'w_',
      'x_640',
    ]) {
      expect(parseImageVariant(bad), bad).toBeNull();
    }
  });
});
