import type { FrameLocator, Page } from '@playwright/test';
import sharp from 'sharp';
import { SECTION_LINK_MESSAGE, adminMediaMessages } from '@shopfront/shared';
import { axeProblems, shot, shotScreen, toastSays } from './support/admin.ts';
import { DESKTOP, MOBILE } from './support/browser.ts';
import { OWNER, expect, test } from './support/test.ts';

/*
 * The page and post editor (issue 28): an owner on a phone writes a page with a heading, bold
 * text, a list and a link (a javascript: link is refused at the field), sees it in the preview tab,
 * publishes (the toast shows after the move to the page's address), and a shopper finds it at its
 * address; at 1280 px the list and the editor beside the preview pass axe, and the page is deleted
 * after a confirmation. The page's picture comes from the media library's picker (uploaded from the
 * phone, described, chosen; axe on the open picker; its grid again at 1280 px). Content → Media on
 * the phone: two pictures uploaded at once, one described, the page's picture refused a delete
 * naming the page, an unused one deleted; axe on the screen and its sheet. On a phone an owner
 * writes a blog post, schedules it on the shop's clock and sees it in the preview. On a phone an
 * owner adds a required field to the contact form and a shopper's message without it is refused.
 * SHOTS_DIR keeps a screenshot of each screen.
 */
test.use({ shopOptions: { env: { NODE_ENV: 'test' } }, staff: [OWNER] });

const preview = (page: Page): FrameLocator => page.frameLocator('[data-testid="preview-frame"]');
/**
 * Only the sign-in page's "who is signed in?" (401), the Media screen's refused delete (409) and
 * the preview-only /preview/post a draft post previews on (404 by design: it has no post of its own).
 */
const unexpected = (problems: string[]) =>
  problems.filter(
    (p) =>
      !/http 401: \/api\/admin\/auth\/me|status of 401|http 409: \/api\/admin\/media\/\d+$|status of 409|http 404: \/preview\/post$|status of 404/.test(
        p,
      ),
  );
