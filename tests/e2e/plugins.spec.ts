import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { DESKTOP, MOBILE, scrollAndSettle, waitForHydration, watchForProblems } from './support/browser.ts';
import { logInThroughDialog, registerCustomer } from './support/customers.ts';
import { expect, test } from './support/test.ts';

/**
 * The shopper-facing plugins the demo installs: chat button, pincode check, newsletter signup and
 * the gallery lightbox, the account's newsletter page and the trade enquiry from a product. Before
 * the file's shop starts, its India zone is narrowed to the civilian pincodes (110001 to 855999),
 * so that a valid pincode can also be one the shop does not serve, and the UAE is given no
 * postcodes (what migration 0017 does to an existing database).
 */
test.use({
  shopOptions: {
    // The dev outbox is where the shop's e-mail is read here: its answers say the link was sent.
    env: { DEV_OUTBOX: 'true' },
    prepare: async ({ db }) => {
      const res = await db.query(
        `update shipping_zones set postcode_ranges = '[{"from":"110001","to":"855999"}]'::jsonb where name = 'India'`,
      );
      if (res.affectedRows !== 1) throw new Error('the demo India zone was not found');
      await db.query(`update countries set has_postcodes = false where iso2 = 'AE'`);
    },
  },
});

/** Screenshots for a person to look at, when E2E_SHOTS names a directory. */
async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(dir, `plugins-${name}-${width}.png`) });
}

/** The first product the home page links to. */
async function firstProductPath(page: Page, baseUrl: string): Promise<string> {
  await page.goto(`${baseUrl}/`);
  const href = await page.locator('main a[href^="/product/"]').first().getAttribute('href');
  return href!;
}

const chatLink = (page: Page) => page.getByRole('link', { name: 'Chat with us on WhatsApp' });

/** Where a chat link leads: the number's address and the greeting it carries. */
async function chatTarget(link: Locator): Promise<{ to: string; text: string | null }> {
  const url = new URL((await link.getAttribute('href'))!);
  return { to: url.origin + url.pathname, text: url.searchParams.get('text') };
}

test.describe('chat button (WhatsApp plugin)', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`on a product page greets about the product with its URL, bottom right, and a click emits the event (${viewport.width})`, async ({
      page,
      shop,
    }) => {
      await page.setViewportSize(viewport);
      const problems = await watchForProblems(page);
      const productPath = await firstProductPath(page, shop.baseUrl);
      await page.goto(`${shop.baseUrl}${productPath}`);
      await waitForHydration(page);
      const name = (await page.locator('h1').first().textContent())!.trim();
      const link = chatLink(page);
      await expect
        .poll(() => chatTarget(link))
        .toEqual({
          to: 'https://wa.me/919800000000',
          text: `Hello! I'm interested in ${name}: ${shop.baseUrl}${productPath}`,
        });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
      await expect(link).toContainClass('bottom-right');

      // Above the phone's fixed footer, inside the viewport, on the right. On a desktop a tab
      // docked to the window's edge, inside the page's 40 px side margin: beside the content.
      const box = (await link.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      if (viewport.width < 1024) expect(box.width).toBeGreaterThanOrEqual(44);
      else {
        expect(box.width).toBe(40);
        expect(box.x).toBe(viewport.width - 40);
      }
      expect(box.x + box.width).toBeGreaterThan(viewport.width - 40);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height - (viewport.width < 768 ? 64 : 0));

      // On a phone it stands above the product's pinned Add to cart, where it steps aside over the
      // page's text and controls (phone-polish.spec.ts): over the blank space before the reviews it is back.
      if (viewport.width < 768) {
        const gap = await page.locator('#reviews').evaluate((s) => s.getBoundingClientRect().top + window.scrollY);
        await scrollAndSettle(page, gap - (box.y + box.height / 2));
        await expect(link).toHaveAttribute('data-visible', 'true');
      }
      // The click is reported; the chat itself (another site) is not opened here.
      await page.evaluate(() => {
        const w = window as unknown as { chatClicks: unknown[] };
        w.chatClicks = [];
        window.addEventListener('shopfront:chat-click', (e) => w.chatClicks.push((e as CustomEvent).detail));
        window.addEventListener(
          'click',
          (e) => (e.target as Element).closest('[data-chat-button]') && e.preventDefault(),
          true,
        );
      });
      await link.click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { chatClicks: unknown[] }).chatClicks))
        .toEqual([{ location: 'bottom-right', product: name }]);
      await shot(page, 'chat-product');
      expect(problems).toEqual([]);
    });
  }

  test('elsewhere carries the configured default message', async ({ page, shop }) => {
    await page.setViewportSize(MOBILE);
    await page.goto(`${shop.baseUrl}/`);
    await waitForHydration(page);
    await expect
      .poll(async () => (await chatTarget(chatLink(page))).text)
      .toBe('Hello Loom & Leaf! I have a question about your shop.');
    await shot(page, 'chat-home');
  });
});

