import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, MOBILE, newPage, waitForHydration, watchForProblems } from './support/browser.ts';
import { useShopSuite } from './support/suite.ts';

const suite = useShopSuite();

/** Counts full document loads from now on: client-side navigation must not cause any. */
function countDocumentLoads(page: Page): () => number {
  let loads = 0;
  page.on('request', (req) => {
    if (req.resourceType() === 'document' && req.frame() === page.mainFrame()) loads++;
  });
  return () => loads;
}

async function setMarker(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}

const markerSurvived = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

describe('client-side navigation', () => {
  it('the main menu opens About Us without a full page load and names the page on <body>', async () => {
    const page = await newPage(suite.browser, DESKTOP);
    const problems = await watchForProblems(page);
    await page.goto(`${suite.shop.baseUrl}/`);
    await waitForHydration(page);
    await expect(page.evaluate(() => document.body.className)).resolves.toMatch(/\bpage--home\b/);
    await setMarker(page);
    const documentLoads = countDocumentLoads(page);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();

    expect(new URL(page.url()).pathname).toBe('/about-us');
    await expect(markerSurvived(page)).resolves.toBe(true);
    expect(documentLoads()).toBe(0);
    await expect(page.evaluate(() => document.body.className)).resolves.toMatch(/\bpage--about-us\b/);
    await expect(page.title()).resolves.toBe('About Us | Loom & Leaf');
    await expect(page.getByText('Made slowly, made to last').isVisible()).resolves.toBe(true);
    // The active menu entry is marked for assistive technology too.
    await expect(
      page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'About Us' })
        .getAttribute('aria-current'),
    ).resolves.toBe('page');

    // Back to home through the logo, still the same document.
    await page.getByRole('link', { name: 'Loom & Leaf, home' }).click();
    await page.getByRole('heading', { name: 'New arrivals' }).waitFor();
    await expect(page.evaluate(() => document.body.className)).resolves.toMatch(/\bpage--home\b/);
    await expect(markerSurvived(page)).resolves.toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the mobile drawer navigates client-side and closes behind itself', async () => {
    const page = await newPage(suite.browser, MOBILE);
    await page.goto(`${suite.shop.baseUrl}/`);
    await waitForHydration(page);
    await setMarker(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.locator('dialog#mobile-menu');
    await drawer.getByRole('link', { name: 'Shipping & Returns' }).click();
    await page.getByRole('heading', { level: 1, name: 'Shipping & Returns' }).waitFor();
    await drawer.waitFor({ state: 'hidden' });
    await expect(markerSurvived(page)).resolves.toBe(true);
    await expect(page.evaluate(() => document.body.className)).resolves.toMatch(/\bpage--shipping-and-returns\b/);
    await page.close();
  });

  it('a slow navigation shows the 3 px loading bar at the top, which goes away when the page arrives', async () => {
    const page = await newPage(suite.browser, DESKTOP);
    await page.goto(`${suite.shop.baseUrl}/`);
    await waitForHydration(page);
    // Hold the page data back long enough to pass the 200 ms throttle.
    await page.route(/\/privacy-policy\.data/, async (route) => {
      await new Promise((r) => setTimeout(r, 1200));
      await route.continue();
    });
    const bar = page.locator('.loading-bar');
    await expect(bar.evaluate((el) => getComputedStyle(el).opacity)).resolves.toBe('0');

    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).first().click();
    await page.waitForFunction(() => {
      const el = document.querySelector<HTMLElement>('.loading-bar');
      return el?.style.opacity === '1' && (el.firstElementChild as HTMLElement).getBoundingClientRect().width > 0;
    });
    const box = await bar.boundingBox();
    expect(box).toMatchObject({ y: 0, height: 3, width: DESKTOP.width });

    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    await page.waitForFunction(() => document.querySelector<HTMLElement>('.loading-bar')?.style.opacity === '0');
    await page.close();
  });

  it('the search form sends the query to /search as ?q=', async () => {
    const page = await newPage(suite.browser, DESKTOP);
    await page.goto(`${suite.shop.baseUrl}/`);
    await waitForHydration(page);
    const search = page.getByRole('search').first();
    // Once interactive the box is a combobox (it suggests as you type); still a plain GET form.
    await search.getByRole('combobox', { name: 'Search products' }).fill('linen shirt');
    await search.getByRole('combobox', { name: 'Search products' }).press('Enter');
    await page.waitForURL((url) => url.pathname === '/search');
    expect(new URL(page.url()).searchParams.get('q')).toBe('linen shirt');
    await page.close();
  });
});

describe('error pages', () => {
  it('an unknown URL answers 404 with "Page Not Found!" inside the shop, and Go Home works', async () => {
    const page = await newPage(suite.browser, DESKTOP);
    const response = await page.goto(`${suite.shop.baseUrl}/nope`);
    expect(response?.status()).toBe(404);
    await waitForHydration(page);

    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Page Not Found!');
    await expect(page.getByText('Page not found: /nope').isVisible()).resolves.toBe(true);
    // Still looks like the shop: header, menus and footer are there.
    await expect(page.getByRole('banner').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('contentinfo').isVisible()).resolves.toBe(true);
    await expect(page.title()).resolves.toBe('Page Not Found | Loom & Leaf');

    await page.getByRole('main').getByRole('link', { name: 'Go Home' }).click();
    await page.getByRole('heading', { name: 'New arrivals' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.close();
  });

  it('a multi-segment unknown path is a 404 with its full path, already in the server HTML', async () => {
    const res = await fetch(`${suite.shop.baseUrl}/about-us/team/nobody`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Page Not Found!');
    expect(html).toContain('Page not found: /about-us/team/nobody');
    expect(html).toContain('Go Home');
    expect(html).toContain('Loom &amp; Leaf');
  });

  it('following a link to a page that does not exist shows the 404 screen without reloading', async () => {
    const page = await newPage(suite.browser, DESKTOP);
    await page.goto(`${suite.shop.baseUrl}/`);
    await waitForHydration(page);
    await setMarker(page);
    // A client-side navigation (as a stale link would make) to a product that does not exist.
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }
      ).__reactRouterDataRouter.navigate('/product/no-such-product'),
    );
    await page.getByRole('heading', { level: 1, name: 'Page Not Found!' }).waitFor();
    await expect(page.getByText('Page not found: /product/no-such-product').isVisible()).resolves.toBe(true);
    await expect(markerSurvived(page)).resolves.toBe(true);
    await page.close();
  });

  it('crawlers get the normal 404 page for an unknown URL (only fatal errors are withheld from them)', async () => {
    const res = await fetch(`${suite.shop.baseUrl}/nope`, {
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    });
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Page Not Found!');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });
});
