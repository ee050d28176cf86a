/**
 * Screenshots of the address form's state list and a PIN code of another state, and the cart
 * refusing an expired coupon, at 390 px and 1280 px, for a human to look at:
 * `npm run build && npx tsx tests/e2e/support/data-screenshots.ts [outDir]`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DESKTOP, MOBILE, launchBrowser, newPage, waitForHydration } from './browser.ts';
import { buyNow } from './checkout.ts';
import { startShop } from './server.ts';

const outDir = process.argv[2] ?? '/tmp/shots/data';
mkdirSync(outDir, { recursive: true });
const shop = await startShop();
const browser = await launchBrowser();

try {
  for (const viewport of [MOBILE, DESKTOP]) {
    const page = await newPage(browser, viewport);
    const shot = async (name: string) => {
      await page.waitForTimeout(400);
      const file = path.join(outDir, `${name}-${viewport.width}.png`);
      await page.screenshot({ path: file });
      console.log(file);
    };

    // The address step: Kerala chosen with a Bengaluru PIN.
    await buyNow(page, shop.baseUrl, 'linen-camp-shirt');
    const form = page.locator('[data-checkout-form="new-address"]');
    await form.getByLabel('First Name').fill('Asha');
    await form.getByLabel('Last Name').fill('Rao');
    await form.getByLabel('Phone').fill('9876543210');
    await form.getByLabel('Address Line 1').fill('12 MG Road');
    await form.getByLabel('City').fill('Kochi');
    await form.getByLabel('Postcode').fill('560025');
    await form.getByLabel('State').selectOption({ label: 'Kerala' });
    await form.getByRole('button', { name: 'Deliver to this address' }).click();
    await form.locator('[data-field-error]').first().waitFor();
    await form.getByLabel('Postcode').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, -120));
    await shot('address-postcode-error');

    // The state list, opened out as a list box (a native picker is not in a screenshot).
    const state = form.getByLabel('State');
    await state.evaluate((el: HTMLSelectElement) => {
      el.size = 16;
      el.style.height = 'auto';
      el.style.backgroundImage = 'none';
    });
    await state.scrollIntoViewIfNeeded();
    await shot('address-state-list');
    await state.evaluate((el: HTMLSelectElement) => {
      el.size = 0;
      el.style.cssText = '';
    });

    // The longest name, chosen: it must still read on a phone.
    await state.selectOption({ label: 'Dadra and Nagar Haveli and Daman and Diu' });
    await shot('address-state-longest');

    // The cart: an expired coupon says so.
    await page.goto(`${shop.baseUrl}/cart`);
    await waitForHydration(page);
    await page.getByLabel('Coupon code').fill('MONSOON25');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.locator('[data-field-error]', { hasText: 'This coupon has expired' }).waitFor();
    await page.getByLabel('Coupon code').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, -160));
    await shot('cart-coupon-expired');
    await page.close();
  }
} finally {
  await browser.close();
  await shop.stop();
}
