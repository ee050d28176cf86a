import type { Page } from '@playwright/test';
import { DESKTOP, MOBILE, countDocumentLoads, waitForHydration, watchForProblems } from './support/browser.ts';
import { expect, test } from './support/test.ts';

async function setMarker(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}

const markerSurvived = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

test.describe('client-side navigation', () => {
  test('the main menu opens About Us without a full page load and names the page on <body>', async ({ page, shop }) => {
    const problems = await watchForProblems(page);
    await page.goto(`${shop.baseUrl}/`);
    await waitForHydration(page);
    await expect(page.locator('body')).toHaveClass(/\bpage--home\b/);
    await setMarker(page);
    const documentLoads = countDocumentLoads(page);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();

    expect(new URL(page.url()).pathname).toBe('/about-us');
    expect(await markerSurvived(page)).toBe(true);
    expect(documentLoads()).toBe(0);
    await expect(page.locator('body')).toHaveClass(/\bpage--about-us\b/);
    await expect(page).toHaveTitle('About Us | Loom & Leaf');
    await expect(page.getByText('Made slowly, made to last')).toBeVisible();
    // The active menu entry is marked for assistive technology too.
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }),
    ).toHaveAttribute('aria-current', 'page');

    // Back to home through the logo, still the same document.
    await page.getByRole('link', { name: 'Loom & Leaf, home' }).click();
    await page.getByRole('heading', { name: 'New arrivals' }).waitFor();
    await expect(page.locator('body')).toHaveClass(/\bpage--home\b/);
    expect(await markerSurvived(page)).toBe(true);
    expect(problems).toEqual([]);
  });

  test('names product, category and collection pages on <body> by their kind', async ({ shop }) => {
    for (const [path, name] of [
      ['/product/organic-cotton-crew-tee', 'product'],
      ['/product-category/t-shirts', 'product-category'],
      ['/product-collection/new-arrivals', 'product-collection'],
    ]) {
      const html = await (await fetch(`${shop.baseUrl}${path}`)).text();
      expect(html, path).toMatch(new RegExp(`<body class="page--${name}[ "]`));
    }
  });

  test('answers the reset-password account section as a page of its own (spec section 2), not a redirect', async ({
    shop,
  }) => {
    const res = await fetch(`${shop.baseUrl}/account/reset-password`, { redirect: 'manual' });
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/<title>Reset Password[^<]*<\/title>/);
  });

  test('the mobile drawer navigates client-side and closes behind itself', async ({ page, shop }) => {
    await page.setViewportSize(MOBILE);
    await page.goto(`${shop.baseUrl}/`);
    await waitForHydration(page);
    await setMarker(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.locator('dialog#mobile-menu');
    await drawer.getByRole('link', { name: 'Shipping & Returns' }).click();
    await page.getByRole('heading', { level: 1, name: 'Shipping & Returns' }).waitFor();
    await drawer.waitFor({ state: 'hidden' });
    expect(await markerSurvived(page)).toBe(true);
    await expect(page.locator('body')).toHaveClass(/\bpage--shipping-and-returns\b/);
  });

  test('a slow navigation shows the 3 px loading bar at the top, which goes away when the page arrives', async ({
    page,
    shop,
  }) => {
    await page.goto(`${shop.baseUrl}/`);
    await waitForHydration(page);
    // Hold the page data back long enough to pass the 200 ms throttle.
    await page.route(/\/privacy-policy\.data/, async (route) => {
      await new Promise((r) => setTimeout(r, 1200));
      await route.continue();
    });
    const bar = page.locator('.loading-bar');
    await expect(bar).toHaveCSS('opacity', '0');

    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).first().click();
    await page.waitForFunction(() => {
      const el = document.querySelector<HTMLElement>('.loading-bar');
      return el?.style.opacity === '1' && (el.firstElementChild as HTMLElement).getBoundingClientRect().width > 0;
    });
    const box = await bar.boundingBox();
    expect(box).toMatchObject({ y: 0, height: 3, width: DESKTOP.width });

    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    await page.waitForFunction(() => document.querySelector<HTMLElement>('.loading-bar')?.style.opacity === '0');
  });

  test('the search form sends the query to /search as ?q=', async ({ page, shop }) => {
    await page.goto(`${shop.baseUrl}/`);
    await waitForHydration(page);
    const search = page.getByRole('search').first();
    // Once interactive the box is a combobox (it suggests as you type); still a plain GET form.
    await search.getByRole('combobox', { name: 'Search products' }).fill('linen shirt');
    await search.getByRole('combobox', { name: 'Search products' }).press('Enter');
    await page.waitForURL((url) => url.pathname === '/search');
    expect(new URL(page.url()).searchParams.get('q')).toBe('linen shirt');
  });
});

