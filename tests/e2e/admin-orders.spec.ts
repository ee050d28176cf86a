import type { Page } from '@playwright/test';
import { DESKTOP, MOBILE } from './support/browser.ts';
import { axeProblems, openPanel, shot, testStaff, toastSays, type TestStaff } from './support/admin.ts';
import { OWNER, expect, test, type Viewport } from './support/test.ts';

/*
 * The Orders screens of the owner's panel (issue 25) on the demo shop's orders (one in every
 * state): a packer on a phone runs an order from "to pack" to delivered; an owner at a desk
 * answers a refund request and cancels an order; a stale page is refused (409) and reloaded;
 * axe on the inbox and the order page. SHOTS_DIR=/work/shots/orders-ui keeps a screenshot of
 * each screen and dialog.
 */
const PACKER = testStaff('Ravi Kumar', 'packer');

// A tuple: Playwright reads an array whose second item is an object as [value, options].
test.use({ shopOptions: { env: { NODE_ENV: 'test' } }, staff: [[PACKER, OWNER], { scope: 'test' }] });

/** `page` signed in as `staff` on the orders inbox; answers its problems from sign-in on. */
async function signedIn(page: Page, base: string, staff: TestStaff, viewport: Viewport) {
  const problems = await openPanel(page, `${base}/admin/orders`, staff, viewport);
  await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
  return problems;
}

const status = (page: Page) => page.getByTestId('order-page').locator('header span.rounded-full').first();

/** Opens the first order of a tab; answers its order number. */
async function openFirst(page: Page, tab: string): Promise<string> {
  await page.getByTestId(`tab-${tab}`).click();
  await page.locator(`[data-testid="tab-${tab}"][aria-current="page"]`).waitFor();
  // The previous tab's rows stay (dimmed, aria-busy) until this tab's arrive.
  await page.locator('[data-testid="orders-list"][aria-busy="false"]').waitFor();
  const row = page.getByTestId('order-row').first();
  await row.waitFor();
  const orderNo = (await row.getAttribute('data-order-no'))!;
  await row.getByRole('link').click();
  await page.getByRole('heading', { name: orderNo, level: 1 }).waitFor();
  return orderNo;
}

/** Only 401s of the sign-in itself are expected in the console (a packer's frame asks nothing it may not read). */
const unexpected = (problems: string[]) =>
  problems.filter(
    (p) =>
      p !== 'http 401: /api/admin/auth/me' &&
      !p.startsWith('console: Failed to load resource: the server responded with a status of 401'),
  );

