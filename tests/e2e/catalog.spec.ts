import type { Page } from '@playwright/test';
import {
  DESKTOP,
  MOBILE,
  countDocumentLoads,
  readJsonLd,
  waitForHydration,
  watchForProblems,
} from './support/browser.ts';
import { expect, test } from './support/test.ts';

interface ProductLd {
  '@context': string;
  name: string;
  image: string[];
  offers: { '@type': string; price: string; priceCurrency: string; availability: string };
  aggregateRating: { reviewCount: number; ratingValue: number };
}

const resultCount = (page: Page) => page.getByTestId('result-count');
const productNames = (page: Page) => page.locator('.product-grid .product-card h3').allTextContents();
/** Waits until the listing shows what the current URL asks for (not the previous results). */
const listingSettled = (page: Page) =>
  page.waitForFunction(() => document.querySelector('.listing-page')?.getAttribute('data-search') === location.search);
/** Unfolds one facet group of the filters (they start folded unless a value of theirs is chosen). */
async function openFacet(page: Page, name: string) {
  const group = page.locator(`#listing-filter-panel details[data-facet="${name}"]`);
  if ((await group.getAttribute('open')) === null) await group.locator('> summary').click();
}
const mainImageSrc = (page: Page) =>
  page.locator('.product-page .gallery ul[aria-label$="images"] img').first().getAttribute('src');

