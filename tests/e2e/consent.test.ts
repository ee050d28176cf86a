import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { DESKTOP, MOBILE, launchBrowser, newPage, waitForHydration, type ShopBrowser } from './support/browser.ts';
import {
  GTAG_ID,
  PIXEL_ID,
  analyticsScripts,
  blockOutsideRequests,
  installPlugins,
  withShopDatabase,
} from './support/analytics.ts';
import { showCookieButton } from './support/consent.ts';
import { startShop, type RunningShop } from './support/server.ts';

/**
 * Cookie consent (spec sections 2, 4 "Cookie banner", 5 "Cookie choices", 9): the banner until a
 * choice is stored, the preferences dialog, and the choice kept for a year in a cookie the server
 * reads, so the banner is never rendered again. The demo shop has the cookie warning on; Google
 * Analytics and the Meta Pixel are installed for these tests, so the dialog has its optional
 * groups. No request leaves the machine.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'shopfront-e2e-consent-'));
let shop: RunningShop;
let browser: ShopBrowser;

beforeAll(async () => {
  const first = await startShop({ env: { DATA_DIR: dataDir } });
  await first.stop();
  await withShopDatabase(dataDir, (db) =>
    installPlugins(db, { GoogleGtag: { google_tag_id: GTAG_ID }, FacebookPixel: { tag_code: PIXEL_ID } }),
  );
  [shop, browser] = await Promise.all([startShop({ env: { DATA_DIR: dataDir } }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  // The plugins were installed in this test's own database: removing it restores everything.
  rmSync(dataDir, { recursive: true, force: true });
});

const BANNER_HTML = 'data-testid="cookie-banner"';

/** The page as the server renders it for this browser (its cookies), before any script runs. */
async function serverHtml(page: Page, url = '/'): Promise<string> {
  const res = await page.context().request.get(`${shop.baseUrl}${url}`);
  expect(res.status()).toBe(200);
  return res.text();
}

async function choiceCookie(context: BrowserContext) {
  return (await context.cookies(shop.baseUrl)).find((c) => c.name === 'cookiePreferences');
}

async function expectTapTarget(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'visible').not.toBeNull();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  expect(box!.width).toBeGreaterThanOrEqual(44);
}

async function open(page: Page, url = '/') {
  await page.goto(`${shop.baseUrl}${url}`);
  await waitForHydration(page);
}

