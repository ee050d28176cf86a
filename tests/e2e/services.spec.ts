import type { Page } from '@playwright/test';
import { axeProblems, shotScreen } from './support/admin.ts';
import { MOBILE, readJsonLd, waitForHydration, watchForProblems } from './support/browser.ts';
import { PDF, SERVICES_SHOP, ownerRequestsDocument } from './support/services.ts';
import { expect, test } from './support/test.ts';

/**
 * Services mode, the shopper's side (issue 27), on the services demo (SEED_DEMO=services: Sahaj
 * Seva Consultants): a service page with its fee, stages and Apply; a guest's application with a
 * refused answer first, then sent with its document; tracking it by number and phone; a signed-in
 * customer's application in My Applications, with a message on its thread.
 */
test.use({ shopOptions: SERVICES_SHOP });

/** Only the answers the tests provoke on purpose: the refused application, a guest's account checks. */
const unexpected = (problems: string[]) =>
  problems.filter(
    (p) =>
      p !== 'http 422: /api/applications' &&
      !/http 401: \/api\/(account|wishlist)\//.test(p) &&
      !/console: Failed to load resource: the server responded with a status of (401|422)/.test(p),
  );

async function expectAxeClean(page: Page) {
  expect(await axeProblems(page)).toEqual([]);
}

