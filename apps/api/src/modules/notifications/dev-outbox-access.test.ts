import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { appWithEnv } from '../../test/ops-app.ts';

let t: TestApp;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await t.close();
});

async function shop(vars: Record<string, string>) {
  const app = await appWithEnv(t.database, vars);
  apps.push(app);
  await app.ready();
  return app;
}

/** Status of both outbox paths for one caller. */
async function outboxStatus(
  app: FastifyInstance,
  from: { remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  const [json, page] = await Promise.all(
    ['/api/dev/outbox', '/dev/outbox'].map((url) => app.inject({ method: 'GET', url, ...from })),
  );
  if (json!.statusCode === 404) expect(json!.json()).toEqual({ status: 'error', message: 'Not found' });
  return [json!.statusCode, page!.statusCode];
}

describe('the outbox (every OTP code and reset link)', () => {
  it('does not exist without DEV_OUTBOX=true, even in development mode and from this machine', async () => {
    // Development is also what a server started without NODE_ENV runs in.
    expect(await outboxStatus(await shop({ NODE_ENV: 'development' }))).toEqual([404, 404]);
    expect(await outboxStatus(await shop({ NODE_ENV: 'test', DEV_OUTBOX: 'false' }))).toEqual([404, 404]);
  });

  it('with DEV_OUTBOX=true, answers requests made on this machine, in any mode', async () => {
    for (const NODE_ENV of ['development', 'production']) {
      const app = await shop({ NODE_ENV, DEV_OUTBOX: 'true', PUBLIC_URL: 'https://shop.example.com' });
      expect(await outboxStatus(app, { remoteAddress: '127.0.0.1' }), NODE_ENV).toEqual([200, 200]);
      expect(await outboxStatus(app, { remoteAddress: '::1' }), NODE_ENV).toEqual([200, 200]);
    }
  });

  it('with DEV_OUTBOX=true, answers 404 to anyone else', async () => {
    const app = await shop({ DEV_OUTBOX: 'true', TRUST_PROXY: '1' });
    expect(await outboxStatus(app, { remoteAddress: '203.0.113.9' })).toEqual([404, 404]);
    expect(await outboxStatus(app, { remoteAddress: '10.0.0.2' })).toEqual([404, 404]);
    // A reverse proxy on the same machine connects from loopback, on behalf of the world.
    expect(
      await outboxStatus(app, { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } }),
    ).toEqual([404, 404]);
    expect(await outboxStatus(app, { remoteAddress: '127.0.0.1', headers: { 'x-real-ip': '203.0.113.9' } })).toEqual([
      404, 404,
    ]);
    expect(await outboxStatus(app, { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=203.0.113.9' } })).toEqual([
      404, 404,
    ]);
    // A page on another site whose name was rebound to 127.0.0.1 reaches loopback with its own Host.
    expect(await outboxStatus(app, { remoteAddress: '127.0.0.1', headers: { host: 'rebound.evil.example' } })).toEqual([
      404, 404,
    ]);
    expect(await outboxStatus(app, { remoteAddress: '127.0.0.1', headers: { host: '127.0.0.1:3000' } })).toEqual([
      200, 200,
    ]);
    // Even a forged loopback address in the header does not make a proxied request local.
    expect(
      await outboxStatus(app, { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1' } }),
    ).toEqual([404, 404]);
  });
});
