import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { CSRF_HEADER, CSRF_HEADER_VALUE, messages } from '@shopfront/shared';
import { DESKTOP, MOBILE, waitForHydration, watchForProblems } from './support/browser.ts';
import { BENGALURU, buyNow, continueToPayment, fillAddress, fillContact } from './support/checkout.ts';
import { logInThroughDialog, registerCustomer, type TestCustomer } from './support/customers.ts';
import { startShop, type RunningShop } from './support/server.ts';
import { setStoreSetting } from './support/store-settings.ts';
import { expect, test } from './support/test.ts';

/**
 * Guest 401s of the account lookups on a first visit are expected, and so are the 422s of the
 * forms the tests send empty on purpose; nothing else is.
 */
const unexpected = (problems: string[]) =>
  problems.filter(
    (p) =>
      !/http 401: \/api\/(account|wishlist|address)\//.test(p) &&
      !/http 422: \/checkout\/address(\.data)?/.test(p) &&
      !/console: Failed to load resource: the server responded with a status of (401|422)/.test(p),
  );

/** A tap target a thumb can hit (44 × 44 CSS px at least). */
async function expectTapTarget(locator: Locator, what: string) {
  const box = await locator.boundingBox();
  expect(box, `${what} is visible`).not.toBeNull();
  expect(box!.height, `${what} height`).toBeGreaterThanOrEqual(44);
  expect(box!.width, `${what} width`).toBeGreaterThanOrEqual(44);
}

interface SavedAddress {
  type: 'Shipping' | 'Billing';
  default: boolean;
  first: string;
  line1: string;
  postcode: string;
}

/** Saves addresses in the signed-in customer's book through the API, with the page's cookies. */
async function saveAddresses(page: Page, list: SavedAddress[]): Promise<number[]> {
  return page.evaluate(
    async ({ list, header, value }) => {
      const countries = (await (await fetch('/api/settings/countries')).json()) as {
        data: { id: number; iso2: string; states: { id: number; name: string }[] }[];
      };
      const india = countries.data.find((c) => c.iso2 === 'IN')!;
      const state = india.states.find((s) => s.name === 'Karnataka')!;
      const ids: number[] = [];
      for (const a of list) {
        const res = await fetch('/api/address/add', {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json', [header]: value },
          body: JSON.stringify({
            address_type: a.type,
            default: a.default,
            first_name: a.first,
            last_name: 'Rao',
            phone: '9876543210',
            address_line_1: a.line1,
            city: 'Bengaluru',
            postcode: a.postcode,
            country_id: india.id,
            state_id: state.id,
          }),
        });
        const json = (await res.json()) as { data: { id: number } };
        if (res.status !== 200) throw new Error(`address/add answered ${res.status}: ${JSON.stringify(json)}`);
        ids.push(json.data.id);
      }
      return ids;
    },
    { list, header: CSRF_HEADER, value: CSRF_HEADER_VALUE },
  );
}

interface ApiAddress {
  id: number;
  address_line_1: string;
  default: boolean;
  address_type: string;
}

/** The cart's addresses as the API has them. */
async function cartAddresses(page: Page, baseUrl: string) {
  const res = await page.context().request.get(`${baseUrl}/api/cart/get`);
  expect(res.status()).toBe(200);
  return (
    (await res.json()) as {
      data: {
        shipping_address: ApiAddress | null;
        billing_address: ApiAddress | null;
        billing_same_as_shipping: boolean;
        email: string | null;
        phone: string | null;
      };
    }
  ).data;
}

async function addressBook(page: Page, baseUrl: string): Promise<ApiAddress[]> {
  const res = await page.context().request.get(`${baseUrl}/api/address/all`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: ApiAddress[] }).data;
}

const HOME: SavedAddress = {
  type: 'Shipping',
  default: true,
  first: 'Kavya',
  line1: '12 Residency Road',
  postcode: '560025',
};
const INVOICES: SavedAddress = {
  type: 'Billing',
  default: true,
  first: 'Kavya',
  line1: '7 Cunningham Road',
  postcode: '560052',
};
const OFFICE: SavedAddress = {
  type: 'Shipping',
  default: false,
  first: 'Kavya',
  line1: '4 Brigade Road',
  postcode: '560001',
};