test.describe('services mode: the shopper', () => {
  test('a service page shows its fee, what it includes, its stages and Apply, never Add to cart', async ({
    shop,
    page,
    newPage,
  }) => {
    const problems = await watchForProblems(page);
    await page.goto(`${shop.baseUrl}/product/gst-registration`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'GST registration' })).toBeVisible();
    await expect(page.getByTestId('service-fee')).toHaveText('Fee: ₹1,499.00');
    await expect(page.getByTestId('service-turnaround')).toHaveText('About 7 working days');
    await expect(page.getByTestId('header-cart')).toHaveCount(0);
    await shotScreen(page, 'service-page-header');
    await expect(page.getByRole('heading', { name: 'What is included' })).toBeVisible();
    await expect(page.getByText('Application filed on the GST portal')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Documents to keep ready' })).toBeVisible();
    const stages = page.getByTestId('service-stages').getByRole('listitem');
    await expect(stages).toHaveCount(5);
    await expect(stages.first()).toContainText('Application submitted');
    await expect(stages.last()).toContainText('GSTIN issued');
    const apply = page.getByRole('link', { name: 'Apply now' });
    await expect(apply).toHaveAttribute('href', '/apply/gst-registration');
    await expect(page.getByRole('button', { name: /Add to cart|Buy now/ })).toHaveCount(0);
    await expect(page.locator('[data-stock]')).toHaveCount(0);
    await expectAxeClean(page);
    // Search engines read a Service with its fixed fee, no SKU or stock.
    const gst = (await readJsonLd(page)).find((d) => d['@type'] === 'Service')!;
    expect(gst).toMatchObject({ name: 'GST registration', offers: { price: '1499.00', priceCurrency: 'INR' } });
    expect(gst).not.toHaveProperty('sku');
    expect(gst.offers).not.toHaveProperty('availability');
    await expect(page.getByRole('combobox', { name: 'Search services' }).first()).toBeAttached();

    // A service on quote asks for one; its fee reads so.
    await page.goto(`${shop.baseUrl}/product/visa-application`);
    await expect(page.getByTestId('service-fee')).toHaveText('Fee: Price on quote');
    // No offer: its stored price (0) is not what it costs.
    const visa = (await readJsonLd(page)).find((d) => d['@type'] === 'Service')!;
    expect(visa).toMatchObject({ name: 'Tourist visa application' });
    expect(visa).not.toHaveProperty('offers');
    await expect(page.getByRole('link', { name: 'Request a quote' })).toHaveAttribute(
      'href',
      '/apply/visa-application',
    );

    // The listing's cards link to the service: no quick view with its Add to cart, nothing sold out.
    await page.goto(`${shop.baseUrl}/shop-online`);
    await waitForHydration(page);
    await expect(page.getByRole('link', { name: 'GST registration' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /^Quick view/ })).toHaveCount(0);
    await expect(page.getByText('Sold out')).toHaveCount(0);
    // A service on quote has no price to show: its card says so rather than ₹0.00.
    await expect(page.locator('article', { hasText: 'Tourist visa application' }).locator('[data-price]')).toHaveText(
      'Price on quote',
    );
    expect(unexpected(problems)).toEqual([]);

    // Without JavaScript the form is posted to the page, never as a query: nothing kept, the page says why.
    const plain = await newPage(undefined, { javaScriptEnabled: false });
    await plain.goto(`${shop.baseUrl}/apply/udyam-registration`);
    await plain.getByLabel('Name of the enterprise').fill('Kulkarni Tiffin Services');
    await plain.getByLabel('Full name').fill('Asha Kulkarni');
    await plain.getByRole('button', { name: 'Send application' }).click();
    await expect(plain.getByRole('alert')).toContainText('this form needs JavaScript');
    expect(new URL(plain.url()).search).toBe('');
  });

  test('at 390 px a guest applies (a refused answer first, shown under its field) and tracks it by number and phone', async ({
    shop,
    page,
  }) => {
    await page.setViewportSize(MOBILE);
    const problems = await watchForProblems(page);
    await page.goto(`${shop.baseUrl}/product/passport-application`);
    await waitForHydration(page);
    // A services shop has no cart: the header offers none, and the phone's bottom bar has the
    // applicant's applications in the cart's place.
    await expect(page.getByTestId('header-cart')).toHaveCount(0);
    const quick = page.getByRole('navigation', { name: 'Quick links' });
    await expect(quick.getByRole('link')).toHaveText(['Home', 'Services', 'Applications', 'Account']);
    await expect(quick.getByRole('link', { name: 'Applications' })).toHaveAttribute('href', '/account/applications');
    await shotScreen(page, 'service-page-header');
    await page.getByRole('link', { name: 'Apply now' }).click();
    await page.waitForURL((url) => url.pathname === '/apply/passport-application');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Apply: Passport application assistance');
    const aadhaar = page.getByLabel('Aadhaar card');
    // The file field says what it takes before anything is sent.
    await expect(page.getByText('PDF, JPEG or PNG, up to 2 MB')).toBeVisible();
    await expect(page.getByLabel('Preferred Passport Seva Kendra (optional)')).toBeVisible();
    await expectAxeClean(page);

    // Not a PDF for all its name, and no date of birth: the API's messages, each under its field.
    await page.getByLabel('Application', { exact: true }).selectOption('Fresh passport');
    await aadhaar.setInputFiles({ name: 'aadhaar.pdf', mimeType: 'application/pdf', buffer: Buffer.from('hello') });
    await page.getByLabel('Full name').fill('Asha Kulkarni');
    await page.getByLabel('Phone').fill('9822012345');
    await page.getByRole('button', { name: 'Send application' }).click();
    const dob = page.getByLabel('Date of birth');
    await expect(dob).toHaveAttribute('aria-invalid', 'true');
    await expect(dob).toHaveAccessibleDescription('This field is required');
    await expect(aadhaar).toHaveAttribute('aria-invalid', 'true');
    await expect(aadhaar).toHaveAccessibleDescription(/Please upload a/);
    await expect(page.getByTestId('application-sent')).toHaveCount(0);
    await expectAxeClean(page);

    // Put right, it is sent: the confirmation gives the number and the way to follow it.
    await dob.fill('1990-04-12');
    await aadhaar.setInputFiles({ name: 'aadhaar.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('button', { name: 'Send application' }).click();
    const sent = page.getByTestId('application-sent');
    await expect(sent.getByRole('heading', { name: 'Application sent' })).toBeVisible();
    const number = (await sent.getByTestId('application-number').textContent())!.trim();
    expect(number).toMatch(/^AP-\d+$/);
    await expectAxeClean(page);

    // Tracked by its number and the phone it was made with: its page, with the document sent.
    await page.goto(`${shop.baseUrl}/track-order`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Track your application' })).toBeVisible();
    await page.getByLabel('Application number').fill(number.toLowerCase());
    await page.getByLabel('Phone or e-mail').fill('98220 12345');
    await page.getByRole('button', { name: 'Track application' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/track-application/'));
    await waitForHydration(page);
    await expect(page.getByTestId('application-no')).toHaveText(number);
    await expect(page.getByText('Passport application assistance')).toBeVisible();
    const timeline = page.getByTestId('application-timeline');
    await expect(timeline.locator('[aria-current="step"]')).toContainText('Awaiting payment');
    const doc = page.getByTestId('application-documents').getByRole('link', { name: 'aadhaar.pdf' });
    await expect(doc).toBeVisible();
    // The download goes through the API's access check, with the link's token.
    const res = await page.context().request.get(new URL((await doc.getAttribute('href'))!, shop.baseUrl).href);
    expect(res.status()).toBe(200);
    expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await expectAxeClean(page);

    // A wrong contact finds nothing.
    await page.goto(`${shop.baseUrl}/track-order`);
    await waitForHydration(page);
    await page.getByLabel('Application number').fill(number);
    await page.getByLabel('Phone or e-mail').fill('9000000000');
    await page.getByRole('button', { name: 'Track application' }).click();
    await expect(page.getByTestId('find-order-error')).toHaveText('We could not find that application');
    expect(
      unexpected(problems).filter((p) => !/http 404: \/track-order(\.data)?$/.test(p) && !/status of 404/.test(p)),
    ).toEqual([]);
  });

  test('a signed-in customer applies, finds it in My Applications and writes on its thread', async ({
    shop,
    page,
    shopper,
  }) => {
    expect(shopper.email).toContain('@');
    const problems = await watchForProblems(page);
    await page.goto(`${shop.baseUrl}/apply/udyam-registration`);
    await waitForHydration(page);
    // The contact comes from the account.
    await expect(page.getByLabel('E-mail')).toHaveValue(shopper.email);
    await page.getByLabel('Name of the enterprise').fill('Kulkarni Tiffin Services');
    await page.getByLabel('Date of starting the business').fill('2024-06-01');
    await page.getByLabel('Number of employees').fill('4');
    await page.getByRole('button', { name: 'Send application' }).click();
    const sent = page.getByTestId('application-sent');
    const number = (await sent.getByTestId('application-number').textContent())!.trim();

    // My Applications: the account's menu says so, the list has it with its stage.
    await page.goto(`${shop.baseUrl}/account/applications`);
    await waitForHydration(page);
    const menu = page.getByRole('navigation', { name: 'Account' });
    await expect(menu.getByRole('link', { name: /My Applications/ })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('link', { name: /Orders & Refunds/ })).toHaveCount(0);
    const card = page.locator(`[data-application="${number}"]`);
    await expect(card).toContainText('MSME / Udyam registration');
    await expect(card.locator('[data-stage]')).toHaveText('Awaiting payment');
    await expectAxeClean(page);

    // Its page: the answers sent, then a message on the thread.
    await card.getByRole('link', { name: number }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/account/applications/'));
    await expect(page.getByTestId('application-no')).toHaveText(number);
    await expect(page.getByText('Kulkarni Tiffin Services')).toBeVisible();
    await page.getByLabel('Write to us').fill('Do you need my bank details as well?');
    await page.getByRole('button', { name: 'Send message' }).click();
    const thread = page.getByTestId('application-messages');
    await expect(thread).toContainText('Do you need my bank details as well?');
    await expect(thread).toContainText('You');
    await expect(page.getByLabel('Write to us')).toHaveValue('');
    await expectAxeClean(page);

    // The business asks for a document: the request shows, answered by an upload, and is gone.
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await ownerRequestsDocument(shop.baseUrl, id, 'Bank statement of the last 3 months');
    await page.reload();
    await waitForHydration(page);
    const requests = page.getByTestId('document-requests');
    await expect(requests).toContainText('Bank statement of the last 3 months');
    await expectAxeClean(page);
    await requests.getByLabel('Upload: Bank statement of the last 3 months').setInputFiles({
      name: 'statement.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await requests.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByTestId('document-requests')).toHaveCount(0);
    await expect(page.getByTestId('application-documents').getByRole('link', { name: 'statement.pdf' })).toBeVisible();
    expect(unexpected(problems)).toEqual([]);
  });
});
