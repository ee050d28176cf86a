import type { Frame, Page } from '@playwright/test';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@shopfront/shared';
import { DESKTOP, MOBILE, waitForHydration } from './support/browser.ts';
import { axeProblems, openPanel, sidebarLink, shot, shotScreen, testStaff, toastSays } from './support/admin.ts';
import { OWNER, expect, test } from './support/test.ts';

/*
 * The panel's Theme screen (issue 28) at 390 and 1280 px, with ADMIN_ORIGIN unset (as `npm start`
 * runs): the owner changes the primary colour, the text font and the logo, and the framed home
 * page shows each before anything is saved, while a shopper (another browser context) still sees
 * the old look; after Publish the shopper's next load has the new one. The top bar's text shows
 * in the frame unsaved too. A low-contrast text colour is warned about. Someone else's publish
 * meanwhile is a conflict listing what differs. A content editor uses the screen too (without the
 * owner's custom CSS), and a 422 lands under its field.
 * SHOTS_DIR=/work/shots/theme keeps a screenshot of each screen.
 */
const EDITOR = testStaff('Kabir Das', 'content_editor');

// A tuple: Playwright reads an array whose second item is an object as [value, options].
test.use({ shopOptions: { env: { NODE_ENV: 'test' } }, staff: [[OWNER, EDITOR], { scope: 'test' }] });

const cssVar = (target: Page | Frame, name: string) =>
  target.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);
const primaryOf = (target: Page | Frame) => cssVar(target, '--sf-primary');
const bodyFontOf = (target: Page | Frame) => cssVar(target, '--sf-font-body');

/** The framed shop, once it has hydrated. */
async function previewFrame(page: Page): Promise<Frame> {
  await page.getByTestId('preview-frame').waitFor({ state: 'attached' });
  let frame: Frame | undefined;
  await expect.poll(() => (frame = page.frames().find((f) => f.url().includes('preview=1')))).toBeTruthy();
  await waitForHydration(frame as unknown as Page);
  return frame!;
}

async function openTheme(page: Page, baseUrl: string, viewport: { width: number; height: number }) {
  const problems = await openPanel(page, `${baseUrl}/admin/theme`, OWNER, viewport);
  await page.getByTestId('theme-editor').waitFor();
  return problems;
}

