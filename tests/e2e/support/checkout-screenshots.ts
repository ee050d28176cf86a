/**
 * Screenshots of the reworked checkout at 390 px and 1280 px, for a human to look at:
 * `npm run build && npx tsx tests/e2e/support/checkout-screenshots.ts [outDir]`.
 * The address step of a guest empty, after Continue with nothing typed, filled; a signed-in
 * customer with saved addresses (and Select Address); the payment step; the cookie banner on
 * the address step (the checkout has no storefront chrome).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@shopfront/shared';
import { DESKTOP, MOBILE, launchBrowser, newPage, waitForHydration } from './browser.ts';
import { buyNow, choosePayment, continueToPayment, fillAddress, fillContact } from './checkout.ts';
import { startShop } from './server.ts';

const outDir = process.argv[2] ?? '/tmp/shots-checkout';
mkdirSync(outDir, { recursive: true });
const shop = await startShop();
const browser = await launchBrowser();
const base = shop.baseUrl;

try {
  for (const viewport of [MOBILE, DESKTOP]) {
    const shot = async (page: import('playwright-core').Page, name: string, fullPage = true) => {
      await page.waitForTimeout(300);
      const file = path.join(outDir, `${name}-${viewport.width}.png`);
      await page.screenshot({ path: file, fullPage });
      console.log(file);
    };

    // A guest: empty, with errors, filled; then the payment step.
    const page = await newPage(browser, viewport);
    await buyNow(page, base, 'stoneware-coffee-mug');
    await shot(page, 'address-guest-empty');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByTestId('address-missing').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'address-guest-errors');
    await fillContact(page, { email: 'asha.rao@example.test', phone: '9876543210' });
    await fillAddress(page);
    await shot(page, 'address-guest-filled');
    await continueToPayment(page);
    await choosePayment(page, base, /^Cash on Delivery/, 'cod');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'payment');
    await shot(page, 'payment-viewport', false);
    await page.close();

    // The demo customer with saved addresses.
    const customer = await newPage(browser, viewport);
    const headers = { [CSRF_HEADER]: CSRF_HEADER_VALUE };
    const login = await customer.context().request.post(`${base}/api/auth/login`, {
      headers,
      data: { email: 'demo@loomandleaf.test', password: 'Demo@1234' },
    });
    if (login.status() !== 200) throw new Error(`login answered ${login.status()}`);
    const countries = (await (await customer.context().request.get(`${base}/api/settings/countries`)).json()) as {
      data: { id: number; iso2: string; states: { id: number; name: string }[] }[];
    };
    const india = countries.data.find((c) => c.iso2 === 'IN')!;
    const book = (await (await customer.context().request.get(`${base}/api/address/all`)).json()) as {
      data: unknown[];
    };
    for (const [i, line] of ['12 Residency Road', '4 Brigade Road'].entries()) {
      if (book.data.length > i) continue;
      await customer.context().request.post(`${base}/api/address/add`, {
        headers,
        data: {
          address_type: 'Shipping',
          default: i === 0,
          first_name: 'Asha',
          last_name: 'Verma',
          phone: '9876543210',
          address_line_1: line,
          city: 'Bengaluru',
          postcode: '560025',
          country_id: india.id,
          state_id: india.states.find((s) => s.name === 'Karnataka')!.id,
        },
      });
    }
    await buyNow(customer, base, 'brass-desk-lamp');
    await shot(customer, 'address-customer');
    await customer
      .getByTestId('shipping-on-cart')
      .getByRole('button', { name: /^Change/ })
      .click();
    await customer.getByRole('heading', { name: 'Select Address' }).waitFor();
    await shot(customer, 'address-customer-select');
    await customer.close();

    // A first visit: the cookie banner over the checkout, nothing else of the storefront.
    const first = await newPage(browser, viewport, { cookieChoice: null });
    await buyNow(first, base, 'stoneware-coffee-mug');
    await waitForHydration(first);
    await shot(first, 'address-first-visit-banner', false);
    await first.close();
  }
} finally {
  await browser.close();
  await shop.stop();
}
