import { describe, expect, it } from 'vitest';
import { isCrossSite } from './cross-site.server';

const post = (headers: Record<string, string>) => new Request('http://shop.test/cart', { method: 'POST', headers });

describe('isCrossSite', () => {
  it('lets the shop’s own forms through, with or without Origin', () => {
    expect(isCrossSite(post({ origin: 'http://shop.test' }))).toBe(false);
    expect(isCrossSite(post({ origin: 'https://shop.test', 'sec-fetch-site': 'same-origin' }))).toBe(false);
    expect(isCrossSite(post({}))).toBe(false);
  });

  it('refuses another site, an opaque origin and what the browser calls cross-site', () => {
    expect(isCrossSite(post({ origin: 'http://evil.test' }))).toBe(true);
    expect(isCrossSite(post({ origin: 'null' }))).toBe(true);
    expect(isCrossSite(post({ origin: 'not a url' }))).toBe(true);
    expect(isCrossSite(post({ 'sec-fetch-site': 'cross-site' }))).toBe(true);
  });
});
