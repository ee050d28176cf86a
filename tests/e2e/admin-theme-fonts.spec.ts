import type { Frame, Page, Response } from '@playwright/test';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@shopfront/shared';
import { DESKTOP, MOBILE, trackNetwork, waitForHydration } from './support/browser.ts';
import { axeProblems, openPanel, shotScreen, toastSays } from './support/admin.ts';
import { OWNER, expect, test } from './support/test.ts';

/*
 * Web fonts from the allowed list (issue 28), at 390 and 1280 px on the compiled server's build:
 * the owner picks a serif web font for the text on the Theme screen (axe: no serious or critical
 * findings), the framed preview loads it from the shop and renders with it before anything is
 * saved; after Publish a shopper's home page preloads the woff2 from the shop itself (immutable,
 * font/woff2) and its text is drawn with it (Chromium's own answer of the fonts it used). Each
 * test starts from device fonts and notes the home page's transferred bytes with and without.
 * SHOTS_DIR=/work/shots/e keeps a screenshot of each screen.
 */
test.use({ shopOptions: { env: { NODE_ENV: 'test' } }, staff: [[OWNER], { scope: 'test' }] });

/** What each run picks: its own text and heading fonts (the shop is shared by the file's tests). */
const PICKS = {
  [MOBILE.width]: {
    body: 'Lora',
    heading: 'Lora',
    file: /\/assets\/fonts\/lora-[0-9a-f]{10}\.woff2$/,
  },
  [DESKTOP.width]: {
    body: 'Literata',
    heading: 'Playfair Display',
    file: /\/assets\/fonts\/literata-[0-9a-f]{10}\.woff2$/,
  },
};

const computedFont = (target: Page | Frame, selector: string) =>
  target.evaluate((s) => getComputedStyle(document.querySelector(s)!).fontFamily, selector);

