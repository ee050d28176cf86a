import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminCouponMessages } from '@shopfront/shared';
import { DESKTOP, MOBILE, launchBrowser, newPage, waitForHydration, type ShopBrowser } from './support/browser.ts';
import { buyNow, choosePayment, continueToPayment, fillAddress, fillContact, placeOrder } from './support/checkout.ts';
import { startShop, type RunningShop } from './support/server.ts';
import { axeProblems, insertStaff, panelReady, shot, signIn, testStaff } from './support/admin.ts';

/*
 * The panel's coupons (issue 26) at 390 and 1280 px on the demo shop: the owner makes a coupon
 * (a wrong percentage is told beside its field, the sentence of what it does follows the form),
 * a shopper applies it in the storefront's cart and places an order with it, and the owner sees
 * the use on the coupon ("1 / 100") with a link to that order.
 * SHOTS_DIR=/work/shots/coupons keeps a screenshot of each screen.
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

const toastSays = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
const described = async (page: Page, testId: string) => {
  const id = (await page.getByTestId(testId).getAttribute('aria-describedby'))!;
  return page.locator(`[id="${id}"]`).textContent();
};

describe('coupons in the owner panel', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`at ${viewport.width} px: create a coupon, a shopper applies it and orders, the owner sees the use`, async () => {
      const shopper = await newPage(browser, viewport);
      const page = await newPage(browser, viewport);
      await page.goto(url('/admin/coupons'));
      await panelReady(page);
      await signIn(page, OWNER);
      await page.getByRole('heading', { name: 'Coupons', level: 1 }).waitFor();
      await page.getByTestId('coupon-row').first().waitFor();
      await shot(page, 'coupons');
      expect(await axeProblems(page)).toEqual([]);

      await page.getByTestId('new-coupon').click();
      await page.getByRole('heading', { name: 'New coupon', level: 1 }).waitFor();
      const code = `PANEL${viewport.width}`;
      await page.getByTestId('code').fill(code.toLowerCase());
      await page.getByTestId('description').fill('15% off your order');
      await page.getByTestId('value').fill('150');
      await page.getByTestId('max_discount').fill('300');
      await page.getByTestId('min_subtotal').fill('500');
      await page.getByTestId('usage_limit').fill('100');
      await page.getByTestId('save').click();
      await page.getByTestId('form-error').waitFor();
      await expect(page.getByTestId('coupon-summary').textContent()).resolves.toBe(
        'Type the discount to see what the coupon does.',
      );
      await expect(page.getByTestId('value').getAttribute('aria-invalid')).resolves.toBe('true');
      await expect(described(page, 'value')).resolves.toBe(adminCouponMessages.percent);
      await shot(page, 'coupon-new-error');

      await page.getByTestId('value').fill('15');
      await expect
        .poll(() => page.getByTestId('coupon-summary').textContent())
        .toBe('15% off orders over ₹500, up to ₹300, 100 uses in all.');
      // Limited to a category (the mug's); a product picked by mistake is taken off again.
      await page.getByTestId('scope-category').selectOption({ label: 'Mugs & Cups' });
      await page.getByTestId('scope-product-search').fill('desk lamp');
      await page
        .getByTestId('scope-results')
        .getByRole('button', { name: /Brass Desk Lamp/ })
        .click();
      await expect
        .poll(() => page.getByTestId('coupon-summary').textContent())
        .toBe('15% off Mugs & Cups and Brass Desk Lamp over ₹500, up to ₹300, 100 uses in all.');
      await shot(page, 'coupon-new-scope');
      expect(await axeProblems(page)).toEqual([]);
      await page.getByRole('button', { name: 'Remove product Brass Desk Lamp' }).click();
      await expect
        .poll(() => page.getByTestId('coupon-summary').textContent())
        .toBe('15% off Mugs & Cups over ₹500, up to ₹300, 100 uses in all.');
      await shot(page, 'coupon-new');
      // The Save sits at the bottom of the screen, in the thumb's reach, while the form scrolls.
      if (process.env.SHOTS_DIR) {
        await page.screenshot({ path: `${process.env.SHOTS_DIR}/coupon-new-screen-${viewport.width}.png` });
      }
      const box = (await page.getByTestId('save').boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      if (viewport === MOBILE) expect(box.y).toBeGreaterThan(viewport.height * 0.7);
      await page.getByTestId('save').click();
      await toastSays(page, 'Coupon created');
      await page.getByRole('heading', { name: code, level: 1 }).waitFor();
      await expect(page.getByTestId('coupon-uses-count').textContent()).resolves.toBe('Used 0 / 100');

      // A shopper applies it in the cart (typed in lower case) and places the order.
      await buyNow(shopper, shop.baseUrl, 'stoneware-coffee-mug');
      await shopper.goto(url('/cart'));
      await waitForHydration(shopper);
      await shopper.getByLabel('Coupon code').fill(code.toLowerCase());
      await shopper.getByRole('button', { name: 'Apply', exact: true }).click();
      await shopper.getByTestId('applied-coupon').getByText(code).waitFor();
      await expect(shopper.getByTestId('totals-coupon').textContent()).resolves.toMatch(/82/);
      await shopper.goto(url('/checkout/address'));
      await waitForHydration(shopper);
      await fillContact(shopper, { email: `coupon${viewport.width}@example.test`, phone: '9876543210' });
      await fillAddress(shopper);
      await continueToPayment(shopper);
      await choosePayment(shopper, shop.baseUrl, /Cash on Delivery/i, 'cod');
      await placeOrder(shopper);
      await shopper.waitForURL((u) => u.pathname === '/checkout-complete');
      await shopper.close();

      // The owner sees the use, and the order it came from.
      await page.reload();
      await panelReady(page);
      await expect
        .poll(() => page.getByTestId('coupon-uses-count').textContent(), { timeout: 10_000 })
        .toBe('Used 1 / 100');
      const use = page.getByTestId('coupon-use').first();
      await use.waitFor();
      await expect(use.textContent()).resolves.toContain(`coupon${viewport.width}@example.test`);
      await expect(use.textContent()).resolves.toContain('₹82');
      await expect(page.getByTestId('delete-coupon').count()).resolves.toBe(0);
      await shot(page, 'coupon-used');
      expect(await axeProblems(page)).toEqual([]);
      const orderNo = ((await use.getByTestId('coupon-use-order').textContent()) ?? '').replace('#', '').trim();
      await use.click();
      await page.waitForURL((u) => u.pathname.startsWith('/admin/orders/'));
      await page.getByRole('heading', { level: 1 }).filter({ hasText: orderNo }).waitFor();

      // The list shows it with its uses.
      await page.goto(url(`/admin/coupons?q=${code.slice(0, 6)}`));
      await panelReady(page);
      const row = page.getByTestId('coupon-row').filter({ hasText: code });
      await row.waitFor();
      await expect(row.getByTestId('coupon-row-uses').textContent()).resolves.toContain('1 / 100');
      await shot(page, 'coupons-search');
      await page.close();
    });
  }
});
