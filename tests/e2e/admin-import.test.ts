import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopifyCsv } from '../../apps/api/src/modules/admin/import/testing.ts';
import { DESKTOP, MOBILE, launchBrowser, newPage, type ShopBrowser } from './support/browser.ts';
import { startShop, type RunningShop } from './support/server.ts';
import { axeProblems, insertStaff, panelReady, shot, signIn, testStaff } from './support/admin.ts';

/*
 * The product import (issue 26) at 390 and 1280 px: the owner opens Import from the product list,
 * chooses a small Shopify export with one bad row, reads the dry run (counts, then the error by
 * row and column), imports the good products, watches the progress to the end, and finds them in
 * the product list. SHOTS_DIR=/work/shots/import keeps screenshots.
 */
const OWNER = testStaff('Meera Iyer', 'owner');

let shop: RunningShop;
let browser: ShopBrowser;
const url = (p: string) => `${shop.baseUrl}${p}`;

beforeAll(async () => {
  shop = await startShop({ env: { NODE_ENV: 'test' }, prepare: (data) => insertStaff(data, OWNER) });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

describe('importing products from a Shopify CSV', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`at ${viewport.width} px: dry run, then import; the products appear`, async () => {
      const prefix = `imp${viewport.width}`;
      const page = await newPage(browser, viewport);
      await page.goto(url('/admin/products'));
      await panelReady(page);
      await signIn(page, OWNER);
      await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
      await shot(page, 'products-with-import');
      await page.getByTestId('import-products').click();
      await page.getByRole('heading', { name: 'Import products', level: 1 }).waitFor();

      const csv = shopifyCsv(4, { prefix, bom: true, edit: (rows) => (rows[4]!['Variant Price'] = '-5.00') });
      await page
        .getByTestId('import-file')
        .setInputFiles({ name: 'shopify-products.csv', mimeType: 'text/csv', buffer: csv });
      await page.getByRole('button', { name: 'Check file' }).click();
      const report = page.getByTestId('import-report');
      await report.waitFor();
      expect(await page.getByTestId('import-count-create').locator('dd').textContent()).toBe('3');
      expect(await page.getByTestId('import-count-error').locator('dd').textContent()).toBe('1');
      expect(await page.getByTestId('import-errors').textContent()).toContain('Row 6 · Variant Price');
      expect(await axeProblems(page)).toEqual([]);
      await shot(page, 'import-report');

      await page.getByTestId('import-start').click();
      await page.getByTestId('import-done').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('import-progress-text').textContent()).toContain('3 of 3 products · 3 saved');
      await shot(page, 'import-done');

      await page.getByTestId('import-done').click();
      await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
      await page.locator('#product-search').fill(`${prefix.toUpperCase()}-1-S`);
      await page.locator('#product-search').press('Enter');
      await page.getByText('Cotton Tee 1', { exact: true }).first().waitFor();
      expect(await page.getByText('Cotton Tee 2', { exact: true }).count()).toBe(0);
      await page.close();
    }, 120_000);
  }
});
