import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  MOBILE,
  launchBrowser,
  newPage,
  scrollAndSettle,
  waitForHydration,
  watchForProblems,
  type ShopBrowser,
} from './support/browser.ts';
import { logInThroughDialog, registerCustomer } from './support/customers.ts';
import { startShop, type RunningShop } from './support/server.ts';

/**
 * The shopper-facing plugins the demo installs: chat button, pincode check, newsletter signup and
 * the gallery lightbox, the account's newsletter page and the trade enquiry from a product. The
 * shop runs on a data directory of its own: seeded by a first start, then, stopped, its India
 * zone is narrowed to the civilian pincodes (110001 to 855999), so that a valid pincode can also
 * be one the shop does not serve; the tests run on the second start.
 */

let shop: RunningShop;
let browser: ShopBrowser;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'shopfront-e2e-plugins-'));
  // The dev outbox is where the shop's e-mail is read here: its answers say the link was sent.
  const env = { DATA_DIR: dataDir, DEV_OUTBOX: 'true' };
  const [first, chromium] = await Promise.all([startShop({ env }), launchBrowser()]);
  browser = chromium;
  await first.stop();
  const db = await PGlite.create(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
  try {
    const res = await db.query(
      `update shipping_zones set postcode_ranges = '[{"from":"110001","to":"855999"}]'::jsonb where name = 'India'`,
    );
    if (res.affectedRows !== 1) throw new Error('the demo India zone was not found');
    // What migration 0017 does to an existing database: the UAE has no postcodes.
    await db.query(`update countries set has_postcodes = false where iso2 = 'AE'`);
  } finally {
    await db.close();
  }
  shop = await startShop({ env });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
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
async function firstProductPath(page: Page): Promise<string> {
  await page.goto(`${shop.baseUrl}/`);
  const href = await page.locator('main a[href^="/product/"]').first().getAttribute('href');
  return href!;
}

const chatLink = (page: Page) => page.getByRole('link', { name: 'Chat with us on WhatsApp' });

describe('chat button (WhatsApp plugin)', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`on a product page greets about the product with its URL, bottom right, and a click emits the event (${viewport.width})`, async () => {
      const page = await newPage(browser, viewport);
      const problems = await watchForProblems(page);
      const productPath = await firstProductPath(page);
      await page.goto(`${shop.baseUrl}${productPath}`);
      await waitForHydration(page);
      const name = (await page.locator('h1').first().textContent())!.trim();
      const link = chatLink(page);
      const href = (await link.getAttribute('href'))!;
      const url = new URL(href);
      expect(url.origin + url.pathname).toBe('https://wa.me/919800000000');
      const text = url.searchParams.get('text')!;
      expect(text).toBe(`Hello! I'm interested in ${name}: ${shop.baseUrl}${productPath}`);
      await expect(link.getAttribute('target')).resolves.toBe('_blank');
      await expect(link.getAttribute('rel')).resolves.toContain('noopener');
      expect((await link.getAttribute('class'))!.split(/\s+/)).toContain('bottom-right');

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
      // page's text and controls (phone-polish.test.ts): over the blank space before the reviews it is back.
      if (viewport.width < 768) {
        const gap = await page.locator('#reviews').evaluate((s) => s.getBoundingClientRect().top + window.scrollY);
        await scrollAndSettle(page, gap - (box.y + box.height / 2));
        await expect.poll(() => link.getAttribute('data-visible')).toBe('true');
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
      await expect(page.evaluate(() => (window as unknown as { chatClicks: unknown[] }).chatClicks)).resolves.toEqual([
        { location: 'bottom-right', product: name },
      ]);
      await shot(page, 'chat-product');
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  it('elsewhere carries the configured default message', async () => {
    const page = await newPage(browser, MOBILE);
    await page.goto(`${shop.baseUrl}/`);
    await waitForHydration(page);
    const url = new URL((await chatLink(page).getAttribute('href'))!);
    expect(url.searchParams.get('text')).toBe('Hello Loom & Leaf! I have a question about your shop.');
    await shot(page, 'chat-home');
    await page.close();
  });
});

describe('pincode check (PincodeAvaliability plugin)', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`answers served with and without COD, not served and invalid, and remembers the pincode (${viewport.width})`, async () => {
      const page = await newPage(browser, viewport);
      const problems = await watchForProblems(page);
      const productPath = await firstProductPath(page);
      await page.evaluate(() => localStorage.clear());
      await page.goto(`${shop.baseUrl}${productPath}`);
      await waitForHydration(page);
      const box = page.locator('.pincode-check');
      await box.getByRole('heading', { name: 'Check delivery' }).waitFor();
      const input = box.getByLabel('Pincode');
      const result = box.getByRole('status');
      const check = async (pincode: string) => {
        await input.fill(pincode);
        await box.getByRole('button', { name: 'Check' }).click();
      };

      await check('560001');
      await result.locator('[data-pincode-result="served"]').waitFor();
      await expect(result.textContent()).resolves.toMatch(
        /Delivery by .+\(1–6 working days\)Cash on Delivery available/,
      );
      await expect(result.locator('[data-cod]').getAttribute('data-cod')).resolves.toBe('yes');
      await shot(page, 'pincode-cod');

      await check('744101');
      await result.getByText('Cash on Delivery is not available for this pincode').waitFor();
      await expect(result.textContent()).resolves.toContain('(7–12 working days)');

      await check('999999');
      await result.getByText('Sorry, we do not deliver to 999999 yet').waitFor();
      await shot(page, 'pincode-not-served');

      await check('012345');
      await result.getByText('Please enter a valid 6-digit pincode').waitFor();
      await expect(input.getAttribute('aria-invalid')).resolves.toBe('true');
      await shot(page, 'pincode-invalid');

      // The last pincode checked is checked again on the next product page.
      await check('560001');
      await result.locator('[data-pincode-result="served"]').waitFor();
      await page.goto(`${shop.baseUrl}/`);
      const other = await page.locator('main a[href^="/product/"]').nth(2).getAttribute('href');
      await page.goto(`${shop.baseUrl}${other}`);
      await waitForHydration(page);
      await expect(page.locator('.pincode-check').getByLabel('Pincode').inputValue()).resolves.toBe('560001');
      await page.locator('.pincode-check [data-pincode-result="served"]').waitFor();
      expect(problems.filter((p) => !p.includes('http 422'))).toEqual([]);
      await page.close();
    });
  }
});

