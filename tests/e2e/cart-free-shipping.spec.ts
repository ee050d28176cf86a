import type { Locator, Page } from '@playwright/test';
import { DESKTOP, MOBILE, waitForHydration, watchForProblems } from './support/browser.ts';
import { createCategory, createProduct, type ProductFixtureRef } from './support/fixtures.ts';
import { expect, test } from './support/test.ts';

/**
 * The free-shipping nudge of the cart page and the cart drawer: "Add ₹X more for free shipping"
 * with a progress bar while the goods are below the threshold of standard delivery (set to
 * ₹1,000 here), "You've got free shipping" once they reach it. Its own products: a ₹650 throw
 * (one is ₹350 short, two are over) and a ₹400 planter (with one throw, over).
 */
let throwBlanket: ProductFixtureRef;
let planter: ProductFixtureRef;
const REMAINING = 'Add ₹350.00 more for free shipping';
const REACHED = "You've got free shipping";

test.use({
  shopOptions: {
    prepare: async (shop) => {
      const home = await createCategory(shop, { name: 'Free Shipping Fixtures' });
      throwBlanket = await createProduct(shop, {
        name: 'Harbour Linen Throw',
        price: 650,
        categories: [home],
        imageColours: ['#c9d6df', '#52616b'],
      });
      planter = await createProduct(shop, {
        name: 'Juniper Ceramic Planter',
        price: 400,
        categories: [home],
        imageColours: ['#e3d5c5', '#8d6e63'],
      });
      await shop.db.query(`update shipping_methods set free_over_minor = 100000 where code = 'standard'`);
    },
  },
});

/** Guest 401s of the account lookups on a first visit are expected; nothing else is. */
const unexpected = (problems: string[]) =>
  problems.filter(
    (p) =>
      !/http 401: \/api\/(account|wishlist)\//.test(p) &&
      !/console: Failed to load resource: the server responded with a status of 401/.test(p),
  );

const nudge = (scope: Page | Locator) => scope.getByTestId('free-shipping');

/** The nudge's message and its bar's value, as a screen reader meets them. */
async function readNudge(scope: Locator) {
  const bar = scope.getByRole('progressbar');
  return {
    text: ((await scope.locator('p').textContent()) ?? '').trim(),
    value: await bar.getAttribute('aria-valuenow'),
    label: await bar.evaluate((el) => {
      const id = el.getAttribute('aria-labelledby');
      return id ? (document.getElementById(id)?.textContent ?? '').trim() : '';
    }),
  };
}

async function addFromProductPage(page: Page, base: string, product: ProductFixtureRef) {
  await page.goto(`${base}${product.path}`);
  await waitForHydration(page);
  await page.locator('[data-add-to-cart="pdp"]').getByRole('button', { name: 'Add to cart' }).click();
  await page.getByTestId('cart-drawer').locator('[data-added="true"]').waitFor();
}

test.describe('free-shipping nudge', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`at ${viewport.width} px: the drawer and the cart page say what is left, and flip once it is reached`, async ({
      page,
      shop,
    }) => {
      const base = shop.baseUrl;
      await page.setViewportSize(viewport);
      const problems = await watchForProblems(page);
      const drawer = page.getByTestId('cart-drawer');

      // One throw (₹650): ₹350 short, the bar at 65 %.
      await addFromProductPage(page, base, throwBlanket);
      await expect.poll(() => readNudge(nudge(drawer))).toEqual({ text: REMAINING, value: '65', label: REMAINING });
      await expect(nudge(drawer)).not.toHaveAttribute('data-reached');

      // The cart page renders it on the server (no flash after hydration).
      const html = await (await page.context().request.get(`${base}/cart`)).text();
      expect(html).toContain('data-testid="free-shipping"');
      expect(html).toMatch(/Add <span[^>]*>₹350\.00<\/span> more for free shipping/);
      expect(html).toContain('aria-valuenow="65"');

      await page.goto(`${base}/cart`);
      await waitForHydration(page);
      const main = page.getByRole('main');
      await expect.poll(() => readNudge(nudge(main))).toEqual({ text: REMAINING, value: '65', label: REMAINING });
      const before = await nudge(main).boundingBox();

      // A second throw (₹1,300): reached, in the same space.
      const line = main.locator(`[data-product-id="${throwBlanket.variants[0]!.id}"]`);
      await line.getByRole('button', { name: 'Increase quantity of Harbour Linen Throw' }).click();
      await expect.poll(() => readNudge(nudge(main))).toEqual({ text: REACHED, value: '100', label: REACHED });
      await expect(nudge(main)).toHaveAttribute('data-reached', 'true');
      const after = await nudge(main).boundingBox();
      expect(after?.height).toBe(before?.height);
      expect(after?.y).toBe(before?.y);
      await expect(main.getByTestId('totals-shipping')).toHaveText('Free');

      // Back to one: short again.
      await line.getByRole('button', { name: 'Decrease quantity of Harbour Linen Throw' }).click();
      await expect.poll(() => readNudge(nudge(main))).toEqual({ text: REMAINING, value: '65', label: REMAINING });

      // Adding one more item (a ₹400 planter) from its page: the drawer says it is reached.
      await addFromProductPage(page, base, planter);
      await expect.poll(() => readNudge(nudge(drawer))).toEqual({ text: REACHED, value: '100', label: REACHED });

      expect(unexpected(problems)).toEqual([]);
    });
  }
});