test.describe('catalogue journey', () => {
  test('home → shop → category facet → product → colour and size → related product, without a page load', async ({
    page,
    shop,
  }) => {
    const problems = await watchForProblems(page);
    await page.goto(`${shop.baseUrl}/`);
    await waitForHydration(page);
    const loads = countDocumentLoads(page);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop' }).click();
    await page.getByRole('heading', { level: 1, name: 'Shop All' }).waitFor();
    await expect(resultCount(page)).toHaveText('312 products');

    // A facet with its count: ticking it narrows the grid to exactly that many, in place.
    const panel = page.locator('#listing-filter-panel');
    // Fourteen categories: the first eight show, the rest are one click away.
    await openFacet(page, 'Category');
    await panel
      .getByText(/^Show \d+ more$/)
      .first()
      .click();
    const facet = panel.locator('label', { hasText: 'Cushions & Throws' });
    const facetCount = Number(await facet.locator('span').last().textContent());
    expect(facetCount).toBeGreaterThan(0);
    await facet.click();
    await page.waitForURL(/category=cushions-and-throws/);
    await page
      .getByTestId('result-count')
      .filter({ hasText: `${facetCount} products` })
      .waitFor();
    await expect(facet.locator('input')).toBeChecked();
    await page.getByRole('link', { name: 'Remove filter Cushions & Throws' }).waitFor();
    const names = await productNames(page);
    expect(names.length).toBe(facetCount);
    expect(names.every((n) => /Cushion|Throw/.test(n))).toBe(true);

    await page.locator('.product-grid').getByRole('link', { name: 'Kantha Stitch Cushion Cover', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Kantha Stitch Cushion Cover' }).waitFor();
    const price = page.getByTestId('product-price');
    await expect(price).toHaveText('₹2,399.00');
    const firstImage = await mainImageSrc(page);

    // Choosing a variant asks the server for nothing: the page already has every variant.
    const dataRequests: string[] = [];
    const onRequest = (req: { url: () => string }) => {
      if (new URL(req.url()).pathname.endsWith('.data')) dataRequests.push(req.url());
    };
    page.on('request', onRequest);

    // Colour: the gallery becomes that colour's pictures (all of them), and the URL names the variant.
    await page
      .getByRole('radiogroup', { name: 'Colour' })
      .getByRole('radio', { name: /^Blush/ })
      .click();
    await page.waitForURL(/variant=/);
    await page.waitForFunction((before) => {
      const img = document.querySelector('.product-page .gallery ul[aria-label$="images"] img');
      return img && img.getAttribute('src') !== before;
    }, firstImage);
    expect(await mainImageSrc(page)).toContain('blush');
    const alts = await page
      .locator('.product-page .gallery ul[aria-label$="images"] img')
      .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt') ?? ''));
    expect(alts.length).toBeGreaterThanOrEqual(3);
    expect(alts.every((a) => a.includes('in Blush'))).toBe(true);
    await expect(page.getByText('Colour: Blush', { exact: false }).first()).toBeVisible();
    await expect(
      page.getByRole('radiogroup', { name: 'Colour' }).getByRole('radio', { name: /^Blush/ }),
    ).toHaveAttribute('aria-checked', 'true');

    // Size: the bigger cover costs more.
    const urlBefore = page.url();
    await page.getByRole('radio', { name: /^50 x 50 cm/ }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="product-price"]')?.textContent === '₹2,899.00',
    );
    expect(page.url()).not.toBe(urlBefore);
    await expect(page.getByTestId('product-sku')).toHaveText(/.+/);
    expect(dataRequests).toEqual([]);
    page.off('request', onRequest);

    // Related products stream in after the page; one of them opens its own page.
    const related = page.getByRole('region', { name: 'You may also like' }).locator('.product-card h3 a').first();
    await related.waitFor();
    const relatedName = (await related.textContent())!.trim();
    await related.click();
    await page.getByRole('heading', { level: 1, name: relatedName }).waitFor();

    expect(loads()).toBe(0);
    expect(problems).toEqual([]);
  });

  test('a category tile on the home page opens the category with its breadcrumb', async ({ page, shop }) => {
    await page.goto(`${shop.baseUrl}/`);
    await waitForHydration(page);
    await page
      .getByRole('region', { name: 'Shop by category' })
      .getByRole('link', { name: /^Plants/ })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Plants' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/product-category/plants');
    const crumbs = await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem').allTextContents();
    expect(crumbs.map((c) => c.trim())).toEqual(['Home', 'Garden', 'Plants']);
  });

  test('filters by option value, price and stock on a category page; the URL keeps the state', async ({
    page,
    shop,
  }) => {
    const problems = await watchForProblems(page);
    await page.goto(`${shop.baseUrl}/product-category/t-shirts`);
    await waitForHydration(page);
    await expect(resultCount(page)).toHaveText('23 products');

    const panel = page.locator('#listing-filter-panel');
    await openFacet(page, 'Colour');
    await panel.locator('label', { hasText: /^Indigo/ }).click();
    await page.waitForURL(/opt\.Colour=Indigo/);
    await listingSettled(page);
    await expect(resultCount(page)).toHaveText('10 products');

    await openFacet(page, 'Price');
    await panel.getByLabel('Max').fill('1000');
    await panel.getByRole('button', { name: 'Apply price range' }).click();
    await page.waitForURL(/max_price=1000/);
    await listingSettled(page);
    const prices = await page.locator('.product-grid .product-card [data-price]').allTextContents();
    expect(prices.length).toBeGreaterThan(0);
    for (const p of prices) expect(Number(p.replace(/[^\d.]/g, ''))).toBeLessThanOrEqual(1000);

    // Sorting keeps the filters.
    await page.getByLabel('Sort by').selectOption('price_desc');
    await page.waitForURL(/sort=price_desc/);
    await listingSettled(page);
    expect(page.url()).toContain('opt.Colour=Indigo');
    const sorted = (await page.locator('.product-grid .product-card [data-price]').allTextContents()).map((p) =>
      Number(p.replace(/[^\d.]/g, '')),
    );
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));

    // Back restores the previous state; "Clear all" drops every filter (and keeps the sort).
    await page.goBack();
    await page.waitForURL((u) => !u.search.includes('sort='));
    await listingSettled(page);
    await page.getByLabel('Sort by').selectOption('newest');
    await page.waitForURL(/sort=newest/);
    await listingSettled(page);
    await page.getByRole('link', { name: 'Clear all' }).first().click();
    await page.waitForURL((u) => u.search === '?sort=newest');
    await listingSettled(page);
    await expect(resultCount(page)).toHaveText('23 products');
    expect(problems).toEqual([]);
  });

  test('pagination links page through the shop; page 2 differs from page 1', async ({ page, shop }) => {
    await page.goto(`${shop.baseUrl}/shop-online`);
    await waitForHydration(page);
    const first = await productNames(page);
    expect(first).toHaveLength(24);
    await page.getByRole('navigation', { name: 'Product pages' }).getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL(/page=2/);
    await page.waitForFunction((name) => document.querySelector('.product-grid h3')?.textContent !== name, first[0]);
    const second = await productNames(page);
    expect(second).toHaveLength(24);
    expect(second.filter((n) => first.includes(n))).toEqual([]);
    await expect(
      page.getByRole('navigation', { name: 'Product pages' }).getByRole('link', { name: 'Page 2' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  test('remembers the grid size in a cookie, and the server renders it (no flash)', async ({ page, shop }) => {
    await page.goto(`${shop.baseUrl}/product-collection/summer-linen`);
    await waitForHydration(page);
    const grid = page.locator('.product-grid');
    await expect(grid).toHaveAttribute('data-columns', '4');
    await page.getByRole('button', { name: '3 per row' }).click();
    await expect(grid).toHaveAttribute('data-columns', '3');
    const cookie = (await page.context().cookies(shop.baseUrl)).find((c) => c.name === 'grid_columns');
    expect(cookie?.value).toBe('3');
    const res = await page.reload();
    const html = (await res?.text()) ?? '';
    expect(html).toContain('data-columns="3"');
  });

  test('the mobile filter drawer opens, filters in place and closes', async ({ page, shop }) => {
    await page.setViewportSize(MOBILE);
    await page.goto(`${shop.baseUrl}/product-category/shirts`);
    await waitForHydration(page);
    const drawer = page.locator('dialog#listing-filter-panel');
    await expect(drawer).toBeHidden();
    await page.getByRole('button', { name: /^Filters/ }).click();
    await drawer.waitFor({ state: 'visible' });
    await openFacet(page, 'Brand');
    await drawer.locator('label', { hasText: /^Loom/ }).click();
    await page.waitForURL(/brand=loom/);
    const button = drawer.getByRole('button', { name: /^Show \d+ products?$/ });
    await button.click();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: 'Remove filter Loom' }).waitFor();
  });

  test('an unknown category, collection, super category or product is the 404 page', async ({ shop }) => {
    for (const path of [
      '/product-category/no-such-thing',
      '/product-collection/nope',
      '/shop-online/nope',
      '/product/nope',
    ]) {
      const res = await fetch(`${shop.baseUrl}${path}`);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html).toContain('Page Not Found!');
      expect(html).toContain(`Page not found: ${path}`);
    }
  });
});

