import type { Page } from '@playwright/test';
import { DESKTOP, MOBILE } from './support/browser.ts';
import { axeProblems, openPanel, shot, testStaff, toastSays, type TestStaff } from './support/admin.ts';
import { OWNER, expect, test, type Viewport } from './support/test.ts';

/*
 * The owner's screens of the panel (issue 25) on the demo shop: Home as a dashboard by role,
 * Customers (search, Load more, a customer's page, a note, block and unblock) and Activity read
 * as sentences. SHOTS_DIR=/work/shots/owner-screens keeps a screenshot of each at 390 and 1280 px.
 */
const PACKER = testStaff('Ravi Kumar', 'packer');
const EDITOR = testStaff('Asha Rao', 'content_editor');

test.use({
  shopOptions: {
    env: { NODE_ENV: 'test' },
    prepare: async (data) => {
      // More customers than a page holds, so "Load more" has something to load.
      await data.db.query(
        `insert into customers (first_name, last_name, email, phone)
         select 'Priya', 'Shopper ' || g, 'priya.shopper' || g || '@example.test', '98' || lpad(g::text, 8, '0')
         from generate_series(1, 60) g`,
      );
    },
  },
  // A tuple: Playwright reads an array whose second item is an object as [value, options].
  staff: [[OWNER, PACKER, EDITOR], { scope: 'test' }],
});

/** `page` signed in as `staff` at `path`; answers its problems from sign-in on. */
async function signedIn(page: Page, base: string, staff: TestStaff, viewport: Viewport, path = '/admin/') {
  return openPanel(page, `${base}${path}`, staff, viewport);
}

const unexpected = (problems: string[]) =>
  problems.filter(
    (p) =>
      p !== 'http 401: /api/admin/auth/me' &&
      !p.startsWith('console: Failed to load resource: the server responded with a status of 401'),
  );

