import type { BrowserContext, Locator, Page } from '@playwright/test';
import { DESKTOP, MOBILE, waitForHydration } from './support/browser.ts';
import { GTAG_ID, PIXEL_ID, analyticsScripts, blockOutsideRequests, installPlugins } from './support/analytics.ts';
import { showCookieButton } from './support/consent.ts';
import { expect, test } from './support/test.ts';

/**
 * Cookie consent (spec sections 2, 4 "Cookie banner", 5 "Cookie choices", 9): the banner until a
 * choice is stored, the preferences dialog, and the choice kept for a year in a cookie the server
 * reads, so the banner is never rendered again. The demo shop has the cookie warning on; Google
 * Analytics and the Meta Pixel are installed in the file's shop before it starts, so the dialog
 * has its optional groups. Every test is a first visit (no cookie choice). No request leaves the
 * machine.
 */
test.use({
  shopOptions: {
    prepare: ({ db }) =>
      installPlugins(db, { GoogleGtag: { google_tag_id: GTAG_ID }, FacebookPixel: { tag_code: PIXEL_ID } }),
  },
  cookieChoice: null,
});

const BANNER_HTML = 'data-testid="cookie-banner"';

/** The page as the server renders it for this browser (its cookies), before any script runs. */
async function serverHtml(page: Page, baseUrl: string, url = '/'): Promise<string> {
  const res = await page.context().request.get(`${baseUrl}${url}`);
  expect(res.status()).toBe(200);
  return res.text();
}

async function choiceCookie(context: BrowserContext, baseUrl: string) {
  return (await context.cookies(baseUrl)).find((c) => c.name === 'cookiePreferences');
}

async function expectTapTarget(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'visible').not.toBeNull();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  expect(box!.width).toBeGreaterThanOrEqual(44);
}

async function open(page: Page, baseUrl: string, url = '/') {
  await page.goto(`${baseUrl}${url}`);
  await waitForHydration(page);
}

