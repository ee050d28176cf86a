import { describe, expect, it } from 'vitest';
import { pageUrl } from './page-url.ts';

describe('pageUrl', () => {
  it('keeps one leading slash, so the path can never name another host', () => {
    expect(pageUrl('//blog.example.test/cart')).toBe('/blog.example.test/cart');
    expect(pageUrl('/\\evil.example/cart')).toBe('/evil.example/cart');
    expect(new URL(pageUrl('///evil.example/x'), 'http://shop.test').host).toBe('shop.test');
    expect(pageUrl('/')).toBe('/');
    // Absolute-form request lines (proxies' form; no browser sends it to a server) name no host either.
    expect(pageUrl('http://blog.example.test/cart?x=1&utm_source=y')).toBe('/cart?x=1');
    expect(pageUrl('http://[')).toBe('/');
    expect(pageUrl('*')).toBe('/');
  });

  it('drops tracking parameters and keeps every other one as sent, in order', () => {
    expect(pageUrl('/product/mug?utm_source=ig&utm_medium=social&variant=v1&fbclid=Ab-1')).toBe(
      '/product/mug?variant=v1',
    );
    expect(pageUrl('/shop-online?gclid=x&UTM_Campaign=y&_gl=1')).toBe('/shop-online');
    expect(pageUrl('/search?q=caf%C3%A9+mug&sort=price&sort=name')).toBe(
      '/search?q=caf%C3%A9+mug&sort=price&sort=name',
    );
    expect(pageUrl('/shop-online?utm=1&fbclidx=2')).toBe('/shop-online?utm=1&fbclidx=2');
    expect(pageUrl('/products.data?_routes=routes%2Fproduct&msclkid=1')).toBe(
      '/products.data?_routes=routes%2Fproduct',
    );
  });
});
