import { describe, expect, it } from 'vitest';
import { FALLBACK_RETURN_PATH, safeReturnPath } from './safe-return-path';

const ORIGIN = 'https://shop.example';

describe('safeReturnPath', () => {
  it('keeps a path on this shop, with its query', () => {
    expect(safeReturnPath('/product-category/shirts?sort=price_asc&page=2', ORIGIN)).toBe(
      '/product-category/shirts?sort=price_asc&page=2',
    );
  });

  it.each([
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/\r\n/evil.example'],
    ['//evil.example'],
    ['/.//evil.example'],
    ['/a/..//evil.example/x'],
    ['/%2e//evil.example'],
    ['/\\evil.example'],
    ['\\/evil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    ['shop-online'],
    [''],
    ['/ok\u0000'],
  ])('sends %j to the fallback, never off the shop', (value) => {
    expect(safeReturnPath(value, ORIGIN)).toBe(FALLBACK_RETURN_PATH);
  });

  it('percent-encodes what a Location header cannot carry', () => {
    expect(safeReturnPath('/search?q=kurtā 日本', ORIGIN)).toBe('/search?q=kurt%C4%81%20%E6%97%A5%E6%9C%AC');
    expect(safeReturnPath('/ü', ORIGIN)).toBe('/%C3%BC');
  });

  it('treats anything but text as missing', () => {
    expect(safeReturnPath(null, ORIGIN)).toBe(FALLBACK_RETURN_PATH);
    expect(safeReturnPath(new File(['x'], 'x.txt'), ORIGIN)).toBe(FALLBACK_RETURN_PATH);
  });
});
