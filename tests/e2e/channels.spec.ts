import type { Page } from '@playwright/test';
import { channelMessages } from '@shopfront/shared';
import { MOBILE, waitForHydration, watchForProblems } from './support/browser.ts';
import { buyNow, continueToPayment, fillContact } from './support/checkout.ts';
import { waitForToast } from './support/customers.ts';
import { expect, test } from './support/test.ts';

/** Channels (ADR 0027) on the demo shop: India (INR, default) and the UAE (AED), multi-channel on. */
const TEE = '/product/organic-cotton-crew-tee';

async function open(page: Page, baseUrl: string, path: string) {
  await page.goto(`${baseUrl}${path}`);
  await waitForHydration(page);
}

/** The login dialog's mobile number: its country code and how many digits it keeps. */
async function phoneField(page: Page) {
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await dialog.waitFor();
  const code = await dialog.getByLabel('Country code').inputValue();
  const input = dialog.getByLabel('Mobile number');
  await input.fill('');
  await input.pressSequentially('501234567890');
  const kept = (await input.inputValue()).length;
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  return { code, kept };
}

test.describe('the channel picker', () => {
  test('on a product page switches to AED, which stays across a reload; the phone field follows', async ({
    page,
    shop,
  }) => {
    const problems = await watchForProblems(page);
    await open(page, shop.baseUrl, TEE);
    const price = page.getByTestId('product-price');
    await expect(price).toContainText('₹');
    expect(await phoneField(page)).toEqual({ code: '+91', kept: 10 });

    const picker = page.getByTestId('channel-picker-header');
    await expect(picker).toHaveValue('ch_web');
    await picker.selectOption('ch_uae');
    await waitForToast(page, channelMessages.chosen('UAE'));
    await expect(price).toHaveText(/AED\s?\d/);
    expect(page.url()).toBe(`${shop.baseUrl}${TEE}`);
    expect(await phoneField(page)).toEqual({ code: '+971', kept: 9 });

    await page.reload();
    await waitForHydration(page);
    await expect(price).toHaveText(/AED\s?\d/);
    await expect(page.getByTestId('channel-picker-header')).toHaveValue('ch_uae');
    // Listings too; a plant is not sold in the UAE.
    await open(page, shop.baseUrl, '/product-category/plants');
    await expect(page.locator('main')).not.toContainText('₹');
    expect(problems).toEqual([]);
  });

  test('is in the mobile menu, and switching back shows rupees again', async ({ page, shop }) => {
    await page.setViewportSize(MOBILE);
    const problems = await watchForProblems(page);
    await open(page, shop.baseUrl, TEE);
    await expect(page.getByTestId('channel-picker-header')).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menuPicker = page.getByTestId('channel-picker-menu');
    await menuPicker.selectOption('ch_uae');
    await waitForToast(page, channelMessages.chosen('UAE'));
    // The menu closes on the answer, so its toast covers no close button and the new prices show.
    await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'hidden' });
    await expect(page.getByTestId('product-price')).toContainText('AED');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menuPicker.selectOption('ch_web');
    await waitForToast(page, channelMessages.chosen('India'));
    await expect(page.getByTestId('product-price')).toContainText('₹');
    expect(problems).toEqual([]);
  });
});

test.describe('addresses follow the channel country', () => {
  test('the UAE checkout asks no postcode; choosing India brings the field back', async ({ page, shop }) => {
    await page.setViewportSize(MOBILE);
    const problems = await watchForProblems(page);
    await page.context().addCookies([{ name: 'sf_channel', value: 'ch_uae', url: shop.baseUrl }]);
    await buyNow(page, shop.baseUrl, 'stoneware-coffee-mug');
    await fillContact(page, { email: 'layla@example.test', phone: '501234567' });
    const form = page.locator('[data-address-selector="Shipping"]');
    await expect(form.getByLabel('Country')).not.toHaveValue('');
    await expect(form.getByLabel('Postcode')).toHaveCount(0);
    await form.getByLabel('Country').selectOption({ label: 'India' });
    await form.getByLabel('Postcode').waitFor();
    await form.getByLabel('Country').selectOption({ label: 'United Arab Emirates' });
    await form.getByLabel('Postcode').waitFor({ state: 'detached' });
    await form.getByLabel('First Name').fill('Layla');
    await form.getByLabel('Last Name').fill('Haddad');
    await form.getByLabel('Address Line 1').fill('Villa 14, Al Wasl Road');
    await form.getByLabel('City').fill('Dubai');
    await form.getByLabel('State').selectOption({ label: 'Dubai' });
    await continueToPayment(page);
    await page.getByTestId('deliver-to').getByText('Layla Haddad').waitFor();
    expect(problems).toEqual([]);
  });
});
