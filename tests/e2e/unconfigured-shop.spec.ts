import { mkdirSync } from 'node:fs';
import { DESKTOP, MOBILE, waitForHydration, watchForProblems } from './support/browser.ts';
import { expect, test } from './support/test.ts';

/**
 * A fresh install without the demo seed (issue 25, first run): the server writes a storefront
 * "A new shop" in Coming Soon mode on its first start, so every page answers (never the 500 it
 * used to be) until the owner opens the shop through the setup. Screenshots with SHOTS_DIR set.
 */
test.use({ shopOptions: { env: { SEED_DEMO: 'false' } } });
const SHOTS = process.env.SHOTS_DIR;

test.describe('a shop started without the demo', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`at ${viewport.width} px: a tidy "opening soon" page with the shop’s name on every shop URL`, async ({
      page,
      shop,
    }) => {
      await page.setViewportSize(viewport);
      const problems = await watchForProblems(page);
      for (const url of ['/', '/product/no-such-product']) {
        const response = await page.goto(`${shop.baseUrl}${url}`);
        expect([url, response?.status()]).toEqual([url, 200]);
        await waitForHydration(page);
        await expect(page).toHaveTitle('Coming Soon | A new shop');
        await expect(page.getByRole('main')).not.toContainText('500');
        if (url === '/' && SHOTS) {
          mkdirSync(SHOTS, { recursive: true });
          await page.screenshot({ path: `${SHOTS}/opening-soon-${viewport.width}.png`, fullPage: true });
        }
      }
      expect(problems).toEqual([]);
    });
  }

  test('answers the admin sign-in page', async ({ shop }) => {
    const res = await fetch(`${shop.baseUrl}/admin/login`);
    expect(res.status).toBe(200);
  });
});
