import type { Locator, Page } from '@playwright/test';
import { DEFAULT_COOKIE_CHOICE, DESKTOP, MOBILE, scrollAndSettle, waitForHydration } from './support/browser.ts';
import { analyticsScripts, blockOutsideRequests } from './support/analytics.ts';
import { showCookieButton } from './support/consent.ts';
import { buyNow } from './support/checkout.ts';
import { expect, test } from './support/test.ts';

/**
 * The demo shop as a first-time visitor meets it. Its cookie banner asks about something real:
 * the ShopAnalytics plugin (the shop's own statistics, sent to its own server and nowhere else)
 * runs only after consent to the analytics group, and stops when the consent is withdrawn. The
 * banner is a short strip at the top of the page (first in the focus order, over nothing); the
 * small cookie icon reopens the preferences on phones and desktops; a login dialog the page opens
 * goes first and the banner waits behind it; the floating buttons stay off the content at 1280 px.
 * A first visit (no cookie choice) unless a test says otherwise.
 */
test.use({ cookieChoice: null });

const COLLECT = '/api/plugins/ShopAnalytics/collect';

async function open(page: Page, baseUrl: string, url: string) {
  await page.goto(`${baseUrl}${url}`);
  await waitForHydration(page);
}

/** The collector's calls from now on: the event sent and the status answered. */
function watchCollector(page: Page) {
  const calls: { event: string; path: string; status: number }[] = [];
  page.on('requestfinished', async (req) => {
    if (new URL(req.url()).pathname !== COLLECT) return;
    const body = req.postDataJSON() as { event: string; path: string };
    calls.push({ event: body.event, path: body.path, status: (await req.response())?.status() ?? 0 });
  });
  return calls;
}

const statsCookie = async (page: Page, baseUrl: string) =>
  (await page.context().cookies(baseUrl)).find((c) => c.name === 'sf_stats');

/** Is the centre of `locator` hit by the locator itself (nothing lies over it)? */
const reachable = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return !!hit && el.contains(hit);
  });

test.describe('the demo’s cookie banner asks about the shop’s own statistics', () => {
  test('nothing before consent; Accept All starts them (page views, a product view); Decline All stops them', async ({
    page,
    shop,
  }) => {
    await page.setViewportSize(DESKTOP);
    const outside = await blockOutsideRequests(page);
    const calls = watchCollector(page);
    await open(page, shop.baseUrl, '/');
    const banner = page.getByTestId('cookie-banner');
    await expect(banner.getByText('only if you agree, for our own visit statistics')).toBeVisible();

    // The optional group is the statistics plugin, with its one cookie.
    await banner.getByRole('button', { name: 'Cookie Preferences' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
    const analytics = dialog.locator('[data-cookie-group="analytics"]');
    await analytics.getByText('Cookies used').click();
    await expect(analytics.getByText('Shop statistics', { exact: true })).toBeVisible();
    await expect(analytics.getByText('sf_stats', { exact: true })).toBeVisible();
    await expect(dialog.getByTestId('no-optional-cookies')).toHaveCount(0);
    await page.keyboard.press('Escape');

    // Before a choice: no request to the collector, no cookie. (Nothing to wait for: a while is given
    // for a request that should not come.)
    await open(page, shop.baseUrl, '/shop-online');
    await page.waitForTimeout(500);
    expect(calls).toEqual([]);
    expect(await statsCookie(page, shop.baseUrl)).toBeUndefined();

    // Accept All: this page is counted at once, without a reload, and the browser gets its id.
    await banner.getByRole('button', { name: 'Accept All' }).click();
    await expect
      .poll(() => calls.map((c) => `${c.event} ${c.path} ${c.status}`))
      .toEqual(['page_view /shop-online 200']);
    await expect.poll(async () => (await statsCookie(page, shop.baseUrl))?.value).toMatch(/^[0-9a-f-]{36}$/);
    await open(page, shop.baseUrl, '/product/stoneware-coffee-mug');
    await expect
      .poll(() =>
        calls
          .slice(1)
          .map((c) => `${c.event} ${c.path}`)
          .sort(),
      )
      .toEqual(['page_view /product/stoneware-coffee-mug', 'view_item /product/stoneware-coffee-mug']);

    // Withdrawn from the cookie icon: the cookie goes, nothing more is sent, and no reload is
    // needed (no third-party script to take off the page).
    const before = calls.length;
    let reloaded = false;
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) reloaded = true;
    });
    await (await showCookieButton(page)).click();
    await dialog.getByRole('button', { name: 'Decline All' }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => statsCookie(page, shop.baseUrl)).toBeUndefined();
    await page.waitForTimeout(500);
    expect(reloaded).toBe(false);
    await open(page, shop.baseUrl, '/');
    await page.waitForTimeout(500);
    expect(calls.length).toBe(before);
    // The server refuses it too, whatever a stale page would still try.
    const refused = await page.evaluate(async (url) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'shopfront' },
        body: JSON.stringify({ event: 'page_view', path: '/' }),
      });
      return res.status;
    }, COLLECT);
    expect(refused).toBe(403);
    // First-party only: no script tag of a provider, no request for another host.
    expect(await analyticsScripts(page)).toEqual([]);
    expect(outside).toEqual([]);
  });
});

