import type { Page } from '@playwright/test';
import { DESKTOP, MOBILE } from './support/browser.ts';
import { openPanel, toastSays } from './support/admin.ts';
import { OWNER, expect, test } from './support/test.ts';

/*
 * The fixes of the owner's phone review of the catalogue screens (review 26b) at 390 and 1280 px
 * on the demo shop (INR and AED): the save bars sit flush on the phone's bottom navigation and are
 * opaque; "Same for every variant" fills every variant, and a published product missing a price
 * in a channel says so; "Shi" ranks Shirts above T-Shirts; a collection's add search sits above
 * its list and a product moves to a typed position, the top or the bottom in one step; the bulk
 * editor has its own search, filters and currency, a +10 step and Undo in its bottom bar; the
 * category counts are whole; the coupon heading lines up with its form and Delete looks like one.
 * SHOTS_DIR=/work/shots/panel-ux-26 keeps a screenshot of each screen.
 */
test.use({ shopOptions: { env: { NODE_ENV: 'test' } }, staff: [OWNER] });

/** On a phone: the save bar's foot is the bottom navigation's top (no strip of page between), and it is opaque. */
async function flushOnBottomBar(page: Page, testId: string): Promise<void> {
  await expect
    .poll(async () => {
      const bar = (await page.getByTestId(testId).boundingBox())!;
      const nav = (await page.getByRole('navigation', { name: 'Main' }).boundingBox())!;
      return Math.abs(bar.y + bar.height - nav.y);
    })
    .toBeLessThanOrEqual(1);
  await expect(page.getByTestId(testId)).toHaveCSS('background-color', 'rgb(255, 255, 255)');
}

