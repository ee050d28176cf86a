import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@shopfront/shared';

export const TEST_PASSWORD = 'Secret#123';

export interface TestCustomer {
  email: string;
  password: string;
}

/** A new customer, created through the API's own register endpoint (no browser session). */
export async function registerCustomer(baseUrl: string, firstName: string): Promise<TestCustomer> {
  const email = `${firstName.toLowerCase()}.${randomInt(1e9)}@example.test`;
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
    body: JSON.stringify({
      first_name: firstName,
      last_name: 'Rao',
      phone: `9${String(randomInt(1e9)).padStart(9, '0')}`,
      email,
      password: TEST_PASSWORD,
    }),
  });
  if (res.status !== 200) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  return { email, password: TEST_PASSWORD };
}

/** Logs in through the login dialog (it must be open), with e-mail and password. */
export async function logInThroughDialog(page: Page, who: TestCustomer) {
  const dialog = page.getByTestId('login-dialog');
  await dialog.getByRole('heading', { name: 'Login' }).waitFor();
  const withEmail = dialog.getByRole('button', { name: 'Login with Email' });
  if (await withEmail.isVisible()) await withEmail.click();
  await dialog.getByLabel('Email address').fill(who.email);
  await dialog.getByLabel('Password', { exact: true }).fill(who.password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Waits for a toast with this text. */
export const waitForToast = (page: Page, text: string) =>
  page.locator('[data-toast]', { hasText: text }).first().waitFor();
