import type { Page } from '@playwright/test';
import { adminCouponMessages } from '@shopfront/shared';
import { DESKTOP, MOBILE, waitForHydration } from './support/browser.ts';
import { buyNow, choosePayment, continueToPayment, fillAddress, fillContact, placeOrder } from './support/checkout.ts';
import { axeProblems, openPanel, panelReady, shot } from './support/admin.ts';
import { OWNER, expect, test } from './support/test.ts';

/*
 * The panel's coupons (issue 26) at 390 and 1280 px on the demo shop: the owner makes a coupon
 * (a wrong percentage is told beside its field, the sentence of what it does follows the form),
 * a shopper applies it in the storefront's cart and places an order with it, and the owner sees
 * the use on the coupon ("1 / 100") with a link to that order.
 * SHOTS_DIR=/work/shots/coupons keeps a screenshot of each screen.
 */
test.use({ shopOptions: { env: { NODE_ENV: 'test' } }, staff: [OWNER] });

const toastSays = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
const described = async (page: Page, testId: string) => {
  const id = (await page.getByTestId(testId).getAttribute('aria-describedby'))!;
  return page.locator(`[id="${id}"]`).textContent();
};

test.describe('coupons in the owner panel', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`at ${viewport.width} px: create a coupon, a shopper applies it and orders, the owner sees the use`, async ({
      page,
      newPage,
      shop,
    }) => {
      const url = (p: string) => `${shop.baseUrl}${p}`;
      const shopper = await newPage(viewport);
      await openPanel(page, url('/admin/coupons'), OWNER, viewport);
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
      await expect(page.getByTestId('coupon-summary')).toHaveText('Type the discount to see what the coupon does.');
      await expect(page.getByTestId('value')).toHaveAttribute('aria-invalid', 'true');
      await expect.poll(() => described(page, 'value')).toBe(adminCouponMessages.percent);
      await shot(page, 'coupon-new-error');

      await page.getByTestId('value').fill('15');
      await expect(page.getByTestId('coupon-summary')).toHaveText(
        '15% off orders over ₹500, up to ₹300, 100 uses in all.',
      );
      // Limited to a category (the mug's); a product picked by mistake is taken off again.
      await page.getByTestId('scope-category').selectOption({ label: 'Mugs & Cups' });
      await page.getByTestId('scope-product-search').fill('desk lamp');
      await page
        .getByTestId('scope-results')
        .getByRole('button', { name: /Brass Desk Lamp/ })
        .click();
      await expect(page.getByTestId('coupon-summary')).toHaveText(
        '15% off Mugs & Cups and Brass Desk Lamp over ₹500, up to ₹300, 100 uses in all.',
      );
      await shot(page, 'coupon-new-scope');
      expect(await axeProblems(page)).toEqual([]);
      await page.getByRole('button', { name: 'Remove product Brass Desk Lamp' }).click();
      await expect(page.getByTestId('coupon-summary')).toHaveText(
        '15% off Mugs & Cups over ₹500, up to ₹300, 100 uses in all.',
      );
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
      await expect(page.getByTestId('coupon-uses-count')).toHaveText('Used 0 / 100');

      // A shopper applies it in the cart (typed in lower case) and places the order.
      await buyNow(shopper, shop.baseUrl, 'stoneware-coffee-mug');
      await shopper.goto(url('/cart'));
      await waitForHydration(shopper);
      await shopper.getByLabel('Coupon code').fill(code.toLowerCase());
      await shopper.getByRole('button', { name: 'Apply', exact: true }).click();
      await shopper.getByTestId('applied-coupon').getByText(code).waitFor();
      await expect(shopper.getByTestId('totals-coupon')).toHaveText(/82/);
      await shopper.goto(url('/checkout/address'));
      await waitForHydration(shopper);
      await fillContact(shopper, { email: `coupon${viewport.width}@example.test`, phone: '9876543210' });
      await fillAddress(shopper);
      await continueToPayment(shopper);
      await choosePayment(shopper, shop.baseUrl, /Cash on Delivery/i, 'cod');
      await placeOrder(shopper);
      await shopper.waitForURL((u) => u.pathname === '/checkout-complete');

      // The owner sees the use, and the order it came from.
      await page.reload();
      await panelReady(page);
      await expect(page.getByTestId('coupon-uses-count')).toHaveText('Used 1 / 100');
      const use = page.getByTestId('coupon-use').first();
      await use.waitFor();
      await expect(use).toContainText(`coupon${viewport.width}@example.test`);
      await expect(use).toContainText('₹82');
      await expect(page.getByTestId('delete-coupon')).toHaveCount(0);
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
      await expect(row.getByTestId('coupon-row-uses')).toContainText('1 / 100');
      await shot(page, 'coupons-search');
    });
  }
});