/** What the screen shows now (not the whole page: the sticky bars sit where a person sees them). */
async function view(page: Page, name: string): Promise<void> {
  if (process.env.SHOTS_DIR) {
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}-${page.viewportSize()?.width ?? 0}.png` });
  }
}

test.describe('the catalogue screens after the phone review', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    const phone = viewport === MOBILE;
    test(`at ${viewport.width} px: product editor, collection, bulk editor, categories, coupon`, async ({
      page,
      shop,
    }) => {
      const url = (p: string) => `${shop.baseUrl}${p}`;
      await openPanel(page, url('/admin/products/new'), OWNER, viewport);
      await page.getByRole('heading', { name: 'Add product', level: 1 }).waitFor();
      const title = `Review Linen Shirt ${viewport.width}`;
      await page.getByTestId('title').fill(title);
      await page.getByTestId('add-option').click();
      await page.getByTestId('option-values-0').fill('S, M, L');
      await page.getByTestId('add-option').click();
      await page.getByTestId('option-values-1').fill('Olive, Sage');
      await expect(page.getByTestId('variant-row')).toHaveCount(6);

      // Same for every variant: typed once, in all six; each can still be changed.
      await page.getByTestId('all-price-INR').fill('1499');
      await page.getByTestId('all-price-AED').fill('69');
      await page.getByTestId('all-stock').fill('5');
      await page.getByTestId('apply-all').click();
      await page.getByTestId('apply-all-done').getByText('Applied to all 6 variants.').waitFor();
      for (let i = 0; i < 6; i++) {
        await expect(page.getByTestId(`price-${i}-INR`)).toHaveValue('1499');
        await expect(page.getByTestId(`price-${i}-AED`)).toHaveValue('69');
        await expect(page.getByTestId(`opening-stock-${i}`)).toHaveValue('5');
      }
      await page.getByTestId('price-5-AED').fill('');
      await page.getByTestId('price-4-AED').fill('');
      await page.getByTestId('price-4-AED').fill('');
      // Not on sale in AED: said while the product is published, at the Save button.
      await expect(page.getByTestId('unpriced-warning')).toHaveCount(0);
      await page.getByTestId('status').selectOption('published');
      await expect(page.getByTestId('unpriced-warning')).toHaveText(
        'Not on sale in AED: 2 variants have no AED price.',
      );
      await page.getByTestId('apply-to-all').scrollIntoViewIfNeeded();
      await view(page, 'product-variants');
      if (phone) await flushOnBottomBar(page, 'save-bar');

      // "Shi": Shirts first (the name starts so), then T-Shirts (a word does), then the rest.
      const input = page.getByTestId('category-input');
      await input.click();
      await input.fill('Shi');
      await page.getByRole('option').first().waitFor();
      const names = async () => (await page.getByRole('option').allTextContents()).map((t) => t.split(' › ').at(-1));
      await expect.poll(async () => (await names()).indexOf('Shirts')).toBe(0);
      await expect.poll(async () => (await names()).indexOf('T-Shirts')).toBeGreaterThan(0);
      await expect
        .poll(async () => {
          const now = await names();
          return now.indexOf('Cushions & Throws') - now.indexOf('T-Shirts');
        })
        .toBeGreaterThan(0);
      await view(page, 'category-shi');
      // By keyboard (a click can meet a list that a scroll just closed; see admin-taxonomy).
      await input.press('ArrowDown');
      await expect(page.getByRole('option').first()).toHaveAttribute('data-focused', 'true');
      await input.press('Enter');
      await expect(input).toHaveValue(/Shirts$/);
      await expect(input).not.toHaveValue(/T-Shirts$/);
      await page.getByTestId('save').click();
      await toastSays(page, 'Product created');

      // A collection: details folded and the add search above the list; a product to a typed position, to the top, to the bottom.
      await page.goto(url('/admin/collections'));
      await page
        .getByTestId('collection-list')
        .getByRole('link', { name: /Summer Linen/ })
        .click();
      await page.getByRole('heading', { name: 'Summer Linen', level: 1 }).waitFor();
      await page.getByTestId('collection-product').first().waitFor();
      const searchBox = (await page.getByTestId('collection-search').boundingBox())!;
      const firstRow = (await page.getByTestId('collection-product').first().boundingBox())!;
      expect(searchBox.y).toBeLessThan(firstRow.y);
      await expect(page.getByTestId('collection-search')).toHaveAttribute('placeholder', 'Title or SKU…');
      const titles = () => page.getByTestId('collection-product').locator('p.font-medium').allTextContents();
      await expect.poll(async () => (await titles()).length).toBeGreaterThan(2);
      const before = await titles();
      const last = before.at(-1)!;
      await page.getByLabel(`Position of ${last}, 1 to ${before.length}`).fill('2');
      await page.getByLabel(`Position of ${last}, 1 to ${before.length}`).press('Enter');
      await expect.poll(titles).toEqual([before[0], last, ...before.slice(1, -1)]);
      await page.getByRole('button', { name: `Move ${last} to the top` }).click();
      await expect.poll(titles).toEqual([last, ...before.slice(0, -1)]);
      await page.getByRole('button', { name: `Move ${last} to the bottom` }).click();
      await expect.poll(titles).toEqual(before);
      await view(page, 'collection');

      // The bulk editor: its own search (in the address), AED prices, +10 on a phone, Undo in the bar.
      await page.goto(url('/admin/products/bulk'));
      await page.getByTestId('bulk-toolbar').waitFor();
      await page.getByTestId('bulk-search').fill(title);
      await page.getByTestId('bulk-search').press('Enter');
      await view(page, 'bulk-top');
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(title);
      const aed = (await page.getByTestId('bulk-channel').locator('option', { hasText: 'AED' }).getAttribute('value'))!;
      await page.getByTestId('bulk-channel').selectOption(aed);
      await expect.poll(() => new URL(page.url()).searchParams.get('channel')).toBe(aed);
      const priceS = page.getByLabel(`Price, ${title} S / Olive`);
      await expect(priceS).toHaveValue('69');
      await expect(page.getByLabel(`Price, ${title} L / Sage`)).toHaveValue('');
      if (phone) {
        await expect(page.getByText('Price (AED)')).not.toHaveCount(0);
        await page.getByLabel(`+10, ${title} S / Olive`).click();
        await expect(page.getByLabel(`Stock, ${title} S / Olive`)).toHaveValue('15');
      } else {
        await page.getByLabel(`Stock, ${title} S / Olive`).fill('15');
      }
      await priceS.fill('65');
      // Pending edits lock the filters (other rows or another currency would leave them behind).
      await expect(page.getByTestId('bulk-channel')).toBeDisabled();
      if (phone) await flushOnBottomBar(page, 'bulk-save-bar');
      await view(page, 'bulk-edits');
      await page.getByTestId('bulk-save').click();
      await page.getByTestId('bulk-saved-bar').waitFor();
      if (phone) await flushOnBottomBar(page, 'bulk-saved-bar');
      await view(page, 'bulk-saved');
      await page.getByTestId('bulk-undo').click();
      await toastSays(page, 'Change undone');
      await expect(page.getByLabel(`Stock, ${title} S / Olive`)).toHaveValue('5');
      await expect(priceS).toHaveValue('69');
      await expect(page.getByTestId('bulk-saved-bar')).toHaveCount(0);

      // Categories: each count whole; the page's button and the form's submit say different things.
      await page.goto(url('/admin/categories'));
      await page.getByTestId('category-row').first().waitFor();
      for (const counts of await page.getByTestId('category-counts').all()) {
        await expect.poll(() => counts.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      }
      await page.getByTestId('new-category').click();
      await expect(page.getByTestId('new-category')).toBeDisabled();
      await expect(page.getByTestId('category-save')).toHaveText('Create category');
      await view(page, 'categories');

      // A coupon: the heading lines up with the form; on a phone the save bar sits on the navigation.
      await page.goto(url('/admin/coupons/new'));
      await page.getByTestId('coupon-form').waitFor();
      await expect
        .poll(async () => {
          const h1 = (await page.getByRole('heading', { name: 'New coupon', level: 1 }).boundingBox())!;
          const form = (await page.getByTestId('coupon-form').boundingBox())!;
          return Math.abs(h1.x - form.x);
        })
        .toBeLessThanOrEqual(1);
      if (phone) await flushOnBottomBar(page, 'save-bar');
      await view(page, 'coupon-new');
    });
  }
});
