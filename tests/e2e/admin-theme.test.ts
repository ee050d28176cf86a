import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { DESKTOP, MOBILE, launchBrowser, newPage, waitForHydration, type ShopBrowser } from './support/browser.ts';
import { startShop, type RunningShop } from './support/server.ts';
import {
  axeProblems,
  sidebarLink,
  insertStaff,
  openPanelInBrowser,
  shot,
  shotScreen,
  testStaff,
  toastSays,
} from './support/admin.ts';

/*
 * The panel's Theme screen (issue 28, first slice) at 390 and 1280 px, with ADMIN_ORIGIN unset
 * (as `npm start` runs): the owner changes the primary colour and the framed home page shows it
 * before anything is saved, while a shopper (another browser) still sees the old colour; after
 * Publish the shopper's next load has the new one. A low-contrast text colour is warned about. A
 * content editor uses the screen too, and a 422 lands under its field.
 * SHOTS_DIR=/work/shots/theme keeps a screenshot of each screen.
 */
const OWNER = testStaff('Meera Iyer', 'owner');
const EDITOR = testStaff('Kabir Das', 'content_editor');

let shop: RunningShop;
let browser: ShopBrowser;
/** A second browser: the shopper shares no cookie with the panel. */
let shopperBrowser: ShopBrowser;
const url = (p: string) => `${shop.baseUrl}${p}`;

beforeAll(async () => {
  shop = await startShop({ env: { NODE_ENV: 'test' }, prepare: (data) => insertStaff(data, OWNER, EDITOR) });
  browser = await launchBrowser();
  shopperBrowser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await shopperBrowser?.close();
  await shop?.stop();
});

const primaryOf = (target: Page | Frame) =>
  target.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--sf-primary').trim());

/** The framed shop, once it has hydrated. */
async function previewFrame(page: Page): Promise<Frame> {
  await page.getByTestId('preview-frame').waitFor({ state: 'attached' });
  let frame: Frame | undefined;
  await expect.poll(() => (frame = page.frames().find((f) => f.url().includes('preview=1')))).toBeTruthy();
  await waitForHydration(frame as unknown as Page);
  return frame!;
}

async function openTheme(viewport: { width: number; height: number }, staff = OWNER) {
  const { page, problems } = await openPanelInBrowser(browser, url('/admin/theme'), staff, viewport);
  await page.getByTestId('theme-editor').waitFor();
  return { page, problems };
}