/** Whether the page's fonts include `family` from an @font-face rule, loaded. */
const fontLoaded = (target: Page | Frame, family: string) =>
  target.evaluate(
    (f) => [...document.fonts].some((face) => face.family.replace(/"/g, '') === f && face.status === 'loaded'),
    family,
  );

/**
 * The fonts Chromium drew the text of the first element of `tags` on screen (not a screen-reader
 * one) with its own text set in `family` (DevTools' "Rendered Fonts" of that element), marked
 * `data-font-probe=<probe>` for what follows.
 */
async function renderedFonts(page: Page, tags: string, family: string, probe: string): Promise<string[]> {
  const marked = await page.evaluate(
    ({ tags, family, probe }) => {
      const el = [...document.querySelectorAll<HTMLElement>(tags)].find((e) => {
        const box = e.getBoundingClientRect();
        return (
          box.width > 40 &&
          box.height > 10 &&
          [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim().length > 3) &&
          getComputedStyle(e).fontFamily.replace(/"/g, '').startsWith(`${family},`)
        );
      });
      el?.setAttribute('data-font-probe', probe);
      return Boolean(el);
    },
    { tags, family, probe },
  );
  expect(marked, `a ${tags} set in ${family}`).toBe(true);
  const selector = `[data-font-probe="${probe}"]`;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts.map((f) => f.familyName);
}

/** A first visit's transferred bytes (the document and everything it fetched), once the network is quiet. */
async function homeBytes(page: Page, baseUrl: string): Promise<number> {
  const network = trackNetwork(page);
  await page.goto(`${baseUrl}/`);
  await waitForHydration(page);
  await network.idle();
  return page.evaluate(() =>
    (performance.getEntries() as PerformanceResourceTiming[])
      .filter((e) => e.entryType === 'navigation' || e.entryType === 'resource')
      .reduce((sum, e) => sum + e.transferSize, 0),
  );
}

/** The framed shop, once it has hydrated. */
async function previewFrame(page: Page): Promise<Frame> {
  await page.getByTestId('preview-frame').waitFor({ state: 'attached' });
  let frame: Frame | undefined;
  await expect.poll(() => (frame = page.frames().find((f) => f.url().includes('preview=1')))).toBeTruthy();
  await waitForHydration(frame as unknown as Page);
  return frame!;
}

test.describe('web fonts on the Theme screen', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`at ${viewport.width} px: a serif web font shows in the preview at once, and shoppers get it from the shop on Publish`, async ({
      page,
      shop,
      newPage,
    }) => {
      test.setTimeout(180_000);
      const pick = PICKS[viewport.width]!;
      const problems = await openPanel(page, `${shop.baseUrl}/admin/`, OWNER, viewport);
      // Every run starts from device fonts (what the demo shop has).
      const reset = await page.evaluate(
        async ({ h, v }) =>
          (
            await fetch('/api/admin/storefront', {
              method: 'PATCH',
              headers: { 'content-type': 'application/json', [h]: v },
              body: JSON.stringify({ typography: { body_font: 'system-ui', heading_font: 'Georgia' } }),
            })
          ).status,
        { h: CSRF_HEADER, v: CSRF_HEADER_VALUE },
      );
      expect(reset).toBe(200);

      // A first visit with device fonts: no font file, no preload.
      const before = await newPage(viewport);
      const withoutFonts = await homeBytes(before, shop.baseUrl);
      await expect(before.locator('link[rel="preload"][as="font"]')).toHaveCount(0);

      const fontFiles: Response[] = [];
      page.on('response', (r) => {
        if (r.url().includes('/assets/fonts/')) fontFiles.push(r);
      });
      await page.goto(`${shop.baseUrl}/admin/theme`);
      await page.getByTestId('theme-editor').waitFor();
      const frame = await previewFrame(page);
      expect(await computedFont(frame, 'body')).toBe('system-ui');

      await page.getByTestId('font-body').selectOption(pick.body);
      await page.getByTestId('font-heading').selectOption(pick.heading);
      await expect(page.getByTestId('font-body')).toHaveValue(pick.body);
      await page.getByTestId('font-body').scrollIntoViewIfNeeded();
      expect(await axeProblems(page)).toEqual([]);
      await shotScreen(page, 'theme-web-font-picked');
      if (viewport === MOBILE) {
        await page.getByTestId('tab-preview').click();
        await expect(page.getByTestId('preview-frame')).toBeVisible();
      }
      // Live in the frame, before anything is saved: the stack, and the file loaded from the shop.
      await expect.poll(() => computedFont(frame, 'body')).toMatch(new RegExp(`^"?${pick.body}"?, ui-serif`));
      await expect.poll(() => computedFont(frame, 'h2')).toMatch(new RegExp(`^"?${pick.heading}"?, ui-serif`));
      await expect.poll(() => fontLoaded(frame, pick.body)).toBe(true);
      await expect.poll(() => fontLoaded(frame, pick.heading)).toBe(true);
      expect(fontFiles.map((r) => new URL(r.url()).origin)).toContain(shop.baseUrl);
      expect(fontFiles.some((r) => pick.file.test(r.url()) && r.status() === 200)).toBe(true);
      await shotScreen(page, 'theme-web-font-preview');

      await page.getByTestId('publish').click();
      await toastSays(page, 'Storefront settings saved');
      await expect(page.getByTestId('theme-save-bar')).toContainText('All published');

      // A shopper's first visit: the text font preloaded from the shop, drawn with it.
      const shopper = await newPage(viewport);
      const shopperFonts: Response[] = [];
      shopper.on('response', (r) => {
        if (r.url().includes('/assets/fonts/')) shopperFonts.push(r);
      });
      const withFonts = await homeBytes(shopper, shop.baseUrl);
      const preload = shopper.locator('link[rel="preload"][as="font"]');
      await expect(preload).toHaveCount(1);
      expect(await preload.getAttribute('href')).toMatch(pick.file);
      expect(await preload.getAttribute('type')).toBe('font/woff2');
      const bodyFile = shopperFonts.find((r) => pick.file.test(r.url()));
      expect(bodyFile, shopperFonts.map((r) => r.url()).join(', ')).toBeTruthy();
      expect(new URL(bodyFile!.url()).origin).toBe(shop.baseUrl);
      expect(bodyFile!.status()).toBe(200);
      expect(bodyFile!.headers()['content-type']).toBe('font/woff2');
      expect(bodyFile!.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      // Fetched once: the preload is the request the @font-face rule uses.
      expect(shopperFonts.filter((r) => pick.file.test(r.url()))).toHaveLength(1);
      await expect.poll(() => fontLoaded(shopper, pick.body)).toBe(true);
      expect(await computedFont(shopper, 'body')).toMatch(new RegExp(`^"?${pick.body}"?, ui-serif`));
      expect(await renderedFonts(shopper, 'p, a, span, li', pick.body, 'text')).toContain(pick.body);
      expect(await renderedFonts(shopper, 'h1, h2, h3', pick.heading, 'heading')).toContain(pick.heading);
      await shotScreen(shopper, 'shopper-home-web-font');
      await shopper.locator('[data-font-probe="text"]').scrollIntoViewIfNeeded();
      await shotScreen(shopper, 'shopper-home-web-font-text');

      const fileBytes = (await bodyFile!.body()).length;
      test.info().annotations.push({
        type: 'home page transferred bytes',
        description: `device fonts ${withoutFonts} B, ${pick.body}${pick.heading !== pick.body ? ` + ${pick.heading}` : ''} ${withFonts} B (+${withFonts - withoutFonts} B; the text font file ${fileBytes} B)`,
      });
      console.log(`[${viewport.width} px] ${test.info().annotations.at(-1)!.description}`);
      // A web font costs its files and little else.
      expect(withFonts - withoutFonts).toBeGreaterThan(fileBytes * 0.9);
      expect(withFonts - withoutFonts).toBeLessThan(fileBytes + 70_000);
      // The sign-in page asks whether someone is signed in first: its 401 is the expected answer.
      expect(problems.filter((p) => !/\b401\b/.test(p))).toEqual([]);
    });
  }
});
