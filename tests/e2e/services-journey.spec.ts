import type { Page } from '@playwright/test';
import { axeProblems, shotScreen } from './support/admin.ts';
import { MOBILE, waitForHydration, watchForProblems } from './support/browser.ts';
import {
  PDF,
  SERVICES_SHOP,
  currentStage,
  ownerFindsApplication,
  ownerMovesApplication,
  ownerRequestsDocument,
  ownerSetsStoreMode,
  sendAndFollow,
} from './support/services.ts';
import { expect, test } from './support/test.ts';

/**
 * Issue 27's "done when", as one journey on a phone (390 px) in the services demo: a new visitor
 * finds a service from the bottom bar's Services, applies with two documents, pays the fee with
 * the sandbox, follows the stages as the owner moves them (the owner API, as the panel's own
 * screen does; the panel's side has its own specs), answers the owner's document request, and sees
 * the application completed, after which it takes no more documents.
 */
test.use({ shopOptions: SERVICES_SHOP });

const onGateway = (url: URL) => url.pathname.startsWith('/sandbox-gateway/');

async function expectAxeClean(page: Page) {
  expect(await axeProblems(page)).toEqual([]);
}

/** The applicant's page again, as they would open it from the link in the message the move sent them. */
async function reopen(page: Page) {
  const url = new URL(page.url());
  await page.goto(`${url.origin}${url.pathname}`);
  await waitForHydration(page);
}

