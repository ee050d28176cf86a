import { describe, expect, it } from 'vitest';
import { robotsTxt } from './robots';

describe('robotsTxt', () => {
  it('disallows everything while indexing is off', () => {
    expect(robotsTxt({ indexing: false, host: 'https://shop.test' })).toBe('User-agent: *\nDisallow: /\n');
  });

  it('allows the shop, keeps private paths out and names the sitemap when indexing is on', () => {
    const txt = robotsTxt({ indexing: true, host: 'https://shop.test' });
    expect(txt).toContain('Allow: /\n');
    expect(txt).toContain('Disallow: /search\n');
    expect(txt).toContain('Disallow: /account\n');
    expect(txt).not.toMatch(/^Disallow: \/$/m);
    expect(txt).toContain('Sitemap: https://shop.test/sitemap.xml');
  });
});