describe('pincode check in a country without postcodes', () => {
  it('is not on the product page of the UAE channel (and is, for the same product, in India)', async () => {
    const page = await newPage(browser, MOBILE);
    const problems = await watchForProblems(page);
    await page.context().addCookies([{ name: 'sf_channel', value: 'ch_uae', url: shop.baseUrl }]);
    const productPath = await firstProductPath(page);
    await page.goto(`${shop.baseUrl}${productPath}`);
    await waitForHydration(page);
    // The page is up (the trade link sits right below where the box would be), priced in dirhams.
    await page.getByRole('link', { name: 'Ask for trade prices' }).waitFor();
    await page.locator('main').getByText(/AED/).first().waitFor();
    await expect(page.locator('.pincode-check').count()).resolves.toBe(0);
    await page.getByRole('link', { name: 'Ask for trade prices' }).scrollIntoViewIfNeeded();
    await shot(page, 'pincode-uae');

    await page.context().clearCookies({ name: 'sf_channel' });
    await page.goto(`${shop.baseUrl}${productPath}`);
    await page.locator('.pincode-check').waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('newsletter signup (emailSubscription plugin)', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`signs up from the footer, with success and error states (${viewport.width})`, async () => {
      const page = await newPage(browser, viewport);
      await page.goto(`${shop.baseUrl}/`);
      await waitForHydration(page);
      const band = page.getByRole('region', { name: 'Letters from the studio' });
      await band.getByText('New pieces, maker stories and early access to sales').waitFor();
      const email = band.getByLabel('E-mail address');

      await email.fill('not-an-address');
      await band.getByRole('button', { name: 'Subscribe' }).click();
      await band.getByText('The value must be an valid email address').waitFor();
      await expect(email.getAttribute('aria-invalid')).resolves.toBe('true');
      await band.scrollIntoViewIfNeeded();
      await shot(page, 'newsletter-error');

      await email.fill(`reader.${viewport.width}.${Date.now()}@example.test`);
      await band.getByRole('button', { name: 'Subscribe' }).click();
      await band
        .getByText('Thank you! Please check your inbox and follow the link to confirm your subscription')
        .waitFor();
      await expect.poll(() => email.inputValue()).toBe('');
      await shot(page, 'newsletter-success');
      await page.close();
    });
  }
});

describe('newsletter pages and the account', () => {
  it('shows no footer signup on /newsletter (the page has its own form), and shows it elsewhere', async () => {
    const page = await newPage(browser, DESKTOP);
    await page.goto(`${shop.baseUrl}/newsletter`);
    await waitForHydration(page);
    await page.locator('main').getByLabel('E-mail address').waitFor();
    await expect(page.locator('.newsletter-signup').count()).resolves.toBe(0);
    await expect(page.getByLabel('E-mail address').count()).resolves.toBe(1);
    await page.goto(`${shop.baseUrl}/newsletter/confirm/not-a-real-token`);
    await expect(page.locator('.newsletter-signup').count()).resolves.toBe(0);
    await page.goto(`${shop.baseUrl}/`);
    await page.locator('.newsletter-signup').waitFor();
    await page.close();
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    it(`account: subscribing says "link sent" once; Resend link keeps to the 10-minute pause (${viewport.width})`, async () => {
      const page = await newPage(browser, viewport);
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
        await expect(cards.count()).resolves.toBe(1);
        await page.goto(`${shop.baseUrl}/account/newsletter`);
        await waitForHydration(page);
      }
      const card = page.locator('main');
      await card.getByRole('button', { name: 'Subscribe' }).click();
      await card.locator('[data-newsletter-status="pending"]').waitFor();
      await card.getByText('We have sent a confirmation link to your e-mail address').waitFor();
      // Said once: the status text gives way to the answer.
      await expect(card.getByText(/confirmation link/).count()).resolves.toBe(1);
      await expect(card.getByRole('button', { name: 'Unsubscribe' }).isVisible()).resolves.toBe(true);
      await shot(page, 'account-newsletter-pending');

      await card.getByRole('button', { name: 'Resend link' }).click();
      const wait = card.locator('[data-newsletter-problem="wait"]');
      await wait.waitFor();
      await expect(wait.textContent()).resolves.toMatch(
        /^We sent a confirmation link less than 10 minutes ago\. Please check your inbox and spam folder, or ask for a new link in (10|9) minutes$/,
      );
      await card.locator('[data-newsletter-status="pending"]').waitFor();
      await shot(page, 'account-newsletter-resend-wait');

      // A fresh load in the pending state: the status text, once, and both buttons.
      await page.waitForLoadState('networkidle');
      await page.reload();
      await waitForHydration(page);
      await card.locator('[data-newsletter-status="pending"]').waitFor();
      await expect(card.getByText(/confirmation link/).count()).resolves.toBe(1);
      await card.getByRole('button', { name: 'Resend link' }).waitFor();
      // The refused resend is a 429 answer (its message is the point); nothing else may fail.
      expect(problems.filter((p) => !p.includes('429'))).toEqual([]);
      await page.close();
    });
  }
});

describe('trade enquiry from a product (TradeEnquiry plugin)', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`names the product the enquiry is about (${viewport.width})`, async () => {
      const page = await newPage(browser, viewport);
      const problems = await watchForProblems(page);
      const productPath = await firstProductPath(page);
      await page.goto(`${shop.baseUrl}${productPath}`);
      await waitForHydration(page);
      const name = (await page.locator('h1').first().textContent())!.trim();
      await page.getByRole('link', { name: 'Ask for trade prices' }).click();
      await page.waitForURL(/\/trade-enquiry\?product=/);
      await waitForHydration(page);
      const about = page.locator('[data-trade-product="named"]');
      await about.waitFor();
      await expect(about.textContent()).resolves.toBe(name);
      await expect(about.locator('xpath=..').textContent()).resolves.toBe(`Your enquiry is about ${name}.`);
      await about.scrollIntoViewIfNeeded();
      await shot(page, 'trade-enquiry-product');
      expect(problems).toEqual([]);
      await page.close();
    });
  }
});

