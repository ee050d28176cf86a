import { expect, test } from './support/test.ts';
import type { Page } from '@playwright/test';
import { MOBILE, waitForHydration, watchForProblems } from './support/browser.ts';
import { logInThroughDialog, waitForToast } from './support/customers.ts';

/** The demo shop's customer, with one order in every state (apps/api/src/db/seed/orders.ts). */
const DEMO = { email: 'demo@loomandleaf.test', password: 'Demo@1234', phone: '9876543210' };

const cardIn = (page: Page, status: string) =>
  page.locator('[data-order]', { has: page.locator(`[data-testid="order-status"][data-status="${status}"]`) }).first();

/** Only the guest 401s of a first visit and the 422s the tests provoke on purpose. */
const unexpected = (problems: string[]) =>
  problems.filter(
    (p) =>
      !/http 401: \/api\/(account|wishlist)\//.test(p) &&
      !/http (404|422): \/(account\/orders|track-order)\.data/.test(p) &&
      // The made-up tracking link is answered "not found", page and all.
      p !== 'http 404: /track-order/not-a-real-order' &&
      !/console: Failed to load resource: the server responded with a status of (401|404|422)/.test(p),
  );

interface ListedOrder {
  order_no: string;
  productchannel: { quantity: number; refundable_quantity: number; total: { amount: number } }[];
}

/** The demo customer's first page of orders, as the API lists them (read with the page's cookies). */
async function ordersOf(page: Page): Promise<ListedOrder[]> {
  const res = await page.context().request.get(`${new URL(page.url()).origin}/api/orders/get`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { orders: ListedOrder[] } }).data.orders;
}