test.describe('orders in the owner panel', () => {
  test('a packer at 390 px opens an order, packs it, ships it with a waybill, adds a scan and marks it delivered', async ({
    page,
    shop,
  }) => {
    const problems = await signedIn(page, shop.baseUrl, PACKER, MOBILE);
    await expect(page.getByTestId('orders-badge').first()).toHaveText(/\d/);
    // A packer's badge counts the packer's tabs, and Orders opens on To pack.
    await expect(page.getByTestId('orders-badge').first()).toHaveAttribute(
      'title',
      /^(\d+ to pack|\d+ to ship)(, \d+ to ship)?$/,
    );
    await page.locator('[data-testid="tab-to_pack"][aria-current="page"]').waitFor();
    await page.getByTestId('tab-to_pack').click();
    await page.getByTestId('order-row').first().waitFor();
    await shot(page, 'inbox');
    expect(await axeProblems(page)).toEqual([]);

    // Each order is a card a thumb can open: at least 44 px tall, the whole width.
    const card = await page.getByTestId('order-row').first().getByRole('link').boundingBox();
    expect(card!.height).toBeGreaterThanOrEqual(44);
    expect(card!.width).toBeGreaterThan(280);

    await openFirst(page, 'to_pack');
    await shot(page, 'order-confirmed');
    expect(await axeProblems(page)).toEqual([]);

    // The next step sits at the bottom of the screen, above the navigation, in the thumb's reach.
    const next = page.getByTestId('order-actions').getByRole('button', { name: 'Mark packed' });
    const box = (await next.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(MOBILE.height);
    expect(box.y).toBeGreaterThan(MOBILE.height * 0.7);
    await next.click();
    await toastSays(page, 'Order packed');
    await expect(status(page)).toHaveText('Packed');

    await page.getByTestId('order-actions').getByRole('button', { name: 'Ship…' }).click();
    const ship = page.getByTestId('ship-dialog');
    await ship.getByLabel('Carrier').fill('Delhivery');
    await ship.getByLabel('Waybill').fill('DLV 4400 1234');
    await ship.getByLabel('Tracking link (optional)').fill('https://www.delhivery.com/track/package/44001234');
    await shot(page, 'ship-dialog');
    expect(await axeProblems(page)).toEqual([]);
    await ship.getByRole('button', { name: 'Ship order' }).click();
    await toastSays(page, 'Order shipped');
    await expect(status(page)).toHaveText('Shipped');
    await page.getByTestId('parcel').getByText('DLV 4400 1234').waitFor();

    await page.getByTestId('order-actions').getByRole('button', { name: 'Other actions' }).click();
    await shot(page, 'order-menu');
    await page.getByRole('menuitem', { name: 'Add a tracking scan…' }).click();
    const scan = page.getByTestId('scan-dialog');
    await scan.getByLabel('Location').fill('Bengaluru hub');
    await shot(page, 'scan-dialog');
    await scan.getByRole('button', { name: 'Add scan' }).click();
    await toastSays(page, 'Tracking scan added');
    await page.getByTestId('parcel').getByText('Bengaluru hub').waitFor();

    // Delivered asks first (a double tap on the big button cannot move the order twice); a COD
    // order's cash is its own tick.
    await page.getByTestId('order-actions').getByRole('button', { name: 'Mark delivered…' }).click();
    const deliver = page.getByTestId('deliver-dialog');
    await shot(page, 'deliver-dialog');
    expect(await axeProblems(page)).toEqual([]);
    const cash = deliver.getByLabel(/^Cash .* collected$/);
    const cod = (await cash.count()) > 0;
    if (cod) await cash.check();
    await deliver.getByRole('button', { name: 'Delivered' }).click();
    await toastSays(page, 'Order marked delivered');
    await expect(status(page)).toHaveText('Delivered');
    await page.getByTestId('order-history').getByText('by Ravi Kumar').first().waitFor();
    if (cod)
      await page
        .getByTestId('order-page')
        .locator('header')
        .getByText(/· paid /)
        .waitFor();
    // A finished order's big button leads back; the scan stays under More.
    await page.getByTestId('order-actions').getByRole('button', { name: 'Back to orders' }).waitFor();
    await shot(page, 'order-delivered');
    expect(unexpected(problems)).toEqual([]);
  });

  test('an owner at 1280 px approves part of a refund request and cancels an order', async ({ page, shop }) => {
    const problems = await signedIn(page, shop.baseUrl, OWNER, DESKTOP);
    await shot(page, 'inbox');
    expect(await axeProblems(page)).toEqual([]);
    await page.keyboard.press('j');
    await expect(page.locator('[data-testid="order-row"][aria-current="true"]')).toHaveCount(1);

    await openFirst(page, 'refund_requested');
    await page.getByTestId('refund-requests').waitFor();
    await shot(page, 'order-refund-requested');
    expect(await axeProblems(page)).toEqual([]);
    await page.getByTestId('order-actions').getByRole('button', { name: 'Answer refund request…' }).click();
    const refund = page.getByTestId('refund-dialog');
    const asked = Number(
      /^([\d.]+)/.exec((await refund.getByLabel('Amount to refund').getAttribute('placeholder'))!)![1],
    );
    const part = (Math.floor(asked * 50) / 100).toFixed(2);
    await refund.getByLabel('Amount to refund').fill(part);
    await refund.getByLabel('Note to the shopper (optional)').fill('Sorry about the chipped mug');
    await expect(refund.getByLabel('Put the returned items back in stock')).not.toBeChecked();
    await refund.getByRole('button', { name: 'Cancel' }).waitFor();
    await shot(page, 'refund-dialog');
    expect(await axeProblems(page)).toEqual([]);
    await refund.getByRole('button', { name: 'Approve refund' }).click();
    await toastSays(page, 'Refund approved');
    await expect(page.getByTestId('refund-requests')).toHaveCount(0);
    // Part of the money back: the order stays delivered and says how much went back.
    await expect(status(page)).toHaveText('Delivered');
    await page.getByTestId('order-page').getByTestId('partly-refunded').waitFor();
    await shot(page, 'order-partly-refunded');

    await page.getByRole('link', { name: '← Orders' }).click();
    await openFirst(page, 'new');
    await page.getByTestId('order-actions').getByRole('button', { name: 'Other actions' }).click();
    await page.getByRole('menuitem', { name: 'Cancel order…' }).click();
    const cancel = page.getByTestId('cancel-dialog');
    await cancel.getByLabel('Reason (optional, the shopper sees it)').fill('Out of stock');
    await shot(page, 'cancel-dialog');
    await cancel.getByRole('button', { name: /^Cancel (order|and refund)$/ }).click();
    await toastSays(page, /Order cancelled/);
    await expect(status(page)).toHaveText('Cancelled');
    await shot(page, 'order-cancelled');
    expect(unexpected(problems)).toEqual([]);
  });

  test('a page opened before someone else changed the order is refused with why, and shows the order as it is now', async ({
    page,
    shop,
  }) => {
    await signedIn(page, shop.baseUrl, OWNER, DESKTOP);
    await openFirst(page, 'to_ship');
    const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
    // Someone else cancels it meanwhile (through the API, with a session of their own).
    const login = await fetch(`${shop.baseUrl}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: OWNER.email, password: OWNER.password, session: 'bearer' }),
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const cancelled = await fetch(`${shop.baseUrl}/api/admin/orders/${encodeURIComponent(orderId)}/cancel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Changed by a colleague' }),
    });
    expect(cancelled.status).toBe(200);

    await page.getByTestId('order-actions').getByRole('button', { name: 'Ship…' }).click();
    await page.getByTestId('ship-dialog').getByLabel('Carrier').fill('Blue Dart');
    await page.getByTestId('ship-dialog').getByRole('button', { name: 'Ship order' }).click();
    await toastSays(page, 'This order was changed by someone else since you opened it. Reload it and try again');
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="order-page"] header')?.textContent?.includes('Cancelled'),
    );
  });
});
