import type { Page } from '@playwright/test';
import { DESKTOP, MOBILE } from './support/browser.ts';
import { axeProblems, openPanel, shot, testStaff, toastSays, type TestStaff } from './support/admin.ts';
import { OWNER, expect, test, type Viewport } from './support/test.ts';

/*
 * The daily order loop after the outside reviews (issue 25): bulk pack then bulk ship of two
 * selected orders at 390 px and 1280 px; a packer lands on To pack, `?tab=` is honoured and his
 * frame asks nothing it is refused; an unpaid online order offers no Confirm and says it waits for
 * its payment; the ship and scan sheets say what happens. SHOTS_DIR keeps a screenshot of each.
 */
const PACKER = testStaff('Ravi Kumar', 'packer');

test.use({
  shopOptions: {
    env: { NODE_ENV: 'test' },
    prepare: async (data) => {
      // Six more orders to pack (two per screen width for bulk, one each for the ship sheet): delivered or cancelled demo orders, reset.
      await data.db.exec(`
        with picked as (select id from orders where status in ('delivered', 'cancelled', 'refunded', 'shipped', 'out_for_delivery')
                         order by created_at desc limit 6)
        update orders set status = 'confirmed', refunded_minor = 0,
               payment_status = case when payment_method_code = 'cod' then 'cod' else 'paid' end
         where id in (select id from picked);
        delete from shipments where order_id in (select id from orders where status = 'confirmed');
        delete from refund_requests where order_id in (select id from orders where status = 'confirmed');
        update order_items set refunded_quantity = 0, refund_requested_quantity = 0
         where order_id in (select id from orders where status = 'confirmed');`);
    },
  },
  // A tuple: Playwright reads an array whose second item is an object as [value, options].
  staff: [[PACKER, OWNER], { scope: 'test' }],
});

/** `page` signed in as `staff` at `path` (the orders inbox); answers its problems from sign-in on. */
async function signedIn(page: Page, base: string, staff: TestStaff, viewport: Viewport, path = '/admin/orders') {
  const problems = await openPanel(page, `${base}${path}`, staff, viewport);
  await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
  return problems;
}

async function showTab(page: Page, tab: string) {
  await page.getByTestId(`tab-${tab}`).click();
  await page.locator(`[data-testid="tab-${tab}"][aria-current="page"]`).waitFor();
  await page.locator('[data-testid="orders-list"][aria-busy="false"]').waitFor();
}

const rowOf = (page: Page, orderNo: string) => page.locator(`[data-testid="order-row"][data-order-no="${orderNo}"]`);

/** Only the sign-in's own 401 is expected; any 403 would be a call the role may not make. */
const unexpected = (problems: string[]) =>
  problems.filter(
    (p) =>
      p !== 'http 401: /api/admin/auth/me' &&
      !p.startsWith('console: Failed to load resource: the server responded with a status of 401'),
  );

