import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Locator, Page } from '@playwright/test';
import { includedTax } from '@shopfront/shared';
import { shopifyCsv } from '../../apps/api/src/modules/admin/import/testing.ts';
import { DESKTOP, MOBILE, waitForHydration } from './support/browser.ts';
import { choosePayment, continueToPayment, fillAddress, fillContact, placeOrder } from './support/checkout.ts';
import { downloadCsv } from './support/csv.ts';
import {
  openPanel,
  productPictures,
  saveForm,
  shotScreen,
  shownPictureIds,
  testStaff,
  toastSays,
} from './support/admin.ts';
import { expect, test } from './support/test.ts';

/*
 * Issue 26's "Done when", as ONE new owner walks it in one demo shop (channels India, INR, and
 * UAE, AED), each step using what the one before made: she adds a product with Size S/M/L ×
 * Colour Olive/Sage (six variants) priced in INR and AED, uploads six pictures and puts the last
 * first, publishes; a shopper (a browser of their own) finds it by search, picks M / Sage and buys
 * it with Cash on Delivery, and the owner sees that variant's stock one down; she restocks it in
 * the bulk editor and the product page shows the new count; she makes a coupon and the shopper's
 * cart takes it; she changes the standard shipping rate and the standard GST rate and a new cart
 * shows both; she exports today's orders (the shopper's is in the file); she imports 500 products
 * from a Shopify CSV, dry run first, and finds them in the product list.
 *
 * The whole journey runs twice in the same shop: at 390 px (a phone: the bulk editor's cards and
 * steppers) and again at 1280 px (the bulk editor's grid), with the width in every name it makes.
 * The owner works only by clicking and typing; API reads only check what the screens did. Each
 * step is a test in a fresh browser context: the owner signs in again where the step starts.
 * SHOTS_DIR=/work/shots/journey keeps a screenshot of each step.
 */
const OWNER = testStaff('Kavya Menon', 'owner');
const SIZES = ['S', 'M', 'L'];
const COLOURS = ['Olive', 'Sage'];
const PRICE_INR = 899; // under the demo's ₹999 free-shipping line, so a cart pays shipping
const PRICE_AED = 39;
const OPENING_STOCK = 8;
const IMPORTED = 500;

let dir: string;
const photos: string[] = [];

test.use({ shopOptions: { env: { NODE_ENV: 'test' } }, staff: [OWNER] });

