import type { Frame, Page } from '@playwright/test';
import { DESKTOP, waitForHydration } from './support/browser.ts';
import { openPanel } from './support/admin.ts';
import { OWNER, expect, test } from './support/test.ts';

/*
 * A shop whose ADMIN_ORIGIN names a panel served on another host still previews in its own panel
 * under /admin (docs/preview-protocol.md: the frame takes messages from its parent's origin when
 * that is the shop's own). Before, the framed page listened only to ADMIN_ORIGIN, and the built-in
 * Theme screen's unsaved colour never reached it.
 */
test.use({
  shopOptions: { env: { NODE_ENV: 'test', ADMIN_ORIGIN: 'https://panel.example.test' } },
  staff: [[OWNER], { scope: 'test' }],
});

const primaryOf = (target: Page | Frame) =>
  target.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--sf-primary').trim());

test('with ADMIN_ORIGIN set elsewhere, the built-in Theme screen still previews an unsaved colour', async ({
  page,
  shop,
}) => {
  test.setTimeout(120_000);
  const problems = await openPanel(page, `${shop.baseUrl}/admin/theme`, OWNER, DESKTOP);
  await page.getByTestId('theme-editor').waitFor();
  await page.getByTestId('preview-frame').waitFor({ state: 'attached' });
  let frame: Frame | undefined;
  await expect.poll(() => (frame = page.frames().find((f) => f.url().includes('preview=1')))).toBeTruthy();
  await waitForHydration(frame as unknown as Page);
  // The frame announced itself to the panel: its toolbar is there.
  await expect(frame!.getByRole('toolbar', { name: 'Template editing' })).toBeVisible();
  const colour = '#0f766e';
  expect(await primaryOf(frame!)).not.toBe(colour);
  await page.getByTestId('colour-primary-hex').fill(colour);
  await frame!.waitForFunction(
    (c) => getComputedStyle(document.documentElement).getPropertyValue('--sf-primary').trim() === c,
    colour,
  );
  // The sign-in page's own 401 (not signed in yet) is expected; nothing else.
  expect(problems.filter((p) => !/http 401: \/api\/admin\/auth\/me|status of 401/.test(p))).toEqual([]);
});
