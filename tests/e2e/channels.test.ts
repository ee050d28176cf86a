import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { channelMessages } from '@shopfront/shared';
import { DESKTOP, MOBILE, newPage, waitForHydration, watchForProblems } from './support/browser.ts';
import { buyNow, continueToPayment, fillContact } from './support/checkout.ts';
import { waitForToast } from './support/customers.ts';
import { useShopSuite } from './support/suite.ts';

/** Channels (ADR 0027) on the demo shop: India (INR, default) and the UAE (AED), multi-channel on. */
const suite = useShopSuite();
const TEE = '/product/organic-cotton-crew-tee';

async function open(page: Page, path: string) {
  await page.goto(`${suite.shop.baseUrl}${path}`);
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

describe('the channel picker', () => {
  it('on a product page switches to AED, which stays across a reload; the phone field follows', async () => {
    const page = await newPage(suite.browser, DESKTOP);
    const problems = await watchForProblems(page);
    await open(page, TEE);
    const price = page.getByTestId('product-price');
    await expect.poll(() => price.textContent()).toContain('₹');
    expect(await phoneField(page)).toEqual({ code: '+91', kept: 10 });

    const picker = page.getByTestId('channel-picker-header');
    expect(await picker.inputValue()).toBe('ch_web');
    await picker.selectOption('ch_uae');
    await waitForToast(page, channelMessages.chosen('UAE'));
    await expect.poll(() => price.textContent()).toMatch(/AED\s?\d/);
    expect(page.url()).toBe(`${suite.shop.baseUrl}${TEE}`);
    expect(await phoneField(page)).toEqual({ code: '+971', kept: 9 });

    await page.reload();
    await waitForHydration(page);
    expect(await price.textContent()).toMatch(/AED\s?\d/);
    expect(await page.getByTestId('channel-picker-header').inputValue()).toBe('ch_uae');
    // Listings too; a plant is not sold in the UAE.
    await open(page, '/product-category/plants');
    await expect.poll(() => page.locator('main').textContent()).not.toContain('₹');
    expect(problems).toEqual([]);
  });

  it('is in the mobile menu, and switching back shows rupees again', async () => {
    const page = await newPage(suite.browser, MOBILE);
    const problems = await watchForProblems(page);
    await open(page, TEE);
    expect(await page.getByTestId('channel-picker-header').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menuPicker = page.getByTestId('channel-picker-menu');
    await menuPicker.selectOption('ch_uae');
    await waitForToast(page, channelMessages.chosen('UAE'));
    // The menu closes on the answer, so its toast covers no close button and the new prices show.
    await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('product-price').textContent()).toMatch(/AED/);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menuPicker.selectOption('ch_web');
    await waitForToast(page, channelMessages.chosen('India'));
    await expect.poll(() => page.getByTestId('product-price').textContent()).toContain('₹');
    expect(problems).toEqual([]);
  });
});

describe('addresses follow the channel country', () => {
  it('the UAE checkout asks no postcode; choosing India brings the field back', async () => {
    const page = await newPage(suite.browser, MOBILE);
    const problems = await watchForProblems(page);
    await page.context().addCookies([{ name: 'sf_channel', value: 'ch_uae', url: suite.shop.baseUrl }]);
    await buyNow(page, suite.shop.baseUrl, 'stoneware-coffee-mug');
    await fillContact(page, { email: 'layla@example.test', phone: '501234567' });
    const form = page.locator('[data-address-selector="Shipping"]');
    expect(await form.getByLabel('Country').inputValue()).not.toBe('');
    expect(await form.getByLabel('Postcode').count()).toBe(0);
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
