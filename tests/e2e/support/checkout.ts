import type { Page } from 'playwright-core';
import { waitForHydration } from './browser.ts';

/**
 * Steps a shopper takes through checkout, shared by the checkout tests and the screenshot script
 * (so no test runner's imports here: the script runs outside one).
 */

/** Asks `check` again until it is true (or throws after `timeoutMs`). */
async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface ShopperAddress {
  first: string;
  last: string;
  phone: string;
  line1: string;
  city: string;
  postcode: string;
  state: string;
}

export const BENGALURU: ShopperAddress = {
  first: 'Asha',
  last: 'Rao',
  phone: '9876543210',
  line1: '12 Residency Road',
  city: 'Bengaluru',
  postcode: '560025',
  state: 'Karnataka',
};

/** The product page's Buy now: adds the item and lands on the address step. */
export async function buyNow(page: Page, baseUrl: string, slug: string): Promise<void> {
  await page.goto(`${baseUrl}/product/${slug}`);
  await waitForHydration(page);
  await page.locator('[data-add-to-cart="pdp"]').getByRole('button', { name: 'Buy now' }).click();
  await page.waitForURL((url) => url.pathname === '/checkout/address');
  await waitForHydration(page);
}

/** The address step's one form (contact, delivery and billing address, Continue). */
export const addressStepForm = (page: Page) => page.locator('[data-checkout-form="address-step"]');

/** Types the order's contact (the demo shop requires the phone); Continue saves it. */
export async function fillContact(page: Page, contact: { email: string; phone: string }): Promise<void> {
  await page.locator('#checkout-contact-email').fill(contact.email);
  await page.locator('#checkout-contact-phone').fill(contact.phone);
}

/**
 * Types a delivery address (a guest, or a customer without saved addresses): no phone of its
 * own, the contact's goes with it. Continue saves it.
 */
export async function fillAddress(page: Page, a: ShopperAddress = BENGALURU): Promise<void> {
  const form = page.locator('[data-address-selector="Shipping"]');
  await form.getByLabel('First Name').fill(a.first);
  await form.getByLabel('Last Name').fill(a.last);
  await form.getByLabel('Address Line 1').fill(a.line1);
  await form.getByLabel('City').fill(a.city);
  await form.getByLabel('Postcode').fill(a.postcode);
  await form.getByLabel('State').selectOption({ label: a.state });
}

/** Presses Continue to payment: everything typed is saved and the payment step opens. */
export async function continueToPayment(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL((url) => url.pathname === '/checkout/payment');
  await waitForHydration(page);
}

/** The cart as the API has it, read with the page's cookies. */
export async function apiCart(page: Page, baseUrl: string) {
  const res = await page.context().request.get(`${baseUrl}/api/cart/get`);
  if (res.status() !== 200) throw new Error(`GET /api/cart/get answered ${res.status()}`);
  return (
    (await res.json()) as {
      data: {
        cart_payment_method: { code: string } | null;
        shipping_method: { code: string } | null;
        grand_total: { amount: number; formatted: string };
      };
    }
  ).data;
}

/**
 * Chooses a payment method on the payment step and waits until the cart has it and the page
 * shows the total it makes (the Place order form confirms the total it shows).
 */
export async function choosePayment(page: Page, baseUrl: string, name: RegExp, code: string): Promise<void> {
  const group = page.locator('[data-checkout-form="payment"]');
  await group.getByRole('radio', { name }).check();
  await waitUntil(
    `the cart pays by ${code}`,
    async () => (await apiCart(page, baseUrl)).cart_payment_method?.code === code,
  );
  await group.locator('fieldset:not([aria-busy])').waitFor();
  const total = (await apiCart(page, baseUrl)).grand_total.formatted;
  await waitUntil(`the page shows ${total}`, async () =>
    ((await page.getByTestId('totals-grand').first().textContent()) ?? '').includes(total),
  );
}

/** Ticks the terms and presses Place order: the sticky bar's on a phone, the panel's otherwise. */
export async function placeOrder(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: 'I have read and accept the terms and conditions' }).check();
  const width = page.viewportSize()?.width ?? 1280;
  if (width < 768) await page.getByTestId('place-order-bar').getByRole('button', { name: 'Place order' }).click();
  else await page.getByTestId('place-order').click();
}

/** The order the complete/failed page names (its `?order=`). */
export const orderIdOf = (page: Page) => new URL(page.url()).searchParams.get('order') ?? '';

/**
 * A guest's way from a product to the payment step: Buy now, the contact and the address, Continue.
 * `address` defaults to fillAddress's own.
 */
export async function guestToPayment(
  page: Page,
  baseUrl: string,
  slug: string,
  contact: { email: string; phone: string },
  address?: ShopperAddress,
): Promise<void> {
  await buyNow(page, baseUrl, slug);
  await fillContact(page, contact);
  await fillAddress(page, address);
  await continueToPayment(page);
}