test.describe('the order loop', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`bulk-packs then bulk-ships two selected orders at ${viewport.width} px`, async ({ page, shop }) => {
      const problems = await signedIn(page, shop.baseUrl, OWNER, viewport);
      await showTab(page, 'to_pack');
      const rows = page.getByTestId('order-row');
      await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
      const picked = [
        (await rows.nth(0).getAttribute('data-order-no'))!,
        (await rows.nth(1).getAttribute('data-order-no'))!,
      ];
      for (const no of picked) await rowOf(page, no).getByRole('checkbox').check();
      await page.getByTestId('bulk-bar').getByText('2 selected').waitFor();
      await shot(page, 'bulk-selected');
      await page.getByTestId('bulk-bar').getByRole('button', { name: 'Pack' }).click();
      await toastSays(page, '2 of 2 orders done');

      await showTab(page, 'to_ship');
      for (const no of picked) await rowOf(page, no).getByRole('checkbox').check();
      await page.getByTestId('bulk-bar').getByRole('button', { name: 'Ship' }).click();
      await page.getByLabel('Carrier').fill('DTDC');
      await shot(page, 'bulk-ship-sheet');
      expect(await axeProblems(page)).toEqual([]);
      await page.getByRole('button', { name: 'Ship 2 orders' }).click();
      await toastSays(page, '2 of 2 orders done');

      await showTab(page, 'shipped');
      for (const no of picked) {
        await rowOf(page, no).waitFor();
        await expect(rowOf(page, no).getByText('Shipped', { exact: true })).toHaveCount(1);
      }
      await shot(page, 'bulk-shipped');
      expect(unexpected(problems)).toEqual([]);
    });
  }

  test('a packer lands on To pack, ?tab= is honoured, and nothing he opens is refused', async ({ page, shop }) => {
    const problems = await signedIn(page, shop.baseUrl, PACKER, MOBILE);
    await page.locator('[data-testid="tab-to_pack"][aria-current="page"]').waitFor();
    await shot(page, 'packer-inbox');
    await page.goto(`${shop.baseUrl}/admin/orders?tab=to_ship`);
    await page.locator('[data-testid="tab-to_ship"][aria-current="page"]').waitFor();
    await page.goto(`${shop.baseUrl}/admin/orders?tab=refunds`);
    await page.locator('[data-testid="tab-refund_requested"][aria-current="page"]').waitFor();
    await page.goto(`${shop.baseUrl}/admin/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(unexpected(problems)).toEqual([]);
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    test(`an unpaid online order at ${viewport.width} px offers no Confirm and says it waits for payment`, async ({
      page,
      shop,
    }) => {
      await signedIn(page, shop.baseUrl, OWNER, viewport, '/admin/orders?tab=new&payment_status=pending');
      const row = page.getByTestId('order-row').first();
      await row.waitFor();
      await row.getByRole('link').click();
      await page.getByTestId('awaits-payment').waitFor();
      await expect(page.getByRole('button', { name: 'Confirm order' })).toHaveCount(0);
      await shot(page, 'order-awaiting-payment');
    });
  }

  for (const viewport of [MOBILE, DESKTOP]) {
    test(`the ship sheet names the waybill it will use and suggests carriers at ${viewport.width} px`, async ({
      page,
      shop,
    }) => {
      await signedIn(page, shop.baseUrl, OWNER, viewport);
      await showTab(page, 'to_pack');
      await page.getByTestId('order-row').first().getByRole('link').click();
      await page.getByTestId('order-actions').getByRole('button', { name: 'Mark packed' }).click();
      await toastSays(page, 'Order packed');
      await page.getByTestId('order-actions').getByRole('button', { name: 'Ship…' }).click();
      const ship = page.getByTestId('ship-dialog');
      await ship.getByText(/^No waybill\? We track it as SF-\d+-1\.$/).waitFor();
      await expect
        .poll(() => page.locator('#carriers option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value)))
        .toEqual(expect.arrayContaining(['DTDC', 'Delhivery', 'Blue Dart', 'India Post']));
      await ship.getByLabel('Carrier').fill('Blue Dart');
      await shot(page, 'ship-sheet');
      await ship.getByRole('button', { name: 'Ship order' }).click();
      await toastSays(page, 'Order shipped');
      await page.getByTestId('order-actions').getByRole('button', { name: 'Other actions' }).click();
      await page.getByRole('menuitem', { name: 'Add a tracking scan…' }).click();
      const scan = page.getByTestId('scan-dialog');
      await scan.getByLabel('When — leave empty for now').waitFor();
      await shot(page, 'scan-sheet');
      await scan.getByRole('button', { name: 'Cancel' }).click();
      await page.getByTestId('order-history').getByText('by Meera Iyer').first().waitFor();
      await shot(page, 'order-shipped');

      await page.getByTestId('order-actions').getByRole('button', { name: 'Mark delivered…' }).click();
      const deliver = page.getByTestId('deliver-dialog');
      await deliver.getByRole('button', { name: 'Delivered' }).waitFor();
      await shot(page, 'deliver-dialog');
      // Cash on Delivery: the cash is its own tick (unticked, "Mark paid" stays the next step).
      const cash = deliver.getByLabel(/^Cash .* collected$/);
      if ((await cash.count()) > 0) await cash.check();
      await deliver.getByRole('button', { name: 'Delivered' }).click();
      await page.getByTestId('order-actions').getByRole('button', { name: 'Back to orders' }).waitFor();
      await shot(page, 'order-delivered');
    });
  }

  test('a partial refund at 390 px keeps the order delivered and says "Partly refunded" on the page and in the list', async ({
    page,
    shop,
  }) => {
    await signedIn(page, shop.baseUrl, OWNER, MOBILE);
    await showTab(page, 'refund_requested');
    const row = page.getByTestId('order-row').first();
    const orderNo = (await row.getAttribute('data-order-no'))!;
    await row.getByRole('link').click();
    await page.getByTestId('order-actions').getByRole('button', { name: 'Answer refund request…' }).click();
    const refund = page.getByTestId('refund-dialog');
    const asked = Number(
      /^([\d.]+)/.exec((await refund.getByLabel('Amount to refund').getAttribute('placeholder'))!)![1],
    );
    await refund.getByLabel('Amount to refund').fill((Math.floor(asked * 50) / 100).toFixed(2));
    await shot(page, 'refund-dialog');
    await refund.getByRole('button', { name: 'Approve refund' }).click();
    await toastSays(page, 'Refund approved');
    await page.getByTestId('order-page').getByTestId('partly-refunded').waitFor();
    await shot(page, 'order-partly-refunded');
    for (const viewport of [MOBILE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto(`${shop.baseUrl}/admin/orders?tab=delivered`);
      await rowOf(page, orderNo).getByTestId('partly-refunded').waitFor();
      await shot(page, 'inbox-partly-refunded');
    }
  });
});
