import type { Frame, Page } from '@playwright/test';
import { DESKTOP, MOBILE, waitForHydration } from './support/browser.ts';
import { axeProblems, shotScreen, toastSays } from './support/admin.ts';
import { OWNER, expect, test } from './support/test.ts';

/*
 * "Every publish is a version" (issue 28) for the editors that save straight to the shop, at 390
 * and 1280 px. Theme: the owner publishes a new primary colour, opens History, previews the
 * version before it (the frame shows the old colour, a shopper still the new), then Restore and
 * Publish (the shopper gets the old colour back). A page: its title saved twice, the first one
 * restored from History and saved. A menu: its heading saved, the one before restored and saved.
 * SHOTS_DIR=/work/shots/h1 keeps a screenshot of each History view.
 */
test.use({ shopOptions: { env: { NODE_ENV: 'test' } }, staff: [OWNER] });

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

/** Only the sign-in page's "who is signed in?" (401). */
const unexpected = (problems: string[]) =>
  problems.filter((p) => !/http 401: \/api\/admin\/auth\/me|status of 401/.test(p));

for (const viewport of [MOBILE, DESKTOP]) {
  test.describe(`History at ${viewport.width} px`, () => {
    test('the Theme: preview the version before a publish, restore it, publish it', async ({
      shop,
      owner,
      newPage,
    }) => {
      test.setTimeout(180_000);
      const { page, problems } = owner;
      await page.setViewportSize(viewport);
      await page.goto(`${shop.baseUrl}/admin/theme`);
      await page.getByTestId('theme-editor').waitFor();
      const frame = await previewFrame(page);
      const before = await primaryOf(frame);
      const colour = viewport === MOBILE ? '#7c3aed' : '#0f766e';
      expect(before).not.toBe(colour);

      await page.getByTestId('colour-primary-hex').fill(colour);
      await page.getByTestId('publish').click();
      await toastSays(page, 'Storefront settings saved');
      await expect(page.getByTestId('theme-save-bar')).toContainText('All published');
      const shopper = await newPage(viewport);
      await shopper.goto(`${shop.baseUrl}/`);
      await waitForHydration(shopper);
      await expect.poll(() => primaryOf(shopper)).toBe(colour);

      await page.getByTestId('show-history').click();
      const history = page.getByTestId('history');
      await expect(page.getByTestId('version-0')).toContainText(new RegExp(colour, 'i'));
      await expect(page.getByTestId('version-0')).toContainText('Live');
      await expect(page.getByTestId('version-1')).toContainText(new RegExp(before, 'i'));
      await history.scrollIntoViewIfNeeded();
      await shotScreen(page, 'history-theme');
      expect(await axeProblems(page)).toEqual([]);

      await page.getByTestId('preview-version-1').click();
      await expect(page.getByTestId('previewing-version')).toContainText('Previewing the version of');
      if (viewport === MOBILE) await expect(page.getByTestId('preview-frame')).toBeVisible();
      const reloaded = await previewFrame(page);
      await expect.poll(() => primaryOf(reloaded)).toBe(before);
      await shotScreen(page, 'history-theme-previewing');
      expect(await axeProblems(page)).toEqual([]);
      // Nothing changed for shoppers, nor in the draft.
      await shopper.reload();
      await waitForHydration(shopper);
      await expect.poll(() => primaryOf(shopper)).toBe(colour);
      await expect(page.getByTestId('theme-save-bar')).toContainText('All published');

      await page.getByTestId('restore-previewed').click();
      await expect(page.getByTestId('previewing-version')).toHaveCount(0);
      await expect(page.getByTestId('theme-save-bar')).toContainText('1 unpublished change');
      await expect.poll(() => primaryOf(reloaded)).toBe(before);
      await page.getByTestId('publish').click();
      await toastSays(page, 'Storefront settings saved');
      await expect(page.getByTestId('theme-save-bar')).toContainText('All published');
      await shopper.reload();
      await waitForHydration(shopper);
      await expect.poll(() => primaryOf(shopper)).toBe(before);
      expect(unexpected(problems)).toEqual([]);
    });

    test('a page: saved twice, the first title restored and saved', async ({ shop, owner }) => {
      test.setTimeout(120_000);
      const { page, problems } = owner;
      await page.setViewportSize(viewport);
      await page.goto(`${shop.baseUrl}/admin/pages`);
      await page.getByTestId('page-about-us').click();
      await page.getByTestId('page-editor').waitFor();
      const first = `About us, first ${viewport.width}`;
      for (const title of [first, `About us, second ${viewport.width}`]) {
        await page.getByTestId('page-title').fill(title);
        await page.getByTestId('save-page').click();
        await expect(page.getByTestId('page-status')).toContainText('Saved');
      }

      await page.getByTestId('show-history').click();
      await expect(page.getByTestId('version-0')).toContainText(`second ${viewport.width}`);
      await expect(page.getByTestId('version-1')).toContainText(first);
      await page.getByTestId('history').scrollIntoViewIfNeeded();
      await shotScreen(page, 'history-page');
      expect(await axeProblems(page)).toEqual([]);
      await page.getByTestId('restore-version-1').click();
      await expect(page.getByTestId('history')).toHaveCount(0);
      await expect(page.getByTestId('page-title')).toHaveValue(first);
      await expect(page.getByTestId('page-status')).toContainText('Unsaved changes');
      await page.getByTestId('save-page').click();
      await expect(page.getByTestId('page-status')).toContainText('Saved');
      await page.reload();
      await expect(page.getByTestId('page-title')).toHaveValue(first);
      expect(unexpected(problems)).toEqual([]);
    });

    test('a menu: the heading before a save restored and saved', async ({ shop, owner }) => {
      test.setTimeout(120_000);
      const { page, problems } = owner;
      await page.setViewportSize(viewport);
      await page.goto(`${shop.baseUrl}/admin/menus/footer-help`);
      await page.getByTestId('menu-editor').waitFor();
      const name = page.getByTestId('menu-name');
      const before = await name.inputValue();
      await name.fill(`Help ${viewport.width}`);
      await page.getByTestId('save').click();
      await toastSays(page, 'Menu saved');

      await page.getByTestId('show-history').click();
      await expect(page.getByTestId('version-0')).toContainText('Live');
      await page.getByTestId('history').scrollIntoViewIfNeeded();
      await shotScreen(page, 'history-menu');
      expect(await axeProblems(page)).toEqual([]);
      await page.getByTestId('preview-version-1').click();
      await expect(page.getByTestId('previewing-version')).toBeVisible();
      await page.getByTestId('restore-previewed').click();
      if (viewport === MOBILE) await page.getByTestId('tab-edit').click();
      await expect(name).toHaveValue(before);
      await expect(page.getByTestId('menu-status')).toContainText('Unsaved changes');
      await page.getByTestId('save').click();
      await toastSays(page, 'Menu saved');
      await page.reload();
      await expect(page.getByTestId('menu-name')).toHaveValue(before);
      expect(unexpected(problems)).toEqual([]);
    });
  });
}
