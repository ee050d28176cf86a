import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const JSON_HEADERS = { 'content-type': 'application/json' };

describe('GET /api/health', () => {
  it('answers ok with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.data.ok).toBe(true);
    expect(body.data.database).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('GET /api/base/host', () => {
  it('answers the origin the request was addressed to', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/base/host', headers: { host: 'shop.test:8080' } });
    expect(res.json()).toEqual({ status: 'success', data: { host: 'http://shop.test:8080' } });
  });
});

describe('POST /api/base/heart-beat', () => {
  it('counts a visitor once per calendar day and sets a 7-day cookie holding the date', async () => {
    const first = await t.app.inject({ method: 'POST', url: '/api/base/heart-beat', remoteAddress: '10.0.0.1' });
    expect(first.statusCode).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(first.json().data).toEqual({ recorded: true, date: today });
    const cookie = first.cookies.find((c) => c.name === 'heartbeat');
    expect(cookie?.value).toBe(today);
    expect(cookie?.maxAge).toBe(7 * 24 * 60 * 60);
    expect(cookie?.httpOnly).toBe(true);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/base/heart-beat',
      remoteAddress: '10.0.0.1',
      headers: { cookie: `heartbeat=${today}`, 'x-requested-with': 'shopfront' },
    });
    expect(again.json().data).toEqual({ recorded: false, date: today });
    expect(again.cookies).toHaveLength(0);

    const visits = await queryRows<{ visits: number }>(
      t.database.db,
      sql`select visits from daily_visits where day = ${today}::date`,
    );
    expect(Number(visits[0]!.visits)).toBe(1);
  });

  it('counts again once the cookie holds an earlier day', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/base/heart-beat',
      remoteAddress: '10.0.0.2',
      headers: { cookie: 'heartbeat=2020-01-01', 'x-requested-with': 'shopfront' },
    });
    expect(res.json().data.recorded).toBe(true);
  });

  it('is rate limited per address with the envelope and a clear message', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/base/heart-beat', remoteAddress: '10.9.9.9' });
      codes.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toMatchObject({ status: 'error', message: 'Too many requests. Please try again later' });
      }
    }
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(429);
    // Another visitor is unaffected.
    const other = await t.app.inject({ method: 'POST', url: '/api/base/heart-beat', remoteAddress: '10.9.9.10' });
    expect(other.statusCode).toBe(200);
  });
});

describe('CSRF protection of API mutations', () => {
  it('rejects a cross-site Origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/settings/get',
      headers: { ...JSON_HEADERS, origin: 'https://evil.example', host: 'shop.test' },
      payload: { keys: ['store_name'] },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: 'Cross-site request rejected' });
  });

  it('rejects a cookie-bearing mutation without the storefront header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/base/heart-beat',
      headers: { cookie: 'heartbeat=2020-01-01', host: 'shop.test' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('accepts a same-origin call with the header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/settings/get',
      headers: {
        ...JSON_HEADERS,
        origin: 'http://shop.test',
        host: 'shop.test',
        cookie: 'a=b',
        'x-requested-with': 'shopfront',
      },
      payload: { keys: ['store_name'] },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('API envelope for what is not there', () => {
  it('answers 404 with the envelope for an unknown API path, any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/no/such/thing' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 'error', message: 'Not found' });
    }
  });

  it('answers 400 with the envelope for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/settings/get',
      headers: JSON_HEADERS,
      payload: '{"keys":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe('error');
    expect(res.body).not.toMatch(/at .*\.ts|node_modules/);
  });

  it('sends security headers with a CSP nonce', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/base/host' });
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[0-9a-f]+'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('OpenAPI document', () => {
  it('documents every API route from its schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/api/base/host',
      '/api/base/heart-beat',
      '/api/health',
      '/api/settings/get',
      '/api/settings/countries',
      '/api/storefront/all',
      '/api/storefront/initial-values',
      '/api/menu/{id}',
      '/api/slider/{id}',
      '/api/product/product-grid',
    ]) {
      expect(doc.paths, p).toHaveProperty([p]);
    }
    expect(doc.paths['/api/settings/get'].post.requestBody).toBeDefined();
  });

  it('serves a readable page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('swagger');
  });
});
