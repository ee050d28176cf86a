import type { Page } from '@playwright/test';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@shopfront/shared';
import { waitForHydration } from './browser.ts';
import { expect } from '@playwright/test';

/** Services mode's browser tests and screenshots (issue 27): the services demo shop's parts. */

/** The services demo's env (SEED_DEMO=services): a shop that seeds itself as Sahaj Seva Consultants. */
export const SERVICES_SHOP = { env: { SEED_DEMO: 'services' } };

/** A tiny real PDF (the API tells a file's type from its bytes). */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** The demo owner every seeded shop has (apps/api/src/db/seed/staff.ts, README "Try it"). */
const DEMO_OWNER = { email: 'owner@example.com', password: 'Loom&Leaf-Owner-2026' };

/** The demo owner's bearer session on the owner API, and the headers its calls carry. */
async function ownerHeaders(baseUrl: string): Promise<Record<string, string>> {
  const headers = { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE };
  const login = await fetch(`${baseUrl}/api/admin/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...DEMO_OWNER, session: 'bearer' }),
  });
  if (!login.ok) throw new Error(`owner login answered ${login.status}: ${await login.text()}`);
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  return { ...headers, authorization: `Bearer ${token}` };
}

/** The owner asks the applicant for a document, through the owner API (a bearer session). */
export async function ownerRequestsDocument(baseUrl: string, applicationId: string, what: string): Promise<void> {
  const res = await fetch(`${baseUrl}/api/admin/applications/${encodeURIComponent(applicationId)}/document-requests`, {
    method: 'POST',
    headers: await ownerHeaders(baseUrl),
    body: JSON.stringify({ what }),
  });
  if (!res.ok) throw new Error(`document request answered ${res.status}: ${await res.text()}`);
}

/** The owner finds an application by its number through the owner API's inbox; answers its id. */
export async function ownerFindsApplication(baseUrl: string, applicationNo: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/admin/applications`, { headers: await ownerHeaders(baseUrl) });
  if (!res.ok) throw new Error(`inbox answered ${res.status}: ${await res.text()}`);
  const rows = ((await res.json()) as { data: { applications: { id: string; application_no: string }[] } }).data
    .applications;
  const row = rows.find((r) => r.application_no === applicationNo);
  if (!row) throw new Error(`no application ${applicationNo} in the inbox`);
  return row.id;
}

/** The owner moves an application from the stage they saw to another, with a note, through the owner API. */
export async function ownerMovesApplication(
  baseUrl: string,
  applicationId: string,
  move: { from: string; to: string; note?: string },
): Promise<void> {
  const res = await fetch(`${baseUrl}/api/admin/applications/${encodeURIComponent(applicationId)}/stage`, {
    method: 'POST',
    headers: await ownerHeaders(baseUrl),
    body: JSON.stringify(move),
  });
  if (!res.ok) throw new Error(`move ${move.from} → ${move.to} answered ${res.status}: ${await res.text()}`);
}

/** The owner switches what the shop sells (the Shop mode screen's call), through the owner API. */
export async function ownerSetsStoreMode(baseUrl: string, store_mode: 'products' | 'services'): Promise<void> {
  const res = await fetch(`${baseUrl}/api/admin/settings`, {
    method: 'PATCH',
    headers: await ownerHeaders(baseUrl),
    body: JSON.stringify({ store_mode }),
  });
  if (!res.ok) throw new Error(`store mode answered ${res.status}: ${await res.text()}`);
}

/** The owner makes a coupon through the owner API (the panel's own route): `code` takes `percent` % off. */
export async function ownerCreatesCoupon(
  baseUrl: string,
  coupon: { code: string; description: string; percent: number; secret?: boolean },
): Promise<void> {
  const res = await fetch(`${baseUrl}/api/admin/coupons`, {
    method: 'POST',
    headers: await ownerHeaders(baseUrl),
    body: JSON.stringify({
      code: coupon.code,
      description: coupon.description,
      kind: 'percent',
      value: coupon.percent,
      secret: coupon.secret ?? false,
    }),
  });
  if (!res.ok) throw new Error(`coupon create answered ${res.status}: ${await res.text()}`);
}

/** Applies for the Udyam registration (₹499, fixed) and follows the confirmation's link to the application. */
export async function applyForUdyam(page: Page, baseUrl: string, guest: { name: string; phone: string } | null) {
  await page.goto(`${baseUrl}/apply/udyam-registration`);
  await waitForHydration(page);
  await page.getByLabel('Name of the enterprise').fill('Kulkarni Tiffin Services');
  await page.getByLabel('Date of starting the business').fill('2024-06-01');
  await page.getByLabel('Number of employees').fill('4');
  if (guest) {
    await page.getByLabel('Full name').fill(guest.name);
    await page.getByLabel('Phone').fill(guest.phone);
  }
  return sendAndFollow(page);
}

/** Sends the filled apply form and follows the confirmation's link to the application; answers its number. */
export async function sendAndFollow(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Send application' }).click();
  const sent = page.getByTestId('application-sent');
  const number = (await sent.getByTestId('application-number').textContent())!.trim();
  await sent.getByRole('link', { name: 'Follow your application' }).click();
  await expect(page.getByTestId('application-no')).toHaveText(number);
  await waitForHydration(page);
  return number;
}

/** The application page's current stage on its timeline. */
export const currentStage = (page: Page) => page.getByTestId('application-timeline').locator('[aria-current="step"]');
