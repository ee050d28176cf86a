import path from 'node:path';
import type { Page } from '@playwright/test';
import { DESKTOP, MOBILE } from './support/browser.ts';
import { axeProblems, openPanel, shot } from './support/admin.ts';
import { downloadCsv } from './support/csv.ts';
import { OWNER, expect, test } from './support/test.ts';

/*
 * The panel's CSV exports (issue 26): the owner exports today's orders for the accountant from the
 * orders inbox (a sheet with the period and the current filters) and the file has them; the
 * products and customers lists download their CSV at once. axe on the sheet; at 390 and 1280 px.
 * SHOTS_DIR=/work/shots/csv-export keeps screenshots of the export controls.
 */
const BUYER = 'Exportwala';
let todays: string[] = [];

test.use({
  shopOptions: {
    env: { NODE_ENV: 'test' },
    prepare: async (data) => {
      // Two of the demo's orders placed a minute ago, by a buyer with a name no other order has.
      const { rows } = await data.db.query<{ order_no: string }>(
        `update orders set created_at = now() - interval '1 minute',
                shipping_address = jsonb_set(shipping_address, '{last_name}', '"${BUYER}"')
          where id in (select id from orders order by created_at, id limit 2) returning order_no`,
      );
      todays = rows.map((r) => r.order_no).sort();
    },
  },
  staff: [OWNER],
});

const unexpected = (problems: string[]) =>
  problems.filter(
    (p) =>
      p !== 'http 401: /api/admin/auth/me' &&
      !p.startsWith('console: Failed to load resource: the server responded with a status of 401'),
  );

/** The file a click downloads: its name, its byte-order mark, and its records. */
async function download(page: Page, click: () => Promise<void>): Promise<Record<string, string>[]> {
  const file = await downloadCsv(page, click);
  expect(file.name).toMatch(/^[a-z]+-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(file.bom).toBe(true);
  return file.records;
}

/** A screenshot of what the screen shows (not the whole long list): the export controls at the top. */
async function shotTop(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await page.screenshot({ path: path.join(dir, `${name}-${page.viewportSize()?.width ?? 0}.png`) });
}

/** Today in the shop's time zone (the demo shop is in India). */
const todayInShop = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });

test.describe('exports in the owner panel', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`the owner exports today's orders and the file has them (${viewport.width} px)`, async ({ page, shop }) => {
      const problems = await openPanel(page, `${shop.baseUrl}/admin/orders`, OWNER, viewport);
      await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
      await page.getByTestId('orders-list').waitFor();
      await shotTop(page, 'orders-with-export');
      await page.getByTestId('orders-export-open').click();
      const sheet = page.getByTestId('orders-export');
      await sheet.waitFor();
      // Today is the period a sheet opens on, with every status: the inbox opened on its New tab,
      // and today's Cash on Delivery orders are To pack (the catalogue journey found them left out).
      await expect(sheet.getByRole('radio', { name: 'Today' })).toBeChecked();
      await expect(sheet.getByRole('checkbox', { name: /Every status/ })).toBeChecked();
      await shot(page, 'orders-export-sheet');
      expect(await axeProblems(page)).toEqual([]);

      const rows = await download(page, () => sheet.getByRole('link', { name: 'Download CSV' }).click());
      await sheet.waitFor({ state: 'detached' });
      const mine = rows.filter((r) => r['Customer name']!.endsWith(BUYER));
      expect([...new Set(mine.map((r) => r['Order no']))].sort()).toEqual(todays);
      expect(rows.every((r) => r.Date!.startsWith(todayInShop()))).toBe(true);
      expect(mine[0]).toMatchObject({ Currency: 'INR' });
      expect(mine[0]!['Order total']).toMatch(/^\d+\.\d{2}$/);

      // Custom days: both fields, and a start after the end is refused before any download.
      await page.getByTestId('orders-export-open').click();
      await sheet.getByText('Custom').click();
      await sheet.getByLabel('From', { exact: true }).fill('2026-05-02');
      await sheet.getByLabel('To', { exact: true }).fill('2026-05-01');
      await sheet.getByText('The start date must be on or before the end date').waitFor();
      await shot(page, 'orders-export-custom');
      await expect(sheet.getByRole('link', { name: 'Download CSV' })).toHaveCount(0);
      await page.keyboard.press('Escape');
      expect(unexpected(problems)).toEqual([]);
    });

    test(`downloads the product and customer lists at once (${viewport.width} px)`, async ({ page, shop }) => {
      const problems = await openPanel(page, `${shop.baseUrl}/admin/products`, OWNER, viewport);
      await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
      await page.getByTestId('products-list').waitFor();
      await shotTop(page, 'products-with-export');
      const products = await download(page, () => page.getByTestId('products-export').click());
      expect(products.length).toBeGreaterThan(10);
      expect(Object.keys(products[0]!).slice(0, 3)).toEqual(['handle', 'title', 'status']);

      await page.goto(`${shop.baseUrl}/admin/customers`);
      await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
      await shotTop(page, 'customers-with-export');
      const customers = await download(page, () => page.getByTestId('customers-export').click());
      expect(Object.keys(customers[0] ?? { 'Customer ID': '' })[0]).toBe('Customer ID');
      expect(unexpected(problems)).toEqual([]);
    });
  }
});
