import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Page } from '@playwright/test';
import { CSRF_HEADER, CSRF_HEADER_VALUE, storeStateMessages } from '@shopfront/shared';
import { DESKTOP, MOBILE, waitForHydration } from './support/browser.ts';
import { startShop, type RunningShop } from './support/server.ts';
import { expect, test, type Viewport } from './support/test.ts';

/*
 * Store states (spec section 4). The state is changed in the shop's own database while the shop
 * is stopped (PGlite belongs to one process at a time), as the owner's API would change it, and
 * the shop starts again on the same DATA_DIR. The last test leaves the shop open. Its own shop
 * (not the `shop` fixture), on a DATA_DIR of its own so that it can be restarted.
 */
let dataDir = '';
const env = (): Record<string, string> => ({ NODE_ENV: 'test', DATA_DIR: dataDir });
const STORE_PASSWORD = 'early-access-2026';
const STAFF_NAME = 'Meera Iyer';
const STAFF_PASSWORD = 'Counter#Top42';

let shop: RunningShop | undefined;
let productPath: string;

interface Lock {
  mode?: 'Coming Soon' | 'Under Maintenance' | null;
  protect?: boolean;
  /** A new store password (a new hash: every access cookie given before stops working). */
  password?: string;
}

/** Stops the shop, writes the storefront's state (and `sql`) into its database, starts it again. */
async function restartWith({ mode = null, protect = false, password }: Lock, sql: string[] = []) {
  await shop?.stop();
  shop = undefined;
  const db = await PGlite.create(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
  try {
    const hashed = password
      ? await hash(password, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 })
      : null;
    await db.query(
      `update storefronts set mode = $1, is_password_protection_enabled = $2,
         password_hash = coalesce($3, password_hash) where id = 'sf_default'`,
      [mode, protect, hashed],
    );
    for (const statement of sql) await db.exec(statement);
  } finally {
    await db.close();
  }
  shop = await startShop({ env: env() });
}

const url = (p: string) => `${shop!.baseUrl}${p}`;

/** The first answer for `p`, redirects not followed. */
const peek = (p: string) => fetch(url(p), { redirect: 'manual' });

/** The test's `newPage` fixture: a tab in a context of its own, closed after the test. */
type NewPage = (viewport?: Viewport) => Promise<Page>;

/** A new tab (cookies of its own) on `p`, hydrated. */
async function tab(newPage: NewPage, p: string, viewport: Viewport = DESKTOP): Promise<Page> {
  const page = await newPage(viewport);
  await page.goto(url(p));
  await waitForHydration(page);
  return page;
}

test.beforeAll(async () => {
  // Starting a shop is not a test's time.
  test.setTimeout(180_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'shopfront-e2e-store-states-'));
  shop = await startShop({ env: env() });
  const res = await fetch(url('/api/product/product-grid'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
    body: JSON.stringify({ items: 1, source: 'featured' }),
  });
  const { data } = (await res.json()) as { data: { products: { slug: string }[] } };
  productPath = `/product/${data.products[0]!.slug}`;
});

