import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerStorefront } from '../../ssr/storefront.ts';
import { outboxMessages, storeSettings } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createCustomer } from '../../test/auth.ts';
import { appWithEnv } from '../../test/ops-app.ts';

let t: TestApp;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  // The demo seed's store_url is http://localhost:3000.
  t = await createTestApp();
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await t.close();
});

async function shop(vars: Record<string, string>) {
  const app = await appWithEnv(t.database, vars);
  apps.push(app);
  await registerStorefront(app, { dev: false });
  await app.ready();
  return app;
}

const forged = { host: 'evil.example' };

async function originsSeen(app: FastifyInstance) {
  const initial = await app.inject({
    method: 'GET',
    url: '/api/storefront/initial-values?keys=store_name',
    headers: forged,
  });
  const host = await app.inject({ method: 'GET', url: '/api/base/host', headers: forged });
  const robots = await app.inject({ method: 'GET', url: '/robots.txt', headers: forged });
  const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: forged });
  const page = await app.inject({ method: 'GET', url: '/product-category/t-shirts', headers: forged });
  expect([initial.statusCode, host.statusCode, robots.statusCode, sitemap.statusCode, page.statusCode]).toEqual([
    200, 200, 200, 200, 200,
  ]);
  return {
    initial: initial.json().data.host as string,
    host: host.json().data.host as string,
    robots: /^Sitemap: (.*)$/m.exec(robots.body)?.[1],
    sitemap: /<loc>([^<]*)<\/loc>/.exec(sitemap.body)?.[1],
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(page.body)?.[1],
    all: [initial.body, host.body, robots.body, sitemap.body, page.body].join('\n'),
  };
}

describe('absolute links (canonical URLs, sitemap, robots.txt) in production', () => {
  it('never take their origin from the Host header: store_url when PUBLIC_URL is unset', async () => {
    const seen = await originsSeen(await shop({ NODE_ENV: 'production' }));
    expect(seen).toMatchObject({
      initial: 'http://localhost:3000',
      host: 'http://localhost:3000',
      robots: 'http://localhost:3000/sitemap.xml',
      sitemap: 'http://localhost:3000/',
      canonical: 'http://localhost:3000/product-category/t-shirts',
    });
    expect(seen.all).not.toContain('evil.example');
  });

  it('use PUBLIC_URL when it is set', async () => {
    const seen = await originsSeen(await shop({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.com' }));
    expect(seen).toMatchObject({
      initial: 'https://shop.example.com',
      robots: 'https://shop.example.com/sitemap.xml',
      canonical: 'https://shop.example.com/product-category/t-shirts',
    });
    expect(seen.all).not.toContain('evil.example');
  });
});

describe('password reset links', () => {
  const resetLinkFor = async (app: FastifyInstance, email: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/reset', payload: { email }, headers: forged });
    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, email))
      .orderBy(desc(outboxMessages.id))
      .limit(1);
    return { status: res.statusCode, body: mail?.body ?? '' };
  };

  it('never take their origin from the Host header, in any mode, once store_url is set', async () => {
    for (const NODE_ENV of ['production', 'development']) {
      const c = await createCustomer(t.database.db);
      const { status, body } = await resetLinkFor(await shop({ NODE_ENV }), c.email!);
      expect(status, NODE_ENV).toBe(200);
      expect(body, NODE_ENV).toContain('http://localhost:3000/account/reset-password/');
      expect(body, NODE_ENV).not.toContain('evil.example');
    }
  });

  it('are not sent in production when the shop has no trusted origin (503, no link)', async () => {
    const c = await createCustomer(t.database.db);
    await t.database.db.update(storeSettings).set({ value: 'not a url' }).where(eq(storeSettings.key, 'store_url'));
    try {
      const { status, body } = await resetLinkFor(await shop({ NODE_ENV: 'production' }), c.email!);
      expect(status).toBe(503);
      expect(body).toBe('');
    } finally {
      await t.database.db
        .update(storeSettings)
        .set({ value: 'http://localhost:3000' })
        .where(eq(storeSettings.key, 'store_url'));
    }
  });
});
