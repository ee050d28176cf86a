import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { DESKTOP, MOBILE, waitForHydration } from './support/browser.ts';
import { logInThroughDialog, registerCustomer, waitForToast } from './support/customers.ts';
import { expect, test } from './support/test.ts';

/**
 * Shopper findings in accounts, orders and copy: the wishlist keeps the chosen option, the refund
 * dialog closes on success, tracking by order number, the reset-password section and the
 * contact page's map. Screenshots for a human go to SHOTS_DIR (default /tmp/shots/account).
 */
const MAP = 'https://www.google.com/maps/embed?pb=!1m18!1m12!1m3!1d3888.0!2d77.6!3d12.97';
test.use({
  shopOptions: {
    prepare: async ({ db }) => {
      await db.query(`update store_settings set value = $1::jsonb where key = 'google_embed_url'`, [
        JSON.stringify(MAP),
      ]);
    },
  },
});
const DEMO = { email: 'demo@loomandleaf.test', password: 'Demo@1234' };
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/account';
mkdirSync(SHOTS, { recursive: true });
const shot = async (page: Page, name: string, fullPage = false) => {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png`, fullPage });
};
/** Logs in through the header's dialog, then opens `path` (of the shop at `base`). */
async function logIn(page: Page, base: string, path: string, who = DEMO) {
  await page.goto(`${base}/`);
  await waitForHydration(page);
  await page.getByRole('banner').locator('[data-account-link]').click();
  await logInThroughDialog(page, who);
  await page.waitForURL((url) => url.pathname === '/account');
  await page.goto(`${base}${path}`);
  await waitForHydration(page);
}

test.describe('wishlist: the chosen option', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`at ${viewport.width} px is saved, shown on the card and moved to the cart`, async ({ page, shop }) => {
      const base = shop.baseUrl;
      await page.setViewportSize(viewport);
      const who = await registerCustomer(base, 'Wren');
      const res = await page.context().request.get(`${base}/api/product/single-product/organic-cotton-crew-tee`);
      const product = (await res.json()).data as {
        variants: { id: string; title: string; stock_status: string }[];
      };
      // Not the default option, and one in stock.
      const chosen = product.variants.slice(1).find((v) => v.stock_status === 'in_stock')!;
      await logIn(page, base, `/product/organic-cotton-crew-tee?variant=${chosen.id}`, who);
      await page.locator('[data-add-to-cart="pdp"] [data-wishlist-heart]').click();
      await waitForToast(page, 'Added to your wishlist');

      await page.goto(`${base}/account/wishlist`);
      await waitForHydration(page);
      const saved = page.getByTestId('wishlist-variant');
      await expect(saved).toContainText(chosen.title.split(' / ')[0]!);
      await shot(page, 'wishlist-variant', true);
      await page.getByRole('button', { name: /^Move to cart/ }).click();
      const cartLines = async () =>
        (
          (await (await page.context().request.get(`${base}/api/cart/get`)).json()).data.items as {
            product_id: string;
          }[]
        ).map((i) => i.product_id);
      await page.waitForTimeout(2500);
      await shot(page, 'wishlist-moved');
      await expect.poll(cartLines).toEqual([chosen.id]);
      await expect(page.getByText('Please choose an option first')).toHaveCount(0);
    });
  }
});

test.describe('Orders & Refunds: the refund dialog', () => {
  test('closes on success and the order shows the refund; opened again it starts empty', async ({ page, shop }) => {
    const base = shop.baseUrl;
    await page.setViewportSize(MOBILE);
    await logIn(page, base, '/account/orders');
    const card = page
      .locator('[data-order]', { has: page.locator('[data-testid="order-status"][data-status="delivered"]') })
      .first();
    const orderNo = (await card.getAttribute('data-order'))!;
    await card.getByRole('link', { name: /^Request refund/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a refund' });
    await dialog.getByRole('combobox').first().selectOption('1');
    await dialog.getByLabel('Reason').fill('The colour is not what I expected.');
    await shot(page, 'refund-before');
    await dialog.getByRole('button', { name: 'Request refund' }).click();
    await waitForToast(page, 'Your refund request has been sent');
    await dialog.waitFor({ state: 'hidden' });
    const details = page.getByRole('dialog', { name: `Order ${orderNo}` });
    await details.getByTestId('order-status').getByText('Refund requested').waitFor();
    await shot(page, 'refund-after');
    // The other line: the dialog opens fresh (no old reason, nothing chosen).
    await details.getByRole('link', { name: 'Request refund' }).click();
    await expect(dialog.getByLabel('Reason')).toHaveValue('');
  });
});

test.describe('rating', () => {
  test('is offered only for delivered orders', async ({ page, shop }) => {
    const base = shop.baseUrl;
    await logIn(page, base, '/account/orders');
    for (const status of ['confirmed', 'shipped', 'out_for_delivery']) {
      const card = page
        .locator('[data-order]', { has: page.locator(`[data-testid="order-status"][data-status="${status}"]`) })
        .first();
      await expect(card.getByRole('link', { name: /^Rate/ })).toHaveCount(0);
    }
  });
});

test.describe('OTP login', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`at ${viewport.width} px says what the resend counter counts`, async ({ page, shop }) => {
      const base = shop.baseUrl;
      await page.setViewportSize(viewport);
      await page.goto(`${base}/`);
      await waitForHydration(page);
      await page.getByRole('banner').locator('[data-account-link]').click();
      const dialog = page.getByTestId('login-dialog');
      await dialog.getByLabel('Mobile number').fill('9876543210');
      await dialog.getByRole('button', { name: 'SEND OTP' }).click();
      await dialog.getByTestId('resends-left').getByText('3 resends left').waitFor();
      await shot(page, 'otp-verify');
    });
  }
});

test.describe('tracking by order number', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`at ${viewport.width} px shows the signed-in customer their order; a guest and another customer do not see it`, async ({
      page,
      newPage,
      shop,
    }) => {
      const base = shop.baseUrl;
      await page.setViewportSize(viewport);
      await logIn(page, base, '/account');
      const orders = (await (await page.context().request.get(`${base}/api/orders/get`)).json()).data.orders;
      const shipped = orders.find((o: { status: string }) => o.status === 'shipped') as { order_no: string };
      await page.goto(`${base}/track-order/${shipped.order_no}`);
      await expect(page.getByTestId('tracking-order-no')).toHaveText(shipped.order_no);
      await shot(page, 'track-order-signed-in');

      const guest = await newPage(viewport);
      const res = await guest.goto(`${base}/track-order/${shipped.order_no}`);
      expect(res!.status()).toBe(404);
      await guest
        .getByTestId('tracking-not-found')
        .getByText(/phone number or e-mail address/)
        .waitFor();
      await guest.getByRole('link', { name: 'Find my order' }).click();
      await expect(guest.getByLabel(/Order number/)).toHaveValue(shipped.order_no);

      const other = await newPage(viewport);
      await logIn(other, base, '/account', await registerCustomer(base, 'Otto'));
      const theirs = await other.goto(`${base}/track-order/${shipped.order_no}`);
      expect(theirs!.status()).toBe(404);
      await expect(other.getByTestId('tracking-order-no')).toHaveCount(0);
    });
  }
});

test.describe('login with a guest cart', () => {
  test('tells the shopper when the guest cart joined the cart they already had', async ({ newPage, shop }) => {
    const base = shop.baseUrl;
    const who = await registerCustomer(base, 'Mira');
    const addMug = async (page: Page) => {
      await page.goto(`${base}/product/stoneware-coffee-mug`);
      await waitForHydration(page);
      await page.locator('[data-add-to-cart="pdp"]').getByRole('button', { name: 'Add to cart' }).click();
      await page.getByRole('dialog', { name: /cart/i }).waitFor();
    };
    // Their cart, filled on another device.
    const phone = await newPage(MOBILE);
    await logIn(phone, base, '/', who);
    await addMug(phone);
    // A guest on this device fills a cart, then logs in.
    const laptop = await newPage(DESKTOP);
    await addMug(laptop);
    await laptop.keyboard.press('Escape');
    await laptop.getByRole('banner').locator('[data-account-link]').click();
    await logInThroughDialog(laptop, who);
    await waitForToast(laptop, 'We added the items from your earlier visit to your cart');
  });
});

test.describe('pages', () => {
  test('the reset-password account section is a page of its own', async ({ page, shop }) => {
    const base = shop.baseUrl;
    await page.setViewportSize(MOBILE);
    await logIn(page, base, '/account/reset-password');
    await page.getByRole('heading', { level: 1, name: 'Reset Password' }).waitFor();
    await page.getByRole('button', { name: 'Send me a reset link' }).click();
    // The test shop sends no e-mail: the answer says the link waits in the shop's outbox.
    await page.getByRole('status').filter({ hasText: 'reset link' }).waitFor();
    await shot(page, 'reset-password-section');
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    test(`at ${viewport.width} px the contact page shows the store's map`, async ({ page, shop }) => {
      const base = shop.baseUrl;
      await page.setViewportSize(viewport);
      await page.goto(`${base}/contact-us`);
      const frame = page.getByTitle(/^Map: where to find/);
      await expect(frame).toHaveAttribute('src', MAP);
      await expect(frame).toHaveAttribute('loading', 'lazy');
      await frame.scrollIntoViewIfNeeded();
      await shot(page, 'contact-map', true);
    });
  }

  test('reached by a client-side move from another page (whose CSP frames no map), it offers to load the map', async ({
    page,
    shop,
  }) => {
    const base = shop.baseUrl;
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (/frame-src|Content Security Policy/i.test(m.text())) blocked.push(m.text());
    });
    await page.goto(`${base}/`);
    await waitForHydration(page);
    await page.locator('footer a[href="/contact-us"]').first().click();
    await page.waitForURL((url) => url.pathname === '/contact-us');
    const load = page.getByTestId('contact-map-load');
    await load.waitFor();
    await expect(page.getByTitle(/^Map: where to find/)).toHaveCount(0);
    await load.click();
    await expect(page.getByTitle(/^Map: where to find/)).toHaveAttribute('src', MAP);
    expect(blocked).toEqual([]);
  });
});
