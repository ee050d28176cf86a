import type { Locator, Page } from '@playwright/test';
import { DESKTOP, MOBILE, scrollAndSettle, waitForHydration, watchForProblems } from './support/browser.ts';
import { createCategory, createProduct, type CategoryFixtureRef, type ProductFixtureRef } from './support/fixtures.ts';
import { logInThroughDialog } from './support/customers.ts';
import { expect, test } from './support/test.ts';

/**
 * The design review's phone findings (issue 13, "Polish"): the WhatsApp chat button never sits
 * on text the shopper reads, the footer gives each contact once and keeps only the room the
 * bottom bar needs, the 404 page says "not found" only in the spec's heading and message and offers next steps, a product without
 * reviews says so once, and the quick view's Add to cart is on screen without scrolling.
 * The products are the file's own (no reviews, a long name, two option axes), written into its
 * shop before it starts; the demo shop brings the chat plugin and a blog post.
 */

let category: CategoryFixtureRef;
let product: ProductFixtureRef;

test.use({
  shopOptions: {
    prepare: async (shop) => {
      category = await createCategory(shop, { name: 'Phone polish sleepwear' });
      product = await createProduct(shop, {
        name: 'Stonewashed Linen Pyjama Set with Piped Collar',
        price: 3499,
        mrp: 3999,
        categories: [category],
        options: { Size: ['S', 'M', 'L', 'XL'], Colour: ['Oat', 'Sage', 'Clay'] },
        shortDescription:
          'A relaxed two-piece in stonewashed linen that softens with every wash, with a piped collar and deep pockets.',
      });
    },
  },
});

/**
 * The first line of text (in the page's main column or its footer) the visible chat button
 * covers, or null: nothing it hides, or the button has stepped aside.
 */
function chatCoversText(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const button = document.querySelector<HTMLElement>('[data-chat-button]');
    if (!button || button.dataset.visible !== 'true') return null;
    const box = button.getBoundingClientRect();
    const range = document.createRange();
    for (const root of document.querySelectorAll('main, footer.site-footer')) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.nodeValue?.trim()) continue;
        range.selectNodeContents(node);
        for (const line of range.getClientRects()) {
          const w = Math.min(line.right, box.right) - Math.max(line.left, box.left);
          const h = Math.min(line.bottom, box.bottom) - Math.max(line.top, box.top);
          if (w >= 3 && h >= 3) return node.nodeValue.trim().slice(0, 80);
        }
      }
    }
    return null;
  });
}

/** Scrolls through the whole page; at every stop the chat button must leave all text readable. */
async function expectChatNeverCoversText(page: Page, step = 90) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  for (let y = 0; y <= height + step; y += step) {
    await scrollAndSettle(page, y);
    await expect.poll(() => chatCoversText(page), { message: `chat button over text at scrollY=${y}` }).toBeNull();
  }
}

/** How often `pattern` occurs in what `locator` shows (its innerText). */
const occurrences = async (locator: Locator, pattern: RegExp) =>
  ((await locator.innerText()).match(pattern) ?? []).length;

const chat = (page: Page) => page.locator('[data-chat-button]');

