import type { Page } from '@playwright/test';
import { axeProblems, shot, shotScreen, signInPanel, toastSays } from './support/admin.ts';
import { DESKTOP, MOBILE, waitForHydration, watchForProblems } from './support/browser.ts';
import { SERVICES_SHOP, applyForUdyam, currentStage, sendAndFollow } from './support/services.ts';
import { OWNER, expect, test } from './support/test.ts';

/**
 * Services mode: the applicant ends their own application (issue 27: "cancel and refund follow
 * the store's settings as for orders"), on the services demo (cancelling and refunds on). Before
 * work starts a guest cancels a paid application and is told the fee comes back; once work has
 * started a customer asks to cancel, the owner (on a phone) declines, they ask again, and the
 * owner accepts by cancelling.
 */
test.use({ shopOptions: SERVICES_SHOP, staff: [OWNER] });

async function expectAxeClean(page: Page) {
  expect(await axeProblems(page)).toEqual([]);
}

const cancelSection = (page: Page) => page.getByTestId('cancel-application');

/** The owner opens the application from the inbox (signed in already). */
async function ownerOpens(page: Page, baseUrl: string, number: string) {
  await page.goto(`${baseUrl}/admin/applications`);
  await page.getByTestId('application-row').filter({ hasText: number }).click();
  await expect(page.getByTestId('application-page')).toBeVisible();
}