const jpeg = (background: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer();

test('an owner writes and publishes a page on a phone; shoppers see it; the editor at 1280 px', async ({
  shop,
  owner,
  newPage,
}) => {
  test.setTimeout(240_000);
  const { page, problems } = owner;
  await page.setViewportSize(MOBILE);
  await page.goto(`${shop.baseUrl}/admin/pages`);
  await expect(page.getByTestId('page-about-us')).toContainText('Published');
  await shot(page, 'pages-list');

  await page.getByTestId('new-page').click();
  await page.getByRole('heading', { level: 1, name: 'New page' }).waitFor();
  await page.getByTestId('page-title').fill('Our workshop');
  await expect(page.getByTestId('page-slug')).toHaveValue('our-workshop');

  const tool = (name: string) => page.getByRole('toolbar').getByRole('button', { name, exact: true });
  await page.getByTestId('page-body').click();
  await tool('Heading').click();
  await page.keyboard.type('Where we work');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Every piece is made ');
  await tool('Bold').click();
  await page.keyboard.type('by hand');
  await tool('Bold').click();
  await page.keyboard.type(' in our studio.');
  await page.keyboard.press('Enter');
  await tool('Bulleted list').click();
  await page.keyboard.type('Block printing');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Natural dyes');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Read our story');
  for (let i = 0; i < 'our story'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await tool('Link').click();
  await page.getByTestId('link-href').fill('javascript:alert(1)');
  await page.getByTestId('link-apply').click();
  await expect(page.getByText(SECTION_LINK_MESSAGE)).toBeVisible();
  await page.getByTestId('link-href').fill('/about-us');
  await page.getByTestId('link-apply').click();
  await expect(page.getByTestId('page-body').getByRole('link', { name: 'our story' })).toBeVisible();

  // A picture from the media library: uploaded from the phone in the picker, described, chosen.
  await page.getByTestId('page-body').press('End');
  await page.keyboard.press('Enter');
  await tool('Picture').click();
  await page.getByTestId('media-picker-open').click();
  const picker = page.getByTestId('media-picker');
  await picker.getByTestId('media-file').setInputFiles({
    name: 'indigo-cloth.jpg',
    mimeType: 'image/jpeg',
    buffer: await jpeg('#2b4a8a'),
  });
  await expect(picker.getByTestId('media-chosen')).toContainText('indigo-cloth.jpg');
  await expect(picker.getByRole('button', { pressed: true }).getByRole('img')).toBeVisible();
  await picker.getByTestId('media-alt').fill('Indigo cloth drying in the sun');
  expect(await axeProblems(page)).toEqual([]);
  await shotScreen(page, 'media-picker');
  await picker.getByTestId('media-choose').click();
  await expect(picker).toBeHidden();
  await expect(
    page.getByTestId('page-body').getByRole('img', { name: 'Indigo cloth drying in the sun' }),
  ).toBeVisible();
  await page.locator('label', { hasText: /^Published$/ }).click();
  await expect(page.getByRole('radio', { name: 'Published' })).toBeChecked();
  await shotScreen(page, 'page-editor');

  // The preview is a tab on a phone: it shows the unsaved text.
  await page.getByTestId('tab-preview').click();
  await expect(preview(page).getByRole('heading', { name: 'Where we work' })).toBeVisible();
  await expect(preview(page).locator('strong', { hasText: 'by hand' })).toBeVisible();
  await shotScreen(page, 'page-preview');
  await page.getByTestId('tab-edit').click();
  expect(await axeProblems(page)).toEqual([]);

  await page.getByTestId('save-page').click();
  await expect(page).toHaveURL(/\/admin\/pages\/\d+$/);
  await toastSays(page, 'Published: shoppers see it now');
  await expect(page.getByTestId('page-status')).toContainText('Published');
  await expect(page.getByTestId('page-status')).toContainText('Saved');

  const shopper = await newPage(MOBILE);
  await shopper.goto(`${shop.baseUrl}/our-workshop`);
  await expect(shopper.getByRole('heading', { name: 'Where we work' })).toBeVisible();
  await expect(shopper.locator('strong', { hasText: 'by hand' })).toBeVisible();
  await expect(shopper.getByRole('listitem').filter({ hasText: 'Natural dyes' })).toBeVisible();
  await expect(shopper.getByRole('link', { name: 'our story' })).toHaveAttribute('href', '/about-us');
  const shown = shopper.getByRole('img', { name: 'Indigo cloth drying in the sun' });
  await expect(shown).toHaveAttribute('src', /\/media\/.*content\/[0-9a-f]{16}\.webp/);
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Content → Media on the phone: two pictures at once, one described; the page's picture is
  // not deleted (the sheet says where it is used), an unused one is.
  await page.getByRole('button', { name: 'More', exact: true }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Media', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Media' }).waitFor();
  await page.getByTestId('media-file').setInputFiles([
    { name: 'clay-pots.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#b5562f') },
    { name: 'loom.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#6b8f3a') },
  ]);
  await toastSays(page, '2 pictures added to the media library');
  const media = (name: string) => page.getByTestId('media-item').filter({ hasText: name });
  await expect(media('loom.jpg')).toContainText('Not used');
  await expect(media('indigo-cloth.jpg')).toContainText('Used in 1 place');
  const details = page.getByTestId('media-details');
  await media('clay-pots.jpg').click();
  await details.getByTestId('media-alt').fill('Terracotta pots on a shelf');
  await details.getByTestId('media-save').click();
  await toastSays(page, 'Description saved');
  await expect(media('clay-pots.jpg').getByRole('img', { name: 'Terracotta pots on a shelf' })).toBeVisible();
  await shot(page, 'media');
  expect(await axeProblems(page)).toEqual([]);
  await media('indigo-cloth.jpg').click();
  await expect(details.getByTestId('media-used-in')).toContainText('Page: Our workshop');
  page.once('dialog', (d) => void d.accept());
  await details.getByTestId('media-delete').click();
  await expect(details.getByTestId('media-problem')).toHaveText(adminMediaMessages.inUse(['Page: Our workshop']));
  await shotScreen(page, 'media-details');
  expect(await axeProblems(page)).toEqual([]);
  await details.getByRole('button', { name: 'Close' }).click();
  await media('loom.jpg').click();
  // The details' large picture may still be on its way when the picture is deleted (a slow
  // machine): a 404 for that one picture's file, and only that, is the deletion, not a fault.
  const loomFile = (await details.locator('img').first().getAttribute('src'))!.replace(/^\/media\/w_\d+\//, '');
  page.once('dialog', (d) => void d.accept());
  await details.getByTestId('media-delete').click();
  await toastSays(page, 'Picture deleted');
  await expect(media('loom.jpg')).toHaveCount(0);

  // At 1280 px: the Media screen, the list, then the editor beside the page's own preview.
  await page.setViewportSize(DESKTOP);
  await page.goto(`${shop.baseUrl}/admin/media`);
  await expect(media('clay-pots.jpg').getByRole('img', { name: 'Terracotta pots on a shelf' })).toBeVisible();
  await shot(page, 'media');
  await page.goto(`${shop.baseUrl}/admin/pages`);
  await expect(page.getByTestId('page-our-workshop')).toContainText('Published');
  await shot(page, 'pages-list');
  expect(await axeProblems(page)).toEqual([]);
  await page.getByTestId('page-our-workshop').click();
  await page.getByRole('heading', { level: 1, name: 'Our workshop' }).waitFor();
  await expect(preview(page).getByRole('heading', { name: 'Where we work' })).toBeVisible();
  await shotScreen(page, 'page-editor');
  expect(await axeProblems(page)).toEqual([]);
  // The picker at 1280 px: the library's grid, the upload among the products' pictures.
  await page.getByRole('toolbar').getByRole('button', { name: 'Picture', exact: true }).click();
  await page.getByTestId('media-picker-open').click();
  await expect(
    page.getByTestId('media-picker').getByRole('img', { name: 'Indigo cloth drying in the sun' }),
  ).toBeVisible();
  await shotScreen(page, 'media-picker');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('media-picker')).toBeHidden();

  page.once('dialog', (d) => void d.accept());
  await page.getByTestId('delete-page').click();
  await toastSays(page, 'Page deleted');
  await expect(page).toHaveURL(/\/admin\/pages$/);
  await expect(page.getByTestId('page-our-workshop')).toHaveCount(0);
  expect(unexpected(problems).filter((p) => !p.includes(`404: /media/w_640/${loomFile}`))).toEqual([]);
});