test.describe('chat button on a phone', () => {
  test('never covers the product name or text, stays a 44 px target and comes back over blank space', async ({
    page,
    shop,
  }) => {
    await page.setViewportSize(MOBILE);
    const problems = await watchForProblems(page);
    await page.goto(`${shop.baseUrl}${product.path}`);
    await waitForHydration(page);
    await expect(chat(page)).toBeVisible();

    // The name, wrapped over lines, brought exactly to the button's height: it steps aside.
    const button = (await chat(page).boundingBox())!;
    expect(button.width).toBeGreaterThanOrEqual(44);
    expect(button.height).toBeGreaterThanOrEqual(44);
    const title = await page.locator('h1').evaluate((h) => {
      const r = h.getBoundingClientRect();
      return { top: r.top + window.scrollY, height: r.height };
    });
    await scrollAndSettle(page, title.top + title.height / 2 - (button.y + button.height / 2));
    await expect.poll(() => chatCoversText(page)).toBeNull();

    await expectChatNeverCoversText(page);

    // Over the blank space between the product and its reviews (no text there) it is back, and
    // can be tapped.
    const gap = await page.locator('#reviews').evaluate((s) => s.getBoundingClientRect().top + window.scrollY);
    await scrollAndSettle(page, gap - (button.y + button.height / 2));
    await expect(chat(page)).toHaveAttribute('data-visible', 'true');
    const box = (await chat(page).boundingBox())!;
    const hit = await page.evaluate(
      ([x, y]) => !!document.elementFromPoint(x!, y!)?.closest('[data-chat-button]'),
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(hit).toBe(true);
    expect(problems).toEqual([]);
  });

  test('never covers the text of a blog post, down to its last line', async ({ page, shop }) => {
    await page.setViewportSize(MOBILE);
    await page.goto(`${shop.baseUrl}/blogs`);
    const post = await page.locator('main a[href^="/blogs/"]').first().getAttribute('href');
    await page.goto(`${shop.baseUrl}${post}`);
    await waitForHydration(page);
    await expect(chat(page)).toBeVisible();
    await expectChatNeverCoversText(page, 120);
  });
});

test.describe('chat button over an order card on a phone', () => {
  test("steps aside from a card's action (Request refund), which stays tappable", async ({ page, shop }) => {
    await page.setViewportSize(MOBILE);
    await page.goto(`${shop.baseUrl}/`);
    await waitForHydration(page);
    await page.getByRole('banner').locator('[data-account-link]').click();
    await logInThroughDialog(page, { email: 'demo@loomandleaf.test', password: 'Demo@1234' });
    await page.waitForURL((url) => url.pathname === '/account');
    await page.goto(`${shop.baseUrl}/account/orders`);
    await waitForHydration(page);
    await expect(chat(page)).toBeVisible();
    const button = (await chat(page).boundingBox())!;
    // The card's "Request refund" brought to the chat button's height: the button's corner is over it.
    const refund = page.getByRole('link', { name: /^Request refund/ }).first();
    const top = await refund.evaluate((a) => a.getBoundingClientRect().top + window.scrollY);
    await scrollAndSettle(page, top - button.y);
    const link = (await refund.boundingBox())!;
    expect(link.x + link.width).toBeGreaterThan(button.x);
    expect(Math.abs(link.y - button.y)).toBeLessThan(2);
    await expect(chat(page)).toHaveAttribute('data-visible', 'false');
    // A tap where the two meet reaches the link.
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('a')?.textContent?.trim() ?? null,
      [(button.x + link.x + link.width) / 2, button.y + button.height / 2],
    );
    expect(hit).toBe('Request refund');
  });
});

test.describe('footer on a phone', () => {
  test('gives each phone number and e-mail once (customer care’s labelled) and keeps only the bottom bar’s room under the last line', async ({
    page,
    shop,
  }) => {
    await page.setViewportSize(MOBILE);
    await page.goto(`${shop.baseUrl}${category.path}`);
    await waitForHydration(page);
    const footer = page.getByRole('contentinfo');
    const hrefs = (selector: string) =>
      footer.locator(selector).evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    // The demo shop's own number and e-mail, then customer care's (different ones), once each.
    await expect.poll(() => hrefs('a[href^="tel:"]')).toEqual(['tel:+919876543210', 'tel:+918040001234']);
    await expect
      .poll(() => hrefs('a[href^="mailto:"]'))
      .toEqual(['mailto:hello@loomandleaf.example', 'mailto:care@loomandleaf.example']);
    await expect(footer.getByText('Customer care:')).toBeVisible();

    const padding = await footer.evaluate((f) => parseFloat(getComputedStyle(f).paddingBottom));
    const bar = page.getByRole('navigation', { name: 'Quick links' });
    const barHeight = (await bar.boundingBox())!.height;
    expect(padding).toBeGreaterThanOrEqual(barHeight);
    expect(padding).toBeLessThanOrEqual(barHeight + 16);

    // At the end of the page the bar is back, and the legal line is above it, not under it.
    await scrollAndSettle(page, 1e6);
    await expect(bar).toHaveAttribute('data-hidden', 'false');
    const legal = (await footer.getByText(/All rights reserved/).boundingBox())!;
    const barTop = (await bar.boundingBox())!.y;
    expect(legal.y + legal.height).toBeLessThanOrEqual(barTop);
    await expect.poll(() => chatCoversText(page)).toBeNull();
  });
});

