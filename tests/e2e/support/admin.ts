import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { Page } from 'playwright-core';
import type { AdminPictures } from '@shopfront/shared';
import { DESKTOP, watchForProblems } from './browser.ts';
import type { ShopData } from './server.ts';

/** Helpers of the owner panel's browser tests (apps/admin, served under /admin). */

export interface TestStaff {
  id: string;
  email: string;
  name: string;
  password: string;
  role: string;
}

/** A staff member to write into a stopped shop's database (startShop's `prepare`). */
export function testStaff(name: string, role = 'owner'): TestStaff {
  const id = `stf_${randomBytes(6).toString('hex')}`;
  const first = name.split(' ')[0]!.toLowerCase();
  return { id, email: `${first}.${id}@example.test`, name, password: 'Counter#Top42', role };
}

export async function insertStaff({ db }: ShopData, ...staff: TestStaff[]): Promise<void> {
  for (const s of staff) {
    const passwordHash = await hash(s.password, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    await db.query(`insert into staff (id, email, name, password_hash, role) values ($1, $2, $3, $4, $5)`, [
      s.id,
      s.email,
      s.name,
      passwordHash,
      s.role,
    ]);
  }
}

/** Waits until the panel has started in the page. */
export async function panelReady(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** Signs in on the panel's sign-in form (the page must show it). */
export async function signIn(page: Page, staff: TestStaff): Promise<void> {
  const form = page.getByTestId('staff-sign-in');
  await form.getByLabel('E-mail address').fill(staff.email);
  await form.getByLabel('Password').fill(staff.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('signed-in-as').getByText(staff.name).waitFor();
}

/**
 * A place in the desktop sidebar (a link), its group opened first when it is folded (Content and
 * Shop are, unless the current page is in them).
 */
export async function sidebarLink(page: Page, group: string, name: string) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const fold = nav.getByRole('button', { name: group, exact: true });
  await fold.waitFor();
  if ((await fold.getAttribute('aria-expanded')) === 'false') await fold.click();
  return nav.getByRole('link', { name, exact: true });
}

/**
 * Sizes `page` (a Playwright test's own, from test.ts) to `viewport`, opens `url` (a panel
 * address) and signs in there as `staff`; answers the page's console errors, page errors and
 * failed requests from then on (watchForProblems).
 */
export async function openPanel(
  page: Page,
  url: string,
  staff: TestStaff,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<string[]> {
  await page.setViewportSize(viewport);
  const problems = await watchForProblems(page);
  await signInPanel(page, url, staff);
  return problems;
}

/** Opens `url` (a panel address) in `page` and signs in there as `staff`. */
export async function signInPanel(page: Page, url: string, staff: TestStaff): Promise<void> {
  await page.goto(url);
  await panelReady(page);
  await signIn(page, staff);
}

/** Waits for a toast saying `text`. */
export const toastSays = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();

/** Presses the form's Save: waits for its toast, or throws with what the form said instead. */
export async function saveForm(page: Page, toast: string): Promise<void> {
  await page.getByTestId('save').click();
  const said = page.locator('[data-sonner-toast]').filter({ hasText: toast }).first();
  await said.or(page.getByTestId('form-error')).first().waitFor();
  const errors = await page.getByTestId('form-error').allTextContents();
  if (errors.length > 0) throw new Error(`Save said: ${errors.join(' | ')}`);
  await said.waitFor();
}

/** A product's pictures as the owner API has them (read with the page's session). */
export const productPictures = (page: Page, id: string) =>
  page.evaluate(
    async (id) => (await (await fetch(`/api/admin/catalog/products/${id}/pictures`)).json()).data as AdminPictures,
    id,
  );

/** The ids of the pictures the product editor shows, in its order. */
export const shownPictureIds = (page: Page) =>
  page.getByTestId('picture').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-picture-id'))));

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string }[];
}

/** axe-core on the page as it is now (as tests/e2e/accessibility.spec.ts runs it): serious and critical violations. */
export async function axeProblems(page: Page): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (d: Document, o: object) => Promise<{ violations: unknown }> } })
      .axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  })) as AxeViolation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 300)}`).join(' | ')}`,
    );
}

/** Where screenshots go when SHOTS_DIR is set (e.g. /work/shots/panel); otherwise none are taken. */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
}

/** Like shot, but only what the screen shows (a sheet over the page, a sticky bar where it sits), not the whole page. */
export async function shotScreen(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(dir, `${name}-${width}.png`) });
}
