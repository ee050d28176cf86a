import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@shopfront/shared';
import { DESKTOP, MOBILE, launchBrowser, newPage, waitForHydration, type ShopBrowser } from './support/browser.ts';
import { buyNow } from './support/checkout.ts';
import { registerCustomer, type TestCustomer } from './support/customers.ts';
import { startShop, type RunningShop } from './support/server.ts';

/*
 * axe-core over every page type at 390 px and 1280 px (issue 13, polish 8). A serious or
 * critical violation fails the page's test and is printed with its rule id and targets; moderate
 * and minor ones are printed as notes. axe is put into the page with `page.evaluate` (DevTools
 * evaluation, which the shop's CSP does not govern), so the CSP stays exactly as shoppers get it.
 *
 * The shop is the demo shop (the pages are looked at as a shopper sees them); the slugs come
 * from its sitemap and API, not from this file. An owner account is made with the CLI before
 * the shop starts, so the store states (password-protected, coming soon) are switched through
 * the owner's API at the end.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const dataDir = mkdtempSync(path.join(tmpdir(), 'shopfront-e2e-a11y-'));
const OWNER = { email: 'owner.a11y@example.test', name: 'Nisha Kapoor', password: 'Owner#Check2026' };
const STORE_PASSWORD = 'quiet-launch-2026';

let shop: RunningShop;
let browser: ShopBrowser;
let ownerToken: string;
let customer: TestCustomer;
/** Paths found in the demo shop: one of each kind. */
const paths = {
  category: '',
  collection: '',
  product: '',
  productId: '',
  productWord: '',
  blogPost: '',
  contentPages: [] as string[],
};

const url = (p: string) => `${shop.baseUrl}${p}`;

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: AxeNode[];
}

/** Runs axe on the page as it is now; answers the serious/critical violations as readable lines. */
async function axeProblems(page: Page, label: string): Promise<string[]> {
  // Colours are measured as the page rests: wait for every finite animation (a dialog fading in).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    const run = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: unknown }> } })
      .axe.run;
    return (await run(document, { resultTypes: ['violations'] })).violations;
  })) as AxeViolation[];
  const line = (v: AxeViolation) =>
    `${v.id} (${v.impact}): ${v.help} — ${v.nodes
      .slice(0, 6)
      .map((n) => n.target.join(' '))
      .join(' | ')}${v.nodes.length > 6 ? ` (+${v.nodes.length - 6} more)` : ''}`;
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const notes = violations.filter((v) => !blocking.includes(v));
  if (notes.length) console.log(`[axe note] ${label}\n  ${notes.map(line).join('\n  ')}`);
  if (blocking.length) console.log(`[axe FAIL] ${label}\n  ${blocking.map(line).join('\n  ')}`);
  return blocking.map(line);
}

/** Fails with every serious/critical violation listed. */
async function expectAccessible(page: Page, label: string) {
  expect(await axeProblems(page, label), `axe: serious/critical violations on ${label}`).toEqual([]);
}

const openTabs: Page[] = [];
afterEach(async () => {
  await Promise.all(openTabs.splice(0).map((p) => p.close().catch(() => {})));
});

async function tab(viewport: { width: number; height: number }, cookieChoice?: string | null): Promise<Page> {
  const page = await newPage(browser, viewport, cookieChoice === undefined ? {} : { cookieChoice });
  openTabs.push(page);
  return page;
}

async function open(page: Page, p: string) {
  await page.goto(url(p));
  await waitForHydration(page);
}

/** Logs the test customer in from inside the page (its session cookie lands in this browser). */
async function logIn(page: Page) {
  await open(page, '/');
  const status = await page.evaluate(
    async ({ body, header, value }) =>
      (
        await fetch('/api/auth/login', {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json', [header]: value },
          body: JSON.stringify(body),
        })
      ).status,
    { body: { email: customer.email, password: customer.password }, header: CSRF_HEADER, value: CSRF_HEADER_VALUE },
  );
  expect(status).toBe(200);
}

/** Where the shop sends a new visitor asking for `/` (cached pages follow a change within moments). */
const homeGoesTo = async () => {
  const res = await fetch(url('/'), { redirect: 'manual' });
  return res.status === 302 ? new URL(res.headers.get('location')!, url('/')).pathname : '/';
};