/** 10000 → ₹100.00, as the shop writes rupees. */
const inr = (minor: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(minor / 100);

async function logInToOrders(page: Page, base: string) {
  await page.goto(`${base}/account/orders`);
  await waitForHydration(page);
  await logInThroughDialog(page, DEMO);
  await page.getByRole('heading', { level: 1, name: 'Orders & Refunds' }).waitFor();
}

test.describe('Orders & Refunds', () => {
  test('at 390 px: the list with its states, the menu entry, a refund asked per line with its reason', async ({
    shop,
    page,
  }) => {
    await page.setViewportSize(MOBILE);
    const problems = await watchForProblems(page);
    await logInToOrders(page, shop.baseUrl);
    const menuItem = page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: /Orders & Refunds/ });
    await expect(menuItem).toHaveAttribute('aria-current', 'page');

    // One page of ten, each with its status badge.
    const list = page.getByTestId('order-list');
    await expect(list.locator('[data-order]')).toHaveCount(10);
    for (const label of ['Awaiting payment', 'Confirmed', 'Shipped', 'Delivered', 'Cancelled', 'Refunded']) {
      await list.getByTestId('order-status').getByText(label, { exact: true }).first().waitFor();
    }

    // Refund dialog of the delivered order: per line quantity, a reason; its checks first.
    const delivered = cardIn(page, 'delivered');
    const orderNo = await delivered.getAttribute('data-order');
    await delivered.getByRole('link', { name: /^Request refund/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a refund' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Request refund' }).click();
    await dialog.getByText('Choose at least one item and how many to send back').waitFor();
    const quantity = dialog.getByRole('combobox').first();
    const options = await quantity.locator('option').allTextContents();
    expect(options[0]).toBe('0');
    // Nothing sticks out of the dialog at 390 px.
    const content = (await dialog.getByLabel('Reason').boundingBox())!;
    for (const select of await dialog.getByRole('combobox').all()) {
      const box = (await select.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(content.x + content.width + 0.5);
    }
    // The estimated refund follows the quantities: the first line's share of its total for one.
    const estimate = dialog.getByTestId('refund-estimate');
    await expect(estimate).toHaveText('Estimated refund₹0.00');
    const line = (await ordersOf(page))
      .find((o) => o.order_no === orderNo)!
      .productchannel.find((i) => i.refundable_quantity > 0)!;
    await quantity.selectOption('1');
    await expect
      .poll(() => estimate.textContent())
      .toBe(`Estimated refund${inr(Math.round(line.total.amount / line.quantity))}`);
    await dialog.getByRole('button', { name: 'Request refund' }).click();
    await dialog.locator('[data-field-error]', { hasText: 'This field is required' }).waitFor();
    await dialog.getByLabel('Reason').fill('The colour is not what I expected.');
    await dialog.getByRole('button', { name: 'Request refund' }).click();
    await waitForToast(page, 'Your refund request has been sent');
    const details = page.getByRole('dialog', { name: `Order ${orderNo}` });
    await details.getByTestId('order-status').getByText('Refund requested').waitFor();
    await details.getByTestId('order-refunds').getByText('requested').first().waitFor();
    // A long dialog scrolls under its title: the × stays in reach.
    await details.locator('[data-testid="dialog-header"] + *').waitFor();
    await details.evaluate((el) => {
      const scroller = el.querySelector('[data-testid="dialog-header"]')!.parentElement!;
      scroller.scrollTop = scroller.scrollHeight;
    });
    await expect
      .poll(async () => (await details.getByRole('button', { name: 'Close' }).boundingBox())?.y ?? -1)
      .toBeLessThan(60);
    await expect
      .poll(async () => (await details.getByRole('button', { name: 'Close' }).boundingBox())?.y ?? -1)
      .toBeGreaterThanOrEqual(0);
    // Escape closes the dialog and the URL forgets it.
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });
    await expect.poll(() => new URL(page.url()).searchParams.get('dialog')).toBeNull();
    await expect(page.locator(`[data-order="${orderNo}"]`).getByTestId('order-status')).toHaveText('Refund requested');

    // Cards: each action's label on one line (one 44 px row), the date on its own line.
    for (const action of await list.locator('[data-testid="order-card-actions"] > a').all()) {
      const box = (await action.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeLessThan(50);
    }

    // A failed payment: its status said once, Pay now first, above Track order.
    const failed = cardIn(page, 'payment_failed');
    const failedNo = (await failed.getAttribute('data-order'))!;
    await failed.getByRole('link', { name: `Details of order ${failedNo}` }).click();
    const failedDetails = page.getByRole('dialog', { name: `Order ${failedNo}` });
    await failedDetails.getByTestId('order-status').getByText('Payment failed').waitFor();
    await expect(failedDetails.getByTestId('order-payment-status')).toHaveCount(0);
    const payNow = (await failedDetails.getByRole('button', { name: /^Pay now/ }).boundingBox())!;
    const track = (await failedDetails.getByRole('link', { name: 'Track order' }).boundingBox())!;
    expect(payNow.y).toBeLessThan(track.y);
    await page.keyboard.press('Escape');
    await failedDetails.waitFor({ state: 'hidden' });

    expect(unexpected(problems)).toEqual([]);
  });

  test('details, cancel (kept first, then cancelled), and a parcel’s scans on its tracking page', async ({
    shop,
    page,
  }) => {
    const problems = await watchForProblems(page);
    await logInToOrders(page, shop.baseUrl);

    const confirmed = cardIn(page, 'confirmed');
    const orderNo = (await confirmed.getAttribute('data-order'))!;
    await confirmed.getByRole('link', { name: `Cancel: order ${orderNo}` }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel this order?' });
    await cancel.waitFor();
    await cancel.getByRole('link', { name: 'Keep order' }).click();
    const details = page.getByRole('dialog', { name: `Order ${orderNo}` });
    await details.waitFor();
    await details.getByRole('link', { name: 'Cancel order' }).click();
    await cancel.waitFor();
    await cancel.getByLabel(/Why are you cancelling/).fill('Ordered by mistake');
    await cancel.getByRole('button', { name: 'Cancel order' }).click();
    await waitForToast(page, 'Your order has been cancelled');
    await details.getByTestId('order-status').getByText('Cancelled').waitFor();
    await details.getByTestId('order-history').getByText('Ordered by mistake').waitFor();
    await page.keyboard.press('Escape');
    await expect(page.locator(`[data-order="${orderNo}"]`).getByTestId('order-status')).toHaveText('Cancelled');

    // A shipped order: its details link to its tracking page, whose scans open in a popup.
    const shipped = cardIn(page, 'shipped');
    const shippedNo = (await shipped.getAttribute('data-order'))!;
    await shipped.getByRole('link', { name: `Details of order ${shippedNo}` }).click();
    const shippedDetails = page.getByRole('dialog', { name: `Order ${shippedNo}` });
    // Its lines add up to the subtotal; a coupon (the demo's shipped order has FLAT200) is taken off once, below.
    const minor = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));
    await shippedDetails.getByTestId('line-amount').first().waitFor();
    const lineAmounts = await shippedDetails.getByTestId('line-amount').allTextContents();
    const totals = shippedDetails.getByTestId('order-totals');
    expect(lineAmounts.reduce((n, t) => n + minor(t), 0)).toBe(minor(await totals.locator('dd').first().textContent()));
    await totals.getByText('FLAT200').waitFor();
    await shippedDetails.getByRole('link', { name: 'Track order' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/track-order/'));
    await waitForHydration(page);
    await expect(page.getByTestId('tracking-order-no')).toHaveText(shippedNo);
    const steps = page.getByTestId('tracking-steps');
    await expect(steps.locator('[data-step="shipped"]')).toHaveAttribute('data-state', 'completed');
    await expect(steps.locator('[data-step="delivered"]')).toHaveAttribute('data-state', 'pending');
    await page.getByTestId('shipment').first().getByRole('link', { name: 'View scans' }).click();
    const scans = page.getByRole('dialog', { name: /^Scans of / });
    await scans.waitFor();
    await scans.getByTestId('scan').first().waitFor();
    await scans.getByText('Picked up', { exact: true }).waitFor();
    await expect(scans.locator('time')).not.toHaveCount(0);
    await page.keyboard.press('Escape');
    await scans.waitFor({ state: 'hidden' });

    expect(unexpected(problems)).toEqual([]);
  });

  test('find my order: a wrong contact finds nothing, the right phone opens its tracking page', async ({
    shop,
    page,
  }) => {
    await page.setViewportSize(MOBILE);
    const problems = await watchForProblems(page);
    const base = shop.baseUrl;
    // The demo customer's orders are numbered by the seed; read one through the API.
    const login = await page.context().request.post(`${base}/api/auth/login`, {
      data: { email: DEMO.email, password: DEMO.password },
      headers: { 'x-requested-with': 'shopfront' },
    });
    expect(login.status()).toBe(200);
    const list = await page.context().request.get(`${base}/api/orders/get`);
    const { data } = (await list.json()) as { data: { orders: { order_no: string; status: string }[] } };
    const shipped = data.orders.find((o) => o.status === 'out_for_delivery')!;
    await page.context().clearCookies();

    await page.goto(`${base}/track-order`);
    await waitForHydration(page);
    const form = page.getByTestId('find-order-form');
    await form.getByRole('button', { name: 'Track order' }).click();
    await form.locator('[data-field-error]').first().waitFor();
    await form.getByLabel('Order number').fill(shipped.order_no);
    await form.getByLabel('Phone or e-mail').fill('9000000000');
    await form.getByRole('button', { name: 'Track order' }).click();
    await page.getByTestId('find-order-error').getByText('We could not find an order with these details').waitFor();
    await form.getByLabel('Phone or e-mail').fill(DEMO.phone);
    await form.getByRole('button', { name: 'Track order' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/track-order/') && url.pathname !== '/track-order/');
    await expect(page.getByTestId('tracking-order-no')).toHaveText(shipped.order_no);
    await expect(page.getByTestId('tracking-steps').locator('[data-step="out_for_delivery"]')).toHaveAttribute(
      'data-state',
      /^(completed|active)$/,
    );

    // An unpaid order waits for its payment; only a cancelled one "will not be delivered".
    for (const [status, text] of [
      ['payment_failed', 'This order is waiting for its payment: it is prepared and sent once it is paid.'],
      ['cancelled', 'This order is cancelled: it will not be delivered.'],
    ] as const) {
      const order = data.orders.find((o) => o.status === status)!;
      await page.goto(`${base}/track-order`);
      await waitForHydration(page);
      await form.getByLabel('Order number').fill(order.order_no);
      await form.getByLabel('Phone or e-mail').fill(DEMO.phone);
      await form.getByRole('button', { name: 'Track order' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/track-order/') && url.pathname !== '/track-order/');
      await page.getByTestId('tracking-progress').getByText(text).waitFor();
    }

    // A made-up slug is not found, and says how to look instead.
    await page.goto(`${base}/track-order/not-a-real-order`);
    await page.getByTestId('tracking-not-found').waitFor();

    expect(unexpected(problems)).toEqual([]);
  });
});