test.describe('without JavaScript', () => {
  test('the filter form submits as a plain GET and the server answers filtered results', async ({ newPage, shop }) => {
    // A tab that runs no JavaScript, on a first visit (no cookie choice made).
    const page = await newPage(DESKTOP, { cookieChoice: null, javaScriptEnabled: false });
    await page.goto(`${shop.baseUrl}/product-category/t-shirts`);
    await expect(resultCount(page)).toHaveText('23 products');
    await openFacet(page, 'Colour');
    await openFacet(page, 'Availability');
    await page
      .locator('#listing-filter-panel label', { hasText: /^Indigo/ })
      .locator('input')
      .check();
    await page
      .locator('#listing-filter-panel label', { hasText: /^In stock only/ })
      .locator('input')
      .check();
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Apply filters' }).click()]);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/product-category/t-shirts');
    expect(url.searchParams.getAll('opt.Colour')).toEqual(['Indigo']);
    expect(url.searchParams.get('in_stock')).toBe('1');
    const count = Number((await resultCount(page).textContent())!.split(' ')[0]);
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(23);
    await expect(page.locator('#listing-filter-panel label', { hasText: /^Indigo/ }).locator('input')).toBeChecked();

    // The sort select travels with the same form; chips are plain links.
    await page.getByLabel('Sort by').selectOption('price_asc');
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Sort', exact: true }).click()]);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('price_asc');
    expect(new URL(page.url()).searchParams.getAll('opt.Colour')).toEqual(['Indigo']);
    await Promise.all([
      page.waitForNavigation(),
      page.getByRole('link', { name: 'Remove filter Colour: Indigo' }).click(),
    ]);
    expect(new URL(page.url()).searchParams.has('opt.Colour')).toBe(false);

    // The grid-size toggle posts a form and comes back with the cookie set.
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: '2 per row' }).click()]);
    expect(new URL(page.url()).pathname).toBe('/product-category/t-shirts');
    await expect(page.locator('.product-grid')).toHaveAttribute('data-columns', '2');

    // Variant choices are links underneath, so they work too.
    await page.goto(`${shop.baseUrl}/product/kantha-stitch-cushion-cover`);
    await Promise.all([page.waitForNavigation(), page.getByRole('radio', { name: /^50 x 50 cm/ }).click()]);
    await expect(page.getByTestId('product-price')).toHaveText('₹2,899.00');
  });
});

