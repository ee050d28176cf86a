import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { DESKTOP, MOBILE, newPage, waitForHydration, watchForProblems } from './support/browser.ts';
import { useShopSuite } from './support/suite.ts';

const suite = useShopSuite();

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

const isChecked = (page: Page, label: string) =>
  page.evaluate(
    (text) =>
      [...document.querySelectorAll<HTMLLabelElement>('#listing-filter-panel label')]
        .find((l) => l.textContent?.includes(text))
        ?.querySelector('input')?.checked ?? null,
    label,
  );

describe('listing filters and sort are optimistic', () => {
  it('ticks the box and shows the sort at once while the server is slow, then shows the results', async () => {
    const page = await newPage(suite.browser, DESKTOP);
    const problems = await watchForProblems(page);
    await page.goto(`${suite.shop.baseUrl}/product-category/t-shirts`);
    await waitForHydration(page);
    await expect(page.getByTestId('result-count').textContent()).resolves.toBe('23 products');
    await openFacet(page, 'Colour');
    const held = await holdDataRequests(page);

    const olive = page.locator('#listing-filter-panel label', { hasText: 'Olive' });
    const oliveCount = Number(await olive.locator('span').last().textContent());
    await olive.click();
    // Right after the click, before any answer: ticked, and the listing says it is updating.
    expect(await isChecked(page, 'Olive')).toBe(true);
    await expect(page.getByTestId('listing-pending').isVisible()).resolves.toBe(true);
    await expect(page.locator('#listing-results').getAttribute('aria-busy')).resolves.toBe('true');
    expect(held.count()).toBe(1);
    // Still waiting a while later: still ticked (nothing put it back).
    await page.waitForTimeout(400);
    expect(await isChecked(page, 'Olive')).toBe(true);

    // The sort too shows the choice at once.
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price_asc');
    await expect(page.getByRole('combobox', { name: 'Sort by' }).inputValue()).resolves.toBe('price_asc');
    expect(await isChecked(page, 'Olive')).toBe(true);

    await held.release();
    await page.waitForURL(/sort=price_asc/);
    await page
      .getByTestId('result-count')
      .filter({ hasText: `${oliveCount} products` })
      .waitFor();
    expect(page.url()).toMatch(/opt\.Colour=Olive/);
    expect(await isChecked(page, 'Olive')).toBe(true);
    await expect(page.getByRole('combobox', { name: 'Sort by' }).inputValue()).resolves.toBe('price_asc');
    await expect(page.locator('#listing-results').getAttribute('aria-busy')).resolves.toBe('false');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('undoes the choice and says so when the products cannot be loaded, keeping the listing shown', async () => {
    const page = await newPage(suite.browser, MOBILE);
    await page.goto(`${suite.shop.baseUrl}/product-category/t-shirts`);
    await waitForHydration(page);
    const before = page.url();
    const names = await page.locator('.product-grid .product-card h3').allTextContents();
    await page.route(
      (url) => url.pathname.endsWith('.data'),
      (route) => route.abort('connectionfailed'),
    );
    await page.getByRole('button', { name: 'Filters' }).click();
    await openFacet(page, 'Colour');
    await page.locator('#listing-filter-panel label', { hasText: 'Olive' }).click();
    await page
      .getByText('The products could not be loaded, so your last change was undone. Please try again.')
      .waitFor();
    await page.waitForFunction(
      () =>
        ![...document.querySelectorAll<HTMLLabelElement>('#listing-filter-panel label')]
          .find((l) => l.textContent?.includes('Olive'))
          ?.querySelector('input')?.checked,
    );
    expect(page.url()).toBe(before);
    await expect(page.locator('.product-grid .product-card h3').allTextContents()).resolves.toEqual(names);
    await expect(page.getByTestId('result-count').textContent()).resolves.toBe('23 products');
    await page.close();
  });
});

describe('menu to category', () => {
  it('fetches the category while the pointer rests on its menu link, so the click shows it at once', async () => {
    const page = await newPage(suite.browser, DESKTOP);
    await page.goto(`${suite.shop.baseUrl}/`);
    await waitForHydration(page);
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Shop' }).click();
    const link = page.getByTestId('catalog-menu').getByRole('link', { name: 'T-Shirts', exact: true });
    await link.hover();
    await expect.poll(() => fetched.includes('/product-category/t-shirts.data')).toBe(true);
    const before = fetched.length;
    await link.click();
    await page.getByRole('heading', { level: 1, name: 'T-Shirts' }).waitFor();
    // The click used what was fetched on hover: no second request for the page's data.
    expect(fetched.slice(before).filter((p) => p.endsWith('.data'))).toEqual([]);
    await page.close();
  });

  it('on a phone, the menu closes at once and the category fetched on touch shows', async () => {
    const page = await newPage(suite.browser, MOBILE);
    await page.goto(`${suite.shop.baseUrl}/`);
    await waitForHydration(page);
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await page.getByRole('button', { name: /menu/i }).first().click();
    const dialog = page.getByRole('dialog').filter({ has: page.getByRole('link', { name: 'T-Shirts', exact: true }) });
    const link = dialog.getByRole('link', { name: 'T-Shirts', exact: true });
    await link.waitFor();
    await link.focus();
    await expect.poll(() => fetched.includes('/product-category/t-shirts.data')).toBe(true);
    await link.click();
    await page.getByRole('heading', { level: 1, name: 'T-Shirts' }).waitFor();
    await page.close();
  });
});

describe('product page, desktop', () => {
  for (const slug of ['organic-cotton-crew-tee', 'linen-piped-cushion-cover']) {
    it(`${slug}: title, price, options and Add to cart in view at 1280 x 800 without scrolling`, async () => {
      const page = await newPage(suite.browser, DESKTOP);
      await page.goto(`${suite.shop.baseUrl}/product/${slug}`);
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
      expect(await groups.count()).toBeGreaterThanOrEqual(2);
      for (const g of await groups.all()) await inView(await g.boundingBox());
      await inView(
        await page.locator('[data-add-to-cart="pdp"]').getByRole('button', { name: 'Add to cart' }).boundingBox(),
      );
      await page.close();
    });
  }

  it('still reads top to bottom on a phone: title, price, options, then Add to cart (pinned in view until its place), nothing wider than the screen', async () => {
    const page = await newPage(suite.browser, MOBILE);
    await page.goto(`${suite.shop.baseUrl}/product/organic-cotton-crew-tee`);
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
    await page.close();
  });
});

describe('search with a typo', () => {
  it('"shrit" finds shirts and offers "Did you mean shirt?", on the page and in the suggestions', async () => {
    const page = await newPage(suite.browser, DESKTOP);
    await page.goto(`${suite.shop.baseUrl}/search?q=shrit`);
    await waitForHydration(page);
    await expect(page.getByTestId('did-you-mean').textContent()).resolves.toBe('Did you mean shirt?');
    const count = Number((await page.getByTestId('result-count').textContent())!.split(' ')[0]);
    expect(count).toBeGreaterThan(0);
    await page.getByTestId('did-you-mean').getByRole('link', { name: 'shirt' }).click();
    await page.waitForURL(/\/search\?q=shirt$/);
    // The typo's results stay on screen until the corrected search answers (same count, so the
    // count alone cannot tell the pages apart): the suggestion going away is the new answer.
    await page.getByTestId('did-you-mean').waitFor({ state: 'detached' });
    await expect(page.getByTestId('result-count').textContent()).resolves.toBe(`${count} products`);

    const box = page.locator('header input[type="search"]').first();
    await box.fill('');
    await box.pressSequentially('mgu', { delay: 30 });
    const list = page.getByRole('listbox', { name: 'Search suggestions' });
    const meant = list.getByRole('option', { name: 'Did you mean “mug”?' });
    await meant.waitFor();
    await box.press('ArrowDown');
    await box.press('Enter');
    await page.waitForURL(/\/search\?q=mug$/);
    await page.close();
  });
});