describe('the Theme screen', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`at ${viewport.width} px: a new primary colour shows in the preview at once and reaches shoppers on Publish`, async () => {
      const colour = viewport === MOBILE ? '#7c3aed' : '#b91c1c';
      const { page, problems } = await openTheme(viewport);
      const frame = await previewFrame(page);
      const before = await primaryOf(frame);
      expect(before).not.toBe(colour);

      const shopper = await newPage(shopperBrowser, viewport);
      await shopper.goto(url('/'));
      await waitForHydration(shopper);
      expect(await primaryOf(shopper)).toBe(before);

      expect(await axeProblems(page)).toEqual([]);
      await shot(page, 'theme-editor');
      if (viewport === MOBILE) await shotScreen(page, 'theme-editor-screen');
      await page.getByTestId('colour-primary-hex').fill(colour);
      if (viewport === MOBILE) {
        // On a phone the preview is its own tab.
        await expect(page.getByTestId('preview-frame').isVisible()).resolves.toBe(false);
        await page.getByTestId('tab-preview').click();
        await expect(page.getByTestId('preview-frame').isVisible()).resolves.toBe(true);
      }
      // Live in the frame, before anything is saved...
      await frame.waitForFunction(
        (c) => getComputedStyle(document.documentElement).getPropertyValue('--sf-primary').trim() === c,
        colour,
      );
      await page.getByTestId('preview-phone').click();
      await shotScreen(page, 'theme-preview-phone');
      await page.getByTestId('preview-desktop').click();
      await shotScreen(page, 'theme-preview-desktop');
      // ...while a shopper still gets the saved colour.
      await shopper.reload();
      await waitForHydration(shopper);
      expect(await primaryOf(shopper)).toBe(before);

      await expect(page.getByTestId('theme-save-bar').textContent()).resolves.toContain('1 unpublished change');
      await page.getByTestId('publish').click();
      await toastSays(page, 'Storefront settings saved');
      await expect(page.getByTestId('theme-save-bar').textContent()).resolves.toContain('All published');
      // The frame reloads with the published look.
      const reloaded = await previewFrame(page);
      await expect.poll(() => primaryOf(reloaded)).toBe(colour);

      await shopper.reload();
      await waitForHydration(shopper);
      expect(await primaryOf(shopper)).toBe(colour);
      await shopper.close();
      // The sign-in page asks whether someone is signed in first: its 401 is the expected answer.
      expect(problems.filter((p) => !/\b401\b/.test(p))).toEqual([]);
      await page.close();
    });
  }

  it('warns about a low-contrast text colour, answers Edit Header, and Discard puts the saved colours back in the frame', async () => {
    const { page } = await openTheme(DESKTOP);
    const frame = await previewFrame(page);
    const text = page.getByTestId('colour-text');
    await expect(text.getByTestId('contrast-warning').count()).resolves.toBe(0);
    await page.getByTestId('colour-text-hex').fill('#dddddd');
    await expect(text.getByTestId('contrast-warning').textContent()).resolves.toMatch(
      /contrast 1\.\d:1 — below 4\.5:1/,
    );
    await page.getByTestId('colour-primary-hex').fill('#fde047');
    await frame.waitForFunction(
      () => getComputedStyle(document.documentElement).getPropertyValue('--sf-primary').trim() === '#fde047',
    );
    await text.getByTestId('contrast-warning').scrollIntoViewIfNeeded();
    expect(await axeProblems(page)).toEqual([]);
    await expect(page.getByTestId('theme-save-bar').textContent()).resolves.toContain('2 unpublished changes');
    await shotScreen(page, 'theme-contrast-warning');
    // The frame's Edit Header opens the header's menu editor, but not over unpublished colours
    // without asking: answered No, the theme stays with its changes.
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.message());
        void d.dismiss();
      }),
    );
    await frame.getByRole('button', { name: 'Edit Header' }).click();
    expect(await asked).toBe('Leave without publishing your theme changes?');
    expect(new URL(page.url()).pathname).toBe('/admin/theme');
    await page.getByTestId('discard').click();
    await expect(text.getByTestId('contrast-warning').count()).resolves.toBe(0);
    await frame.waitForFunction(
      () => getComputedStyle(document.documentElement).getPropertyValue('--sf-primary').trim() !== '#fde047',
    );
    await page.close();
  });

  it('a content editor finds Theme in the menu, publishes a notice, and a page that does not exist is told under its field', async () => {
    const { page, problems } = await openPanelInBrowser(browser, url('/admin/'), EDITOR, DESKTOP);
    await (await sidebarLink(page, 'Shop', 'Theme')).click();
    await page.getByTestId('theme-editor').waitFor();
    const savedPage = await page.getByTestId('notice-page').inputValue();
    await page.getByTestId('notice-message').fill('Free delivery this week');
    await page.getByTestId('notice-page').fill('no-such-page');
    await page.getByTestId('publish').click();
    const error = page.getByTestId('field-error');
    await error.waitFor();
    await expect(error.textContent()).resolves.toMatch(/page/i);
    await expect(page.getByTestId('notice-page').getAttribute('aria-invalid')).resolves.toBe('true');

    await page.getByTestId('notice-page').fill(savedPage);
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/admin/storefront') && r.request().method() === 'PATCH',
    );
    await page.getByTestId('publish').click();
    const res = await saved;
    expect(res.status()).toBe(200);
    expect(res.request().postDataJSON()).toEqual({ notice_bar: { message: 'Free delivery this week' } });
    await toastSays(page, 'Storefront settings saved');
    const sf = (await (await fetch(url('/api/storefront/all'))).json()) as {
      data: { storefront: { notice_bar: { message: string } } };
    };
    expect(sf.data.storefront.notice_bar.message).toBe('Free delivery this week');
    // The sign-in page's 401 and the refused page's 422 are expected answers.
    expect(problems.filter((p) => !/\b(401|422)\b/.test(p))).toEqual([]);
    await page.close();
  });
});