test.describe('product page', () => {
  test('has valid Product JSON-LD with offer and rating, and a BreadcrumbList, under the page CSP', async ({
    page,
    shop,
  }) => {
    const res = await fetch(`${shop.baseUrl}/product/linen-piped-cushion-cover`);
    const html = await res.text();
    // A visitor with nothing personal gets the cached page: its inline scripts are allowed by
    // hash, not by a nonce everyone would see (ADR 28).
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).not.toContain("'nonce-");
    expect(csp).toMatch(/script-src [^;]*'sha256-/);
    expect(html).toContain('<script type="application/ld+json"');
    expect(html).toContain('<link rel="canonical" href="');

    const problems = await watchForProblems(page);
    await page.goto(`${shop.baseUrl}/product/linen-piped-cushion-cover`);
    await waitForHydration(page);
    const ld = await readJsonLd(page);
    const product = ld.find((d) => d['@type'] === 'Product') as unknown as ProductLd;
    expect(product).toBeTruthy();
    expect(product['@context']).toBe('https://schema.org');
    expect(product.name).toBe('Linen Piped Cushion Cover');
    expect(product.offers['@type']).toBe('Offer');
    expect(product.offers.price).toMatch(/^\d+\.\d{2}$/);
    expect(Number(product.offers.price)).toBeGreaterThan(0);
    expect(product.offers.priceCurrency).toBe('INR');
    expect(product.offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock|LimitedAvailability)$/);
    expect(product.aggregateRating.reviewCount).toBe(14);
    expect(product.image[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\//);
    const crumbs = ld.find((d) => d['@type'] === 'BreadcrumbList') as unknown as {
      itemListElement: { name: string }[];
    };
    expect(crumbs.itemListElement.map((i) => i.name)).toEqual([
      'Home',
      'Home & Living',
      'Cushions & Throws',
      'Linen Piped Cushion Cover',
    ]);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'product');
    expect(problems).toEqual([]);
  });

  test('streams reviews: summary with per-star bars, ten per page, and a second page', async ({ page, shop }) => {
    await page.goto(`${shop.baseUrl}/product/linen-piped-cushion-cover`);
    await waitForHydration(page);
    const reviews = page.locator('section#reviews');
    await reviews.getByText('Based on 14 reviews').waitFor();
    const bars = await reviews.getByRole('list', { name: 'Ratings by stars' }).getByRole('img').all();
    expect(bars).toHaveLength(5);
    const counts = await Promise.all(bars.map((b) => b.getAttribute('aria-label')));
    const sum = counts.reduce((n, label) => n + Number(/: (\d+) review/.exec(label!)![1]), 0);
    expect(sum).toBe(14);
    await expect(reviews.locator('ol > li')).toHaveCount(10);

    // A guest is offered the login first (tests/e2e/reviews.spec.ts writes one).
    await reviews.getByRole('button', { name: 'Log in to write a review' }).waitFor();

    await reviews.getByRole('navigation', { name: 'Reviews pages' }).getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL(/reviews_page=2/);
    await page.waitForFunction(() => document.querySelectorAll('section#reviews ol > li').length === 4);
  });

  test('opens on a variant in stock when the default is sold out; a URL choice is kept, sold out or not', async ({
    page,
    shop,
  }) => {
    const tee = (await (await fetch(`${shop.baseUrl}/api/product/single-product/organic-cotton-crew-tee`)).json()) as {
      data: {
        options: { name: string; values: string[] }[];
        variants: {
          id: string;
          sku: string;
          is_default: boolean;
          in_stock: boolean;
          options: Record<string, string>;
          price: { formatted: string };
        }[];
      };
    };
    const { variants, options } = tee.data;
    // The demo's best seller: its default (Olive / XS) is sold out.
    const byDefault = variants.find((v) => v.is_default)!;
    expect(byDefault.in_stock).toBe(false);
    const rank = (v: (typeof variants)[number]) => options.map((o) => o.values.indexOf(v.options[o.name]!));
    const firstInStock = variants
      .filter((v) => v.in_stock)
      .sort((a, b) => {
        const [ra, rb] = [rank(a), rank(b)];
        return ra[0]! - rb[0]! || ra[1]! - rb[1]!;
      })[0]!;

    const problems = await watchForProblems(page);
    await page.goto(`${shop.baseUrl}/product/organic-cotton-crew-tee`);
    await waitForHydration(page);
    await expect(page.locator('[data-stock]')).not.toHaveAttribute('data-stock', 'out_of_stock');
    await expect(page.getByTestId('product-sku')).toHaveText(firstInStock.sku);
    const add = page.locator('[data-add-to-cart="pdp"]').getByRole('button', { name: 'Add to cart' });
    await expect(add).toBeEnabled();
    const sizes = page.getByRole('radiogroup', { name: 'Size' });
    await expect(sizes.getByRole('radio', { checked: true }), 'the checked size is the variant shown').toHaveText(
      firstInStock.options.Size!,
    );

    // A sold-out choice named by the URL stays: marked once, on the size, and it cannot be bought.
    await page.goto(`${shop.baseUrl}/product/organic-cotton-crew-tee?variant=${byDefault.id}`);
    await waitForHydration(page);
    await expect(page.locator('[data-stock]')).toHaveAttribute('data-stock', 'out_of_stock');
    const xs = sizes.getByRole('radio', { name: 'XS (sold out)' });
    await expect(xs).toHaveAttribute('aria-checked', 'true');
    await expect(xs).toHaveAttribute('data-state', 'out_of_stock');
    await expect(page.getByTestId('pdp-chosen-sold-out')).toContainText('Sold out');
    // Olive itself is not sold out (other sizes are in stock): the colour is not struck through.
    await expect(
      page.getByRole('radiogroup', { name: 'Colour' }).getByRole('radio', { name: 'Olive', exact: true }),
    ).toHaveAttribute('data-state', 'available');
    const soldOut = page.locator('[data-add-to-cart="pdp"]').getByRole('button', { name: 'Sold out' });
    await expect(soldOut).toBeDisabled();
    await expect(page.locator('[data-add-to-cart="pdp"]').getByRole('button', { name: 'Buy now' })).toHaveCount(0);
    await expect(page.getByText('Sold out: this choice cannot be ordered right now.')).toBeVisible();

    // Olive has no XL at all; choosing it lands on the nearest real one, in stock.
    const xl = sizes.getByRole('radio', { name: 'XL (not available with Olive)' });
    await expect(xl).toHaveAttribute('data-state', 'unavailable');
    await xl.click();
    await page.waitForURL((u) => u.searchParams.get('variant') !== byDefault.id);
    // The URL changes before React commits the new variant (a transition): wait for the render.
    await page.locator('[data-stock="in_stock"]').waitFor();
    await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();

    // Spec section 2: the sku query value names the product; its variant is the one shown,
    // and so is a sku standing as the last path segment.
    // (Another variant than the one the page opens on by itself.)
    const chosen = variants.find((v) => !v.is_default && v.in_stock && v.id !== firstInStock.id)!;
    for (const url of [
      `/product/an-old-link?sku=${encodeURIComponent(chosen.sku)}`,
      `/product/${encodeURIComponent(chosen.sku)}`,
    ]) {
      await page.goto(`${shop.baseUrl}${url}`);
      await waitForHydration(page);
      await page.getByRole('heading', { level: 1, name: 'Organic Cotton Crew Tee' }).waitFor();
      await expect(page.getByTestId('product-sku'), url).toHaveText(chosen.sku);
      await expect(page.getByTestId('product-price'), url).toHaveText(chosen.price.formatted);
    }
    expect(problems).toEqual([]);
  });

  test('variant options are radio groups: one tab stop each, arrow keys move and choose', async ({ page, shop }) => {
    const problems = await watchForProblems(page);
    await page.goto(`${shop.baseUrl}/product/kantha-stitch-cushion-cover`);
    await waitForHydration(page);
    const colours = page.getByRole('radiogroup', { name: 'Colour' });
    const sizes = page.getByRole('radiogroup', { name: 'Size' });
    const checkedName = (group: typeof colours) => group.getByRole('radio', { checked: true }).textContent();
    const focusedName = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    const startColour = (await checkedName(colours))!;
    const colourNames = await colours.getByRole('radio').allTextContents();
    expect(colourNames.length).toBeGreaterThan(1);

    // One tab stop per group: the checked value.
    await expect(colours.locator('[tabindex="0"]')).toHaveCount(1);
    await expect(colours.locator('[tabindex="0"]')).toHaveText(startColour);
    await colours.getByRole('radio', { checked: true }).focus();

    // → moves to the next colour and chooses it: the URL, the checked radio and the gallery follow.
    const before = page.url();
    const next = colourNames[(colourNames.indexOf(startColour) + 1) % colourNames.length]!;
    await page.keyboard.press('ArrowRight');
    await page.waitForURL((u) => u.toString() !== before);
    await expect.poll(() => checkedName(colours)).toBe(next);
    await expect.poll(focusedName).toBe(next);
    await expect
      .poll(() => page.locator('.product-page .gallery ul[aria-label$="images"] img').first().getAttribute('alt'))
      .toContain(`in ${next}`);
    // ← goes back.
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => checkedName(colours)).toBe(startColour);

    // Tab leaves the colour group for the size group's checked value; → then Space on a size.
    await page.keyboard.press('Tab');
    const checkedSize = (await checkedName(sizes))!;
    await expect.poll(focusedName).toBe(checkedSize);
    const sizeNames = await sizes.getByRole('radio').allTextContents();
    const otherSize = sizeNames[(sizeNames.indexOf(checkedSize) + 1) % sizeNames.length]!;
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => checkedName(sizes)).toBe(otherSize);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => checkedName(sizes)).toBe(checkedSize);
    // The focus ring shows where the keyboard is.
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe('none');
    expect(problems).toEqual([]);
  });
});

