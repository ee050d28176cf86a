/**
 * Screenshots of the checkout, orders and tracking screens at 390 px and 1280 px, for a human to
 * look at: `npm run build && npx tsx tests/e2e/support/orders-screenshots.ts [outDir]`.
 * /checkout/payment, the payment-processing popup, /checkout-complete, /checkout-failed,
 * /account/orders with each order dialog, /track-order and a tracking page with its scans.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DESKTOP, MOBILE, launchBrowser, newPage, waitForHydration } from './browser.ts';
import { buyNow, choosePayment, continueToPayment, fillAddress, placeOrder, fillContact } from './checkout.ts';
import { logInThroughDialog } from './customers.ts';
import { startShop } from './server.ts';

const outDir = process.argv[2] ?? '/tmp/shots-orders';
mkdirSync(outDir, { recursive: true });
const shop = await startShop();
const browser = await launchBrowser();
const base = shop.baseUrl;

/** Sends the sandbox page's outcome the way its form does and follows the shop's return. */
async function sandboxOutcome(page: Page, outcome: 'pay' | 'fail') {
  const res = await page.context().request.post(page.url(), { form: { outcome }, maxRedirects: 0 });
  const location = res.headers()['location'];
  if (!location) throw new Error(`sandbox answered ${res.status()}`);
  await page.goto(new URL(location, base).href);
  await waitForHydration(page);
}

try {
  for (const viewport of [MOBILE, DESKTOP]) {
    const page = await newPage(browser, viewport);
    const shot = async (name: string, fullPage = false) => {
      await page.waitForTimeout(400);
      const file = path.join(outDir, `${name}-${viewport.width}.png`);
      await page.screenshot({ path: file, fullPage });
      console.log(file);
    };

    // A guest pays on delivery.
    await buyNow(page, base, 'stoneware-coffee-mug');
    await fillContact(page, { email: 'shots@example.test', phone: '9876543210' });
    await fillAddress(page);
    await continueToPayment(page);
    await shot('payment-empty');
    await choosePayment(page, base, /^Cash on Delivery/, 'cod');
    await shot('payment-cod');
    await shot('payment-cod-full', true);
    await placeOrder(page);
    await page.waitForURL((url) => url.pathname === '/checkout-complete');
    await waitForHydration(page);
    await shot('complete');
    await shot('complete-full', true);
    await page.getByRole('link', { name: 'Track your order' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/track-order/'));
    await waitForHydration(page);
    await shot('tracking-new-full', true);

    // Online: the processing popup (the gateway's page held back), then a failed payment.
    await buyNow(page, base, 'linen-camp-shirt');
    await fillContact(page, { email: 'shots@example.test', phone: '9876543210' });
    await fillAddress(page);
    await continueToPayment(page);
    await choosePayment(page, base, /^Pay online/, 'sandbox');
    // The place-order answer is held back: the popup shows while it is on its way.
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const placing = (url: URL) => url.pathname === '/checkout/payment.data';
    await page.route(placing, async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await placeOrder(page);
    await page.getByRole('dialog', { name: 'Processing your payment' }).waitFor();
    await shot('processing');
    release();
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox-gateway/'));
    await page.unroute(placing);
    await shot('gateway');
    await sandboxOutcome(page, 'fail');
    await shot('failed');
    await shot('failed-full', true);

    // The demo customer's orders in every state.
    await page.context().clearCookies();
    await page.goto(`${base}/account/orders`);
    await waitForHydration(page);
    await logInThroughDialog(page, { email: 'demo@loomandleaf.test', password: 'Demo@1234' });
    await page.getByTestId('order-list').waitFor();
    await shot('orders');
    await shot('orders-full', true);
    const cardOf = (status: string) =>
      page.locator('[data-order]', { has: page.locator(`[data-status="${status}"]`) }).first();
    await cardOf('delivered')
      .getByRole('link', { name: /^Details/ })
      .click();
    await page.getByTestId('order-details-dialog').getByRole('heading').first().waitFor();
    await shot('orders-details');
    await page.keyboard.press('Escape');
    await cardOf('delivered')
      .getByRole('link', { name: /^Request refund/ })
      .click();
    await page.getByRole('dialog', { name: 'Request a refund' }).waitFor();
    await shot('orders-refund');
    await page.keyboard.press('Escape');
    await cardOf('confirmed')
      .getByRole('link', { name: /^Cancel/ })
      .click();
    await page.getByRole('dialog', { name: 'Cancel this order?' }).waitFor();
    await shot('orders-cancel');
    await page.keyboard.press('Escape');
    for (const status of ['shipped', 'out_for_delivery', 'packed', 'confirmed']) {
      await cardOf(status)
        .getByRole('link', { name: /^Details/ })
        .click();
      const details = page.getByTestId('order-details-dialog');
      await details.getByRole('link', { name: 'Track order' }).waitFor();
      const rate = details.getByRole('link', { name: 'Rate experience' });
      if (await rate.count()) {
        await rate.click();
        await page.getByRole('dialog', { name: 'Rate your experience' }).waitFor();
        await shot('orders-rate');
        await page.keyboard.press('Escape');
        break;
      }
      await page.keyboard.press('Escape');
      await details.waitFor({ state: 'hidden' });
    }

    // Tracking: a parcel out for delivery, its scans; the find form.
    await cardOf('out_for_delivery')
      .getByRole('link', { name: /^Details/ })
      .click();
    await page.getByTestId('order-details-dialog').getByRole('link', { name: 'Track order' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/track-order/'));
    await waitForHydration(page);
    await shot('tracking');
    await shot('tracking-full', true);
    await page.getByRole('link', { name: 'View scans' }).first().click();
    await page.getByRole('dialog', { name: /^Scans of / }).waitFor();
    await shot('tracking-scans');
    await page.goto(`${base}/track-order`);
    await waitForHydration(page);
    await shot('track-find');
    await page.close();
  }
} finally {
  await browser.close();
  await shop.stop();
}
