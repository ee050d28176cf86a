import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_COOKIE, type ApiTransport } from '@shopfront/shared';
import { queryRows } from '../db/client.ts';
import { DEMO_CHANNEL_ID } from '../db/seed/demo-data.ts';
import { DEMO_UAE_CHANNEL_ID } from '../db/seed/channels.ts';
import { PER_REQUEST_MARK } from '../lib/shop-context.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { ApiCookieJar } from './api-cookies.ts';
import { inProcessApi } from './in-process-api.ts';

type Queryable = { query: (...args: unknown[]) => Promise<unknown> };

/**
 * One SSR page resolves the shop context once for all its in-process API calls (lib/in-process.ts
 * page memo), and looks it up again after a call that writes.
 */
let t: TestApp;
let shopQueries = 0;
let restore: () => void;

beforeAll(async () => {
  t = await createTestApp();
  const client = (t.database.db as unknown as { $client: Queryable }).$client;
  const original = client.query;
  client.query = function (this: unknown, ...args: unknown[]) {
    const arg = args[0];
    const text = typeof arg === 'string' ? arg : ((arg as { text?: string } | undefined)?.text ?? '');
    if (text.startsWith(PER_REQUEST_MARK)) shopQueries++;
    return original.apply(client, args);
  };
  restore = () => (client.query = original);
});
afterAll(async () => {
  restore();
  await t.close();
});

/** A page request in flight: the outer request the storefront's loaders act for. */
function page(cookie?: string): { api: ApiTransport; end: () => void } {
  const raw = new EventEmitter();
  const req = {
    id: 'page-1',
    ip: '127.0.0.1',
    ips: [],
    protocol: 'http',
    host: 'localhost',
    hostname: 'localhost',
    port: 80,
    headers: { host: 'localhost', ...(cookie ? { cookie } : {}) },
  } as unknown as FastifyRequest;
  const reply = { raw } as unknown as FastifyReply;
  return { api: inProcessApi(t.app, req, reply, new ApiCookieJar(cookie)), end: () => raw.emit('finish') };
}

const setSetting = (key: string, value: unknown) =>
  queryRows(t.database.db, sql`update store_settings set value = ${JSON.stringify(value)}::jsonb where key = ${key}`);

const currentChannel = async (api: ApiTransport) => {
  const res = await api({ method: 'GET', path: '/api/storefront/channels' });
  expect(res.status).toBe(200);
  return (res.body as { data: { current: { id: string } } }).data.current.id;
};

describe("a page's in-process calls share one shop context", () => {
  it('runs the shop-context query once for several calls of one page, once per page', async () => {
    const p = page();
    const before = shopQueries;
    const paths = [
      '/api/storefront/channels',
      '/api/menu/main-menu',
      '/api/product/single-product/organic-cotton-crew-tee',
    ];
    const answers = await Promise.all(paths.map((path) => p.api({ method: 'GET', path })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    await currentChannel(p.api);
    expect(shopQueries - before).toBe(1);
    p.end();
    // Another page looks it up again.
    await currentChannel(page().api);
    expect(shopQueries - before).toBe(2);
  });

  it('a write drops the memo: the calls after it see fresh data', async () => {
    const p = page();
    try {
      expect(await currentChannel(p.api)).toBe(DEMO_CHANNEL_ID);
      await setSetting('default_channel', DEMO_UAE_CHANNEL_ID);
      // Still this page's memo: no write went through the page.
      expect(await currentChannel(p.api)).toBe(DEMO_CHANNEL_ID);
      const post = await p.api({
        method: 'POST',
        path: '/api/plugins/review/product-reviews',
        body: { slug: 'organic-cotton-crew-tee' },
      });
      expect(post.status).toBeLessThan(500);
      expect(await currentChannel(p.api)).toBe(DEMO_UAE_CHANNEL_ID);
    } finally {
      await setSetting('default_channel', DEMO_CHANNEL_ID);
      p.end();
    }
  });

  it('a channel switch made by the page shows in its later calls', async () => {
    const p = page(`${CHANNEL_COOKIE}=${DEMO_CHANNEL_ID}`);
    expect(await currentChannel(p.api)).toBe(DEMO_CHANNEL_ID);
    const put = await p.api({
      method: 'PUT',
      path: '/api/storefront/channel',
      body: { channel_id: DEMO_UAE_CHANNEL_ID },
    });
    expect(put.status).toBe(200);
    expect(await currentChannel(p.api)).toBe(DEMO_UAE_CHANNEL_ID);
    p.end();
  });

  it("a browser's own calls are not memoised: each resolves its shop", async () => {
    const before = shopQueries;
    for (let i = 0; i < 2; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/api/storefront/channels' })).statusCode).toBe(200);
    }
    expect(shopQueries - before).toBe(2);
  });
});
