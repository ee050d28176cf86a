import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shopfront/shared';
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
/** zod's default English ("Invalid input: expected string, received undefined", "Too small: …"). */
const ZOD_ENGLISH = /Invalid input|Invalid option|Too (small|big)|expected .+, received|Invalid (string|email|url)/;
const IDS = ['0', '-1', '99999999999999999999', '%27%20or%201%3D1--', 'a'.repeat(600), '..%2F..%2Fetc%2Fpasswd'];

describe('malformed input on every route', () => {
  it('never answers 500', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const failures: string[] = [];
    let calls = 0;
    const statuses: Record<number, number> = {};
    const zodTexts = new Set<string>();
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
            if (res.statusCode === 422) {
              for (const list of Object.values((res.json() as { errors?: Record<string, string[]> }).errors ?? {})) {
                for (const m of list) if (ZOD_ENGLISH.test(m)) zodTexts.add(`${verb} ${path}: ${m}`);
              }
            }
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
    // Every field error is one of the spec's texts (section 5), never zod's own English.
    expect([...zodTexts]).toEqual([]);
  }, 120_000);

  it('answers a path that cannot be decoded with 400 in the envelope (API) or plain text (pages)', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/product/single-product/%ff%fe' });
    expect([api.statusCode, api.json()]).toEqual([400, { status: 'error', message: messages.badUrl }]);
    expect(api.headers['x-request-id']).toBeTruthy();
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    const page = await t.app.inject({ method: 'GET', url: '/product/%ff%fe' });
    expect([page.statusCode, page.headers['content-type'], page.body]).toEqual([
      400,
      'text/plain; charset=utf-8',
      messages.badUrl,
    ]);
  });
});

/**
 * Free text with characters no person types: NUL (PostgreSQL text cannot hold it), other control
 * characters, and a lone surrogate (jsonb refuses it). Each field answers 422 with the shared
 * message, not a database error as a 500; identifiers (slugs, facet values) answer 422 too.
 */
describe('crafted characters in text fields', () => {
  const CRAFTED = ['Asha\u0000', 'Asha\u001b[2J', 'Asha\ud800', '\udc00Asha', 'A\u007fsha'];
  let productSlug: string;
  beforeAll(async () => {
    const grid = await t.app.inject({ method: 'POST', url: '/api/product/product-grid', payload: { items: 1 } });
    productSlug = grid.json().data.products[0].slug;
  });

  const send = (method: 'POST' | 'PUT', url: string, payload: unknown, extra: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...extra, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
      remoteAddress: `10.98.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    });
  const fieldErrors = (res: { statusCode: number; body: string }) => {
    expect(res.statusCode, res.body).toBe(422);
    return (JSON.parse(res.body) as { errors: Record<string, string[]> }).errors;
  };

  it.each(CRAFTED)('refuses %j in names, reviews, form values and addresses with a clear 422', async (bad) => {
    const register = await send('POST', '/api/auth/register', {
      first_name: bad,
      last_name: 'Iyer',
      phone: '8123456789',
      email: 'crafted@example.test',
      password: 'Str0ng#pass',
    });
    expect(fieldErrors(register).first_name).toEqual([messages.invalidCharacters]);

    const profile = await send(
      'PUT',
      '/api/account/update-profile',
      { first_name: 'Asha', last_name: bad, email: 'x@example.test', phone: '8123456789' },
      headers,
    );
    expect(fieldErrors(profile).last_name).toContain(messages.invalidCharacters);

    const review = await send(
      'POST',
      '/api/plugins/review/rate-product',
      { slug: productSlug, rating: 4, title: bad, body: `Fine\n\tfabric ${bad}` },
      headers,
    );
    expect(fieldErrors(review)).toEqual({ title: [messages.invalidCharacters], body: [messages.invalidCharacters] });

    const form = await send('POST', '/api/form/submit/contact', {
      name: bad,
      email: 'asha@example.com',
      topic: 'An order',
      message: 'Where is my order #1042, please?',
    });
    expect(fieldErrors(form)).toEqual({ name: [messages.invalidCharacters] });

    const address = await send(
      'POST',
      '/api/address/add',
      { address_type: 'Shipping', first_name: bad, last_name: 'Rao', country_id: 1 },
      headers,
    );
    expect(fieldErrors(address).first_name).toEqual([messages.invalidCharacters]);
  });

  it('keeps tabs and line breaks in multi-line text', async () => {
    const form = await send('POST', '/api/form/submit/contact', {
      name: 'Asha',
      email: 'asha@example.com',
      topic: 'An order',
      message: 'Line one\r\n\tLine two',
    });
    expect(form.statusCode, form.body).toBe(200);
  });

  it('refuses a lone surrogate or NUL in search text and facets with 422', async () => {
    for (const body of [
      { query: '\ud800' },
      { query: 'shirt', filters: { brands: ['\ud800'] } },
      { query: 'shirt', filters: { categories: ['a\u0000'] } },
      { query: 'shirt', filters: { options: { '\ud800': ['Indigo'] } } },
      { query: 'shirt', filters: { options: { Colour: ['\udc00'] } } },
    ]) {
      expect((await send('POST', '/api/search/search-products', body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    for (const url of ['/api/shop/all', `/api/product/product-category/${encodeURIComponent('\u0000')}`]) {
      const res = await send('POST', url, { filters: { options: { Colour: ['\ud800'] } } });
      expect(res.statusCode, `${url} ${res.body}`).toBe(422);
    }
    const suggest = await t.app.inject({ method: 'GET', url: '/api/search/search?query=%00' });
    expect(suggest.statusCode).toBe(422);
  });

  it('answers 4xx for slugs with NUL, tab or CRLF in every path', async () => {
    const failures: string[] = [];
    for (const slug of ['%00', '%09', '%0d%0a', 'a%00b', '%ED%A0%80']) {
      for (const [method, url] of [
        ['POST', `/api/product/product-category/${slug}`],
        ['POST', `/api/product/product-collection/${slug}`],
        ['POST', `/api/shop/${slug}`],
        ['GET', `/api/product/single-product/${slug}`],
        ['GET', `/api/product/filters/all/${slug}`],
        ['GET', `/api/blog/${slug}`],
        ['GET', `/api/page/${slug}`],
        ['GET', `/api/menu/${slug}`],
        ['GET', `/api/form/${slug}`],
        ['GET', `/api/templateBoth/page?slug=${slug}`],
      ] as const) {
        const res = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
        if (res.statusCode >= 500 || res.statusCode < 400) failures.push(`${method} ${url} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