test.describe('quickview', () => {
  test('opens from a listing card as a dialog with image, price, variants and a link to the page', async ({
    page,
    shop,
  }) => {
    const problems = await watchForProblems(page);
    await page.goto(`${shop.baseUrl}/product-category/cushions-and-throws`);
    await waitForHydration(page);
    const trigger = page.getByRole('link', { name: 'Quick view: Kantha Stitch Cushion Cover' });
    await trigger.hover();
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: 'Kantha Stitch Cushion Cover' });
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe('/product-category/cushions-and-throws');
    await expect(dialog.getByTestId('product-price')).toHaveText('₹2,399.00');
    const pictures = dialog.locator('.gallery ul[aria-label$="images"] img');
    await expect(pictures.first()).toHaveAttribute('srcset', /\/media\/w_/);
    // Several pictures, all of the colour shown.
    const colour = (await dialog
      .getByRole('radiogroup', { name: 'Colour' })
      .getByRole('radio', { checked: true })
      .textContent())!;
    const alts = await pictures.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt') ?? ''));
    expect(alts.length).toBeGreaterThanOrEqual(3);
    expect(alts.every((a) => a.includes(`in ${colour}`))).toBe(true);
    await dialog.getByRole('radio', { name: /^50 x 50 cm/ }).click();
    await expect(dialog.getByTestId('product-price')).toHaveText('₹2,899.00');
    await expect(dialog.getByRole('link', { name: 'View full details' })).toHaveAttribute(
      'href',
      /^\/product\/kantha-stitch-cushion-cover\?variant=/,
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(problems).toEqual([]);
  });

  test('opens from a home page card and its link leads to the full product page', async ({ page, shop }) => {
    await page.setViewportSize(MOBILE);
    await page.goto(`${shop.baseUrl}/`);
    await waitForHydration(page);
    const trigger = page.getByRole('link', { name: /^Quick view: / }).first();
    const name = (await trigger.getAttribute('aria-label'))!.replace('Quick view: ', '');
    await trigger.click();
    const dialog = page.getByRole('dialog', { name });
    await dialog.waitFor();
    await dialog.getByRole('link', { name: 'View full details' }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
  });
});

