/**
 * The README's pictures of the owner's panel (docs/screenshots/panel-*.png): the orders list and
 * an order at 390 px, the setup at 390 px, the orders list at 1280 px, and the editors beside
 * their live preview: the home page's template and the Theme at 1280 px, the header menu and the
 * template's Preview tab at 390 px. Takes them from a demo shop
 * of its own (the built app: `npm run build` first), signed in as the demo owner, with Debian's
 * Chromium. Run: `npx tsx scripts/panel-screenshots.ts` (OUT_DIR to write elsewhere).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { panelReady } from '../tests/e2e/support/admin.ts';
import { DESKTOP, MOBILE, launchBrowser, newPage } from '../tests/e2e/support/browser.ts';
import { startShop } from '../tests/e2e/support/server.ts';

const OUT = process.env.OUT_DIR ?? path.resolve(import.meta.dirname, '../docs/screenshots');
const OWNER = { email: 'owner@example.com', password: 'Loom&Leaf-Owner-2026' };

async function signIn(page: Page, baseUrl: string, to: string): Promise<void> {
  await page.goto(`${baseUrl}/admin${to}`);
  await panelReady(page);
  const form = page.getByTestId('staff-sign-in');
  await form.getByLabel('E-mail address').fill(OWNER.email);
  await form.getByLabel('Password').fill(OWNER.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('signed-in-as').waitFor();
}

/** The framed shop in an editor's preview, once it has drawn its header. */
const previewReady = (page: Page) =>
  page.frameLocator('[data-testid="preview-frame"]').locator('header').first().waitFor();

const listSettled = (page: Page) =>
  page.locator('[data-testid="orders-list"][aria-busy="false"] [data-testid="order-row"]').first().waitFor();

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const shop = await startShop();
  const browser = await launchBrowser();
  try {
    const save = (page: Page, name: string) => page.screenshot({ path: path.join(OUT, `${name}.png`) });

    const phone = await newPage(browser, MOBILE);
    await signIn(phone, shop.baseUrl, '/orders?tab=to_pack');
    await listSettled(phone);
    await save(phone, 'panel-orders-390');
    await phone.getByTestId('order-row').first().getByRole('link').click();
    await phone.getByTestId('order-actions').waitFor();
    await save(phone, 'panel-order-390');
    await phone.goto(`${shop.baseUrl}/admin/setup?step=tax`);
    await phone.getByRole('radio', { name: '12%' }).waitFor();
    await save(phone, 'panel-setup-390');
    await phone.goto(`${shop.baseUrl}/admin/menus/main-menu`);
    await phone.getByTestId('menu-editor').waitFor();
    await save(phone, 'panel-menu-390');
    await phone.goto(`${shop.baseUrl}/admin/templates/home`);
    await phone.getByTestId('section-list').waitFor();
    await phone.getByTestId('tab-preview').click();
    await previewReady(phone);
    await save(phone, 'panel-template-preview-390');

    const desk = await newPage(browser, DESKTOP);
    await signIn(desk, shop.baseUrl, '/orders?tab=to_pack');
    await listSettled(desk);
    await save(desk, 'panel-orders-1280');
    await desk.goto(`${shop.baseUrl}/admin/templates/home`);
    await desk.getByTestId('section-list').waitFor();
    await previewReady(desk);
    await save(desk, 'panel-template-1280');
    await desk.goto(`${shop.baseUrl}/admin/theme`);
    await desk.getByTestId('theme-editor').waitFor();
    await previewReady(desk);
    await save(desk, 'panel-theme-1280');
  } finally {
    await browser.close();
    await shop.stop();
  }
  console.log(`Screenshots written to ${OUT}`);
}

await main();