test.describe('cookie consent', () => {
  test('a first visit at 390 px: the server renders the banner; Decline All is kept for a year and the banner never comes back', async ({
    page,
    shop,
  }) => {
    await page.setViewportSize(MOBILE);
    const outside = await blockOutsideRequests(page);
    expect(await serverHtml(page, shop.baseUrl)).toContain(BANNER_HTML);
    await open(page, shop.baseUrl);

    const banner = page.getByTestId('cookie-banner');
    await expect(banner.getByRole('heading', { name: 'We value your privacy' })).toBeVisible();
    await expect(banner.getByText('We use cookies to run the shop')).toBeVisible();
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
    await expect(page.getByTestId('cookie-button')).toHaveCount(0);
    expect(await analyticsScripts(page)).toEqual([]);

    await banner.getByRole('button', { name: 'Decline All' }).click();
    await expect(banner).toHaveCount(0);
    await expect.poll(async () => (await choiceCookie(page.context(), shop.baseUrl))?.value).toBe('v1%3A');
    const cookie = (await choiceCookie(page.context(), shop.baseUrl))!;
    expect(cookie).toMatchObject({ value: 'v1%3A', path: '/', sameSite: 'Lax', secure: false, httpOnly: false });
    // One year (spec section 9: 31536000 s), give or take the test's own time.
    expect(Math.abs(cookie.expires - (Date.now() / 1000 + 31_536_000))).toBeLessThan(300);

    for (let i = 0; i < 2; i++) {
      await page.reload();
      await waitForHydration(page);
      await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Manage Cookies' })).toBeVisible();
      await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
    }
    // Never rendered at all, so it cannot flash: the server's HTML has no banner.
    expect(await serverHtml(page, shop.baseUrl)).not.toContain(BANNER_HTML);
    expect(await serverHtml(page, shop.baseUrl, '/shop-online')).not.toContain(BANNER_HTML);
    // Phones get the small cookie icon (spec section 2), and the footer's Manage Cookies.
    await expect(page.getByTestId('cookie-button')).toBeVisible();
    const manage = page.getByRole('contentinfo').getByRole('button', { name: 'Manage Cookies' });
    await expectTapTarget(manage);
    await manage.click();
    await expect(page.getByRole('dialog', { name: 'Cookie Preferences' })).toBeVisible();
    await page.keyboard.press('Escape');
    expect(await analyticsScripts(page)).toEqual([]);
    expect(outside).toEqual([]);
  });

  test('Cookie Preferences: necessary locked on, optional groups off with their cookies; Save, the cookie button and Manage Cookies', async ({
    page,
    shop,
  }) => {
    await page.setViewportSize(DESKTOP);
    await blockOutsideRequests(page);
    await open(page, shop.baseUrl);
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Cookie Preferences' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
    await expect(dialog).toBeVisible();

    // Necessary: on and cannot be unchecked (spec section 5).
    const necessary = dialog.getByRole('switch', { name: /Necessary/ });
    await expect(necessary).toBeChecked();
    await expect(necessary).toBeDisabled();
    await necessary.click({ force: true });
    await expect(necessary).toBeChecked();
    // Optional groups start off (spec section 4), each listing its plugins' cookies.
    const analytics = dialog.getByRole('switch', { name: 'Analytics' });
    const marketing = dialog.getByRole('switch', { name: 'Marketing' });
    await expect(analytics).not.toBeChecked();
    await expect(marketing).not.toBeChecked();
    const analyticsGroup = dialog.locator('[data-cookie-group="analytics"]');
    await analyticsGroup.getByText('Cookies used').click();
    await expect(analyticsGroup.getByText('Google Analytics (gtag.js)')).toBeVisible();
    await expect(analyticsGroup.getByText('_ga', { exact: true })).toBeVisible();
    const marketingGroup = dialog.locator('[data-cookie-group="marketing"]');
    await marketingGroup.getByText('Cookies used').click();
    await expect(marketingGroup.getByText('_fbp', { exact: true })).toBeVisible();
    await expect(marketingGroup.getByText(/recognises the browser for ad measurement/)).toHaveCount(1);
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
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('cookie-banner')).toBeVisible();
    expect(await choiceCookie(page.context(), shop.baseUrl)).toBeUndefined();

    // Analytics only, saved.
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Cookie Preferences' }).click();
    await analytics.check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
    await expect.poll(async () => (await choiceCookie(page.context(), shop.baseUrl))?.value).toBe('v1%3Aanalytics');

    // After a reload the cookie button reopens it with the saved choice.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
    await (await showCookieButton(page)).click();
    await expect(dialog).toBeVisible();
    await expect(analytics).toBeChecked();
    await expect(marketing).not.toBeChecked();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The footer's Manage Cookies too; Accept All there.
    const manage = page.getByRole('contentinfo').getByRole('button', { name: 'Manage Cookies' });
    await expectTapTarget(manage);
    await manage.click();
    await dialog.getByRole('button', { name: 'Accept All' }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(async () => (await choiceCookie(page.context(), shop.baseUrl))?.value)
      .toBe('v1%3Aanalytics%2Cmarketing');
    await page.reload();
    await waitForHydration(page);
    await manage.click();
    await expect(analytics).toBeChecked();
    await expect(marketing).toBeChecked();

    // Declining what was running reloads the page, so its scripts are gone.
    await expect.poll(async () => (await analyticsScripts(page)).length).toBeGreaterThan(0);
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: 'Decline All' }).click();
    await reloaded;
    await waitForHydration(page);
    await expect.poll(async () => (await choiceCookie(page.context(), shop.baseUrl))?.value).toBe('v1%3A');
    expect(await analyticsScripts(page)).toEqual([]);
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
  });

  test('Accept All on the banner at 1280 px is kept across reloads', async ({ page, shop }) => {
    await page.setViewportSize(DESKTOP);
    await blockOutsideRequests(page);
    await open(page, shop.baseUrl, '/shop-online');
    const banner = page.getByTestId('cookie-banner');
    // One row across the top of the page.
    const box = (await banner.boundingBox())!;
    expect(box.y).toBe(0);
    expect(box.height).toBeLessThanOrEqual(80);
    await banner.getByRole('button', { name: 'Accept All' }).click();
    await expect(banner).toHaveCount(0);
    await expect
      .poll(async () => (await choiceCookie(page.context(), shop.baseUrl))?.value)
      .toBe('v1%3Aanalytics%2Cmarketing');
    await page.reload();
    await waitForHydration(page);
    await showCookieButton(page);
    // Docked to the window's left edge, inside the page's side margin (40 px): on no content.
    const docked = (await page.getByTestId('cookie-button').boundingBox())!;
    expect(docked.x).toBe(0);
    expect(docked.x + docked.width).toBeLessThanOrEqual(40);
    expect(docked.height).toBeGreaterThanOrEqual(44);
    expect(await serverHtml(page, shop.baseUrl, '/shop-online')).not.toContain(BANNER_HTML);
  });
});