async function ownerApi(method: string, p: string, body: object) {
  const res = await fetch(url(p), {
    method,
    headers: { authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

beforeAll(async () => {
  // The owner first (the CLI migrates the empty database), then the shop seeds its demo around it.
  await promisify(execFile)(
    'npx',
    ['tsx', 'apps/api/src/db/cli.ts', 'create-owner', '--email', OWNER.email, '--name', OWNER.name],
    {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, SHOP_OWNER_PASSWORD: OWNER.password, LOG_LEVEL: 'warn' },
    },
  );
  [shop, browser] = await Promise.all([startShop({ env: { NODE_ENV: 'test', DATA_DIR: dataDir } }), launchBrowser()]);

  const login = await fetch(url('/api/admin/auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
    body: JSON.stringify({ email: OWNER.email, password: OWNER.password, session: 'bearer' }),
  });
  expect(login.status, await login.clone().text()).toBe(200);
  ownerToken = ((await login.json()) as { data: { token: string } }).data.token;
  customer = await registerCustomer(shop.baseUrl, 'Kavya');

  const sitemap = await (await fetch(url('/sitemap.xml'))).text();
  const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  paths.category = locs.find((p) => p.startsWith('/product-category/'))!;
  paths.collection = locs.find((p) => p.startsWith('/product-collection/'))!;
  paths.blogPost = locs.find((p) => p.startsWith('/blogs/'))!;
  // Content pages: one path segment that is none of the shop's own routes (about, FAQ, contact…).
  paths.contentPages = locs.filter((p) => /^\/[^/]+$/.test(p) && !['/shop-online', '/blogs'].includes(p));
  // A product with several variants in stock (the page shows its option chips).
  for (const p of locs.filter((l) => l.startsWith('/product/'))) {
    const slug = p.split('/').pop()!;
    const res = await fetch(url(`/api/product/single-product/${slug}`));
    const { data } = (await res.json()) as {
      data: { product: { id: string; name: string }; variants: { in_stock: boolean }[] };
    };
    if (data.variants.filter((v) => v.in_stock).length > 2) {
      paths.product = p;
      paths.productId = data.product.id;
      paths.productWord = data.product.name.split(/\s+/).find((w) => w.length > 3) ?? data.product.name;
      break;
    }
  }
  expect(paths).toMatchObject({
    category: expect.any(String),
    collection: expect.any(String),
    product: expect.stringMatching(/^\/product\//),
    blogPost: expect.any(String),
  });
  expect(paths.contentPages.length).toBeGreaterThan(2);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

for (const viewport of [MOBILE, DESKTOP]) {
  const at = `${viewport.width} px`;

  describe(`axe at ${at}: browsing`, () => {
    it('home, shop-all, category and collection listings', async () => {
      const page = await tab(viewport);
      for (const p of ['/', '/shop-online', paths.category, paths.collection]) {
        await open(page, p);
        await expectAccessible(page, `${p} at ${at}`);
      }
    });

    it('a listing with its filters open (the drawer on a phone) and a filter applied', async () => {
      const page = await tab(viewport);
      await open(page, '/shop-online');
      if (viewport === MOBILE) {
        await page.getByRole('button', { name: /^Filters/ }).click();
        await page.locator('dialog#listing-filter-panel[open]').waitFor();
      }
      await expectAccessible(page, `shop-all with filters at ${at}`);
      await open(page, `${paths.category}?in_stock=1`);
      await expectAccessible(page, `${paths.category} filtered at ${at}`);
    });

    it('a listing: "Skip to results" takes the keyboard past the filters to the first product', async () => {
      const page = await tab(viewport);
      await open(page, '/shop-online');
      const skip = page.getByRole('link', { name: 'Skip to results' });
      // Reached by Tab, the link shows itself; Enter moves focus to the results.
      let stops = 0;
      while (!(await skip.evaluate((el) => el === document.activeElement))) {
        expect(++stops, 'tab stops before "Skip to results"').toBeLessThan(40);
        await page.keyboard.press('Tab');
      }
      await expect(skip.isVisible()).resolves.toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('listing-results');
      await page.keyboard.press('Tab');
      await expect(
        page.evaluate(() => Boolean(document.activeElement?.closest('.product-grid .product-card'))),
      ).resolves.toBe(true);
    });

    it('a product with variants', async () => {
      const page = await tab(viewport);
      await open(page, paths.product);
      await expectAccessible(page, `${paths.product} at ${at}`);
    });

    it('search results, an empty search and the search suggestions', async () => {
      const page = await tab(viewport);
      await open(page, `/search?q=${encodeURIComponent(paths.productWord)}`);
      await page.locator('.product-card').first().waitFor();
      await expectAccessible(page, `search results at ${at}`);
      await open(page, '/search?q=qwxzvbnk');
      await expectAccessible(page, `empty search at ${at}`);
      await open(page, '/search');
      await expectAccessible(page, `search without a query at ${at}`);

      // The header's suggestions list, open (on a phone behind the search button).
      await open(page, '/');
      if (viewport === MOBILE) await page.getByRole('button', { name: 'Search', exact: true }).first().click();
      const box = page.locator(viewport === MOBILE ? '#mobile-search-input' : '#header-search');
      await box.pressSequentially(paths.productWord.slice(0, 4).toLowerCase());
      await page.locator('[role="listbox"]:not([hidden]) [role="option"]').first().waitFor();
      await expectAccessible(page, `search suggestions at ${at}`);
    });

    it('content pages (CMS, FAQ, contact form), blog list and blog post', async () => {
      const page = await tab(viewport);
      for (const p of [...paths.contentPages, '/blogs', paths.blogPost]) {
        await open(page, p);
        await expectAccessible(page, `${p} at ${at}`);
      }
    });

    it('track order, and a page that does not exist', async () => {
      const page = await tab(viewport);
      await open(page, '/track-order');
      await expectAccessible(page, `/track-order at ${at}`);
      await open(page, '/no-such-page-here');
      await page.getByRole('heading', { name: 'Page Not Found!' }).waitFor();
      await expectAccessible(page, `404 at ${at}`);
    });
  });

  describe(`axe at ${at}: dialogs`, () => {
    it('the cookie banner and the cookie preferences dialog', async () => {
      const page = await tab(viewport, null);
      await open(page, '/');
      const banner = page.getByTestId('cookie-banner');
      await banner.waitFor();
      await expectAccessible(page, `cookie banner at ${at}`);
      await banner.getByRole('button', { name: 'Cookie Preferences' }).click();
      await page.getByRole('dialog', { name: 'Cookie Preferences' }).waitFor();
      await expectAccessible(page, `cookie preferences at ${at}`);
    });

    it('the login dialog in both modes, and the register dialog', async () => {
      const page = await tab(viewport);
      await open(page, '/');
      await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
      const dialog = page.getByTestId('login-dialog');
      await dialog.getByRole('heading', { name: 'Login' }).waitFor();
      await expectAccessible(page, `login dialog at ${at}`);
      const withEmail = dialog.getByRole('button', { name: 'Login with Email' });
      if (await withEmail.isVisible()) {
        await withEmail.click();
        await dialog.getByLabel('Email address').waitFor();
        await expectAccessible(page, `login dialog (e-mail) at ${at}`);
      }
      await dialog.getByRole('button', { name: 'REGISTER NOW' }).click();
      await page.getByRole('dialog', { name: 'Register' }).waitFor();
      await expectAccessible(page, `register dialog at ${at}`);
    });
  });

  describe(`axe at ${at}: cart and checkout`, () => {
    it('an empty cart, a cart with a line, and the checkout address step', async () => {
      const page = await tab(viewport);
      await open(page, '/cart');
      await expectAccessible(page, `empty cart at ${at}`);
      await buyNow(page, shop.baseUrl, paths.product.split('/').pop()!);
      await expectAccessible(page, `checkout address at ${at}`);
      await open(page, '/cart');
      await page
        .locator('[data-cart-line], [data-line-id]')
        .first()
        .or(page.getByText('Order summary'))
        .first()
        .waitFor();
      await expectAccessible(page, `cart with a line at ${at}`);
    });
  });

  describe(`axe at ${at}: account`, () => {
    it('the guest gate with its login dialog', async () => {
      const page = await tab(viewport);
      await open(page, '/account');
      await page.getByTestId('login-dialog').getByRole('heading', { name: 'Login' }).waitFor();
      await expectAccessible(page, `/account as a guest at ${at}`);
    });

    it('dashboard, profile, orders, addresses (and its form), wishlist and security, logged in', async () => {
      const page = await tab(viewport);
      await logIn(page);
      // One saved product, so the wishlist shows a card rather than its empty state.
      await page.evaluate(
        async ({ id, header, value }) =>
          fetch('/api/wishlist/add', {
            method: 'POST',
            credentials: 'include',
            headers: { 'content-type': 'application/json', [header]: value },
            body: JSON.stringify({ product_id: id }),
          }),
        { id: paths.productId, header: CSRF_HEADER, value: CSRF_HEADER_VALUE },
      );
      for (const p of ['/account', '/account/profile', '/account/orders', '/account/wishlist', '/account/security']) {
        await open(page, p);
        await expectAccessible(page, `${p} at ${at}`);
      }
      await open(page, '/account/addresses');
      await expectAccessible(page, `/account/addresses at ${at}`);
      await page.getByRole('button', { name: 'Add a shipping address' }).click();
      await page.getByRole('heading', { name: 'Add Address' }).waitFor();
      await expectAccessible(page, `add address form at ${at}`);
    });
  });
}

describe('axe on the store-state pages (switched by the owner API)', () => {
  it('password protected, then coming soon, at both widths', async () => {
    try {
      await ownerApi('PATCH', '/api/admin/storefront', {
        password: STORE_PASSWORD,
        is_password_protection_enabled: true,
      });
      await expect.poll(homeGoesTo, { timeout: 10_000 }).toBe('/password-protected');
      for (const viewport of [MOBILE, DESKTOP]) {
        const page = await tab(viewport);
        await open(page, '/');
        expect(new URL(page.url()).pathname).toBe('/password-protected');
        await expectAccessible(page, `password protected at ${viewport.width} px`);
      }
      await ownerApi('PATCH', '/api/admin/storefront', { is_password_protection_enabled: false, mode: 'Coming Soon' });
      await expect.poll(homeGoesTo, { timeout: 10_000 }).toBe('/coming-soon');
      for (const viewport of [MOBILE, DESKTOP]) {
        const page = await tab(viewport);
        await open(page, '/');
        expect(new URL(page.url()).pathname).toBe('/coming-soon');
        await expectAccessible(page, `coming soon at ${viewport.width} px`);
      }
    } finally {
      await ownerApi('PATCH', '/api/admin/storefront', { is_password_protection_enabled: false, mode: null });
    }
  });
});
