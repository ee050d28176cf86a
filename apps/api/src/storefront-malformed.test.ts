import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shopfront/shared';
import { createTestApp, type TestApp } from './test/app.ts';
import { formBodyMessages } from './ssr/form-bodies.ts';

/**
 * The storefront pages (React Router behind the catch-all route) given addresses and form posts
 * no browser sends: each answers a 4xx page or a redirect, never a 500, and never reads an
 * unbounded body. Needs the storefront build (`npm run build`).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ storefront: true });
});
afterAll(() => t.close());

const MiB = 1_048_576;
const FORM = 'application/x-www-form-urlencoded';

/** Addresses and the status each must answer (or just "below 500" where several are fine). */
const CRAFTED_GETS: [url: string, expected: number | 'below-500'][] = [
  ['/search?q=%00', 200],
  ['/search?q=%00%01%1b', 200],
  ['/search?q=shirt%00', 200],
  ['/search?q=%ED%A0%80', 200],
  ['/search?q=shirt&brand=%00', 200],
  ['/search?q=shirt&brand=%ED%A0%80', 200],
  ['/search?q=shirt&category=%0d%0a', 200],
  ['/search?q=shirt&opt.%00=x', 200],
  ['/search?q=shirt&opt.Colour=%00&min_price=%00&sort=%00&page=%00', 200],
  ['/shop-online?brand=%00&opt.Size=%09', 200],
  ['/shop-online/%00', 404],
  ['/shop-online/%09', 404],
  ['/shop-online/%0d%0a', 404],
  ['/product-category/%00', 404],
  ['/product-category/%09', 404],
  ['/product-category/%0d%0a', 404],
  ['/product-category/a%00b?brand=%00', 404],
  ['/product-category/%ED%A0%80', 'below-500'],
  ['/product-collection/%00', 404],
  ['/product-collection/%0d%0a', 404],
  ['/product/%00', 404],
  ['/product/%0d%0a', 404],
  ['/blogs/%00', 404],
  ['/blogs/%0d%0a', 404],
  ['/blogs?page=%00', 'below-500'],
  ['/resources/quickview/%00', 404],
  ['/resources/search-suggestions?q=%00%00', 200],
  ['/resources/search-suggestions?q=%ED%A0%80%ED%A0%80', 200],
  ['/%00', 404],
  ['/about%00', 404],
  ['/%0d%0aSet-Cookie:x=1', 404],
  ['/account/reset-password/%00/%00', 'below-500'],
  ['/%E0%A4%A', 'below-500'],
  ['/search?q=%E0%A4%A', 'below-500'],
];