/** A customer signed in through the login dialog (the account guard opens it), with two shipping addresses. */
async function customerWithTwoAddresses(page: Page, baseUrl: string, name: string) {
  const who = await registerCustomer(baseUrl, name);
  await page.goto(`${baseUrl}/account/orders`);
  await waitForHydration(page);
  await logInThroughDialog(page, who);
  await page.getByRole('heading', { level: 1, name: 'Orders & Refunds' }).waitFor();
  const [homeId, officeId] = await saveAddresses(page, [HOME, OFFICE]);
  return { who, homeId: homeId!, officeId: officeId! };
}

const selector = (page: Page, slot: 'Shipping' | 'Billing') => page.locator(`[data-address-selector="${slot}"]`);
const onCart = (page: Page, slot: 'Shipping' | 'Billing') =>
  page.getByTestId(slot === 'Shipping' ? 'shipping-on-cart' : 'billing-on-cart');
const sameAsShipping = (page: Page) => page.getByRole('checkbox', { name: 'Billing address same as shipping' });
/**
 * The text of the focused element; '' while nothing is (the focus on <body>, whose text is the
 * whole page, e.g. between a view's removal and its successor taking the focus on the next frame).
 */
const focusedText = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el && el !== document.body ? (el.textContent?.trim() ?? '') : '';
  });

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue to payment' });
/** Presses Continue and waits for the step's answer (a refusal stays on the step) to be on the page. */
async function pressContinue(page: Page) {
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/checkout/address'),
  );
  await continueButton(page).click();
  await answered;
  await expect(continueButton(page)).toBeEnabled();
}
/** The message beside a field (its FieldFrame's error line). */
const fieldError = (page: Page, id: string) => page.locator(`[id="${id}-error"]`);

