import type { Page } from '@playwright/test';
import { DESKTOP, MOBILE } from './support/browser.ts';
import { axeProblems, openPanel, shotScreen } from './support/admin.ts';
import { downloadCsv } from './support/csv.ts';
import { OWNER, expect, test } from './support/test.ts';

/*
 * The owner's Sign-ups screen, at 390 and 1280 px: one list component showing the shop-opening
 * list and the newsletter's (Sign-ups → Newsletter), each a page at a time with its own Export
 * CSV; the files hold the whole list, oldest first, with a formula-like address defused. axe on
 * both lists. SHOTS_DIR=/work/shots/e49 keeps a screenshot of each.
 */
const NEWSLETTER = 103;

test.use({
  shopOptions: {
    env: { NODE_ENV: 'test' },
    prepare: async (data) => {
      await data.db.query(
        `insert into mode_subscribers (email, mode, created_at, notified_at) values
           ('first.visitor@example.in', 'Coming Soon', now() - interval '3 days', now() - interval '1 day'),
           ('second.visitor@example.in', 'Under Maintenance', now() - interval '2 days', null)`,
      );
      // reader000 … reader102, a minute apart (reader102 newest); reader001 confirmed from the
      // newsletter page, reader002 unsubscribed from an account, reader003 an address a spreadsheet
      // would run as a formula.
      await data.db.query(
        `insert into email_subscribers (email, status, source, created_at, confirmed_at)
         select case when i = 3 then '=1+2@example.in' else format('reader%s@example.in', lpad(i::text, 3, '0')) end,
                case i when 1 then 'confirmed' when 2 then 'unsubscribed' else 'pending' end,
                case i when 1 then 'page' when 2 then 'account' when 4 then 'section' else 'footer' end,
                now() - interval '1 day' + i * interval '1 minute',
                case when i = 1 then now() - interval '1 hour' end
           from generate_series(0, ${NEWSLETTER - 1}) as i`,
      );
    },
  },
  staff: [OWNER],
});

const unexpected = (problems: string[]) =>
  problems.filter(
    (p) =>
      p !== 'http 401: /api/admin/auth/me' &&
      !p.startsWith('console: Failed to load resource: the server responded with a status of 401'),
  );

const exportCsv = (page: Page) => downloadCsv(page, () => page.getByTestId('csv-export').click());

for (const viewport of [MOBILE, DESKTOP]) {
  test(`both sign-up lists, paged, each with its CSV export (${viewport.width} px)`, async ({ page, shop }) => {
    test.setTimeout(180_000);
    const problems = await openPanel(page, `${shop.baseUrl}/admin/signups`, OWNER, viewport);
    await page.getByRole('heading', { name: 'Sign-ups', level: 1 }).waitFor();
    const lists = page.getByTestId('signup-lists');
    await expect(lists.getByRole('link', { name: 'Shop opening' })).toHaveAttribute('aria-current', 'page');

    // The shop-opening list, in the order they asked.
    const opening = page.getByTestId('signups-list').getByRole('listitem');
    await expect(opening).toHaveCount(2);
    await expect(opening.nth(0)).toContainText('first.visitor@example.in');
    await expect(opening.nth(0)).toContainText(/Coming Soon · .* · told$/);
    await expect(opening.nth(1)).toContainText('Under Maintenance');
    await expect(opening.nth(1)).not.toContainText('told');
    await expect(page.getByText('2 sign-ups')).toBeVisible();
    await shotScreen(page, 'signups-opening');
    expect(await axeProblems(page)).toEqual([]);

    const openingFile = await exportCsv(page);
    expect(openingFile.name).toBe('mode-subscribers.csv');
    expect(openingFile.records.map((r) => [r.email, r.mode, r.notified_at === '' ? 'not told' : 'told'])).toEqual([
      ['first.visitor@example.in', 'Coming Soon', 'told'],
      ['second.visitor@example.in', 'Under Maintenance', 'not told'],
    ]);

    // The newsletter's list, newest first, 100 a page; the page links keep the list.
    await lists.getByRole('link', { name: 'Newsletter' }).click();
    await expect(page).toHaveURL(/\/admin\/signups\?list=newsletter$/);
    await expect(lists.getByRole('link', { name: 'Newsletter' })).toHaveAttribute('aria-current', 'page');
    const rows = page.getByTestId('newsletter-signups-list').getByRole('listitem');
    await expect(rows).toHaveCount(100);
    await expect(rows.first()).toContainText('reader102@example.in');
    await expect(rows.first()).toContainText('Waiting for confirmation · from the footer');
    await expect(rows.filter({ hasText: 'reader004@' })).toContainText('from the newsletter section');
    await expect(page.getByText(`Page 1 of 2 · ${NEWSLETTER} sign-ups`)).toBeVisible();
    await shotScreen(page, 'signups-newsletter');
    expect(await axeProblems(page)).toEqual([]);

    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/admin\/signups\?list=newsletter&page=2$/);
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('reader002@example.in');
    await expect(rows.nth(0)).toContainText('Unsubscribed · from the account');
    await expect(rows.nth(1)).toContainText('Confirmed · from the newsletter page');
    await expect(rows.nth(2)).toContainText('reader000@example.in');
    await page.getByTestId('csv-export').scrollIntoViewIfNeeded();
    await shotScreen(page, 'signups-newsletter-page-2');

    // The file holds every sign-up, oldest first, whatever the page shown.
    const file = await exportCsv(page);
    expect(file.name).toBe('newsletter-subscribers.csv');
    expect(file.records).toHaveLength(NEWSLETTER);
    expect(Object.keys(file.records[0]!)).toEqual(['email', 'status', 'source', 'created_at', 'confirmed_at']);
    expect(file.records.slice(0, 5).map((r) => [r.email, r.status, r.source])).toEqual([
      ['reader000@example.in', 'pending', 'footer'],
      ['reader001@example.in', 'confirmed', 'page'],
      ['reader002@example.in', 'unsubscribed', 'account'],
      ["'=1+2@example.in", 'pending', 'footer'],
      ['reader004@example.in', 'pending', 'section'],
    ]);
    expect(file.records[1]!.confirmed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(file.records.at(-1)!.email).toBe('reader102@example.in');

    // Back to the shop-opening list: its own first page.
    await lists.getByRole('link', { name: 'Shop opening' }).click();
    await expect(page).toHaveURL(/\/admin\/signups$/);
    await expect(opening).toHaveCount(2);
    expect(unexpected(problems)).toEqual([]);
  });
}
