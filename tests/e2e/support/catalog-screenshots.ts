/**
 * Screenshots of the catalogue pages at 390 px and 1280 px, for a human to look at:
 * `npm run build && npx tsx tests/e2e/support/catalog-screenshots.ts [outDir]`
 * (BASE_URL=http://… uses a shop that is already running). Full pages, plus the first screen
 * on its own, since a tall phone page shrinks to an illegible thumbnail.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DESKTOP, MOBILE, launchBrowser, newPage, waitForHydration } from './browser.ts';
import { startShop } from './server.ts';

const outDir = process.argv[2] ?? '/tmp/shots/catalog';
const targets = [
  { name: 'listing', path: '/product-category/t-shirts' },
  { name: 'listing-filtered', path: '/shop-online?category=cushions-and-throws&opt.Colour=Blush' },
  { name: 'product', path: '/product/linen-piped-cushion-cover' },
  { name: 'search', path: '/search?q=tshrit' },
  { name: 'blog-post', path: '/blogs/meet-the-potters-of-kiln-and-co' },
  { name: 'blog', path: '/blogs' },
  { name: 'home', path: '/' },
  { name: 'contact', path: '/contact-us' },
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
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 400) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 60));
        }
        window.scrollTo(0, 0);
        await new Promise((r) => setTimeout(r, 300));
      });
      const full = path.join(outDir, `${t.name}-${viewport.width}.png`);
      await page.screenshot({ path: full, fullPage: true });
      const top = path.join(outDir, `${t.name}-${viewport.width}-top.png`);
      await page.screenshot({ path: top });
      console.log(full);
      await page.close();
    }
  }
} finally {
  await browser.close();
  await shop.stop();
}
