import { axeProblems, shotScreen, toastSays } from './support/admin.ts';
import { DESKTOP, MOBILE } from './support/browser.ts';
import { OWNER, expect, test } from './support/test.ts';

/*
 * One testimonial open in two tabs (issue 28): the second save is refused with what differs, field
 * by field, in the form, which keeps this tab's typing; Keep mine saves it over theirs (at 1280 px),
 * Take theirs puts theirs in the form, and a save after it goes through (at 390 px). A refused
 * delete offers Delete anyway, which deletes their version. SHOTS_DIR keeps the screens.
 */
test.use({ shopOptions: { env: { NODE_ENV: 'test' } }, staff: [OWNER] });

/** Only the sign-in page's "who is signed in?" (401) and the refused saves these tests make (409). */
const unexpected = (problems: string[]) =>
  problems.filter((p) => !/http 401: \/api\/admin\/auth\/me|status of 401|http 409: |status of 409/.test(p));

const CASES = [
  { size: DESKTOP, author: 'Aditi Raman', settle: 'keep-mine' },
  { size: MOBILE, author: 'Farah Qureshi', settle: 'take-theirs' },
] as const;

for (const { size, author, settle } of CASES) {
  test(`at ${size.width} px: a testimonial saved in another tab first: the refusal keeps the typing, ${settle === 'keep-mine' ? 'Keep mine' : 'Take theirs'} settles it`, async ({
    shop,
    owner,
  }) => {
    test.setTimeout(120_000);
    const { page: mine, problems } = owner;
    await mine.setViewportSize(size);
    await mine.goto(`${shop.baseUrl}/admin/testimonials`);
    await mine.getByTestId(`row-${author}`).click();
    const theirs = await mine.context().newPage();
    await theirs.setViewportSize(size);
    await theirs.goto(mine.url());
    await theirs.getByTestId(`row-${author}`).click();

    const theirQuote = `Their quote, saved first at ${size.width} px.`;
    await theirs.getByTestId('t-quote').fill(theirQuote);
    await theirs.getByTestId('save-testimonial').click();
    await toastSays(theirs, 'Testimonial saved');

    const myQuote = `My quote, typed in this tab at ${size.width} px.`;
    await mine.getByTestId('t-quote').fill(myQuote);
    await mine.getByTestId('t-author-title').fill('Bengaluru, twice');
    await mine.getByTestId('save-testimonial').click();
    const form = mine.getByTestId('testimonial-form');
    const conflict = form.getByTestId('conflict');
    await expect(conflict).toContainText(
      'Someone else changed this testimonial since you opened it. Below is what differs: take theirs, or keep yours',
    );
    const quoteRow = conflict.getByTestId('conflict-row').filter({ hasText: /^What they said/ });
    await expect(quoteRow).toContainText(`Theirs${theirQuote}`);
    await expect(quoteRow).toContainText(`Yours${myQuote}`);
    await expect(conflict.getByTestId('conflict-row').filter({ hasText: /^Under the name/ })).toContainText(
      'YoursBengaluru, twice',
    );
    // The typing is still there.
    await expect(mine.getByTestId('t-quote')).toHaveValue(myQuote);
    await expect(mine.getByTestId('t-author-title')).toHaveValue('Bengaluru, twice');
    await conflict.scrollIntoViewIfNeeded();
    await shotScreen(mine, 'testimonial-conflict');
    expect(await axeProblems(mine)).toEqual([]);

    if (settle === 'keep-mine') {
      await mine.getByTestId('keep-mine').click();
      await toastSays(mine, 'Testimonial saved');
      await expect(conflict).toHaveCount(0);
      await theirs.reload();
      await theirs.getByTestId(`row-${author}`).click();
      await expect(theirs.getByTestId('t-quote')).toHaveValue(myQuote);
      await expect(theirs.getByTestId('t-author-title')).toHaveValue('Bengaluru, twice');
    } else {
      await mine.getByTestId('take-theirs').click();
      await expect(conflict).toHaveCount(0);
      await expect(mine.getByTestId('t-quote')).toHaveValue(theirQuote);
      await expect(mine.getByTestId('t-author-title')).toHaveValue('Mumbai');
      // Their version is the form's now: a change on top of it saves.
      await mine.getByTestId('t-author-title').fill('Mumbai, again');
      await mine.getByTestId('save-testimonial').click();
      await toastSays(mine, 'Testimonial saved');
      await expect(conflict).toHaveCount(0);
      await theirs.reload();
      await theirs.getByTestId(`row-${author}`).click();
      await expect(theirs.getByTestId('t-quote')).toHaveValue(theirQuote);
      await expect(theirs.getByTestId('t-author-title')).toHaveValue('Mumbai, again');
    }
    await theirs.close();
    expect(unexpected(problems)).toEqual([]);
  });
}

test('at 390 px: a delete refused because another tab saved first: Delete anyway deletes their version', async ({
  shop,
  owner,
}) => {
  test.setTimeout(120_000);
  const author = 'Aditi Raman';
  const { page: mine, problems } = owner;
  await mine.setViewportSize(MOBILE);
  await mine.goto(`${shop.baseUrl}/admin/testimonials`);
  await mine.getByTestId(`row-${author}`).click();
  const theirs = await mine.context().newPage();
  await theirs.setViewportSize(MOBILE);
  await theirs.goto(mine.url());
  await theirs.getByTestId(`row-${author}`).click();
  await theirs.getByTestId('t-quote').fill('Their quote, saved before the delete.');
  await theirs.getByTestId('save-testimonial').click();
  await toastSays(theirs, 'Testimonial saved');

  await mine.getByTestId('delete-testimonial').click();
  const conflict = mine.getByTestId('testimonial-form').getByTestId('conflict');
  await expect(conflict).toContainText('Someone else changed this testimonial since you opened it');
  await expect(conflict.getByTestId('keep-mine')).toHaveText('Delete anyway');
  await conflict.getByTestId('keep-mine').click();
  await toastSays(mine, `“${author}” deleted`);
  await expect(mine.getByTestId(`row-${author}`)).toHaveCount(0);
  await theirs.reload();
  await expect(theirs.getByTestId('testimonial-list')).toBeVisible();
  await expect(theirs.getByTestId(`row-${author}`)).toHaveCount(0);
  await theirs.close();
  expect(unexpected(problems)).toEqual([]);
});
