import type { Page } from '@playwright/test';
import { axeProblems, shot } from './support/admin.ts';
import { DESKTOP, MOBILE, waitForHydration, watchForProblems } from './support/browser.ts';
import { SERVICES_SHOP, ownerCreatesCoupon } from './support/services.ts';
import { expect, test } from './support/test.ts';

/**
 * Services mode: a coupon on the fee (ADR 37) in two cases the pay screen must carry. Without
 * JavaScript the pay form's Apply posts, the page shows the lowered fee, and Pay takes the
 * applicant to the provider and back with the lowered fee paid. A coupon taking the whole fee
 * turns the form into "Nothing to pay": one button submits the application, which moves on.
 */
test.use({ shopOptions: SERVICES_SHOP });

/** Applies for the Udyam registration (₹499, fixed) as a guest; answers its number and its secret link. */
async function guestApplies(page: Page, baseUrl: string, phone: string) {
  await page.goto(`${baseUrl}/apply/udyam-registration`);
  await waitForHydration(page);
  await page.getByLabel('Name of the enterprise').fill('Kulkarni Tiffin Services');
  await page.getByLabel('Date of starting the business').fill('2024-06-01');
  await page.getByLabel('Number of employees').fill('4');
  await page.getByLabel('Full name').fill('Asha Kulkarni');
  await page.getByLabel('Phone').fill(phone);
  await page.getByRole('button', { name: 'Send application' }).click();
  const sent = page.getByTestId('application-sent');
  const number = (await sent.getByTestId('application-number').textContent())!.trim();
  const link = await sent.getByRole('link', { name: 'Follow your application' }).getAttribute('href');
  // The link as the shop serves it here (the message link may name the shop's public origin).
  const { pathname, search } = new URL(link!, baseUrl);
  return { number, link: `${baseUrl}${pathname}${search}` };
}

const currentStage = (page: Page) => page.getByTestId('application-timeline').locator('[aria-current="step"]');

async function shotBoth(page: Page, name: string) {
  await page.setViewportSize(MOBILE);
  await shot(page, name);
  await page.setViewportSize(DESKTOP);
  await shot(page, name);
}

test.describe('services mode: a coupon on the fee', () => {
  test('without JavaScript: Apply shows the lowered fee, Pay pays it on the provider and comes back paid', async ({
    shop,
    page,
    newPage,
  }) => {
    const { number, link } = await guestApplies(page, shop.baseUrl, '9822012401');
    const plain = await newPage(MOBILE, { javaScriptEnabled: false });
    await plain.goto(link);
    const form = plain.getByTestId('fee-payment');
    await expect(form.getByRole('button', { name: 'Pay the fee · ₹499.00' })).toBeVisible();

    await plain.getByLabel('Coupon code (optional)').fill('firstfiling');
    await form.getByRole('button', { name: 'Apply', exact: true }).click();
    const previewed = plain.getByTestId('fee-payment').getByTestId('fee-coupon-preview');
    await expect(previewed.getByTestId('fee-coupon-discount')).toHaveText('−₹100.00');
    await expect(previewed.getByTestId('fee-coupon-total')).toHaveText('₹399.00');
    await expect(plain.getByRole('button', { name: 'Pay the fee · ₹399.00' })).toBeVisible();
    // (axe runs as a script: not in this tab; the same screen is checked with JavaScript in services-pay.spec.)
    await shotBoth(plain, 'no-js-fee-coupon-applied');

    await plain.getByRole('button', { name: 'Pay the fee · ₹399.00' }).click();
    await plain.waitForURL((url) => url.pathname.startsWith('/sandbox-gateway/'));
    await plain.getByRole('button', { name: 'Pay ₹399.00' }).click();
    await plain.waitForURL((url) => url.pathname.startsWith('/track-application/') && url.search === '?fee=paid');
    await expect(plain.getByTestId('fee-notice')).toHaveText(`Fee paid: application ${number} is submitted`);
    await expect(currentStage(plain)).toContainText('Submitted');
    await expect(plain.getByTestId('fee-coupon')).toHaveText('−₹100.00');
    await expect(plain.getByTestId('fee-total')).toHaveText('₹399.00');
    await expect(plain.getByTestId('fee-payment')).toHaveCount(0);
    await shotBoth(plain, 'no-js-fee-paid');
  });

  test('a coupon taking the whole fee: "Nothing to pay", one button submits the application', async ({
    shop,
    page,
  }) => {
    await ownerCreatesCoupon(shop.baseUrl, {
      code: 'ONUS',
      description: 'Fee waived for members',
      percent: 100,
      secret: true,
    });
    const problems = await watchForProblems(page);
    const { number, link } = await guestApplies(page, shop.baseUrl, '9822012402');
    await page.setViewportSize(MOBILE);
    await page.goto(link);
    await waitForHydration(page);
    const form = page.getByTestId('fee-payment');
    await page.getByLabel('Coupon code (optional)').fill('ONUS');
    await form.getByRole('button', { name: 'Apply', exact: true }).click();
    const previewed = form.getByTestId('fee-coupon-preview');
    await expect(previewed.getByTestId('fee-coupon-discount')).toHaveText('−₹499.00');
    await expect(previewed.getByTestId('fee-coupon-total')).toHaveText('Nothing to pay');
    // One button, whichever way the shop takes fees: nothing is paid, so no method is chosen.
    const submit = form.getByRole('button', { name: 'Submit application · Nothing to pay' });
    await expect(submit).toHaveCount(1);
    await expect(form.getByRole('button', { name: /^Pay / })).toHaveCount(0);
    expect(await axeProblems(page)).toEqual([]);
    await shotBoth(page, 'fee-nothing-to-pay');

    await page.setViewportSize(MOBILE);
    await submit.click();
    await page.waitForURL((url) => url.pathname.startsWith('/track-application/') && url.search === '?fee=paid');
    await waitForHydration(page);
    await expect(page.getByTestId('fee-notice')).toHaveText(`Fee paid: application ${number} is submitted`);
    await expect(currentStage(page)).toContainText('Submitted');
    await expect(page.getByTestId('fee-coupon')).toHaveText('−₹499.00');
    await expect(page.getByTestId('fee-payment')).toHaveCount(0);
    expect(await axeProblems(page)).toEqual([]);
    await shotBoth(page, 'fee-nothing-to-pay-submitted');
    expect(problems).toEqual([]);
  });
});