test.describe('pincode check (PincodeAvaliability plugin)', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`answers served with and without COD, not served and invalid, and remembers the pincode (${viewport.width})`, async ({
      page,
      shop,
    }) => {
      await page.setViewportSize(viewport);
      const problems = await watchForProblems(page);
      const productPath = await firstProductPath(page, shop.baseUrl);
      await page.goto(`${shop.baseUrl}${productPath}`);
      await waitForHydration(page);
      const box = page.locator('.pincode-check');
      await expect(box.getByRole('heading', { name: 'Check delivery' })).toBeVisible();
      const input = box.getByLabel('Pincode');
      const result = box.getByRole('status');
      // A fresh context per test, so an empty localStorage: no pincode remembered yet.
      await expect(input).toHaveValue('');
      const check = async (pincode: string) => {
        await input.fill(pincode);
        await box.getByRole('button', { name: 'Check' }).click();
      };

      await check('560001');
      await expect(result.locator('[data-pincode-result="served"]')).toBeVisible();
      await expect(result).toHaveText(/Delivery by .+\(1–6 working days\)Cash on Delivery available/);
      await expect(result.locator('[data-cod]')).toHaveAttribute('data-cod', 'yes');
      await shot(page, 'pincode-cod');

      await check('744101');
      await expect(result.getByText('Cash on Delivery is not available for this pincode')).toBeVisible();
      await expect(result).toContainText('(7–12 working days)');

      await check('999999');
      await expect(result.getByText('Sorry, we do not deliver to 999999 yet')).toBeVisible();
      await shot(page, 'pincode-not-served');

      await check('012345');
      await expect(result.getByText('Please enter a valid 6-digit pincode')).toBeVisible();
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await shot(page, 'pincode-invalid');

      // The last pincode checked is checked again on the next product page.
      await check('560001');
      await expect(result.locator('[data-pincode-result="served"]')).toBeVisible();
      await page.goto(`${shop.baseUrl}/`);
      const other = await page.locator('main a[href^="/product/"]').nth(2).getAttribute('href');
      await page.goto(`${shop.baseUrl}${other}`);
      await waitForHydration(page);
      await expect(page.locator('.pincode-check').getByLabel('Pincode')).toHaveValue('560001');
      await expect(page.locator('.pincode-check [data-pincode-result="served"]')).toBeVisible();
      expect(problems.filter((p) => !p.includes('http 422'))).toEqual([]);
    });
  }
});