test('at 390 px a new visitor finds GST registration, applies with two documents, pays, follows it to completed', async ({
  shop,
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize(MOBILE);
  const problems = await watchForProblems(page);

  // Found from the phone's bottom bar: Services, then the service's card.
  await page.goto(`${shop.baseUrl}/`);
  await waitForHydration(page);
  await page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: 'Services' }).click();
  await page.waitForURL((url) => url.pathname === '/shop-online');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'GST registration' }).first().click();
  await page.waitForURL((url) => url.pathname === '/product/gst-registration');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Apply now' }).click();
  await page.waitForURL((url) => url.pathname === '/apply/gst-registration');
  await waitForHydration(page);

  // The form: its own questions, two documents, and the contact of a visitor without an account.
  await page.getByLabel('Legal name of the business').fill('Deshpande Tiffin Box');
  await page.getByLabel('Constitution').selectOption('Proprietorship');
  await page.getByLabel('PAN', { exact: true }).fill('ABCPD1234F');
  await page.getByLabel('Principal place of business').fill('Flat 5, Sai Residency, Kothrud, Pune 411038');
  await page.getByLabel('PAN card').setInputFiles({ name: 'pan.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page
    .getByLabel('Proof of address')
    .setInputFiles({ name: 'electricity-bill.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByLabel('Full name').fill('Priya Deshpande');
  await page.getByLabel('Phone').fill('9970044511');
  await expectAxeClean(page);
  const number = await sendAndFollow(page);
  const documents = page.getByTestId('application-documents');
  await expect(documents.getByRole('link', { name: 'pan.pdf' })).toBeVisible();
  await expect(documents.getByRole('link', { name: 'electricity-bill.pdf' })).toBeVisible();
  await expect(currentStage(page)).toContainText('Awaiting payment');
  // The spec's track-order link takes the application's token too, to the same page.
  const own = new URL(page.url()).pathname;
  await page.goto(`${shop.baseUrl}/track-order/${own.split('/').pop()}`);
  await page.waitForURL((url) => url.pathname === own);
  await waitForHydration(page);

  // The fee, with the sandbox provider; back on the application, submitted.
  const pay = page.getByTestId('fee-payment');
  const gateway = page.waitForURL((url) => onGateway(url));
  await pay.getByRole('button', { name: 'Pay the fee · ₹1,499.00' }).click();
  await gateway;
  await page.getByRole('button', { name: 'Pay ₹1,499.00' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/track-application/') && url.search === '?fee=paid');
  await waitForHydration(page);
  await expect(page.getByTestId('fee-notice')).toHaveText(`Fee paid: application ${number} is submitted`);
  await expect(currentStage(page)).toContainText('Submitted');
  // Every stage ahead has its expected date.
  const ahead = page.getByTestId('application-timeline').locator('li:not([data-completed])');
  await expect(ahead).toHaveCount(4);
  for (const stage of await ahead.all()) await expect(stage).toContainText('Expected by');

  // The owner checks the documents and moves it on; the applicant sees each stage.
  const id = await ownerFindsApplication(shop.baseUrl, number);
  await ownerMovesApplication(shop.baseUrl, id, { from: 'submitted', to: 'documents_verified' });
  await reopen(page);
  await expect(currentStage(page)).toContainText('Documents verified');

  // A document request, answered from the phone.
  await ownerRequestsDocument(shop.baseUrl, id, 'Cancelled cheque of the business account');
  await reopen(page);
  const requests = page.getByTestId('document-requests');
  await expect(requests).toContainText('Cancelled cheque of the business account');
  await requests
    .getByLabel('Upload: Cancelled cheque of the business account')
    .setInputFiles({ name: 'cheque.pdf', mimeType: 'application/pdf', buffer: PDF });
  await requests.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByTestId('document-requests')).toHaveCount(0);
  await expect(documents.getByRole('link', { name: 'cheque.pdf' })).toBeVisible();
  await expectAxeClean(page);

  for (const [from, to, label] of [
    ['documents_verified', 'filed', 'Application filed'],
    ['filed', 'arn_generated', 'ARN generated'],
  ] as const) {
    await ownerMovesApplication(shop.baseUrl, id, { from, to });
    await reopen(page);
    await expect(currentStage(page)).toContainText(label);
  }
  await ownerMovesApplication(shop.baseUrl, id, {
    from: 'arn_generated',
    to: 'completed',
    note: 'Your GSTIN is 27ABCPD1234F1Z5',
  });
  await reopen(page);

  // Completed: every stage done, the last one current; no more documents, messages still open.
  await expect(page.locator('header [data-stage]')).toHaveText('GSTIN issued');
  await expect(currentStage(page)).toContainText('GSTIN issued');
  await expect(page.getByTestId('application-timeline').locator('li:not([data-completed])')).toHaveCount(0);
  // Its last step is ticked like the others, no longer numbered.
  await expect(currentStage(page).locator('svg')).toBeVisible();
  await expect(currentStage(page)).not.toContainText('5');
  await expect(page.getByText('Add a document')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
  await expect(page.getByTestId('fee-notice')).toHaveCount(0);
  await expectAxeClean(page);
  await page.getByTestId('application-timeline').scrollIntoViewIfNeeded();
  await shotScreen(page, 'application-completed');
  expect(problems).toEqual([]);
});

test('at 390 px, switched to products the shop sells again (cart, Add to cart, Track your order); switched back it takes applications', async ({
  shop,
  page,
}) => {
  await page.setViewportSize(MOBILE);
  const problems = await watchForProblems(page);
  const quick = page.getByRole('navigation', { name: 'Quick links' });
  await ownerSetsStoreMode(shop.baseUrl, 'products');
  await page.goto(`${shop.baseUrl}/product/udyam-registration`);
  await waitForHydration(page);
  await expect(page.getByTestId('header-cart')).toBeVisible();
  await expect(quick.getByRole('link')).toHaveText(['Home', 'Shop', 'Cart', 'Account']);
  await expect(page.getByRole('link', { name: 'Apply now' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add to cart' }).first().click();
  await expect(page.getByTestId('header-cart-count')).toHaveText('1');
  await page.goto(`${shop.baseUrl}/track-order`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Track your order');

  await ownerSetsStoreMode(shop.baseUrl, 'services');
  await page.goto(`${shop.baseUrl}/product/udyam-registration`);
  await waitForHydration(page);
  await expect(page.getByRole('link', { name: 'Apply now' })).toBeVisible();
  await expect(page.getByTestId('header-cart')).toHaveCount(0);
  await expect(quick.getByRole('link')).toHaveText(['Home', 'Services', 'Applications', 'Account']);
  await page.goto(`${shop.baseUrl}/track-order`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Track your application');
  expect(problems).toEqual([]);
});
