import type { Locator, Page } from '@playwright/test';
import { MOBILE, waitForHydration, watchForProblems } from './support/browser.ts';
import { logInThroughDialog, registerCustomer, waitForToast as toast } from './support/customers.ts';
import { expect, test } from './support/test.ts';

/** The shipping or billing section of the address book. */
const section = (page: Page, type: 'Shipping' | 'Billing') => page.locator(`[data-address-section="${type}"]`);
const cards = (s: Locator) => s.locator('[data-address-id]');

/** Problems the shopper would not see but should not happen; 401s of a guest's first visit are expected. */
const unexpected = (problems: string[]) => problems.filter((p) => !/http 401: \/api\/(account|wishlist)\//.test(p));

/** Logs the page's browser in without the dialog (the next page load is a signed-in one). */
const logInByApi = (page: Page, who: { email: string; password: string }) =>
  page.evaluate(async (w) => {
    await fetch('/api/auth/login', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'shopfront',
      },
      body: JSON.stringify({ email: w.email, password: w.password }),
    });
  }, who);

test.describe('address book', () => {
  test('log in from the account page, add an address (with field errors first), edit it, set another as default, delete one', async ({
    page,
    shop,
  }) => {
    const who = await registerCustomer(shop.baseUrl, 'Asha');
    const problems = await watchForProblems(page);
    await page.goto(`${shop.baseUrl}/account/addresses`);
    await waitForHydration(page);
    // A guest gets the login dialog and comes back here afterwards.
    await logInThroughDialog(page, who);
    await page.getByRole('heading', { level: 1, name: 'Addresses' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/account/addresses');
    await section(page, 'Shipping').getByText('No shipping address saved yet.').waitFor();

    // Add: an empty form shows the spec's message beside each required field, nothing is sent.
    await section(page, 'Shipping').getByRole('button', { name: 'Add a shipping address' }).click();
    const dialog = page.getByTestId('address-dialog');
    await dialog.getByRole('heading', { name: 'Add Address' }).waitFor();
    await dialog.getByRole('button', { name: 'Save Address' }).click();
    await expect.poll(() => dialog.locator('[data-field-error]').count()).toBeGreaterThanOrEqual(6);
    await expect(dialog.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('This field is required').first()).toBeVisible();

    await dialog.getByLabel('First Name').fill('Asha');
    await dialog.getByLabel('Last Name').fill('Rao');
    await dialog.getByLabel('Phone', { exact: true }).fill('98765');
    await dialog.getByLabel('Address Line 1').fill('12 Residency Road');
    await dialog.getByLabel('City').fill('Bengaluru');
    await dialog.getByLabel('Postcode').fill('560025');
    await expect(dialog.getByLabel('Country', { exact: true })).not.toHaveValue('');
    await dialog.getByLabel('State').selectOption({ label: 'Karnataka' });
    await dialog.getByRole('button', { name: 'Save Address' }).click();
    // The phone has the country's length (10 for India).
    await dialog.getByText('The value length should be at least 10').waitFor();
    await dialog.getByLabel('Phone', { exact: true }).fill('9876543210');
    await dialog.getByLabel('Phone', { exact: true }).blur();
    await dialog.getByRole('button', { name: 'Save Address' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await toast(page, 'Address saved');

    const shipping = section(page, 'Shipping');
    await expect(cards(shipping)).toHaveCount(1);
    const first = cards(shipping).first();
    await expect(first).toHaveAttribute('data-default', 'true');
    await expect(first.getByText('Default', { exact: true })).toBeVisible();
    await first.getByText('Bengaluru, Karnataka 560025').waitFor();

    // Edit.
    await first.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByRole('heading', { name: 'Edit Address' }).waitFor();
    await expect(dialog.getByLabel('Address Line 1')).toHaveValue('12 Residency Road');
    await dialog.getByLabel('City').fill('Mysuru');
    await dialog.getByLabel('Postcode').fill('570001');
    await dialog.getByRole('button', { name: 'Save Address' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await toast(page, 'Address updated');
    await first.getByText('Mysuru, Karnataka 570001').waitFor();

    // A second address is not the default until asked; then the badge moves to it.
    await shipping.getByRole('button', { name: 'Add a shipping address' }).click();
    await dialog.getByRole('heading', { name: 'Add Address' }).waitFor();
    await dialog.getByLabel('First Name').fill('Ravi');
    await dialog.getByLabel('Last Name').fill('Rao');
    await dialog.getByLabel('Phone', { exact: true }).fill('9123456780');
    await dialog.getByLabel('Address Line 1').fill('221 Indiranagar 100 Feet Road');
    await dialog.getByLabel('City').fill('Bengaluru');
    await dialog.getByLabel('Postcode').fill('560038');
    await dialog.getByLabel('State').selectOption({ label: 'Karnataka' });
    await dialog.getByRole('button', { name: 'Save Address' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(cards(shipping)).toHaveCount(2);
    const ravi = shipping.locator('[data-address-id]', { hasText: 'Ravi Rao' });
    await expect(ravi).toHaveAttribute('data-default', 'false');
    await ravi.getByRole('button', { name: 'Set as default' }).click();
    await toast(page, 'Address updated');
    await page.waitForFunction(() =>
      document.querySelector('[data-address-section="Shipping"] [data-default="true"]')?.textContent?.includes('Ravi'),
    );
    const asha = shipping.locator('[data-address-id]', { hasText: 'Asha Rao' });
    await expect(asha).toHaveAttribute('data-default', 'false');
    await expect(shipping.locator('[data-default="true"]')).toHaveCount(1);

    // Delete, after a confirmation.
    await asha.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByTestId('address-delete-dialog');
    await confirm.getByRole('heading', { name: 'Delete this address?' }).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Address deleted');
    await expect(cards(shipping)).toHaveCount(1);

    // It was all saved on the server.
    await page.reload();
    await waitForHydration(page);
    await expect(cards(section(page, 'Shipping'))).toHaveCount(1);
    await expect(cards(section(page, 'Shipping')).first()).toHaveAttribute('data-default', 'true');
    await section(page, 'Shipping').getByText('Ravi Rao').waitFor();
    expect(unexpected(problems)).toEqual([]);
  });
});

test.describe('wishlist', () => {
  const heart = (page: Page, name: string) => page.getByRole('button', { name: `${name} wishlist` }).first();

  test('a guest’s heart opens the login dialog; after logging in they are back on the product with it saved, and see it on /account/wishlist', async ({
    page,
    shop,
  }) => {
    const who = await registerCustomer(shop.baseUrl, 'Meera');
    await page.setViewportSize(MOBILE);
    const problems = await watchForProblems(page);
    await page.goto(`${shop.baseUrl}/product/linen-camp-shirt?variant=nope`);
    await waitForHydration(page);
    await heart(page, 'Add Linen Camp Shirt to').click();
    await logInThroughDialog(page, who);
    // Back on the same page (path and query), and the heart is filled once the wishlist loads.
    await page.waitForURL((url) => url.pathname === '/product/linen-camp-shirt');
    expect(new URL(page.url()).search).toBe('?variant=nope');
    await page.getByRole('heading', { level: 1, name: 'Linen Camp Shirt' }).waitFor();
    const saved = heart(page, 'Remove Linen Camp Shirt from');
    await saved.waitFor();
    await expect(saved).toHaveAttribute('aria-pressed', 'true');
    await toast(page, 'Added to your wishlist');

    // A customer saves a second product straight from its page.
    await page.goto(`${shop.baseUrl}/product/stoneware-coffee-mug`);
    await waitForHydration(page);
    await heart(page, 'Add Stoneware Coffee Mug to').click();
    await heart(page, 'Remove Stoneware Coffee Mug from').waitFor();

    // The listing's cards show the saved hearts on load.
    await page.goto(`${shop.baseUrl}/shop-online`);
    await waitForHydration(page);
    await page.locator('[data-wishlist-heart][data-saved="true"]').first().waitFor();

    await page.goto(`${shop.baseUrl}/account/wishlist`);
    await waitForHydration(page);
    await page.getByTestId('wishlist-count').filter({ hasText: '2 products' }).waitFor();
    const grid = page.locator('[data-wishlist-grid]');
    await expect(grid.locator('.product-card h3')).toHaveText(['Stoneware Coffee Mug', 'Linen Camp Shirt']);

    await grid
      .getByRole('button', {
        name: 'Remove Stoneware Coffee Mug from wishlist',
      })
      .last()
      .click();
    await toast(page, 'Removed from your wishlist');
    await page.getByTestId('wishlist-count').filter({ hasText: '1 product' }).waitFor();
    // Un-ticking the heart on the card removes it too; then the empty state links to the shop.
    await grid.getByRole('button', { name: 'Remove Linen Camp Shirt from wishlist' }).first().click();
    const empty = page.locator('[data-wishlist-empty]');
    await empty.getByText('Your wishlist is empty').waitFor();
    await expect(empty.getByRole('link', { name: 'Browse the shop' })).toHaveAttribute('href', '/shop-online');

    await page.reload();
    await waitForHydration(page);
    await page.locator('[data-wishlist-empty]').waitFor();
    expect(unexpected(problems)).toEqual([]);
  });

  test('a heart clicked while the wishlist is still loading is saved once it has loaded', async ({ page, shop }) => {
    const who = await registerCustomer(shop.baseUrl, 'Ravi');
    await page.setViewportSize(MOBILE);
    await page.goto(`${shop.baseUrl}/product/stoneware-coffee-mug`);
    await waitForHydration(page);
    await logInByApi(page, who);

    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let asked = false;
    await page.route('**/api/wishlist/get', async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => asked).toBe(true);
    await heart(page, 'Add Stoneware Coffee Mug to').click();
    // Shown saved at once, while the saved ids are still on their way; then saved for real.
    await heart(page, 'Remove Stoneware Coffee Mug from').waitFor();
    release();
    await toast(page, 'Added to your wishlist');
    await page.unroute('**/api/wishlist/get');
    await page.reload();
    await waitForHydration(page);
    await heart(page, 'Remove Stoneware Coffee Mug from').waitFor();
  });

  test('puts the heart back and says why when saving fails', async ({ page, shop }) => {
    const who = await registerCustomer(shop.baseUrl, 'Kiran');
    await page.goto(`${shop.baseUrl}/product/brass-desk-lamp`);
    await waitForHydration(page);
    await logInByApi(page, who);
    await page.reload();
    await waitForHydration(page);

    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/wishlist/add', async (route) => {
      await held;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          status: 'error',
          message: 'An unexpected error occurred',
          request_id: 'test',
        }),
      });
    });
    await heart(page, 'Add Brass Desk Lamp to').click();
    // Optimistic: filled at once, while the request is still on its way.
    const pressed = page.getByRole('button', { name: 'Remove Brass Desk Lamp from wishlist' }).first();
    await pressed.waitFor();
    release();
    await toast(page, 'An unexpected error occurred');
    await heart(page, 'Add Brass Desk Lamp to').waitFor();
    await expect(heart(page, 'Add Brass Desk Lamp to')).toHaveAttribute('aria-pressed', 'false');
    await page.unroute('**/api/wishlist/add');
  });
});
