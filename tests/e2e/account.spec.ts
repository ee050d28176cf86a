import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@shopfront/shared';
import { DESKTOP, MOBILE, waitForHydration, watchForProblems } from './support/browser.ts';
import { startShop, type RunningShop } from './support/server.ts';
import { setStoreSetting } from './support/store-settings.ts';
import { expect, test, type Viewport } from './support/test.ts';

// The outbox (OTP codes, reset links) exists only with DEV_OUTBOX=true, for requests from this
// machine. While iterating, E2E_BASE_URL may point at such a shop that is already running.
// TRUST_PROXY=1: each test is a shopper from its own address (X-Forwarded-For below), as if
// behind one proxy, so the per-address sign-in limits of one test never spill into the next.
test.use({
  shopOptions: { env: process.env.E2E_BASE_URL ? {} : { NODE_ENV: 'test', TRUST_PROXY: '1', DEV_OUTBOX: 'true' } },
});

/** The shop the helpers below talk to: the file's, or a test's own (store setting tests). */
let shop: RunningShop;
let shopperIp = '10.70.0.1';
let testsStarted = 0;
test.beforeEach(({ shop: fileShop }) => {
  shop = fileShop;
  testsStarted += 1;
  shopperIp = `10.70.${Date.now() % 200}.${testsStarted + 1}`;
});

// A failing test leaves a picture of what the shopper saw in each tab (tmp dir, never committed),
// beside Playwright's own screenshot.
test.afterEach(async ({ context }, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return;
  const dir = path.join(tmpdir(), 'shopfront-e2e-failures');
  mkdirSync(dir, { recursive: true });
  const name = testInfo.title.replace(/\W+/g, '-').slice(0, 60);
  await Promise.all(
    context.pages().map((p, i) => p.screenshot({ path: path.join(dir, `${name}-${i}.png`) }).catch(() => {})),
  );
});

/** `page` (a fresh context per test) at `viewport`, a shopper from this test's own address. */
async function tab(page: Page, viewport: Viewport): Promise<Page> {
  await page.setViewportSize(viewport);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': shopperIp });
  return page;
}

let serial = 0;
/** A customer nobody else in this run uses: unique e-mail and 10-digit phone. */
function newCustomer(first = 'Ana') {
  serial += 1;
  const stamp = `${Date.now() % 1_000_000}${serial}`.slice(-7).padStart(7, '0');
  return {
    first_name: first,
    last_name: 'Silva',
    email: `${first.toLowerCase()}.${stamp}.${serial}@example.test`,
    phone: `987${stamp}`,
    password: 'Linen#2024',
  };
}
type Customer = ReturnType<typeof newCustomer>;

interface OutboxMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  created_at: string;
}

/** The newest outbox message to this recipient (an e-mail address or a phone number). */
async function latestMessage(recipient: string, channel: 'email' | 'sms', after?: string): Promise<OutboxMessage> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    // No X-Forwarded-For: the outbox answers only requests made on this machine itself.
    const res = await fetch(`${shop.baseUrl}/api/dev/outbox?limit=200`);
    expect(res.status).toBe(200);
    const json = (await res.json()) as { data: { messages: OutboxMessage[] } };
    const found = json.data.messages.find(
      (m) => m.channel === channel && m.recipient.endsWith(recipient) && (!after || m.created_at > after),
    );
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${channel} to ${recipient} in the outbox`);
}

async function latestOtp(phone: string, after?: string): Promise<string> {
  const msg = await latestMessage(phone, 'sms', after);
  const code = /\b(\d{4})\b/.exec(msg.body)?.[1];
  if (!code) throw new Error(`no 4-digit code in: ${msg.body}`);
  return code;
}

/** Opens a page as a fresh visitor: no cookies (a fresh context) and no auth state left in storage. */
async function openFresh(page: Page, path: string) {
  await page.goto(`${shop.baseUrl}${path}`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto(`${shop.baseUrl}${path}`);
  await waitForHydration(page);
}

/** Registers through the API from inside the page, so the session cookie lands in this browser. */
async function registerInBrowser(page: Page, c: Customer) {
  const status = await page.evaluate(
    async ({ body, header, value }) => {
      const res = await fetch('/api/auth/register', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', [header]: value },
        body: JSON.stringify(body),
      });
      return res.status;
    },
    { body: c, header: CSRF_HEADER, value: CSRF_HEADER_VALUE },
  );
  expect(status).toBe(200);
}

/** Registers through the API from Node (no browser session). */
async function registerViaApi(c: Customer) {
  const res = await fetch(`${shop.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE, 'x-forwarded-for': shopperIp },
    body: JSON.stringify(c),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/**
 * Registers through the API and proves the phone with the Verify Account popup's code, as a
 * shopper must before the phone can sign in by OTP (ADR 0011).
 */
