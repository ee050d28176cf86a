import type { FrameLocator, Page } from '@playwright/test';
import { pluginMessages, staffMessages } from '@shopfront/shared';
import { axeProblems, shot, shotScreen, toastSays } from './support/admin.ts';
import { DESKTOP, MOBILE, waitForHydration } from './support/browser.ts';
import { OWNER, expect, test, type Viewport } from './support/test.ts';

/*
 * Issue 28's owner journeys at 1280 and 390 px, as a new owner would go: the shop switched to
 * Coming Soon and back on Settings → Opening and store password (a shopper is sent to the Coming
 * Soon page, then has the shop again; that screen has no preview of its own, so the Theme screen's
 * preview is looked at: the owner, as staff, sees the shop with a strip saying what shoppers see),
 * and the chat button plugin removed and installed again from the Plugins screen, its settings form
 * filled, watched in the screen's preview of the shop (a tab on a phone) and on a shopper's page.
 * On a phone both screens are reached from the bottom bar's More. SHOTS_DIR keeps the screens.
 */
test.use({ shopOptions: { env: { NODE_ENV: 'test' } }, staff: [OWNER] });

const preview = (page: Page): FrameLocator => page.frameLocator('[data-testid="preview-frame"]');
/** The sign-in page's "who is signed in?" (401) and the settings form's refusal of a bad phone number (422). */
const unexpected = (problems: string[]) =>
  problems.filter(
    (p) =>
      !/http 401: \/api\/admin\/auth\/me|status of 401|http 422: \/api\/admin\/plugins\/WhatsApp$|status of 422/.test(
        p,
      ),
  );
const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 1024;

/** A place of the panel: the sidebar's link at 1280 px, the bottom bar's More on a phone. */
async function openPlace(page: Page, group: string, name: string) {
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'More', exact: true }).click();
    await page.getByRole('dialog').getByRole('link', { name, exact: true }).click();
  } else {
    const nav = page.getByRole('navigation', { name: 'Main' });
    const fold = nav.getByRole('button', { name: group, exact: true });
    if ((await fold.getAttribute('aria-expanded')) === 'false') await fold.click();
    await nav.getByRole('link', { name, exact: true }).click();
  }
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

/** Settings → Opening and store password: chooses `mode` and saves. */
async function saveOpening(page: Page, mode: 'Open' | 'Coming Soon') {
  await openPlace(page, 'Shop', 'Settings');
  await page
    .getByTestId('settings-groups')
    .getByRole('link', { name: /Opening and store password/ })
    .click();
  const form = page.getByTestId('settings-opening');
  await form.getByRole('radio', { name: new RegExp(`^${mode}`) }).check();
  await expect(page.getByTestId('settings-save-bar')).toContainText('Unsaved changes');
  await shotScreen(page, `journey-opening-${mode === 'Open' ? 'open' : 'soon'}`);
  expect(await axeProblems(page)).toEqual([]);
  await page.getByTestId('settings-save').click();
  await toastSays(page, staffMessages.storefrontSaved);
  await expect(page.getByTestId('settings-save-bar')).toContainText('All changes saved');
}

/** The Theme screen's preview (a tab on a phone), reloaded so it shows the shop as it is now. */
async function themePreview(page: Page): Promise<FrameLocator> {
  await page.goto(page.url().replace(/\/admin.*$/, '/admin/theme'));
  await page.getByRole('heading', { level: 1, name: 'Theme' }).waitFor();
  if (isPhone(page)) await page.getByTestId('tab-preview').click();
  await expect(preview(page).locator('#main-content')).toBeVisible();
  return preview(page);
}

async function comingSoonAndBack(page: Page, baseUrl: string, shopper: Page) {
  await saveOpening(page, 'Coming Soon');
  await shopper.goto(`${baseUrl}/`);
  await shopper.waitForURL(`${baseUrl}/coming-soon`);
  await expect(shopper.getByRole('heading', { name: 'Something new is on its way' })).toBeVisible();
  await shot(shopper, 'journey-shopper-coming-soon');
  // The owner's preview: the shop itself, under a strip saying what shoppers see instead.
  const frame = await themePreview(page);
  await expect(frame.getByTestId('staff-bar')).toContainText('Shoppers see: Coming Soon');
  await shotScreen(page, 'journey-preview-coming-soon');

  await saveOpening(page, 'Open');
  // The first save's toast may still be on screen: the shop is open once a shopper is let in.
  await expect
    .poll(async () => {
      await shopper.goto(`${baseUrl}/`);
      return new URL(shopper.url()).pathname;
    })
    .toBe('/');
  await expect(shopper.locator('section.hero-slider').first()).toBeVisible();
  await expect((await themePreview(page)).getByTestId('staff-bar')).toHaveCount(0);
}

