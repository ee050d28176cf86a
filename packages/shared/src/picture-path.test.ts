import { describe, expect, it } from 'vitest';
import { isPicturePath } from './schemas/picture-path.ts';

describe('isPicturePath', () => {
  it('takes uploaded /media/ files and https:// addresses', () => {
    for (const ok of ['/media/products/mug-1.webp', '/media/logo.v2.png', 'https://cdn.test/a/b.jpg?w=400'])
      expect([ok, isPicturePath(ok)]).toEqual([ok, true]);
  });

  it('refuses traversal, odd characters in /media/, quotes and angle brackets, and other schemes', () => {
    for (const bad of [
      '/media/../secrets',
      '/media/a b.jpg',
      "/media/a'.jpg",
      'https://x.test/a"onerror="x',
      'https://x.test/<script>',
      'https://x.test/a\\b',
      'http://x.test/a.jpg',
      'javascript:alert(1)',
      '//x.test/a.jpg',
      '',
    ])
      expect([bad, isPicturePath(bad)]).toEqual([bad, false]);
  });
});
