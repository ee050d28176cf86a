import type { Page } from '@playwright/test';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@shopfront/shared';
import { waitForHydration, watchForProblems } from './support/browser.ts';
import { logInThroughDialog, registerCustomer } from './support/customers.ts';
import { createCategory, createProduct, type ProductFixtureRef } from './support/fixtures.ts';
import { expect, test } from './support/test.ts';

/**
 * ADR 31: a signed-in shopper with a cart is sent the same cached product page as everyone; the
 * page carries nobody's account, and the browser loads the account, the cart and the wishlist
 * after hydration.
 */
let kettle: ProductFixtureRef;
let mug: ProductFixtureRef;

test.use({
  shopOptions: {
    prepare: async (shop) => {
      const kitchen = await createCategory(shop, { name: 'Shared Page Kitchen' });
      kettle = await createProduct(shop, { name: 'Saltmarsh Enamel Kettle', price: 1899, categories: [kitchen] });
      mug = await createProduct(shop, { name: 'Saltmarsh Stoneware Mug', price: 499, categories: [kitchen] });
    },
  },
});

/** A new customer, signed in through the login dialog on the mug's page. */
async function signInOnTheMug(page: Page, baseUrl: string, name: string) {
  const who = await registerCustomer(baseUrl, name);
  await page.goto(`${baseUrl}${mug.path}`);
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Login' }).click();
  await logInThroughDialog(page, who);
  await expect(page.locator('[data-account-link="customer"]').first()).toBeVisible();
}

test.describe('shared pages for signed-in shoppers', () => {
  test('a signed-in shopper gets the cached page, then their account, cart count and saved hearts', async ({
    page,
    shop,
  }) => {
    const problems = await watchForProblems(page);
    await signInOnTheMug(page, shop.baseUrl, 'Sharedpage');

    // A cart line and a saved product, through the API with the browser's own cookies.
    const post = (path: string, body: unknown) =>
      page.context().request.post(`${shop.baseUrl}${path}`, {
        headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
        data: body,
      });
    expect((await post('/api/cart/add-item', { product_id: kettle.variants[0]!.id, quantity: 2 })).status()).toBe(200);
    expect((await post('/api/wishlist/add', { product_id: kettle.id })).status()).toBe(200);
    const cookies = (await page.context().cookies()).map((c) => c.name);
    expect(cookies).toEqual(expect.arrayContaining(['sf_session', 'sf_signed_in']));

    // Whoever asks first, the page is the shared one: the first load renders and keeps it…
    const first = await page.goto(`${shop.baseUrl}${kettle.path}`);
    expect(first!.headers()['cache-control']).toMatch(/^public/);
    // …and the next one is the very same document an anonymous visitor gets.
    const again = await page.goto(`${shop.baseUrl}${kettle.path}`);
    const html = await again!.text();
    expect(html).not.toContain('Sharedpage');
    expect(html).toContain('data-account-link="guest"');
    // (An anonymous visitor with the same cookie choice and browser: the fixture answered the banner.)
    const consent = (await page.context().cookies()).find((c) => c.name === 'cookiePreferences')!;
    const anonymous = await fetch(`${shop.baseUrl}${kettle.path}`, {
      headers: {
        accept: 'text/html',
        cookie: `${consent.name}=${consent.value}`,
        'user-agent': await page.evaluate(() => navigator.userAgent),
      },
    });
    expect(anonymous.headers.get('etag')).toBe(again!.headers()['etag']);

    // After hydration the browser fills in what is theirs.
    await waitForHydration(page);
    await expect(page.locator('header [data-account-link="customer"]')).toHaveAttribute(
      'aria-label',
      'My account (Sharedpage)',
    );
    await expect(page.getByTestId('header-cart-count').first()).toHaveText('2');
    await expect(page.locator(`.product-page [data-wishlist-heart="${kettle.id}"]`).first()).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Logging out takes the flag away: the next page asks for no account.
    const logout = await page.context().request.post(`${shop.baseUrl}/api/auth/logout`, {
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
    });
    expect(logout.status()).toBe(200);
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('sf_signed_in');
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/account/get') asked.push(r.url());
    });
    await page.goto(`${shop.baseUrl}${kettle.path}`);
    await waitForHydration(page);
    await expect(page.locator('header [data-account-link="guest"]').first()).toBeVisible();
    expect(asked).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('a review asked for while the account loads opens the review, not the login', async ({ page, shop }) => {
    const problems = await watchForProblems(page);
    await signInOnTheMug(page, shop.baseUrl, 'Reviewwait');

    // The shared page arrives as a guest's; its account answer is held back.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/account/get', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${shop.baseUrl}${kettle.path}`);
    await waitForHydration(page);
    // Not yet known to be signed in, not taken for a guest either: no login is promised.
    await page.locator('section#reviews').getByRole('button', { name: 'Write a review' }).click();
    release();
    await expect(page.getByTestId('review-dialog').getByRole('heading', { name: 'Write a review' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: /log ?in/i })).toHaveCount(0);
    await page.unroute('**/api/account/get');
    expect(problems).toEqual([]);
  });

  test('a flag left without its session logs nobody in, and goes away', async ({ page, shop }) => {
    const problems = await watchForProblems(page);
    const { hostname } = new URL(shop.baseUrl);
    await page.context().addCookies([{ name: 'sf_signed_in', value: '1', domain: hostname, path: '/' }]);
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/account/get');
    await page.goto(`${shop.baseUrl}${kettle.path}`);
    expect((await answered).status()).toBe(401);
    await expect.poll(async () => (await page.context().cookies()).map((c) => c.name)).not.toContain('sf_signed_in');
    await expect(page.locator('header [data-account-link]').first()).toHaveAttribute('data-account-link', 'guest');
    // The one 401 is the answer that told the browser its session is gone.
    expect(problems.filter((p) => !/401/.test(p))).toEqual([]);
  });
});