test.describe('search', () => {
  test('the header search suggests as you type, forgives a typo and shows T-shirts', async ({
    page,
    newPage,
    shop,
  }) => {
    const problems = await watchForProblems(page);
    await page.goto(`${shop.baseUrl}/`);
    await waitForHydration(page);
    const loads = countDocumentLoads(page);
    const box = page.locator('#header-search');
    await box.pressSequentially('tshrit', { delay: 40 });
    const suggestions = page.getByRole('listbox', { name: 'Search suggestions' });
    await suggestions.waitFor();
    const options = await suggestions.getByRole('option').allTextContents();
    expect(options.some((o) => /T-Shirt|Tee/.test(o))).toBe(true);
    await expect(box).toHaveAttribute('aria-expanded', 'true');

    await box.press('Enter');
    await page.waitForURL(/\/search\?q=tshrit/);
    await page.getByRole('heading', { level: 1, name: '“tshrit”' }).waitFor();
    const names = await productNames(page);
    expect(names.length).toBeGreaterThan(5);
    expect(loads()).toBe(0);
    // Every result is one of the T-shirts category's products (named Tee, Henley, Tank…).
    const category = await newPage();
    await category.goto(`${shop.baseUrl}/product-category/t-shirts`);
    const tshirts = new Set(await productNames(category));
    await category.close();
    expect(names.filter((n) => !tshirts.has(n))).toEqual([]);

    // Results have the same filters as listings, and keep the query.
    await openFacet(page, 'Brand');
    await page.locator('#listing-filter-panel label', { hasText: /^Loom/ }).click();
    await page.waitForURL(/brand=loom/);
    expect(new URL(page.url()).searchParams.get('q')).toBe('tshrit');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
    expect(problems).toEqual([]);
  });

  test('arrow keys pick a suggestion and Enter opens it', async ({ page, shop }) => {
    await page.goto(`${shop.baseUrl}/shop-online`);
    await waitForHydration(page);
    const box = page.locator('#header-search');
    await box.pressSequentially('copper', { delay: 40 });
    const first = page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option').first();
    await first.waitFor();
    const name = (await first.locator('span span').first().textContent())!;
    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', /./);
    await box.press('Enter');
    await page.getByRole('heading', { level: 1, name }).waitFor();
  });
});
