import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, MOBILE, launchBrowser, newPage, waitForHydration, type ShopBrowser } from './support/browser.ts';
import { startShop, type RunningShop } from './support/server.ts';
import { insertStaff, panelReady, shot, signIn, testStaff } from './support/admin.ts';

/*
 * Categories and collections in the owner panel (issue 26) at 390 and 1280 px on the demo shop:
 * the owner adds a child category, puts a product in it from the product editor's category
 * picker, and a shopper finds the product on the category's page; the owner makes a collection,
 * adds two products, moves the second up with the keyboard-usable buttons, and the collection's
 * page follows. SHOTS_DIR=/work/shots/taxonomy keeps a screenshot of each screen.
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

const toastSays = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();

const cardTitles = async (page: Page, path: string) => {
  await page.goto(url(path));
  await waitForHydration(page);
  await page.locator('.product-card').first().waitFor();
  return page.locator('.product-grid .product-card h3').allTextContents();
};

describe('categories and collections in the owner panel', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`at ${viewport.width} px: a child category gets a product from the editor; a collection is reordered`, async () => {
      const shopper = await newPage(browser, viewport);
      const page = await newPage(browser, viewport);
      await page.goto(url('/admin/categories'));
      await panelReady(page);
      await signIn(page, OWNER);
      await page.getByRole('heading', { name: 'Categories', level: 1 }).waitFor();
      await page.getByTestId('category-row').first().waitFor();
      await shot(page, 'categories');

      // A child category under the first top-level one.
      const parentName = (await page.getByTestId('category-row').first().getAttribute('data-name'))!;
      const name = `Brass Lamps ${viewport.width}`;
      const slug = `brass-lamps-${viewport.width}`;
      await page.getByTestId('new-category').click();
      await page.getByTestId('category-name').fill(name);
      await expect.poll(() => page.getByTestId('category-slug').inputValue()).toBe(slug);
      await page.getByTestId('category-parent').selectOption({ label: parentName });
      await shot(page, 'category-new');
      await page.getByTestId('category-save').click();
      await toastSays(page, 'Category created');
      const row = page.locator(`[data-testid="category-row"][data-name="${name}"]`);
      await row.waitFor();

      // Move it up among its siblings with the buttons (no drag), when it has some.
      const order = () => page.getByTestId('category-row').evaluateAll((rows) => rows.map((r) => r.dataset.name));
      const up = row.getByRole('button', { name: `Move ${name} up` });
      if (await up.isEnabled()) {
        const before = await order();
        await up.click();
        await expect.poll(async () => (await order()).indexOf(name)).toBe(before.indexOf(name) - 1);
      }
      await row.getByTestId('category-edit').click();
      await page.getByTestId('category-form').waitFor();
      await shot(page, 'category-edit');
      await row.getByTestId('category-edit').click();

      // Put a product in it from the editor's category picker.
      await page.goto(url('/admin/products'));
      await page.getByTestId('product-row').first().waitFor();
      await page.getByTestId('product-row').first().locator('a').first().click();
      await page.getByTestId('product-form').waitFor();
      const productTitle = await page.getByTestId('title').inputValue();
      const input = page.getByTestId('category-input');
      await input.click();
      await input.fill('Brass Lamps');
      const option = page.getByRole('option', { name: `${parentName} › ${name}` });
      await option.waitFor();
      if (process.env.SHOTS_DIR) {
        await page.screenshot({ path: `${process.env.SHOTS_DIR}/product-category-picker-open-${viewport.width}.png` });
      }
      await option.click();
      await expect.poll(() => input.inputValue()).toBe(`${parentName} › ${name}`);
      if (process.env.SHOTS_DIR) {
        await page
          .getByTestId('category-picker')
          .locator('xpath=ancestor::section[1]')
          .screenshot({ path: `${process.env.SHOTS_DIR}/product-organise-${viewport.width}.png` });
      }
      await page.getByTestId('save').click();
      await toastSays(page, 'Product saved');

      expect(await cardTitles(shopper, `/product-category/${slug}`)).toEqual([productTitle]);
      await shot(shopper, 'storefront-category');

      // A new slug: the old address moves on to the new one (301), so shared links keep working.
      await page.goto(url('/admin/categories'));
      await row.getByTestId('category-edit').click();
      await page.getByTestId('category-slug').fill(`${slug}-new`);
      await page.getByTestId('category-save').click();
      await toastSays(page, 'Category saved');
      const moved = await fetch(url(`/product-category/${slug}`), { redirect: 'manual' });
      expect([moved.status, moved.headers.get('location')]).toEqual([301, `/product-category/${slug}-new`]);

      // A collection with two products; the second moves up; the shop's page follows.
      await page.goto(url('/admin/collections'));
      await page.getByRole('heading', { name: 'Collections', level: 1 }).waitFor();
      await page.getByTestId('new-collection').click();
      const colName = `Diwali Edit ${viewport.width}`;
      await page.getByTestId('collection-name').fill(colName);
      await page.getByTestId('collection-save').click();
      await page.getByRole('heading', { name: colName, level: 1 }).waitFor();
      await page.getByTestId('collection-search').fill('a');
      await page.getByTestId('collection-search').press('Enter');
      const adds = page.getByRole('button', { name: /^Add / });
      await adds.first().waitFor();
      const firstTitle = ((await adds.nth(0).getAttribute('aria-label')) ?? '').replace(/^Add /, '');
      const secondTitle = ((await adds.nth(1).getAttribute('aria-label')) ?? '').replace(/^Add /, '');
      await adds.nth(0).click();
      await page.getByRole('button', { name: `${firstTitle} is in the collection` }).waitFor();
      await page.getByRole('button', { name: `Add ${secondTitle}` }).click();
      await expect.poll(() => page.getByTestId('collection-product').count()).toBe(2);
      const colSlug = `diwali-edit-${viewport.width}`;
      expect(await cardTitles(shopper, `/product-collection/${colSlug}`)).toEqual([firstTitle, secondTitle]);

      await page.getByRole('button', { name: `Move ${secondTitle} up` }).click();
      await expect
        .poll(() => page.getByTestId('collection-product').locator('p.font-medium').allTextContents())
        .toEqual([secondTitle, firstTitle]);
      await shot(page, 'collection');
      expect(await cardTitles(shopper, `/product-collection/${colSlug}`)).toEqual([secondTitle, firstTitle]);
      await page.goto(url('/admin/collections'));
      await page.getByTestId('collection-list').waitFor();
      await shot(page, 'collections');
      await page.close();
      await shopper.close();
    });
  }
});