test('an owner writes a blog post on a phone, schedules it and sees it in the preview; the blog at 1280 px', async ({
  shop,
  owner,
}) => {
  test.setTimeout(180_000);
  const { page, problems } = owner;
  await page.setViewportSize(MOBILE);
  await page.goto(`${shop.baseUrl}/admin/blog`);
  await expect(page.getByTestId('posts-list').getByText('Published').first()).toBeVisible();
  await shot(page, 'blog-list');

  await page.getByTestId('new-post').click();
  await page.getByRole('heading', { level: 1, name: 'New post' }).waitFor();
  await page.getByTestId('post-title').fill('Indigo, step by step');
  await expect(page.getByTestId('post-slug')).toHaveValue('indigo-step-by-step');
  await page.getByTestId('post-excerpt').fill('From leaf to vat to cloth, in six days.');
  await page.getByTestId('page-body').click();
  await page.keyboard.type('The vat is fed every morning.');
  await page.getByTestId('post-tags').fill('Dyes, how it is made');
  await page.locator('label', { hasText: /^Scheduled$/ }).click();
  await expect(page.getByTestId('schedule-zone')).toContainText(/Asia\/(Kolkata|Calcutta)|GMT\+5:30/);
  await page.getByTestId('post-publish-at').fill('2031-01-15T10:00');
  await shotScreen(page, 'post-editor');

  // The preview tab shows the unsaved post; after Schedule it still does (shoppers do not see it).
  await page.getByTestId('tab-preview').click();
  await expect(preview(page).getByRole('heading', { name: 'Indigo, step by step' })).toBeVisible();
  await expect(preview(page).getByText('The vat is fed every morning.')).toBeVisible();
  await page.getByTestId('tab-edit').click();
  await page.getByTestId('save-post').click();
  await expect(page).toHaveURL(/\/admin\/blog\/\d+$/);
  await toastSays(page, 'Scheduled');
  // On the shop's clock, as picked, whatever the browser's time zone.
  await expect(page.getByTestId('post-status')).toContainText(/Scheduled · Jan 15, 2031, 10:00/);
  await expect(page.getByTestId('post-publish-at')).toHaveValue('2031-01-15T10:00');
  await expect(page.getByTestId('post-tags')).toHaveValue('dyes, how-it-is-made');
  await page.getByTestId('tab-preview').click();
  await expect(preview(page).getByText('From leaf to vat to cloth, in six days.')).toBeVisible();
  await shotScreen(page, 'post-preview');
  await page.getByTestId('tab-edit').click();
  expect(await axeProblems(page)).toEqual([]);

  await page.setViewportSize(DESKTOP);
  await page.goto(`${shop.baseUrl}/admin/blog?status=scheduled`);
  await expect(page.getByTestId('post-indigo-step-by-step')).toContainText('Scheduled');
  await shot(page, 'blog-list');
  await page.getByTestId('post-indigo-step-by-step').click();
  await expect(preview(page).getByRole('heading', { name: 'Indigo, step by step' })).toBeVisible();
  await shotScreen(page, 'post-editor');
  expect(unexpected(problems)).toEqual([]);
});