test.describe('404 page', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`says "not found" only in the spec's heading and message, and offers a search box and the shop's departments (${viewport.width})`, async ({
      page,
      shop,
    }) => {
      await page.setViewportSize(viewport);
      const res = await page.goto(`${shop.baseUrl}/no/such/page`);
      expect(res?.status()).toBe(404);
      await waitForHydration(page);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toHaveText('Page Not Found!');
      // The heading and the spec's message, which names the address that led nowhere; nothing else.
      await expect.poll(() => occurrences(main, /not found/gi)).toBe(2);
      await expect(main).toContainText('Page not found: /no/such/page', { useInnerText: true });
      await expect(main).not.toContainText('404', { useInnerText: true });

      const browse = main.getByRole('navigation', { name: 'Browse the shop' });
      await expect(browse.getByRole('link', { name: 'Shop all' })).toHaveAttribute('href', '/shop-online');
      await expect.poll(() => browse.getByRole('link').count()).toBeGreaterThan(1);
      await expect(main.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');

      const search = main.getByRole('search', { name: 'Search the shop' });
      await search.getByRole('combobox').fill('linen');
      await search.getByRole('combobox').press('Enter');
      await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'linen');
    });
  }
});

test.describe('a product without reviews', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`says so once, with the write-a-review action (${viewport.width})`, async ({ page, shop }) => {
      await page.setViewportSize(viewport);
      await page.goto(`${shop.baseUrl}${product.path}`);
      await waitForHydration(page);
      const reviews = page.locator('#reviews');
      const action = reviews.getByRole('button', { name: 'Log in to write a review' });
      await expect(action).toBeVisible();
      await expect
        .poll(() => occurrences(reviews, /no reviews|be the first|first to review|review a product you know/gi))
        .toBe(1);
      await expect(reviews.getByRole('list', { name: 'Ratings by stars' })).toHaveCount(0);
      await expect(reviews.getByRole('button')).toHaveCount(1);
      // The action opens the login dialog (a guest), as it did.
      await action.click();
      await expect(page.getByRole('dialog').first()).toBeVisible();
    });
  }
});

test.describe('quick view on a phone', () => {
  test('shows Add to cart at 390 × 844 without scrolling, and it adds', async ({ page, shop }) => {
    await page.setViewportSize(MOBILE);
    const problems = await watchForProblems(page);
    await page.goto(`${shop.baseUrl}${category.path}`);
    await waitForHydration(page);
    await page.getByRole('link', { name: `Quick view: ${product.name}` }).click();
    const dialog = page.locator('dialog#quickview');
    await expect(dialog.getByRole('heading', { name: product.name })).toBeVisible();
    const add = dialog.getByRole('button', { name: 'Add to cart' });
    await expect(add).toBeVisible();

    expect(await dialog.evaluate((d) => d.scrollTop)).toBe(0);
    const box = (await add.boundingBox())!;
    const sheet = (await dialog.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(sheet.y);
    expect(box.y + box.height).toBeLessThanOrEqual(Math.min(sheet.y + sheet.height, MOBILE.height));
    // Nothing lies over it: a tap lands on the button itself.
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent?.trim() ?? null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(onTop).toBe('Add to cart');

    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => dialog.evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
    expect(problems).toEqual([]);
  });
});
