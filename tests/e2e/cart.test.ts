import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ITEM_ADDED_HIGHLIGHT_MS, cartMessages } from '@shopfront/shared';
import {
  DESKTOP,
  MOBILE,
  launchNoScriptBrowser,
  newPage,
  waitForHydration,
  watchForProblems,
} from './support/browser.ts';
import { logInThroughDialog, registerCustomer, waitForToast } from './support/customers.ts';
import { useShopSuite } from './support/suite.ts';

const suite = useShopSuite();
const DEMO = { email: 'demo@loomandleaf.test', password: 'Demo@1234' };
const SHIRT = 'Linen Camp Shirt';

/** ₹1,234.50 → 123450 (paise). */
const paise = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100);

const drawer = (page: Page) => page.getByTestId('cart-drawer');
const line = (scope: Page | ReturnType<Page['locator']>, name: string) =>
  scope.locator('[data-cart-line]', { hasText: name });

/** The badge a shopper sees: the header icon's on desktop, the mobile footer's Cart on phones. */
async function badge(page: Page, width: number): Promise<string | null> {
  const id = width < 768 ? 'footer-cart-count' : 'header-cart-count';
  const el = page.getByTestId(id);
  return (await el.count()) ? el.textContent() : null;
}

/**
 * Guest 401s of the account lookups on a first visit are expected, and so is the 422 of a coupon
 * the shop refuses (with its console line); nothing else is.
 */
const unexpected = (problems: string[]) =>
  problems.filter(
    (p) =>
      !/http 401: \/api\/(account|wishlist)\//.test(p) &&
      !/http 422: \/(cart|checkout\/address)\.data/.test(p) &&
      !/console: Failed to load resource: the server responded with a status of (401|422)/.test(p),
  );