test.describe('checkout address step: a customer', () => {
  test('starts on the default address; Change → Select Address → Use selected; Edit; Add; a different billing address; Continue saves it all', async ({
    page,
    shop,
  }) => {
    const problems = await watchForProblems(page);
    const base = shop.baseUrl;
    const { homeId, officeId } = await customerWithTwoAddresses(page, base, 'Kavya');
    await buyNow(page, base, 'stoneware-coffee-mug');

    // Initial selection: the default address, put on the cart, so the step is complete at once.
    const shipping = onCart(page, 'Shipping');
    await shipping.getByText('12 Residency Road').waitFor();
    await expect(shipping).toHaveAttribute('data-address-id', String(homeId));
    await expect.poll(async () => (await cartAddresses(page, base)).shipping_address?.id).toBe(homeId);
    await expect(page.getByTestId('checkout-account-prompt')).toHaveCount(0);
    // One button saves the step; no other save buttons in its resting state.
    await expect(page.getByRole('button', { name: /^Save|Deliver to|Update billing/ })).toHaveCount(0);

    // Change → Select Address, the default checked; picking the other shows the confirm buttons.
    const ship = selector(page, 'Shipping');
    await shipping.getByRole('button', { name: /^Change/ }).click();
    await ship.getByRole('heading', { name: 'Select Address' }).waitFor();
    await expect(ship.getByRole('radio')).toHaveCount(2);
    await expect(ship.getByRole('radio', { name: /12 Residency Road/ })).toBeChecked();
    await expect(ship.getByRole('button', { name: 'Use selected address' })).toHaveCount(0);
    await ship.getByRole('radio', { name: /4 Brigade Road/ }).check();
    await ship.getByRole('button', { name: 'Use selected address' }).click();
    await shipping.getByText('4 Brigade Road').waitFor();
    await expect(shipping).toHaveAttribute('data-address-id', String(officeId));

    // Cancel in the selector returns to the selected view, unchanged.
    await shipping.getByRole('button', { name: /^Change/ }).click();
    await ship.getByRole('radio', { name: /12 Residency Road/ }).check();
    await ship.getByRole('button', { name: 'Cancel' }).click();
    await shipping.getByText('4 Brigade Road').waitFor();

    // Edit → Edit Address with the default-address input → Save Address: the book and the cart have it.
    await shipping.getByRole('button', { name: /^Edit/ }).click();
    await ship.getByRole('heading', { name: 'Edit Address' }).waitFor();
    const edit = ship.locator('[data-address-form]');
    await edit.getByRole('checkbox', { name: 'Use as my default shipping address' }).waitFor();
    await expect(edit.getByLabel('Address Line 1')).toHaveValue('4 Brigade Road');
    await edit.getByLabel('Address Line 1').fill('5 Brigade Road');
    await edit.getByRole('button', { name: 'Save Address' }).click();
    await shipping.getByText('5 Brigade Road').waitFor();
    await expect
      .poll(async () => (await cartAddresses(page, base)).shipping_address)
      .toMatchObject({ id: officeId, address_line_1: '5 Brigade Road' });
    await expect
      .poll(async () => (await addressBook(page, base)).find((a) => a.id === officeId)?.address_line_1)
      .toBe('5 Brigade Road');

    // Edit's Cancel returns to the selector.
    await shipping.getByRole('button', { name: /^Edit/ }).click();
    await ship.getByRole('heading', { name: 'Edit Address' }).waitFor();
    await ship.locator('[data-address-form]').getByRole('button', { name: 'Cancel' }).click();
    await ship.getByRole('heading', { name: 'Select Address' }).waitFor();

    // Add → Add Address (the contact's phone goes with it), saved by Continue along with the rest.
    await ship.getByRole('button', { name: '+ Add a new address' }).click();
    await ship.getByRole('heading', { name: 'Add Address' }).waitFor();
    const add = ship.locator('[data-address-form]');
    await expect(add.getByLabel('Phone')).toHaveCount(0);
    await add.getByLabel('First Name').fill('Kavya');
    await add.getByLabel('Last Name').fill('Rao');
    await add.getByLabel('Address Line 1').fill('9 Lavelle Road');
    await add.getByLabel('City').fill('Bengaluru');
    await add.getByLabel('Postcode').fill('560001');
    await add.getByLabel('State').selectOption({ label: 'Karnataka' });

    // Billing: the same as shipping until unticked; then its own selector.
    await expect(sameAsShipping(page)).toBeChecked();
    await expect(selector(page, 'Billing')).toBeHidden();
    await sameAsShipping(page).uncheck();
    const bill = selector(page, 'Billing');
    // No billing address saved: nothing to start on, the saved ones are offered.
    await bill.getByRole('heading', { name: 'Select Address' }).waitFor();
    await bill.getByRole('radio', { name: /12 Residency Road/ }).check();
    await bill.getByRole('button', { name: 'Use selected address' }).click();
    await onCart(page, 'Billing').getByText('12 Residency Road').waitFor();

    await continueToPayment(page);
    const book = await addressBook(page, base);
    expect(book).toHaveLength(3);
    const added = book.find((a) => a.address_line_1 === '9 Lavelle Road')!;
    expect(added).toMatchObject({ address_type: 'Shipping', default: false });
    const both = await cartAddresses(page, base);
    expect(both).toMatchObject({ billing_same_as_shipping: false });
    expect(both.billing_address?.id).toBe(homeId);
    expect(both.shipping_address?.id).toBe(added.id);
    expect(both.shipping_address).toMatchObject({ address_line_1: '9 Lavelle Road' });

    // Back on the step, it shows what was saved.
    await page.goto(`${base}/checkout/address`);
    await waitForHydration(page);
    await onCart(page, 'Billing').getByText('12 Residency Road').waitFor();
    await onCart(page, 'Shipping').getByText('9 Lavelle Road').waitFor();
    await expect(sameAsShipping(page)).not.toBeChecked();
    expect(unexpected(problems)).toEqual([]);
  });

  test('at 390 px, keyboard only: every control has a 44 px target; Change, arrow to another address, Use selected; billing starts on the default billing address', async ({
    page,
    shop,
  }) => {
    await page.setViewportSize(MOBILE);
    const problems = await watchForProblems(page);
    const base = shop.baseUrl;
    const { officeId } = await customerWithTwoAddresses(page, base, 'Ravi');
    const [invoicesId] = await saveAddresses(page, [INVOICES]);
    await buyNow(page, base, 'brass-desk-lamp');
    const shipping = onCart(page, 'Shipping');
    await shipping.getByText('12 Residency Road').waitFor();

    const change = shipping.getByRole('button', { name: /^Change/ });
    await expectTapTarget(change, 'Change');
    await expectTapTarget(shipping.getByRole('button', { name: /^Edit/ }), 'Edit');
    await expectTapTarget(page.locator('label', { has: sameAsShipping(page) }), 'Billing same label');
    await expectTapTarget(continueButton(page), 'Continue to payment');

    await change.focus();
    await page.keyboard.press('Enter');
    const ship = selector(page, 'Shipping');
    await ship.getByRole('heading', { name: 'Select Address' }).waitFor();
    await expect.poll(() => focusedText(page)).toBe('Select Address');
    for (const label of await ship.locator('li label').all()) await expectTapTarget(label, 'address radio');
    for (const edit of await ship.getByRole('button', { name: /^Edit/ }).all()) await expectTapTarget(edit, 'Edit');
    await expectTapTarget(ship.getByRole('button', { name: 'Cancel' }), 'Cancel');
    await expectTapTarget(ship.getByRole('button', { name: '+ Add a new address' }), 'Add');

    // Tab into the radio group (the checked radio), arrow to the other address.
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type))
      .toBe('radio');
    await page.keyboard.press('ArrowDown');
    const use = ship.getByRole('button', { name: 'Use selected address' });
    await use.waitFor();
    await expectTapTarget(use, 'Use selected address');
    for (let i = 0; i < 8 && !(await use.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(use).toBeFocused();
    await page.keyboard.press('Enter');
    await shipping.getByText('4 Brigade Road').waitFor();
    await expect(shipping).toHaveAttribute('data-address-id', String(officeId));
    // The focus lands on the address now shown, not on the page's top.
    await expect.poll(() => focusedText(page)).toContain('4 Brigade Road');

    // The Add form at 390 px: its controls are thumb-sized too.
    await shipping.getByRole('button', { name: /^Change/ }).click();
    await ship.getByRole('button', { name: '+ Add a new address' }).click();
    const add = ship.locator('[data-address-form]');
    await add.waitFor();
    await expectTapTarget(add.locator('label', { has: page.getByRole('checkbox') }), 'default checkbox label');
    await expectTapTarget(add.getByRole('button', { name: 'Save Address' }), 'Save Address');
    await expectTapTarget(add.getByRole('button', { name: 'Cancel' }), 'Cancel');
    await add.getByRole('button', { name: 'Cancel' }).click();
    await ship.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => focusedText(page)).toContain('4 Brigade Road');

    // Billing by keyboard: unticked with Space, it starts on the default billing address.
    await sameAsShipping(page).focus();
    await page.keyboard.press('Space');
    await onCart(page, 'Billing').getByText('7 Cunningham Road').waitFor();
    await expect(onCart(page, 'Billing')).toHaveAttribute('data-address-id', String(invoicesId));
    await expect(sameAsShipping(page)).toBeFocused();

    // Enter on Continue saves both.
    await continueButton(page).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/checkout/payment');
    const cart = await cartAddresses(page, base);
    expect(cart.shipping_address?.id).toBe(officeId);
    expect(cart.billing_address?.id).toBe(invoicesId);
    expect(unexpected(problems)).toEqual([]);
  });

  test('without JavaScript: Change, Use selected, Edit, Add and a separate billing address all post and land back on the step', async ({
    page,
    newPage,
    shop,
  }) => {
    const base = shop.baseUrl;
    const { homeId, officeId } = await customerWithTwoAddresses(page, base, 'Neel');
    await buyNow(page, base, 'stoneware-coffee-mug');
    await onCart(page, 'Shipping').getByText('12 Residency Road').waitFor();
    const cookies = await page.context().cookies();
    await page.close();

    // A tab that runs no JavaScript, with the customer's cookies.
    const plain = await newPage(DESKTOP, { javaScriptEnabled: false });
    await plain.context().addCookies(cookies);
    await plain.goto(`${base}/checkout/address`);
    const shipping = onCart(plain, 'Shipping');
    await shipping.getByText('12 Residency Road').waitFor();

    await shipping.getByRole('link', { name: /^Change/ }).click();
    await plain.waitForURL((url) => url.searchParams.get('shipping') === 'select');
    const ship = selector(plain, 'Shipping');
    await ship.getByRole('heading', { name: 'Select Address' }).waitFor();
    await ship.getByRole('radio', { name: /4 Brigade Road/ }).check();
    await ship.getByRole('button', { name: 'Use selected address' }).click();
    await plain.waitForURL((url) => url.pathname === '/checkout/address' && url.search === '');
    await onCart(plain, 'Shipping').getByText('4 Brigade Road').waitFor();

    await onCart(plain, 'Shipping').getByRole('link', { name: /^Edit/ }).click();
    await plain.waitForURL((url) => url.searchParams.get('shipping') === `edit-${officeId}`);
    await ship.getByRole('heading', { name: 'Edit Address' }).waitFor();
    const edit = ship.locator('[data-address-form]');
    await edit.getByRole('checkbox', { name: 'Use as my default shipping address' }).waitFor();
    // A required field emptied: the spec's '{label} is empty' beside it, what was typed kept.
    await edit.getByLabel('City').fill('');
    await edit.getByLabel('Address Line 1').fill('6 Brigade Road');
    await edit.getByRole('button', { name: 'Save Address' }).click();
    await fieldError(plain, 'checkout-shipping-city').getByText('City is empty').waitFor();
    await expect(edit.getByLabel('Address Line 1')).toHaveValue('6 Brigade Road');
    await edit.getByLabel('City').fill('Bengaluru');
    await edit.getByRole('button', { name: 'Save Address' }).click();
    await plain.waitForURL((url) => url.search === '');
    await onCart(plain, 'Shipping').getByText('6 Brigade Road').waitFor();

    // Add: its own page of the step, saved into the book and onto the cart.
    await onCart(plain, 'Shipping')
      .getByRole('link', { name: /^Change/ })
      .click();
    await ship.getByRole('link', { name: '+ Add a new address' }).click();
    await plain.waitForURL((url) => url.searchParams.get('shipping') === 'add');
    await ship.getByRole('heading', { name: 'Add Address' }).waitFor();
    const add = ship.locator('[data-address-form]');
    await add.getByLabel('First Name').fill('Neel');
    await add.getByLabel('Last Name').fill('Rao');
    await add.getByLabel('Address Line 1').fill('3 Church Street');
    await add.getByLabel('City').fill('Bengaluru');
    await add.getByLabel('Postcode').fill('560001');
    await add.getByLabel('State').selectOption({ label: 'Karnataka' });
    await add.getByRole('button', { name: 'Save Address' }).click();
    await plain.waitForURL((url) => url.search === '');
    await onCart(plain, 'Shipping').getByText('3 Church Street').waitFor();
    const addedId = (await addressBook(plain, base)).find((a) => a.address_line_1 === '3 Church Street')?.id;
    expect(addedId).toBeGreaterThan(0);

    // Billing: unticked, its selector shows (CSS, no script); the home address is picked; Continue saves it.
    await sameAsShipping(plain).uncheck();
    const bill = selector(plain, 'Billing');
    await bill.getByRole('radio', { name: /12 Residency Road/ }).check();
    await continueButton(plain).click();
    await plain.waitForURL((url) => url.pathname === '/checkout/payment');
    const cart = await cartAddresses(plain, base);
    expect(cart.billing_address?.id).toBe(homeId);
    expect(cart.shipping_address).toMatchObject({ id: addedId, address_line_1: '3 Church Street' });
    expect((await addressBook(plain, base)).find((a) => a.id === officeId)?.address_line_1).toBe('6 Brigade Road');
  });
});