/** Nothing wider than the screen (no sideways scrolling, no word pushed out of view). */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test.describe('the owner’s screens', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`home at ${viewport.width} px: an owner sees the orders waiting as tiles and the sales; a tile opens its tab`, async ({
      page,
      shop,
    }) => {
      const problems = await signedIn(page, shop.baseUrl, OWNER, viewport);
      await page.getByRole('heading', { name: 'Hello, Meera', level: 1 }).waitFor();
      const tile = page.getByTestId('tile-to_pack');
      await tile.locator('text=/^\\d+$/').waitFor();
      await page.getByTestId('tile-refund_requested').waitFor();
      await page.getByTestId('sales-today').waitFor();
      await expect(page.getByTestId('sales-7d')).toHaveText(/₹/);
      const box = (await tile.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(64);
      await expect.poll(() => fitsWidth(page)).toBe(true);
      await shot(page, 'home-owner');
      expect(await axeProblems(page)).toEqual([]);
      const n = (await tile.locator('span.text-3xl').textContent())!;
      await tile.click();
      await page.locator('[data-testid="tab-to_pack"][aria-current="page"]').waitFor();
      await expect(page.getByTestId('tab-to_pack')).toContainText(n);
      expect(unexpected(problems)).toEqual([]);
    });
  }

  test('home for a packer: to pack / to ship, no sales; for a content editor: their places', async ({
    page,
    newPage,
    shop,
  }) => {
    const packer = { page, problems: await signedIn(page, shop.baseUrl, PACKER, MOBILE) };
    await packer.page.getByTestId('tile-to_ship').locator('text=/^\\d+$/').waitFor();
    await expect(packer.page.getByTestId('tile-refund_requested')).toHaveCount(0);
    await expect(packer.page.getByTestId('sales-today')).toHaveCount(0);
    await shot(packer.page, 'home-packer');
    expect(unexpected(packer.problems)).toEqual([]);

    const editorPage = await newPage();
    const editor = { page: editorPage, problems: await signedIn(editorPage, shop.baseUrl, EDITOR, MOBILE) };
    await editor.page.getByRole('heading', { name: 'What you can do here' }).waitFor();
    await expect(editor.page.getByTestId('order-tiles')).toHaveCount(0);
    await shot(editor.page, 'home-editor');
    expect(unexpected(editor.problems)).toEqual([]);
  });

  test('customers at 390 px: search, Load more, a customer’s page, a note, block (with a confirm) and unblock', async ({
    page,
    shop,
  }) => {
    const problems = await signedIn(page, shop.baseUrl, OWNER, MOBILE, '/admin/customers');
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    const rows = page.getByTestId('customer-row');
    await rows.first().waitFor();
    await expect(rows).toHaveCount(50);
    const first = await rows.count();
    const card = (await rows.first().getByRole('link').boundingBox())!;
    expect(card.height).toBeGreaterThanOrEqual(44);
    expect(card.width).toBeGreaterThan(340);
    await expect.poll(() => fitsWidth(page)).toBe(true);
    await shot(page, 'customers');
    expect(await axeProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => rows.count()).toBeGreaterThan(first);
    await page.getByText('That is every customer.').waitFor();

    // The demo's customer, by part of the phone number; then by name.
    await page.getByLabel('Search customers').fill('98765');
    await page.getByLabel('Search customers').press('Enter');
    await page.waitForURL(/\?q=98765/);
    await page.locator('[data-testid="customers-list"][aria-busy="false"]').waitFor();
    await expect(rows).toHaveCount(1);
    const name = (await rows.first().locator('span.truncate').first().textContent())!;
    await page.getByLabel('Search customers').fill(name.split(' ')[0]!);
    await page.getByLabel('Search customers').press('Enter');
    await page.waitForURL(new RegExp(`q=${name.split(' ')[0]}`));
    await page.locator('[data-testid="customers-list"][aria-busy="false"]').waitFor();
    await rows.filter({ hasText: name }).first().waitFor();
    await rows.filter({ hasText: name }).first().getByRole('link').click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByTestId('note-form').waitFor();
    await shot(page, 'customer');
    expect(await axeProblems(page)).toEqual([]);

    await page.getByLabel('Add a note').fill('Prefers delivery after 6 pm.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await toastSays(page, 'Note added');
    await page.getByTestId('customer-notes').getByText('Prefers delivery after 6 pm.').waitFor();

    await page.getByRole('button', { name: 'Block sign-in' }).click();
    const dialog = page.getByTestId('block-dialog');
    await dialog.getByText('They can no longer sign in').waitFor();
    await shot(page, 'customer-block-dialog');
    expect(await axeProblems(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Block sign-in' }).click();
    await toastSays(page, 'The customer can no longer sign in');
    await page.getByTestId('blocked').waitFor();
    await shot(page, 'customer-blocked');
    await page.getByRole('button', { name: 'Unblock sign-in' }).click();
    await page.getByTestId('block-dialog').getByRole('button', { name: 'Unblock' }).click();
    await toastSays(page, 'The customer can sign in again');
    await expect(page.getByTestId('blocked')).toHaveCount(0);
    expect(unexpected(problems)).toEqual([]);
  });

  test('customers at 1280 px: the list as rows and a customer’s page', async ({ page, shop }) => {
    const problems = await signedIn(page, shop.baseUrl, OWNER, DESKTOP, '/admin/customers');
    await page.getByTestId('customer-row').first().waitFor();
    await shot(page, 'customers');
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.getByTestId('customer-page').waitFor();
    await page.getByTestId('note-form').waitFor();
    await shot(page, 'customer');
    expect(await axeProblems(page)).toEqual([]);
    expect(unexpected(problems)).toEqual([]);
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    test(`reviews at ${viewport.width} px: counts in the tabs; hide one, find it under Hidden, show it again`, async ({
      page,
      shop,
    }) => {
      const problems = await signedIn(page, shop.baseUrl, OWNER, viewport, '/admin/reviews');
      await page.getByRole('heading', { name: 'Reviews', level: 1 }).waitFor();
      const count = async (tab: string) =>
        Number(await page.getByTestId(`reviews-tab-${tab}`).locator('span').textContent());
      await page.getByTestId('reviews-tab-hidden').locator('span').waitFor();
      const hiddenBefore = await count('hidden');
      // All = shown + hidden.
      await expect.poll(async () => (await count('all')) - (await count('shown'))).toBe(hiddenBefore);
      await expect.poll(() => fitsWidth(page)).toBe(true);
      await shot(page, 'reviews');
      expect(await axeProblems(page)).toEqual([]);

      const row = page
        .locator('[data-testid="review-row"]')
        .filter({ hasNot: page.getByText('Hidden', { exact: true }) })
        .first();
      const id = (await row.getAttribute('data-review-id'))!;
      const hideButton = row.getByRole('button', { name: /^Hide/ });
      expect((await hideButton.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await hideButton.click();
      await toastSays(page, 'The review is hidden');
      await expect.poll(() => count('hidden')).toBe(hiddenBefore + 1);

      await page.getByTestId('reviews-tab-hidden').click();
      const hiddenRow = page.locator(`[data-testid="review-row"][data-review-id="${id}"]`);
      await hiddenRow.waitFor();
      await shot(page, 'reviews-hidden');
      await hiddenRow.getByRole('button', { name: /^Show again/ }).click();
      await toastSays(page, 'The review is shown again');
      await expect.poll(() => count('hidden')).toBe(hiddenBefore);
      expect(unexpected(problems)).toEqual([]);
    });
  }

  /** The order the phone test packs; the desktop test reads about it too. */
  let packed = '';
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`activity at ${viewport.width} px reads as sentences: staff name, what, the order number linked; no IP until expanded`, async ({
      page,
      shop,
    }) => {
      const problems = await signedIn(page, shop.baseUrl, OWNER, viewport, '/admin/orders?tab=to_pack');
      if (!packed) {
        // An order action to read about.
        const row = page.getByTestId('order-row').first();
        await row.waitFor();
        packed = (await row.getAttribute('data-order-no'))!;
        await row.getByRole('link').click();
        await page.getByRole('heading', { name: packed, level: 1 }).waitFor();
        await page.getByTestId('order-actions').getByRole('button', { name: 'Mark packed' }).click();
        await toastSays(page, 'Order packed');
      } else {
        await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
      }
      const orderNo = packed;

      await page.goto(`${shop.baseUrl}/admin/activity`);
      const entry = page.getByTestId('activity-row').filter({ hasText: orderNo }).first();
      await entry.waitFor();
      await expect(entry.locator('p').first()).toHaveText(`Meera Iyer packed ${orderNo}`);
      await expect(entry).not.toContainText('@');
      await expect(entry).not.toContainText('127.0.0.1');
      await expect.poll(() => fitsWidth(page)).toBe(true);
      await shot(page, 'activity');
      expect(await axeProblems(page)).toEqual([]);
      await entry.getByRole('button', { name: 'Details' }).click();
      await expect(entry.getByTestId('activity-details')).toContainText(OWNER.email);
      await shot(page, 'activity-details');
      await entry.getByRole('link', { name: orderNo }).click();
      await page.getByRole('heading', { name: orderNo, level: 1 }).waitFor();
      expect(unexpected(problems)).toEqual([]);
    });
  }
});
