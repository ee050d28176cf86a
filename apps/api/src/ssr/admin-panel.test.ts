import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { adminBuildDir } from './admin-panel.ts';
import { storefrontRoot } from './storefront.ts';

/**
 * The owner's panel (apps/admin, `npm run build` first) is served under /admin on the shop's own
 * origin: the SPA's page for every path, never stored, with a CSP that lets its inline bootstrap
 * run by hash (no 'unsafe-inline'); hashed assets for a year. The shop here is Coming Soon: the
 * panel opens all the same (the store-state gate covers /api only, and /api/admin is open).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ storefront: true });
  await t.database.db.execute(sql`update storefronts set mode = 'Coming Soon'`);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const sha256 = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

describe('the panel under /admin', () => {
  it('answers its page for every panel path, no-store, with a hash CSP its inline scripts pass', async () => {
    for (const url of ['/admin', '/admin/', '/admin/login?token=sfa_x', '/admin/staff', '/admin/orders/123/x']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      const csp = String(res.headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]!;
      expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval|nonce-/);
      const inline = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        (m) => !/\ssrc=/.test(m[1]!) && m[2],
      );
      expect(inline.length).toBeGreaterThan(0);
      for (const m of inline) expect(scriptSrc).toContain(sha256(m[2]!));
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("connect-src 'self'");
    }
    // The shop itself is closed to visitors meanwhile.
    const home = await get('/');
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/coming-soon');
  });

  it('serves hashed assets immutable and precompressed; a missing one is a 404, not the page', async () => {
    const js = readdirSync(path.join(adminBuildDir, 'assets')).find((f) => /^framework-.*\.js$/.test(f))!;
    const res = await get(`/admin/assets/${js}`, { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    // A script does nothing with a page's security headers (issue 30): they are left off, nosniff stays.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    for (const h of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy']) {
      expect(res.headers[h], h).toBeUndefined();
    }
    // The storefront's build files too.
    const shopJs = readdirSync(path.join(storefrontRoot, 'build/client/assets')).find((f) => f.endsWith('.js'))!;
    const shopAsset = await get(`/assets/${shopJs}`);
    expect(shopAsset.statusCode).toBe(200);
    expect(shopAsset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(shopAsset.headers['content-security-policy']).toBeUndefined();
    expect(shopAsset.headers['x-content-type-options']).toBe('nosniff');
    // The page itself keeps them.
    const page = await get('/admin/orders');
    expect(page.headers['content-security-policy']).toBeDefined();
    expect(page.headers['x-frame-options']).toBeDefined();
    const missing = await get('/admin/assets/framework-00000000.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('serves the push service worker at the panel’s root (scope /admin/): JavaScript, revalidated, no page CSP', async () => {
    const res = await get('/admin/push-sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBe('/admin/');
    expect(res.body).toContain("addEventListener('push'");
    expect(res.body).toContain("addEventListener('notificationclick'");
  });

  it('no longer renders the storefront’s old sign-in page: /admin/login is the panel’s', async () => {
    const res = await get('/admin/login');
    expect(res.body).toContain('/admin/assets/');
    expect(res.body).not.toContain('staff-sign-in');
  });
});