test.describe('the Theme screen', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`at ${viewport.width} px: a new primary colour shows in the preview at once and reaches shoppers on Publish`, async ({
      page,
      shop,
      newPage,
    }) => {
      // The whole journey (the panel, the framed shop reloaded, a shopper's three loads) runs
      // past the default 60 s on a busy 2-core machine.
      test.setTimeout(180_000);
      const colour = viewport === MOBILE ? '#7c3aed' : '#b91c1c';
      const font = viewport === MOBILE ? 'Verdana' : 'Georgia';
      // Each run its own logo text: the shop is shared by the tests of this file.
      const LOGO_ALT = `Loom & Leaf logo ${viewport.width}`;
      const problems = await openTheme(page, shop.baseUrl, viewport);
      const frame = await previewFrame(page);
      const before = await primaryOf(frame);
      const fontBefore = await bodyFontOf(frame);
      expect(before).not.toBe(colour);
      expect(fontBefore).not.toMatch(new RegExp(`^"${font}",`));

      // The shopper: a context of its own, sharing no cookie with the panel.
      const shopper = await newPage(viewport);
      await shopper.goto(`${shop.baseUrl}/`);
      await waitForHydration(shopper);
      await expect.poll(() => primaryOf(shopper)).toBe(before);

      expect(await axeProblems(page)).toEqual([]);
      await shot(page, 'theme-editor');
      if (viewport === MOBILE) await shotScreen(page, 'theme-editor-screen');
      await page.getByTestId('colour-primary-hex').fill(colour);
      await page.getByTestId('font-body').selectOption(font);
      const logo = page.getByTestId('logo');
      await logo.getByTestId('media-picker-open').click();
      const picker = page.getByTestId('media-picker');
      await picker.getByTestId('media-item').first().click();
      await picker.getByTestId('media-alt').fill(LOGO_ALT);
      await picker.getByTestId('media-choose').click();
      await expect(picker).toBeHidden();
      await expect(page.getByTestId('logo-url')).toHaveValue(/^\/media\//);
      await expect(logo.locator('img')).toBeVisible();
      await logo.scrollIntoViewIfNeeded();
      await shotScreen(page, 'theme-logo');
      if (viewport === MOBILE) {
        // On a phone the preview is its own tab.
        await expect(page.getByTestId('preview-frame')).toBeHidden();
        await page.getByTestId('tab-preview').click();
        await expect(page.getByTestId('preview-frame')).toBeVisible();
      }
      // Live in the frame, before anything is saved...
      await expect.poll(() => primaryOf(frame)).toBe(colour);
      await expect.poll(() => bodyFontOf(frame)).toMatch(new RegExp(`^"${font}",`));
      await expect(frame.getByRole('img', { name: LOGO_ALT })).toBeVisible();
      await page.getByTestId('preview-phone').click();
      await shotScreen(page, 'theme-preview-phone');
      await page.getByTestId('preview-desktop').click();
      await shotScreen(page, 'theme-preview-desktop');
      // ...while a shopper still gets the saved look.
      await shopper.reload();
      await waitForHydration(shopper);
      await expect.poll(() => primaryOf(shopper)).toBe(before);
      expect(await bodyFontOf(shopper)).toBe(fontBefore);
      await expect(shopper.getByRole('img', { name: LOGO_ALT })).toHaveCount(0);

      await expect(page.getByTestId('theme-save-bar')).toContainText('3 unpublished changes');
      await page.getByTestId('publish').click();
      await toastSays(page, 'Storefront settings saved');
      await expect(page.getByTestId('theme-save-bar')).toContainText('All published');
      // The frame reloads with the published look.
      const reloaded = await previewFrame(page);
      await expect.poll(() => primaryOf(reloaded)).toBe(colour);
      await expect(reloaded.getByRole('img', { name: LOGO_ALT })).toBeVisible();

      await shopper.reload();
      await waitForHydration(shopper);
      await expect.poll(() => primaryOf(shopper)).toBe(colour);
      await expect.poll(() => bodyFontOf(shopper)).toMatch(new RegExp(`^"${font}",`));
      await expect(shopper.getByRole('img', { name: LOGO_ALT })).toBeVisible();
      // The sign-in page asks whether someone is signed in first: its 401 is the expected answer.
      expect(problems.filter((p) => !/\b401\b/.test(p))).toEqual([]);
    });
  }

  test('warns about a low-contrast text colour, answers Edit Header, and Discard puts the saved colours back in the frame', async ({
    page,
    shop,
  }) => {
    await openTheme(page, shop.baseUrl, DESKTOP);
    const frame = await previewFrame(page);
    const text = page.getByTestId('colour-text');
    await expect(text.getByTestId('contrast-warning')).toHaveCount(0);
    await page.getByTestId('colour-text-hex').fill('#dddddd');
    await expect(text.getByTestId('contrast-warning')).toHaveText(/contrast 1\.\d:1 — below 4\.5:1/);
    await page.getByTestId('colour-primary-hex').fill('#fde047');
    await frame.waitForFunction(
      () => getComputedStyle(document.documentElement).getPropertyValue('--sf-primary').trim() === '#fde047',
    );
    // The top bar's text shows in the frame unsaved too.
    await page.getByTestId('topbar-message').fill('Preview: new top bar');
    await expect(frame.getByText('Preview: new top bar')).toBeVisible();
    // So does the owner's custom CSS.
    await page.getByTestId('custom-css').fill(':root { --probe: on }');
    await expect.poll(() => cssVar(frame, '--probe')).toBe('on');
    await text.getByTestId('contrast-warning').scrollIntoViewIfNeeded();
    expect(await axeProblems(page)).toEqual([]);
    await expect(page.getByTestId('theme-save-bar')).toContainText('4 unpublished changes');
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
    await expect(text.getByTestId('contrast-warning')).toHaveCount(0);
    await frame.waitForFunction(
      () => getComputedStyle(document.documentElement).getPropertyValue('--sf-primary').trim() !== '#fde047',
    );
    await expect(frame.getByText('Preview: new top bar')).toHaveCount(0);
    await expect.poll(() => cssVar(frame, '--probe')).toBe('');
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    test(`at ${viewport.width} px: someone else's publish meanwhile is a conflict that lists theirs against yours`, async ({
      page,
      shop,
    }) => {
      test.setTimeout(120_000);
      // Each run its own colours: the shop is shared by the tests of this file.
      const accent = viewport === MOBILE ? '#be123c' : '#9d174d';
      await openTheme(page, shop.baseUrl, viewport);
      await page.getByTestId('colour-primary-hex').fill('#0e7490');
      // Another owner publishes a new accent colour (no If-Match: whatever is current).
      const theirs = await page.evaluate(
        async ({ h, v, a }) =>
          (
            await fetch('/api/admin/storefront', {
              method: 'PATCH',
              headers: { 'content-type': 'application/json', [h]: v },
              body: JSON.stringify({ theme: { accent: a } }),
            })
          ).status,
        { h: CSRF_HEADER, v: CSRF_HEADER_VALUE, a: accent },
      );
      expect(theirs).toBe(200);
      await page.getByTestId('publish').click();
      const conflict = page.getByTestId('conflict');
      await expect(conflict).toContainText('Someone else published the theme since you opened it');
      await expect(conflict).toContainText(`Colour · accent: theirs ${accent}, yours`);
      await expect(conflict).toContainText('Colour · primary: theirs');
      await expect(conflict).toContainText('yours #0e7490');
      await page.getByTestId('theme-save-bar').scrollIntoViewIfNeeded();
      await shotScreen(page, 'theme-conflict');
      const stored = async () =>
        (
          (await (await fetch(`${shop.baseUrl}/api/storefront/all`)).json()) as {
            data: { storefront: { theme: { primary: string; accent: string } } };
          }
        ).data.storefront.theme;
      if (viewport === MOBILE) {
        // Theirs: the draft becomes their published look, nothing is written.
        await page.getByTestId('take-theirs').click();
        await expect(conflict).toHaveCount(0);
        await expect(page.getByTestId('colour-accent-hex')).toHaveValue(accent);
        await expect(page.getByTestId('theme-save-bar')).toContainText('All published');
        expect((await stored()).accent).toBe(accent);
      } else {
        // Mine, on purpose: the draft is published over theirs (their accent too).
        await page.getByTestId('publish').click();
        await toastSays(page, 'Storefront settings saved');
        await expect(conflict).toHaveCount(0);
        await expect.poll(async () => (await stored()).primary).toBe('#0e7490');
        expect((await stored()).accent).not.toBe(accent);
      }
    });
  }

  test('a content editor finds Theme in the menu, publishes a notice, and a page that does not exist is told under its field', async ({
    page,
    shop,
  }) => {
    const problems = await openPanel(page, `${shop.baseUrl}/admin/`, EDITOR, DESKTOP);
    await (await sidebarLink(page, 'Shop', 'Theme')).click();
    await page.getByTestId('theme-editor').waitFor();
    // Custom CSS is the owner's (the API refuses anyone else's change).
    await expect(page.getByTestId('custom-css')).toHaveCount(0);
    const savedPage = await page.getByTestId('notice-page').inputValue();
    await page.getByTestId('notice-message').fill('Free delivery this week');
    await page.getByTestId('notice-page').fill('no-such-page');
    await page.getByTestId('publish').click();
    const error = page.getByTestId('field-error');
    await expect(error).toHaveText(/page/i);
    await expect(page.getByTestId('notice-page')).toHaveAttribute('aria-invalid', 'true');

    await page.getByTestId('notice-page').fill(savedPage);
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/admin/storefront') && r.request().method() === 'PATCH',
    );
    await page.getByTestId('publish').click();
    const res = await saved;
    expect(res.status()).toBe(200);
    expect(res.request().postDataJSON()).toEqual({ notice_bar: { message: 'Free delivery this week' } });
    await toastSays(page, 'Storefront settings saved');
    await expect
      .poll(async () => {
        const sf = (await (await fetch(`${shop.baseUrl}/api/storefront/all`)).json()) as {
          data: { storefront: { notice_bar: { message: string } } };
        };
        return sf.data.storefront.notice_bar.message;
      })
      .toBe('Free delivery this week');
    // The sign-in page's 401 and the refused page's 422 are expected answers.
    expect(problems.filter((p) => !/\b(401|422)\b/.test(p))).toEqual([]);
  });
});
