import type { Page } from '@playwright/test';
import { CHANNEL_COOKIE, CSRF_HEADER, CSRF_HEADER_VALUE, adminChannelMessages } from '@shopfront/shared';
import { DESKTOP, MOBILE } from './support/browser.ts';
import { axeProblems, openPanel, shot, shotScreen, sidebarLink, toastSays } from './support/admin.ts';
import { createProduct, type ProductFixtureRef } from './support/fixtures.ts';
import { OWNER, expect, test } from './support/test.ts';

/*
 * Channels (issue 28) on the demo shop (India, INR, the storefront's; UAE, AED): at 390 and
 * 1280 px the owner adds a channel (a currency in small letters told beside its field), sees it
 * listed and its price column in a product's editor, renames it, is told why the storefront's
 * channel cannot be deleted, prices a product in the new one, and deletes it: the confirmation
 * says a shopper's cart there moves to the default channel, and the cart does.
 * SHOTS_DIR=/work/shots/channels keeps screenshots of the list and the add sheet at both widths.
 */
let product: ProductFixtureRef;
test.use({
  shopOptions: {
    prepare: async (data) => {
      product = await createProduct(data, { name: 'Channel Check Tee', price: 899 });
    },
  },
  staff: [OWNER],
});

/** A place of the panel through its own navigation (the page is not reloaded, so its queries are kept). */
async function goTo(page: Page, phone: boolean, place: string) {
  if (phone) {
    await page.getByRole('button', { name: 'More', exact: true }).click();
    await page.getByRole('dialog').getByRole('link', { name: place, exact: true }).click();
  } else {
    await (await sidebarLink(page, 'Shop', place)).click();
  }
  await page.getByRole('heading', { level: 1, name: place }).waitFor();
}

