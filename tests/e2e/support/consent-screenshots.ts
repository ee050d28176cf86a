/**
 * Screenshots of the cookie banner, its preferences, the cookie icon after a choice, the banner
 * over a product page and beside the login dialog, and the floating buttons on desktop, at 390 px
 * and 1280 px: `npm run build && npx tsx tests/e2e/support/consent-screenshots.ts [outDir]`
 * (BASE_URL=… to use a shop that is already running).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DESKTOP, MOBILE, launchBrowser, newPage, waitForHydration } from './browser.ts';
import { buyNow } from './checkout.ts';
import { startShop } from './server.ts';

const outDir = process.argv[2] ?? '/tmp/shots/consent';
mkdirSync(outDir, { recursive: true });
const shop = process.env.BASE_URL ? { baseUrl: process.env.BASE_URL, stop: async () => {} } : await startShop();
const browser = await launchBrowser();

try {
  for (const viewport of [MOBILE, DESKTOP]) {
    const page = await newPage(browser, viewport, { cookieChoice: null });
    const shot = async (name: string, fullPage = false) => {
      await page.waitForTimeout(400);
      const file = path.join(outDir, `${name}-${viewport.width}.png`);
      await page.screenshot({ path: file, fullPage });
      console.log(file);
    };
    const open = async (url: string) => {
      await page.goto(`${shop.baseUrl}${url}`);
      await waitForHydration(page);
    };
    const banner = page.getByTestId('cookie-banner');

    await open('/');
    await banner.waitFor();
    const box = (await banner.boundingBox())!;
    const tabs = await page.evaluate(() => {
      // How many Tab presses from the top of the page reach the banner's first button.
      const focusable = [
        ...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]'),
      ].filter((el) => el.tabIndex >= 0 && !el.closest('[inert]') && el.getClientRects().length > 0);
      const first = document.querySelector('[data-testid="cookie-banner"] button');
      return focusable.findIndex((el) => el === first) + 1;
    });
    console.log(
      `${viewport.width}: banner ${Math.round(box.width)}x${Math.round(box.height)} at y=${Math.round(box.y)}, ${Math.round(
        ((box.width * box.height) / (viewport.width * viewport.height)) * 100,
      )}% of the screen; Tab presses to its first button: ${tabs}`,
    );
    await shot('first-visit');

    await banner.getByRole('button', { name: 'Cookie Preferences' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
    await dialog.waitFor();
    // The optional group opened on what it covers: the shop's own statistics and their cookie.
    await dialog.locator('[data-cookie-group="analytics"]').getByText('Cookies used').click();
    await shot('preferences');
    await page.keyboard.press('Escape');

    await open('/product/stoneware-coffee-mug');
    await shot('product-with-banner');

    // A guarded page opens its own login dialog for a guest.
    await open('/account');
    await page.getByRole('dialog', { name: 'Login' }).waitFor();
    await shot('login-with-banner');
    await page.keyboard.press('Escape');

    await buyNow(page, shop.baseUrl, 'stoneware-coffee-mug');
    await shot('checkout-with-banner');

    await open('/');
    await banner.getByRole('button', { name: 'Accept All' }).click();
    await banner.waitFor({ state: 'detached' });
    await shot('after-choice');

    await open('/product/stoneware-coffee-mug');
    await page.evaluate(() => window.scrollTo(0, 500));
    await shot('product-after-choice');
    await open('/cart');
    await shot('cart-after-choice');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await shot('footer-after-choice');
    await page.close();
  }
} finally {
  await browser.close();
  await shop.stop();
}
