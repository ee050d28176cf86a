import type { Page } from '@playwright/test';
import { shot, signInPanel, toastSays } from './support/admin.ts';
import { DESKTOP, MOBILE, waitForHydration } from './support/browser.ts';
import { OWNER, expect, test } from './support/test.ts';

/*
 * Categories and collections in the owner panel (issue 26) at 390 and 1280 px on the demo shop:
 * the owner adds a child category, puts a product in it from the product editor's category
 * picker, and a shopper finds the product on the category's page; the owner makes a collection,
 * adds two products, moves the second up with the keyboard-usable buttons, and the collection's
 * page follows. The two widths share the file's shop, each with names of its own.
 * SHOTS_DIR=/work/shots/taxonomy keeps a screenshot of each screen.
 */
test.use({ shopOptions: { env: { NODE_ENV: 'test' } }, staff: [OWNER] });

/** The product cards a shop page lists, in order (retried until they match). */
async function expectCards(page: Page, url: string, titles: string[]) {
  await page.goto(url);
  await waitForHydration(page);
  await expect(page.locator('.product-grid .product-card h3')).toHaveText(titles);
}

test.describe('categories and collections in the owner panel', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`at ${viewport.width} px: a child category gets a product from the editor; a collection is reordered`, async ({
      shop,
      newPage,
    }) => {
      const url = (p: string) => `${shop.baseUrl}${p}`;
      const shopper = await newPage(viewport);
      const page = await newPage(viewport);
      await signInPanel(page, url('/admin/categories'), OWNER);
      await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible();
      await expect(page.getByTestId('category-row').first()).toBeVisible();
      await shot(page, 'categories');

      // A child category under the first top-level one.
      const parentName = (await page.getByTestId('category-row').first().getAttribute('data-name'))!;
      const name = `Brass Lamps ${viewport.width}`;
      const slug = `brass-lamps-${viewport.width}`;
      await page.getByTestId('new-category').click();
      await page.getByTestId('category-name').fill(name);
      await expect(page.getByTestId('category-slug')).toHaveValue(slug);
      await page.getByTestId('category-parent').selectOption({ label: parentName });
      await shot(page, 'category-new');
      await page.getByTestId('category-save').click();
      await toastSays(page, 'Category created');
      const row = page.locator(`[data-testid="category-row"][data-name="${name}"]`);
      await expect(row).toBeVisible();

      // Move it up among its siblings with the buttons (no drag), when it has some.
      const order = () => page.getByTestId('category-row').evaluateAll((rows) => rows.map((r) => r.dataset.name));
      const up = row.getByRole('button', { name: `Move ${name} up` });
      if (await up.isEnabled()) {
        const before = await order();
        await up.click();
        await expect.poll(async () => (await order()).indexOf(name)).toBe(before.indexOf(name) - 1);
      }
      await row.getByTestId('category-edit').click();
      await expect(page.getByTestId('category-form')).toBeVisible();
      await shot(page, 'category-edit');
      await row.getByTestId('category-edit').click();

      // Put a product in it from the editor's category picker.
      await page.goto(url('/admin/products'));
      await expect(page.getByTestId('product-row').first()).toBeVisible();
      await page.getByTestId('product-row').first().locator('a').first().click();
      await expect(page.getByTestId('product-form')).toBeVisible();
      const productTitle = await page.getByTestId('title').inputValue();
      const input = page.getByTestId('category-input');
      await input.click();
      await input.fill(name);
      const option = page.getByRole('option', { name: `${parentName} › ${name}` });
      await expect(option).toBeVisible();
      if (process.env.SHOTS_DIR) {
        await page.screenshot({ path: `${process.env.SHOTS_DIR}/product-category-picker-open-${viewport.width}.png` });
      }
      // Chosen by keyboard, as the picker promises: a click could land while the page still
      // shifts (pictures loading), and a scroll closes the list under the pointer (CI, once).
      // ArrowDown opens the list again if it closed; the typed name leaves one match.
      await input.press('ArrowDown');
      await expect(option).toHaveAttribute('data-focused', 'true');
      await input.press('Enter');
      await expect(input).toHaveValue(`${parentName} › ${name}`);
      if (process.env.SHOTS_DIR) {
        await page
          .getByTestId('category-picker')
          .locator('xpath=ancestor::section[1]')
          .screenshot({ path: `${process.env.SHOTS_DIR}/product-organise-${viewport.width}.png` });
      }
      await page.getByTestId('save').click();
      await toastSays(page, 'Product saved');

      await expectCards(shopper, url(`/product-category/${slug}`), [productTitle]);
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
      await expect(page.getByRole('heading', { name: 'Collections', level: 1 })).toBeVisible();
      await page.getByTestId('new-collection').click();
      const colName = `Diwali Edit ${viewport.width}`;
      await page.getByTestId('collection-name').fill(colName);
      await page.getByTestId('collection-save').click();
      await expect(page.getByRole('heading', { name: colName, level: 1 })).toBeVisible();
      await page.getByTestId('collection-search').fill('a');
      await page.getByTestId('collection-search').press('Enter');
      const adds = page.getByRole('button', { name: /^Add / });
      await expect(adds.first()).toBeVisible();
      const firstTitle = ((await adds.nth(0).getAttribute('aria-label')) ?? '').replace(/^Add /, '');
      const secondTitle = ((await adds.nth(1).getAttribute('aria-label')) ?? '').replace(/^Add /, '');
      await adds.nth(0).click();
      await expect(page.getByRole('button', { name: `${firstTitle} is in the collection` })).toBeVisible();
      await page.getByRole('button', { name: `Add ${secondTitle}` }).click();
      await expect(page.getByTestId('collection-product')).toHaveCount(2);
      const colSlug = `diwali-edit-${viewport.width}`;
      await expectCards(shopper, url(`/product-collection/${colSlug}`), [firstTitle, secondTitle]);

      await page.getByRole('button', { name: `Move ${secondTitle} up` }).click();
      await expect(page.getByTestId('collection-product').locator('p.font-medium')).toHaveText([
        secondTitle,
        firstTitle,
      ]);
      await shot(page, 'collection');
      await expectCards(shopper, url(`/product-collection/${colSlug}`), [secondTitle, firstTitle]);
      await page.goto(url('/admin/collections'));
      await expect(page.getByTestId('collection-list')).toBeVisible();
      await shot(page, 'collections');
    });
  }
});