test('an owner adds a required field to the contact form on a phone; shoppers must fill it; the editor at 1280 px', async ({
  shop,
  owner,
  newPage,
}) => {
  test.setTimeout(180_000);
  const { page, problems } = owner;
  await page.setViewportSize(MOBILE);
  await page.goto(`${shop.baseUrl}/admin/forms`);
  await expect(page.getByTestId('form-contact')).toContainText('5 fields');
  await shot(page, 'forms-list');
  await page.getByTestId('form-contact').click();
  await page.getByRole('heading', { level: 1, name: 'Contact us' }).waitFor();

  await page.getByTestId('add-field').click();
  await page.getByTestId('field-label').fill('Order number');
  await expect(page.getByTestId('field-key')).toHaveValue('order_number');
  await page.getByTestId('field-required').check();
  await expect(page.getByTestId('row-Order number')).toContainText('Required');
  await shotScreen(page, 'form-editor');
  expect(await axeProblems(page)).toEqual([]);
  await page.getByTestId('save').click();
  await toastSays(page, 'Form saved');
  await expect(page.getByTestId('form-status')).toHaveText('Saved: shoppers see this form.');

  const shopper = await newPage(MOBILE);
  await shopper.goto(`${shop.baseUrl}/contact-us`);
  const orderNo = shopper.getByLabel('Order number');
  await expect(orderNo).toBeVisible();
  await shopper.getByLabel('Your name').fill('Asha Kulkarni');
  await shopper.getByRole('textbox', { name: 'E-mail', exact: true }).fill('asha@example.com');
  await shopper.getByRole('combobox', { name: 'Topic' }).selectOption({ index: 1 });
  await shopper.getByRole('textbox', { name: 'Message', exact: true }).fill('Where is my parcel, please?');
  await shopper.getByRole('button', { name: 'Send message' }).click();
  await expect(orderNo).toHaveAttribute('aria-invalid', 'true');
  await expect(shopper.getByText('This field is required')).toBeVisible();
  await expect(shopper.getByText('Thank you!')).toHaveCount(0);

  await page.setViewportSize(DESKTOP);
  await page.goto(`${shop.baseUrl}/admin/forms`);
  await expect(page.getByTestId('form-contact')).toContainText('6 fields');
  await shot(page, 'forms-list');
  await page.getByTestId('form-contact').click();
  await page.getByTestId('row-Order number').click();
  await expect(page.getByTestId('field-label')).toHaveValue('Order number');
  await shotScreen(page, 'form-editor');
  expect(await axeProblems(page)).toEqual([]);
  expect(unexpected(problems)).toEqual([]);
});
