import type { Page } from '@playwright/test';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@shopfront/shared';
import { DESKTOP, MOBILE } from './support/browser.ts';
import { axeProblems, openPanel, shot, testStaff } from './support/admin.ts';
import { expect, test } from './support/test.ts';

/*
 * The bulk editor (issue 26) at 390 and 1280 px: the owner opens it from the product list with
 * the list's search, restocks three sold-out variants and lowers one price (steppers and fields
 * on a phone, the keyboard across the grid on a desktop), saves the batch, the shop follows,
 * and the toast's Undo takes the whole batch back. SHOTS_DIR=/work/shots/bulk keeps screenshots.
 */
const OWNER = testStaff('Anjali Rao', 'owner');

test.use({ shopOptions: { env: { NODE_ENV: 'test' } }, staff: [OWNER] });

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

/** A published product with sizes S, M, L at ₹1,500, all sold out, made through the owner API. */
async function soldOutProduct(page: Page, title: string, slug: string): Promise<void> {
  const status = await page.evaluate(
    async ({ title, slug, h, v }) => {
      const channel = (await (await fetch('/api/admin/catalog/bulk?limit=1')).json()).data.channel.id;
      const res = await fetch('/api/admin/catalog/products', {
        method: 'POST',
        headers: { 'content-type': 'application/json', [h]: v },
        body: JSON.stringify({
          title,
          slug,
          status: 'published',
          options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
          variants: ['S', 'M', 'L'].map((s) => ({
            sku: `${slug}-${s}`.toUpperCase(),
            options: { Size: s },
            prices: [{ channel_id: channel, price_minor: 150000 }],
            stock: 0,
          })),
        }),
      });
      return res.status;
    },
    { title, slug, h: CSRF_HEADER, v: CSRF_HEADER_VALUE },
  );
  expect(status).toBe(200);
}

/** What a shopper's product page data says: the from-price (minor units) and whether it is in stock. */
async function storefront(page: Page, slug: string) {
  return page.evaluate(async (s) => {
    const res = await fetch(`/api/product/single-product/${s}`);
    const p = (await res.json()).data.product;
    return { price: p.price.amount as number, inStock: p.in_stock as boolean };
  }, slug);
}

test.describe('the bulk editor', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`at ${viewport.width} px: restock three variants and change a price, save, the shop follows, Undo`, async ({
      page,
      shop,
    }) => {
      await openPanel(page, `${shop.baseUrl}/admin/products`, OWNER, viewport);
      await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
      const title = `Monsoon Cotton Dupatta ${viewport.width}`;
      const slug = `monsoon-cotton-dupatta-${viewport.width}`;
      await soldOutProduct(page, title, slug);
      await expect.poll(() => storefront(page, slug)).toEqual({ price: 150000, inStock: false });

      // From the list, searched: the bulk editor opens with the same search.
      await page.getByRole('searchbox').fill(title);
      await page.getByRole('searchbox').press('Enter');
      await page.getByTestId('product-row').filter({ hasText: title }).waitFor();
      await shot(page, 'products-list');
      await page.getByTestId('bulk-edit').click();
      await page.getByRole('heading', { name: 'Bulk edit', level: 1 }).waitFor();
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(title);
      const stock = (size: string) => page.getByLabel(`Stock, ${title} ${size}`);
      const price = (size: string) => page.getByLabel(`Price, ${title} ${size}`);
      await stock('L').waitFor();

      if (viewport === MOBILE) {
        await page.getByTestId('bulk-cards').waitFor();
        // One-handed: the + of each size, a few taps; a typed count for the last.
        for (let i = 0; i < 4; i++) await page.getByLabel(`One more, ${title} S`).click();
        for (let i = 0; i < 2; i++) await page.getByLabel(`One more, ${title} M`).click();
        await stock('L').fill('6');
        await price('S').fill('1299');
        // The plus button is thumb-sized.
        const plus = (await page.getByLabel(`One more, ${title} S`).boundingBox())!;
        expect(Math.min(plus.width, plus.height)).toBeGreaterThanOrEqual(44);
      } else {
        await page.getByTestId('bulk-grid').waitFor();
        // Keyboard only, spreadsheet-like: type, arrows across, Enter down.
        await price('S').click();
        await page.keyboard.type('1299');
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('ArrowRight');
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
          .toBe(`Stock, ${title} S`);
        await page.keyboard.type('4');
        await page.keyboard.press('Enter');
        await page.keyboard.type('2');
        await page.keyboard.press('Enter');
        await page.keyboard.type('6');
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
          .toBe(`Stock, ${title} L`);
      }
      await expect(stock('S')).toHaveValue('4');
      await expect(stock('M')).toHaveValue('2');
      await expect(stock('L')).toHaveValue('6');

      // A bad cell says so beside it and holds the save back.
      await page.getByLabel(`Compare-at, ${title} M`).fill('10');
      await page.getByText('The compare-at price must be empty or more than the price').waitFor();
      await expect(page.getByTestId('bulk-save')).toBeDisabled();
      await shot(page, 'bulk-error');
      await page.getByLabel(`Compare-at, ${title} M`).fill('');

      const save = page.getByTestId('bulk-save');
      await expect(save).toHaveText('Save 4 changes');
      const bar = (await page.getByTestId('bulk-save-bar').boundingBox())!;
      expect(bar.y + bar.height).toBeLessThanOrEqual(viewport.height);
      await shot(page, 'bulk-edits');
      expect(await axeProblems(page)).toEqual([]);
      if (process.env.SHOTS_DIR) {
        await page.screenshot({ path: `${process.env.SHOTS_DIR}/bulk-edits-screen-${viewport.width}.png` });
      }

      // Leaving with unsaved edits asks first (declined: the edits stay).
      page.once('dialog', (d) => void d.dismiss());
      await page.getByRole('link', { name: 'Back to products' }).click();
      await expect(save).toHaveText('Save 4 changes');

      await save.click();
      await toast(page, '4 changes saved').waitFor();
      await expect(page.getByTestId('bulk-save-bar')).toHaveCount(0);
      await expect.poll(() => storefront(page, slug)).toEqual({ price: 129900, inStock: true });
      if (process.env.SHOTS_DIR) {
        await page.screenshot({ path: `${process.env.SHOTS_DIR}/bulk-saved-screen-${viewport.width}.png` });
      }

      // Undo in the toast: the whole batch back, the shop too.
      await toast(page, '4 changes saved').getByRole('button', { name: 'Undo' }).click();
      await toast(page, 'Change undone').waitFor();
      await expect.poll(() => storefront(page, slug)).toEqual({ price: 150000, inStock: false });
      await expect(stock('S')).toHaveValue('0');
      await expect(price('S')).toHaveValue('1500');
    });
  }
});
