import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { DESKTOP, MOBILE, waitForHydration, watchForProblems } from './support/browser.ts';
import { createCategory, createProduct, type CategoryFixtureRef, type ProductFixtureRef } from './support/fixtures.ts';
import { expect, test } from './support/test.ts';

/**
 * Colour swatches (option_swatches, set by the owner): a round dot beside each colour in the
 * listing's Colour filter and in the product page's Colour radio group, with the name still
 * there as text. This file's own category, products and swatches: colours the demo has none of.
 */
const SWATCHES: Record<string, string> = { Lagoon: '#1d6f8a', Pearl: '#f4f1ea', Ember: '#b8432f' };
/** No swatch is set for Moss: it shows its name alone. */
const COLOURS = ['Lagoon', 'Pearl', 'Ember', 'Moss'];

let category: CategoryFixtureRef;
let throwBlanket: ProductFixtureRef;

test.use({
  shopOptions: {
    prepare: async (shop) => {
      category = await createCategory(shop, { name: 'Swatch Test Throws' });
      throwBlanket = await createProduct(shop, {
        name: 'Harbour Linen Throw',
        price: 2899,
        categories: [category],
        options: { Colour: COLOURS, Size: ['Single', 'Double'] },
        // Ember is sold out in every size.
        stock: { 'Ember / Single': 0, 'Ember / Double': 0 },
      });
      await createProduct(shop, {
        name: 'Harbour Cotton Cushion',
        price: 999,
        categories: [category],
        options: { Colour: ['Ember', 'Moss'] },
      });
      // Spelt in lower case on purpose: swatches match option names and values whatever the case.
      for (const [value, colour] of Object.entries(SWATCHES)) {
        await shop.db.query('insert into option_swatches (option_name, value, colour) values ($1, $2, $3)', [
          'colour',
          value.toLowerCase(),
          colour,
        ]);
      }
    },
  },
});

const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};
const style = (el: Locator, prop: string) => el.evaluate((node, p) => getComputedStyle(node).getPropertyValue(p), prop);
/** The alpha of a computed colour (`rgb(…)` is opaque; `oklab(… / 0.55)` or `rgba(…, a)` is not). */
const alphaOf = (colour: string) => {
  const m = /\/\s*([\d.]+)\)$/.exec(colour) ?? /rgba\([^)]*,\s*([\d.]+)\)$/.exec(colour);
  return m ? Number(m[1]) : 1;
};
const shot = async (page: Page, name: string) => {
  if (!process.env.SHOT_DIR) return;
  mkdirSync(process.env.SHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(process.env.SHOT_DIR, `${name}.png`) });
};

