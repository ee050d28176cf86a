import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAGE_CACHE_COOKIES, SESSION_COOKIE, SIGNED_IN_COOKIE } from '@shopfront/shared';
import { queryRows } from '../db/client.ts';
import { signedInOwner } from '../modules/staff/testing.ts';
import { CACHES_ON, createTestApp, type TestApp } from '../test/app.ts';
import { hashedCsp } from './page-cache.ts';
import { createCustomer, createSessionCookie } from '../test/auth.ts';

/**
 * Whole pages for visitors with nothing personal (ssr/page-cache.ts, ADR 28), through the real
 * storefront build: what is cached, what never is, and that a change shows on the next request.
 */
let t: TestApp;
let owner: Record<string, string>;
const PRODUCT = '/product/organic-cotton-crew-tee';
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

beforeAll(async () => {
  t = await createTestApp({ storefront: true, env: CACHES_ON });
  owner = (await signedInOwner(t)).headers;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
const cache = () => t.app.pageCache!;

describe('page cache', () => {
  it('renders an anonymous page once and answers the next requests from memory, with a CDN-friendly header', async () => {
    cache().clear();
    const first = await get(PRODUCT);
    expect(first.statusCode).toBe(200);
    const hits = cache().hits;
    const second = await get(PRODUCT);
    expect(cache().hits).toBe(hits + 1);
    expect(second.body).toBe(first.body);
    expect(second.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    expect(second.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(second.headers.etag).toBe(first.headers.etag);
    // The security headers of the render come along.
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    expect(second.headers['x-request-id']).toBeTruthy();
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it('allows exactly the inline scripts and styles of the page by hash: no nonce shared by everyone', async () => {
    const res = await get(PRODUCT);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).not.toMatch(/'nonce-/);
    const hash = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
    const inline = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      (m) => !/\ssrc=/.test(m[1]!) && m[2] && !/application\/ld\+json/.test(m[1]!),
    );
    expect(inline.length).toBeGreaterThan(0);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]!;
    for (const m of inline) expect(scriptSrc).toContain(hash(m[2]!));
    const styles = [...res.body.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)];
    const styleSrc = /style-src ([^;]*)/.exec(csp)![1]!;
    for (const m of styles) expect(styleSrc).toContain(hash(m[1]!));
  });

  it('hashes only what the render marked with its nonce: injected markup stays blocked', () => {
    const csp = "script-src 'self' 'nonce-n1';style-src 'self' 'nonce-n2'";
    const html =
      '<script nonce="n1">ok()</script><script>evil()</script><style nonce="n2">a{}</style><style>b{}</style>';
    const out = hashedCsp(csp, html, { script: 'n1', style: 'n2' });
    const hash = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
    expect(out).toBe(`script-src 'self' ${hash('ok()')};style-src 'self' ${hash('a{}')}`);
  });

  it('never keeps the render of a HEAD (it has no body): a GET after it gets the whole page', async () => {
    const url = '/product/brass-desk-lamp';
    cache().clear();
    const head = await t.app.inject({ method: 'HEAD', url, headers: { accept: 'text/html' } });
    expect(head.statusCode).toBe(200);
    const page = await get(url);
    expect(page.body).toContain('</html>');
    const again = await get(url);
    expect(again.body).toBe(page.body);
    // And a HEAD is answered from the kept GET.
    const hits = cache().hits;
    const head2 = await t.app.inject({ method: 'HEAD', url, headers: { accept: 'text/html' } });
    expect(cache().hits).toBe(hits + 1);
    expect(head2.headers.etag).toBe(page.headers.etag);
  });

  it('answers 304 to a browser whose copy is current, and sends the compressed copy a browser asks for', async () => {
    const first = await get(PRODUCT);
    const again = await get(PRODUCT, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const br = await get(PRODUCT, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    const gz = await get(PRODUCT, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Number(gz.headers['content-length'])).toBeLessThan(first.body.length / 3);
  });

  it('keeps a client navigation’s data too, but tells the browser not to store it', async () => {
    const url = `${PRODUCT}.data`;
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    const hits = cache().hits;
    const second = await t.app.inject({ method: 'GET', url });
    expect(cache().hits).toBe(hits + 1);
    expect(second.body).toBe(first.body);
    expect(second.headers['cache-control']).toBe('no-store');
    expect(second.headers.etag).toBeUndefined();
  });

  it('keeps a separate page per cookie that changes it, and ignores cookies no page reads', async () => {
    const plain = await get(PRODUCT);
    const chosen = await get(PRODUCT, { cookie: 'cookiePreferences=v1%3A' });
    expect(plain.body).toContain('Accept All');
    expect(chosen.body).not.toContain('Accept All');
    const hits = cache().hits;
    const tracked = await get(PRODUCT, { cookie: '_ga=GA1.1.123; cookiePreferences=v1%3A' });
    expect(cache().hits).toBe(hits + 1);
    expect(tracked.body).toBe(chosen.body);
  });

  it('shares one page between a URL and its tracking parameters, rendered without them', async () => {
    cache().clear();
    const plain = await get(PRODUCT);
    const hits = cache().hits;
    const tracked = await get(`${PRODUCT}?utm_source=ig&fbclid=Secret-Click-Id`);
    expect(cache().hits).toBe(hits + 1);
    expect(tracked.body).toBe(plain.body);
    // Rendered first with them, kept without: nobody else's page carries the click id.
    cache().clear();
    const first = await get(`${PRODUCT}?gclid=Secret-Click-Id`);
    expect(first.body).not.toContain('Secret-Click-Id');
    expect((await get(PRODUCT)).body).toBe(first.body);
  });

  it('reads a path starting with two slashes as this shop’s, never as another host', async () => {
    const res = await get(`//blog.example.test${PRODUCT}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('http://blog.example.test');
  });

  it('sends a signed-in customer with a cart the shared page, rendered without their cookies (ADR 31)', async () => {
    const customer = await createCustomer(t.database.db, { firstName: 'Cachetest' });
    const cookie = `${await createSessionCookie(t.database.db, customer.id)}; api_cart=1; ${SIGNED_IN_COOKIE}=1`;
    // Nothing kept yet: their request renders the shared page and keeps it for everyone.
    cache().clear();
    const theirs = await get(PRODUCT, { cookie });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    expect(theirs.headers['set-cookie']).toBeUndefined();
    expect(theirs.body).not.toContain('Cachetest');
    expect(theirs.body).toContain('data-account-link="guest"');
    const hits = cache().hits;
    const anonymous = await get(PRODUCT);
    expect(cache().hits).toBe(hits + 1);
    expect(anonymous.body).toBe(theirs.body);
    // And the next signed-in request is answered from memory too.
    await get(PRODUCT, { cookie });
    expect(cache().hits).toBe(hits + 2);
    expect(cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
  });

  it('renders every page that did not opt in, and a client navigation’s data, for the signed-in customer alone', async () => {
    const customer = await createCustomer(t.database.db, { firstName: 'Ownpage' });
    const cookie = await createSessionCookie(t.database.db, customer.id);
    // /track-order fills in the customer's contact: anonymous visitors share it, customers do not.
    await get('/track-order');
    const hits = cache().hits;
    const tracking = await get('/track-order', { cookie });
    expect(cache().hits).toBe(hits);
    expect(tracking.statusCode).toBe(200);
    expect(tracking.headers['cache-control']).toBe('private, no-store');
    expect(tracking.headers['content-security-policy']).toMatch(/'nonce-/);
    expect(tracking.body).toContain('Ownpage');
    const account = await get('/account/profile', { cookie });
    expect(account.body).toContain('Ownpage');
    // The root's data after a form was sent holds the account.
    const data = await t.app.inject({ method: 'GET', url: `${PRODUCT}.data?_routes=root`, headers: { cookie } });
    expect(data.statusCode).toBe(200);
    expect(data.body).toContain('Ownpage');
    expect(cache().hits).toBe(hits);
    // What was rendered for them is kept for no one.
    expect((await get('/track-order')).body).not.toContain('Ownpage');
  });

  it('renders for a session without the signed-in flag (older than it) once, and gives it the flag', async () => {
    const customer = await createCustomer(t.database.db, { firstName: 'Flagless' });
    const cookie = await createSessionCookie(t.database.db, customer.id);
    await get(PRODUCT);
    const hits = cache().hits;
    const res = await get(PRODUCT, { cookie });
    expect(cache().hits).toBe(hits);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('Flagless');
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`${SIGNED_IN_COOKIE}=1;`));
    // With the flag, the shared page.
    const shared = await get(PRODUCT, { cookie: `${cookie}; ${SIGNED_IN_COOKIE}=1` });
    expect(cache().hits).toBe(hits + 1);
    expect(shared.body).not.toContain('Flagless');
  });

  it('answers a URL or Host that is none without an error, with or without own cookies', async () => {
    for (const cookie of ['', `${SIGNED_IN_COOKIE}=1`]) {
      const headers: Record<string, string> = cookie ? { cookie } : {};
      expect((await get('//[', headers)).statusCode).toBe(404);
      const badHost = await get(PRODUCT, { ...headers, host: 'a b' });
      expect(badHost.statusCode).toBe(400);
    }
  });

  it('never sends a kept page to staff or to a visitor let in by the store password', async () => {
    await get(PRODUCT);
    const hits = cache().hits;
    for (const cookie of ['sf_staff=abc', 'sf_store_access=abc']) {
      const res = await get(PRODUCT, { cookie });
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    expect(cache().hits).toBe(hits);
  });

  it('shows an owner’s change on the very next request', async () => {
    const before = await get('/');
    expect(before.body).toContain('Loom &amp; Leaf');
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: owner,
      payload: { store_name: 'Cache Street Store' },
    });
    expect(res.statusCode).toBe(200);
    expect((await get('/')).body).toContain('Cache Street Store');
    await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: owner,
      payload: { store_name: 'Loom & Leaf' },
    });
  });

  it('shows a change written by anything else (another process, a job) once its notification arrives', async () => {
    await get(PRODUCT);
    const [p] = await queryRows<{ name: string }>(
      t.database.db,
      sql`select name from products where slug = 'organic-cotton-crew-tee'`,
    );
    await t.database.db.execute(
      sql`update products set name = 'Renamed Crew Tee' where slug = 'organic-cotton-crew-tee'`,
    );
    try {
      await vi.waitFor(async () => expect((await get(PRODUCT)).body).toContain('Renamed Crew Tee'), { timeout: 5000 });
    } finally {
      await t.database.db.execute(sql`update products set name = ${p!.name} where slug = 'organic-cotton-crew-tee'`);
    }
  });

  it('does not keep pages that ask for privacy, that set a cookie, or that are not a plain 200', async () => {
    const preview = `${PRODUCT}?preview=1`;
    await get(preview);
    const hits = cache().hits;
    const again = await get(preview);
    expect(cache().hits).toBe(hits);
    expect(again.headers['cache-control']).toBe('private, no-store');
    const missing = await get('/product/no-such-product-anywhere');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('private, no-store');
    await get('/product/no-such-product-anywhere');
    expect(cache().hits).toBe(hits);
    // The API is never a page.
    const api = await t.app.inject({ method: 'GET', url: '/api/storefront/initial-values' });
    expect(api.headers.etag).toBeUndefined();
  });

  it('classifies every cookie the shop sets or reads (a new one must say how it bears on cached pages)', () => {
    const known = new Set<string>([
      ...PAGE_CACHE_COOKIES.personal,
      ...PAGE_CACHE_COOKIES.own,
      ...PAGE_CACHE_COOKIES.vary,
      ...PAGE_CACHE_COOKIES.ignored,
    ]);
    const found = new Set<string>();
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (name === 'node_modules' || name === 'build' || name.startsWith('.')) continue;
        if (statSync(full).isDirectory()) walk(full);
        else if (/\.tsx?$/.test(name) && !name.includes('.test.')) {
          for (const m of readFileSync(full, 'utf8').matchAll(/_COOKIE = '([^']+)'/g)) found.add(m[1]!);
        }
      }
    };
    for (const dir of ['apps/api/src', 'apps/storefront/app', 'packages/shared/src']) walk(path.join(REPO_ROOT, dir));
    expect(found.size).toBeGreaterThan(10);
    expect([...found].filter((c) => !known.has(c))).toEqual([]);
  });
});
