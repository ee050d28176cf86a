import type { Page } from '@playwright/test';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@shopfront/shared';
import {
  axeProblems,
  sidebarLink,
  saveForm,
  shot,
  shotScreen,
  signInPanel,
  testStaff,
  toastSays,
} from './support/admin.ts';
import { MOBILE, watchForProblems } from './support/browser.ts';
import { OWNER, expect, test } from './support/test.ts';

/*
 * The services shop's panel (issue 27): the applications inbox and page, the stage moves, the
 * thread and document requests, the shop mode switch; who sees them. The services demo
 * (SEED_DEMO=services) has customers' applications in every stage (apps/api/src/db/seed/applications.ts).
 * Screenshots with SHOTS_DIR set.
 */
const MANAGER = testStaff('Kiran Shah', 'manager');
const PACKER = testStaff('Ravi Pawar', 'packer');
const EDITOR = testStaff('Lata Menon', 'content_editor');

// A tuple: Playwright reads an array whose second item is an object as [value, options].
test.use({
  shopOptions: { env: { SEED_DEMO: 'services' } },
  staff: [[OWNER, MANAGER, PACKER, EDITOR], { scope: 'test' }],
});

const rows = (page: Page) => page.getByTestId('application-row');
const rowOf = (page: Page, name: string, service: string) =>
  rows(page).filter({ hasText: name }).filter({ hasText: service }).first();

/**
 * Only what the tests meet on purpose: the sign-in page's "who is signed in?" (401), the 409 of a
 * move made elsewhere first, the 422 of a document that is not a PDF or picture.
 */
const unexpected = (problems: string[]) =>
  problems.filter(
    (p) =>
      !/http 401: \/api\/admin\/auth\/me|http 409: \/api\/admin\/applications\/|http 422: \/api\/admin\/applications\/[\w-]+\/documents$|status of (401|409|422)/.test(
        p,
      ),
  );

async function openInbox(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Applications' }).first().click();
  await page.getByRole('heading', { level: 1, name: 'Applications' }).waitFor();
  await expect(rows(page).first()).toBeVisible();
}

