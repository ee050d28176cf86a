import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

/**
 * The storefront's forms call the API in-process, so the API's own Origin check never sees
 * them: each action that changes something for the shopper refuses another site's form itself
 * (lib/cross-site.server.ts), against this shop's own address.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ storefront: true });
});
afterAll(() => t.close());

const post = (url: string, body: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });

const setCookies = (res: { headers: Record<string, unknown> }) => [res.headers['set-cookie'] ?? []].flat().map(String);

describe('forms posted from another site', () => {
  it('cannot switch the shopper’s channel (and currency) or grid', async () => {
    const crossSite = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const channel = await post('/resources/channel', 'channel_id=ch_uae&return_to=/', crossSite);
    expect(channel.statusCode).toBe(403);
    expect(setCookies(channel)).toEqual([]);
    const grid = await post('/resources/grid-columns', 'columns=2&return_to=/', crossSite);
    expect(grid.statusCode).toBe(403);
    expect(setCookies(grid)).toEqual([]);
    // The shop's own form still works.
    const own = await post('/resources/grid-columns', 'columns=2&return_to=/shop-online', {
      origin: 'http://localhost:80',
      host: 'localhost:80',
      'sec-fetch-site': 'same-origin',
    });
    expect(own.statusCode).toBe(303);
    expect(setCookies(own).join()).toMatch(/grid_columns=2/);
  });

  it('cannot pass as this shop by naming its own host in a path that starts with two slashes', async () => {
    const res = await post('//blog.example.test/cart', 'intent=add&product_id=var_x&quantity=2', {
      origin: 'http://blog.example.test',
      'sec-fetch-site': 'same-site',
    });
    expect(res.statusCode).not.toBe(303);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(setCookies(res).join()).not.toMatch(/cart/i);
  });
});
