import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminShippingMessages } from '@shopfront/shared';
import { DESKTOP, MOBILE, launchBrowser, newPage, waitForHydration, type ShopBrowser } from './support/browser.ts';
import { buyNow, continueToPayment, fillAddress, fillContact } from './support/checkout.ts';
import { startShop, type RunningShop } from './support/server.ts';
import {
  axeProblems,
  insertStaff,
  panelReady,
  shot,
  shotScreen,
  signIn,
  testStaff,
  toastSays,
} from './support/admin.ts';

/*
 * The panel's Shipping (issue 26) at 390 and 1280 px on the demo shop: a bad postcode range is
 * told under its field; the owner changes the flat rate of the standard method and a shopper's
 * cart shows the new shipping on its next load; the owner turns Cash on Delivery off for India
 * and the shopper's payment step no longer offers it (then turns it back on); a zone deleted by
 * mistake comes back, with its methods, from the toast's Undo.
 * SHOTS_DIR=/work/shots/shipping keeps a screenshot of each screen.
 */
const OWNER = testStaff('Meera Iyer', 'owner');

let shop: RunningShop;
let browser: ShopBrowser;
const url = (p: string) => `${shop.baseUrl}${p}`;

beforeAll(async () => {
  shop = await startShop({ env: { NODE_ENV: 'test' }, prepare: (data) => insertStaff(data, OWNER) });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

const zoneCard = (page: Page, name: string) => page.locator(`[data-testid="zone-card"][data-zone="${name}"]`);

/** Opens the zone's editor, sets Cash on Delivery on or off, saves. */
async function setCod(page: Page, on: boolean) {
  await zoneCard(page, 'India').getByTestId('edit-zone').click();
  const editor = page.getByTestId('zone-editor');
  await editor.waitFor();
  await editor.getByTestId('zone-cod').setChecked(on);
  await editor.getByTestId('save-shipping').click();
  await toastSays(page, 'Shipping zone saved');
  await expect
    .poll(() => zoneCard(page, 'India').getByTestId('zone-cod-text').textContent())
    .toMatch(on ? /^Cash on Delivery/ : /^No Cash on Delivery/);
}

describe('shipping in the owner panel', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`at ${viewport.width} px: a rate change reaches a shopper's cart, COD off leaves the checkout`, async () => {
      const rate = viewport === MOBILE ? 89 : 99;
      const page = await newPage(browser, viewport);
      await page.goto(url('/admin/shipping'));
      await panelReady(page);
      await signIn(page, OWNER);
      // The shopper's tab after the owner's (newPage clears the one profile's cookies, the cart's too).
      const shopper = await browser.context.newPage();
      await shopper.setViewportSize(viewport);
      await buyNow(shopper, shop.baseUrl, 'stoneware-coffee-mug');
      await shopper.goto(url('/cart'));
      await waitForHydration(shopper);
      await expect(shopper.getByTestId('totals-shipping').first().textContent()).resolves.toMatch(/₹\d+/);
      await page.getByRole('heading', { name: 'Shipping', level: 1 }).waitFor();
      await zoneCard(page, 'India').waitFor();
      await shot(page, 'shipping');
      expect(await axeProblems(page)).toEqual([]);
      // One-handed at 390: nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // A backwards range is told under the postcodes, naming it.
      await page.getByTestId('new-zone').click();
      const zoneEditor = page.getByTestId('zone-editor');
      await zoneEditor.waitFor();
      await zoneEditor.getByTestId('zone-name').fill('Bengaluru');
      await zoneEditor.getByTestId('zone-postcodes').fill('560001-560099, 560199-560100');
      await zoneEditor.getByTestId('save-shipping').click();
      await zoneEditor.getByText(adminShippingMessages.rangeBackwards('560199-560100')).waitFor();
      await expect(zoneEditor.getByTestId('zone-postcodes').getAttribute('aria-invalid')).resolves.toBe('true');
      await zoneEditor.getByTestId('zone-postcodes').scrollIntoViewIfNeeded();
      await shotScreen(page, 'shipping-zone-error');
      expect(await axeProblems(page)).toEqual([]);
      await zoneEditor.getByRole('button', { name: 'Cancel' }).click();
      await zoneEditor.waitFor({ state: 'detached' });

      // The flat rate of standard delivery.
      await zoneCard(page, 'India').locator('[data-method="standard"]').click();
      const methodEditor = page.getByTestId('method-editor');
      await methodEditor.waitFor();
      await methodEditor.getByTestId('method-price').fill(String(rate));
      await shotScreen(page, 'shipping-method-edit');
      await methodEditor.getByTestId('save-shipping').click();
      await toastSays(page, 'Shipping method saved');
      await expect
        .poll(() => zoneCard(page, 'India').locator('[data-testid="method-row"]').first().textContent())
        .toContain(`₹${rate}`);

      // The shopper's cart follows on its next load.
      await shopper.goto(url('/cart'));
      await waitForHydration(shopper);
      await shot(shopper, 'shopper-cart');
      await expect(shopper.getByTestId('totals-shipping').first().textContent()).resolves.toContain(`₹${rate}`);

      // Cash on Delivery off for India: the payment step no longer offers it.
      await setCod(page, false);
      await shot(page, 'shipping-cod-off');
      await shopper.goto(url('/checkout/address'));
      await waitForHydration(shopper);
      await fillContact(shopper, { email: `ship${viewport.width}@example.test`, phone: '9876543210' });
      await fillAddress(shopper);
      await continueToPayment(shopper);
      const payment = shopper.locator('[data-checkout-form="payment"]');
      await payment.waitFor();
      await expect(payment.getByRole('radio', { name: /Cash on Delivery/i }).count()).resolves.toBe(0);
      await shopper.close();

      await setCod(page, true);

      // A zone deleted by mistake comes back whole from the toast's Undo.
      const uae = zoneCard(page, 'United Arab Emirates');
      const methodsBefore = await uae.locator('[data-testid="method-row"]').count();
      await uae.getByTestId('delete-zone').click();
      await page.getByTestId('confirm-delete-zone').click();
      const deleted = page.locator('[data-sonner-toast]').filter({ hasText: 'Shipping zone deleted' }).first();
      await deleted.waitFor();
      await uae.waitFor({ state: 'detached' });
      await shotScreen(page, 'shipping-zone-deleted-undo');
      await deleted.getByRole('button', { name: 'Undo' }).click();
      await toastSays(page, 'Change undone');
      await uae.waitFor();
      await expect(uae.locator('[data-testid="method-row"]').count()).resolves.toBe(methodsBefore);
      await page.close();
    }, 150_000);
  }
});
