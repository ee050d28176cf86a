import type { Page, Route } from '@playwright/test';
import { DESKTOP, MOBILE, waitForHydration, watchForProblems } from './support/browser.ts';
import { expect, test } from './support/test.ts';

/** Unfolds one facet group of the filters (they start folded unless a value of theirs is chosen). */
async function openFacet(page: Page, name: string) {
  const group = page.locator(`#listing-filter-panel details[data-facet="${name}"]`);
  if ((await group.getAttribute('open')) === null) await group.locator('> summary').click();
}

/** Holds every route-data request (`*.data`) until `release()`: a slow server, as on a busy machine. */
async function holdDataRequests(page: Page) {
  const held: Route[] = [];
  await page.route(
    (url) => url.pathname.endsWith('.data'),
    (route) => {
      held.push(route);
    },
  );
  return {
    count: () => held.length,
    release: async () => {
      await page.unroute((url) => url.pathname.endsWith('.data'));
      for (const r of held.splice(0)) await r.continue();
    },
  };
}

/** The checkbox of a filter value, by its label's text. */
const filterBox = (page: Page, label: string) =>
  page.locator('#listing-filter-panel label', { hasText: label }).locator('input');

test.describe('listing filters and sort are optimistic', () => {
  test('ticks the box and shows the sort at once while the server is slow, then shows the results', async ({
    page,
    shop,
  }) => {
    await page.setViewportSize(DESKTOP);
    const problems = await watchForProblems(page);
    await page.goto(`${shop.baseUrl}/product-category/t-shirts`);
    await waitForHydration(page);
    await expect(page.getByTestId('result-count')).toHaveText('23 products');
    await openFacet(page, 'Colour');
    const held = await holdDataRequests(page);

    const olive = page.locator('#listing-filter-panel label', { hasText: 'Olive' });
    const oliveCount = Number(await olive.locator('span').last().textContent());
    await olive.click();
    // Right after the click, before any answer: ticked, and the listing says it is updating.
    await expect(filterBox(page, 'Olive')).toBeChecked();
    await expect(page.getByTestId('listing-pending')).toBeVisible();
    await expect(page.locator('#listing-results')).toHaveAttribute('aria-busy', 'true');
    await expect.poll(() => held.count()).toBe(1);
    // Still waiting a while later: still ticked (nothing put it back).
    await page.waitForTimeout(400);
    await expect(filterBox(page, 'Olive')).toBeChecked();

    // The sort too shows the choice at once.
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price_asc');
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_asc');
    await expect(filterBox(page, 'Olive')).toBeChecked();

    await held.release();
    await expect(page).toHaveURL(/sort=price_asc/);
    await expect(page.getByTestId('result-count')).toHaveText(`${oliveCount} products`);
    await expect(page).toHaveURL(/opt\.Colour=Olive/);
    await expect(filterBox(page, 'Olive')).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_asc');
    await expect(page.locator('#listing-results')).toHaveAttribute('aria-busy', 'false');
    expect(problems).toEqual([]);
  });

  test('undoes the choice and says so when the products cannot be loaded, keeping the listing shown', async ({
    page,
    shop,
  }) => {
    await page.setViewportSize(MOBILE);
    await page.goto(`${shop.baseUrl}/product-category/t-shirts`);
    await waitForHydration(page);
    const before = page.url();
    const cards = page.locator('.product-grid .product-card h3');
    const names = await cards.allTextContents();
    await page.route(
      (url) => url.pathname.endsWith('.data'),
      (route) => route.abort('connectionfailed'),
    );
    await page.getByRole('button', { name: 'Filters' }).click();
    await openFacet(page, 'Colour');
    await page.locator('#listing-filter-panel label', { hasText: 'Olive' }).click();
    await expect(
      page.getByText('The products could not be loaded, so your last change was undone. Please try again.'),
    ).toBeVisible();
    await expect(filterBox(page, 'Olive')).not.toBeChecked();
    expect(page.url()).toBe(before);
    await expect(cards).toHaveText(names);
    await expect(page.getByTestId('result-count')).toHaveText('23 products');
  });
});

