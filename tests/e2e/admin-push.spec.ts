import type { Page } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import { DESKTOP, MOBILE } from './support/browser.ts';
import { axeProblems, openPanel, shot, testStaff } from './support/admin.ts';
import { expect, test } from './support/test.ts';

/*
 * "Notifications on this device" on Your account (Web Push, issue 25), at 390 and 1280 px.
 * Headless Chromium has no push service: with the permission granted, turning on registers the
 * panel's service worker and then fails to subscribe, and the page must say so plainly (not hang).
 * Without the permission the browser refuses (Blocked), and a browser without the Push API is told
 * why (Not available). A content editor, who gets no order alerts, does not see the control.
 * SHOTS_DIR=/work/shots/push keeps a screenshot of each state. Each test has a browser context
 * of its own, so a permission granted or refused in one never reaches the next.
 */
const OWNER = testStaff('Anita Rao', 'owner');
const EDITOR = testStaff('Kiran Das', 'content_editor');

// Chromium's headless shell (the other files' browser) answers every notification permission
// "denied", whatever is granted: this file drives the full Chromium, in workers of its own.
test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS } });
// A tuple: Playwright reads an array whose second item is an object as [value, options].
test.use({ shopOptions: { env: { NODE_ENV: 'test' } }, staff: [[OWNER, EDITOR], { scope: 'test' }] });

/** The signed-out panel's own 401 while it shows the sign-in form. */
const unexpected = (problems: string[]) =>
  problems.filter(
    (p) =>
      p !== 'http 401: /api/admin/auth/me' &&
      !p.startsWith('console: Failed to load resource: the server responded with a status of 401') &&
      // Playwright's contexts are off the record, where Chromium logs that it has no Push API.
      !p.startsWith('console: Chrome currently does not support the Push API in incognito mode'),
  );
const status = (page: Page) => page.getByTestId('push-status');

test.describe('Notifications on this device', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`at ${viewport.width} px: off until pressed, then a plain message when the browser has no push service`, async ({
      page,
      shop,
    }) => {
      await page.context().grantPermissions(['notifications'], { origin: shop.baseUrl });
      const problems = await openPanel(page, `${shop.baseUrl}/admin/account`, OWNER, viewport);
      const control = page.getByTestId('device-notifications');
      await control.getByRole('heading', { name: 'Notifications on this device' }).waitFor();
      await expect(status(page)).toHaveText('Off');
      await shot(page, 'push-off');
      expect(await axeProblems(page)).toEqual([]);

      const started = Date.now();
      await control.getByRole('button', { name: 'Turn on notifications' }).click();
      await page
        .getByTestId('push-problem')
        .getByText('could not sign this device up with its push service')
        .waitFor({ timeout: 30_000 });
      const waited = Date.now() - started;
      console.log(`[push] at ${viewport.width} px the page said it failed after ${waited} ms`);
      expect(waited).toBeLessThan(16_000);
      await expect(status(page)).toHaveText('Off');
      await control.getByRole('button', { name: 'Turn on notifications' }).waitFor();
      await expect(control.getByRole('button', { name: 'Turn on notifications' })).toBeEnabled();
      // The panel's worker was registered at /admin/ on the way.
      await expect
        .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/admin/'))?.scope))
        .toBe(`${shop.baseUrl}/admin/`);
      await shot(page, 'push-no-service');
      expect(await axeProblems(page)).toEqual([]);
      expect(unexpected(problems)).toEqual([]);
    });

    test(`at ${viewport.width} px: a refused permission shows Blocked with how to allow it`, async ({ page, shop }) => {
      await openPanel(page, `${shop.baseUrl}/admin/account`, OWNER, viewport);
      const control = page.getByTestId('device-notifications');
      await expect(status(page)).toHaveText(/^(Off|Blocked)$/);
      // Chromium may keep a refusal for the site: the page may find it blocked already.
      if ((await status(page).textContent()) === 'Off') {
        await control.getByRole('button', { name: 'Turn on notifications' }).click();
      }
      await expect(status(page)).toHaveText('Blocked');
      await control.getByText('This browser blocks notifications from the shop').waitFor();
      await expect(control.getByRole('button', { name: /Turn on/ })).toHaveCount(0);
      await shot(page, 'push-blocked');
      expect(await axeProblems(page)).toEqual([]);
    });

    test(`at ${viewport.width} px: a browser without the Push API is told why`, async ({ page, shop }) => {
      await openPanel(page, `${shop.baseUrl}/admin/login`, OWNER, viewport);
      await page.addInitScript(() => {
        delete (window as { PushManager?: unknown }).PushManager;
      });
      await page.goto(`${shop.baseUrl}/admin/account`);
      await expect(status(page)).toHaveText('Not available');
      await page.getByText('This browser cannot show notifications from websites').waitFor();
      await shot(page, 'push-unsupported');
    });
  }

  test('is not offered to a content editor (no order alerts for the role)', async ({ page, shop }) => {
    await openPanel(page, `${shop.baseUrl}/admin/account`, EDITOR, MOBILE);
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    await expect(page.getByTestId('device-notifications')).toHaveCount(0);
  });
});
