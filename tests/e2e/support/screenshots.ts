/**
 * Full-page screenshots of the home and 404 pages on a phone and a desktop width, for a human
 * to look at: `npm run build && npx tsx tests/e2e/support/screenshots.ts [outDir]`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DESKTOP, MOBILE, launchBrowser, newPage, waitForHydration } from './browser.ts';
import { startShop } from './server.ts';

const outDir = process.argv[2] ?? '/tmp/shots';
const extra = (process.env.SHOT_PATHS ?? '').split(',').filter(Boolean);
const targets = [
  { name: 'home', path: '/' },
  { name: '404', path: '/this-page-does-not-exist' },
  ...extra.map((p) => ({ name: p.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root', path: p })),
];

mkdirSync(outDir, { recursive: true });
const shop = process.env.BASE_URL ? { baseUrl: process.env.BASE_URL, stop: async () => {} } : await startShop();
const browser = await launchBrowser();
try {
  for (const viewport of [MOBILE, DESKTOP]) {
    for (const t of targets) {
      const page = await newPage(browser, viewport);
      await page.goto(`${shop.baseUrl}${t.path}`, { waitUntil: 'networkidle' });
      await waitForHydration(page);
      // Lazy images below the fold only load when scrolled to; walk the page once.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 400) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 60));
        }
        window.scrollTo(0, 0);
        await new Promise((r) => setTimeout(r, 300));
      });
      const file = path.join(outDir, `${t.name}-${viewport.width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
      if (process.env.SHOT_PARTS) {
        // Tall phone pages shrink to illegible thumbnails; cut them into screen-sized parts too.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0, n = 1; y < height; y += viewport.height, n++) {
          const part = path.join(outDir, `${t.name}-${viewport.width}-part${n}.png`);
          await page.screenshot({
            path: part,
            fullPage: true,
            clip: { x: 0, y, width: viewport.width, height: Math.min(viewport.height, height - y) },
          });
        }
      }
      await page.close();
    }
  }
} finally {
  await browser.close();
  await shop.stop();
}
