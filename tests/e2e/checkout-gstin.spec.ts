import { expect, test } from './support/test.ts';
import type { Page } from '@playwright/test';
import { gstinCheckCharacter, gstinMessages } from '@shopfront/shared';
import { DESKTOP, MOBILE, waitForHydration } from './support/browser.ts';
import {
  BENGALURU,
  addressStepForm,
  buyNow,
  choosePayment,
  continueToPayment,
  fillAddress,
  fillContact,
  placeOrder,
} from './support/checkout.ts';
import { signInPanel, testStaff } from './support/admin.ts';
import { logInThroughDialog, registerCustomer } from './support/customers.ts';

/** Issue 26: the buyer's GSTIN for a business invoice, given on the address step (the demo shop is India's). */

const OWNER = testStaff('Gita Owner');
test.use({ shopOptions: { env: { NODE_ENV: 'test' } }, staff: [OWNER] });
const COD = /^Cash on Delivery/;
const GSTIN = `27AAPFU0939F1Z${gstinCheckCharacter('27AAPFU0939F1Z')}`;
const BUSINESS = 'Umbrella Traders LLP';

/** Screenshots for a person to judge, when SHOTS_DIR is set. */
async function shot(page: Page, name: string, fullPage = false) {
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}-${page.viewportSize()!.width}.png`, fullPage });
}

test.describe("the buyer's GSTIN at checkout", () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`at ${viewport.width} px: folded away, opened, refused with its message, then on the order's details`, async ({
      shop,
      page,
      newPage,
    }) => {
      const who = await registerCustomer(shop.baseUrl, 'Kiran');
      await page.setViewportSize(viewport);
      const base = shop.baseUrl;
      await page.goto(`${base}/account/orders`);
      await waitForHydration(page);
      await logInThroughDialog(page, who);
      await page.getByRole('heading', { level: 1, name: 'Orders & Refunds' }).waitFor();

      await buyNow(page, base, 'brass-desk-lamp');
      await fillAddress(page, { ...BENGALURU, first: 'Kiran' });
      const form = addressStepForm(page);
      const gstin = form.getByLabel('GSTIN (for a business invoice)');
      // Folded: the form is no longer for everyone.
      await expect(gstin).not.toBeVisible();
      await form.getByText('Add a GSTIN for a business invoice').scrollIntoViewIfNeeded();
      await shot(page, 'gstin-folded');
      await form.getByText('Add a GSTIN for a business invoice').click();
      await gstin.fill('27AAPFU0939F1ZZ');
      await form.getByLabel('Business name').fill(BUSINESS);
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      // Refused beside the field, the disclosure still open, what was typed kept.
      await form.locator('#checkout-buyer-gstin-error').getByText(gstinMessages.invalid).waitFor();
      await expect(gstin).toHaveValue('27AAPFU0939F1ZZ');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('checkout-buyer-gstin');
      await gstin.scrollIntoViewIfNeeded();
      await shot(page, 'gstin-refused');

      await gstin.fill(GSTIN.toLowerCase());
      await continueToPayment(page);
      await choosePayment(page, base, COD, 'cod');
      await placeOrder(page);
      await page.waitForURL((url) => url.pathname === '/checkout-complete');
      const orderNo = (await page.getByTestId('order-number').textContent()) ?? '';
      const orderId = new URL(page.url()).searchParams.get('order') ?? '';

      await page.goto(`${base}/account/orders`);
      await waitForHydration(page);
      await page
        .locator(`[data-order="${orderNo}"]`)
        .getByRole('link', { name: `Details of order ${orderNo}` })
        .click();
      const details = page.getByTestId('order-details-dialog');
      const buyer = details.getByTestId('order-buyer-gstin');
      await buyer.getByText(GSTIN).waitFor();
      await buyer.getByText(BUSINESS).waitFor();
      await buyer.scrollIntoViewIfNeeded();
      await shot(page, 'gstin-order-details');
      await page.close();

      // The panel's order page: in the customer block, under Bill to.
      const panel = await newPage(viewport);
      await signInPanel(panel, `${base}/admin/orders/${orderId}`, OWNER);
      const block = panel.getByTestId('order-customer').getByTestId('order-buyer-gstin');
      await block.getByText(GSTIN).waitFor();
      await block.getByText(BUSINESS).waitFor();
      // Clear of the phone's sticky action bar.
      await block.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await shot(panel, 'gstin-panel-order');
    });
  }

  test('without JavaScript the disclosure opens and Continue saves the GSTIN with the rest', async ({
    shop,
    newPage,
  }) => {
    // The cart is filled in the scripted browser, then its cookies move over.
    const base = shop.baseUrl;
    const scripted = await newPage(MOBILE);
    await buyNow(scripted, base, 'brass-desk-lamp');
    const cookies = await scripted.context().cookies();
    await scripted.close();
    const page = await newPage(MOBILE, { javaScriptEnabled: false });
    await page.context().addCookies(cookies);
    await page.goto(`${base}/checkout/address`);
    await fillContact(page, { email: 'gst.buyer@example.test', phone: '9876543210' });
    await fillAddress(page);
    const form = addressStepForm(page);
    await form.getByText('Add a GSTIN for a business invoice').click();
    await form.getByLabel('GSTIN (for a business invoice)').fill(GSTIN);
    await form.getByLabel('Business name').fill(BUSINESS);
    await shot(page, 'gstin-open-nojs', true);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout/payment');
    const res = await page.context().request.get(`${base}/api/cart/get`);
    const cart = ((await res.json()) as { data: { buyer_gstin: string; buyer_business_name: string } }).data;
    expect(cart).toMatchObject({ buyer_gstin: GSTIN, buyer_business_name: BUSINESS });
  });
});