test.describe('Channels', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`at ${viewport.width} px: the owner adds, prices, renames and deletes a channel; the storefront's is kept`, async ({
      page,
      shop,
    }) => {
      const phone = viewport === MOBILE;
      const name = phone ? 'Gulf Trade' : 'Gulf Wholesale';
      const problems = await openPanel(page, `${shop.baseUrl}/admin/products/${product.id}`, OWNER, viewport);
      await expect(page.getByTestId('price-0-INR')).toBeVisible();
      await expect(page.getByTestId('price-0-USD')).toHaveCount(0);

      await goTo(page, phone, 'Channels');
      const cards = page.getByTestId('channel-card');
      const india = cards.filter({ has: page.getByRole('heading', { name: 'India', exact: true }) });
      await expect(india).toContainText('Storefront');
      await expect(india).toContainText('INR');

      // Add: the country's currency is offered; one in small letters is told beside its field.
      await page.getByTestId('new-channel').click();
      const sheet = page.getByTestId('channel-sheet');
      await sheet.getByLabel('Name', { exact: true }).fill(name);
      await sheet.getByLabel('Country', { exact: true }).selectOption('AE');
      await expect(sheet.getByLabel('Currency code', { exact: true })).toHaveValue('AED');
      await sheet.getByLabel('Currency code', { exact: true }).fill('usd');
      await sheet.getByRole('button', { name: 'Add channel' }).click();
      await expect(sheet.getByText(adminChannelMessages.currency)).toBeVisible();
      await expect(sheet.getByLabel('Currency code', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await sheet.getByLabel('Currency code', { exact: true }).fill('USD');
      await shotScreen(page, 'channels-add');
      expect(await axeProblems(page)).toEqual([]);
      await sheet.getByRole('button', { name: 'Add channel' }).click();
      await toastSays(page, 'Channel added');
      const added = cards.filter({ has: page.getByRole('heading', { name, exact: true }) });
      await expect(added).toContainText('USD');
      await expect(added).toContainText('No products priced');
      // The list as it rests (the toast gone), and its end above the phone's bottom bar.
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
      await shot(page, 'channels');
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await shotScreen(page, 'channels-end');
      expect(await axeProblems(page)).toEqual([]);

      // The product editor opened before now has a USD price column.
      await page.goBack();
      await expect(page.getByTestId('price-0-USD')).toBeVisible();
      await expect(page.getByLabel('Price (USD)').first()).toBeVisible();
      await page.goForward();
      await page.getByRole('heading', { level: 1, name: 'Channels' }).waitFor();

      // Rename.
      await added.getByRole('button', { name: `Edit ${name}` }).click();
      await sheet.getByLabel('Name', { exact: true }).fill(`${name} USD`);
      await sheet.getByRole('button', { name: 'Save channel' }).click();
      await toastSays(page, 'Channel saved');
      const renamed = cards.filter({ has: page.getByRole('heading', { name: `${name} USD`, exact: true }) });
      await expect(renamed).toBeVisible();

      // The storefront's channel is refused, with the reason.
      await india.getByRole('button', { name: 'Delete India' }).click();
      const confirm = page.getByTestId('delete-channel-dialog');
      await confirm.getByRole('button', { name: 'Delete channel' }).click();
      await expect(confirm.getByText(adminChannelMessages.storefrontChannel)).toBeVisible();
      await confirm.getByRole('button', { name: 'Keep it' }).click();
      await expect(confirm).toBeHidden();
      await expect(india).toBeVisible();

      // Settings → Channels (the default channel, the picker) and this screen link to each other.
      await page.getByRole('link', { name: 'Default channel and the store picker' }).click();
      await page.getByRole('heading', { level: 1, name: 'Channels' }).waitFor();
      await expect(page.getByLabel('Default channel')).toBeVisible();
      await shotScreen(page, 'settings-channels');
      await page.getByRole('link', { name: /Add, rename or delete channels/ }).click();
      await expect(page).toHaveURL(/\/admin\/channels$/);

      // A shopper fills a cart in the new channel, with the tee priced there from its editor.
      const id = (await renamed.getAttribute('data-channel'))!;
      await page.goto(`${shop.baseUrl}/admin/products/${product.id}`);
      await page.getByTestId('price-0-USD').fill('12');
      await page.getByTestId('save').click();
      await toastSays(page, 'Product saved');
      const shopper = { cookie: `${CHANNEL_COOKIE}=${id}`, [CSRF_HEADER]: CSRF_HEADER_VALUE };
      const filled = await fetch(`${shop.baseUrl}/api/cart/add-item`, {
        method: 'POST',
        headers: { ...shopper, 'content-type': 'application/json' },
        body: JSON.stringify({ product_id: product.variants[0]!.id, quantity: 1 }),
      });
      expect(filled.status, await filled.text()).toBe(200);
      // The cart's cookies, as the shopper's browser keeps them.
      const cartCookie = filled.headers
        .getSetCookie()
        .map((c) => c.split(';')[0]!)
        .join('; ');
      await page.goto(`${shop.baseUrl}/admin/channels`);

      // The new one goes; its cart moves to the default channel (India), as the confirmation says.
      await renamed.getByRole('button', { name: `Delete ${name} USD` }).click();
      await expect(confirm.getByTestId('delete-channel-carts')).toHaveText(
        'The cart in it moves to India, priced there; items not sold in India are taken out of it.',
      );
      await shotScreen(page, 'channels-delete-carts');
      await confirm.getByRole('button', { name: 'Delete channel' }).click();
      await toastSays(page, 'Channel deleted');
      await expect(renamed).toHaveCount(0);
      await expect(cards).toHaveCount(2);
      const cart = await fetch(`${shop.baseUrl}/api/cart/get`, {
        headers: { ...shopper, cookie: `${shopper.cookie}; ${cartCookie}` },
      });
      expect(((await cart.json()) as { data: { currency: string; items: unknown[] } }).data).toMatchObject({
        currency: 'INR',
        // Priced in India now: ₹899, not the channel's 12 USD.
        items: [
          expect.objectContaining({
            product: expect.objectContaining({ id: product.id }),
            unit_price: expect.objectContaining({ amount: 89900 }),
          }),
        ],
      });
      // Expected: the panel asking "am I signed in?" before the sign-in (401) and the refusal above (409).
      const expected = (p: string) =>
        p === 'http 401: /api/admin/auth/me' ||
        p.includes('http 409: /api/admin/channels/') ||
        /status of (401|409)/.test(p);
      expect(problems.filter((p) => !expected(p))).toEqual([]);
      expect(problems).toContain(`http 409: /api/admin/channels/ch_web`);
    });
  }
});