test.beforeAll(async () => {
  // Six small, distinct pictures: a colour and a number each.
  dir = mkdtempSync(path.join(os.tmpdir(), 'journey-e2e-'));
  const colours = ['#4d7c0f', '#b45309', '#1d4ed8', '#be123c', '#6d28d9', '#0f766e'];
  for (const [i, colour] of colours.entries()) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="750"><rect width="600" height="750" fill="${colour}"/><text x="300" y="440" font-size="240" text-anchor="middle" fill="#fff" font-family="sans-serif">${i + 1}</text></svg>`;
    const file = path.join(dir, `shirt-${i + 1}.png`);
    writeFileSync(file, await sharp(Buffer.from(svg)).png().toBuffer());
    photos.push(file);
  }
});
test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The amount in a price text, in minor units ("₹1,234.50" → 123450). */
const minor = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100);

/** The editor's block of one variant ("M / Sage"). */
const variantRow = (page: Page, name: string) =>
  page.getByTestId('variant-row').filter({ has: page.getByText(name, { exact: true }) });

/** What the screen shows (`what` scrolled to its middle first, clear of sticky bars), as the owner or shopper sees it. */
async function screen(page: Page, name: string, what?: Locator) {
  await what?.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await shotScreen(page, name);
}

/** The shopper opens the product from the shop's search and picks a size and colour. */
async function findAndPick(page: Page, base: string, title: string, size: string, colour: string) {
  await page.goto(`${base}/search?q=${encodeURIComponent(title)}`);
  await waitForHydration(page);
  // The card's own link (its name starts with the product's), not its "Quick view: …" one.
  await page
    .getByRole('link', { name: new RegExp(`^${title}`) })
    .first()
    .click();
  await page.waitForURL((u) => u.pathname.startsWith('/product/'));
  await page.getByRole('heading', { name: title, level: 1 }).waitFor();
  await waitForHydration(page);
  for (const [group, value] of [
    [/^Size/, size],
    [/^Colour/, colour],
  ] as const) {
    const radio = page.getByRole('radiogroup', { name: group }).getByRole('radio', { name: value, exact: true });
    await radio.click();
    await expect(radio).toBeChecked();
  }
}

/** The shopper's cart page, once it has loaded. */
async function openCart(page: Page, base: string) {
  await page.goto(`${base}/cart`);
  await waitForHydration(page);
  await page.getByTestId('totals-grand').first().waitFor();
}

for (const viewport of [MOBILE, DESKTOP]) {
  const w = viewport.width;
  const title = `Monsoon Linen Shirt ${w}`;
  const picked = { size: 'M', colour: 'Sage' };
  const pickedName = `${picked.size} / ${picked.colour}`;
  // What the steps hand on to the next.
  const made = { id: '', orderNo: '', stockAfterSale: 0 };

  /** `page` at this width, signed in as the owner at `path` (a panel address). */
  const ownerAt = (page: Page, base: string, path: string) => openPanel(page, `${base}${path}`, OWNER, viewport);

  // One step after another, each building on what the one before made: a failed step skips the rest.
  test.describe.serial(`the owner's catalogue journey at ${w} px`, () => {
    test('adds a product with 3 sizes × 2 colours, prices in INR and AED, six pictures in order, and publishes it', async ({
      page,
      newPage,
      shop,
    }) => {
      test.setTimeout(180_000);
      await ownerAt(page, shop.baseUrl, '/admin/products');
      await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
      await page.getByTestId('new-product').click();
      await page.getByRole('heading', { name: 'Add product', level: 1 }).waitFor();
      await page.getByTestId('title').fill(title);
      await page.getByTestId('add-option').click();
      await page.getByTestId('option-name-0').fill('Size');
      await page.getByTestId('option-values-0').fill(SIZES.join(', '));
      await page.getByTestId('add-option').click();
      await page.getByTestId('option-name-1').fill('Colour');
      await page.getByTestId('option-values-1').fill(COLOURS.join(', '));
      await expect(page.getByTestId('variant-row')).toHaveCount(6);
      for (let i = 0; i < 6; i++) {
        await page.getByTestId(`price-${i}-INR`).fill(String(PRICE_INR));
        await page.getByTestId(`price-${i}-AED`).fill(String(PRICE_AED));
        await page.getByTestId(`opening-stock-${i}`).fill(String(OPENING_STOCK));
      }
      await screen(page, 'journey-01-product-new', page.getByTestId('variant-row').nth(4));
      // A draft first: pictures are added to a product that exists.
      await saveForm(page, 'Product created');
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      made.id = new URL(page.url()).pathname.split('/').pop()!;

      // Six pictures from the file picker, then the last one (the front view) moved to the front.
      await page.getByTestId('picture-input').setInputFiles(photos);
      await expect(page.getByTestId('picture')).toHaveCount(6, { timeout: 60_000 });
      await expect(page.getByTestId('picture-upload')).toHaveCount(0);
      const uploaded = (await productPictures(page, made.id)).pictures.map((p) => p.id);
      const cards = page.getByTestId('picture');
      // As a person does: the six shown in the order they were made, then each tap once the
      // picture moved (a tap on a card that is moving away would move its neighbour).
      await expect.poll(() => shownPictureIds(page)).toEqual(uploaded);
      for (let i = 5; i > 0; i--) {
        await cards.nth(i).getByTestId('picture-earlier').click();
        await expect.poll(async () => (await shownPictureIds(page)).indexOf(uploaded[5]!)).toBe(i - 1);
      }
      const chosen = [uploaded[5]!, ...uploaded.slice(0, 5)];
      await expect.poll(() => shownPictureIds(page)).toEqual(chosen);
      await expect.poll(async () => (await productPictures(page, made.id)).pictures.map((p) => p.id)).toEqual(chosen);
      await screen(page, 'journey-02-pictures', page.getByRole('heading', { name: 'Pictures', level: 2 }));

      await page.getByTestId('status').selectOption('published');
      await saveForm(page, 'Product saved');
      await screen(page, 'journey-03-published', page.getByTestId('status'));

      // The shop shows it: the pictures in the chosen order, the price in rupees and, on the UAE
      // channel, in dirhams.
      const look = await newPage(viewport);
      await findAndPick(look, shop.baseUrl, title, 'S', 'Olive');
      await expect.poll(async () => minor(await look.getByTestId('product-price').textContent())).toBe(PRICE_INR * 100);
      const final = (await productPictures(page, made.id)).pictures;
      const gallery = look
        .getByRole('list', { name: /images$/ })
        .first()
        .locator('img');
      await expect(gallery).toHaveCount(6);
      await expect
        .poll(() => gallery.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')?.split('/').pop())))
        .toEqual(final.map((p) => p.url.split('/').pop()));
      await screen(look, 'journey-04-shop-product', look.getByTestId('product-price'));
      // The shop's channel picker: in the header on a desktop, in the menu on a phone.
      if (viewport === MOBILE) {
        await look.getByRole('button', { name: 'Open menu' }).click();
        await look.getByTestId('channel-picker-menu').selectOption('ch_uae');
      } else {
        await look.getByTestId('channel-picker-header').selectOption('ch_uae');
      }
      await expect(look.getByTestId('product-price')).toHaveText(new RegExp(`AED\\s?${PRICE_AED}`));
      await screen(look, 'journey-05-shop-product-aed', look.getByTestId('product-price'));
    });

    test('a shopper finds it, picks a size and colour and buys it with Cash on Delivery; that stock goes down by one', async ({
      page,
      newPage,
      shop,
    }) => {
      test.setTimeout(120_000);
      const buyer = await newPage(viewport);
      await findAndPick(buyer, shop.baseUrl, title, picked.size, picked.colour);
      await buyer.locator('[data-add-to-cart="pdp"]').getByRole('button', { name: 'Buy now' }).click();
      await buyer.waitForURL((u) => u.pathname === '/checkout/address');
      await waitForHydration(buyer);
      await fillContact(buyer, { email: `journey${w}@example.test`, phone: '9876543210' });
      await fillAddress(buyer);
      await continueToPayment(buyer);
      await choosePayment(buyer, shop.baseUrl, /Cash on Delivery/i, 'cod');
      await placeOrder(buyer);
      await buyer.waitForURL((u) => u.pathname === '/checkout-complete');
      await expect(buyer.getByTestId('order-number')).toHaveText(/\S/);
      made.orderNo = ((await buyer.getByTestId('order-number').textContent()) ?? '').trim();
      expect(made.orderNo).not.toBe('');
      await screen(buyer, 'journey-06-order-placed', buyer.getByTestId('order-number'));

      // The owner's product page: M / Sage is one down, the others untouched.
      await ownerAt(page, shop.baseUrl, `/admin/products/${made.id}`);
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      made.stockAfterSale = OPENING_STOCK - 1;
      await expect(variantRow(page, pickedName)).toContainText(`${made.stockAfterSale} · change it`);
      await expect(variantRow(page, 'M / Olive')).toContainText(`${OPENING_STOCK} · change it`);
    });

    test(`restocks that variant in the bulk editor (${w === MOBILE.width ? 'the phone cards' : 'the grid'}); the product page shows it`, async ({
      page,
      shop,
    }) => {
      test.setTimeout(120_000);
      await ownerAt(page, shop.baseUrl, '/admin/products');
      await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
      await page.getByRole('searchbox').fill(title);
      await page.getByRole('searchbox').press('Enter');
      await page.getByTestId('product-row').filter({ hasText: title }).waitFor();
      await page.getByTestId('bulk-edit').click();
      await page.getByRole('heading', { name: 'Bulk edit', level: 1 }).waitFor();
      const label = `${title} ${pickedName}`;
      const stock = page.getByLabel(`Stock, ${label}`, { exact: true });
      await expect(stock).toHaveValue(String(made.stockAfterSale));
      let restocked: number;
      if (viewport === MOBILE) {
        // A delivery of twelve: +10 and two taps of +.
        await page.getByLabel(`+10, ${label}`, { exact: true }).click();
        await page.getByLabel(`One more, ${label}`, { exact: true }).click();
        await page.getByLabel(`One more, ${label}`, { exact: true }).click();
        restocked = made.stockAfterSale + 12;
      } else {
        await stock.click();
        await page.keyboard.press('ControlOrMeta+a');
        await page.keyboard.type('19');
        restocked = 19;
      }
      await expect(stock).toHaveValue(String(restocked));
      const save = page.getByTestId('bulk-save');
      await expect(save).toHaveText('Save 1 change');
      await screen(page, 'journey-07-bulk-restock', stock);
      await save.click();
      await toastSays(page, '1 change saved');
      await expect(page.getByTestId('bulk-save-bar')).toHaveCount(0);

      await page.goto(`${shop.baseUrl}/admin/products/${made.id}`);
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      await expect(variantRow(page, pickedName)).toContainText(`${restocked} · change it`);
      await screen(page, 'journey-08-product-restocked', variantRow(page, pickedName));
    });

    test("makes a coupon; the shopper's cart takes it and shows the discount", async ({ page, newPage, shop }) => {
      test.setTimeout(120_000);
      const code = `MONSOON${w}`;
      await ownerAt(page, shop.baseUrl, '/admin/coupons');
      await page.getByRole('heading', { name: 'Coupons', level: 1 }).waitFor();
      await page.getByTestId('new-coupon').click();
      await page.getByRole('heading', { name: 'New coupon', level: 1 }).waitFor();
      await page.getByTestId('code').fill(code);
      await page.getByTestId('description').fill('10% off the monsoon range');
      await page.getByTestId('value').fill('10');
      await expect(page.getByTestId('coupon-summary')).toHaveText(/^10% off/);
      await screen(page, 'journey-09-coupon-new', page.getByTestId('coupon-summary'));
      await saveForm(page, 'Coupon created');
      await page.getByRole('heading', { name: code, level: 1 }).waitFor();

      const cart = await newPage(viewport);
      await findAndPick(cart, shop.baseUrl, title, picked.size, picked.colour);
      await cart.locator('[data-add-to-cart="pdp"]').getByRole('button', { name: 'Add to cart' }).click();
      await cart.getByTestId('cart-drawer').locator('[data-cart-line]', { hasText: title }).waitFor();
      await openCart(cart, shop.baseUrl);
      await cart.getByLabel('Coupon code').fill(code.toLowerCase());
      await cart.getByRole('button', { name: 'Apply', exact: true }).click();
      await cart.getByTestId('applied-coupon').getByText(code).waitFor();
      await expect
        .poll(async () => minor(await cart.getByTestId('totals-coupon').first().textContent()))
        .toBe(
          PRICE_INR * 10, // 10% of ₹899.00, in paise
        );
      await screen(cart, 'journey-10-cart-coupon', cart.getByTestId('totals-coupon').first());
    });

    test('changes the standard shipping rate and the GST rate; a new cart shows both', async ({
      page,
      newPage,
      shop,
    }) => {
      test.setTimeout(120_000);
      const rate = w === MOBILE.width ? 89 : 99;
      const gst = w === MOBILE.width ? 18 : 5;
      await ownerAt(page, shop.baseUrl, '/admin/shipping');
      await page.getByRole('heading', { name: 'Shipping', level: 1 }).waitFor();
      const india = page.locator('[data-testid="zone-card"][data-zone="India"]');
      await india.locator('[data-method="standard"]').click();
      const editor = page.getByTestId('method-editor');
      await editor.waitFor();
      await editor.getByTestId('method-price').fill(String(rate));
      await screen(page, 'journey-11-shipping-rate');
      await editor.getByTestId('save-shipping').click();
      await toastSays(page, 'Shipping method saved');
      await expect(india.getByTestId('method-row').first()).toContainText(`₹${rate}`);

      await page.goto(`${shop.baseUrl}/admin/tax`);
      await page.getByRole('heading', { name: 'Tax', level: 1 }).waitFor();
      const standard = page.getByRole('form', { name: 'Tax class Standard' });
      await standard.getByLabel('Rate of Standard in percent').fill(String(gst));
      await standard.getByRole('button', { name: 'Save' }).click();
      await toastSays(page, /saved/i);
      await screen(page, 'journey-12-gst-rate', standard);

      // A new shopper's cart with the shirt: the new rate, and GST at the new rate on the shirt and
      // on the shipping (the standard class taxes shipping too).
      const fresh = await newPage(viewport);
      await findAndPick(fresh, shop.baseUrl, title, picked.size, picked.colour);
      await fresh.locator('[data-add-to-cart="pdp"]').getByRole('button', { name: 'Add to cart' }).click();
      await fresh.getByTestId('cart-drawer').locator('[data-cart-line]', { hasText: title }).waitFor();
      await openCart(fresh, shop.baseUrl);
      await expect
        .poll(async () => minor(await fresh.getByTestId('totals-shipping').first().textContent()))
        .toBe(rate * 100);
      const tax = includedTax(PRICE_INR * 100, gst) + includedTax(rate * 100, gst);
      await expect.poll(async () => minor(await fresh.getByTestId('totals-tax').first().textContent())).toBe(tax);
      await screen(fresh, 'journey-13-cart-new-rates', fresh.getByTestId('totals-tax').first());
    });

    test("exports today's orders; the file has the shopper's order", async ({ page, shop }) => {
      await ownerAt(page, shop.baseUrl, '/admin/orders');
      await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
      await page.getByTestId('orders-list').waitFor();
      await page.getByTestId('orders-export-open').click();
      const sheet = page.getByTestId('orders-export');
      await sheet.waitFor();
      await expect(sheet.getByRole('radio', { name: 'Today' })).toBeChecked();
      await sheet.getByRole('checkbox', { name: /Every status/ }).check();
      await screen(page, 'journey-14-orders-export');
      const file = await downloadCsv(page, () => sheet.getByRole('link', { name: 'Download CSV' }).click());
      const ours = file.records.filter((r) => r['Order no'] === made.orderNo);
      expect(ours.length).toBeGreaterThan(0);
      expect(ours[0]).toMatchObject({ Currency: 'INR' });
    });

    test(`imports ${IMPORTED} products from a Shopify CSV, dry run first; the product list shows them`, async ({
      page,
      shop,
    }) => {
      test.setTimeout(330_000);
      const prefix = `jour${w}`;
      await ownerAt(page, shop.baseUrl, '/admin/products');
      await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
      await page.getByTestId('import-products').click();
      await page.getByRole('heading', { name: 'Import products', level: 1 }).waitFor();
      const csv = shopifyCsv(IMPORTED, { prefix, bom: true });
      await page
        .getByTestId('import-file')
        .setInputFiles({ name: 'products_export.csv', mimeType: 'text/csv', buffer: csv });
      const checked = Date.now();
      await page.getByRole('button', { name: 'Check file' }).click();
      await page.getByTestId('import-report').waitFor({ timeout: 60_000 });
      const dryRunMs = Date.now() - checked;
      await expect(page.getByTestId('import-count-create').locator('dd')).toHaveText(String(IMPORTED));
      await expect(page.getByTestId('import-count-error').locator('dd')).toHaveText('0');
      await screen(page, 'journey-15-import-dry-run', page.getByTestId('import-report'));

      const started = Date.now();
      await page.getByTestId('import-start').click();
      // A bounded wait for the job: the progress line moves until the Done link shows.
      await page.getByTestId('import-done').waitFor({ timeout: 240_000 });
      const importMs = Date.now() - started;
      console.info(`[journey ${w}px] ${IMPORTED}-product import: dry run ${dryRunMs} ms, import ${importMs} ms`);
      await expect(page.getByTestId('import-progress-text')).toContainText(
        `${IMPORTED} of ${IMPORTED} products · ${IMPORTED} saved`,
      );
      await screen(page, 'journey-16-import-done', page.getByTestId('import-done'));

      await page.getByTestId('import-done').click();
      await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
      for (const n of [1, IMPORTED]) {
        await page.locator('#product-search').fill(`${prefix.toUpperCase()}-${n}-S`);
        await page.locator('#product-search').press('Enter');
        await page
          .getByTestId('product-row')
          .filter({ hasText: `Cotton Tee ${n}` })
          .first()
          .waitFor();
      }
      await screen(page, 'journey-17-imported-in-list');
    });
  });
}
