import type { FrameLocator, Page } from '@playwright/test';
import { axeProblems, shotScreen, toastSays } from './support/admin.ts';
import { DESKTOP, MOBILE, waitForHydration } from './support/browser.ts';
import { OWNER, expect, test } from './support/test.ts';

/*
 * The newsletter section (issue 28), at 390 and 1280 px: the owner adds one to the home page in
 * the template editor, fills its heading, text and button label and sees it in the preview at
 * once, then publishes; a shopper signs up through it (the footer band's own form and double
 * opt-in: "check your inbox"), and the owner finds the sign-up, marked as from a newsletter
 * section, under Sign-ups → Newsletter. Axe on the editor, the preview and the list.
 * SHOTS_DIR=/work/shots/c keeps a screenshot of each.
 */
test.use({ shopOptions: { env: { NODE_ENV: 'test' } }, staff: [OWNER] });

const preview = (page: Page): FrameLocator => page.frameLocator('[data-testid="preview-frame"]');

/** Only the sign-in page's "who is signed in?" (401). */
const unexpected = (problems: string[]) =>
  problems.filter((p) => !/http 401: \/api\/admin\/auth\/me|status of 401/.test(p));

for (const viewport of [MOBILE, DESKTOP]) {
  test(`at ${viewport.width} px: add a newsletter section, preview, publish; a shopper signs up; the owner sees it`, async ({
    shop,
    owner,
    newPage,
  }) => {
    test.setTimeout(240_000);
    const { page, problems } = owner;
    await page.setViewportSize(viewport);
    const title = `Letters from the kiln ${viewport.width}`;
    const text = 'New pieces and maker stories, twice a month.';
    const button = `Count me in ${viewport.width}`;

    await page.goto(`${shop.baseUrl}/admin/templates/home`);
    await page.getByRole('heading', { level: 1, name: 'Home page' }).waitFor();
    await page.getByTestId('add-section').click();
    await page.getByTestId('add-newsletter').click();
    // Added with settings a shopper can already see.
    await expect(page.getByTestId('setting-title')).toHaveValue('Join our newsletter');
    await expect(page.getByTestId('setting-button_label')).toHaveValue('Subscribe');
    await expect(page.getByTestId('newsletter-plugin-off')).toHaveCount(0);
    await page.getByTestId('setting-title').fill(title);
    await page.getByTestId('setting-text').fill(text);
    await page.getByTestId('setting-button_label').fill(button);
    await page.getByRole('radio', { name: 'Brand' }).check({ force: true });
    await page.getByTestId('setting-title').scrollIntoViewIfNeeded();
    await shotScreen(page, 'newsletter-editor');
    expect(await axeProblems(page)).toEqual([]);

    // The preview shows it before anything is saved (on a phone, in its tab).
    if (viewport === MOBILE) await page.getByTestId('tab-preview').click();
    const framed = preview(page).locator('section', { has: preview(page).getByRole('heading', { name: title }) });
    await expect(framed).toBeVisible();
    await expect(framed.getByText(text)).toBeVisible();
    await expect(framed.getByRole('button', { name: button })).toBeVisible();
    await framed.scrollIntoViewIfNeeded();
    await shotScreen(page, 'newsletter-preview');
    expect(await axeProblems(page)).toEqual([]);

    await page.getByTestId('publish').click();
    await toastSays(page, 'Published');
    await expect(page.getByTestId('template-status')).toHaveText('All published');

    // A shopper signs up through the section.
    const shopper = await newPage(viewport);
    await shopper.goto(`${shop.baseUrl}/`);
    await waitForHydration(shopper);
    const section = shopper.locator('section', { has: shopper.getByRole('heading', { name: title }) });
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByText(text)).toBeVisible();
    // One sign-up form on the page: the footer's band stands down while the section shows.
    await expect(shopper.locator('.newsletter-signup')).toBeHidden();
    const email = `kiln.reader.${viewport.width}@example.com`;
    await section.getByRole('textbox', { name: 'E-mail address' }).fill(email);
    await section.getByRole('button', { name: button }).click();
    await expect(section.locator('[data-newsletter-result="success"]')).toContainText(/check your inbox|confirm/i);
    await expect(section.getByRole('textbox', { name: 'E-mail address' })).toHaveValue('');
    await shotScreen(shopper, 'newsletter-section-shopper');

    // The owner finds it under Sign-ups → Newsletter.
    await page.goto(`${shop.baseUrl}/admin/signups`);
    await page.getByTestId('signup-lists').getByRole('link', { name: 'Newsletter' }).click();
    await expect(page).toHaveURL(/\/admin\/signups\?list=newsletter$/);
    const row = page.getByTestId('newsletter-signups-list').getByRole('listitem').filter({ hasText: email });
    await expect(row).toContainText('Waiting for confirmation');
    await expect(row).toContainText('from the newsletter section');
    await shotScreen(page, 'newsletter-signups');
    expect(await axeProblems(page)).toEqual([]);
    expect(unexpected(problems)).toEqual([]);
  });
}
