import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, adminLinkApi, messages, swatchApi, type Endpoint } from '@shopfront/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signedInOwner } from '../staff/testing.ts';

/**
 * Every route of the owner's API, asked by a signed-in owner with junk in each path parameter and
 * query value (NUL, other control characters, invalid UTF-8, a lone surrogate, huge and odd
 * numbers, path tricks): always a clear 4xx, never a 500 (ADR 15's plain-text rule).
 */
let t: TestApp;
let owner: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  owner = (await signedInOwner(t)).headers;
});
afterAll(() => t.close());

const JUNK = [
  '%00',
  'a%00b',
  '%01',
  '%1F',
  '%7F',
  'stf_%0A',
  '%ED%A0%80', // a lone surrogate, as UTF-8 would spell it (not valid UTF-8)
  '%C0%80', // an overlong NUL
  '%FF',
  '%25',
  '..%2F..%2Fetc%2Fpasswd',
  'x'.repeat(300),
  '-1',
  '0',
  '1.5',
  '1e309',
  '99999999999999999999999',
  'NaN',
  '%20',
];

/** A body the route would accept, so the parameter is what is judged. */
const BODY: Partial<Record<string, unknown>> = {
  'PATCH /api/admin/staff/:id': { name: 'Renamed' },
  'PUT /api/admin/plugins/:name': { config: {} },
};

const endpoints: Endpoint[] = [...Object.values(adminApi), ...Object.values(swatchApi), ...Object.values(adminLinkApi)];
const withParams = endpoints.filter((e) => e.path.includes(':'));
const QUERY_NAMES = ['page', 'format', 'option_name', 'value', 'id', 'name', 'area', 'staff', 'from', 'to'];

async function ask(method: string, url: string, body?: unknown) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...owner, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return res;
}

describe('owner API: junk in path parameters and queries', () => {
  it('declares the parameterised routes this test sweeps', () => {
    expect(withParams.map((e) => `${e.method} ${e.path}`).sort()).toEqual([
      'DELETE /api/admin/plugins/:name',
      'PATCH /api/admin/staff/:id',
      'POST /api/admin/reviews/:id/hide',
      'POST /api/admin/reviews/:id/unhide',
      'PUT /api/admin/plugins/:name',
    ]);
  });

  it('answers every path parameter junk with a 4xx envelope, never a 500', async () => {
    for (const e of withParams) {
      for (const junk of JUNK) {
        const url = e.path.replace(/:[a-z_]+/g, junk);
        const res = await ask(e.method, url, BODY[`${e.method} ${e.path}`]);
        const label = `${e.method} ${url.slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 120)}`;
        expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, label).toBeLessThan(500);
        expect([401, 403, 429], label).not.toContain(res.statusCode);
        expect(res.json().status, label).toBe('error');
      }
    }
  });

  it('answers a NUL in a staff id with 422 "This field is not valid" on id', async () => {
    const res = await ask('PATCH', '/api/admin/staff/%00', { name: 'Renamed' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ id: [messages.fallback] });
    const plugin = await ask('DELETE', '/api/admin/plugins/Ana%00lytics');
    expect(plugin.statusCode).toBe(422);
    expect(plugin.json().errors).toEqual({ name: [messages.fallback] });
  });

  it('answers junk in every query value of every route with a 4xx or a normal answer, never a 500', async () => {
    for (const e of endpoints) {
      if (e.path.includes(':') || e.path.endsWith('/auth/login') || e.path.endsWith('/auth/logout')) continue;
      for (const junk of JUNK) {
        const query = QUERY_NAMES.map((q) => `${q}=${junk}`).join('&');
        const res = await ask(
          e.method,
          `${e.path}?${query}`,
          e.method === 'GET' || e.method === 'DELETE' ? undefined : {},
        );
        const label = `${e.method} ${e.path}?${query.slice(0, 60)} → ${res.statusCode} ${res.body.slice(0, 120)}`;
        expect(res.statusCode, label).toBeLessThan(500);
      }
    }
  });
});
