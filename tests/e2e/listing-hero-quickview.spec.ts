import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Locator, Page } from '@playwright/test';
import { DESKTOP, MOBILE, waitForHydration, watchForProblems } from './support/browser.ts';
import { createCategory, createProduct, type CategoryFixtureRef, type ProductFixtureRef } from './support/fixtures.ts';
import type { ShopData } from './support/server.ts';
import { expect, test } from './support/test.ts';

/*
 * The design review's leftovers on catalogue pages (issue 13): a collection (or a category with
 * an image of its own) shows its cover at the top, beside its name and description; the quick
 * view opens on the variant the product page would. The test's own collection, categories and
 * products, not the demo's.
 */

/** A portrait cover like the seed's (600 x 800): a wall, a table and three shapes on it. */
async function renderCover({ dataDir }: ShopData, name: string): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800">
    <rect width="600" height="800" fill="#e9e1d4"/><rect y="560" width="600" height="240" fill="#b98a5e"/>
    <rect x="70" y="330" width="140" height="240" rx="12" fill="#5f7a54"/>
    <circle cx="320" cy="500" r="70" fill="#2f4a7a"/><rect x="410" y="400" width="120" height="170" fill="#c4663c"/></svg>`;
  const file = path.join(dataDir, 'media', 'fixtures', 'covers', `${name}.webp`);
  mkdirSync(path.dirname(file), { recursive: true });
  await sharp(Buffer.from(svg)).webp({ quality: 80, effort: 0 }).toFile(file);
  return `/media/fixtures/covers/${name}.webp`;
}

const COLLECTION = {
  slug: 'test-monsoon-edit',
  name: 'The Monsoon Edit',
  description: 'Quick-drying linen and waxed canvas for wet weeks.',
};
let pictured: CategoryFixtureRef;
let plain: CategoryFixtureRef;
let overshirt: ProductFixtureRef;

test.use({
  shopOptions: {
    prepare: async (shop) => {
      pictured = await createCategory(shop, { name: 'Test rainwear', description: 'Coats and hats for the rains.' });
      plain = await createCategory(shop, { name: 'Test umbrellas' });
      await shop.db.query('update categories set image_path = $1 where id = $2', [
        await renderCover(shop, 'rainwear'),
        pictured.id,
      ]);
      // Its first variant (the default, Rust / S) is sold out, and so is all of Indigo but L: the
      // product page opens on Rust / M, not on the first size.
      overshirt = await createProduct(shop, {
        name: 'Test Waxed Overshirt',
        price: 3499,
        categories: [pictured, plain],
        options: { Colour: ['Rust', 'Indigo'], Size: ['S', 'M', 'L'] },
        stock: { 'Rust / S': 0, 'Indigo / S': 0, 'Indigo / M': 0 },
      });
      const others = [];
      for (const name of ['Test Rain Bucket Hat', 'Test Canvas Poncho', 'Test Rubber Boots'])
        others.push(await createProduct(shop, { name, price: 1299, categories: [pictured, plain] }));
      const res = await shop.db.query<{ id: number }>(
        `insert into collections (slug, name, description, image_path, position)
       values ($1, $2, $3, $4, (select coalesce(max(position), 0) + 1 from collections)) returning id`,
        [COLLECTION.slug, COLLECTION.name, COLLECTION.description, await renderCover(shop, 'monsoon')],
      );
      for (const [position, p] of [overshirt, ...others].entries()) {
        await shop.db.query(
          'insert into product_collections (product_id, collection_id, position) values ($1, $2, $3)',
          [p.id, res.rows[0]!.id, position],
        );
      }
    },
  },
});

const box = async (l: Locator) => (await l.boundingBox())!;

/**
 * Opens a listing with its cover held back, measures where everything is, lets the cover load,
 * and measures again: nothing may move (the box is reserved before the picture arrives).
 */
async function openWithCoverHeldBack(page: Page, base: string, listingPath: string) {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/fixtures/covers/**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${base}${listingPath}`, { waitUntil: 'domcontentloaded' });
  await waitForHydration(page);
  const hero = page.getByTestId('listing-hero');
  const cover = hero.locator('img');
  const firstCard = page.locator('.product-grid .product-card').first();
  const before = { cover: await box(cover), card: await box(firstCard) };
  // Still held back: not loaded yet (a one-off read, before the release below).
  expect(await cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(false);
  release();
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('[data-testid="listing-hero"] img');
    return !!img && img.complete && img.naturalWidth > 0;
  });
  expect({ cover: await box(cover), card: await box(firstCard) }).toEqual(before);
  return { hero, cover, firstCard };
}