test.describe('the banner stays out of the way', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`at ${viewport.width} px: a short strip at the top, reached by the second Tab`, async ({ page, shop }) => {
      await page.setViewportSize(viewport);
      await open(page, shop.baseUrl, '/');
      const banner = page.getByTestId('cookie-banner');
      await expect(banner).toBeVisible();
      const box = (await banner.boundingBox())!;
      expect(box.y).toBe(0);
      expect(box.width).toBe(viewport.width);
      // Two lines of text and a row of buttons on a phone (it was 280 px); one row on a desktop.
      expect(box.height).toBeLessThanOrEqual(viewport === MOBILE ? 130 : 80);
      // In the page's flow: scrolled away with the page, never floating over it.
      await expect(banner).toHaveCSS('position', 'static');
      for (const name of ['Accept All', 'Decline All', 'Cookie Preferences']) {
        const b = (await banner.getByRole('button', { name }).boundingBox())!;
        expect(b.height, name).toBeGreaterThanOrEqual(44);
        // The three buttons in one row.
        expect(Math.abs(b.y - (box.y + box.height - b.height - 12)), name).toBeLessThanOrEqual(1);
      }
      // Skip to content, then the banner (it was 89 presses away).
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Accept All');
    });
  }

  test('at 390 px it covers neither the product page’s Add to cart nor the cart’s and checkout’s Continue', async ({
    page,
    shop,
  }) => {
    await page.setViewportSize(MOBILE);
    await open(page, shop.baseUrl, '/product/stoneware-coffee-mug');
    await expect(page.getByTestId('cookie-banner')).toBeVisible();
    const add = page.locator('[data-add-to-cart="pdp"]').getByRole('button', { name: 'Add to cart' });
    for (const y of [0, 300, 600]) {
      await scrollAndSettle(page, y);
      await add.scrollIntoViewIfNeeded();
      await expect.poll(() => reachable(add), { message: `Add to cart after scrolling to ${y}` }).toBe(true);
    }
    await add.click();
    await open(page, shop.baseUrl, '/cart');
    const cont = page
      .getByRole('button', { name: 'Continue', exact: true })
      .or(page.getByRole('link', { name: 'Continue', exact: true }));
    for (const c of await cont.all()) {
      if (!(await c.isVisible())) continue;
      await expect.poll(() => reachable(c), { message: 'the cart’s Continue' }).toBe(true);
    }
    await buyNow(page, shop.baseUrl, 'stoneware-coffee-mug');
    const pay = page
      .getByRole('link', { name: 'Continue to payment' })
      .or(page.getByRole('button', { name: 'Continue to payment' }));
    await pay.first().scrollIntoViewIfNeeded();
    await expect.poll(() => reachable(pay.first()), { message: 'Continue to payment' }).toBe(true);
  });

  test('a login dialog the page opens goes first: the banner waits behind it, then takes the answer', async ({
    newPage,
    shop,
  }) => {
    for (const viewport of [MOBILE, DESKTOP]) {
      const page = await newPage(viewport, { cookieChoice: null });
      // A guarded page opens its login dialog for a guest.
      await open(page, shop.baseUrl, '/account');
      const dialog = page.getByRole('dialog', { name: 'Login' });
      await expect(dialog).toBeVisible();
      const accept = page.getByTestId('cookie-banner').getByRole('button', { name: 'Accept All' });
      // Behind the dialog's backdrop: a tap lands on the backdrop, focus stays in the dialog.
      await expect.poll(() => reachable(accept)).toBe(false);
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press('Tab');
        const inside = await dialog.evaluate(
          (d) => d.contains(document.activeElement) || document.activeElement === document.body,
        );
        expect(inside).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect.poll(() => reachable(accept)).toBe(true);
      await accept.click();
      await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
    }
  });
});

