import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DESKTOP, MOBILE, waitForHydration } from './support/browser.ts';
import {
  GTAG_ID,
  PIXEL_ID,
  analyticsScripts,
  blockOutsideRequests,
  dataLayerOf,
  fbqQueueOf,
  installPlugins,
  pageNonce,
  removePlugins,
  setCookieWarning,
} from './support/analytics.ts';
import { choosePayment, continueToPayment, fillAddress, placeOrder, fillContact } from './support/checkout.ts';
import { startShop, type RunningShop } from './support/server.ts';
import { expect, test } from './support/test.ts';

/**
 * The analytics plugins (spec sections 7 and 9): Google Analytics (gtag.js) and the Meta Pixel
 * are installed in this file's shop before it starts. With the cookie warning on, nothing of
 * theirs is on the page before consent; after Accept All their scripts are inserted with the
 * page's CSP nonce and the shopping events land in window.dataLayer and the Pixel's queue, each in
 * its own format; the purchase fires once per order. Every request for another host is aborted
 * (nothing leaves the machine) and recorded: the tests check what the page asked for. Every
 * test is a first visit (no cookie choice).
 */
const PLUGINS = { GoogleGtag: { google_tag_id: GTAG_ID }, FacebookPixel: { tag_code: PIXEL_ID } };

test.use({ shopOptions: { prepare: ({ db }) => installPlugins(db, PLUGINS) }, cookieChoice: null });

const GTAG_SRC = `https://www.googletagmanager.com/gtag/js?id=${GTAG_ID}`;
const PIXEL_SRC = 'https://connect.facebook.net/en_US/fbevents.js';

async function open(page: Page, baseUrl: string, url: string) {
  await page.goto(`${baseUrl}${url}`);
  await waitForHydration(page);
}

/** gtag() calls of one kind: ['event', name, params]. */
const gtagEvents = async (page: Page, name: string) =>
  ((await dataLayerOf(page)) ?? []).filter(
    (e): e is unknown[] => Array.isArray(e) && e[0] === 'event' && e[1] === name,
  ) as [string, string, Record<string, unknown>][];
const pixelTracks = async (page: Page, name: string) =>
  ((await fbqQueueOf(page)) ?? []).filter((e) => e[0] === 'track' && e[1] === name) as [
    string,
    string,
    Record<string, unknown>?,
  ][];

const cspOf = async (baseUrl: string, url: string) =>
  (await fetch(`${baseUrl}${url}`)).headers.get('content-security-policy') ?? '';
const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? '';