test.describe('a listing with a cover', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`a collection shows its cover beside its name and description, first to load, with no shift, products on the first screen (${viewport.width})`, async ({
      page,
      shop,
    }) => {
      await page.setViewportSize(viewport);
      const problems = await watchForProblems(page);
      const { hero, cover, firstCard } = await openWithCoverHeldBack(
        page,
        shop.baseUrl,
        `/product-collection/${COLLECTION.slug}`,
      );
      const title = hero.getByRole('heading', { level: 1, name: COLLECTION.name });
      const description = hero.getByText(COLLECTION.description);
      await expect(description).toBeVisible();

      // The likely largest paint: fetched first, eagerly, at the size the screen needs.
      await expect(cover).toHaveAttribute('fetchpriority', 'high');
      await expect(cover).toHaveAttribute('loading', 'eager');
      await expect(cover).toHaveAttribute('srcset', /\/media\/w_640\/fixtures\/covers\/monsoon\.webp 640w/);
      expect(Number(await cover.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(await cover.getAttribute('height'))).toBeGreaterThan(0);
      // The heading beside it names it: the picture is not announced a second time.
      await expect(cover).toHaveAttribute('alt', '');

      const [t, d, c] = [await box(title), await box(description), await box(cover)];
      if (viewport === DESKTOP) {
        // Beside the text, and level with it.
        expect(c.x).toBeGreaterThanOrEqual(Math.max(t.x + t.width, d.x + d.width));
        expect(c.y).toBeLessThan(d.y + d.height);
      } else {
        // Below the text on a phone, the full width of the content.
        expect(c.y).toBeGreaterThanOrEqual(d.y + d.height);
        expect(c.width).toBeGreaterThan(viewport.width - 48);
      }
      // A short banner: the products still start on the first screen.
      expect(c.height).toBeLessThan(viewport.height * 0.45);
      expect((await box(firstCard)).y).toBeLessThan(viewport.height);
      // The text sits on the header's own colour, not over the picture.
      const overlaps = c.y < d.y + d.height && c.x < d.x + d.width && c.y + c.height > t.y;
      expect(overlaps).toBe(false);
      expect(problems).toEqual([]);
    });
  }

  test('a category with an image of its own gets the same header; one without keeps the plain one', async ({
    page,
    shop,
  }) => {
    const problems = await watchForProblems(page);
    const { hero } = await openWithCoverHeldBack(page, shop.baseUrl, pictured.path);
    await hero.getByRole('heading', { level: 1, name: 'Test rainwear' }).waitFor();
    await hero.getByText('Coats and hats for the rains.').waitFor();
    await page.goto(`${shop.baseUrl}${plain.path}`);
    await page.getByRole('heading', { level: 1, name: 'Test umbrellas' }).waitFor();
    await expect(page.getByTestId('listing-hero')).toHaveCount(0);
    await expect(page.locator('.listing-page > header img')).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});

/** Each option's values as the picker shows them: name, chosen or not, and state. */
const pickerState = (scope: Locator) =>
  scope.locator('[role="radiogroup"]').evaluateAll((groups) =>
    groups.map((g) => ({
      option: document.getElementById(g.getAttribute('aria-labelledby') ?? '')?.querySelector('span')?.textContent,
      values: [...g.querySelectorAll('[role="radio"]')].map(
        (r) => `${r.textContent} ${r.getAttribute('aria-checked')} ${r.getAttribute('data-state')}`,
      ),
    })),
  );

async function openQuickview(page: Page, name: string): Promise<Locator> {
  const trigger = page.getByRole('link', { name: `Quick view: ${name}` });
  await trigger.hover();
  await trigger.click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByTestId('quickview-choice').waitFor();
  return dialog;
}

test.describe('quick view', () => {
  test('opens on the variant the product page opens on (in stock, not the sold-out first size), with the same choices', async ({
    page,
    shop,
  }) => {
    const problems = await watchForProblems(page);
    await page.goto(`${shop.baseUrl}${overshirt.path}`);
    await waitForHydration(page);
    const productPage = page.locator('.product-page');
    const sizes = productPage.getByRole('radiogroup', { name: 'Size' });
    await expect(sizes.getByRole('radio', { checked: true })).toHaveText('M');
    const onPage = await pickerState(productPage);

    await page.goto(`${shop.baseUrl}${plain.path}`);
    await waitForHydration(page);
    const dialog = await openQuickview(page, overshirt.name);
    await expect(dialog.getByTestId('quickview-choice')).toHaveText('Rust / M');
    const small = dialog.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: /^S\b/ });
    await expect(small).toHaveAttribute('aria-checked', 'false');
    expect(await pickerState(dialog)).toEqual(onPage);
    await expect(dialog.getByRole('button', { name: /Add to cart/i })).toBeEnabled();
    expect(problems).toEqual([]);
  });

  test("from a listing filtered by colour, opens on the card's colour, as the card's link does", async ({
    page,
    shop,
  }) => {
    const problems = await watchForProblems(page);
    await page.goto(`${shop.baseUrl}${plain.path}?opt.Colour=Indigo`);
    await waitForHydration(page);
    const card = page.locator('.product-card', { hasText: overshirt.name });
    const href = (await card.getByRole('link', { name: overshirt.name, exact: true }).getAttribute('href'))!;
    const indigoL = overshirt.variants.find((v) => v.title === 'Indigo / L')!;
    expect(new URL(href, shop.baseUrl).searchParams.get('variant')).toBe(indigoL.id);

    const dialog = await openQuickview(page, overshirt.name);
    await expect(dialog.getByTestId('quickview-choice')).toHaveText('Indigo / L');
    const quick = await pickerState(dialog);
    await expect(dialog.getByRole('link', { name: 'View full details' })).toHaveAttribute('href', href);

    // The product page behind the card's link shows the same choice and the same values.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.goto(`${shop.baseUrl}${href}`);
    await waitForHydration(page);
    expect(await pickerState(page.locator('.product-page'))).toEqual(quick);
    expect(problems).toEqual([]);
  });
});
