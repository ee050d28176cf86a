import type { Page } from '@playwright/test';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@shopfront/shared';
import { DESKTOP, MOBILE, waitForHydration } from './support/browser.ts';
import { openPanel, saveForm, shot, testStaff, toastSays, type TestStaff } from './support/admin.ts';
import { OWNER, expect, test, type Viewport } from './support/test.ts';

/*
 * The panel's catalogue (issue 26) at 390 and 1280 px on the demo shop (channels INR and AED):
 * the owner adds a product with three sizes and two colours, priced in both, and publishes it; a
 * shopper sees it with its price and adds a size/colour to the cart; the owner changes a price
 * and one variant's stock in place (a stale stock is refused with the new number), and the shop
 * follows; a packer has no Products in the navigation and is told so at /admin/products.
 * SHOTS_DIR=/work/shots/catalog-ui keeps a screenshot of each screen.
 */
const PACKER = testStaff('Ravi Kumar', 'packer');

// A tuple: Playwright reads an array whose second item is an object as [value, options].
test.use({ shopOptions: { env: { NODE_ENV: 'test' } }, staff: [[OWNER, PACKER], { scope: 'test' }] });

/** `page` signed in as `staff` at `path` (the products list). */
async function signedIn(page: Page, base: string, staff: TestStaff, viewport: Viewport, path = '/admin/products') {
  await openPanel(page, `${base}${path}`, staff, viewport);
  return page;
}

const rupees = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

