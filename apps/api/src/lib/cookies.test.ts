import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEARTBEAT_COOKIE, SESSION_COOKIE } from '@shopfront/shared';
import { createTestApp, type TestApp } from '../test/app.ts';
import { TEST_PASSWORD, addressSource, createCustomer } from '../test/auth.ts';
import { appWithEnv } from '../test/ops-app.ts';

let t: TestApp;
const apps: FastifyInstance[] = [];
const nextAddress = addressSource(171);
beforeAll(async () => {
  t = await createTestApp();
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

const cookieNamed = (setCookie: string | string[] | undefined, name: string) =>
  [setCookie ?? []].flat().find((c) => c.startsWith(`${name}=`));

async function loginCookie(app: FastifyInstance, headers: Record<string, string>) {
  const customer = await createCustomer(t.database.db);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-forwarded-for': nextAddress(), ...headers },
    payload: { email: customer.email, password: TEST_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return cookieNamed(res.headers['set-cookie'], SESSION_COOKIE)!;
}

async function heartBeatCookie(app: FastifyInstance, headers: Record<string, string>) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/base/heart-beat',
    headers: { 'x-forwarded-for': nextAddress(), ...headers },
  });
  expect(res.statusCode).toBe(200);
  return cookieNamed(res.headers['set-cookie'], HEARTBEAT_COOKIE)!;
}

describe('Secure cookies', () => {
  // NODE_ENV is "test" throughout: whether a cookie is Secure no longer depends on it.
  it('are Secure when the trusted proxy says the shopper came over https', async () => {
    const app = await shop({ TRUST_PROXY: '1' });
    const https = { 'x-forwarded-proto': 'https' };
    expect(await loginCookie(app, https)).toMatch(/; Secure/);
    expect(await heartBeatCookie(app, https)).toMatch(/; Secure/);
    expect(await loginCookie(app, {})).not.toMatch(/; Secure/);
    expect(await heartBeatCookie(app, {})).not.toMatch(/; Secure/);
  });

  it('are Secure whenever PUBLIC_URL is https, whatever the request says', async () => {
    const app = await shop({ PUBLIC_URL: 'https://shop.example.com', TRUST_PROXY: '1' });
    expect(await loginCookie(app, {})).toMatch(/; Secure/);
    expect(await heartBeatCookie(app, {})).toMatch(/; Secure/);
  });

  it('ignore X-Forwarded-Proto from a client no proxy vouches for', async () => {
    const app = await shop({ TRUST_PROXY: '10.0.0.0/8' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/base/heart-beat',
      remoteAddress: '198.51.100.20',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(cookieNamed(res.headers['set-cookie'], HEARTBEAT_COOKIE)).not.toMatch(/; Secure/);
  });
});
