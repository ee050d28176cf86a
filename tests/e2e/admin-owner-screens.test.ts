import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, MOBILE, launchBrowser, type ShopBrowser } from './support/browser.ts';
import { startShop, type RunningShop } from './support/server.ts';
import { axeProblems, insertStaff, shot, testStaff, type TestStaff, openPanel, toastSays } from './support/admin.ts';

/*
 * The owner's screens of the panel (issue 25) on the demo shop: Home as a dashboard by role,
 * Customers (search, Load more, a customer's page, a note, block and unblock) and Activity read
 * as sentences. SHOTS_DIR=/work/shots/owner-screens keeps a screenshot of each at 390 and 1280 px.
 */
const OWNER = testStaff('Meera Iyer', 'owner');
const PACKER = testStaff('Ravi Kumar', 'packer');
const EDITOR = testStaff('Asha Rao', 'content_editor');

let shop: RunningShop;
let browser: ShopBrowser;
const url = (p: string) => `${shop.baseUrl}${p}`;

beforeAll(async () => {
  shop = await startShop({
    env: { NODE_ENV: 'test' },
    prepare: async (data) => {
      await insertStaff(data, OWNER, PACKER, EDITOR);
      // More customers than a page holds, so "Load more" has something to load.
      await data.db.query(
        `insert into customers (first_name, last_name, email, phone)
         select 'Priya', 'Shopper ' || g, 'priya.shopper' || g || '@example.test', '98' || lpad(g::text, 8, '0')
         from generate_series(1, 60) g`,
      );
    },
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

const signedIn = (staff: TestStaff, viewport: { width: number; height: number }, path = '/admin/') =>
  openPanel(browser, url(path), staff, viewport);

const unexpected = (problems: string[]) =>
  problems.filter(
    (p) =>
      p !== 'http 401: /api/admin/auth/me' &&
      !p.startsWith('console: Failed to load resource: the server responded with a status of 401'),
  );

/** Nothing wider than the screen (no sideways scrolling, no word pushed out of view). */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('the owner’s screens', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`home at ${viewport.width} px: an owner sees the orders waiting as tiles and the sales; a tile opens its tab`, async () => {
      const { page, problems } = await signedIn(OWNER, viewport);
      await page.getByRole('heading', { name: 'Hello, Meera', level: 1 }).waitFor();
      const tile = page.getByTestId('tile-to_pack');
      await tile.locator('text=/^\\d+$/').waitFor();
      await page.getByTestId('tile-refund_requested').waitFor();
      await page.getByTestId('sales-today').waitFor();
      await expect(page.getByTestId('sales-7d').textContent()).resolves.toMatch(/₹/);
      const box = (await tile.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(64);
      expect(await fitsWidth(page)).toBe(true);
      await shot(page, 'home-owner');
      expect(await axeProblems(page)).toEqual([]);
      const n = (await tile.locator('span.text-3xl').textContent())!;
      await tile.click();
      await page.locator('[data-testid="tab-to_pack"][aria-current="page"]').waitFor();
      await expect.poll(() => page.getByTestId('tab-to_pack').textContent()).toContain(n);
      expect(unexpected(problems)).toEqual([]);
      await page.close();
    });
  }

  it('home for a packer: to pack / to ship, no sales; for a content editor: their places', async () => {
    const packer = await signedIn(PACKER, MOBILE);
    await packer.page.getByTestId('tile-to_ship').locator('text=/^\\d+$/').waitFor();
    await expect(packer.page.getByTestId('tile-refund_requested').count()).resolves.toBe(0);
    await expect(packer.page.getByTestId('sales-today').count()).resolves.toBe(0);
    await shot(packer.page, 'home-packer');
    expect(unexpected(packer.problems)).toEqual([]);
    await packer.page.close();

    const editor = await signedIn(EDITOR, MOBILE);
    await editor.page.getByRole('heading', { name: 'What you can do here' }).waitFor();
    await expect(editor.page.getByTestId('order-tiles').count()).resolves.toBe(0);
    await shot(editor.page, 'home-editor');
    expect(unexpected(editor.problems)).toEqual([]);
    await editor.page.close();
  });

  it('customers at 390 px: search, Load more, a customer’s page, a note, block (with a confirm) and unblock', async () => {
    const { page, problems } = await signedIn(OWNER, MOBILE, '/admin/customers');
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    const rows = page.getByTestId('customer-row');
    await rows.first().waitFor();
    const first = await rows.count();
    const card = (await rows.first().getByRole('link').boundingBox())!;
    expect(card.height).toBeGreaterThanOrEqual(44);
    expect(card.width).toBeGreaterThan(340);
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'customers');
    expect(await axeProblems(page)).toEqual([]);
    expect(first).toBe(50);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => rows.count()).toBeGreaterThan(first);
    await page.getByText('That is every customer.').waitFor();

    // The demo's customer, by part of the phone number; then by name.
    await page.getByLabel('Search customers').fill('98765');
    await page.getByLabel('Search customers').press('Enter');
    await page.waitForURL(/\?q=98765/);
    await page.locator('[data-testid="customers-list"][aria-busy="false"]').waitFor();
    await expect.poll(() => rows.count()).toBe(1);
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
    await expect(page.getByTestId('blocked').count()).resolves.toBe(0);
    expect(unexpected(problems)).toEqual([]);
    await page.close();
  });

  it('customers at 1280 px: the list as rows and a customer’s page', async () => {
    const { page, problems } = await signedIn(OWNER, DESKTOP, '/admin/customers');
    await page.getByTestId('customer-row').first().waitFor();
    await shot(page, 'customers');
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.getByTestId('customer-page').waitFor();
    await page.getByTestId('note-form').waitFor();
    await shot(page, 'customer');
    expect(await axeProblems(page)).toEqual([]);
    expect(unexpected(problems)).toEqual([]);
    await page.close();
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    it(`reviews at ${viewport.width} px: counts in the tabs; hide one, find it under Hidden, show it again`, async () => {
      const { page, problems } = await signedIn(OWNER, viewport, '/admin/reviews');
      await page.getByRole('heading', { name: 'Reviews', level: 1 }).waitFor();
      const count = async (tab: string) =>
        Number(await page.getByTestId(`reviews-tab-${tab}`).locator('span').textContent());
      await page.getByTestId('reviews-tab-hidden').locator('span').waitFor();
      const hiddenBefore = await count('hidden');
      expect(await count('all')).toBe((await count('shown')) + hiddenBefore);
      expect(await fitsWidth(page)).toBe(true);
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
      await page.close();
    });
  }

  /** The order the phone test packs; the desktop test reads about it too. */
  let packed = '';
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`activity at ${viewport.width} px reads as sentences: staff name, what, the order number linked; no IP until expanded`, async () => {
      const { page, problems } = await signedIn(OWNER, viewport, '/admin/orders?tab=to_pack');
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

      await page.goto(url('/admin/activity'));
      const entry = page.getByTestId('activity-row').filter({ hasText: orderNo }).first();
      await entry.waitFor();
      await expect(entry.locator('p').first().textContent()).resolves.toBe(`Meera Iyer packed ${orderNo}`);
      expect(await entry.textContent()).not.toContain('@');
      expect(await entry.textContent()).not.toContain('127.0.0.1');
      expect(await fitsWidth(page)).toBe(true);
      await shot(page, 'activity');
      expect(await axeProblems(page)).toEqual([]);
      await entry.getByRole('button', { name: 'Details' }).click();
      await expect(entry.getByTestId('activity-details').textContent()).resolves.toContain(OWNER.email);
      await shot(page, 'activity-details');
      await entry.getByRole('link', { name: orderNo }).click();
      await page.getByRole('heading', { name: orderNo, level: 1 }).waitFor();
      expect(unexpected(problems)).toEqual([]);
      await page.close();
    });
  }
});
