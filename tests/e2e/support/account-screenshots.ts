/**
 * Screenshots of the auth dialogs and account pages at 390 px and 1280 px, for a human to look
 * at: `npm run build && npx tsx tests/e2e/support/account-screenshots.ts [outDir]`
 * (BASE_URL=http://… uses a shop that is already running outside production).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@shopfront/shared';
import { DESKTOP, MOBILE, launchBrowser, newPage, waitForHydration } from './browser.ts';
import { startShop } from './server.ts';

const outDir = process.argv[2] ?? '/tmp/shots/account';
mkdirSync(outDir, { recursive: true });
const shop = process.env.BASE_URL
  ? { baseUrl: process.env.BASE_URL, stop: async () => {} }
  : await startShop({ env: { NODE_ENV: 'test' } });
const browser = await launchBrowser();

async function fresh(page: Page, url: string) {
  await page.goto(`${shop.baseUrl}${url}`);
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(`${shop.baseUrl}${url}`, { waitUntil: 'networkidle' });
  await waitForHydration(page);
}

async function shot(page: Page, name: string, width: number, fullPage = false) {
  await page.waitForTimeout(600);
  const file = path.join(outDir, `${name}-${width}.png`);
  await page.screenshot({ path: file, fullPage });
  console.log(file);
}

try {
  let n = 0;
  for (const viewport of [MOBILE, DESKTOP]) {
    const page = await newPage(browser, viewport);
    await fresh(page, '/');
    const login = () => page.getByRole('banner').locator('[data-account-link]').click();

    await login();
    await shot(page, 'login-otp', viewport.width);
    const dialog = page.getByRole('dialog', { name: 'Login' });
    await dialog.getByLabel('Mobile number').fill('9876500000');
    await dialog.getByRole('button', { name: 'SEND OTP' }).click();
    await dialog
      .getByRole('button', { name: 'VERIFY' })
      .waitFor({ timeout: 5000 })
      .catch(() => {});
    await shot(page, 'login-otp-verify', viewport.width);
    await page.keyboard.press('Escape');

    await login();
    await dialog.getByRole('button', { name: 'Login with Email' }).click();
    await shot(page, 'login-legacy', viewport.width);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await shot(page, 'login-legacy-errors', viewport.width);
    await dialog.getByRole('button', { name: 'Forgot Password?' }).click();
    await shot(page, 'login-forgot', viewport.width);
    await page.keyboard.press('Escape');

    await login();
    await page.getByRole('dialog', { name: 'Login' }).getByRole('button', { name: 'REGISTER NOW' }).click();
    const register = page.getByRole('dialog', { name: 'Register' });
    await shot(page, 'register-otp', viewport.width);
    await register.getByRole('button', { name: 'Register with Email' }).click();
    await shot(page, 'register-legacy', viewport.width);
    await register.getByRole('button', { name: 'Register', exact: true }).click();
    await shot(page, 'register-legacy-errors', viewport.width);
    await page.keyboard.press('Escape');

    await fresh(page, '/account/security');
    await shot(page, 'guest-gate', viewport.width);

    n += 1;
    const stamp = `${Date.now() % 100000}${n}`.padStart(6, '0');
    const status = await page.evaluate(
      async ({ body, header, value }) =>
        (
          await fetch('/api/auth/register', {
            method: 'POST',
            credentials: 'include',
            headers: { 'content-type': 'application/json', [header]: value },
            body: JSON.stringify(body),
          })
        ).status,
      {
        body: {
          first_name: 'Ananya',
          last_name: 'Krishnan',
          email: `ananya.${stamp}@example.test`,
          phone: `9812${stamp}`,
          password: 'Linen#2024',
        },
        header: CSRF_HEADER,
        value: CSRF_HEADER_VALUE,
      },
    );
    if (status !== 200) throw new Error(`register answered ${status}`);
    for (const [name, url] of [
      ['account-dashboard', '/account'],
      ['account-profile', '/account/profile'],
      ['account-security', '/account/security'],
    ] as const) {
      await page.goto(`${shop.baseUrl}${url}`, { waitUntil: 'networkidle' });
      await waitForHydration(page);
      await shot(page, name, viewport.width, true);
    }
    // The address book: empty, the form, then with a saved address; the wishlist with three saves.
    await page.goto(`${shop.baseUrl}/account/addresses`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await shot(page, 'account-addresses-empty', viewport.width, true);
    await page.getByRole('button', { name: 'Add a shipping address' }).click();
    const form = page.getByRole('dialog', { name: 'Add Address' });
    await form.getByLabel('First Name').fill('Ananya');
    await form.getByLabel('Last Name').fill('Krishnan');
    await form.getByLabel('Phone', { exact: true }).fill('9876543210');
    await form.getByLabel('Address Line 1').fill('12 Residency Road');
    await form.getByLabel('City').fill('Bengaluru');
    await form.getByLabel('Postcode').fill('560025');
    await form.getByLabel('State').selectOption({ label: 'Karnataka' });
    await shot(page, 'address-form', viewport.width);
    await form.getByRole('button', { name: 'Save Address' }).click();
    await form.waitFor({ state: 'hidden' });
    await shot(page, 'account-addresses', viewport.width, true);
    const ids = await page.evaluate(
      async ({ header, value }) => {
        const res = await fetch('/api/product/product-grid', {
          method: 'POST',
          headers: { 'content-type': 'application/json', [header]: value },
          body: JSON.stringify({ items: 3, source: 'featured' }),
        });
        return ((await res.json()) as { data: { products: { id: number }[] } }).data.products.map((p) => p.id);
      },
      { header: CSRF_HEADER, value: CSRF_HEADER_VALUE },
    );
    for (const id of ids) {
      await page.evaluate(
        async ({ id, header, value }) =>
          fetch('/api/wishlist/add', {
            method: 'POST',
            credentials: 'include',
            headers: { 'content-type': 'application/json', [header]: value },
            body: JSON.stringify({ product_id: id }),
          }),
        { id, header: CSRF_HEADER, value: CSRF_HEADER_VALUE },
      );
    }
    await page.goto(`${shop.baseUrl}/account/wishlist`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await shot(page, 'account-wishlist', viewport.width, true);

    await page.goto(`${shop.baseUrl}/account/profile`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.locator('[data-phone-badge="verify"]').click();
    await page.getByRole('dialog', { name: 'Verify Account' }).waitFor();
    await shot(page, 'verify-account', viewport.width);
    await page.close();
  }
} finally {
  await browser.close();
  await shop.stop();
}
