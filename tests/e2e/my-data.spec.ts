import { mkdirSync, readFileSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@shopfront/shared';
import { DESKTOP, MOBILE, waitForHydration } from './support/browser.ts';
import { TEST_PASSWORD, logInThroughDialog, waitForToast, type TestCustomer } from './support/customers.ts';
import { axeProblems, signInPanel } from './support/admin.ts';
import { OWNER, expect, test } from './support/test.ts';

/**
 * Customers' own data (issue 29) on the Security page: "Download my data" saves a JSON file with
 * their orders, "Delete my account" signs them out and their old password no longer signs in;
 * both confirmed by a code sent to the verified phone; the owner then finds the deletion in the
 * panel's record (Customers → Deleted accounts), with nothing personal. Screenshots with SHOTS_DIR set.
 */
const DEMO = { email: 'demo@loomandleaf.test', password: 'Demo@1234', phone: '9876543210' };
test.use({
  shopOptions: {
    // The development outbox (the codes) exists only with DEV_OUTBOX=true.
    env: { NODE_ENV: 'test', DEV_OUTBOX: 'true' },
    // The demo shopper's orders in progress end, so the account may be deleted.
    prepare: async ({ db }) => {
      await db.query(
        `update orders set status = 'delivered' where customer_id = (select id from customers where email = $1)
           and status not in ('delivered', 'cancelled', 'refunded', 'payment_failed')`,
        [DEMO.email],
      );
    },
  },
  staff: [OWNER],
});
const SHOTS = process.env.SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

/** The newest 4-digit code texted to `phone` (the development outbox). */
async function latestCode(base: string, phone: string): Promise<string> {
  const res = await fetch(`${base}/api/dev/outbox?limit=50`);
  const { data } = (await res.json()) as { data: { messages: { recipient: string; body: string }[] } };
  const msg = data.messages.find((m) => m.recipient.endsWith(phone));
  if (!msg) throw new Error(`no message to ${phone}`);
  return /\b(\d{4})\b/.exec(msg.body)![1]!;
}

/** Registers a shopper and verifies their phone (the Verify Account popup's endpoints). */
async function verifiedShopper(page: Page, base: string): Promise<TestCustomer & { phone: string }> {
  const who = {
    email: `tara.${randomInt(1e9)}@example.test`,
    password: TEST_PASSWORD,
    phone: `9${String(randomInt(1e9)).padStart(9, '0')}`,
  };
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
    body: JSON.stringify({
      first_name: 'Tara',
      last_name: 'Rao',
      phone: who.phone,
      email: who.email,
      password: who.password,
    }),
  });
  expect(res.status).toBe(200);
  await logIn(page, base, who);
  const api = page.context().request;
  const headers = { [CSRF_HEADER]: CSRF_HEADER_VALUE, origin: base };
  expect((await api.post(`${base}/api/account/otp/generate`, { headers, data: { input: who.phone } })).status()).toBe(
    200,
  );
  const otp = await latestCode(base, who.phone);
  expect(
    (await api.post(`${base}/api/account/otp/verify`, { headers, data: { input: who.phone, otp } })).status(),
  ).toBe(200);
  return who;
}

async function logIn(page: Page, base: string, who: TestCustomer) {
  await page.goto(`${base}/`);
  await waitForHydration(page);
  await page.getByRole('banner').locator('[data-account-link]').click();
  await logInThroughDialog(page, who);
  await page.waitForURL((url) => url.pathname === '/account');
}

/** Opens the dialog of `button` on the Security page and types the code texted to `phone`. */
async function confirmWithCode(page: Page, base: string, button: string, phone: string) {
  await page.locator('[data-your-data]').getByRole('button', { name: button }).click();
  const dialog = page.getByTestId('account-data-dialog');
  await dialog.getByText(/Enter the 4-digit code we sent to/).waitFor();
  const code = await latestCode(base, phone);
  await dialog.locator('input').first().click();
  await page.keyboard.type(code);
  return dialog;
}

test.describe('Your data on the Security page', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    test(`at ${viewport.width} px: download my data, then delete my account`, async ({ page, shop, newPage }) => {
      const base = shop.baseUrl;
      await page.setViewportSize(viewport);
      const who = viewport === DESKTOP ? DEMO : await verifiedShopper(page, base);
      if (viewport === DESKTOP) await logIn(page, base, who);
      await page.goto(`${base}/account/security`);
      await waitForHydration(page);
      await page.locator('[data-your-data]').scrollIntoViewIfNeeded();
      await shot(page, 'security-your-data');

      const dialog = await confirmWithCode(page, base, 'Download my data', who.phone);
      await shot(page, 'download-dialog');
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Download my data' }).click(),
      ]);
      expect(file.suggestedFilename()).toMatch(/^shopfront-my-data-\d{4}-\d{2}-\d{2}\.json$/);
      const data = JSON.parse(readFileSync((await file.path())!, 'utf8'));
      expect(data.profile.email).toBe(who.email);
      if (viewport === DESKTOP) expect(data.orders.length).toBeGreaterThan(0);
      await waitForToast(page, 'Your data has been downloaded');

      const del = await confirmWithCode(page, base, 'Delete my account', who.phone);
      await del.getByText('This cannot be undone').waitFor();
      await shot(page, 'delete-dialog');
      await del.getByRole('button', { name: 'Delete my account' }).click();
      await waitForToast(page, 'Your account has been deleted and you have been signed out');
      await page.waitForURL((url) => url.pathname === '/');
      await shot(page, 'deleted');

      // The old credentials no longer sign in.
      const again = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
        body: JSON.stringify({ email: who.email, password: who.password }),
      });
      expect(again.status).toBe(422);

      // The owner's record of deletions: when, how many orders were kept, and no name or contact.
      const owner = await newPage(viewport);
      await signInPanel(owner, `${base}/admin/customers`, OWNER);
      await expect(owner.getByRole('link', { name: 'Deleted accounts' })).toBeVisible();
      await shot(owner, 'panel-customers');
      await owner.getByRole('link', { name: 'Deleted accounts' }).click();
      await expect(owner.getByRole('heading', { name: 'Deleted accounts', level: 1 })).toBeVisible();
      const newest = owner.getByTestId('deletions-list').getByRole('listitem').first();
      await expect(newest).toContainText(viewport === DESKTOP ? /\d+ orders? kept, anonymised/ : 'No orders');
      await expect(owner.getByTestId('deletions-list')).not.toContainText(who.email);
      await shot(owner, 'panel-deleted-accounts');
      expect(await axeProblems(owner)).toEqual([]);
    });
  }
});