test.describe('checkout address step: a guest', () => {
  test('at 390 px: Log in and Create an account open the dialogs; Continue with nothing typed says what is missing at each field; typed values survive; a separate billing address; on to payment', async ({
    page,
    shop,
  }) => {
    await page.setViewportSize(MOBILE);
    const problems = await watchForProblems(page);
    const base = shop.baseUrl;
    await buyNow(page, base, 'linen-camp-shirt');

    // The shop offers login and register at checkout.
    const prompt = page.getByTestId('checkout-account-prompt');
    await expectTapTarget(prompt.getByRole('button', { name: 'Log in' }), 'Log in');
    await prompt.getByRole('button', { name: 'Log in' }).click();
    await page.getByTestId('login-dialog').getByRole('heading', { name: 'Login' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('login-dialog').waitFor({ state: 'hidden' });
    await prompt.getByRole('button', { name: 'Create an account' }).click();
    await page.getByRole('dialog', { name: 'Register' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Register' }).waitFor({ state: 'hidden' });

    // Continue is never disabled; pressed with nothing typed, each message is at its field.
    await expectTapTarget(continueButton(page), 'Continue to payment');
    await expect(continueButton(page)).toBeEnabled();
    await pressContinue(page);
    await fieldError(page, 'checkout-contact-phone').getByText(messages.phoneEmpty).waitFor();
    await fieldError(page, 'checkout-shipping-first_name').getByText('First Name is empty').waitFor();
    await fieldError(page, 'checkout-shipping-city').getByText('City is empty').waitFor();
    // The first one has the focus, and the reason is beside Continue too, linked to its field.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('phone');
    await page.getByTestId('address-missing').getByText(messages.phoneEmpty).waitFor();
    await page.locator('#checkout-contact-email').focus();
    await page.getByTestId('address-missing').getByRole('link', { name: messages.phoneEmpty }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('phone');

    // Half filled: what was typed stays, the rest is still asked for.
    await fillContact(page, { email: 'guest.address@example.test', phone: '9876543219' });
    await selector(page, 'Shipping').getByLabel('First Name').fill('Asha');
    // The message goes as soon as its field is edited.
    await fieldError(page, 'checkout-shipping-first_name').waitFor({ state: 'detached' });
    await pressContinue(page);
    await expect(fieldError(page, 'checkout-shipping-first_name')).toHaveCount(0);
    await fieldError(page, 'checkout-shipping-last_name').getByText('Last Name is empty').waitFor();
    await expect(page.locator('#checkout-contact-phone')).toHaveValue('9876543219');
    await expect(selector(page, 'Shipping').getByLabel('First Name')).toHaveValue('Asha');
    await expect(fieldError(page, 'checkout-contact-phone')).toHaveCount(0);

    // A separate billing address, typed in; left empty, its fields say so too.
    await fillAddress(page, BENGALURU);
    await sameAsShipping(page).uncheck();
    const billing = selector(page, 'Billing');
    await billing.getByLabel('First Name').waitFor();
    await pressContinue(page);
    await fieldError(page, 'checkout-billing-first_name').getByText('First Name is empty').waitFor();
    await expect(sameAsShipping(page)).not.toBeChecked();
    await expect(selector(page, 'Shipping').getByLabel('City')).toHaveValue('Bengaluru');
    await billing.getByLabel('First Name').fill('Asha');
    await billing.getByLabel('Last Name').fill('Accounts');
    await billing.getByLabel('Address Line 1').fill('1 Infantry Road');
    await billing.getByLabel('City').fill('Bengaluru');
    await billing.getByLabel('Postcode').fill('560001');
    await billing.getByLabel('State').selectOption({ label: 'Karnataka' });

    await continueToPayment(page);
    const cart = await cartAddresses(page, base);
    expect(cart).toMatchObject({ billing_same_as_shipping: false, phone: '9876543219' });
    expect(cart.billing_address?.address_line_1).toBe('1 Infantry Road');
    expect(cart.shipping_address?.address_line_1).toBe('12 Residency Road');
    // The address phone is the contact's: asked once.
    expect((cart.shipping_address as unknown as { phone: string }).phone).toBe('9876543219');

    // Back to the step: the form again, filled in with what is on the cart.
    await page.goto(`${base}/checkout/address`);
    await waitForHydration(page);
    await expect(selector(page, 'Shipping').getByLabel('First Name')).toHaveValue('Asha');
    await expect(page.locator('#checkout-contact-phone')).toHaveValue('9876543219');
    expect(unexpected(problems)).toEqual([]);
  });
});

test.describe('checkout address step: an emptied cart', () => {
  test('resets every step (spec section 4): no "Cart (completed)" once the last item is removed', async ({
    page,
    shop,
  }) => {
    const base = shop.baseUrl;
    await buyNow(page, base, 'stoneware-coffee-mug');
    const steps = page.getByRole('navigation', { name: 'Checkout steps' });
    await expect(steps.locator('[data-step="cart"]')).toHaveAttribute('data-state', 'completed');
    const cart = (await (await page.context().request.get(`${base}/api/cart/get`)).json()) as {
      data: { items: { product_id: string }[] };
    };
    const removed = await page.context().request.delete(`${base}/api/cart/remove-item`, {
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      data: { product_id: cart.data.items[0]!.product_id },
    });
    expect(removed.status()).toBe(200);
    await page.goto(`${base}/checkout/address`);
    await page.locator('[data-cart-empty]').waitFor();
    await expect
      .poll(() =>
        steps
          .locator('[data-step]')
          .evaluateAll((els) => els.map((el) => `${el.getAttribute('data-step')}:${el.getAttribute('data-state')}`)),
      )
      .toEqual(['cart:active', 'address:pending', 'payment:pending']);
  });
});

test.describe('checkout address step: a shop without guest checkout', () => {
  // Its own shop (not the file's `shop`): the setting is changed in the shop's database while it
  // is stopped, then the shop starts again on the same DATA_DIR.
  let dataDir: string | undefined;
  let own: RunningShop | undefined;

  test.beforeAll(async () => {
    // Starting a shop (twice) is not the test's time.
    test.setTimeout(240_000);
    dataDir = mkdtempSync(path.join(tmpdir(), 'shopfront-e2e-guest-checkout-'));
    const first = await startShop({ env: { DATA_DIR: dataDir } });
    await first.stop();
    await setStoreSetting(dataDir, 'enable_guest_checkout', false);
    own = await startShop({ env: { DATA_DIR: dataDir } });
  });

  test.afterAll(async () => {
    await own?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('a guest is told to log in and cannot continue; after logging in from the step, the form is there', async ({
    page,
  }) => {
    const base = own!.baseUrl;
    const who: TestCustomer = await registerCustomer(base, 'Isha');
    await page.setViewportSize(MOBILE);
    const problems = await watchForProblems(page);
    await buyNow(page, base, 'stoneware-coffee-mug');

    const required = page.getByTestId('checkout-account-required');
    await required.getByRole('heading', { name: 'Log in to check out' }).waitFor();
    // Nothing to fill in or continue with before logging in.
    await expect(page.getByRole('button', { name: 'Continue to payment' })).toHaveCount(0);
    await expect(page.locator('[data-checkout-form="address-step"]')).toHaveCount(0);

    const login = required.getByRole('button', { name: 'Log in' });
    await expectTapTarget(login, 'Log in');
    await login.click();
    await logInThroughDialog(page, who);
    // Back on the step, signed in, with the cart: a customer without addresses gets the form.
    await selector(page, 'Shipping').getByLabel('First Name').waitFor();
    await expect(page.getByTestId('checkout-account-required')).toHaveCount(0);
    // The order summary (folded under its total) has the cart.
    await page.getByTestId('summary-lines').getByText('Stoneware Coffee Mug').waitFor({ state: 'attached' });
    await fillAddress(page, { ...BENGALURU, first: 'Isha' });
    await continueToPayment(page);
    // A customer's typed address is kept in their book, as their default.
    const book = await addressBook(page, base);
    expect(book).toMatchObject([{ address_line_1: '12 Residency Road', default: true, address_type: 'Shipping' }]);
    expect(unexpected(problems)).toEqual([]);
  });
});
