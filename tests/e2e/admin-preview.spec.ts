import type { FrameLocator, Page } from '@playwright/test';
import { axeProblems, shotScreen } from './support/admin.ts';
import { DESKTOP, MOBILE } from './support/browser.ts';
import { OWNER, expect, test } from './support/test.ts';

/*
 * Live preview of what is not saved (docs/preview-protocol.md, issue 28): a draft blog post
 * previews in the blog post layout on /preview/post, a slide's and a FAQ question's unsaved text
 * show in the framed shop's sections. A shopper's pages (no preview mode) show none of it, and
 * /preview/post outside the frame is a 404 with nothing in it. SHOTS_DIR=/work/shots/preview
 * keeps each editor with its preview at 390 and 1280 px.
 */
test.use({ shopOptions: { env: { NODE_ENV: 'test' } }, staff: [OWNER] });

const preview = (page: Page): FrameLocator => page.frameLocator('[data-testid="preview-frame"]');
/** On a phone the preview is a tab. */
async function showPreview(page: Page) {
  if ((page.viewportSize()?.width ?? 0) < 1024) await page.getByTestId('tab-preview').click();
}
async function showEditor(page: Page) {
  if ((page.viewportSize()?.width ?? 0) < 1024) await page.getByTestId('tab-edit').click();
}

for (const size of [MOBILE, DESKTOP]) {
  test(`at ${size.width} px: an unsaved post, slide and FAQ question show in the preview, not to shoppers`, async ({
    shop,
    owner,
    newPage,
  }) => {
    test.setTimeout(240_000);
    const { page } = owner;
    await page.setViewportSize(size);
    const postTitle = `Dye notes <b>${size.width}</b>`;
    const paragraph = `Unsaved paragraph at ${size.width} px.`;

    // A new post: a draft, previewed on /preview/post in the post layout (its title the h1).
    await page.goto(`${shop.baseUrl}/admin/blog`);
    await page.getByTestId('new-post').click();
    await page.getByRole('heading', { level: 1, name: 'New post' }).waitFor();
    await page.getByTestId('post-title').fill(postTitle);
    await page.getByTestId('post-excerpt').fill('An excerpt not saved yet.');
    await page.getByTestId('post-author').fill('Ana');
    await page.getByTestId('page-body').click();
    await page.keyboard.type(paragraph);
    await showPreview(page);
    const frame = preview(page);
    await expect(frame.getByRole('heading', { level: 1, name: postTitle })).toBeVisible();
    await expect(frame.getByText(paragraph)).toBeVisible();
    await expect(frame.getByText('An excerpt not saved yet.')).toBeVisible();
    await expect(frame.getByText('Not published yet')).toBeVisible();
    await expect(
      frame.getByRole('navigation', { name: /breadcrumb/i }).getByRole('link', { name: 'Blog' }),
    ).toBeVisible();
    await expect(page.locator('[data-testid="preview-frame"]')).toHaveAttribute('src', '/preview/post?preview=1');
    await shotScreen(page, 'post-preview');
    await showEditor(page);
    await shotScreen(page, 'post-editor');
    expect(await axeProblems(page)).toEqual([]);

    // An unsaved slide title, in the home page's hero slider.
    const slideTitle = `Unsaved slide ${size.width}`;
    await page.goto(`${shop.baseUrl}/admin/sliders/home-hero`);
    await page.getByRole('heading', { level: 1, name: 'Home hero' }).waitFor();
    await page.getByTestId('row-Linen for long summers').click();
    await page.getByTestId('slide-title').fill(slideTitle);
    await showPreview(page);
    await expect(preview(page).locator('.hero-slider h2', { hasText: slideTitle })).toHaveCount(1);
    await shotScreen(page, 'slider-preview');
    await showEditor(page);
    await shotScreen(page, 'slider-editor');
    expect(await axeProblems(page)).toEqual([]);

    // An unsaved FAQ question, on the FAQ page (the template that shows the group).
    const question = `Unsaved question ${size.width}?`;
    await page.goto(`${shop.baseUrl}/admin/faqs/shopping-help`);
    await page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }).waitFor();
    await page.getByTestId('add-question').click();
    await page.getByTestId('question').fill(question);
    await page.getByTestId('answer').fill('Only in the preview.');
    await showPreview(page);
    await expect(preview(page).locator('summary', { hasText: question })).toBeVisible();
    await shotScreen(page, 'faq-preview');
    await showEditor(page);
    await shotScreen(page, 'faq-editor');
    expect(await axeProblems(page)).toEqual([]);

    // Testimonials: the open form's unsaved quote shows on the home page's section.
    const quote = `An unsaved quote at ${size.width} px.`;
    await page.goto(`${shop.baseUrl}/admin/testimonials`);
    await page.getByTestId('testimonial-list').locator('[data-testid^="row-"]').first().click();
    await page.getByTestId('t-quote').fill(quote);
    await showPreview(page);
    await expect(preview(page).getByText(quote)).toBeVisible();
    await shotScreen(page, 'testimonials-preview');
    await showEditor(page);
    await shotScreen(page, 'testimonials-editor');
    expect(await axeProblems(page)).toEqual([]);

    // A shopper sees none of it: nothing was saved, and outside the frame there is no preview.
    const shopper = await newPage();
    await shopper.goto(`${shop.baseUrl}/?preview=1`);
    await expect(shopper.locator('.hero-slider h2').first()).toBeVisible();
    await expect(shopper.getByText(slideTitle)).toHaveCount(0);
    await expect(shopper.getByText(quote)).toHaveCount(0);
    await shopper.goto(`${shop.baseUrl}/faq`);
    await expect(shopper.locator('summary').first()).toBeVisible();
    await expect(shopper.getByText(question)).toHaveCount(0);
    const draft = await shopper.goto(`${shop.baseUrl}/preview/post?preview=1`);
    expect(draft?.status()).toBe(404);
    await expect(shopper.getByRole('heading', { level: 1, name: 'Nothing to preview' })).toBeVisible();
    await expect(shopper.getByText(paragraph)).toHaveCount(0);
  });
}