describe('cart', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`at ${viewport.width} px: add → drawer highlight → quantity → coupon refused then applied → reload → login merge → Buy now`, async () => {
      const page = await newPage(suite.browser, viewport);
      const problems = await watchForProblems(page);
      const base = suite.shop.baseUrl;

      // A first visit asks for no cart at all: browsing stays anonymous.
      const cartReads: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/resources/cart')) cartReads.push(r.url());
      });
      await page.goto(`${base}/product/linen-camp-shirt`);
      await waitForHydration(page);
      expect(cartReads).toEqual([]);
      expect(await badge(page, viewport.width)).toBeNull();

      // Add to cart: no navigation; the drawer opens with the added line highlighted for 2 s.
      const path = new URL(page.url()).pathname;
      await page.locator('[data-add-to-cart="pdp"]').getByRole('button', { name: 'Add to cart' }).click();
      await drawer(page).waitFor();
      const added = line(drawer(page), SHIRT);
      await expect.poll(() => added.getAttribute('data-added')).toBe('true');
      await drawer(page).getByTestId('item-added').waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      await expect.poll(() => badge(page, viewport.width)).toBe('1');
      const unit = paise(await added.getByTestId('line-total').textContent());
      expect(unit).toBeGreaterThan(0);
      // Spec section 4: the item-added flag turns itself off after 2 seconds.
      await expect
        .poll(() => added.getAttribute('data-added'), { timeout: ITEM_ADDED_HIGHLIGHT_MS + 3000 })
        .toBe('false');

      // The stepper shows the new quantity at once, the server's answer follows.
      await added.getByRole('button', { name: `Increase quantity of ${SHIRT}` }).click();
      await expect.poll(() => added.getByTestId('line-quantity').textContent(), { timeout: 500 }).toBe('2');
      await expect.poll(async () => paise(await drawer(page).getByTestId('drawer-total').textContent())).toBe(unit * 2);
      await expect.poll(() => badge(page, viewport.width)).toBe('2');
      await page.keyboard.press('Escape');
      await drawer(page).waitFor({ state: 'hidden' });

      // /cart: steps, lines, totals.
      await page.goto(`${base}/cart`);
      await waitForHydration(page);
      const steps = page.getByRole('navigation', { name: 'Checkout steps' });
      await expect(steps.locator('[data-step="cart"]').getAttribute('data-state')).resolves.toBe('active');
      await expect(steps.textContent()).resolves.toMatch(/1\s*Cart.*2\s*Address.*3\s*Payment/);
      const cartLine = line(page.locator('main [data-cart-lines]'), SHIRT);
      await expect(cartLine.getByTestId('line-quantity').textContent()).resolves.toBe('2');
      const before = paise(await page.getByTestId('totals-grand').textContent());

      // A coupon the shop refuses: its reason under the field.
      const code = page.getByLabel('Coupon code');
      await code.fill('WELCOME10');
      await page.getByRole('button', { name: 'Apply', exact: true }).click();
      await page.locator('[data-field-error]', { hasText: cartMessages.couponLogin }).waitFor();
      await expect(code.getAttribute('aria-invalid')).resolves.toBe('true');
      // One it takes: the total is lower by its discount.
      await code.fill('FLAT200');
      await page.getByRole('button', { name: 'Apply', exact: true }).click();
      await page.getByTestId('applied-coupon').getByText('FLAT200').waitFor();
      await expect.poll(async () => paise(await page.getByTestId('totals-grand').textContent())).toBe(before - 200_00);
      await expect(page.getByTestId('totals-coupon').textContent()).resolves.toContain('200');

      // The cart survives a reload.
      await page.reload();
      await waitForHydration(page);
      await expect(
        line(page.locator('main [data-cart-lines]'), SHIRT).getByTestId('line-quantity').textContent(),
      ).resolves.toBe('2');
      await page.getByTestId('applied-coupon').waitFor();
      if (viewport.width < 768) {
        // The total and Continue stay in reach above the mobile footer, which never covers them.
        const bar = await page.getByTestId('cart-bottom-bar').boundingBox();
        const footer = await page.getByRole('navigation', { name: 'Quick links' }).boundingBox();
        expect(bar && footer && bar.y + bar.height <= footer.y + 1).toBe(true);
        await page.getByTestId('cart-bottom-bar').getByRole('link', { name: 'Continue', exact: true }).waitFor();
      }

      // Logging in keeps the guest's line (the server merges it into the customer's cart).
      await page.getByRole('link', { name: 'Login' }).first().click();
      await logInThroughDialog(page, DEMO);
      await page.goto(`${base}/cart`);
      await waitForHydration(page);
      await line(page.locator('main [data-cart-lines]'), SHIRT).waitFor();
      await expect.poll(async () => Number(await badge(page, viewport.width))).toBeGreaterThanOrEqual(2);

      // Buy now adds, then goes to the address step.
      await page.goto(`${base}/product/stoneware-coffee-mug`);
      await waitForHydration(page);
      await page.locator('[data-add-to-cart="pdp"]').getByRole('button', { name: 'Buy now' }).click();
      await page.waitForURL((url) => url.pathname === '/checkout/address');
      await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
      await expect(
        page
          .getByRole('navigation', { name: 'Checkout steps' })
          .locator('[data-step="address"]')
          .getAttribute('data-state'),
      ).resolves.toBe('active');
      const summary = page.getByTestId('summary-lines');
      await summary.getByText('Stoneware Coffee Mug').waitFor();
      await summary.getByText(SHIRT).waitFor();
      // Payment is not open yet, and says so.
      await expect(page.getByRole('button', { name: 'Continue to payment' }).isDisabled()).resolves.toBe(true);
      await page.getByText('Payment opens in the next release').waitFor();

      expect(unexpected(problems)).toEqual([]);
      // Leave the demo customer's cart as it was for the next viewport's merge check.
      await page.context().clearCookies();
      await page.close();
    });
  }

  it('quickview: Add to cart closes the quickview and opens the drawer on the added line', async () => {
    const page = await newPage(suite.browser, DESKTOP);
    await page.goto(`${suite.shop.baseUrl}/product-category/cushions-and-throws`);
    await waitForHydration(page);
    const trigger = page.getByRole('link', { name: 'Quick view: Kantha Stitch Cushion Cover' });
    await trigger.hover();
    await trigger.click();
    const quickview = page.getByRole('dialog', { name: 'Kantha Stitch Cushion Cover' });
    await quickview.waitFor();
    await quickview.getByRole('button', { name: /^Size: 50 x 50 cm/ }).click();
    await quickview.getByRole('button', { name: 'Add to cart' }).click();
    await quickview.waitFor({ state: 'hidden' });
    const added = line(drawer(page), 'Kantha Stitch Cushion Cover');
    await expect.poll(() => added.getAttribute('data-added')).toBe('true');
    await expect(added.getByTestId('line-variant').textContent()).resolves.toContain('50 x 50 cm');
    await expect(added.getByTestId('line-total').textContent()).resolves.toBe('₹2,899.00');
    expect(new URL(page.url()).pathname).toBe('/product-category/cushions-and-throws');
    await page.close();
  });

  it('two tabs of one browser agree: a change in one shows in the other', async () => {
    const a = await newPage(suite.browser, DESKTOP);
    await a.goto(`${suite.shop.baseUrl}/product/brass-desk-lamp`);
    await waitForHydration(a);
    await a.locator('[data-add-to-cart="pdp"]').getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => badge(a, DESKTOP.width)).toBe('1');

    const b = await suite.browser.context.newPage();
    await b.setViewportSize(DESKTOP);
    await b.goto(`${suite.shop.baseUrl}/`);
    await waitForHydration(b);
    await expect.poll(() => badge(b, DESKTOP.width)).toBe('1');

    // Tab A raises the quantity; tab B hears of it without a reload.
    await line(drawer(a), 'Brass Desk Lamp')
      .getByRole('button', { name: 'Increase quantity of Brass Desk Lamp' })
      .click();
    await expect.poll(() => badge(a, DESKTOP.width)).toBe('2');
    await expect.poll(() => badge(b, DESKTOP.width)).toBe('2');
    await a.close();
    await b.close();
  });

  it('works without JavaScript: Add to cart posts a form and lands on /cart with the line; the stepper and Buy now too', async () => {
    const noScript = await launchNoScriptBrowser();
    try {
      const page = await noScript.newPage();
      await page.goto(`${suite.shop.baseUrl}/product/linen-camp-shirt`);
      await page.locator('[data-add-to-cart="pdp"]').getByRole('button', { name: 'Add to cart' }).click();
      await page.waitForURL((url) => url.pathname === '/cart');
      const shirt = line(page.locator('main [data-cart-lines]'), SHIRT);
      await shirt.waitFor();
      await expect(shirt.getByTestId('line-quantity').textContent()).resolves.toBe('1');

      await shirt.getByRole('button', { name: `Increase quantity of ${SHIRT}` }).click();
      await page.waitForURL((url) => url.pathname === '/cart');
      await expect(
        line(page.locator('main [data-cart-lines]'), SHIRT).getByTestId('line-quantity').textContent(),
      ).resolves.toBe('2');

      // A refused coupon shows its reason on the page the form lands on.
      await page.getByLabel('Coupon code').fill('NOSUCHCODE');
      await page.getByRole('button', { name: 'Apply', exact: true }).click();
      await page.locator('[data-field-error]', { hasText: cartMessages.couponUnknown }).waitFor();

      await page.goto(`${suite.shop.baseUrl}/product/stoneware-coffee-mug`);
      await page.locator('[data-add-to-cart="pdp"]').getByRole('button', { name: 'Buy now' }).click();
      await page.waitForURL((url) => url.pathname === '/checkout/address');
      await page.getByTestId('summary-lines').getByText('Stoneware Coffee Mug').waitFor();
      await page.close();
    } finally {
      await noScript.close();
    }
  });

  it('wishlist: Move to cart puts a one-variant product in the cart; one with several variants asks for a choice on its page', async () => {
    const who = await registerCustomer(suite.shop.baseUrl, 'Nila');
    const page = await newPage(suite.browser, MOBILE);
    const problems = await watchForProblems(page);
    await page.goto(`${suite.shop.baseUrl}/`);
    await page.evaluate(async (w) => {
      const headers = { 'content-type': 'application/json', 'x-requested-with': 'shopfront' };
      await fetch('/api/auth/login', { method: 'POST', headers, body: JSON.stringify(w) });
      for (const slug of ['brass-desk-lamp', 'linen-camp-shirt']) {
        const p = await (await fetch(`/api/product/single-product/${slug}`)).json();
        await fetch('/api/wishlist/add', {
          method: 'POST',
          headers,
          body: JSON.stringify({ product_id: p.data.product.id }),
        });
      }
    }, who);
    await page.goto(`${suite.shop.baseUrl}/account/wishlist`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Move Brass Desk Lamp to cart' }).click();
    const lamp = line(drawer(page), 'Brass Desk Lamp');
    await expect.poll(() => lamp.getAttribute('data-added')).toBe('true');
    await expect.poll(() => badge(page, MOBILE.width)).toBe('1');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Move Linen Camp Shirt to cart' }).click();
    await page.waitForURL((url) => url.pathname === '/product/linen-camp-shirt');
    await waitForToast(page, cartMessages.chooseVariant);
    expect(unexpected(problems)).toEqual([]);
    await page.close();
  });

  it('/checkout/address: a guest saves contact and a shipping address (field errors beside the fields first)', async () => {
    const page = await newPage(suite.browser, MOBILE);
    const problems = await watchForProblems(page);
    await page.goto(`${suite.shop.baseUrl}/product/brass-desk-lamp`);
    await waitForHydration(page);
    await page.locator('[data-add-to-cart="pdp"]').getByRole('button', { name: 'Buy now' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout/address');
    await waitForHydration(page);

    const contact = page.locator('[data-checkout-form="contact"]');
    await contact.getByLabel('Email').fill('not-an-email');
    await contact.getByRole('button', { name: 'Save contact' }).click();
    await contact.locator('[data-field-error]', { hasText: 'The value must be an valid email address' }).waitFor();
    await contact.getByLabel('Email').fill('guest@example.test');
    await contact.getByLabel('Phone').fill('9876543210');
    await contact.getByRole('button', { name: 'Save contact' }).click();
    await contact.getByText(cartMessages.contactSaved).waitFor();

    const form = page.locator('[data-checkout-form="new-address"]');
    await form.getByRole('button', { name: 'Deliver to this address' }).click();
    await expect
      .poll(() => form.locator('[data-field-error]', { hasText: 'This field is required' }).count())
      .toBeGreaterThanOrEqual(5);
    await form.getByLabel('First Name').fill('Asha');
    await form.getByLabel('Last Name').fill('Rao');
    await form.getByLabel('Phone').fill('9876543210');
    await form.getByLabel('Address Line 1').fill('12 Residency Road');
    await form.getByLabel('City').fill('Bengaluru');
    await form.getByLabel('Postcode').fill('560025');
    await form.getByLabel('State').selectOption({ label: 'Karnataka' });
    await form.getByRole('button', { name: 'Deliver to this address' }).click();
    const onCart = page.getByTestId('shipping-on-cart');
    await onCart.getByText('Asha Rao').waitFor();
    await onCart.getByText('12 Residency Road, Bengaluru, Karnataka 560025').waitFor();
    await form.waitFor({ state: 'hidden' });
    await expect(page.getByTestId('address-missing').count()).resolves.toBe(0);
    // Saved on the cart, not just on screen.
    await page.reload();
    await page.getByTestId('shipping-on-cart').getByText('Asha Rao').waitFor();
    await expect(page.getByRole('button', { name: 'Continue to payment' }).isDisabled()).resolves.toBe(true);
    expect(unexpected(problems)).toEqual([]);
    await page.close();
  });

  it('/cart when empty: the spec’s message and a way back to shopping', async () => {
    const page = await newPage(suite.browser, MOBILE);
    await page.goto(`${suite.shop.baseUrl}/cart`);
    const empty = page.locator('main [data-cart-empty]');
    await empty.getByText(cartMessages.empty).waitFor();
    await expect(empty.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).resolves.toBe(
      '/shop-online',
    );
    await expect(page.getByTestId('cart-bottom-bar').count()).resolves.toBe(0);
    await page.close();
  });
});
