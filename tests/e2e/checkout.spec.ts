import { expect, test } from './support/test.ts';
import type { Page } from '@playwright/test';
import { DESKTOP, MOBILE, waitForHydration, watchForProblems } from './support/browser.ts';
import {
  BENGALURU,
  apiCart,
  buyNow,
  choosePayment,
  continueToPayment,
  fillAddress,
  orderIdOf,
  placeOrder,
  fillContact,
  guestToPayment,
} from './support/checkout.ts';
import { logInThroughDialog, registerCustomer } from './support/customers.ts';

const COD = /^Cash on Delivery/;
const ONLINE = /^Pay online/;
/** The sandbox gateway's own payment page (the provider's, outside the storefront). */
const onGateway = (url: URL) => url.pathname.startsWith('/sandbox-gateway/');

/** The shopper's latest order as the API has it (the complete page's guard reads the same). */
async function latestOrder(page: Page) {
  const res = await page.context().request.get(`${new URL(page.url()).origin}/api/checkout/latest-order`);
  expect(res.status(), await res.text()).toBe(200);
  return (
    (await res.json()) as {
      data: {
        id: string;
        order_no: string;
        status: string;
        payment_status: string;
        grand_total: { amount: number; formatted: string };
      };
    }
  ).data;
}

/**
 * Guest 401s of the account lookups on a first visit are expected, and so are the 422s of the
 * forms the tests send empty on purpose; nothing else is.
 */
const unexpected = (problems: string[]) =>
  problems.filter(
    (p) =>
      !/http 401: \/api\/(account|wishlist)\//.test(p) &&
      !/http 422: \/checkout\/(address|payment)\.data/.test(p) &&
      !/console: Failed to load resource: the server responded with a status of (401|422)/.test(p),
  );

/** A tap target a thumb can hit (44 × 44 CSS px at least). */
async function expectTapTarget(locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  expect(box, 'visible').not.toBeNull();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  expect(box!.width).toBeGreaterThanOrEqual(44);
}

