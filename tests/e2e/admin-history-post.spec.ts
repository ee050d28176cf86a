import type { FrameLocator, Page } from '@playwright/test';
import { DESKTOP, MOBILE, waitForHydration } from './support/browser.ts';
import { axeProblems, shotScreen } from './support/admin.ts';
import { OWNER, expect, test } from './support/test.ts';

/*
 * A blog post's History (issue 28), at 390 and 1280 px: the owner saves a post twice (title and
 * body each time), opens History and previews the first save (the preview frame shows its title
 * and body, while a shopper's post page still shows the second), restores it and saves; the
 * shopper then sees the first save's title and body. Axe on History and while previewing.
 * SHOTS_DIR=/work/shots/c keeps a screenshot of each.
 */
test.use({ shopOptions: { env: { NODE_ENV: 'test' } }, staff: [OWNER] });

const SLUG = 'how-to-care-for-linen';
const preview = (page: Page): FrameLocator => page.frameLocator('[data-testid="preview-frame"]');

/** Only the sign-in page's "who is signed in?" (401). */
const unexpected = (problems: string[]) =>
  problems.filter((p) => !/http 401: \/api\/admin\/auth\/me|status of 401/.test(p));

for (const viewport of [MOBILE, DESKTOP]) {
  test(`a post at ${viewport.width} px: saved twice, the first save previewed, restored and saved`, async ({
    shop,
    owner,
    newPage,
  }) => {
    test.setTimeout(180_000);
    const { page, problems } = owner;
    await page.setViewportSize(viewport);
    await page.goto(`${shop.baseUrl}/admin/blog`);
    await page.getByTestId(`post-${SLUG}`).click();
    await page.getByTestId('post-editor').waitFor();

    const saves = [1, 2].map((n) => ({
      title: `Linen care, save ${n} at ${viewport.width}`,
      body: `Body of save ${n} at ${viewport.width}.`,
    }));
    const [first, second] = saves as [(typeof saves)[0], (typeof saves)[0]];
    for (const [i, save] of saves.entries()) {
      await page.getByTestId('post-title').fill(save.title);
      // The first save adds a paragraph at the end of the text; the second rewrites it.
      await page.getByTestId('page-body').click();
      await page.keyboard.press('Control+End');
      await page.keyboard.press(i === 0 ? 'Enter' : 'Shift+Home');
      await page.keyboard.type(save.body);
      await page.getByTestId('save-post').click();
      await expect(page.getByTestId('post-status')).toContainText('Saved');
    }

    const shopper = await newPage(viewport);
    const shopperSees = async (save: { title: string; body: string }, not: { title: string; body: string }) => {
      await shopper.goto(`${shop.baseUrl}/blogs/${SLUG}`);
      await waitForHydration(shopper);
      await expect(shopper.getByRole('heading', { level: 1 })).toHaveText(save.title);
      await expect(shopper.getByText(save.body)).toBeVisible();
      await expect(shopper.getByText(not.body)).toHaveCount(0);
    };
    await shopperSees(second, first);

    await page.getByTestId('show-history').click();
    await expect(page.getByTestId('version-0')).toContainText('Live');
    await expect(page.getByTestId('version-0')).toContainText(second.title);
    await expect(page.getByTestId('version-1')).toContainText(first.title);
    await page.getByTestId('history').scrollIntoViewIfNeeded();
    await shotScreen(page, 'history-post');
    expect(await axeProblems(page)).toEqual([]);

    // Preview the first save: the frame shows it (a phone switches to the preview tab).
    await page.getByTestId('preview-version-1').click();
    await expect(page.getByTestId('previewing-version')).toBeVisible();
    await expect(page.getByTestId('preview-frame')).toBeVisible();
    await expect(preview(page).getByRole('heading', { level: 1 })).toHaveText(first.title);
    await expect(preview(page).getByText(first.body)).toBeVisible();
    await expect(preview(page).getByText(second.body)).toHaveCount(0);
    await shotScreen(page, 'history-post-previewing');
    expect(await axeProblems(page)).toEqual([]);
    // Shoppers still get the second save; the editor has no unsaved change.
    await shopperSees(second, first);
    await expect(page.getByTestId('post-status')).not.toContainText('Unsaved changes');

    await page.getByTestId('restore-previewed').click();
    await expect(page.getByTestId('previewing-version')).toHaveCount(0);
    await expect(page.getByTestId('post-status')).toContainText('Unsaved changes');
    if (viewport === MOBILE) await page.getByTestId('tab-edit').click();
    await expect(page.getByTestId('post-title')).toHaveValue(first.title);
    await expect(page.getByTestId('page-body')).toContainText(first.body);
    await expect(page.getByTestId('page-body')).not.toContainText(second.body);
    await shotScreen(page, 'history-post-restored');
    await page.getByTestId('save-post').click();
    await expect(page.getByTestId('post-status')).toContainText('Saved');
    await expect(page.getByTestId('post-status')).not.toContainText('Unsaved changes');

    await shopperSees(first, second);
    await shotScreen(shopper, 'history-post-shopper');
    expect(unexpected(problems)).toEqual([]);
  });
}
