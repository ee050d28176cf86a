import { describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE, cartMessages } from '@shopfront/shared';
import { DESKTOP, MOBILE, newPage, waitForHydration, watchForProblems } from './support/browser.ts';
import { createCategory, createProduct, type CategoryFixtureRef, type ProductFixtureRef } from './support/fixtures.ts';
import { useShopSuite } from './support/suite.ts';

/**
 * The fixture helpers other browser tests build on (support/fixtures.ts): a category and two
 * products created in this file's own shop before it starts show on the storefront as the
 * shop's own products do, with their prices, stock and picture.
 */
let lighting: CategoryFixtureRef;
let lamp: ProductFixtureRef;
let vase: ProductFixtureRef;

const suite = useShopSuite({
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
});

describe('test fixtures', () => {
  it('the category page lists exactly its fixture products, newest first, with their prices', async () => {
    for (const viewport of [MOBILE, DESKTOP]) {
      const page = await newPage(suite.browser, viewport);
      const problems = await watchForProblems(page);
      await page.goto(`${suite.shop.baseUrl}${lighting.path}`);
      await waitForHydration(page);
      await page.getByRole('heading', { level: 1, name: 'Fixture Lighting' }).waitFor();
      await expect(page.getByTestId('result-count').textContent()).resolves.toBe('2 products');
      await expect(page.locator('.product-grid .product-card h3').allTextContents()).resolves.toEqual([
        'Tideline Reading Lamp',
        'Ribbed Glass Vase',
      ]);
      const lampCard = page.locator('.product-grid .product-card', { hasText: 'Tideline Reading Lamp' });
      await expect(lampCard.textContent()).resolves.toContain('₹2,499');
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  it('the product page shows the price, the MRP and the generated picture', async () => {
    const page = await newPage(suite.browser, DESKTOP);
    const problems = await watchForProblems(page);
    await page.goto(`${suite.shop.baseUrl}${lamp.path}`);
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: 'Tideline Reading Lamp' }).waitFor();
    await expect(page.getByTestId('product-price').textContent()).resolves.toBe('₹2,499.00');
    await expect(page.locator('.product-page').textContent()).resolves.toContain('₹2,999');
    const image = page.locator('.product-page .gallery li img').first();
    // Served resized (/media/w_768/…) from the picture createProduct wrote.
    await expect(image.getAttribute('src')).resolves.toMatch(
      new RegExp(`^/media/(w_\\d+/)?fixtures/${lamp.slug}\\.webp$`),
    );
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a cart takes the finish in stock and refuses the sold-out finish and the sold-out vase', async () => {
    const base = suite.shop.baseUrl;
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
    await expect(add(brass!.id)).resolves.toEqual({ status: 200, message: cartMessages.added });
    await expect(add(black!.id)).resolves.toEqual({ status: 422, message: cartMessages.outOfStock });
    await expect(add(vase.variants[0]!.id)).resolves.toEqual({ status: 422, message: cartMessages.outOfStock });
  });
});
