import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, MOBILE, newPage, waitForHydration } from './support/browser.ts';
import { logInThroughDialog, registerCustomer, waitForToast } from './support/customers.ts';
import { useShopSuite } from './support/suite.ts';

/**
 * Shopper findings in accounts, orders and copy: the wishlist keeps the chosen option, the refund
 * dialog closes on success, tracking by order number, the reset-password section and the
 * contact page's map. Screenshots for a human go to SHOTS_DIR (default /tmp/shots/account).
 */
const MAP = 'https://www.google.com/maps/embed?pb=!1m18!1m12!1m3!1d3888.0!2d77.6!3d12.97';
const suite = useShopSuite({
  prepare: async ({ db }) => {
    await db.query(`update store_settings set value = $1::jsonb where key = 'google_embed_url'`, [JSON.stringify(MAP)]);
  },
});
const DEMO = { email: 'demo@loomandleaf.test', password: 'Demo@1234' };
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/account';
mkdirSync(SHOTS, { recursive: true });
const shot = async (page: Page, name: string, fullPage = false) => {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png`, fullPage });
};
const base = () => suite.shop.baseUrl;

/** Logs in through the header's dialog, then opens `path`. */
async function logIn(page: Page, path: string, who = DEMO) {
  await page.goto(`${base()}/`);
  await waitForHydration(page);
  await page.getByRole('banner').locator('[data-account-link]').click();
  await logInThroughDialog(page, who);
  await page.waitForURL((url) => url.pathname === '/account');
  await page.goto(`${base()}${path}`);
  await waitForHydration(page);
}

describe('wishlist: the chosen option', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`at ${viewport.width} px is saved, shown on the card and moved to the cart`, async () => {
      const page = await newPage(suite.browser, viewport);
      const who = await registerCustomer(base(), 'Wren');
      const res = await page.context().request.get(`${base()}/api/product/single-product/organic-cotton-crew-tee`);
      const product = (await res.json()).data as {
        variants: { id: string; title: string; stock_status: string }[];
      };
      // Not the default option, and one in stock.
      const chosen = product.variants.slice(1).find((v) => v.stock_status === 'in_stock')!;
      await logIn(page, `/product/organic-cotton-crew-tee?variant=${chosen.id}`, who);
      await page.locator('[data-add-to-cart="pdp"] [data-wishlist-heart]').click();
      await waitForToast(page, 'Added to your wishlist');

      await page.goto(`${base()}/account/wishlist`);
      await waitForHydration(page);
      const saved = page.getByTestId('wishlist-variant');
      await expect.poll(() => saved.textContent()).toContain(chosen.title.split(' / ')[0]!);
      await shot(page, 'wishlist-variant', true);
      await page.getByRole('button', { name: /^Move to cart/ }).click();
      const cartLines = async () =>
        (
          (await (await page.context().request.get(`${base()}/api/cart/get`)).json()).data.items as {
            product_id: string;
          }[]
        ).map((i) => i.product_id);
      await page.waitForTimeout(2500);
      await shot(page, 'wishlist-moved');
      await expect.poll(cartLines).toEqual([chosen.id]);
      await expect(page.getByText('Please choose an option first').count()).resolves.toBe(0);
      await page.close();
    });
  }
});

describe('Orders & Refunds: the refund dialog', () => {
  it('closes on success and the order shows the refund; opened again it starts empty', async () => {
    const page = await newPage(suite.browser, MOBILE);
    await logIn(page, '/account/orders');
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
    await expect(dialog.getByLabel('Reason').inputValue()).resolves.toBe('');
    await page.close();
  });
});

describe('rating', () => {
  it('is offered only for delivered orders', async () => {
    const page = await newPage(suite.browser, DESKTOP);
    await logIn(page, '/account/orders');
    for (const status of ['confirmed', 'shipped', 'out_for_delivery']) {
      const card = page
        .locator('[data-order]', { has: page.locator(`[data-testid="order-status"][data-status="${status}"]`) })
        .first();
      await expect(card.getByRole('link', { name: /^Rate/ }).count()).resolves.toBe(0);
    }
    await page.close();
  });
});

describe('OTP login', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`at ${viewport.width} px says what the resend counter counts`, async () => {
      const page = await newPage(suite.browser, viewport);
      await page.goto(`${base()}/`);
      await waitForHydration(page);
      await page.getByRole('banner').locator('[data-account-link]').click();
      const dialog = page.getByTestId('login-dialog');
      await dialog.getByLabel('Mobile number').fill('9876543210');
      await dialog.getByRole('button', { name: 'SEND OTP' }).click();
      await dialog.getByTestId('resends-left').getByText('3 resends left').waitFor();
      await shot(page, 'otp-verify');
      await page.close();
    });
  }
});

describe('tracking by order number', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`at ${viewport.width} px shows the signed-in customer their order; a guest and another customer do not see it`, async () => {
      const page = await newPage(suite.browser, viewport);
      await logIn(page, '/account');
      const orders = (await (await page.context().request.get(`${base()}/api/orders/get`)).json()).data.orders;
      const shipped = orders.find((o: { status: string }) => o.status === 'shipped') as { order_no: string };
      await page.goto(`${base()}/track-order/${shipped.order_no}`);
      await expect(page.getByTestId('tracking-order-no').textContent()).resolves.toBe(shipped.order_no);
      await shot(page, 'track-order-signed-in');

      const guest = await newPage(suite.browser, viewport);
      const res = await guest.goto(`${base()}/track-order/${shipped.order_no}`);
      expect(res!.status()).toBe(404);
      await guest
        .getByTestId('tracking-not-found')
        .getByText(/phone number or e-mail address/)
        .waitFor();
      await guest.getByRole('link', { name: 'Find my order' }).click();
      await expect.poll(() => guest.getByLabel(/Order number/).inputValue()).toBe(shipped.order_no);

      const other = await newPage(suite.browser, viewport);
      await logIn(other, '/account', await registerCustomer(base(), 'Otto'));
      const theirs = await other.goto(`${base()}/track-order/${shipped.order_no}`);
      expect(theirs!.status()).toBe(404);
      await expect(other.getByTestId('tracking-order-no').count()).resolves.toBe(0);
      await Promise.all([page.close(), guest.close(), other.close()]);
    });
  }
});

describe('login with a guest cart', () => {
  it('tells the shopper when the guest cart joined the cart they already had', async () => {
    const who = await registerCustomer(base(), 'Mira');
    const addMug = async (page: Page) => {
      await page.goto(`${base()}/product/stoneware-coffee-mug`);
      await waitForHydration(page);
      await page.locator('[data-add-to-cart="pdp"]').getByRole('button', { name: 'Add to cart' }).click();
      await page.getByRole('dialog', { name: /cart/i }).waitFor();
    };
    // Their cart, filled on another device.
    const phone = await newPage(suite.browser, MOBILE);
    await logIn(phone, '/', who);
    await addMug(phone);
    // A guest on this device fills a cart, then logs in.
    const laptop = await newPage(suite.browser, DESKTOP);
    await addMug(laptop);
    await laptop.keyboard.press('Escape');
    await laptop.getByRole('banner').locator('[data-account-link]').click();
    await logInThroughDialog(laptop, who);
    await waitForToast(laptop, 'We added the items from your earlier visit to your cart');
    await Promise.all([phone.close(), laptop.close()]);
  });
});

describe('pages', () => {
  it('the reset-password account section is a page of its own', async () => {
    const page = await newPage(suite.browser, MOBILE);
    await logIn(page, '/account/reset-password');
    await page.getByRole('heading', { level: 1, name: 'Reset Password' }).waitFor();
    await page.getByRole('button', { name: 'Send me a reset link' }).click();
    // The test shop sends no e-mail: the answer says the link waits in the shop's outbox.
    await page.getByRole('status').filter({ hasText: 'reset link' }).waitFor();
    await shot(page, 'reset-password-section');
    await page.close();
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    it(`at ${viewport.width} px the contact page shows the store's map`, async () => {
      const page = await newPage(suite.browser, viewport);
      await page.goto(`${base()}/contact-us`);
      const frame = page.getByTitle(/^Map: where to find/);
      await expect(frame.getAttribute('src')).resolves.toBe(MAP);
      await expect(frame.getAttribute('loading')).resolves.toBe('lazy');
      await frame.scrollIntoViewIfNeeded();
      await shot(page, 'contact-map', true);
      await page.close();
    });
  }

  it('reached by a client-side move from another page (whose CSP frames no map), it offers to load the map', async () => {
    const page = await newPage(suite.browser, DESKTOP);
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (/frame-src|Content Security Policy/i.test(m.text())) blocked.push(m.text());
    });
    await page.goto(`${base()}/`);
    await waitForHydration(page);
    await page.locator('footer a[href="/contact-us"]').first().click();
    await page.waitForURL((url) => url.pathname === '/contact-us');
    const load = page.getByTestId('contact-map-load');
    await load.waitFor();
    await expect(page.getByTitle(/^Map: where to find/).count()).resolves.toBe(0);
    await load.click();
    await expect(page.getByTitle(/^Map: where to find/).getAttribute('src')).resolves.toBe(MAP);
    expect(blocked).toEqual([]);
    await page.close();
  });
});