test.describe('pincode check in a country without postcodes', () => {
  test('is not on the product page of the UAE channel (and is, for the same product, in India)', async ({
    page,
    shop,
  }) => {
    await page.setViewportSize(MOBILE);
    const problems = await watchForProblems(page);
    await page.context().addCookies([{ name: 'sf_channel', value: 'ch_uae', url: shop.baseUrl }]);
    const productPath = await firstProductPath(page, shop.baseUrl);
    await page.goto(`${shop.baseUrl}${productPath}`);
    await waitForHydration(page);
    // The page is up (the trade link sits right below where the box would be), priced in dirhams.
    await expect(page.getByRole('link', { name: 'Ask for trade prices' })).toBeVisible();
    await expect(page.locator('main').getByText(/AED/).first()).toBeVisible();
    await expect(page.locator('.pincode-check')).toHaveCount(0);
    await page.getByRole('link', { name: 'Ask for trade prices' }).scrollIntoViewIfNeeded();
    await shot(page, 'pincode-uae');

    await page.context().clearCookies({ name: 'sf_channel' });
    await page.goto(`${shop.baseUrl}${productPath}`);
    await expect(page.locator('.pincode-check')).toBeVisible();
    expect(problems).toEqual([]);
  });
});

test.describe('newsletter signup (emailSubscription plugin)', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`signs up from the footer, with success and error states (${viewport.width})`, async ({ page, shop }) => {
      await page.setViewportSize(viewport);
      await page.goto(`${shop.baseUrl}/`);
      await waitForHydration(page);
      const band = page.getByRole('region', { name: 'Letters from the studio' });
      await expect(band.getByText('New pieces, maker stories and early access to sales')).toBeVisible();
      const email = band.getByLabel('E-mail address');

      await email.fill('not-an-address');
      await band.getByRole('button', { name: 'Subscribe' }).click();
      await expect(band.getByText('The value must be an valid email address')).toBeVisible();
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await band.scrollIntoViewIfNeeded();
      await shot(page, 'newsletter-error');

      await email.fill(`reader.${viewport.width}.${Date.now()}@example.test`);
      await band.getByRole('button', { name: 'Subscribe' }).click();
      await expect(
        band.getByText('Thank you! Please check your inbox and follow the link to confirm your subscription'),
      ).toBeVisible();
      await expect(email).toHaveValue('');
      await shot(page, 'newsletter-success');
    });
  }
});

