import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.ts';
import { loggedInCustomer } from './test/auth.ts';

/**
 * Every route of the OpenAPI document, called with bodies, ids and queries no client should
 * send, as a logged-in customer: each must answer a 4xx envelope, never a 500.
 */
let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await loggedInCustomer(t));
});
afterAll(() => t.close());

const BODIES: unknown[] = [
  [],
  'text',
  42,
  null,
  { input: ['9876543210'], otp: { $gt: '' }, email: 12, password: null, id: 'x' },
  { product_id: -1, page: 1e300, per_page: 'all', filters: 'price', sort: { a: 1 }, items: -5 },
  { first_name: 'a'.repeat(100_000), country_id: '1; drop table customers', type: 'Shipping', is_default: 'yes' },
];
const IDS = ['0', '-1', '99999999999999999999', '%27%20or%201%3D1--', 'a'.repeat(600), '..%2F..%2Fetc%2Fpasswd'];

describe('malformed input on every route', () => {
  it('never answers 500', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const failures: string[] = [];
    let calls = 0;
    const statuses: Record<number, number> = {};
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods)) {
        const verb = method.toUpperCase();
        if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(verb)) continue;
        // Logging out would end the session the other calls run in (it has no body to misread).
        if (path === '/api/auth/logout') continue;
        const urls = path.includes('{') ? IDS.map((id) => path.replace(/\{[^}]+\}/g, id)) : [path];
        for (const url of urls) {
          const bodies = verb === 'GET' || verb === 'DELETE' ? [undefined] : BODIES;
          for (const body of bodies) {
            calls += 1;
            const res = await t.app.inject({
              method: verb as 'GET',
              url: `${url}?page=-1&per_page=1e9&keys=%00&q=%27`,
              headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
              payload: body === undefined ? undefined : JSON.stringify(body),
              remoteAddress: `10.99.${calls % 250}.${Math.floor(calls / 250) % 250}`,
            });
            statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
            if (res.statusCode >= 500)
              failures.push(
                `${verb} ${url} ${JSON.stringify(body)?.slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 120)}`,
              );
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(200);
    // The calls reached validation (422) and lookups (404), not just a closed door (401/403).
    expect(statuses[422]).toBeGreaterThan(100);
    expect(statuses[404]).toBeGreaterThan(50);
    expect(failures).toEqual([]);
  }, 120_000);
});
