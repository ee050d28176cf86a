import type { FrameLocator, Page } from '@playwright/test';
import { axeProblems, shotScreen } from './support/admin.ts';
import { DESKTOP, MOBILE } from './support/browser.ts';
import { OWNER, expect, test } from './support/test.ts';

/*
 * The form editor beside its live preview (issue 28, `shopfront:preview:form`): the contact form
 * previews on the Contact us page (the template that shows it); a new button label, a field added
 * and labelled, then made required, and the form switched off show in the frame at once, and a
 * shopper sees none of it until Save. A form no template shows says so in the preview pane. At 390
 * (the preview a tab) and 1280 px; SHOTS_DIR keeps the screens.
 */
test.use({ shopOptions: { env: { NODE_ENV: 'test' } }, staff: [OWNER] });

const preview = (page: Page): FrameLocator => page.frameLocator('[data-testid="preview-frame"]');
const phone = (page: Page) => (page.viewportSize()?.width ?? 0) < 1024;
async function showPreview(page: Page) {
  if (phone(page)) await page.getByTestId('tab-preview').click();
}
async function showEditor(page: Page) {
  if (phone(page)) await page.getByTestId('tab-edit').click();
}
/** Only the sign-in page's "who is signed in?" (401). */
const unexpected = (problems: string[]) =>
  problems.filter((p) => !/http 401: \/api\/admin\/auth\/me|status of 401/.test(p));

for (const size of [MOBILE, DESKTOP]) {
  test(`at ${size.width} px: the contact form's unsaved label, field and required show in the preview, not to shoppers`, async ({
    shop,
    owner,
    newPage,
  }) => {
    test.setTimeout(180_000);
    const { page, problems } = owner;
    await page.setViewportSize(size);
    await page.goto(`${shop.baseUrl}/admin/forms/contact`);
    await page.getByRole('heading', { level: 1, name: 'Contact us' }).waitFor();
    await expect(page.getByTestId('preview-frame')).toHaveAttribute('src', '/contact-us?preview=1');
    await showPreview(page);
    const form = preview(page).getByRole('region', { name: 'Send us a message' });
    await expect(form.getByRole('button', { name: 'Send message' })).toBeVisible();

    const label = `Send it now ${size.width}`;
    await showEditor(page);
    await page.getByTestId('form-submit-label').fill(label);
    await page.getByTestId('add-field').click();
    await showPreview(page);
    // Added, not labelled yet: it shows as the list names it.
    await expect(form.getByLabel('New field')).toBeVisible();
    await showEditor(page);
    await page.getByTestId('field-label').fill('Order number');
    await showPreview(page);
    await expect(form.getByRole('button', { name: label })).toBeVisible();
    const orderNo = form.getByRole('textbox', { name: /Order number/ });
    await expect(orderNo).toBeVisible();
    await expect(form.locator('label', { hasText: 'Order number' })).toContainText('(optional)');
    await expect(orderNo).not.toHaveAttribute('required');

    await showEditor(page);
    await page.getByTestId('field-required').check();
    await showPreview(page);
    await expect(orderNo).toHaveAttribute('required');
    await expect(form.locator('label', { hasText: 'Order number' })).not.toContainText('(optional)');
    await orderNo.scrollIntoViewIfNeeded();
    await shotScreen(page, 'form-preview');
    await showEditor(page);
    await expect(page.getByTestId('form-status')).toHaveText(
      'Unsaved changes: the preview shows them, shoppers do not.',
    );
    await shotScreen(page, 'form-editor');
    expect(await axeProblems(page)).toEqual([]);

    // Switched off, its section shows nothing (as it will for shoppers); on again, it is back.
    await page.getByTestId('form-active').uncheck();
    await showPreview(page);
    await expect(form).toHaveCount(0);
    await showEditor(page);
    await page.getByTestId('form-active').check();
    await showPreview(page);
    await expect(orderNo).toBeVisible();

    // A shopper sees the saved form only.
    const shopper = await newPage(size);
    await shopper.goto(`${shop.baseUrl}/contact-us?preview=1`);
    await expect(shopper.getByRole('button', { name: 'Send message' })).toBeVisible();
    await expect(shopper.getByText('Order number')).toHaveCount(0);
    await expect(shopper.getByText(label)).toHaveCount(0);

    await showEditor(page);
    await page.getByTestId('discard').click();
    await showPreview(page);
    await expect(form.getByRole('button', { name: 'Send message' })).toBeVisible();
    await expect(orderNo).toHaveCount(0);
    expect(unexpected(problems)).toEqual([]);
  });

  test(`at ${size.width} px: a form no template shows says so where the preview would be`, async ({ shop, owner }) => {
    test.setTimeout(120_000);
    const { page, problems } = owner;
    await page.setViewportSize(size);
    await page.goto(`${shop.baseUrl}/admin/forms`);
    await page.getByTestId('new-form-name').fill(`Custom orders ${size.width}`);
    await page.getByTestId('create-form').click();
    await page.getByRole('heading', { level: 1, name: `Custom orders ${size.width}` }).waitFor();
    await showPreview(page);
    const note = page.getByTestId('form-not-shown');
    await expect(note).toContainText('No page shows this form yet');
    await expect(note.getByRole('link', { name: 'Open templates' })).toHaveAttribute('href', '/admin/templates');
    await expect(page.getByTestId('preview-frame')).toHaveCount(0);
    await shotScreen(page, 'form-not-shown');
    expect(await axeProblems(page)).toEqual([]);
    expect(unexpected(problems)).toEqual([]);
  });
}