test.describe('Coming Soon and back', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    test(`at ${viewport.width} px: shoppers get the Coming Soon page, the owner's preview says so; then the shop is open again`, async ({
      shop,
      owner,
      newPage,
    }) => {
      test.setTimeout(180_000);
      await owner.page.setViewportSize(viewport);
      await comingSoonAndBack(owner.page, shop.baseUrl, await newPage(viewport));
      expect(unexpected(owner.problems)).toEqual([]);
    });
  }
});

const chatLink = (page: Page | FrameLocator) => page.locator('a[href^="https://wa.me/"]');

/** The Plugins screen's preview (its tab on a phone, then back to the list): `check` runs on the framed shop. */
async function watchPreview(page: Page, check: (shop: FrameLocator) => Promise<void>) {
  if (isPhone(page)) await page.getByTestId('tab-preview').click();
  await expect(preview(page).locator('#main-content')).toBeVisible();
  await check(preview(page));
  if (isPhone(page)) await page.getByTestId('tab-edit').click();
}

/** The chat button plugin removed (Undo offered), then installed with its settings form filled. */
async function reinstallChat(page: Page, baseUrl: string, shopper: Page, viewport: Viewport, number: string) {
  await openPlace(page, 'Shop', 'Plugins');
  const row = page.getByTestId('plugin-WhatsApp');
  await expect(row).toContainText('Installed');
  await row.getByRole('button', { name: 'Remove Chat button' }).click();
  await toastSays(page, staffMessages.pluginRemoved);
  await expect(row).not.toContainText('Installed');
  // The screen's preview of the shop reloads without the button.
  await watchPreview(page, async (shop) => expect(chatLink(shop)).toHaveCount(0));
  await shopper.goto(`${baseUrl}/`);
  await waitForHydration(shopper);
  await expect(shopper.locator('section.hero-slider').first()).toBeVisible();
  await expect(chatLink(shopper)).toHaveCount(0);

  // Install… asks for the settings first: a phone number has no default.
  await row.getByRole('button', { name: 'Install Chat button' }).click();
  const sheet = page.getByTestId('plugin-settings');
  await expect(sheet.getByRole('heading', { name: 'Chat button: settings' })).toBeVisible();
  await sheet.getByLabel('Phone number').fill(`+${number.slice(0, 2)} ${number.slice(2)}`);
  await sheet.getByRole('button', { name: 'Install' }).click();
  await expect(sheet.getByText(pluginMessages.mobileNo)).toBeVisible();
  await sheet.getByLabel('Phone number').fill(number);
  await sheet.getByLabel('Message the chat starts with').fill('Hello! Is the indigo throw back in stock?');
  await sheet.getByLabel('Button position').selectOption('Bottom Left');
  await shotScreen(page, 'journey-chat-settings');
  expect(await axeProblems(page)).toEqual([]);
  await sheet.getByRole('button', { name: 'Install' }).click();
  await toastSays(page, staffMessages.pluginInstalled);
  await expect(sheet).toBeHidden();
  await expect(row).toContainText('Installed');
  await shot(page, 'journey-plugins');
  await watchPreview(page, async (shop) => {
    await expect(chatLink(shop)).toHaveAttribute('href', new RegExp(`^https://wa.me/${number}`));
    await shotScreen(page, 'journey-plugins-preview');
    expect(await axeProblems(page)).toEqual([]);
  });

  // A shopper's page has the button, at the chosen corner, opening a chat with the number and message.
  await shopper.goto(`${baseUrl}/`);
  const chat = chatLink(shopper);
  await expect(chat).toBeVisible();
  await expect(chat).toHaveAttribute(
    'href',
    `https://wa.me/${number}?text=Hello!%20Is%20the%20indigo%20throw%20back%20in%20stock%3F`,
  );
  const box = (await chat.boundingBox())!;
  expect(box.x + box.width / 2).toBeLessThan(viewport.width / 2);
  await shotScreen(shopper, 'journey-shopper-chat');
}

test.describe('the chat button plugin', () => {
  for (const [viewport, number] of [
    [DESKTOP, '919876543210'],
    [MOBILE, '919812345678'],
  ] as const) {
    test(`at ${viewport.width} px: removed, installed again from the Plugins screen with its settings, on the shop`, async ({
      shop,
      owner,
      newPage,
    }) => {
      test.setTimeout(180_000);
      await owner.page.setViewportSize(viewport);
      await reinstallChat(owner.page, shop.baseUrl, await newPage(viewport), viewport, number);
      expect(unexpected(owner.problems)).toEqual([]);
    });
  }
});