describe('crafted storefront addresses', () => {
  it.each(CRAFTED_GETS)('GET %s answers %s', async (url, expected) => {
    const res = await t.app.inject({ method: 'GET', url });
    if (expected === 'below-500') expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);
    else expect(res.statusCode, res.body.slice(0, 200)).toBe(expected);
  });

  it('shows a slug with control characters as the 404 page, not the server-error page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/product-category/%0d%0a' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Page Not Found!');
    expect(res.body).not.toContain('An unexpected error occurred');
  });

  it('answers upper-case /API paths as an unknown API path (JSON 404), never as a page', async () => {
    for (const url of ['/API/health', '/API/product/%00', '/Api/search/search?query=x', '/API', '/api', '/aPi?x=1']) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json(), `${method} ${url}`).toEqual({ status: 'error', message: messages.notFound });
      }
    }
    // The real path still answers, and a page whose name merely starts with "api" is a page.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: '/apiary' });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  it('answers a Host header that names no host with 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'bad host[' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('storefront form posts', () => {
  let calls = 0;
  // Each post from its own address, so the contact form's per-address limit never answers 429.
  const post = (url: string, payload: string | Buffer, contentType?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: contentType === undefined ? {} : { 'content-type': contentType },
      remoteAddress: `10.97.${Math.floor(++calls / 250) % 250}.${(calls % 250) + 1}`,
    });

  it.each([
    ['application/json', '{"columns":2}'],
    ['text/plain', 'columns=2'],
    ['application/xml', '<columns>2</columns>'],
    ['application/octet-stream', 'columns=2'],
    ['x', 'columns=2'],
  ])('refuses a %s body with 415 and a short text', async (type, body) => {
    for (const url of ['/foo', '/resources/grid-columns', '/?index']) {
      const res = await post(url, body, type);
      expect(res.statusCode, `${type} ${url}`).toBe(415);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe(formBodyMessages.unsupported);
    }
  });

  it('refuses a POST without any form with 415', async () => {
    expect((await post('/resources/grid-columns', '')).statusCode).toBe(415);
    expect((await post('/resources/grid-columns', 'columns=2')).statusCode).toBe(415);
  });

  it('refuses a form over 1 MiB with 413, urlencoded or multipart', async () => {
    const big = await post('/foo', `a=${'x'.repeat(MiB + 10)}`, FORM);
    expect(big.statusCode).toBe(413);
    expect(big.body).toBe(formBodyMessages.tooLarge);
    // Read to its end and dropped before the answer (ADR 15): the connection stays usable.
    expect(big.headers.connection).not.toBe('close');

    const boundary = 'crafted';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\n${'x'.repeat(MiB)}\r\n--${boundary}--\r\n`;
    const res = await post('/foo', multipart, `multipart/form-data; boundary=${boundary}`);
    expect(res.statusCode).toBe(413);
  });

  it('still takes a form just under the limit', async () => {
    const res = await post('/resources/grid-columns', `columns=2&return_to=/search&pad=${'x'.repeat(MiB - 100)}`, FORM);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/search');
  });

  it('answers a multipart body that cannot be split into fields with 400, on actions and pages', async () => {
    for (const url of ['/resources/grid-columns', '/about-us', '/foo']) {
      const res = await post(url, 'garbage', 'multipart/form-data; boundary=zz');
      expect(res.statusCode, url).toBe(400);
      expect(res.body).toBe(formBodyMessages.unreadable);
    }
  });

  it('reads a multipart form as well as an urlencoded one', async () => {
    const boundary = 'shopfront';
    const body = [
      `--${boundary}\r\nContent-Disposition: form-data; name="columns"\r\n\r\n2\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="return_to"\r\n\r\n/shop-online?page=2\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const res = await post('/resources/grid-columns', body, `multipart/form-data; boundary=${boundary}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/shop-online?page=2');
    expect(String(res.headers['set-cookie'])).toMatch(/^grid_columns=2;/);
  });

  it.each([
    ['/%09/evil.example', '/shop-online'],
    ['/.//evil.example', '/shop-online'],
    ['/a/..//evil.example/x', '/shop-online'],
    ['/%0a/evil.example', '/shop-online'],
    ['/%0d%0a/evil.example', '/shop-online'],
    ['//evil.example', '/shop-online'],
    ['/%5Cevil.example', '/shop-online'],
    ['https://evil.example/', '/shop-online'],
    ['/search%0d%0aSet-Cookie:%20x=1', '/shop-online'],
    ['/%C3%BC%E6%97%A5', '/%C3%BC%E6%97%A5'],
    // Bytes that are no UTF-8 decode to replacement characters, one per byte here.
    ['/%ED%A0%80', '/%EF%BF%BD%EF%BF%BD%EF%BF%BD'],
    ['/product-category/shirts?sort=price_asc', '/product-category/shirts?sort=price_asc'],
  ])('grid-columns return_to=%s lands on %s', async (returnTo, location) => {
    const res = await post('/resources/grid-columns', `columns=3&return_to=${returnTo}`, FORM);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(location);
  });

  it('answers form values with NUL or broken characters below 500', async () => {
    const failures: string[] = [];
    for (const value of ['%00', 'a%00b', '%ED%A0%80', '%1b%5B2J', '%FF%FE']) {
      const bodies = [
        `_form=contact&_section=s1&name=${value}&email=asha%40example.com&topic=An+order&message=${value}`,
        `_form=${value}&_section=${value}`,
        `columns=${value}&return_to=${value}`,
        `${value}=${value}`,
      ];
      for (const url of [
        '/?index',
        '/about',
        '/foo',
        '/resources/grid-columns',
        '/search',
        '/product-category/shirts',
      ]) {
        for (const body of bodies) {
          const res = await post(url, body, FORM);
          if (res.statusCode >= 500) failures.push(`${url} ${body} → ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // 140 rendered form posts: 30 s on a loaded 2-core machine.
  }, 90_000);

  it('shows the field error for a NUL in a contact form value', async () => {
    const res = await post(
      '/?index',
      '_form=contact&_section=s1&name=Asha%00&email=asha%40example.com&topic=An+order&message=Where+is+my+order+%231042%3F',
      FORM,
    );
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(messages.invalidCharacters);
  });
});