test.describe('after a choice', () => {
  test.use({ cookieChoice: DEFAULT_COOKIE_CHOICE });

  test('phones get the small cookie icon (above the bottom bar, at the edge) and desktops too; both reopen the preferences', async ({
    newPage,
    shop,
  }) => {
    for (const viewport of [MOBILE, DESKTOP]) {
      const page = await newPage(viewport);
      await open(page, shop.baseUrl, '/');
      const icon = await showCookieButton(page);
      const box = (await icon.boundingBox())!;
      expect(box.x).toBe(0);
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(24);
      if (viewport === MOBILE) {
        const bar = (await page.getByRole('navigation', { name: 'Quick links' }).boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(bar.y);
      } else {
        // Inside the page's 40 px side margin.
        expect(box.width).toBeLessThanOrEqual(40);
      }
      await icon.click();
      await expect(page.getByRole('dialog', { name: 'Cookie Preferences' })).toBeVisible();
    }
  });

  test('at 1280 px the floating buttons (chat, back to top, cookie icon) cover no text, price or control', async ({
    page,
    shop,
  }) => {
    await page.setViewportSize(DESKTOP);
    const check = async (where: string) => {
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              const floating = [
                ...document.querySelectorAll<HTMLElement>(
                  '[data-chat-button], button.scroll-to-top, [data-testid="cookie-button"]',
                ),
              ].filter((el) => el.dataset.visible !== 'false' && getComputedStyle(el).opacity !== '0');
              const found: string[] = [];
              for (const f of floating) {
                const fr = f.getBoundingClientRect();
                if (!fr.width) continue;
                // Beside the content: in the page's 40 px side margins.
                if (fr.left < innerWidth - 40 && fr.right > 40)
                  found.push(`${f.className.split(' ')[0]} in the content column`);
                const targets = document.querySelectorAll<HTMLElement>(
                  'main :is(button, a, input, select, textarea, [data-testid="product-price"], [data-testid="cart-totals"] *), footer :is(a, button, input, p, h2, li)',
                );
                for (const t of targets) {
                  const r = t.getBoundingClientRect();
                  if (!r.width || !r.height) continue;
                  // A card cut off by the window's edge in a sideways rail is scrolled into view, not read there.
                  if (r.right > innerWidth || r.left < 0) continue;
                  if (r.left < fr.right && r.right > fr.left && r.top < fr.bottom && r.bottom > fr.top) {
                    found.push(
                      `${f.className.split(' ')[0]} over ${t.tagName} "${(t.textContent ?? '').trim().slice(0, 30)}"`,
                    );
                  }
                }
              }
              return found;
            }),
          { message: where },
        )
        .toEqual([]);
    };
    await open(page, shop.baseUrl, '/product/stoneware-coffee-mug');
    await expect(page.locator('[data-chat-button]')).toBeVisible();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 300) {
      await scrollAndSettle(page, y);
      await check(`product page at ${y}`);
    }
    await buyNow(page, shop.baseUrl, 'stoneware-coffee-mug');
    await open(page, shop.baseUrl, '/cart');
    await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
    await check('cart');
    await open(page, shop.baseUrl, '/');
    await scrollAndSettle(page, 100_000);
    await expect(page.locator('button.scroll-to-top[data-visible="true"]')).toBeVisible();
    await check('home page footer');
    // The chat tab is shown (not stepped aside) over the product page's free margin.
    await open(page, shop.baseUrl, '/product/stoneware-coffee-mug');
    await expect(page.locator('[data-chat-button]')).toHaveAttribute('data-visible', 'true');
  });
});