test.describe('services mode: the applicant cancels', () => {
  test('at 390 px a guest cancels a paid application before work starts: the fee is refunded', async ({
    shop,
    page,
  }) => {
    await page.setViewportSize(MOBILE);
    const problems = await watchForProblems(page);
    const number = await applyForUdyam(page, shop.baseUrl, { name: 'Meera Joshi', phone: '9822012377' });
    await page.getByTestId('fee-payment').getByRole('button', { name: 'Pay the fee · ₹499.00' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox-gateway/'));
    await page.getByRole('button', { name: 'Pay ₹499.00' }).click();
    await page.waitForURL((url) => url.search === '?fee=paid');
    await waitForHydration(page);
    const applicationPath = new URL(page.url()).pathname;

    const section = cancelSection(page);
    await expect(section.getByRole('heading', { name: 'Cancel this application' })).toBeVisible();
    await expect(section).toContainText('A fee paid online is refunded to the way you paid.');
    await section.getByText('Cancel application…').click();
    await section.getByLabel('Why are you cancelling? (optional)').fill('I registered myself on the portal.');
    await expectAxeClean(page);
    await section.scrollIntoViewIfNeeded();
    await shotScreen(page, 'application-cancel-open');
    await section.getByRole('button', { name: 'Cancel application' }).click();

    await page.waitForURL((url) => url.pathname === applicationPath && url.search === '?cancel=refund');
    await waitForHydration(page);
    await expect(page.getByTestId('fee-notice')).toHaveText(
      'Your application has been cancelled. Your fee will be refunded',
    );
    await expect(page.locator('header [data-stage]')).toHaveText('Cancelled');
    // The stages: those it reached, then Cancelled as the current one; none it will never reach.
    const stages = page.getByTestId('application-timeline');
    await expect(stages.locator('[aria-current="step"]')).toContainText('Cancelled');
    await expect(stages.locator('li').last()).toHaveAttribute('aria-current', 'step');
    // The Fee lines say the money comes back: the whole fee, being refunded or refunded already.
    const fee = await page.locator('dt:text-is("Fee") + dd').textContent();
    expect(fee).toMatch(/^₹[\d,]+(\.\d\d)?$/);
    await expect(page.getByTestId('fee-refund')).toHaveText(fee!);
    await expect(page.locator('dt', { hasText: /^(Being refunded|Refunded)$/ })).toHaveCount(1);
    await expect(cancelSection(page)).toHaveCount(0);
    // Ended: messages stay open, documents can no longer be added.
    await expect(page.getByText('Add a document')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
    await expect(page.getByTestId('application-no')).toHaveText(number);
    await expectAxeClean(page);
    await shot(page, 'application-cancelled');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'application-cancelled');
    expect(problems).toEqual([]);
  });

  test('once work has started a customer asks to cancel (1280 px); the owner declines, then accepts, on a phone', async ({
    shop,
    page,
    newPage,
    shopper,
  }) => {
    test.slow(); // two people, three sessions, eleven page loads
    expect(shopper.email).toContain('@');
    await page.setViewportSize(DESKTOP);
    const problems = await watchForProblems(page);
    const number = await applyForItr(page, shop.baseUrl);
    await page.getByRole('button', { name: /^Pay later · Cash at our office/ }).click();
    await page.waitForURL((url) => url.search === '?fee=due');
    const applicationUrl = page.url().replace(/\?.*$/, '');

    // The owner, on a phone, starts the work: Submitted → Documents verified.
    const owner = await newPage(MOBILE);
    await signInPanel(owner, `${shop.baseUrl}/admin`, OWNER);
    await ownerOpens(owner, shop.baseUrl, number);
    await owner.getByRole('button', { name: 'Move to Documents verified…' }).click();
    await owner.getByTestId('move-sheet').getByRole('button', { name: 'Move to Documents verified' }).click();
    await toastSays(owner, 'The application is now at Documents verified');

    // The applicant may no longer cancel at once: they ask, with a reason (required).
    await page.goto(applicationUrl);
    await waitForHydration(page);
    await expect(currentStage(page)).toContainText('Documents verified');
    const section = cancelSection(page);
    await expect(section.getByRole('heading', { name: 'Ask to cancel' })).toBeVisible();
    await section.getByText('Ask to cancel…').click();
    await section.getByRole('button', { name: 'Send request' }).click();
    await expect(section.locator('[data-field-error]')).toHaveText('Please tell us why you want to cancel');
    await section.getByLabel('Why do you want to cancel?').fill('My accountant already filed it.');
    await expectAxeClean(page);
    await shot(page, 'application-ask-to-cancel');
    await section.getByRole('button', { name: 'Send request' }).click();
    await page.waitForURL((url) => url.search === '?cancel=asked');
    await waitForHydration(page);
    await expect(page.getByTestId('fee-notice')).toHaveText(
      'Your request to cancel has been sent. We will reply in Messages',
    );
    await expect(page.getByTestId('cancel-requested')).toContainText('My accountant already filed it.');
    await expect(cancelSection(page)).toHaveCount(0);
    await expect(page.getByTestId('application-messages')).toContainText('I would like to cancel this application.');
    await expectAxeClean(page);
    await shot(page, 'application-cancel-asked');

    // The owner sees it in the inbox and on the application, and declines with a note.
    await owner.goto(`${shop.baseUrl}/admin/applications`);
    const row = owner.getByTestId('application-row').filter({ hasText: number });
    await expect(row.getByTestId('cancel-requested-pill')).toHaveText('Asked to cancel');
    await shot(owner, 'panel-applications-cancel-requested');
    await row.click();
    const request = owner.getByTestId('cancel-request');
    await expect(request).toContainText('asked to cancel on');
    await expect(request).toContainText('My accountant already filed it.');
    await expectAxeClean(owner);
    await shot(owner, 'panel-application-cancel-request');
    await owner.setViewportSize(DESKTOP);
    await shot(owner, 'panel-application-cancel-request');
    await owner.setViewportSize(MOBILE);
    await request.getByRole('button', { name: 'Decline…' }).click();
    const decline = owner.getByTestId('decline-cancel-dialog');
    await decline
      .getByLabel('Why (optional, shown to the applicant)')
      .fill('Your return is half done; we will finish it.');
    await expectAxeClean(owner);
    await shotScreen(owner, 'panel-decline-cancel-dialog');
    await decline.getByRole('button', { name: 'Decline request' }).click();
    await toastSays(owner, 'The request to cancel was declined');
    await expect(owner.getByTestId('cancel-request')).toHaveCount(0);

    // The applicant reads the answer, and asks again.
    await page.goto(applicationUrl);
    await waitForHydration(page);
    await expect(page.getByTestId('application-messages')).toContainText('Your return is half done');
    await expect(page.getByTestId('cancel-requested')).toHaveCount(0);
    await cancelSection(page).getByText('Ask to cancel…').click();
    await cancelSection(page).getByLabel('Why do you want to cancel?').fill('Please cancel: it was filed twice.');
    await cancelSection(page).getByRole('button', { name: 'Send request' }).click();
    await page.waitForURL((url) => url.search === '?cancel=asked');

    // The owner accepts: the cash fee was never received, so it is a move to Cancelled.
    await owner.reload();
    await owner.getByTestId('cancel-request').getByRole('button', { name: 'Cancel application…' }).click();
    const sheet = owner.getByTestId('move-sheet');
    await expect(sheet.getByRole('radio', { name: 'Cancelled' })).toBeChecked();
    await sheet.getByRole('button', { name: 'Move to Cancelled' }).click();
    await toastSays(owner, 'The application is now at Cancelled');
    await expect(owner.getByTestId('application-page')).toHaveAttribute('data-stage', 'cancelled');
    await expect(owner.getByTestId('cancel-request')).toHaveCount(0);
    // Ended: Document requests offers no new request, it says why (at 390 and 1280 px).
    const requests = owner.getByTestId('application-requests');
    await expect(
      requests.getByText('This application has ended: the applicant can no longer upload documents.'),
    ).toBeVisible();
    await expect(requests.getByRole('button', { name: 'Request document' })).toHaveCount(0);
    const stages = owner.getByTestId('application-timeline');
    await expect(stages.locator('[aria-current="step"]')).toHaveCount(1);
    await expect(stages.locator('[aria-current="step"]')).toContainText('Cancelled');
    await requests.scrollIntoViewIfNeeded();
    await shotScreen(owner, 'panel-ended-requests');
    await expectAxeClean(owner);
    await owner.setViewportSize(DESKTOP);
    await expect(
      requests.getByText('This application has ended: the applicant can no longer upload documents.'),
    ).toBeVisible();
    await shot(owner, 'panel-ended-application');
    await expectAxeClean(owner);

    await page.goto(applicationUrl);
    await expect(page.locator('header [data-stage]')).toHaveText('Cancelled');
    await expect(page.getByTestId('cancel-requested')).toHaveCount(0);
    await expect(cancelSection(page)).toHaveCount(0);
    expect(problems.filter((p) => !/status of 422|http 422: /.test(p))).toEqual([]);
  });
});

/** A signed-in customer applies for ITR filing (three answers, no file) and follows it to the application. */
async function applyForItr(page: Page, baseUrl: string): Promise<string> {
  await page.goto(`${baseUrl}/apply/itr-filing`);
  await waitForHydration(page);
  await page.getByLabel('PAN', { exact: true }).fill('ABCDE1234F');
  await page.getByLabel('Assessment year').selectOption('2026-27');
  await page.getByLabel('Income sources').selectOption('Salary only');
  return sendAndFollow(page);
}