test.describe('menu to category', () => {
  test('fetches the category while the pointer rests on its menu link, so the click shows it at once', async ({
    page,
    shop,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${shop.baseUrl}/`);
    await waitForHydration(page);
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Shop' }).click();
    const link = page.getByTestId('catalog-menu').getByRole('link', { name: 'T-Shirts', exact: true });
    await link.hover();
    await expect.poll(() => fetched.includes('/product-category/t-shirts.data')).toBe(true);
    const before = fetched.length;
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: 'T-Shirts' })).toBeVisible();
    // The click used what was fetched on hover: no second request for the page's data.
    expect(fetched.slice(before).filter((p) => p.endsWith('.data'))).toEqual([]);
  });

  test('on a phone, the menu closes at once and the category fetched on touch shows', async ({ page, shop }) => {
    await page.setViewportSize(MOBILE);
    await page.goto(`${shop.baseUrl}/`);
    await waitForHydration(page);
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await page.getByRole('button', { name: /menu/i }).first().click();
    const dialog = page.getByRole('dialog').filter({ has: page.getByRole('link', { name: 'T-Shirts', exact: true }) });
    const link = dialog.getByRole('link', { name: 'T-Shirts', exact: true });
    await expect(link).toBeVisible();
    await link.focus();
    await expect.poll(() => fetched.includes('/product-category/t-shirts.data')).toBe(true);
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: 'T-Shirts' })).toBeVisible();
  });
});

test.describe('product page, desktop', () => {
  for (const slug of ['organic-cotton-crew-tee', 'linen-piped-cushion-cover']) {
    test(`${slug}: title, price, options and Add to cart in view at 1280 x 800 without scrolling`, async ({
      page,
      shop,
    }) => {
      await page.setViewportSize(DESKTOP);
      await page.goto(`${shop.baseUrl}/product/${slug}`);
      await waitForHydration(page);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const inView = async (box: { y: number; height: number } | null) => {
        expect(box).not.toBeNull();
        expect(box!.y).toBeGreaterThanOrEqual(0);
        expect(box!.y + box!.height).toBeLessThanOrEqual(DESKTOP.height);
      };
      await inView(await page.getByRole('heading', { level: 1 }).boundingBox());
      await inView(await page.getByTestId('product-price').boundingBox());
      const groups = page.getByRole('radiogroup');
      await expect.poll(() => groups.count()).toBeGreaterThanOrEqual(2);
      for (const g of await groups.all()) await inView(await g.boundingBox());
      await inView(
        await page.locator('[data-add-to-cart="pdp"]').getByRole('button', { name: 'Add to cart' }).boundingBox(),
      );
    });
  }

  test('still reads top to bottom on a phone: title, price, options, then Add to cart (pinned in view until its place), nothing wider than the screen', async ({
    page,
    shop,
  }) => {
    await page.setViewportSize(MOBILE);
    await page.goto(`${shop.baseUrl}/product/organic-cotton-crew-tee`);
    await waitForHydration(page);
    const box = async (loc: ReturnType<Page['locator']>) => (await loc.boundingBox())!;
    const title = await box(page.getByRole('heading', { level: 1 }));
    const price = await box(page.getByTestId('product-price'));
    const colour = await box(page.getByRole('radiogroup', { name: 'Colour' }));
    const bar = page.locator('[data-add-to-cart="pdp"] .buy-bar');
    const add = bar.getByRole('button', { name: 'Add to cart' });
    expect(title.y).toBeLessThan(price.y);
    expect(price.y).toBeLessThan(colour.y);
    // From the top of the page, Add to cart is pinned in view above the quick links ...
    const pinned = await box(add);
    expect(pinned.y + pinned.height).toBeLessThanOrEqual(MOBILE.height - 64);
    // ... and in the page's flow it comes after the options.
    expect(
      await bar.evaluate((el) => {
        const group = document.querySelector('[role="radiogroup"][aria-label="Colour"], [role="radiogroup"]');
        return !!group && !!(group.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
      }),
    ).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
  });
});

test.describe('search with a typo', () => {
  test('"shrit" finds shirts and offers "Did you mean shirt?", on the page and in the suggestions', async ({
    page,
    shop,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${shop.baseUrl}/search?q=shrit`);
    await waitForHydration(page);
    await expect(page.getByTestId('did-you-mean')).toHaveText('Did you mean shirt?');
    const resultCount = page.getByTestId('result-count');
    await expect(resultCount).toHaveText(/^\d+ products?$/);
    const count = Number((await resultCount.textContent())!.split(' ')[0]);
    expect(count).toBeGreaterThan(0);
    await page.getByTestId('did-you-mean').getByRole('link', { name: 'shirt' }).click();
    await expect(page).toHaveURL(/\/search\?q=shirt$/);
    // The typo's results stay on screen until the corrected search answers (same count, so the
    // count alone cannot tell the pages apart): the suggestion going away is the new answer.
    await expect(page.getByTestId('did-you-mean')).toHaveCount(0);
    await expect(resultCount).toHaveText(`${count} products`);

    const box = page.locator('header input[type="search"]').first();
    await box.fill('');
    await box.pressSequentially('mgu', { delay: 30 });
    const list = page.getByRole('listbox', { name: 'Search suggestions' });
    const meant = list.getByRole('option', { name: 'Did you mean “mug”?' });
    await expect(meant).toBeVisible();
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=mug$/);
  });
});