test.describe('newsletter pages and the account', () => {
  test('shows no footer signup on /newsletter (the page has its own form), and shows it elsewhere', async ({
    page,
    shop,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${shop.baseUrl}/newsletter`);
    await waitForHydration(page);
    await expect(page.locator('main').getByLabel('E-mail address')).toBeVisible();
    await expect(page.locator('.newsletter-signup')).toHaveCount(0);
    await expect(page.getByLabel('E-mail address')).toHaveCount(1);
    await page.goto(`${shop.baseUrl}/newsletter/confirm/not-a-real-token`);
    await expect(page.locator('.newsletter-signup')).toHaveCount(0);
    await page.goto(`${shop.baseUrl}/`);
    await expect(page.locator('.newsletter-signup')).toBeVisible();
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    test(`account: subscribing says "link sent" once; Resend link keeps to the 10-minute pause (${viewport.width})`, async ({
      page,
      shop,
    }) => {
      await page.setViewportSize(viewport);
      const problems = await watchForProblems(page);
      const who = await registerCustomer(shop.baseUrl, 'Meera');
      await page.goto(`${shop.baseUrl}/account/newsletter`);
      await waitForHydration(page);
      await logInThroughDialog(page, who);
      if (viewport === DESKTOP) {
        // The dashboard names the newsletter once among its cards (besides the side menu).
        await page.goto(`${shop.baseUrl}/account`);
        await waitForHydration(page);
        const cards = page.getByRole('main').locator('a[href="/account/newsletter"]:not(nav a)');
        await expect(cards).toHaveCount(1);
        await page.goto(`${shop.baseUrl}/account/newsletter`);
        await waitForHydration(page);
      }
      const card = page.locator('main');
      await card.getByRole('button', { name: 'Subscribe' }).click();
      await expect(card.locator('[data-newsletter-status="pending"]')).toBeVisible();
      await expect(card.getByText('We have sent a confirmation link to your e-mail address')).toBeVisible();
      // Said once: the status text gives way to the answer.
      await expect(card.getByText(/confirmation link/)).toHaveCount(1);
      await expect(card.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
      await shot(page, 'account-newsletter-pending');

      await card.getByRole('button', { name: 'Resend link' }).click();
      const wait = card.locator('[data-newsletter-problem="wait"]');
      await expect(wait).toBeVisible();
      await expect(wait).toHaveText(
        /^We sent a confirmation link less than 10 minutes ago\. Please check your inbox and spam folder, or ask for a new link in (10|9) minutes$/,
      );
      await expect(card.locator('[data-newsletter-status="pending"]')).toBeVisible();
      await shot(page, 'account-newsletter-resend-wait');

      // A fresh load in the pending state: the status text, once, and both buttons.
      await page.waitForLoadState('networkidle');
      await page.reload();
      await waitForHydration(page);
      await expect(card.locator('[data-newsletter-status="pending"]')).toBeVisible();
      await expect(card.getByText(/confirmation link/)).toHaveCount(1);
      await expect(card.getByRole('button', { name: 'Resend link' })).toBeVisible();
      // The refused resend is a 429 answer (its message is the point); nothing else may fail.
      expect(problems.filter((p) => !p.includes('429'))).toEqual([]);
    });
  }
});

test.describe('trade enquiry from a product (TradeEnquiry plugin)', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`names the product the enquiry is about (${viewport.width})`, async ({ page, shop }) => {
      await page.setViewportSize(viewport);
      const problems = await watchForProblems(page);
      const productPath = await firstProductPath(page, shop.baseUrl);
      await page.goto(`${shop.baseUrl}${productPath}`);
      await waitForHydration(page);
      const name = (await page.locator('h1').first().textContent())!.trim();
      await page.getByRole('link', { name: 'Ask for trade prices' }).click();
      await page.waitForURL(/\/trade-enquiry\?product=/);
      await waitForHydration(page);
      const about = page.locator('[data-trade-product="named"]');
      await expect(about).toBeVisible();
      await expect(about).toHaveText(name);
      await expect(about.locator('xpath=..')).toHaveText(`Your enquiry is about ${name}.`);
      await about.scrollIntoViewIfNeeded();
      await shot(page, 'trade-enquiry-product');
      expect(problems).toEqual([]);
    });
  }
});

test.describe('gallery lightbox (Gallery plugin)', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`opens by keyboard, moves with the arrow keys, closes with Esc back on the thumbnail (${viewport.width})`, async ({
      page,
      shop,
    }) => {
      await page.setViewportSize(viewport);
      const problems = await watchForProblems(page);
      await page.goto(`${shop.baseUrl}/about-us`);
      await waitForHydration(page);
      const section = page.getByRole('region', { name: 'Inside the studio' });
      const thumbs = section.getByRole('button', { name: /^Open image/ });
      await expect.poll(() => thumbs.count()).toBeGreaterThanOrEqual(8);
      const count = await thumbs.count();
      await thumbs.first().focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Inside the studio: images' });
      await expect(dialog).toBeVisible();
      const counter = dialog.locator('[data-lightbox-counter]');
      await expect(counter).toHaveText(`1 of ${count}`);
      await expect(dialog.locator('[data-lightbox-caption]')).toHaveText('Glaze tests for the autumn mugs');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await expect(counter).toHaveText(`3 of ${count}`);
      await page.keyboard.press('ArrowLeft');
      await expect(counter).toHaveText(`2 of ${count}`);
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await expect(counter).toHaveText(`${count} of ${count}`);
      for (const name of ['Close', 'Previous image', 'Next image']) {
        const b = (await dialog.getByRole('button', { name }).boundingBox())!;
        expect(Math.min(b.width, b.height)).toBeGreaterThanOrEqual(44);
      }
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await expect(counter).toHaveText(`2 of ${count}`);
      await shot(page, 'lightbox');
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toMatch(new RegExp(`^Open image 2 of ${count}:`));
      await section.scrollIntoViewIfNeeded();
      await shot(page, 'gallery');
      expect(problems).toEqual([]);
    });
  }
});
