import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, newPage, waitForHydration, watchForProblems } from './support/browser.ts';
import { useShopSuite } from './support/suite.ts';

/**
 * A fresh install without the demo seed (issue 25, first run): the server writes a storefront
 * "A new shop" in Coming Soon mode on its first start, so every page answers (never the 500 it
 * used to be) until the owner opens the shop through the setup.
 */
const suite = useShopSuite({ env: { SEED_DEMO: 'false' } });
const SHOTS = '/work/shots/first-run';

describe('a shop started without the demo', () => {
  it('shows a tidy "opening soon" page with the shop’s name on every shop URL, phone and desktop', async () => {
    mkdirSync(SHOTS, { recursive: true });
    for (const viewport of [MOBILE, DESKTOP]) {
      for (const url of ['/', '/product/no-such-product']) {
        const page = await newPage(suite.browser, viewport);
        const problems = await watchForProblems(page);
        const response = await page.goto(`${suite.shop.baseUrl}${url}`);
        expect([url, response?.status()]).toEqual([url, 200]);
        await waitForHydration(page);
        await expect(page.title()).resolves.toBe('Coming Soon | A new shop');
        expect((await page.getByRole('main').textContent()) ?? '').not.toContain('500');
        expect(problems).toEqual([]);
        if (url === '/') await page.screenshot({ path: `${SHOTS}/opening-soon-${viewport.width}.png`, fullPage: true });
        await page.close();
      }
    }
  });

  it('answers the admin sign-in page', async () => {
    const res = await fetch(`${suite.shop.baseUrl}/admin/login`);
    expect(res.status).toBe(200);
  });
});
