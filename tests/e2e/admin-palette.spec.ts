import type { Page } from '@playwright/test';
import { DESKTOP, MOBILE } from './support/browser.ts';
import { axeProblems, openPanel, shot, testStaff } from './support/admin.ts';
import { OWNER, expect, test } from './support/test.ts';

/*
 * The ⌘K / Ctrl+K palette (issue 25) on the demo shop: it finds an order by number and by the
 * customer's name, a customer (roles with the customers area only) and a page, through the
 * lists' server search (debounced: typing a number asks once or twice, not per key); a packer
 * runs an order's next move from it, keyboard only. axe at 390 and 1280 px with results shown.
 * SHOTS_DIR=/work/shots/palette-inbox keeps screenshots.
 */
const PACKER = testStaff('Ravi Kumar', 'packer');

// A tuple: Playwright reads an array whose second item is an object as [value, options].
test.use({ shopOptions: { env: { NODE_ENV: 'test' } }, staff: [[OWNER, PACKER], { scope: 'test' }] });

/** The sign-in page's own "who am I?" answers 401 before signing in (and Chromium logs it). */
const unexpected = (problems: string[]) =>
  problems.filter(
    (p) =>
      p !== 'http 401: /api/admin/auth/me' &&
      !p.startsWith('console: Failed to load resource: the server responded with a status of 401'),
  );

/** The palette's search requests (orders and customers lists with `q`). */
function searches(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (/\/api\/admin\/(orders|customers)$/.test(u.pathname) && u.searchParams.has('q')) seen.push(r.url());
  });
  return seen;
}

const option = (page: Page, name: string | RegExp) => page.getByTestId('palette').getByRole('menuitem', { name });

/** Opens the palette with the keyboard and types like a person (a key every 40 ms). */
async function find(page: Page, text: string) {
  await page.keyboard.press('Control+k');
  await page.getByTestId('palette').waitFor();
  await page.keyboard.type(text, { delay: 40 });
}

/** An order of a tab, from the API the panel uses (the demo has one in every state). */
async function orderOf(page: Page, tab: string): Promise<{ id: string; order_no: string }> {
  return page.evaluate(async (t) => {
    const res = await fetch(`/api/admin/orders?tab=${t}&limit=1`, { headers: { accept: 'application/json' } });
    const body = (await res.json()) as { data: { orders: { id: string; order_no: string }[] } };
    return body.data.orders[0]!;
  }, tab);
}

test.describe('the palette', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    test(`finds an order by number and opens it, keyboard only (${viewport.width} px)`, async ({ page, shop }) => {
      const problems = await openPanel(page, `${shop.baseUrl}/admin/account`, OWNER, viewport);
      const seen = searches(page);
      await find(page, '100008');
      await option(page, /Open order SF-100008/).waitFor();
      // Debounced: six keys, one or two searches per list, not six.
      expect(seen.filter((u) => u.includes('/orders?')).length).toBeLessThanOrEqual(2);
      await shot(page, 'palette-order');
      expect(await axeProblems(page)).toEqual([]);
      // The first result is the active one: Enter opens it.
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'SF-100008', level: 1 }).waitFor();
      expect(unexpected(problems)).toEqual([]);
    });
  }

  test('finds the customer and her orders by name, and a page by its words', async ({ page, shop }) => {
    const problems = await openPanel(page, `${shop.baseUrl}/admin/account`, OWNER, DESKTOP);
    await find(page, 'asha');
    const palette = page.getByTestId('palette');
    await palette
      .getByRole('menuitem', { name: /Asha Verma/ })
      .first()
      .waitFor();
    await palette.getByText('Customers', { exact: true }).waitFor();
    await expect.poll(() => palette.getByRole('menuitem', { name: /Open order SF-/ }).count()).toBeGreaterThan(0);
    await shot(page, 'palette-customer');
    expect(await axeProblems(page)).toEqual([]);
    // Esc clears the text first (a search field's way), then closes.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'detached' });
    await find(page, 'wholesale');
    await option(page, 'Trade enquiries').waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${shop.baseUrl}/admin/trade-enquiries`);
    expect(unexpected(problems)).toEqual([]);
  });

  test('finds a product by its name, the low-stock list and a setup step by what an owner would type', async ({
    page,
    shop,
  }) => {
    const problems = await openPanel(page, `${shop.baseUrl}/admin/account`, OWNER, MOBILE);
    await find(page, 'cooler jug');
    const product = option(page, /Terracotta Cooler Jug/);
    await product.waitFor();
    await page.getByTestId('palette').getByText('Products', { exact: true }).waitFor();
    await shot(page, 'palette-product');
    await product.click();
    await page.getByRole('heading', { name: 'Terracotta Cooler Jug', level: 1 }).waitFor();
    await find(page, 'low stock');
    await option(page, 'Low stock').click();
    await page.waitForURL(`${shop.baseUrl}/admin/products/low-stock`);
    await find(page, 'store name');
    await option(page, 'Setup: Store name, logo and colours').click();
    await page.waitForURL(`${shop.baseUrl}/admin/setup?step=store`);
    expect(unexpected(problems)).toEqual([]);
  });

  test('a packer runs an order’s next move from it: the order opens at that action (390 px)', async ({
    page,
    shop,
  }) => {
    const problems = await openPanel(page, `${shop.baseUrl}/admin/account`, PACKER, MOBILE);
    const packed = await orderOf(page, 'to_ship');
    const seen = searches(page);
    await find(page, packed.order_no.replace('SF-', ''));
    await option(page, `Ship ${packed.order_no}…`).waitFor();
    // A packer has no customers area: the palette never asks for customers.
    expect(seen.some((u) => u.includes('/customers?'))).toBe(false);
    await shot(page, 'palette-packer');
    expect(await axeProblems(page)).toEqual([]);
    // The arrows move from the active item, which react-aria sets a moment after the results
    // show: a thumb or a key pressed before it starts from the top (the first press lands on it).
    const active = () =>
      page.evaluate(() => {
        const id = document.querySelector('[data-testid="palette"] input')?.getAttribute('aria-activedescendant');
        return (id && document.getElementById(id)?.textContent) || '';
      });
    await expect.poll(active).toContain(`Open order ${packed.order_no}`);
    await page.keyboard.press('ArrowDown');
    await expect.poll(active).toContain(`Ship ${packed.order_no}`);
    await page.keyboard.press('Enter');
    await page.getByTestId('ship-dialog').waitFor();
    await expect(page).toHaveURL((u) => u.pathname === `/admin/orders/${packed.id}`);
    await shot(page, 'palette-packer-ship');
    expect(unexpected(problems)).toEqual([]);
  });

  test('keeps the chosen page once the search has answered (Enter after a pause still runs it)', async ({
    page,
    shop,
  }) => {
    await openPanel(page, `${shop.baseUrl}/admin/account`, OWNER, DESKTOP);
    const seen = searches(page);
    await find(page, 'plugins');
    await expect.poll(() => seen.length).toBe(2);
    await page.waitForTimeout(500);
    await option(page, 'Plugins').waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${shop.baseUrl}/admin/plugins`);
  });

  test('says "Nothing matches" only once the search has answered nothing', async ({ page, shop }) => {
    await openPanel(page, `${shop.baseUrl}/admin/account`, OWNER, DESKTOP);
    await find(page, 'zzqxv');
    await page.getByTestId('palette').getByText('Nothing matches.').waitFor();
  });
});
