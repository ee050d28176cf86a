import { CSRF_HEADER, CSRF_HEADER_VALUE, cartMessages } from '@shopfront/shared';
import { DESKTOP, MOBILE, waitForHydration, watchForProblems } from './support/browser.ts';
import { createCategory, createProduct, type CategoryFixtureRef, type ProductFixtureRef } from './support/fixtures.ts';
import { expect, test } from './support/test.ts';

/**
 * The fixture helpers other browser tests build on (support/fixtures.ts): a category and two
 * products created in this file's own shop before it starts show on the storefront as the
 * shop's own products do, with their prices, stock and picture.
 */
let lighting: CategoryFixtureRef;
let lamp: ProductFixtureRef;
let vase: ProductFixtureRef;

test.use({
  shopOptions: {
    prepare: async (shop) => {
      lighting = await createCategory(shop, { name: 'Fixture Lighting' });
      lamp = await createProduct(shop, {
        name: 'Tideline Reading Lamp',
        price: 2499,
        mrp: 2999,
        categories: [lighting],
        options: { Finish: ['Brass', 'Matte Black'] },
        stock: { 'Matte Black': 0 },
      });
      vase = await createProduct(shop, {
        name: 'Ribbed Glass Vase',
        price: 899,
        categories: [lighting],
        stock: 0,
        createdAt: new Date(Date.now() - 86_400_000),
      });
    },
  },
});

test.describe('test fixtures', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`at ${viewport.width} px: the category page lists exactly its fixture products, newest first, with their prices`, async ({
      page,
      shop,
    }) => {
      await page.setViewportSize(viewport);
      const problems = await watchForProblems(page);
      await page.goto(`${shop.baseUrl}${lighting.path}`);
      await waitForHydration(page);
      await page.getByRole('heading', { level: 1, name: 'Fixture Lighting' }).waitFor();
      await expect(page.getByTestId('result-count')).toHaveText('2 products');
      await expect(page.locator('.product-grid .product-card h3')).toHaveText([
        'Tideline Reading Lamp',
        'Ribbed Glass Vase',
      ]);
      await expect(page.locator('.product-grid .product-card', { hasText: 'Tideline Reading Lamp' })).toContainText(
        '₹2,499',
      );
      expect(problems).toEqual([]);
    });
  }

  test('the product page shows the price, the MRP and the generated picture', async ({ page, shop }) => {
    const problems = await watchForProblems(page);
    await page.goto(`${shop.baseUrl}${lamp.path}`);
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: 'Tideline Reading Lamp' }).waitFor();
    await expect(page.getByTestId('product-price')).toHaveText('₹2,499.00');
    await expect(page.locator('.product-page')).toContainText('₹2,999');
    const image = page.locator('.product-page .gallery li img').first();
    // Served resized (/media/w_768/…) from the picture createProduct wrote.
    await expect(image).toHaveAttribute('src', new RegExp(`^/media/(w_\\d+/)?fixtures/${lamp.slug}\\.webp$`));
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  test('a cart takes the finish in stock and refuses the sold-out finish and the sold-out vase', async ({ shop }) => {
    const base = shop.baseUrl;
    const add = async (variantId: string) => {
      const res = await fetch(`${base}/api/cart/add-item`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE, origin: base },
        body: JSON.stringify({ product_id: variantId, quantity: 1 }),
      });
      return { status: res.status, message: ((await res.json()) as { message: string }).message };
    };
    const [brass, black] = lamp.variants;
    expect(brass).toMatchObject({ title: 'Brass', options: { Finish: 'Brass' }, stock: 10 });
    expect(black).toMatchObject({ title: 'Matte Black', options: { Finish: 'Matte Black' }, stock: 0 });
    expect(await add(brass!.id)).toEqual({ status: 200, message: cartMessages.added });
    expect(await add(black!.id)).toEqual({ status: 422, message: cartMessages.outOfStock });
    expect(await add(vase.variants[0]!.id)).toEqual({ status: 422, message: cartMessages.outOfStock });
  });
});