/** Every category and collection of the shop, as the API lists them (name and listing URL). */
async function catalogLinks(baseUrl: string): Promise<{ name: string; url: string }[]> {
  type Node = { name: string; url: string; children: Node[] };
  const tree = (await (await fetch(`${baseUrl}/api/category/all`)).json()) as { data: { categories: Node[] } };
  const flat = (nodes: Node[]): { name: string; url: string }[] =>
    nodes.flatMap((n) => [{ name: n.name, url: n.url }, ...flat(n.children)]);
  const list = (await (await fetch(`${baseUrl}/api/collection/all`)).json()) as {
    data: { collections: { name: string; url: string }[] };
  };
  return [...flat(tree.data.categories), ...list.data.collections.map((c) => ({ name: c.name, url: c.url }))];
}

/** The element that has the focus: its tag and text, for assertions. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return { tag: el?.tagName ?? null, text: el?.textContent?.trim() ?? null };
  });

test.describe('catalogue menus', () => {
  test('at 390 px every category and collection is two taps away: the menu button, then its link', async ({
    page,
    shop,
  }) => {
    // Twenty-odd navigations in one test: a loaded 2-core machine needs more than the default 60 s.
    test.setTimeout(150_000);
    await page.setViewportSize(MOBILE);
    const problems = await watchForProblems(page);
    const targets = await catalogLinks(shop.baseUrl);
    expect(targets.length).toBeGreaterThanOrEqual(19);
    await page.goto(`${shop.baseUrl}/`);
    await waitForHydration(page);
    await setMarker(page);
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    for (const target of targets) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await drawer
        .getByRole('navigation', { name: 'Mobile' })
        .getByRole('link', { name: target.name, exact: true })
        .click();
      await page.waitForURL((url) => url.pathname === target.url);
      await page.getByRole('heading', { level: 1, name: target.name }).waitFor();
      await drawer.waitFor({ state: 'hidden' });
    }
    // All of it client-side, in one document.
    expect(await markerSurvived(page)).toBe(true);
    expect(problems).toEqual([]);
  });

  test('the drawer folds a section and its sections, links and expand buttons are 44 px tall', async ({
    page,
    shop,
  }) => {
    await page.setViewportSize(MOBILE);
    await page.goto(`${shop.baseUrl}/`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = page.getByRole('dialog', { name: 'Menu' }).getByRole('navigation', { name: 'Mobile' });
    const clothing = nav.getByRole('button', { name: 'Clothing' });
    await expect(clothing).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'T-Shirts', exact: true })).toBeVisible();
    await clothing.click();
    await expect(clothing).toHaveAttribute('aria-expanded', 'false');
    await nav.getByRole('link', { name: 'T-Shirts', exact: true }).waitFor({ state: 'hidden' });
    // The pages of the main menu follow the catalogue; About Us unfolds its own pages.
    await nav.getByRole('button', { name: 'More in About Us' }).click();
    await expect(nav.getByRole('link', { name: 'Blog', exact: true })).toHaveAttribute('href', '/blogs');
    await expect(nav.getByRole('link', { name: 'Contact Us', exact: true })).toBeVisible();
    for (const target of [
      nav.getByRole('button', { name: 'Home & Living' }),
      nav.getByRole('link', { name: 'Mugs & Cups' }),
      nav.getByRole('link', { name: 'Shop all products' }),
      nav.getByRole('button', { name: 'More in About Us' }),
    ]) {
      const box = (await target.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
    }
  });

  test('on a desktop the Shop disclosure opens by keyboard, lists the whole catalogue, and Escape closes it', async ({
    page,
    shop,
  }) => {
    const problems = await watchForProblems(page);
    await page.goto(`${shop.baseUrl}/`);
    await waitForHydration(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const toggle = nav.getByRole('button', { name: 'Shop: categories and collections' });
    const panel = page.getByTestId('catalog-menu');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();

    // Keyboard: Tab reaches the button right after the Shop link; Enter opens the panel.
    await nav.getByRole('link', { name: 'Shop', exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    await panel.waitFor({ state: 'visible' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const names = await panel.getByRole('link').allTextContents();
    for (const target of await catalogLinks(shop.baseUrl)) expect(names).toContain(target.name);
    for (const group of ['All Clothing', 'All Home & Living', 'All Garden', 'All Accessories']) {
      expect(names).toContain(group);
    }
    // The next Tab goes into the panel, and Escape from there closes it, back on its button.
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(page)).toEqual({ tag: 'A', text: 'T-Shirts' });
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();

    // A click elsewhere closes it too; a link in it navigates and closes it.
    await toggle.click();
    await panel.waitFor({ state: 'visible' });
    // A bare spot of the hero, below the panel.
    await page.mouse.click(1000, 640);
    await panel.waitFor({ state: 'hidden' });
    await toggle.click();
    await panel.getByRole('link', { name: 'Handmade Ceramics' }).click();
    await page.getByRole('heading', { level: 1, name: 'Handmade Ceramics' }).waitFor();
    await panel.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/product-collection/handmade-ceramics');

    // About Us has its own small menu: the blog, trade and contact pages.
    await nav.getByRole('button', { name: 'More in About Us' }).click();
    await nav.getByRole('link', { name: 'Trade & Wholesale' }).click();
    await page.getByRole('heading', { level: 1, name: 'Trade & Wholesale' }).waitFor();
    expect(problems).toEqual([]);
  });
});

test.describe('focus after a client-side navigation', () => {
  test("moves from the menu link to the new page's heading and announces the page", async ({ page, shop }) => {
    await page.goto(`${shop.baseUrl}/`);
    await waitForHydration(page);
    const announcer = page.getByTestId('route-announcer');
    await expect(announcer).toHaveText('');

    // By keyboard: Enter on the main menu's link.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    await expect.poll(() => focused(page)).toEqual({ tag: 'H1', text: 'About Us' });
    await expect(announcer).toHaveText('About Us | Loom & Leaf');
    // The next Tab continues in the page's content, not in the header it came from.
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.getElementById('main-content')!.contains(document.activeElement)))
      .toBe(true);

    // A query change on the same page (a listing's sort) keeps the focus where it is.
    await page.goto(`${shop.baseUrl}/shop-online`);
    await waitForHydration(page);
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }
      ).__reactRouterDataRouter.navigate('/shop-online?page=2'),
    );
    await page.waitForURL((url) => url.search === '?page=2');
    expect(await focused(page)).not.toMatchObject({ tag: 'H1' });
  });

  test("on a phone the drawer closes and the new page's heading has the focus", async ({ page, shop }) => {
    await page.setViewportSize(MOBILE);
    await page.goto(`${shop.baseUrl}/`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Plates & Bowls' }).click();
    await page.getByRole('heading', { level: 1, name: 'Plates & Bowls' }).waitFor();
    await expect.poll(() => focused(page)).toEqual({ tag: 'H1', text: 'Plates & Bowls' });
  });
});

test.describe('error pages', () => {
  test('an unknown URL answers 404 with "Page Not Found!" inside the shop, and Go Home works', async ({
    page,
    shop,
  }) => {
    const response = await page.goto(`${shop.baseUrl}/nope`);
    expect(response?.status()).toBe(404);
    await waitForHydration(page);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found!');
    // The address that led nowhere is named, in the spec's words.
    await expect(page.getByRole('main').getByText('Page not found: /nope')).toBeVisible();
    // Still looks like the shop: header, menus and footer are there.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page).toHaveTitle('Page Not Found | Loom & Leaf');

    await page.getByRole('main').getByRole('link', { name: 'Go Home' }).click();
    await page.getByRole('heading', { name: 'New arrivals' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('a multi-segment unknown path is a 404 with its full path, already in the server HTML', async ({ shop }) => {
    const res = await fetch(`${shop.baseUrl}/about-us/team/nobody`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Page Not Found!');
    expect(html).toContain('Page not found: /about-us/team/nobody');
    expect(html).toContain('Go Home');
    expect(html).toContain('Loom &amp; Leaf');
  });

  test('following a link to a page that does not exist shows the 404 screen without reloading', async ({
    page,
    shop,
  }) => {
    await page.goto(`${shop.baseUrl}/`);
    await waitForHydration(page);
    await setMarker(page);
    // A client-side navigation (as a stale link would make) to a product that does not exist.
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }
      ).__reactRouterDataRouter.navigate('/product/no-such-product'),
    );
    await page.getByRole('heading', { level: 1, name: 'Page Not Found!' }).waitFor();
    await expect(page.getByRole('main').getByText('Page not found: /product/no-such-product')).toBeVisible();
    expect(await markerSurvived(page)).toBe(true);
  });

  test('crawlers get the normal 404 page for an unknown URL (only fatal errors are withheld from them)', async ({
    shop,
  }) => {
    const res = await fetch(`${shop.baseUrl}/nope`, {
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    });
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Page Not Found!');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });
});
