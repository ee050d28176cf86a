import type { Locator, Page } from 'playwright-core';
import { scrollAndSettle } from './browser.ts';

/**
 * The small cookie button, once it shows: like every floating button it steps aside while a line
 * of text or a control lies under it (a full-bleed band of the home page), so this scrolls down
 * the page until it rests on a free spot.
 */
export async function showCookieButton(page: Page): Promise<Locator> {
  const button = page.getByTestId('cookie-button');
  await button.waitFor({ state: 'attached' });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = await page.evaluate(() => window.scrollY); y <= height; y += 150) {
    await scrollAndSettle(page, y);
    // A button that stepped aside comes back once the scrolling has rested (250 ms).
    try {
      await page.locator('[data-testid="cookie-button"][data-visible="true"]').waitFor({ timeout: 800 });
      return button;
    } catch {
      // covered here: further down
    }
  }
  throw new Error('the cookie button never showed on this page');
}
