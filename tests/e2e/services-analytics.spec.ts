import type { Page } from '@playwright/test';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@shopfront/shared';
import { MOBILE, waitForHydration } from './support/browser.ts';
import {
  GTAG_ID,
  PIXEL_ID,
  analyticsScripts,
  blockOutsideRequests,
  dataLayerOf,
  fbqQueueOf,
  installPlugins,
} from './support/analytics.ts';
import { SERVICES_SHOP, applyForUdyam } from './support/services.ts';
import { expect, test } from './support/test.ts';

/**
 * Services mode (issue 27: "coupons and the consent-gated analytics work as for products"): the
 * fee's purchase event. On the services demo with Google Analytics and the Meta Pixel installed
 * (as analytics.spec.ts installs them) and the shop's own statistics, a guest who accepted cookies pays an application's fee on
 * the sandbox and, back on the application's page, its purchase fires once per plugin (the fee
 * order's number and the fee as value), claimed through the goods orders' …/track-purchase, and
 * not again on a reload. One who declined gets no tag, no event and no claim. Every request for
 * another host is aborted and recorded; every test is a first visit (the cookie banner shows).
 */
const PLUGINS = { GoogleGtag: { google_tag_id: GTAG_ID }, FacebookPixel: { tag_code: PIXEL_ID } };
/** The products demo seeds its own statistics (ShopAnalytics); the services demo does not: installed here too. */
const SHOP_STATS = { ShopAnalytics: {} };

test.use({
  shopOptions: { ...SERVICES_SHOP, prepare: ({ db }) => installPlugins(db, { ...PLUGINS, ...SHOP_STATS }) },
  cookieChoice: null,
});

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

interface Watch {
  /** Paths of the …/track-purchase claims the page made. */
  claims: string[];
  /** The ShopAnalytics collector's purchase reports (the demo's own statistics). */
  shopStatsPurchases: { order: string; status: number }[];
}

function watch(page: Page): Watch {
  const w: Watch = { claims: [], shopStatsPurchases: [] };
  page.on('request', (r) => {
    if (r.url().includes('/track-purchase')) w.claims.push(new URL(r.url()).pathname);
  });
  page.on('response', (res) => {
    if (!res.url().endsWith('/api/plugins/ShopAnalytics/collect')) return;
    const sent = res.request().postDataJSON() as { event: string; transaction_id?: string };
    if (sent.event === 'purchase') w.shopStatsPurchases.push({ order: sent.transaction_id!, status: res.status() });
  });
  return w;
}

/** Pays the application's fee (₹499) on the sandbox's page; back on the application, told it is paid. */
async function payFeeOnSandbox(page: Page) {
  const gateway = page.waitForURL((url) => url.pathname.startsWith('/sandbox-gateway/'));
  await page.getByTestId('fee-payment').getByRole('button', { name: 'Pay the fee · ₹499.00' }).click();
  await gateway;
  await page.getByRole('button', { name: 'Pay ₹499.00' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/track-application/') && url.search === '?fee=paid');
  await waitForHydration(page);
  await expect(page.getByTestId('fee-notice')).toHaveText(/^Fee paid: application /);
}

/** The fee order as this browser reaches it (its order_ref cookie): the one the application names. */
async function feeOrder(page: Page, baseUrl: string) {
  const token = new URL(page.url()).pathname.split('/').at(-1)!;
  const request = page.context().request;
  const application = (
    (await (await request.get(`${baseUrl}/api/applications/${token}`)).json()) as {
      data: { fee_order_id: string | null };
    }
  ).data;
  expect(application.fee_order_id).toMatch(/\S/);
  const res = await request.post(`${baseUrl}/api/orders/item`, {
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
    data: { order_id: application.fee_order_id },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

test.describe('services mode: the fee’s purchase event', () => {
  test('accepted: the fee’s purchase fires once per plugin with the fee, not again on a reload', async ({
    page,
    shop,
  }) => {
    await page.setViewportSize(MOBILE);
    const outside = await blockOutsideRequests(page);
    const w = watch(page);
    await page.goto(`${shop.baseUrl}/`);
    await waitForHydration(page);
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Accept All' }).click();
    await expect.poll(async () => (await analyticsScripts(page)).length).toBe(2);

    await applyForUdyam(page, shop.baseUrl, { name: 'Meera Joshi', phone: '9822012411' });
    const service = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
    // Awaiting the fee: no purchase, no claim.
    expect(await gtagEvents(page, 'purchase')).toEqual([]);
    await payFeeOnSandbox(page);

    await expect.poll(async () => (await gtagEvents(page, 'purchase')).length).toBe(1);
    const [, , purchase] = (await gtagEvents(page, 'purchase'))[0]!;
    const order = await feeOrder(page, shop.baseUrl);
    expect(purchase).toMatchObject({
      transaction_id: order['order_no'],
      currency: 'INR',
      value: 499,
      shipping: 0,
      items: [{ item_name: service, price: 499, quantity: 1 }],
    });
    expect(purchase['transaction_id']).toMatch(/^SF-\d+$/);
    await expect.poll(async () => (await pixelTracks(page, 'Purchase')).length).toBe(1);
    expect((await pixelTracks(page, 'Purchase'))[0]![2]).toMatchObject({ currency: 'INR', value: 499 });
    await expect
      .poll(() => w.claims.slice().sort())
      .toEqual(['/api/plugins/FacebookPixel/track-purchase', '/api/plugins/GoogleGtag/track-purchase']);
    await expect.poll(() => w.shopStatsPurchases).toEqual([{ order: order['order_no'], status: 200 }]);
    await expect
      .poll(async () => {
        const o = await feeOrder(page, shop.baseUrl);
        return [o['google_gtag_event_tracked'], o['facebook_pixel_event_tracked'], o['google_gtm_event_tracked']];
      })
      .toEqual([true, true, false]);

    // A reload: the tags load again, the purchase is not sent again (its flags are set).
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
    expect(await pixelTracks(page, 'Purchase')).toEqual([]);
    expect(w.claims).toHaveLength(2);
    // Reported again by the reloaded page, the statistics take it as the same order.
    expect(w.shopStatsPurchases.every((p) => p.order === order['order_no'] && p.status === 200)).toBe(true);
    expect(outside.every((u) => /googletagmanager\.com|connect\.facebook\.net/.test(u))).toBe(true);
  });

  test('declined: paying the fee loads no tag, sends no purchase and claims nothing', async ({ page, shop }) => {
    await page.setViewportSize(MOBILE);
    const outside = await blockOutsideRequests(page);
    const w = watch(page);
    const collected: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/plugins/ShopAnalytics/collect')) collected.push(r.url());
    });
    await page.goto(`${shop.baseUrl}/`);
    await waitForHydration(page);
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Decline All' }).click();
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);

    await applyForUdyam(page, shop.baseUrl, { name: 'Ravi Patil', phone: '9822012412' });
    await payFeeOnSandbox(page);
    await page.waitForLoadState('load');
    await page.waitForTimeout(1_000);

    expect(await analyticsScripts(page)).toEqual([]);
    expect(await dataLayerOf(page)).toBeNull();
    expect(await fbqQueueOf(page)).toBeNull();
    expect(w.claims).toEqual([]);
    expect(collected).toEqual([]);
    expect(outside).toEqual([]);
    // The order was read for the page (this browser paid it), its flags left unset.
    const order = await feeOrder(page, shop.baseUrl);
    expect([order['google_gtag_event_tracked'], order['facebook_pixel_event_tracked']]).toEqual([false, false]);
  });
});