describe('gallery lightbox (Gallery plugin)', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`opens by keyboard, moves with the arrow keys, closes with Esc back on the thumbnail (${viewport.width})`, async () => {
      const page = await newPage(browser, viewport);
      const problems = await watchForProblems(page);
      await page.goto(`${shop.baseUrl}/about-us`);
      await waitForHydration(page);
      const section = page.getByRole('region', { name: 'Inside the studio' });
      const thumbs = section.getByRole('button', { name: /^Open image/ });
      const count = await thumbs.count();
      expect(count).toBeGreaterThanOrEqual(8);
      await thumbs.first().focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Inside the studio: images' });
      await dialog.waitFor();
      const counter = dialog.locator('[data-lightbox-counter]');
      await expect(counter.textContent()).resolves.toBe(`1 of ${count}`);
      await expect(dialog.locator('[data-lightbox-caption]').textContent()).resolves.toBe(
        'Glaze tests for the autumn mugs',
      );
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await expect(counter.textContent()).resolves.toBe(`3 of ${count}`);
      await page.keyboard.press('ArrowLeft');
      await expect(counter.textContent()).resolves.toBe(`2 of ${count}`);
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await expect(counter.textContent()).resolves.toBe(`${count} of ${count}`);
      for (const name of ['Close', 'Previous image', 'Next image']) {
        const b = (await dialog.getByRole('button', { name }).boundingBox())!;
        expect(Math.min(b.width, b.height)).toBeGreaterThanOrEqual(44);
      }
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await expect(counter.textContent()).resolves.toBe(`2 of ${count}`);
      await shot(page, 'lightbox');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toMatch(new RegExp(`^Open image 2 of ${count}:`));
      await section.scrollIntoViewIfNeeded();
      await shot(page, 'gallery');
      expect(problems).toEqual([]);
      await page.close();
    });
  }
});
