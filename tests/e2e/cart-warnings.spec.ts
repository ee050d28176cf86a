import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { DESKTOP, waitForHydration } from './support/browser.ts';
import { startShop, type RunningShop } from './support/server.ts';
import { expect, test } from './support/test.ts';

/**
 * The cart's warnings (spec section 3 cart store flags: prices updated, stock valid, out-of-stock
 * items): a price and a stock level change while a cart waits, as a shop owner's edit would make
 * them. The shop has no admin API for prices yet, so the test stops the shop, edits its database
 * and starts it again on the same data (cookies are per host, not per port: the cart stays).
 * The same way, the AbandonedCart plugin is uninstalled to check that its consent is not asked for.
 * Its own shop (not the `shop` fixture), on a DATA_DIR of its own so that it can be restarted.
 */
let dataDir = '';
let shop: RunningShop | undefined;

test.beforeAll(async () => {
  // Starting a shop is not a test's time.
  test.setTimeout(240_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'shopfront-e2e-cart-warnings-'));
  shop = await startShop({ env: { DATA_DIR: dataDir } });
});
test.afterAll(async () => {
  await shop?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Stops the shop, runs `edit` on its database, and starts it again on the same data. */
async function editWhileStopped(edit: (db: PGlite) => Promise<void>): Promise<RunningShop> {
  await shop?.stop();
  shop = undefined;
  const db = await PGlite.create(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
  try {
    await edit(db);
  } finally {
    await db.close();
  }
  shop = await startShop({ env: { DATA_DIR: dataDir } });
  return shop;
}

async function variantOf(base: string, slug: string): Promise<string> {
  const res = await fetch(`${base}/api/product/single-product/${slug}`);
  const body = (await res.json()) as { data: { variants: { id: string; is_default: boolean }[] } };
  return body.data.variants.find((v) => v.is_default)!.id;
}

test.describe('cart warnings', () => {
  test('a raised price asks to accept the new prices; a short line offers to reduce to what is left', async ({
    page,
  }) => {
    // The shop restarts halfway (stopped, edited, booted again): that boot is not the test's time.
    test.setTimeout(120_000);
    let base = shop!.baseUrl;
    const shirt = await variantOf(base, 'linen-camp-shirt');
    const mug = await variantOf(base, 'stoneware-coffee-mug');
    await page.setViewportSize(DESKTOP);
    for (const slug of ['linen-camp-shirt', 'stoneware-coffee-mug']) {
      await page.goto(`${base}/product/${slug}`);
      await waitForHydration(page);
      await page.locator('[data-add-to-cart="pdp"]').getByRole('button', { name: 'Add to cart' }).click();
      await page.getByTestId('cart-drawer').locator('[data-added="true"]').waitFor();
    }
    await page.goto(`${base}/cart`);
    await waitForHydration(page);
    const lines = page.locator('main [data-cart-lines]');
    const shirtLine = lines.locator(`[data-product-id="${shirt}"]`);
    const mugLine = lines.locator(`[data-product-id="${mug}"]`);
    for (const want of ['2', '3']) {
      await shirtLine.getByRole('button', { name: 'Increase quantity of Linen Camp Shirt' }).click();
      await expect(shirtLine.getByTestId('line-quantity')).toHaveText(want);
    }
    await page.getByRole('main').getByRole('link', { name: 'Continue', exact: true }).first().waitFor();
    const mugPrice = await mugLine.getByTestId('line-total').textContent();

    // The owner raises the mug's price by ₹100 and sells all but one of the shirts.
    base = (
      await editWhileStopped(async (db) => {
        await db.query(
          'update variant_channels set selling_price_minor = selling_price_minor + 10000 where variant_id = $1',
          [mug],
        );
        await db.query('update variants set stock = 1 where id = $1', [shirt]);
      })
    ).baseUrl;

    await page.goto(`${base}/cart`);
    await waitForHydration(page);
    // Prices updated: the line says from what to what, the cart asks to accept.
    await page.locator('[data-cart-warning="prices"]').waitFor();
    await expect(mugLine.locator('[data-line-warning="price"]')).toContainText(`Price changed from ${mugPrice}`);
    // Stock: the short line says how many are left and offers the fix.
    await page.locator('[data-cart-warning="stock"]').waitFor();
    await shirtLine.locator('[data-line-warning="stock"]').getByText('Only 1 left in stock').waitFor();
    // Continue waits until both are dealt with.
    await expect(page.getByTestId('continue-blocker')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Continue', exact: true })).toHaveCount(0);
    if (process.env.CART_SHOTS_DIR) {
      await page.screenshot({ path: path.join(process.env.CART_SHOTS_DIR, 'cart-warnings-1280.png'), fullPage: true });
    }

    await shirtLine.getByRole('button', { name: 'Reduce to 1' }).click();
    await expect(shirtLine.getByTestId('line-quantity')).toHaveText('1');
    await page.locator('[data-cart-warning="stock"]').waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Accept new prices' }).click();
    await page.locator('[data-cart-warning="prices"]').waitFor({ state: 'hidden' });
    await expect(mugLine.locator('[data-line-warning="price"]')).toHaveCount(0);
    await page.getByRole('main').getByRole('link', { name: 'Continue', exact: true }).first().waitFor();
    await expect(page.getByTestId('continue-blocker')).toHaveCount(0);
  });

  test('without the AbandonedCart plugin the address step asks for no reminder consent, and saves none', async ({
    page,
  }) => {
    // The shop restarts first (stopped, edited, booted again): that boot is not the test's time.
    test.setTimeout(120_000);
    const { baseUrl: base } = await editWhileStopped(async (db) => {
      await db.query("update plugins set is_installed = false where module_name = 'AbandonedCart'");
    });

    await page.setViewportSize(DESKTOP);
    await page.goto(`${base}/product/brass-desk-lamp`);
    await waitForHydration(page);
    await page.locator('[data-add-to-cart="pdp"]').getByRole('button', { name: 'Buy now' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout/address');
    await waitForHydration(page);
    const contact = page.locator('[data-checkout-part="contact"]');
    await contact.getByLabel('Email').fill('no-plugin@example.test');
    await expect(contact.getByRole('checkbox')).toHaveCount(0);
    // Continue saves the contact even while the address is still missing.
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByTestId('address-missing').waitFor();
    const res = await page.context().request.get(`${base}/api/cart/get`);
    const cart = ((await res.json()) as { data: { email: string | null; marketing_consent: boolean } }).data;
    expect(cart).toMatchObject({ email: 'no-plugin@example.test', marketing_consent: false });
  });
});