test.describe('checkout', () => {
  test('a guest at 390 px pays on delivery: payment step → the terms asked for → complete with the order number → rated once → its tracking page', async ({
    shop,
    page,
  }) => {
    await page.setViewportSize(MOBILE);
    const problems = await watchForProblems(page);
    const base = shop.baseUrl;

    // The payment step without a cart goes back to the cart.
    await page.goto(`${base}/checkout/payment`);
    await page.waitForURL((url) => url.pathname === '/cart');

    await buyNow(page, base, 'stoneware-coffee-mug');
    // Before the address step is done, the payment step sends the shopper back to it.
    await page.goto(`${base}/checkout/payment`);
    await page.waitForURL((url) => url.pathname === '/checkout/address');
    await waitForHydration(page);
    await fillContact(page, { email: 'guest.cod@example.test', phone: '9876543210' });
    await fillAddress(page);
    await continueToPayment(page);

    // Steps: cart and address completed, payment active.
    const steps = page.getByRole('navigation', { name: 'Checkout steps' });
    await expect(steps.locator('[data-step="cart"]')).toHaveAttribute('data-state', 'completed');
    await expect(steps.locator('[data-step="address"]')).toHaveAttribute('data-state', 'completed');
    await expect(steps.locator('[data-step="payment"]')).toHaveAttribute('data-state', 'active');
    await page.getByTestId('deliver-to').getByText('Asha Rao').waitFor();
    await page.getByTestId('checkout-instruction').getByText('Orders placed before 2 pm ship the same day.').waitFor();
    // No payment method yet: a quiet prompt (no warning before the shopper has done anything),
    // and nothing yet says when to pay.
    await page.getByTestId('payment-missing').getByText('Choose how you would like to pay.').waitFor();
    await expect(page.getByTestId('payment-missing')).not.toHaveAttribute('role');
    await expect(page.getByTestId('payment-when')).toHaveCount(0);
    // Thumb-sized: the step links back, Edit cart.
    await expectTapTarget(steps.getByRole('link', { name: /^Cart/ }));
    await expectTapTarget(steps.getByRole('link', { name: /^Address/ }));
    await expectTapTarget(page.getByRole('link', { name: 'Edit cart' }));
    await expect(page.getByTestId('delivery-options').getByRole('radio', { checked: true })).toHaveCount(1);

    await choosePayment(page, base, COD, 'cod');
    await page.getByTestId('totals-cod-fee').waitFor();
    const bar = page.getByTestId('place-order-bar');
    const total = (await apiCart(page, base)).grand_total;
    await bar.getByText(total.formatted).waitFor();
    await expectTapTarget(bar.getByRole('button', { name: 'Place order' }));

    await page.getByTestId('payment-when').getByText('You pay when your order arrives.').waitFor();

    // The terms are asked for before anything is sent: the box and its message are brought into
    // view above the sticky Place order bar and the bottom navigation, and the box has the focus.
    await page.evaluate(() => window.scrollTo(0, 0));
    await bar.getByRole('button', { name: 'Place order' }).click();
    const termsError = page.locator('[data-field-error]', { hasText: 'Please accept the terms and conditions' });
    await termsError.waitFor();
    expect(new URL(page.url()).pathname).toBe('/checkout/payment');
    const termsBox = page.getByRole('checkbox', { name: 'I have read and accept the terms and conditions' });
    await expect.poll(() => termsBox.evaluate((el) => el === document.activeElement)).toBe(true);
    const barTop = (await bar.boundingBox())!.y;
    await expect
      .poll(async () => {
        const [box, error] = [await termsBox.boundingBox(), await termsError.boundingBox()];
        return Boolean(box && error && box.y >= 64 && error.y + error.height <= barTop);
      })
      .toBe(true);

    await placeOrder(page);
    await page.waitForURL((url) => url.pathname === '/checkout-complete');
    await waitForHydration(page);
    const order = await latestOrder(page);
    expect(orderIdOf(page)).toBe(order.id);
    expect(order).toMatchObject({ status: 'confirmed', payment_status: 'cod' });
    expect(order.grand_total.amount).toBe(total.amount);
    await expect(page.getByTestId('order-number')).toHaveText(order.order_no);
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor();
    await page.getByTestId('order-total').getByText(total.formatted).waitFor();
    await page
      .getByTestId('delivery-estimate')
      .getByText(/^Arrives /)
      .waitFor();
    // The invoice is a link away, for the browser that placed the order (a guest too).
    const invoiceHref = await page.getByTestId('invoice-link').getAttribute('href');
    expect(invoiceHref).toBe(`/api/orders/invoice?order_id=${encodeURIComponent(order.id)}`);
    const invoice = await page.context().request.get(`${base}${invoiceHref}`);
    expect([invoice.status(), invoice.headers()['content-type']]).toEqual([200, 'application/pdf']);

    // The cart is ordered: the payment step is closed to it.
    await page.goto(`${base}/checkout/payment`);
    await page.waitForURL((url) => url.pathname === '/cart');
    // The guard: another order id, or none, is no page at all.
    await page.goto(`${base}/checkout-complete?order=ord_someone_else`);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(`${base}/checkout-complete?order=${order.id}`);
    await waitForHydration(page);

    // Nothing to rate yet: an order is rated once it has been delivered (Orders & Refunds).
    await page.getByRole('link', { name: 'Track your order' }).waitFor();
    await expect(page.getByTestId('rate-experience')).toHaveCount(0);

    // Its tracking page.
    await page.getByRole('link', { name: 'Track your order' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/track-order/'));
    await expect(page.getByTestId('tracking-order-no')).toHaveText(order.order_no);
    await expect(page.getByTestId('tracking-steps').locator('[data-step="ordered"]')).toHaveAttribute(
      'data-state',
      'completed',
    );

    expect(unexpected(problems)).toEqual([]);
  });

  test('a customer pays on delivery and finds the order in Orders & Refunds', async ({ shop, page }) => {
    const who = await registerCustomer(shop.baseUrl, 'Meera');
    const problems = await watchForProblems(page);
    const base = shop.baseUrl;
    await page.goto(`${base}/account/orders`);
    await waitForHydration(page);
    await logInThroughDialog(page, who);
    await page.getByRole('heading', { level: 1, name: 'Orders & Refunds' }).waitFor();
    await page.getByText('No orders yet').waitFor();

    await buyNow(page, base, 'brass-desk-lamp');
    await fillAddress(page, { ...BENGALURU, first: 'Meera' });
    await continueToPayment(page);
    await choosePayment(page, base, COD, 'cod');
    await placeOrder(page);
    await page.waitForURL((url) => url.pathname === '/checkout-complete');
    const order = await latestOrder(page);
    await expect(page.getByTestId('order-number')).toHaveText(order.order_no);

    await page.getByRole('link', { name: 'View your orders' }).click();
    await page.waitForURL((url) => url.pathname === '/account/orders');
    const card = page.locator(`[data-order="${order.order_no}"]`);
    await card.getByTestId('order-status').getByText('Confirmed').waitFor();
    await card.getByText(order.grand_total.formatted).waitFor();
    await card.getByRole('link', { name: `Details of order ${order.order_no}` }).click();
    const details = page.getByTestId('order-details-dialog');
    await details.getByRole('heading', { name: `Order ${order.order_no}` }).waitFor();
    await details.getByText('Brass Desk Lamp').first().waitFor();
    await expect(details.getByTestId('invoice-link')).toHaveAttribute(
      'href',
      `/api/orders/invoice?order_id=${encodeURIComponent(order.id)}`,
    );
    await details.getByTestId('order-history').getByText('Confirmed').waitFor();

    expect(unexpected(problems)).toEqual([]);
  });

  test('Place order pressed straight after choosing Cash on Delivery waits for the new total, then places the order', async ({
    shop,
    page,
  }) => {
    await page.setViewportSize(MOBILE);
    const problems = await watchForProblems(page);
    const base = shop.baseUrl;
    await guestToPayment(
      page,
      base,
      'brass-desk-lamp',
      { email: 'quick.tap@example.test', phone: '9812345670' },
      BENGALURU,
    );
    // The save of the choice is slow (a busy shop, a phone network): hold the first POST back.
    let held = false;
    await page.route(
      (url) => url.pathname.startsWith('/checkout/payment'),
      async (route) => {
        if (route.request().method() === 'POST' && !held) {
          held = true;
          await new Promise((r) => setTimeout(r, 1500));
        }
        await route.continue();
      },
    );
    await page.locator('[data-checkout-form="payment"]').getByRole('radio', { name: COD }).check();
    await page.getByRole('checkbox', { name: 'I have read and accept the terms and conditions' }).check();
    const bar = page.getByTestId('place-order-bar');
    // While the choice is saved the button says why it waits, instead of sending a stale total.
    await bar.getByRole('button', { name: 'Updating…' }).waitFor();
    await bar.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout-complete');
    const order = await latestOrder(page);
    expect(order.payment_status).toBe('cod');
    expect(unexpected(problems).filter((p) => !p.startsWith('http 409'))).toEqual([]);
    expect(problems.filter((p) => p.startsWith('http 409'))).toEqual([]);
  });

  test('back on the cart after choosing Cash on Delivery, the fee in its total has a line of its own', async ({
    shop,
    page,
  }) => {
    await page.setViewportSize(MOBILE);
    const base = shop.baseUrl;
    await guestToPayment(
      page,
      base,
      'brass-desk-lamp',
      { email: 'fee.line@example.test', phone: '9812345671' },
      BENGALURU,
    );
    await choosePayment(page, base, COD, 'cod');
    const cart = await apiCart(page, base);
    await page.getByRole('link', { name: 'Back to cart' }).click();
    await page.waitForURL((url) => url.pathname === '/cart');
    const totals = page.getByTestId('cart-totals').first();
    await expect(totals.getByTestId('totals-cod-fee')).toContainText('₹49.00');
    await expect(totals.getByTestId('totals-grand')).toContainText(cart.grand_total.formatted);
  });

  test('the sandbox gateway: the payment-processing popup, pay → the complete page with the order paid', async ({
    shop,
    page,
  }) => {
    const problems = await watchForProblems(page);
    const base = shop.baseUrl;
    await guestToPayment(page, base, 'stoneware-coffee-mug', {
      email: 'guest.online@example.test',
      phone: '9876543211',
    });
    await choosePayment(page, base, ONLINE, 'sandbox');

    // The popup shows while the browser leaves for the provider's page.
    const gateway = page.waitForURL((url) => onGateway(url));
    await placeOrder(page);
    const popup = page.getByRole('dialog', { name: 'Processing your payment' });
    await popup.getByText('Taking you to the secure payment page…').waitFor();
    await gateway;
    const order = await latestOrder(page);
    expect(order).toMatchObject({ status: 'awaiting_payment', payment_status: 'pending' });
    await page.getByRole('button', { name: `Pay ${order.grand_total.formatted}` }).click();

    await page.waitForURL((url) => url.pathname === '/checkout-complete');
    await waitForHydration(page);
    expect(orderIdOf(page)).toBe(order.id);
    await expect(page.getByTestId('order-number')).toHaveText(order.order_no);
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor({ timeout: 20_000 });
    await page.getByTestId('payment-status').getByText('Paid').waitFor();
    await expect.poll(() => latestOrder(page)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });

    expect(unexpected(problems)).toEqual([]);
  });

  test('the sandbox gateway fails → the failed page → Retry payment on the same order → paid', async ({
    shop,
    page,
  }) => {
    await page.setViewportSize(MOBILE);
    const problems = await watchForProblems(page);
    const base = shop.baseUrl;
    await guestToPayment(page, base, 'linen-camp-shirt', { email: 'guest.retry@example.test', phone: '9876543212' });
    await choosePayment(page, base, ONLINE, 'sandbox');
    await placeOrder(page);
    await page.waitForURL((url) => onGateway(url));
    const order = await latestOrder(page);
    await page.getByRole('button', { name: 'Fail the payment' }).click();

    await page.waitForURL((url) => url.pathname === '/checkout-failed');
    await waitForHydration(page);
    expect(orderIdOf(page)).toBe(order.id);
    await page.getByRole('heading', { level: 1, name: 'Your payment did not go through' }).waitFor();
    await expect(page.getByTestId('order-number')).toHaveText(order.order_no);
    // The cart became this order: the way out is the shop, never an empty cart.
    await expect(page.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/shop-online');
    // Screen readers start at what happened; Pay on delivery says the total it will have, fee included.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.tagName + ' ' + document.activeElement?.textContent))
      .toBe('H1 Your payment did not go through');
    const payOnDelivery = page.getByRole('button', { name: /^Pay on delivery/ });
    await expect(payOnDelivery).toHaveText(/^Pay on delivery · ₹[\d,]+\.\d\d.*incl\. ₹49\.00 fee/);
    await expectTapTarget(payOnDelivery);
    // The guard: not this shopper's latest order → home.
    await page.goto(`${base}/checkout-failed?order=ord_nobody`);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(`${base}/checkout-failed?order=${order.id}`);
    await waitForHydration(page);

    const retry = page.getByRole('button', { name: /^Retry payment/ });
    await expectTapTarget(retry);
    await retry.click();
    await page.waitForURL((url) => onGateway(url));
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.pathname === '/checkout-complete');
    expect(orderIdOf(page)).toBe(order.id);
    await expect
      .poll(() => latestOrder(page))
      .toMatchObject({
        id: order.id,
        status: 'confirmed',
        payment_status: 'paid',
      });
    await page.getByTestId('payment-status').getByText('Paid').waitFor();

    expect(unexpected(problems)).toEqual([]);
  });

  test('at 320 px with a long e-mail and name: nothing scrolls sideways on the address, payment and complete pages', async ({
    shop,
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    const problems = await watchForProblems(page);
    const base = shop.baseUrl;
    const email = 'a.very.long.email.address.for.testing.layout@example-long-domain.test';
    /**
     * The page is no wider than the screen (no sideways scroll), once settled: a toast sliding in
     * widens it for a moment; a real overflow stays and fails.
     */
    const fits = () =>
      expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    await buyNow(page, base, 'stoneware-coffee-mug');
    await fits();
    // The address step's links are thumb-sized: the steps, Back to cart, and (after a Continue
    // with nothing typed) what is still needed.
    await expectTapTarget(
      page.getByRole('navigation', { name: 'Checkout steps' }).getByRole('link', { name: /^Cart/ }),
    );
    await expectTapTarget(page.getByRole('link', { name: 'Back to cart' }));
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expectTapTarget(page.getByTestId('still-needed-link'));
    await fits();
    await fillContact(page, { email, phone: '9876543215' });
    await fillAddress(page, { ...BENGALURU, first: 'Venkatanarasimharajuvaripeta', last: 'Lakshminarayanan' });
    await fits();
    await continueToPayment(page);
    await fits();
    await page.getByTestId('deliver-to').getByText(email, { exact: false }).waitFor();
    await choosePayment(page, base, COD, 'cod');
    await fits();
    await placeOrder(page);
    await page.waitForURL((url) => url.pathname === '/checkout-complete');
    await waitForHydration(page);
    await page.getByTestId('confirmation-to').getByText(email, { exact: false }).waitFor();
    await fits();

    expect(unexpected(problems)).toEqual([]);
  });

  test('keyboard only: payment option, terms and Place order without a pointer', async ({ shop, page }) => {
    const base = shop.baseUrl;
    await guestToPayment(page, base, 'stoneware-coffee-mug', { email: 'guest.keys@example.test', phone: '9876543213' });

    // Tab to the payment options, pick Cash on Delivery with the arrow keys / space.
    const cod = page.locator('[data-checkout-form="payment"]').getByRole('radio', { name: COD });
    await cod.focus();
    await page.keyboard.press('Space');
    await expect.poll(async () => (await apiCart(page, base)).cart_payment_method?.code).toBe('cod');
    await page.locator('[data-checkout-form="payment"] fieldset:not([aria-busy])').waitFor();
    await page.getByTestId('totals-cod-fee').waitFor();
    // From the options to the terms box and on to Place order, by Tab alone.
    const terms = page.getByRole('checkbox', { name: 'I have read and accept the terms and conditions' });
    for (let i = 0; i < 15 && !(await terms.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(terms).toBeFocused();
    await page.keyboard.press('Space');
    await expect(terms).toBeChecked();
    const place = page.getByTestId('place-order');
    for (let i = 0; i < 5 && !(await place.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(place).toBeFocused();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/checkout-complete');
    await expect(page.getByTestId('order-number')).toHaveText((await latestOrder(page)).order_no);
  });

  test('without JavaScript: Pay online chosen with Place order goes to the sandbox gateway', async ({
    shop,
    page,
    newPage,
  }) => {
    const base = shop.baseUrl;
    await guestToPayment(page, base, 'stoneware-coffee-mug', {
      email: 'guest.noscript.online@example.test',
      phone: '9876543215',
    });
    const cookies = await page.context().cookies();
    await page.close();

    const plain = await newPage(DESKTOP, { javaScriptEnabled: false });
    await plain.context().addCookies(cookies);
    await plain.goto(`${base}/checkout/payment`);
    await plain.locator('[data-checkout-form="payment"]').getByRole('radio', { name: ONLINE }).check();
    await plain.getByRole('checkbox', { name: 'I have read and accept the terms and conditions' }).check();
    // Pay online has no fee: the total the shopper saw stands, so one press places the order.
    await plain.getByTestId('place-order').click();
    await plain.waitForURL((url) => onGateway(url));
    await expect
      .poll(() => latestOrder(plain))
      .toMatchObject({
        status: 'awaiting_payment',
        payment_status: 'pending',
      });
  });

  test('without JavaScript: Place order saves the payment option, shows the new total, then places the order', async ({
    shop,
    page,
    newPage,
  }) => {
    // The cart and address are prepared in the scripted browser, then the cookies move over.
    const base = shop.baseUrl;
    await guestToPayment(page, base, 'stoneware-coffee-mug', {
      email: 'guest.noscript@example.test',
      phone: '9876543214',
    });
    const cookies = await page.context().cookies();
    await page.close();

    const plain = await newPage(DESKTOP, { javaScriptEnabled: false });
    await plain.context().addCookies(cookies);
    await plain.goto(`${base}/checkout/payment`);
    const group = plain.locator('[data-checkout-form="payment"]');
    await group.getByRole('radio', { name: COD }).check();
    // The Cash on Delivery fee changes the total: the first press saves and shows it, places nothing.
    await plain.getByTestId('place-order').click();
    await plain.getByTestId('place-order-error').getByText('Check the total, then place your order.').waitFor();
    await plain.getByTestId('totals-cod-fee').waitFor();
    await expect(group.getByRole('radio', { name: COD })).toBeChecked();
    // Without the tick, the server refuses and says why beside the box.
    await plain.getByTestId('place-order').click();
    await plain.locator('[data-field-error]', { hasText: 'Please accept the terms and conditions' }).waitFor();
    await placeOrder(plain);
    await plain.waitForURL((url) => url.pathname === '/checkout-complete');
    await plain.getByTestId('order-number').waitFor();
    await expect(plain.getByTestId('order-number')).toHaveText(/^SF-\d+$/);
  });
});