async function registerWithVerifiedPhone(c: Customer) {
  const headers = {
    'content-type': 'application/json',
    [CSRF_HEADER]: CSRF_HEADER_VALUE,
    'x-forwarded-for': shopperIp,
  };
  const registered = await fetch(`${shop.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify(c),
  });
  expect(registered.status, await registered.clone().text()).toBe(200);
  const cookie = registered.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
  const before = new Date(Date.now() - 1000).toISOString();
  const sent = await fetch(`${shop.baseUrl}/api/account/otp/generate`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ input: c.phone, type: 'phone' }),
  });
  expect(sent.status, await sent.clone().text()).toBe(200);
  const verified = await fetch(`${shop.baseUrl}/api/account/otp/verify`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ input: c.phone, otp: await latestOtp(c.phone, before), type: 'phone' }),
  });
  expect(verified.status, await verified.clone().text()).toBe(200);
}

const loginDialog = (page: Page) => page.getByRole('dialog', { name: /^(Login|Forgot Password\?)$/ });
const registerDialog = (page: Page) => page.getByRole('dialog', { name: 'Register' });

async function openLoginFromHeader(page: Page) {
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await loginDialog(page).waitFor();
}

async function loginWithEmail(page: Page, email: string, password: string) {
  const dialog = loginDialog(page);
  if (await dialog.getByRole('button', { name: 'Login with Email' }).isVisible()) {
    await dialog.getByRole('button', { name: 'Login with Email' }).click();
  }
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Types a code into the four OTP boxes the way a shopper does: one key at a time. */
async function typeOtp(page: Page, scope: ReturnType<Page['getByRole']>, code: string) {
  await scope.getByLabel('Digit 1 of 4').click();
  await page.keyboard.type(code, { delay: 30 });
}

test.describe('customer accounts in the browser', () => {
  test('registers with e-mail, logs out, and logs back in', async ({ page }) => {
    await tab(page, DESKTOP);
    const problems = await watchForProblems(page);
    const c = newCustomer('Ana');
    await openFresh(page, '/');

    await openLoginFromHeader(page);
    // The shop enables OTP login, so the dialog opens in OTP mode.
    await loginDialog(page).getByRole('button', { name: 'SEND OTP' }).waitFor();
    await loginDialog(page).getByRole('button', { name: 'Login with Email' }).click();
    await loginDialog(page).getByText("Don't Have an Account?").waitFor();
    await loginDialog(page).getByRole('button', { name: 'REGISTER NOW' }).click();
    await registerDialog(page).waitFor();
    await expect(loginDialog(page)).toBeHidden();

    const reg = registerDialog(page);
    await reg.getByRole('button', { name: 'Register with Email' }).click();
    // Terms & Conditions and Privacy Policy point at the storefront's configured pages.
    await expect(reg.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute(
      'href',
      '/terms-and-conditions',
    );
    await expect(reg.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');

    // Validated on submit, not on edit: no message while typing a short password.
    await reg.getByLabel('Password', { exact: true }).fill('abc');
    await expect(reg.locator('[data-field-error]')).toHaveCount(0);
    await reg.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(reg.locator('[data-field-error]')).toHaveText([
      'This field is required',
      'This field is required',
      'This field is required',
      'This field is required',
      'The value length should be at least 6',
    ]);

    await reg.getByLabel('First name').fill(c.first_name);
    await reg.getByLabel('Last name').fill(c.last_name);
    const phone = reg.getByLabel('Mobile number');
    // e, E, +, - and . never reach the field; the value is cut to 10 digits.
    await phone.pressSequentially(`e+-.E${c.phone}99`);
    await expect(phone).toHaveValue(c.phone);
    await reg.getByLabel('Email address').fill(c.email);
    await reg.getByLabel('Password', { exact: true }).fill(c.password);
    await reg.getByRole('button', { name: 'Register', exact: true }).click();

    await page.waitForURL(`${shop.baseUrl}/account`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByText(`Hello, ${c.first_name}`).waitFor();
    await expect(registerDialog(page)).toBeHidden();
    await expect(page.getByRole('main').getByText(c.email).first()).toBeVisible();
    // The header icon now leads to the account instead of opening the dialog.
    await expect(page.getByRole('banner').locator('[data-account-link]')).toHaveAttribute(
      'data-account-link',
      'customer',
    );

    await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${shop.baseUrl}/`);
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
    // The server session is gone too: the account URL is guarded again.
    const account = await page.evaluate(
      async () => (await fetch('/api/account/get', { credentials: 'include' })).status,
    );
    expect(account).toBe(401);

    await openLoginFromHeader(page);
    await loginWithEmail(page, c.email, 'wrong-password');
    // The API answers 422 on email: shown beside the field, not as a toast.
    await loginDialog(page)
      .locator('[data-field-error]')
      .filter({ hasText: 'These credentials do not match our records' })
      .waitFor();
    await loginDialog(page).getByLabel('Password', { exact: true }).fill(c.password);
    await loginDialog(page).getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(`${shop.baseUrl}/account`);
    await page.getByText(`Hello, ${c.first_name}`).waitFor();

    // Logging out again: the next person to open the dialog finds nothing of this shopper's typing.
    await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${shop.baseUrl}/`);
    await openLoginFromHeader(page);
    const again = loginDialog(page);
    const withEmail = again.getByRole('button', { name: 'Login with Email' });
    if (await withEmail.isVisible()) await withEmail.click();
    await expect(again.getByLabel('Email address')).toHaveValue('');
    await expect(again.getByLabel('Password', { exact: true })).toHaveValue('');

    // The wrong password (422) and the account check after logout (401) are expected answers.
    expect(problems.filter((p) => !/\b(401|422)\b/.test(p))).toEqual([]);
  });

  test('logs in with an OTP read from the outbox', async ({ page }) => {
    const c = newCustomer('Omar');
    await registerWithVerifiedPhone(c);
    await tab(page, MOBILE);
    await openFresh(page, '/');
    await page.getByRole('link', { name: 'Login' }).first().click();
    const dialog = loginDialog(page);
    await dialog.waitFor();

    // Focus moves into the dialog's first field after the 500 ms delay.
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'phone');

    await dialog.getByLabel('Mobile number').fill('12345');
    await dialog.getByLabel('Mobile number').blur();
    await dialog.getByText('Invalid phone number').waitFor();
    await expect(dialog.getByRole('button', { name: 'SEND OTP' })).toBeDisabled();

    const before = new Date(Date.now() - 1000).toISOString();
    await dialog.getByLabel('Mobile number').fill(c.phone);
    await dialog.getByRole('button', { name: 'SEND OTP' }).click();
    await dialog.getByRole('button', { name: 'VERIFY' }).waitFor();
    // The counter says what it counts.
    await dialog.getByTestId('resends-left').getByText('3 resends left').waitFor();
    await expect(dialog.getByRole('button', { name: 'VERIFY' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'RESEND OTP' }).click();
    await dialog.getByTestId('resends-left').getByText('2 resends left').waitFor();

    // Change Phone goes back to the phone step with an empty form and the resend counter at 0
    // (spec section 4), also for the same number sent to again.
    await dialog.getByRole('button', { name: 'Change Phone' }).click();
    await expect(dialog.getByLabel('Mobile number')).toHaveValue('');
    await dialog.getByLabel('Mobile number').fill(c.phone);
    await dialog.getByRole('button', { name: 'SEND OTP' }).click();
    await dialog.getByRole('button', { name: 'VERIFY' }).waitFor();
    await dialog.getByTestId('resends-left').getByText('3 resends left').waitFor();

    const code = await latestOtp(c.phone, before);
    await typeOtp(page, dialog, code.slice(0, 3));
    await expect(dialog.getByRole('button', { name: 'VERIFY' })).toBeDisabled();
    // Backspace clears the last box and moves back; typing again completes the code.
    await page.keyboard.press('Backspace');
    await expect(dialog.getByLabel('Digit 3 of 4')).toHaveValue('');
    await page.keyboard.type(code.slice(2), { delay: 30 });
    await expect
      .poll(() =>
        Promise.all([1, 2, 3, 4].map((i) => dialog.getByLabel(`Digit ${i} of 4`).inputValue())).then((d) => d.join('')),
      )
      .toBe(code);
    await dialog.getByRole('button', { name: 'VERIFY' }).click();

    await page.waitForURL(`${shop.baseUrl}/account`);
    await page.getByText(`Hello, ${c.first_name}`).waitFor();
  });

  test('in the UAE channel signs up by OTP with a 9-digit +971 number (the phone follows the channel)', async ({
    page,
  }) => {
    await tab(page, MOBILE);
    await page.context().addCookies([{ name: 'sf_channel', value: 'ch_uae', url: shop.baseUrl }]);
    await openFresh(page, '/');
    await page.getByRole('link', { name: 'Login' }).first().click();
    const dialog = loginDialog(page);
    await dialog.waitFor();
    serial += 1;
    const phone = `5${`${Date.now() % 1_000_000}${serial}`.slice(-8).padStart(8, '0')}`;
    const before = new Date(Date.now() - 1000).toISOString();
    await dialog.getByLabel('Mobile number').fill(phone);
    await dialog.getByRole('button', { name: 'SEND OTP' }).click();
    await dialog.getByRole('button', { name: 'VERIFY' }).waitFor();
    await dialog.getByText(`+971 ${phone}`).waitFor();
    // Texted to the number with its country code.
    const sms = await latestMessage(phone, 'sms', before);
    expect(sms.recipient).toBe(`+971${phone}`);
    await typeOtp(page, dialog, /\b(\d{4})\b/.exec(sms.body)![1]!);
    await dialog.getByRole('button', { name: 'VERIFY' }).click();
    await page.waitForURL(`${shop.baseUrl}/account`);
    await page.getByText(`+971 ${phone}`).first().waitFor();
  });

  test('resets a forgotten password from the e-mailed link and logs in with the new one', async ({ page: first }) => {
    const c = newCustomer('Priya');
    await registerViaApi(c);
    let page = await tab(first, DESKTOP);
    let problems = await watchForProblems(page);
    await openFresh(page, '/');
    await openLoginFromHeader(page);
    const dialog = loginDialog(page);
    await dialog.getByRole('button', { name: 'Login with Email' }).click();
    await dialog.getByRole('button', { name: 'Forgot Password?' }).click();
    await page.getByRole('dialog', { name: 'Forgot Password?' }).waitFor();

    await dialog.getByLabel('Email address').fill('not-an-address');
    await dialog.getByLabel('Email address').blur();
    await dialog.getByText('The value must be an valid email address').waitFor();
    await dialog.getByLabel('Email address').fill(c.email);
    await dialog.getByRole('button', { name: 'Send reset link' }).click();

    // Success returns to Legacy mode and shows the server's message.
    await page.getByRole('dialog', { name: 'Login' }).getByLabel('Password', { exact: true }).waitFor();
    await page.getByRole('status').filter({ hasText: 'we have sent a password reset link' }).waitFor();

    const mail = await latestMessage(c.email, 'email');
    const link = /https?:\/\/\S+\/account\/reset-password\/\S+/.exec(mail.body)?.[0];
    expect(link, mail.body).toBeTruthy();
    const { pathname } = new URL(link!);

    // The shopper, still logged out, opens the e-mailed link (a new tab): no session needed.
    await page.close();
    page = await first.context().newPage();
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': shopperIp });
    problems = await watchForProblems(page);
    await page.goto(`${shop.baseUrl}${pathname}`);
    await waitForHydration(page);
    await expect(page.getByRole('banner').locator('[data-account-link="guest"]')).toHaveCount(1);
    await page.getByRole('heading', { level: 1, name: 'Reset Password' }).waitFor();
    await expect(page).toHaveTitle(/^Reset Password \|/);
    const newPassword = 'Cotton!2025';
    await page.getByLabel('New password').fill('123');
    await page.getByLabel('New password').blur();
    await page.getByText('The value length should be at least 6').waitFor();
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();

    await page.waitForURL(`${shop.baseUrl}/`);
    await loginDialog(page).waitFor();
    await loginWithEmail(page, c.email, newPassword);
    await page.waitForURL(`${shop.baseUrl}/account`);
    await page.getByText(`Hello, ${c.first_name}`).waitFor();

    // The link is single-use.
    await page.goto(`${shop.baseUrl}${pathname}`);
    await page.getByText('This password reset link is invalid or has expired').waitFor();
    // The used link's validate-reset (422) is an expected answer.
    expect(problems.filter((p) => !/\b422\b/.test(p))).toEqual([]);
  });

  test('verifies the phone number in the Verify Account popup on the profile page', async ({ page }) => {
    const c = newCustomer('Meera');
    await tab(page, DESKTOP);
    await openFresh(page, '/');
    await registerInBrowser(page, c);
    await page.goto(`${shop.baseUrl}/account/profile`);
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await page.getByText('Edit your profile').first().waitFor();
    await expect(page.getByRole('main').getByLabel('Mobile number')).toHaveValue(c.phone);

    const before = new Date(Date.now() - 1000).toISOString();
    await page.getByRole('button', { name: 'Verify phone' }).click();
    const popup = page.getByRole('dialog', { name: 'Verify Account' });
    await popup.waitFor();
    await popup.getByTestId('resends-left').getByText('1 resend left').waitFor();
    const code = await latestOtp(c.phone, before);
    // A pasted 4-digit code fills all boxes.
    await popup.getByLabel('Digit 1 of 4').focus();
    await page.evaluate((text) => {
      const target = document.activeElement!;
      const data = new DataTransfer();
      data.setData('text', text);
      target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, code);
    await expect(popup.getByLabel('Digit 4 of 4')).toHaveValue(code[3]!);
    await popup.getByRole('button', { name: 'VERIFY' }).click();

    await popup.waitFor({ state: 'hidden' });
    await page.locator('[data-phone-badge="verified"]').waitFor();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
    // A different number is not verified by this: it needs the current password (ADR 0011).
    await page
      .getByRole('main')
      .getByLabel('Mobile number')
      .fill(`${c.phone.slice(0, 9)}0`);
    await page.getByRole('main').getByLabel('Current password').waitFor();
    await expect(page.locator('[data-phone-badge]')).toHaveCount(0);
  });

  test('a guest opening /account/profile gets the login dialog and lands there after logging in', async ({ page }) => {
    const c = newCustomer('Lena');
    await registerViaApi(c);
    await tab(page, MOBILE);
    const problems = await watchForProblems(page);
    await openFresh(page, '/account/profile');
    await page.getByRole('heading', { level: 1, name: 'My Account' }).waitFor();
    await page.getByText('Please log in to continue').waitFor();
    await loginDialog(page).waitFor();

    // Escape closes the dialog (and resets its mode); the page offers it again.
    await loginDialog(page).getByRole('button', { name: 'Login with Email' }).click();
    await page.keyboard.press('Escape');
    await loginDialog(page).waitFor({ state: 'hidden' });
    await page.getByRole('main').getByRole('button', { name: 'Log in', exact: true }).click();
    await loginDialog(page).getByRole('button', { name: 'SEND OTP' }).waitFor();

    await loginWithEmail(page, c.email, c.password);
    await page.waitForURL(`${shop.baseUrl}/account/profile`);
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await expect(page.getByRole('main').getByLabel('Email address')).toHaveValue(c.email);
    // The account check of a guest answers 401 by design.
    expect(problems.filter((p) => !/\b401\b/.test(p))).toEqual([]);
  });

  test('the login dialog of /account is for that visit only: Back, a reload or another page does not reopen it', async ({
    page,
  }) => {
    await tab(page, DESKTOP);
    /** The page has settled: hydrated, no request in flight (the dialog's code included), painted. */
    const settled = async () => {
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    };
    await openFresh(page, '/shop-online');
    await page.goto(`${shop.baseUrl}/account`);
    await waitForHydration(page);
    await loginDialog(page).waitFor();
    // "Login with Email" puts the caret in the e-mail field, not six tab stops away.
    await loginDialog(page).getByRole('button', { name: 'Login with Email' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('email');

    // Not closed by hand: Back leaves the guarded page, and its dialog with it.
    await page.goBack();
    await page.waitForURL(`${shop.baseUrl}/shop-online`);
    await settled();
    await expect(loginDialog(page)).toBeHidden();
    await page.reload();
    await settled();
    await expect(loginDialog(page)).toBeHidden();
    await page.goto(`${shop.baseUrl}/cart`);
    await settled();
    await expect(loginDialog(page)).toBeHidden();
    // The header still opens it on request.
    await openLoginFromHeader(page);
    await loginDialog(page).waitFor();
  });

  test('without JavaScript, a guarded page says that logging in needs it', async () => {
    // Chromium with script execution switched off still parses <noscript> as text, so the
    // served HTML is what is checked: a browser without JavaScript renders this block.
    const res = await fetch(`${shop.baseUrl}/account/security`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Please log in to continue');
    expect(html).toMatch(
      /<noscript><p [^>]*>Logging in needs JavaScript\. Please turn it on in your browser\.<\/p><\/noscript>/,
    );
  });

  test('shows the access logs and changes the password on the security page', async ({ page }) => {
    const c = newCustomer('Ravi');
    await tab(page, DESKTOP);
    await openFresh(page, '/');
    await registerInBrowser(page, c);
    await page.goto(`${shop.baseUrl}/account/security`);
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: 'Security' }).waitFor();
    await page.getByText('Access logs & change password').first().waitFor();
    const table = page.locator('table[data-access-logs]');
    await expect(table.locator('tbody tr')).not.toHaveCount(0);
    await expect(table.locator('thead')).toHaveText(/Time[\s\S]*Device[\s\S]*IP address/i, { useInnerText: true });

    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password').fill('Abc!1234');
    // The strength meter settles 250 ms after typing stops.
    await page.locator('[data-password-score="3"]').waitFor();
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByText('The current password is incorrect').waitFor();
    await page.getByLabel('Current password').fill(c.password);
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByRole('status').filter({ hasText: 'Password updated' }).waitFor();
  });
});

test.describe('store setting account_verification_for', () => {
  // Its own shop (not the file's `shop`): the setting is changed in the shop's database while
  // the shop is stopped, then the shop starts again on the same DATA_DIR. The helpers above talk
  // to `shop`, so each test points it at this one once it has restarted.
  let dataDir = '';
  let own: RunningShop | undefined;
  const env = () => ({ NODE_ENV: 'test', TRUST_PROXY: '1', DEV_OUTBOX: 'true', DATA_DIR: dataDir });

  async function restartWith(value: 'none' | 'email' | 'phone' | 'both') {
    await own?.stop();
    own = undefined;
    await setStoreSetting(dataDir, 'account_verification_for', value);
    own = await startShop({ env: env() });
    shop = own;
  }

  test.beforeAll(async () => {
    // Starting a shop is not a test's time.
    test.setTimeout(240_000);
    dataDir = mkdtempSync(path.join(tmpdir(), 'shopfront-e2e-verification-'));
    // The first start migrates and seeds the shop (the demo setting is 'phone').
    own = await startShop({ env: env() });
  });

  test.afterAll(async () => {
    await own?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test("'both': the profile shows both badges, and the e-mail is verified with a code from the outbox", async ({
    page,
  }) => {
    await restartWith('both');
    const c = newCustomer('Nila');
    await tab(page, MOBILE);
    const problems = await watchForProblems(page);
    await openFresh(page, '/');
    await registerInBrowser(page, c);
    await page.goto(`${shop.baseUrl}/account`);
    await waitForHydration(page);
    await page.locator('[data-email-badge="verify"]').waitFor();
    await page.locator('[data-phone-badge="verify"]').waitFor();

    await page.goto(`${shop.baseUrl}/account/profile`);
    await waitForHydration(page);
    const main = page.getByRole('main');
    await main.locator('[data-phone-badge="verify"]').waitFor();
    await expect(main.getByLabel('Email address')).toHaveValue(c.email);
    await expect(main.locator('[data-verification-note]')).toHaveText(
      'Verify your e-mail address and mobile number to get order updates.',
    );

    const before = new Date(Date.now() - 1000).toISOString();
    await main.getByRole('button', { name: 'Verify e-mail' }).click();
    const popup = page.getByRole('dialog', { name: 'Verify Account' });
    await popup.waitFor();
    await popup.getByTestId('resends-left').getByText('1 resend left').waitFor();
    // The text says where the code went once it has been sent.
    await expect(popup.locator('[data-verify-destination]')).toHaveText(
      `Enter the 4-digit code we sent by e-mail to ${c.email}.`,
    );
    const mail = await latestMessage(c.email, 'email', before);
    expect(mail.subject).toMatch(/verification code$/);
    const code = /\b(\d{4})\b/.exec(mail.body)?.[1];
    expect(code, mail.body).toBeTruthy();
    await typeOtp(page, popup, code!);
    await popup.getByRole('button', { name: 'VERIFY' }).click();

    await popup.waitFor({ state: 'hidden' });
    await main.locator('[data-email-badge="verified"]').waitFor();
    // The phone is a separate check: still to do.
    await main.locator('[data-phone-badge="verify"]').waitFor();
    await expect(main.locator('[data-verification-note]')).toHaveText(
      'Verify your mobile number to get order updates by SMS.',
    );
    // The dashboard agrees, from the server's answer.
    await page.goto(`${shop.baseUrl}/account`);
    await waitForHydration(page);
    await page.locator('[data-email-badge="verified"]').waitFor();
    await page.locator('[data-phone-badge="verify"]').waitFor();
    // Another address is not verified by this: it needs the current password (ADR 0011).
    await page.goto(`${shop.baseUrl}/account/profile`);
    await waitForHydration(page);
    await main.getByLabel('Email address').fill(`x.${c.email}`);
    await main.getByLabel('Current password').waitFor();
    await expect(main.locator('[data-email-badge]')).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test("'none': neither the profile nor the dashboard shows a Verify or Verified badge", async ({ page }) => {
    await restartWith('none');
    const c = newCustomer('Ivo');
    await tab(page, DESKTOP);
    await openFresh(page, '/');
    await registerInBrowser(page, c);
    await page.goto(`${shop.baseUrl}/account/profile`);
    await waitForHydration(page);
    const main = page.getByRole('main');
    await expect(main.getByLabel('Mobile number')).toHaveValue(c.phone);
    await expect(main.getByLabel('Email address')).toHaveValue(c.email);
    await expect(page.locator('[data-phone-badge], [data-email-badge]')).toHaveCount(0);
    await expect(page.locator('[data-verification-note]')).toHaveCount(0);
    await page.goto(`${shop.baseUrl}/account`);
    await waitForHydration(page);
    await page.getByText(c.email).waitFor();
    await expect(page.locator('[data-phone-badge], [data-email-badge]')).toHaveCount(0);
  });
});
