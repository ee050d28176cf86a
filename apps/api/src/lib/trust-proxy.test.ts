import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { appWithEnv } from '../test/ops-app.ts';

let t: TestApp;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await t.close();
});

async function shop(trustProxy: string) {
  const app = await appWithEnv(t.database, { TRUST_PROXY: trustProxy });
  apps.push(app);
  await app.ready();
  return app;
}

async function client(app: FastifyInstance, remoteAddress: string, headers: Record<string, string>) {
  const res = await app.inject({ method: 'GET', url: '/api/test-probe/client', remoteAddress, headers });
  expect(res.statusCode).toBe(200);
  return res.json() as { ip: string; protocol: string };
}

describe('TRUST_PROXY', () => {
  it('with 1 hop, takes the address the proxy saw, not one the client wrote into X-Forwarded-For', async () => {
    const app = await shop('1');
    // The client sent "X-Forwarded-For: 6.6.6.6"; the proxy appended the real address.
    const seen = await client(app, '127.0.0.1', {
      'x-forwarded-for': '6.6.6.6, 203.0.113.7',
      'x-forwarded-proto': 'https',
    });
    expect(seen).toEqual({ ip: '203.0.113.7', protocol: 'https' });
  });

  it('with 1 hop, a client cannot dodge a per-address rate limit by varying X-Forwarded-For', async () => {
    const app = await shop('1');
    const beat = (i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/base/heart-beat',
        headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.60` },
      });
    for (let i = 1; i <= 30; i++) expect((await beat(i)).statusCode).toBe(200);
    expect((await beat(31)).statusCode).toBe(429);
  });

  it('with a CIDR list, trusts only hops from those proxies', async () => {
    const app = await shop('10.0.0.0/8,192.168.1.2');
    // A proxy in 10/8 behind another in 10/8: both are skipped.
    expect(await client(app, '10.1.2.3', { 'x-forwarded-for': '6.6.6.6, 203.0.113.7, 10.9.9.9' })).toEqual({
      ip: '203.0.113.7',
      protocol: 'http',
    });
    expect((await client(app, '192.168.1.2', { 'x-forwarded-for': '203.0.113.8' })).ip).toBe('203.0.113.8');
    // Not a listed proxy: its headers are the client's own words and count for nothing.
    expect(
      await client(app, '198.51.100.1', { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' }),
    ).toEqual({ ip: '198.51.100.1', protocol: 'http' });
  });

  it('when unset, ignores X-Forwarded-For entirely', async () => {
    const app = await shop('false');
    expect((await client(app, '198.51.100.2', { 'x-forwarded-for': '203.0.113.7' })).ip).toBe('198.51.100.2');
  });
});
