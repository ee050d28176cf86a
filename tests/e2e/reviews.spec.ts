import type { Locator, Page } from '@playwright/test';
import { MOBILE, waitForHydration, watchForProblems } from './support/browser.ts';
import { logInThroughDialog, registerCustomer, waitForToast } from './support/customers.ts';
import { expect, test } from './support/test.ts';

/** "Based on N reviews" as a number (0 for "No reviews yet"). */
async function reviewTotal(page: Page): Promise<number> {
  const text = await page
    .locator('section#reviews')
    .getByText(/Based on \d+ reviews?|No reviews yet/)
    .textContent();
  return Number(/\d+/.exec(text ?? '')?.[0] ?? 0);
}

/** The star a shopper clicks: the label around the (visually hidden) radio button. */
const star = (dialog: Locator, name: string) =>
  dialog.locator('label', { has: dialog.page().getByRole('radio', { name }) });

test.describe('writing a review', () => {
  test('a guest logs in from the reviews, writes one (errors first), sees it listed, and cannot write a second', async ({
    page,
    shop,
  }) => {
    const who = await registerCustomer(shop.baseUrl, 'Nisha');
    await page.setViewportSize(MOBILE);
    const problems = await watchForProblems(page);
    await page.goto(`${shop.baseUrl}/product/stoneware-coffee-mug`);
    await waitForHydration(page);
    const reviews = page.locator('section#reviews');
    const before = await reviewTotal(page);

    await reviews.getByRole('button', { name: 'Log in to write a review' }).click();
    await logInThroughDialog(page, who);
    // Back on the product, at its reviews.
    await page.waitForURL(/\/product\/stoneware-coffee-mug#reviews$/);
    await reviews.getByRole('button', { name: 'Write a review' }).click();

    const dialog = page.getByTestId('review-dialog');
    await dialog.getByRole('heading', { name: 'Write a review' }).waitFor();
    await dialog.getByRole('button', { name: 'Submit review' }).click();
    await dialog.getByText('This field is required').waitFor();

    await star(dialog, '4 stars').click();
    await dialog.getByLabel('Title').fill('Holds a proper mug of chai');
    await dialog.getByLabel('Review').fill('Heavy, glaze is even, survives the dishwasher.');
    await dialog.getByRole('button', { name: 'Submit review' }).click();
    await waitForToast(page, 'Thank you for your review');
    await dialog.waitFor({ state: 'hidden' });

    // The list and the summary come from the server again: the review is first, counted once.
    const first = reviews.locator('ol > li').first();
    await first.getByText('Holds a proper mug of chai').waitFor();
    await first.getByText('Nisha').waitFor();
    await expect.poll(() => reviewTotal(page)).toBe(before + 1);

    // One review per customer and product: the server says so.
    await reviews.getByRole('button', { name: 'Write a review' }).click();
    await star(dialog, '5 stars').click();
    await dialog.getByRole('button', { name: 'Submit review' }).click();
    await waitForToast(page, 'You have already reviewed this product');
    expect(await reviewTotal(page)).toBe(before + 1);
    // The 409 is the expected answer to the second try; anything else would be a problem.
    expect(problems.filter((p) => !/http (401|409): |status of 409/.test(p))).toEqual([]);
  });
});