test.describe('analytics plugins', () => {
  test('the page CSP allows the installed providers’ hosts only; API answers none', async ({ shop }) => {
    const csp = await cspOf(shop.baseUrl, '/');
    expect(directive(csp, 'script-src')).toContain('https://www.googletagmanager.com');
    expect(directive(csp, 'script-src')).toContain('https://connect.facebook.net');
    // The cached page allows its inline scripts by hash (ADR 28).
    expect(directive(csp, 'script-src')).toMatch(/'sha256-/);
    expect(directive(csp, 'connect-src')).toContain('https://www.google-analytics.com');
    expect(directive(csp, 'connect-src')).toContain('https://www.facebook.com');
    expect(directive(csp, 'img-src')).toContain('https://www.facebook.com');
    expect(csp).not.toContain('clarity.ms');
    expect(await cspOf(shop.baseUrl, '/api/health')).not.toMatch(/googletagmanager|facebook/);
  });

  test('nothing before consent; Accept All loads the tags with the nonce; view, cart, checkout and purchase events; the purchase once', async ({
    page,
    shop,
  }) => {
    await page.setViewportSize(DESKTOP);
    const outside = await blockOutsideRequests(page);
    const claims: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/track-purchase')) claims.push(new URL(r.url()).pathname);
    });
    // The demo's own statistics (ShopAnalytics) are installed too: their purchase reports.
    // (Statuses only: a keepalive report's body may be gone once the page moves on. That each order
    // counts once is the collector's own test, shop-analytics.test.ts, on both databases.)
    const shopStatsPurchases: { order: string; status: number }[] = [];
    page.on('response', (res) => {
      if (!res.url().endsWith('/api/plugins/ShopAnalytics/collect')) return;
      const sent = res.request().postDataJSON() as { event: string; transaction_id?: string };
      if (sent.event === 'purchase') shopStatsPurchases.push({ order: sent.transaction_id!, status: res.status() });
    });
    await open(page, shop.baseUrl, '/product/stoneware-coffee-mug');

    // Before consent: no script tag, no queue, no cookie, no request elsewhere.
    await expect(page.getByTestId('cookie-banner')).toBeVisible();
    expect(await analyticsScripts(page)).toEqual([]);
    expect(await dataLayerOf(page)).toBeNull();
    expect(await fbqQueueOf(page)).toBeNull();
    expect(await page.evaluate(() => document.cookie)).not.toMatch(/_ga|_fbp/);
    expect(outside).toEqual([]);

    // Accept All: both tags, without a reload, with this page's nonce.
    const nonce = await pageNonce(page);
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Accept All' }).click();
    await expect
      .poll(async () => (await analyticsScripts(page)).map((s) => s.src).sort())
      .toEqual([PIXEL_SRC, GTAG_SRC].sort());
    for (const s of await analyticsScripts(page)) expect(s.nonce, s.src).toBe(nonce);
    await expect.poll(() => outside.slice().sort()).toEqual(expect.arrayContaining([GTAG_SRC, PIXEL_SRC]));
    await expect.poll(() => dataLayerOf(page)).toContainEqual(['config', GTAG_ID]);
    await expect
      .poll(async () => ((await dataLayerOf(page)) ?? []).some((e) => Array.isArray(e) && e[0] === 'js'))
      .toBe(true);
    await expect
      .poll(() => fbqQueueOf(page))
      .toEqual([
        ['init', PIXEL_ID],
        ['track', 'PageView'],
      ]);

    // A client-side navigation: a page view each; another product: view_item / ViewContent.
    await page.getByRole('banner').getByRole('link', { name: 'Shop', exact: true }).first().click();
    await expect(page).toHaveURL((u) => u.pathname === '/shop-online');
    await expect
      .poll(async () => (await gtagEvents(page, 'page_view')).map((e) => e[2]['page_path']))
      .toEqual(['/shop-online']);
    await expect.poll(async () => (await pixelTracks(page, 'PageView')).length).toBe(2);
    await page.getByRole('main').getByRole('link', { name: 'Linen Camp Shirt', exact: true }).click();
    await expect(page).toHaveURL((u) => u.pathname.startsWith('/product/linen-camp-shirt'));
    await expect.poll(async () => (await gtagEvents(page, 'view_item')).length).toBe(1);
    const [, , viewItem] = (await gtagEvents(page, 'view_item'))[0]!;
    expect(viewItem).toMatchObject({ currency: 'INR', items: [{ item_name: 'Linen Camp Shirt', quantity: 1 }] });
    expect(typeof viewItem['value']).toBe('number');
    expect((viewItem['items'] as { price: number }[])[0]!.price).toBe(viewItem['value']);
    await expect
      .poll(async () => (await pixelTracks(page, 'ViewContent'))[0]?.[2])
      .toMatchObject({
        currency: 'INR',
        value: viewItem['value'],
        content_type: 'product',
        content_name: 'Linen Camp Shirt',
      });

    // Add to cart: add_to_cart / AddToCart, one unit of the line it landed on.
    await page.locator('[data-add-to-cart="pdp"]').getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByTestId('cart-drawer').locator('[data-added="true"]')).toBeVisible();
    await expect.poll(async () => (await gtagEvents(page, 'add_to_cart')).length).toBe(1);
    const [, , added] = (await gtagEvents(page, 'add_to_cart'))[0]!;
    expect(added).toMatchObject({ currency: 'INR', items: [{ item_name: 'Linen Camp Shirt', quantity: 1 }] });
    await expect
      .poll(async () => (await pixelTracks(page, 'AddToCart'))[0]?.[2])
      .toMatchObject({ currency: 'INR', value: added['value'] });

    // Entering the address step: begin_checkout / InitiateCheckout with the cart.
    await open(page, shop.baseUrl, '/checkout/address');
    await expect.poll(async () => (await gtagEvents(page, 'begin_checkout')).length).toBe(1);
    expect((await gtagEvents(page, 'begin_checkout'))[0]![2]).toMatchObject({
      currency: 'INR',
      items: [{ item_name: 'Linen Camp Shirt', quantity: 1 }],
    });
    await expect
      .poll(async () => (await pixelTracks(page, 'InitiateCheckout'))[0]?.[2])
      .toMatchObject({ currency: 'INR', num_items: 1 });

    // The order: purchase / Purchase on the complete page, once.
    await fillContact(page, { email: 'guest.analytics@example.test', phone: '9876543219' });
    await fillAddress(page);
    await continueToPayment(page);
    await choosePayment(page, shop.baseUrl, /^Cash on Delivery/, 'cod');
    await placeOrder(page);
    await expect(page).toHaveURL((u) => u.pathname === '/checkout-complete');
    await waitForHydration(page);
    await expect(page.getByTestId('order-number')).toHaveText(/\S/);
    const orderNo = (await page.getByTestId('order-number').textContent())!.trim();
    await expect.poll(async () => (await gtagEvents(page, 'purchase')).length).toBe(1);
    const [, , purchase] = (await gtagEvents(page, 'purchase'))[0]!;
    expect(purchase).toMatchObject({ transaction_id: orderNo, currency: 'INR' });
    await expect.poll(async () => (await pixelTracks(page, 'Purchase')).length).toBe(1);
    expect((await pixelTracks(page, 'Purchase'))[0]![2]).toMatchObject({ currency: 'INR', value: purchase['value'] });
    await expect
      .poll(() => claims.slice().sort())
      .toEqual(['/api/plugins/FacebookPixel/track-purchase', '/api/plugins/GoogleGtag/track-purchase']);
    // The shop's own statistics take the order's purchase, on their own server (no flag of the order).
    await expect.poll(() => shopStatsPurchases).toEqual([{ order: orderNo, status: 200 }]);
    await expect
      .poll(async () => {
        const latest = await page.context().request.get(`${shop.baseUrl}/api/checkout/latest-order`);
        return ((await latest.json()) as { data: unknown }).data;
      })
      .toMatchObject({
        order_no: orderNo,
        google_gtag_event_tracked: true,
        facebook_pixel_event_tracked: true,
        google_gtm_event_tracked: false,
      });

    // A reload: the tags load again, the purchase is not sent again (its flags are set).
    // Requests in flight, but for the statistics' keepalive reports: Chromium may never tell the
    // page that one sent while the old page unloaded has finished, so 'networkidle' can wait forever.
    const inFlight = new Set<object>();
    page.on('request', (r) => {
      if (!r.url().endsWith('/api/plugins/ShopAnalytics/collect')) inFlight.add(r);
    });
    page.on('requestfinished', (r) => inFlight.delete(r));
    page.on('requestfailed', (r) => inFlight.delete(r));
    await page.reload();
    await waitForHydration(page);
    await expect.poll(async () => (await analyticsScripts(page)).length).toBe(2);
    await page.waitForLoadState('load');
    await expect.poll(() => inFlight.size).toBe(0);
    await page.waitForTimeout(500);
    expect(await gtagEvents(page, 'purchase')).toEqual([]);
    // Reported again by the reloaded page, it is taken as the same order (a duplicate, not an error).
    expect(shopStatsPurchases.every((p) => p.order === orderNo && p.status === 200)).toBe(true);
    expect(await pixelTracks(page, 'Purchase')).toEqual([]);
    expect(claims).toHaveLength(2);
    // Only the two tags were ever asked for elsewhere (the Pixel's own follow-ups never ran).
    expect(new Set(outside)).toEqual(new Set([GTAG_SRC, PIXEL_SRC]));
  });

  test('with the cookie warning off: no banner, no cookie button, the tags run as installed; removed, their hosts leave the CSP', async ({
    page,
  }) => {
    // Its own shop (not the file's `shop`): the cookie warning and the plugins are changed in its
    // database while it is stopped, then it starts again on the same DATA_DIR. Two starts of a
    // shop are not the test's time.
    test.setTimeout(240_000);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shopfront-e2e-analytics-'));
    let own: RunningShop | undefined;
    try {
      own = await startShop({
        env: { DATA_DIR: dataDir },
        prepare: async ({ db }) => {
          await installPlugins(db, PLUGINS);
          await setCookieWarning(db, false);
        },
      });
      await page.setViewportSize(MOBILE);
      const outside = await blockOutsideRequests(page);
      await open(page, own.baseUrl, '/');
      await expect.poll(async () => (await analyticsScripts(page)).length).toBe(2);
      await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
      await expect(page.getByTestId('cookie-button')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Manage Cookies' })).toHaveCount(0);
      await expect.poll(() => outside.length).toBeGreaterThanOrEqual(2);

      await own.stop();
      own = undefined;
      own = await startShop({
        env: { DATA_DIR: dataDir },
        prepare: async ({ db }) => {
          await removePlugins(db, ['GoogleGtag', 'FacebookPixel']);
          await setCookieWarning(db, true);
        },
      });
      const csp = await cspOf(own.baseUrl, '/');
      expect(csp).not.toMatch(/googletagmanager|google-analytics|facebook/);
      expect(directive(csp, 'script-src')).toMatch(/^script-src 'self'(\s+'sha256-[A-Za-z0-9+/=]+')+$/);
    } finally {
      await own?.stop();
      // The plugins and the setting were changed in this test's own database only.
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