test.describe('colour swatches', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`at ${viewport.width} px: the Colour filter shows a swatch beside each named colour, and ticks it`, async ({
      page,
      shop,
    }) => {
      await page.setViewportSize(viewport);
      const problems = await watchForProblems(page);
      await page.goto(`${shop.baseUrl}${category.path}`);
      await waitForHydration(page);
      await expect(page.getByTestId('result-count')).toHaveText('2 products');
      if (viewport === MOBILE) await page.getByRole('button', { name: /^Filters/ }).click();
      const panel = page.locator('#listing-filter-panel');
      const group = panel.locator('details[data-facet="Colour"]');
      await group.locator('> summary').click();

      for (const colour of COLOURS) {
        // Its name, then its count ("Lagoon 2 products").
        const name = new RegExp(`^${colour} \\d+ products?$`);
        await expect(group.getByRole('checkbox', { name })).toBeVisible();
        // (`has` is matched inside each label: a locator from the page, not from the group.)
        const row = group.locator('label', { has: page.getByRole('checkbox', { name }) });
        const dot = row.locator('[data-swatch]');
        if (SWATCHES[colour]) {
          await expect(dot).toHaveCount(1);
          await expect(dot).toHaveCSS('background-color', rgb(SWATCHES[colour]));
          await expect(dot).toHaveAttribute('aria-hidden', 'true');
          // The dot is round and a size a shopper can make out.
          const b = (await dot.boundingBox())!;
          expect(b.width).toBeGreaterThanOrEqual(16);
          expect(Math.abs(b.width - b.height)).toBeLessThan(0.5);
          await expect(dot).not.toHaveCSS('border-top-left-radius', '0px');
        } else {
          await expect(dot).toHaveCount(0);
        }
        // The name is still there as text, beside the dot.
        await expect(row).toHaveText(new RegExp(`^${colour}\\d+$`));
      }
      // A light colour keeps a visible edge: a stronger border than a dark one's.
      const pearl = group.locator('label', { hasText: /^Pearl/ }).locator('[data-swatch]');
      const lagoon = group.locator('label', { hasText: /^Lagoon/ }).locator('[data-swatch]');
      await expect(pearl).toHaveCSS('border-top-width', '1px');
      expect(alphaOf(await style(pearl, 'border-top-color'))).toBeGreaterThan(
        alphaOf(await style(lagoon, 'border-top-color')),
      );

      // Chosen: the box is ticked and the dot ringed (not told by colour alone), and the listing narrows.
      await expect(lagoon).toHaveCSS('outline-style', 'none');
      // (A change applies at once, on a phone too, where the drawer stays open over the results.)
      await group.locator('label', { hasText: /^Lagoon/ }).click();
      await page.waitForURL(/opt\.Colour=Lagoon/);
      await expect(group.getByRole('checkbox', { name: /^Lagoon / })).toBeChecked();
      await expect(lagoon).toHaveCSS('outline-style', 'solid');
      await expect(page.getByTestId('result-count')).toHaveText('1 product');
      await shot(page, `listing-filter-${viewport.width}`);
      expect(problems).toEqual([]);
    });
  }

  for (const viewport of [MOBILE, DESKTOP]) {
    test(`at ${viewport.width} px: the product page's Colour radio group shows the swatches, sold out still struck through`, async ({
      page,
      shop,
    }) => {
      await page.setViewportSize(viewport);
      const problems = await watchForProblems(page);
      await page.goto(`${shop.baseUrl}${throwBlanket.path}`);
      await waitForHydration(page);
      const colours = page.getByRole('radiogroup', { name: 'Colour' });
      const radios = colours.getByRole('radio');
      await expect(radios).toHaveCount(COLOURS.length);

      for (const colour of COLOURS) {
        const radio = colours.getByRole('radio', {
          name: colour === 'Ember' ? 'Ember (sold out)' : colour,
          exact: true,
        });
        const dot = radio.locator('[data-swatch]');
        // 44 px at least, whatever the dot.
        const b = (await radio.boundingBox())!;
        expect(b.height).toBeGreaterThanOrEqual(44);
        expect(b.width).toBeGreaterThanOrEqual(44);
        if (SWATCHES[colour]) {
          await expect(dot).toHaveCSS('background-color', rgb(SWATCHES[colour]));
          await expect(dot).toHaveAttribute('aria-hidden', 'true');
        } else {
          await expect(dot).toHaveCount(0);
        }
        // The name is shown beside the dot.
        await expect(radio.locator(':scope > span:not([data-swatch]):not(.sr-only)').first()).toHaveText(colour);
      }
      // Sold out: the name is struck through and so is the dot.
      const ember = colours.getByRole('radio', { name: 'Ember (sold out)' });
      await expect(ember.getByText('Ember', { exact: true })).toHaveCSS('text-decoration-line', 'line-through');
      await expect(ember.locator('[data-swatch] > span')).toHaveCount(1);

      await colours.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await shot(page, `product-${viewport.width}`);

      // Still one radio group: one tab stop, arrow keys move and choose.
      const checked = () => colours.getByRole('radio', { checked: true }).textContent();
      const start = (await checked())!;
      await expect(colours.locator('[tabindex="0"]')).toHaveCount(1);
      await colours.getByRole('radio', { checked: true }).focus();
      await page.keyboard.press('ArrowRight');
      const next = COLOURS[(COLOURS.indexOf(start.replace(/ \(.*$/, '')) + 1) % COLOURS.length]!;
      await expect.poll(checked).toMatch(new RegExp(`^${next}`));
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
        .toMatch(new RegExp(`^${next}`));
      // The chosen value is told apart by more than its colour: filled and checked.
      const chosen = colours.getByRole('radio', { checked: true });
      await expect(chosen).toHaveAttribute('aria-checked', 'true');
      await page.keyboard.press('ArrowLeft');
      await expect.poll(checked).toMatch(new RegExp(`^${start.replace(/ \(.*$/, '')}`));

      expect(problems).toEqual([]);
    });
  }
});
