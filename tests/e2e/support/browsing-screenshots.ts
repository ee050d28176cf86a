/**
 * Screenshots of search with "Did you mean", a product page with colour and size, and a listing
 * with a filter pending, at 390 px and 1280 px, for a human to look at:
 * `npm run build && npx tsx tests/e2e/support/browsing-screenshots.ts [outDir]`
 * (BASE_URL=http://… uses a shop that is already running). First screens, as a shopper sees them.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DESKTOP, MOBILE, launchBrowser, newPage, waitForHydration } from './browser.ts';
import { startShop } from './server.ts';

const outDir = process.argv[2] ?? '/tmp/shots/browsing';
const only = process.env.SHOT_ONLY ?? '';

mkdirSync(outDir, { recursive: true });
const shop = process.env.BASE_URL ? { baseUrl: process.env.BASE_URL, stop: async () => {} } : await startShop();
const browser = await launchBrowser();
const shot = (name: string, width: number) => path.join(outDir, `${name}-${width}.png`);
try {
  for (const viewport of [MOBILE, DESKTOP]) {
    const w = viewport.width;
    if (!only || only.includes('search')) {
      const page = await newPage(browser, viewport);
      await page.goto(`${shop.baseUrl}/search?q=shrit`, { waitUntil: 'networkidle' });
      await waitForHydration(page);
      await page.screenshot({ path: shot('search-shrit', w) });
      // The suggestions under the search box, as typed.
      const box = page.locator(w < 1024 ? '#search-page-input' : 'header input[type="search"]').first();
      await box.fill('');
      await box.pressSequentially('shrit', { delay: 30 });
      await page.getByRole('listbox', { name: 'Search suggestions' }).getByText('Did you mean').waitFor();
      await page.screenshot({ path: shot('search-suggestions-shrit', w) });
      await page.close();
    }
    if (!only || only.includes('product')) {
      for (const slug of (process.env.SHOT_PRODUCTS ?? 'organic-cotton-crew-tee,linen-piped-cushion-cover').split(
        ',',
      )) {
        const page = await newPage(browser, viewport);
        await page.goto(`${shop.baseUrl}/product/${slug}`, { waitUntil: 'networkidle' });
        await waitForHydration(page);
        await page.screenshot({ path: shot(`product-${slug}`, w) });
        await page.close();
      }
    }
    if (!only || only.includes('listing')) {
      const page = await newPage(browser, viewport);
      await page.goto(`${shop.baseUrl}/product-category/t-shirts`, { waitUntil: 'networkidle' });
      await waitForHydration(page);
      // The listing's data request never answers: the screenshot catches the pending state.
      await page.route('**/*.data*', () => {});
      if (w < 1024) await page.getByRole('button', { name: 'Filters' }).click();
      const panel = page.locator('#listing-filter-panel');
      const colour = panel.locator('details[data-facet="Colour"]');
      if ((await colour.getAttribute('open')) === null) await colour.locator('> summary').click();
      await colour.locator('label').first().click();
      await page.waitForTimeout(300);
      await page.screenshot({ path: shot('listing-filter-pending', w) });
      if (w < 1024) {
        await panel.getByRole('button', { name: 'Close filters' }).click();
        await page.screenshot({ path: shot('listing-filter-pending-closed', w) });
      }
      await page.close();
    }
  }
} finally {
  await browser.close();
  await shop.stop();
}
