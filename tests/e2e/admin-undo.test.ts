import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@shopfront/shared';
import { DESKTOP, MOBILE, launchBrowser, newPage, type ShopBrowser } from './support/browser.ts';
import { startShop, type RunningShop } from './support/server.ts';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { insertStaff, panelReady, signIn, testStaff } from './support/admin.ts';

/*
 * Undo in a save's toast (issue 25), at 390 px and 1280 px: a setup step saved and undone (the
 * old value is back), a staff role change undone, and an undo refused because the record changed
 * since (the server's message shown). SHOTS_DIR keeps a screenshot of the toast.
 */
const OWNER = testStaff('Meera Iyer', 'owner');
const CLERK = testStaff('Arjun Rao', 'manager');

let shop: RunningShop;
let browser: ShopBrowser;
const url = (p: string) => `${shop.baseUrl}${p}`;

beforeAll(async () => {
  shop = await startShop({ env: { NODE_ENV: 'test' }, prepare: (data) => insertStaff(data, OWNER, CLERK) });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

const undoButton = (page: Page) => page.locator('[data-sonner-toast]').getByRole('button', { name: 'Undo' }).last();
const toastSaying = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).last().waitFor();

/** The screen as seen with the toast (fixed at the top): once its entry animation has ended. */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.mouse.move(0, page.viewportSize()!.height - 1);
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(dir, `${name}-${page.viewportSize()!.width}.png`) });
}

async function storeName(page: Page): Promise<string> {
  await page.goto(url('/admin/setup?step=store'));
  const field = page.getByLabel('Store name', { exact: true });
  await field.waitFor();
  return field.inputValue();
}

describe.each([
  ['phone', MOBILE],
  ['desktop', DESKTOP],
] as const)('Undo in the toast (%s)', (_, viewport) => {
  it('a setup step saved, undone from the toast: the old name is back; a later change refuses the undo', async () => {
    const page = await newPage(browser, viewport);
    await page.goto(url('/admin/login'));
    await panelReady(page);
    await signIn(page, OWNER);

    const before = await storeName(page);
    await page.getByLabel('Store name', { exact: true }).fill(`Undo me ${viewport.width}`);
    await page.getByRole('button', { name: /Save and continue|^Save$/ }).click();
    const undo = undoButton(page);
    await undo.waitFor();
    // Thumb-sized, and a button in the announced notifications region.
    const box = (await undo.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(await page.locator('section[aria-live]').getAttribute('aria-label')).toMatch(/Notifications/);
    await shot(page, 'undo-toast');
    if (viewport === DESKTOP) {
      // Keyboard: the toast is reached with Alt+T, then Undo by Tab.
      await page.keyboard.press('Alt+t');
      for (let i = 0; i < 6 && !(await undo.evaluate((el) => el === document.activeElement)); i++) {
        await page.keyboard.press('Tab');
      }
      expect(await undo.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
    } else {
      await undo.click();
    }
    await toastSaying(page, 'Change undone');
    // The header follows the undo too.
    await expect.poll(() => page.getByTestId('shop-name').textContent()).toBe(before);
    expect(await storeName(page)).toBe(before);

    // Saved, then changed by someone else: the Undo is refused with the server's message.
    await page.getByLabel('Store name', { exact: true }).fill(`Changed ${viewport.width}`);
    await page.getByRole('button', { name: /Save and continue|^Save$/ }).click();
    await undoButton(page).waitFor();
    const status = await page.evaluate(
      async ([header, value, name]) =>
        (
          await fetch('/api/admin/settings', {
            method: 'PATCH',
            headers: { 'content-type': 'application/json', [header!]: value! },
            body: JSON.stringify({ store_name: name }),
          })
        ).status,
      [CSRF_HEADER, CSRF_HEADER_VALUE, `Someone else ${viewport.width}`],
    );
    expect(status).toBe(200);
    await undoButton(page).click();
    await toastSaying(page, /changed since/);
    await shot(page, 'undo-refused');
    expect(await storeName(page)).toBe(`Someone else ${viewport.width}`);
    await page.close();
  }, 120_000);

  it("a staff member's role change undone from the toast", async () => {
    const page = await newPage(browser, viewport);
    await page.goto(url('/admin/login'));
    await panelReady(page);
    await signIn(page, OWNER);
    await page.goto(url('/admin/staff'));
    const role = page.getByLabel(`Role of ${CLERK.name}`);
    await role.waitFor();
    expect(await role.inputValue()).toBe('manager');
    await role.selectOption('packer');
    await toastSaying(page, CLERK.name);
    await expect.poll(() => role.inputValue()).toBe('packer');
    await shot(page, 'undo-staff');
    await undoButton(page).click();
    await toastSaying(page, 'Change undone');
    await expect.poll(() => role.inputValue()).toBe('manager');
    await page.close();
  }, 120_000);
});