test.describe('the catalogue in the owner panel', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`at ${viewport.width} px: add a product with 3 sizes × 2 colours in INR and AED, publish, shop it, change price and stock`, async ({
      page,
      newPage,
      shop,
    }) => {
      const url = (p: string) => `${shop.baseUrl}${p}`;
      // The shopper's tab has a context (cookies) of its own.
      const shopper = await newPage(viewport);
      await signedIn(page, shop.baseUrl, OWNER, viewport);
      await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
      await page.getByTestId('product-row').first().waitFor();
      await shot(page, 'products');

      await page.getByTestId('new-product').click();
      await page.getByRole('heading', { name: 'Add product', level: 1 }).waitFor();
      const title = `Sage Linen Kurta ${viewport.width}`;
      const slug = `sage-linen-kurta-${viewport.width}`;
      await page.getByTestId('title').fill(title);
      await expect(page.getByTestId('slug')).toHaveValue(slug);
      await page.getByText('Pictures can be added once the product is created.').waitFor();
      await page.getByTestId('add-option').click();
      await page.getByTestId('option-values-0').fill('S, M, L');
      await page.getByTestId('add-option').click();
      await page.getByTestId('option-values-1').fill('Olive, Sage');
      await expect(page.getByTestId('variant-row')).toHaveCount(6);
      const hasAed = (await page.getByTestId('price-0-AED').count()) > 0;
      for (let i = 0; i < 6; i++) {
        await page.getByTestId(`price-${i}-INR`).fill(i < 2 ? '1499' : '1599');
        if (hasAed) await page.getByTestId(`price-${i}-AED`).fill('69');
        await page.getByTestId(`opening-stock-${i}`).fill('8');
      }
      await page.getByTestId('status').selectOption('published');
      await shot(page, 'product-new');

      // The server's 422 lands beside its field: a SKU another product has (the demo's lamp).
      const sku0 = await page.getByTestId('sku-0').inputValue();
      await page.getByTestId('sku-0').fill('LIG-0005');
      await page.getByTestId('save').click();
      await page.getByTestId('form-error').waitFor();
      const skuField = page.getByTestId('sku-0');
      await expect(skuField).toHaveAttribute('aria-invalid', 'true');
      const describedBy = (await skuField.getAttribute('aria-describedby'))!;
      await expect(page.locator(`[id="${describedBy}"]`)).toHaveText('Another variant already uses this SKU');
      await shot(page, 'product-new-422');
      await page.getByTestId('sku-0').fill(sku0);

      // The Save sits at the bottom of the screen, in the thumb's reach, while the form scrolls.
      const save = page.getByTestId('save');
      if (process.env.SHOTS_DIR) {
        await page.screenshot({ path: `${process.env.SHOTS_DIR}/product-new-screen-${viewport.width}.png` });
      }
      const box = (await save.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      if (viewport === MOBILE) expect(box.y).toBeGreaterThan(viewport.height * 0.7);

      await saveForm(page, 'Product created');
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      await page.getByTestId('duplicate').waitFor();
      await shot(page, 'product-edit');

      // A shopper sees it at its price and adds a size and colour to the cart.
      await shopper.goto(url(`/product/${slug}`));
      await waitForHydration(shopper);
      await expect.poll(async () => rupees(await shopper.getByTestId('product-price').textContent())).toBe(1499);
      await shopper.getByRole('radiogroup', { name: /^Size/ }).getByRole('radio', { name: 'M', exact: true }).click();
      await shopper
        .getByRole('radiogroup', { name: /^Colour/ })
        .getByRole('radio', { name: 'Sage', exact: true })
        .click();
      await expect.poll(async () => rupees(await shopper.getByTestId('product-price').textContent())).toBe(1599);
      await shopper.locator('[data-add-to-cart="pdp"]').getByRole('button', { name: 'Add to cart' }).click();
      await shopper.getByTestId('cart-drawer').locator('[data-cart-line]', { hasText: title }).waitFor();

      // The owner changes a price: the shop follows.
      await page.getByTestId('price-0-INR').fill('1399');
      await saveForm(page, 'Product saved');
      await shopper.goto(url(`/product/${slug}`));
      await waitForHydration(shopper);
      await expect.poll(async () => rupees(await shopper.getByTestId('product-price').textContent())).toBe(1399);

      // Someone else saves the product meanwhile: the owner's save is refused (409) and a reload offered.
      const editedElsewhere = await page.evaluate(
        async ({ h, v }) => {
          const id = location.pathname.split('/').pop()!;
          const current = await (await fetch(`/api/admin/catalog/products/${id}`)).json();
          const res = await fetch(`/api/admin/catalog/products/${id}`, {
            method: 'PATCH',
            headers: { 'content-type': 'application/json', 'if-match': String(current.data.version), [h]: v },
            body: JSON.stringify({ seo_title: 'Set by a colleague' }),
          });
          return res.status;
        },
        { h: CSRF_HEADER, v: CSRF_HEADER_VALUE },
      );
      expect(editedElsewhere).toBe(200);
      await page.getByTestId('price-0-INR').fill('1299');
      await page.getByTestId('save').click();
      await page.getByTestId('form-error').filter({ hasText: 'changed by someone else' }).waitFor();
      await shot(page, 'product-edit-409');
      await page.getByTestId('reload').click();
      await expect(page.getByLabel('SEO title')).toHaveValue('Set by a colleague');
      await expect(page.getByTestId('price-0-INR')).toHaveValue('1399');

      // Stock in place from the list: a sale meanwhile (here another change) is refused with the new number.
      await page.goto(url(`/admin/products?q=${encodeURIComponent(title)}`));
      const row = page.getByTestId('product-row').filter({ hasText: title });
      await row.getByTestId('edit-stock').click();
      const sku = `SAGE-LINEN-KURTA-${viewport.width}-M-SAGE`;
      const input = row.getByTestId(`stock-${sku}`);
      const stockSave = row.getByTestId('save-stock');
      await expect(input).toHaveValue('8');
      await shot(page, 'products-stock');
      const variantId = await page.evaluate(async (s) => {
        const list = await (await fetch(`/api/admin/catalog/products?q=${s}`)).json();
        const product = await (await fetch(`/api/admin/catalog/products/${list.data.products[0].id}`)).json();
        return product.data.variants.find((v: { sku: string }) => v.sku === s).id as string;
      }, sku);
      const moved = await page.evaluate(
        async ({ id, h, v }) =>
          (
            await fetch(`/api/admin/catalog/variants/${id}/stock`, {
              method: 'PUT',
              headers: { 'content-type': 'application/json', [h]: v },
              body: JSON.stringify({ stock: 7, reason: 'correction' }),
            })
          ).status,
        { id: variantId, h: CSRF_HEADER, v: CSRF_HEADER_VALUE },
      );
      expect(moved).toBe(200);
      await input.fill('3');
      await expect(input).toHaveAttribute('data-unsaved', 'true');
      await stockSave.click();
      await row.getByRole('alert').filter({ hasText: 'it is 7 now' }).waitFor();
      // The typed count stays (the owner counted it); the field now compares against 7.
      await expect(input).toHaveValue('3');
      await shot(page, 'products-stock-conflict');
      // Sold out, and another size restocked: closing the row saves both (nothing typed is dropped).
      await input.fill('0');
      const other = row.getByTestId(`stock-SAGE-LINEN-KURTA-${viewport.width}-L-SAGE`);
      await other.fill('12');
      await expect(row.getByTestId('edit-stock')).toHaveText('Save and close');
      // Leaving with counts typed asks first; staying keeps them.
      let asked = '';
      page.once('dialog', (d) => {
        asked = d.message();
        void d.dismiss();
      });
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customers' }).click();
      await expect.poll(() => asked).toBe('2 stock counts are not saved yet. Leave and lose them?');
      await expect(other).toHaveValue('12');
      await row.getByTestId('edit-stock').click();
      await toastSays(page, 'Stock updated for 2 variants');
      await expect(row.getByTestId('variant-stock')).toHaveCount(0);
      await row.getByTestId('edit-stock').click();
      await expect(other).toHaveValue('12');
      await expect(input).toHaveValue('0');
      await row.getByTestId('edit-stock').click();
      await expect
        .poll(() =>
          shopper.evaluate(
            async ({ s, k }) => {
              const found: unknown[] = [];
              const walk = (x: unknown): void => {
                if (Array.isArray(x)) x.forEach(walk);
                else if (x && typeof x === 'object') {
                  if ((x as { sku?: string }).sku === k) found.push((x as { in_stock?: boolean }).in_stock);
                  Object.values(x).forEach(walk);
                }
              };
              walk(await (await fetch(`/api/product/single-product/${s}`)).json());
              return found;
            },
            { s: slug, k: sku },
          ),
        )
        .toEqual([false]);

      await page.goto(url('/admin/products/low-stock'));
      await page.getByTestId('low-stock-list').getByText(sku).waitFor();
      await shot(page, 'low-stock');
      if (process.env.SHOTS_DIR) {
        await page.screenshot({ path: `${process.env.SHOTS_DIR}/low-stock-screen-${viewport.width}.png` });
      }
    });
  }

  test('a packer has no Products in the navigation and is not allowed at /admin/products', async ({
    newPage,
    shop,
  }) => {
    for (const viewport of [MOBILE, DESKTOP]) {
      const page = await signedIn(await newPage(viewport), shop.baseUrl, PACKER, viewport);
      await page.getByTestId('not-allowed').waitFor();
      // The packer sees the shop's name as the owner does (read where shoppers read it).
      await expect(page.getByTestId('shop-name')).toHaveText('Loom & Leaf');
      await expect(page.getByRole('link', { name: 'Products', exact: true })).toHaveCount(0);
      await shot(page, 'packer-not-allowed');
    }
  });
});