test.describe('applications in the panel', () => {
  test('the owner filters the inbox by service, stage and overdue', async ({ owner }) => {
    const { page, problems } = owner;
    await openInbox(page);
    expect(await rows(page).count()).toBeGreaterThanOrEqual(12);
    await shot(page, 'applications-inbox');
    expect(await axeProblems(page)).toEqual([]);

    await page.getByTestId('filter-service').selectOption({ label: 'GST registration' });
    await expect(rows(page)).toHaveCount(2);
    for (const text of await rows(page).allTextContents()) expect(text).toContain('GST registration');
    await page.getByTestId('filter-stage').selectOption({ label: 'Documents verified' });
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Asha Verma');
    expect(page.url()).toContain('stage=documents_verified');

    await page.getByTestId('filter-service').selectOption({ label: 'All services' });
    await page.getByTestId('filter-stage').selectOption({ label: 'Any stage' });
    // The box follows the address, which changes once the frame's loaders have run: click, then wait for it.
    await page.getByTestId('filter-overdue').click();
    await expect(page.getByTestId('filter-overdue')).toBeChecked();
    await expect(page).toHaveURL(/[?&]overdue=1/);
    // The list keeps showing the previous rows until the overdue ones arrive (reading the count
    // at once failed in CI): wait until no row is on time, then for the one known to be late.
    await expect(rows(page).filter({ hasNot: page.getByTestId('overdue') })).toHaveCount(0);
    await expect(rows(page).filter({ hasText: 'Vikram Joshi' })).toHaveCount(1);
    await shot(page, 'applications-inbox-overdue');
    await page.getByTestId('filter-overdue').click();
    await expect(page.getByTestId('filter-overdue')).not.toBeChecked();
    await expect(rows(page).filter({ hasText: 'Neha Gupta' })).toHaveCount(1);
    expect(unexpected(problems)).toEqual([]);
  });

  test('the owner opens an application, moves it with a note, writes, asks for a document, downloads one', async ({
    owner,
    shop,
  }) => {
    const { page, problems } = owner;
    await openInbox(page);
    await rowOf(page, 'Asha Verma', 'GST registration').click();
    const app = page.getByTestId('application-page');
    await expect(app).toHaveAttribute('data-stage', 'documents_verified');
    await expect(page.getByTestId('application-answers')).toContainText('Loom and Leaf');
    await expect(page.getByTestId('application-requests')).toContainText('No-objection certificate');
    await shot(page, 'application-page');
    expect(await axeProblems(page)).toEqual([]);

    // A document downloads through the panel's own authorised route.
    const link = page.getByTestId('application-answers').getByRole('link', { name: 'pan-card.pdf' });
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/api\/admin\/applications\/apl_[\w-]+\/documents\/\d+$/);
    const file = await page.request.get(`${shop.baseUrl}${href}`);
    expect(file.status()).toBe(200);
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // The next stage, with a note, from the big button.
    await page.getByRole('button', { name: 'Move to Application filed…' }).click();
    const sheet = page.getByTestId('move-sheet');
    await expect(sheet.getByRole('radio', { name: /Application filed/ })).toBeChecked();
    await sheet.getByLabel('Note (optional)').fill('Filed on the GST portal today.');
    await shotScreen(page, 'application-move-sheet');
    expect(await axeProblems(page)).toEqual([]);
    await sheet.getByRole('button', { name: 'Move to Application filed' }).click();
    await toastSays(page, 'The application is now at Application filed');
    await expect(app).toHaveAttribute('data-stage', 'filed');
    await expect(page.getByTestId('application-history')).toContainText('Filed on the GST portal today.');

    // A message on the thread.
    await page.getByLabel('Write to the applicant').fill('We will share the ARN as soon as it is generated.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await toastSays(page, 'Your message has been sent');
    await expect(page.getByTestId('application-thread')).toContainText('share the ARN as soon as');

    // A document request.
    await page.getByLabel('Ask for a document').fill('A cancelled cheque of the business account');
    await page.getByRole('button', { name: 'Request document' }).click();
    await toastSays(page, 'The document request has been sent to the applicant');
    await expect(page.getByTestId('application-requests').getByText('Waiting')).toHaveCount(2);

    // A document for the applicant: a file that is not a PDF or picture is named at the field;
    // a PDF joins the documents "from us" (the applicant is told and downloads it: access.test.ts).
    const documents = page.getByTestId('application-documents');
    const picker = page.getByTestId('send-document-file');
    await picker.setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf') });
    await documents.getByRole('button', { name: 'Send document' }).click();
    await expect(documents.getByRole('alert')).toContainText('PDF');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    await picker.setInputFiles({ name: 'GST ARN acknowledgement.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(documents.getByRole('alert')).toHaveCount(0);
    await documents.getByRole('button', { name: 'Send document' }).click();
    await toastSays(page, 'The document has been sent to the applicant');
    const sent = documents.getByRole('listitem').filter({ hasText: 'GST ARN acknowledgement.pdf' });
    await expect(sent).toContainText('From us');
    await expect(picker).toHaveValue('');
    await documents.scrollIntoViewIfNeeded();
    await shot(page, 'application-documents');
    expect(unexpected(problems)).toEqual([]);
  });

  test('a move someone else made first says it moved on, and reloads', async ({ owner, shop }) => {
    const { page, problems } = owner;
    await openInbox(page);
    await rowOf(page, 'Meera Iyer', 'Trademark registration').click();
    const app = page.getByTestId('application-page');
    await expect(app).toHaveAttribute('data-stage', 'drafted');
    await page.getByRole('button', { name: /^Move to Filed with the registry/ }).click();
    const sheet = page.getByTestId('move-sheet');
    await sheet.waitFor();
    // Another tab moves it meanwhile.
    const id = new URL(page.url()).pathname.split('/').at(-1)!;
    const other = await page.request.post(`${shop.baseUrl}/api/admin/applications/${id}/stage`, {
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      data: { from: 'drafted', to: 'filed' },
    });
    expect(other.status()).toBe(200);
    await sheet.getByRole('button', { name: 'Move to Filed with the registry' }).click();
    const alert = sheet.getByRole('alert');
    await expect(alert).toContainText('It moved on: reload');
    await shotScreen(page, 'application-moved-on');
    await alert.getByRole('button', { name: 'Reload the application' }).click();
    await expect(app).toHaveAttribute('data-stage', 'filed');
    await expect(page.getByRole('button', { name: 'Move to TM number issued…' })).toBeVisible();
    expect(unexpected(problems)).toEqual([]);
  });

  test('a rejection needs its reason; the applicant reads it on the timeline', async ({ owner }) => {
    const { page, problems } = owner;
    await openInbox(page);
    await rowOf(page, 'Rohan Kulkarni', 'Income tax return').click();
    await page.getByRole('button', { name: /^Move to / }).click();
    const sheet = page.getByTestId('move-sheet');
    await sheet.getByRole('radio', { name: 'Rejected' }).check();
    await sheet.getByLabel(/Reason for the rejection/).fill('Capital gains need the CA plan, not this one.');
    await sheet.getByRole('button', { name: 'Move to Rejected' }).click();
    await toastSays(page, 'The application is now at Rejected');
    await expect(page.getByTestId('application-timeline')).toContainText('Capital gains need the CA plan');
    await expect(page.getByRole('button', { name: 'Back to applications' })).toBeVisible();
    expect(unexpected(problems)).toEqual([]);
  });

  test('at 390 px: the inbox reads as cards and the move is under the thumb', async ({ newPage, shop }) => {
    const page = await newPage(MOBILE);
    const problems = await watchForProblems(page);
    await signInPanel(page, `${shop.baseUrl}/admin/applications`, OWNER);
    await expect(rows(page).first()).toBeVisible();
    // Applications is in the phone's bottom bar in a services shop.
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Applications' }),
    ).toBeVisible();
    await shot(page, 'applications-inbox');
    expect(await axeProblems(page)).toEqual([]);
    await rowOf(page, 'Imran Shaikh', 'Passport application').click();
    const move = page.getByRole('button', { name: 'Move to Police verification…' });
    await expect(move).toBeVisible();
    const box = (await move.boundingBox())!;
    expect(box.y).toBeGreaterThan(MOBILE.height * 0.75);
    expect(box.width).toBeGreaterThan(MOBILE.width * 0.5);
    await shot(page, 'application-page');
    await shotScreen(page, 'application-page-screen');
    expect(await axeProblems(page)).toEqual([]);
    await move.click();
    await page.getByTestId('move-sheet').waitFor();
    await shotScreen(page, 'application-move-sheet');
    expect(unexpected(problems)).toEqual([]);
  });

  test('a packer runs the inbox; a content editor is not shown it', async ({ newPage, shop }) => {
    const packer = await newPage();
    await signInPanel(packer, `${shop.baseUrl}/admin`, PACKER);
    await openInbox(packer);
    await rowOf(packer, 'Priya Deshpande', 'FSSAI').click();
    await expect(packer.getByTestId('application-page')).toHaveAttribute('data-stage', 'filed');

    const editor = await newPage();
    await signInPanel(editor, `${shop.baseUrl}/admin`, EDITOR);
    const nav = editor.getByRole('navigation', { name: 'Main' }).first();
    await expect(await sidebarLink(editor, 'Shop', 'Theme')).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Applications' })).toHaveCount(0);
  });

  test('the shop mode: a manager reads it; the owner switches to products and back after confirming', async ({
    owner,
    newPage,
    shop,
  }) => {
    const manager = await newPage();
    await signInPanel(manager, `${shop.baseUrl}/admin/store-mode`, MANAGER);
    await expect(manager.getByTestId('mode-read-only')).toBeVisible();
    await expect(manager.getByTestId('mode-services')).toContainText('Now');
    await expect(manager.getByRole('button', { name: /^Switch to/ })).toHaveCount(0);

    const { page, problems } = owner;
    const nav = page.getByRole('navigation', { name: 'Main' }).first();
    await (await sidebarLink(page, 'Shop', 'Shop mode')).click();
    await expect(page.getByTestId('mode-services')).toContainText('Now');
    await shot(page, 'store-mode');
    expect(await axeProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Switch to products…' }).click();
    await expect(page.getByRole('alert')).toContainText('Switch the whole shop to products?');
    await shot(page, 'store-mode-confirm');
    await page.getByRole('button', { name: 'Yes, sell products' }).click();
    await toastSays(page, 'The shop now sells products');
    await expect(page.getByTestId('mode-products')).toContainText('Now');
    await expect(nav.getByRole('link', { name: 'Applications' })).toHaveCount(0);
    const settings = await page.request.post(`${shop.baseUrl}/api/settings/get`, {
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      data: { keys: ['store_mode'] },
    });
    expect((await settings.json()).data.store_mode).toBe('products');

    await page.getByRole('button', { name: 'Switch to services…' }).click();
    await page.getByRole('button', { name: 'Yes, sell services' }).click();
    await toastSays(page, 'The shop now sells services');
    await expect(nav.getByRole('link', { name: 'Applications' })).toBeVisible();
    expect(unexpected(problems)).toEqual([]);
  });

  test('at 390 px: the shop mode screen', async ({ newPage, shop }) => {
    const page = await newPage(MOBILE);
    await signInPanel(page, `${shop.baseUrl}/admin/store-mode`, OWNER);
    await expect(page.getByTestId('mode-services')).toContainText('Now');
    await page.getByRole('button', { name: 'Switch to products…' }).click();
    await shot(page, 'store-mode-confirm');
    expect(await axeProblems(page)).toEqual([]);
  });
});

test.describe('the service editor', () => {
  /** The ITR filing service's product id, from the shop's own product API. */
  const itrId = async (page: Page, baseUrl: string) => {
    const res = await page.request.get(`${baseUrl}/api/product/single-product/itr-filing`);
    return ((await res.json()) as { data: { product: { id: string } } }).data.product.id;
  };

  test('the owner adds a question and a stage; a mistake is named at its field; the apply form asks the question', async ({
    owner,
    shop,
    newPage,
  }) => {
    const { page, problems } = owner;
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /Products|Services/ })
      .first()
      .click();
    await page
      .getByTestId('product-row')
      .filter({ hasText: 'Income tax return (ITR) filing' })
      .getByRole('link')
      .first()
      .click();
    await page.getByTestId('service-link').click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Income tax return (ITR) filing: service');
    await expect(page.getByTestId('field-card')).toHaveCount(5);
    await expect(page.getByTestId('stage-row')).toHaveCount(3);
    await expect(page.getByTestId('fee-kind').getByRole('radio', { name: /^From/ })).toBeChecked();
    await shot(page, 'service-editor');
    expect(await axeProblems(page)).toEqual([]);

    await page.getByTestId('add-field').click();
    const card = page.getByTestId('field-card').last();
    await card.getByTestId('field-label').fill('Aadhaar number');
    await card.getByTestId('field-type').focus();
    // The key follows the question; typed over with one already taken, Save names it.
    await expect(card.getByTestId('field-key')).toHaveValue('aadhaar_number');
    await card.getByTestId('field-key').fill('pan_number');
    await card.getByTestId('field-required').check();
    await page.getByTestId('save').click();
    await expect(page.getByTestId('form-error')).toContainText('Some fields need a look');
    await expect(card.getByTestId('field-key')).toHaveAttribute('aria-invalid', 'true');
    await expect(card).toContainText('Each field of the form needs its own key');
    await card.getByTestId('field-key').fill('aadhaar_number');
    // Up one: before "Anything we should know".
    await page.getByRole('button', { name: 'Move question 6 up' }).click();
    await expect(page.getByTestId('field-card').nth(4).getByTestId('field-label')).toHaveValue('Aadhaar number');

    await page.getByTestId('add-stage').click();
    const stage = page.getByTestId('stage-row').last();
    await stage.getByTestId('stage-label').fill('Refund received');
    await stage.getByTestId('stage-days').fill('20');
    await stage.getByTestId('stage-days').blur();
    await expect(stage.getByTestId('stage-key')).toHaveValue('refund_received');
    await saveForm(page, 'Service details saved');

    await page.reload();
    await expect(page.getByTestId('field-card')).toHaveCount(6);
    await expect(page.getByTestId('field-card').nth(4).getByTestId('field-label')).toHaveValue('Aadhaar number');
    await expect(page.getByTestId('stage-row')).toHaveCount(4);
    await expect(page.getByTestId('stage-row').last().getByTestId('stage-label')).toHaveValue('Refund received');

    const shopper = await newPage(MOBILE);
    await shopper.goto(`${shop.baseUrl}/apply/itr-filing`);
    await expect(shopper.getByLabel(/Aadhaar number/)).toBeVisible();
    expect(unexpected(problems)).toEqual([]);
  });

  test('at 390 px: one column, Save above the bottom bar; a packer is told it is not for them', async ({
    newPage,
    shop,
  }) => {
    const page = await newPage(MOBILE);
    const problems = await watchForProblems(page);
    const id = await itrId(page, shop.baseUrl);
    await signInPanel(page, `${shop.baseUrl}/admin/products/${id}/service`, OWNER);
    await expect(page.getByTestId('field-card').first()).toBeVisible();
    await expect(page.getByTestId('save')).toBeInViewport();
    await shotScreen(page, 'service-editor');
    await shot(page, 'service-editor-page');
    expect(await axeProblems(page)).toEqual([]);
    expect(unexpected(problems)).toEqual([]);

    const packer = await newPage(MOBILE);
    await signInPanel(packer, `${shop.baseUrl}/admin/products/${id}/service`, PACKER);
    await expect(packer.getByTestId('not-allowed')).toBeVisible();
  });
});