describe('cookie consent', () => {
  it('a first visit at 390 px: the server renders the banner; Decline All is kept for a year and the banner never comes back', async () => {
    const page = await newPage(browser, MOBILE, { cookieChoice: null });
    const outside = await blockOutsideRequests(page);
    expect(await serverHtml(page)).toContain(BANNER_HTML);
    await open(page);

    const banner = page.getByTestId('cookie-banner');
    await banner.getByRole('heading', { name: 'We value your privacy' }).waitFor();
    await banner.getByText('We use cookies to run the shop').waitFor();
    for (const name of ['Accept All', 'Decline All', 'Cookie Preferences']) {
      await expectTapTarget(banner.getByRole('button', { name }));
    }
    // A strip at the top of the page, inside the screen: never over the fixed footer or the page.
    const box = (await banner.boundingBox())!;
    const footer = (await page.getByRole('navigation', { name: 'Quick links' }).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
    expect(box.y).toBe(0);
    expect(box.y + box.height).toBeLessThanOrEqual(footer.y);
    // No choice yet: no cookie button, no analytics, nothing asked of another host.
    await expect(page.getByTestId('cookie-button').count()).resolves.toBe(0);
    expect(await analyticsScripts(page)).toEqual([]);

    await banner.getByRole('button', { name: 'Decline All' }).click();
    await banner.waitFor({ state: 'detached' });
    const cookie = (await choiceCookie(page.context()))!;
    expect(cookie).toMatchObject({ value: 'v1%3A', path: '/', sameSite: 'Lax', secure: false, httpOnly: false });
    // One year (spec section 9: 31536000 s), give or take the test's own time.
    expect(Math.abs(cookie.expires - (Date.now() / 1000 + 31_536_000))).toBeLessThan(300);

    for (let i = 0; i < 2; i++) {
      await page.reload();
      await waitForHydration(page);
      await page.getByRole('contentinfo').getByRole('button', { name: 'Manage Cookies' }).waitFor();
      await expect(page.getByTestId('cookie-banner').count()).resolves.toBe(0);
    }
    // Never rendered at all, so it cannot flash: the server's HTML has no banner.
    expect(await serverHtml(page)).not.toContain(BANNER_HTML);
    expect(await serverHtml(page, '/shop-online')).not.toContain(BANNER_HTML);
    // Phones get the small cookie icon (spec section 2), and the footer's Manage Cookies.
    await expect(page.getByTestId('cookie-button').isVisible()).resolves.toBe(true);
    const manage = page.getByRole('contentinfo').getByRole('button', { name: 'Manage Cookies' });
    await expectTapTarget(manage);
    await manage.click();
    await page.getByRole('dialog', { name: 'Cookie Preferences' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await analyticsScripts(page)).toEqual([]);
    expect(outside).toEqual([]);
    await page.close();
  });

  it('Cookie Preferences: necessary locked on, optional groups off with their cookies; Save, the cookie button and Manage Cookies', async () => {
    const page = await newPage(browser, DESKTOP, { cookieChoice: null });
    await blockOutsideRequests(page);
    await open(page);
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Cookie Preferences' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
    await dialog.waitFor();

    // Necessary: on and cannot be unchecked (spec section 5).
    const necessary = dialog.getByRole('switch', { name: /Necessary/ });
    await expect(necessary.isChecked()).resolves.toBe(true);
    await expect(necessary.isDisabled()).resolves.toBe(true);
    await necessary.click({ force: true });
    await expect(necessary.isChecked()).resolves.toBe(true);
    // Optional groups start off (spec section 4), each listing its plugins' cookies.
    const analytics = dialog.getByRole('switch', { name: 'Analytics' });
    const marketing = dialog.getByRole('switch', { name: 'Marketing' });
    await expect(analytics.isChecked()).resolves.toBe(false);
    await expect(marketing.isChecked()).resolves.toBe(false);
    const analyticsGroup = dialog.locator('[data-cookie-group="analytics"]');
    await analyticsGroup.getByText('Cookies used').click();
    await analyticsGroup.getByText('Google Analytics (gtag.js)').waitFor();
    await analyticsGroup.getByText('_ga', { exact: true }).waitFor();
    const marketingGroup = dialog.locator('[data-cookie-group="marketing"]');
    await marketingGroup.getByText('Cookies used').click();
    await marketingGroup.getByText('_fbp', { exact: true }).waitFor();
    await expect(marketingGroup.getByText(/recognises the browser for ad measurement/).count()).resolves.toBe(1);
    for (const name of ['Accept All', 'Decline All', 'Save'])
      await expectTapTarget(dialog.getByRole('button', { name }));

    // Keyboard: the page behind is inert, focus never reaches it (past the last control the
    // browser's own UI takes it, then the dialog again); Escape closes it without a choice.
    const places = new Set<string>();
    for (let i = 0; i < 16; i++) {
      await page.keyboard.press('Tab');
      const where = await dialog.evaluate((d) =>
        d.contains(document.activeElement)
          ? `dialog:${document.activeElement!.textContent!.trim().slice(0, 20) || document.activeElement!.id}`
          : document.activeElement === document.body || document.activeElement === null
            ? 'browser'
            : `page:${document.activeElement.outerHTML.slice(0, 80)}`,
      );
      expect(where).not.toMatch(/^page:/);
      places.add(where);
    }
    expect([...places].filter((p) => p.startsWith('dialog:')).length).toBeGreaterThanOrEqual(5);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('cookie-banner').waitFor();
    await expect(choiceCookie(page.context())).resolves.toBeUndefined();

    // Analytics only, saved.
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Cookie Preferences' }).click();
    await analytics.check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('cookie-banner').waitFor({ state: 'detached' });
    expect((await choiceCookie(page.context()))!.value).toBe('v1%3Aanalytics');

    // After a reload the cookie button reopens it with the saved choice.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByTestId('cookie-banner').count()).resolves.toBe(0);
    await (await showCookieButton(page)).click();
    await dialog.waitFor();
    await expect(analytics.isChecked()).resolves.toBe(true);
    await expect(marketing.isChecked()).resolves.toBe(false);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The footer's Manage Cookies too; Accept All there.
    const manage = page.getByRole('contentinfo').getByRole('button', { name: 'Manage Cookies' });
    await expectTapTarget(manage);
    await manage.click();
    await dialog.getByRole('button', { name: 'Accept All' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await choiceCookie(page.context()))!.value).toBe('v1%3Aanalytics%2Cmarketing');
    await page.reload();
    await waitForHydration(page);
    await manage.click();
    await expect(analytics.isChecked()).resolves.toBe(true);
    await expect(marketing.isChecked()).resolves.toBe(true);

    // Declining what was running reloads the page, so its scripts are gone.
    expect((await analyticsScripts(page)).length).toBeGreaterThan(0);
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: 'Decline All' }).click();
    await reloaded;
    await waitForHydration(page);
    expect((await choiceCookie(page.context()))!.value).toBe('v1%3A');
    expect(await analyticsScripts(page)).toEqual([]);
    await expect(page.getByTestId('cookie-banner').count()).resolves.toBe(0);
    await page.close();
  });

  it('Accept All on the banner at 1280 px is kept across reloads', async () => {
    const page = await newPage(browser, DESKTOP, { cookieChoice: null });
    await blockOutsideRequests(page);
    await open(page, '/shop-online');
    const banner = page.getByTestId('cookie-banner');
    // One row across the top of the page.
    const box = (await banner.boundingBox())!;
    expect(box.y).toBe(0);
    expect(box.height).toBeLessThanOrEqual(80);
    await banner.getByRole('button', { name: 'Accept All' }).click();
    await banner.waitFor({ state: 'detached' });
    expect((await choiceCookie(page.context()))!.value).toBe('v1%3Aanalytics%2Cmarketing');
    await page.reload();
    await waitForHydration(page);
    await showCookieButton(page);
    // Docked to the window's left edge, inside the page's side margin (40 px): on no content.
    const docked = (await page.getByTestId('cookie-button').boundingBox())!;
    expect(docked.x).toBe(0);
    expect(docked.x + docked.width).toBeLessThanOrEqual(40);
    expect(docked.height).toBeGreaterThanOrEqual(44);
    expect(await serverHtml(page, '/shop-online')).not.toContain(BANNER_HTML);
    await page.close();
  });
});