test.afterAll(async () => {
  await shop?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Home and a product page both redirect (302, noindex) to `target`; the browser lands there. */
async function expectRedirects(newPage: NewPage, target: string) {
  for (const p of ['/', productPath, '/cart', '/account']) {
    const res = await peek(p);
    expect(res.status, p).toBe(302);
    expect(new URL(res.headers.get('location')!, url('/')).pathname, p).toBe(target);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
  }
  for (const p of ['/', productPath]) {
    const page = await tab(newPage, p);
    expect(new URL(page.url()).pathname).toBe(target);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    // Nothing to click into the shop: no header, menu, cart or account links.
    await expect(page.locator('header, [data-testid="header-cart"], a[href="/cart"], a[href="/account"]')).toHaveCount(
      0,
    );
  }
  // The pages' loaders met the closed API (403/503): expected, so nothing is logged as a failure.
  expect(shop!.output()).not.toContain('ApiError');
}

async function expect404(newPage: NewPage, p: string) {
  const res = await peek(p);
  expect(res.status, p).toBe(404);
  const page = await tab(newPage, p);
  await page.getByRole('heading', { name: 'Page Not Found!' }).waitFor();
}

async function expectClosedToCrawlers() {
  const robots = await (await peek('/robots.txt')).text();
  expect(robots).toContain('Disallow: /');
  expect(robots).not.toContain('Sitemap:');
  expect((await peek('/sitemap.xml')).status).toBe(404);
}

test.describe('store states', () => {
  // Every test restarts the shop first (stopped, its database edited, booted again): not its time.
  test.describe.configure({ timeout: 120_000 });

  test('Coming Soon: every page goes to /coming-soon, the other special pages are 404, and a visitor can subscribe', async ({
    newPage,
  }) => {
    await restartWith({ mode: 'Coming Soon' });
    await expectRedirects(newPage, '/coming-soon');
    const res = await peek('/coming-soon');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    await expect404(newPage, '/under-maintenance');
    await expect404(newPage, '/password-protected');
    await expectClosedToCrawlers();
    const api = await fetch(url('/api/category/all'));
    expect(api.status).toBe(403);

    const page = await tab(newPage, '/coming-soon', MOBILE);
    await page.getByRole('heading', { name: 'Something new is on its way' }).waitFor();
    const form = page.getByTestId('subscribe-form');
    await form.getByLabel('Your e-mail address').fill('not-an-email');
    await form.getByRole('button', { name: 'Notify me' }).click();
    await form.getByText('The value must be an valid email address').waitFor();
    await form.getByLabel('Your e-mail address').fill('kavya.menon@example.test');
    await form.getByRole('button', { name: 'Notify me' }).click();
    await page.getByTestId('subscribe-success').getByText(storeStateMessages.subscribed).waitFor();
  });

  test('Under Maintenance: every page goes to /under-maintenance, which answers 503 with Retry-After', async ({
    newPage,
  }) => {
    await restartWith({ mode: 'Under Maintenance' });
    await expectRedirects(newPage, '/under-maintenance');
    const res = await peek('/under-maintenance');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('3600');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    await expect404(newPage, '/coming-soon');
    await expectClosedToCrawlers();
    const api = await fetch(url('/api/cart/get'));
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('3600');

    const page = await tab(newPage, '/under-maintenance', MOBILE);
    await page.getByRole('heading', { name: 'We’ll be back shortly' }).waitFor();
    await page.getByTestId('subscribe-form').waitFor();
  });

  test('signed-in staff see the open shop, a staff bar, and an Admin Panel button whose link works once', async ({
    page,
  }) => {
    const staffId = `stf_${randomBytes(6).toString('hex')}`;
    const token = `sfs_${randomBytes(32).toString('base64url')}`;
    const tokenHash = createHash('sha256').update(token).digest('hex');
    const staffEmail = `meera.${staffId}@example.test`;
    const staffHash = await hash(STAFF_PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    await restartWith({ mode: 'Under Maintenance' }, [
      `insert into staff (id, email, name, password_hash, role)
         values ('${staffId}', '${staffEmail}', '${STAFF_NAME}', '${staffHash}', 'owner')`,
      `insert into staff_sessions (token_hash, staff_id, kind, expires_at)
         values ('${tokenHash}', '${staffId}', 'cookie', now() + interval '12 hours')`,
    ]);
    await page.context().addCookies([{ name: 'sf_staff', value: token, url: url('/') }]);
    await page.goto(url(productPath));
    await waitForHydration(page);
    expect(new URL(page.url()).pathname).toBe(productPath);
    // A staff-only bar says what shoppers see instead.
    const bar = page.getByTestId('staff-bar');
    await bar.getByText('Shoppers see: Under Maintenance').waitFor();
    await bar.getByText('you see the shop because you are signed in as staff').waitFor();
    // The header's button shows its words on desktop; the mobile menu holds the same button.
    const button = page.locator('header').getByRole('button', { name: 'Admin Panel' });
    await button.waitFor();
    // No link token sits in the page: it is minted when the button is pressed.
    expect(await page.content()).not.toMatch(/sfa_/);
    // On a phone the menu drawer (filled when first opened) holds the same button.
    await page.setViewportSize(MOBILE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('dialog.mobile-menu [data-testid="admin-panel-link"]').waitFor();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await page.setViewportSize(DESKTOP);

    const linkRequest = page.waitForRequest((r) => r.url().includes('/admin/login?token=sfa_'));
    await button.click();
    const link = new URL((await linkRequest).url());
    const href = link.pathname + link.search;
    // The link lands in the owner's panel (apps/admin), which opens while the shop is closed.
    await page.getByTestId('signed-in-as').getByText(STAFF_NAME).waitFor();
    // The token is spent and no longer in the address bar.
    expect(new URL(page.url()).search).toBe('');

    await page.goto(url(href));
    // The link's own session is still signed in, so the panel goes straight on; a visitor
    // without one gets the expiry message and the sign-in form.
    await page.getByTestId('signed-in-as').getByText(STAFF_NAME).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.context().clearCookies();
    await page.goto(url(href));
    await page.getByTestId('staff-sign-in-error').getByText(storeStateMessages.adminLinkExpired).waitFor();
    // Staff sign in with e-mail and password instead (POST /api/admin/auth/login, a cookie session), and out.
    const signIn = page.getByTestId('staff-sign-in');
    await signIn.getByLabel('E-mail address').fill(staffEmail);
    await signIn.getByLabel('Password').fill(STAFF_PASSWORD);
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('signed-in-as').getByText(STAFF_NAME).waitFor();
    await page.goto(url('/admin/account'));
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByTestId('staff-sign-in').waitFor();

    // Back to a shopper: the shop is under maintenance again.
    await page.goto(url('/'));
    expect(new URL(page.url()).pathname).toBe('/under-maintenance');
  });

  test('password protection: the password page, a wrong password, then the open shop; then Coming Soon once the mode is set', async ({
    page,
    newPage,
  }) => {
    await restartWith({ protect: true, password: STORE_PASSWORD });
    await expectRedirects(newPage, '/password-protected');
    await expect404(newPage, '/coming-soon');
    await expectClosedToCrawlers();

    await page.setViewportSize(MOBILE);
    await page.goto(url(productPath));
    await waitForHydration(page);
    expect(new URL(page.url()).pathname).toBe('/password-protected');
    const form = page.getByTestId('store-password-form');
    await form.getByLabel('Store password').fill('wrong-guess');
    await form.getByRole('button', { name: 'Enter' }).click();
    await form.getByText(storeStateMessages.wrongPassword).waitFor();
    await form.getByLabel('Store password').fill(STORE_PASSWORD);
    await form.getByRole('button', { name: 'Enter' }).click();
    await page.waitForURL(url('/'));
    await page.getByTestId('header-cart').waitFor();
    // Verified, the password page is not for this visitor any more.
    await page.goto(url('/password-protected'));
    expect(new URL(page.url()).pathname).toBe('/');

    // The same visitor (same cookie, same password) once the owner sets Coming Soon.
    await restartWith({ protect: true, mode: 'Coming Soon' });
    await page.goto(url(productPath));
    await waitForHydration(page);
    expect(new URL(page.url()).pathname).toBe('/coming-soon');
    // A new visitor still meets the password first.
    expect(new URL((await peek('/coming-soon')).headers.get('location')!, url('/')).pathname).toBe(
      '/password-protected',
    );
  });

  test('a tab left open when the shop closes lands on the special page at its next click', async ({ newPage }) => {
    const staffId = `stf_${randomBytes(6).toString('hex')}`;
    const token = `sfs_${randomBytes(32).toString('base64url')}`;
    const tokenHash = createHash('sha256').update(token).digest('hex');
    await restartWith({}, [
      `insert into staff (id, email, name, password_hash, role)
         values ('${staffId}', 'owner.${staffId}@example.test', '${STAFF_NAME}', 'x', 'owner')`,
      `insert into staff_sessions (token_hash, staff_id, kind, expires_at)
         values ('${tokenHash}', '${staffId}', 'bearer', now() + interval '1 hour')`,
    ]);
    // The owner's API changes the mode while the shop runs (as the admin panel or the CLI would).
    const setMode = async (mode: 'Coming Soon' | null) => {
      const res = await fetch(url('/api/admin/storefront'), {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ mode }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
    };
    const page = await tab(newPage, '/');
    const slug = productPath.split('/').pop()!;
    // The header's Shop link: a client-side navigation whose loader calls the catalog API.
    const shopLink = page.locator('header a[href="/shop-online"]:visible').first();
    await shopLink.waitFor();
    await setMode('Coming Soon');
    try {
      // A quickview asked by the open tab gets the gate's answer, not a server error.
      const quick = await fetch(url(`/resources/quickview/${slug}`));
      expect(quick.status).toBe(403);
      // The listing's loader meets the gate; the error screen reloads the page once and the
      // root loader sends the visitor to the Coming Soon page.
      await shopLink.click();
      await page.waitForURL(url('/coming-soon'));
      await page.getByRole('heading', { name: 'Something new is on its way' }).waitFor();
    } finally {
      await setMode(null);
    }
  });

  test('an open shop answers its special pages as not found', async ({ newPage }) => {
    await restartWith({});
    for (const p of ['/password-protected', '/coming-soon', '/under-maintenance']) await expect404(newPage, p);
    expect((await peek('/')).status).toBe(200);
    expect(await (await peek('/robots.txt')).text()).toContain('Sitemap:');
  });
});
