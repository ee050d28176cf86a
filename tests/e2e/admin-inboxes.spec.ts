import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { DESKTOP, MOBILE } from './support/browser.ts';
import type { ShopData } from './support/server.ts';
import { axeProblems, openPanel, shot } from './support/admin.ts';
import { OWNER, expect, test, type Viewport } from './support/test.ts';

/*
 * The panel's inboxes (issue 25): form messages and trade enquiries, like Sign-ups. A page at a
 * time (keyset "Load more"), a row (click or j + Enter) opens the whole message, "Export CSV"
 * downloads the API's CSV with a formula-looking cell neutralised. axe at 390 and 1280 px.
 * SHOTS_DIR=/work/shots/palette-inbox keeps screenshots.
 */
const FORMULA = '=HYPERLINK("http://evil.test","click")';
const CONTACTS = 55; // one more page than the first (50)

async function insertMessages({ db }: ShopData) {
  for (let i = 1; i <= CONTACTS; i++) {
    const data = {
      name: `Visitor ${i}`,
      email: `visitor${i}@example.test`,
      message: i === CONTACTS ? `Hello,\nwhere is my order?\n${FORMULA}` : `Message ${i}`,
    };
    await db.query(
      `insert into form_submissions (form_id, data, created_at) values ('contact', $1, now() - $2 * interval '1 minute')`,
      [JSON.stringify(data), CONTACTS - i],
    );
  }
  await db.query(`insert into form_submissions (form_id, data) values ('trade-enquiry', $1)`, [
    JSON.stringify({
      business_name: FORMULA,
      contact_name: 'Kavya Nair',
      email: 'kavya@studio.test',
      phone: '9876500000',
      city: 'Kochi',
    }),
  ]);
}

test.use({ shopOptions: { env: { NODE_ENV: 'test' }, prepare: insertMessages }, staff: [OWNER] });

const unexpected = (problems: string[]) =>
  problems.filter(
    (p) =>
      p !== 'http 401: /api/admin/auth/me' &&
      !p.startsWith('console: Failed to load resource: the server responded with a status of 401'),
  );

/** `page` signed in as the owner at `url`; answers its problems from sign-in on. */
const signedIn = (page: Page, url: string, viewport: Viewport) => openPanel(page, url, OWNER, viewport);

test.describe('form messages', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    test(`pages by "Load more", opens a message whole, exports CSV (${viewport.width} px)`, async ({ page, shop }) => {
      const problems = await signedIn(page, `${shop.baseUrl}/admin/form-submissions`, viewport);
      await page.getByRole('heading', { name: 'Form messages', level: 1 }).waitFor();
      const rows = page.getByTestId('form-submissions-list').locator('li');
      await expect(rows).toHaveCount(50);
      await shot(page, 'form-submissions');
      expect(await axeProblems(page)).toEqual([]);
      await page.getByRole('button', { name: 'Load more' }).click();
      await expect(rows).toHaveCount(CONTACTS);
      await page.getByText('That is every message here.').waitFor();

      // The newest first: its whole text (lines kept) in the sheet, keyboard: j then Enter.
      await page.keyboard.press('j');
      await page.keyboard.press('Enter');
      const sheet = page.getByTestId('message');
      await sheet.getByText('where is my order?', { exact: false }).waitFor();
      await expect(sheet.getByText(`Visitor ${CONTACTS}`)).toHaveCount(1);
      await shot(page, 'form-submission-open');
      expect(await axeProblems(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'detached' });

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('csv-export').click()]);
      const csv = readFileSync((await download.path())!, 'utf8');
      const lines = csv.split('\r\n');
      expect(lines[0]).toContain('Your name');
      expect(csv).toContain(`Visitor ${CONTACTS}`);
      expect(csv).toContain('Visitor 1,');
      // A message's own lines stay in one quoted cell (its last line looks like a formula but the
      // cell starts with "Hello," so a spreadsheet never runs it); they never become rows.
      expect(csv).toMatch(/,"Hello,\r?\nwhere is my order\?\r?\n=HYPERLINK\(""http:\/\/evil\.test"",""click""\)"\r\n/);
      expect(lines.filter((l) => l.startsWith('=')).length).toBe(0);
      expect(csv).not.toContain('Kavya');
      expect(unexpected(problems)).toEqual([]);
    });
  }
});

test.describe('trade enquiries', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    test(`lists, opens and exports the enquiries (${viewport.width} px)`, async ({ page, shop }) => {
      const problems = await signedIn(page, `${shop.baseUrl}/admin/trade-enquiries`, viewport);
      await page.getByRole('heading', { name: 'Trade enquiries', level: 1 }).waitFor();
      const rows = page.getByTestId('trade-enquiries-list').locator('li');
      await expect(rows).toHaveCount(1);
      await shot(page, 'trade-enquiries');
      expect(await axeProblems(page)).toEqual([]);
      await rows.first().getByRole('button').click();
      const sheet = page.getByTestId('message');
      await sheet.getByText('Kavya Nair').waitFor();
      await sheet.getByText('Business name').waitFor();
      await shot(page, 'trade-enquiry-open');
      await sheet.getByRole('button', { name: 'Close' }).click();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('csv-export').click()]);
      const csv = readFileSync((await download.path())!, 'utf8');
      expect(csv.split('\r\n')[0]).toContain('Business name');
      expect(csv).toContain('Kavya Nair');
      expect(csv).toMatch(/(^|,)"?'=HYPERLINK/m);
      expect(csv).not.toMatch(/(^|,)"?=HYPERLINK/m);
      expect(unexpected(problems)).toEqual([]);
    });
  }
});
