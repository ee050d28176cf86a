import type { FrameLocator, Page } from '@playwright/test';
import { shotScreen } from './support/admin.ts';
import { DESKTOP, MOBILE } from './support/browser.ts';
import { OWNER, expect, test } from './support/test.ts';

/*
 * The preview follows the editor (issue 28, `shopfront:preview:focus` in docs/preview-protocol.md):
 * opening a section near the bottom of the home page's template scrolls the framed home page to
 * it and outlines it for a moment, where before the frame stayed at the top. At 390 px the preview
 * is a tab: the section shows when the owner switches to it. A shopper's page has none of it. SHOTS_DIR=/work/shots/preview keeps
 * both.
 */
test.use({ shopOptions: { env: { NODE_ENV: 'test' } }, staff: [OWNER] });

const preview = (page: Page): FrameLocator => page.frameLocator('[data-testid="preview-frame"]');

/** Whether section `key` and the first section of the page are inside the frame's viewport. */
const whatShows = (frame: FrameLocator, key: string) =>
  frame.locator('body').evaluate((_, k) => {
    const seen = (el: Element | null | undefined) => {
      const r = el?.getBoundingClientRect();
      return Boolean(r && r.height > 0 && r.bottom > 0 && r.top < window.innerHeight);
    };
    const wrappers = document.querySelectorAll('[data-section-key]');
    return {
      section: seen(document.querySelector(`[data-section-key="${k}"]`)?.firstElementChild),
      top: window.scrollY === 0 || seen(wrappers[0]?.firstElementChild),
    };
  }, key);

/** Records the focus rings the frame draws from now on (they last about 1.5 s). */
const watchRings = (frame: FrameLocator) =>
  frame.locator('body').evaluate((body) => {
    const rings: { ariaHidden: string | null; pointerEvents: string }[] = [];
    Object.assign(window, { focusRings: rings });
    new MutationObserver((changes) => {
      for (const c of changes) {
        for (const n of c.addedNodes) {
          if (n instanceof HTMLElement && n.hasAttribute('data-preview-focus-ring')) {
            rings.push({ ariaHidden: n.getAttribute('aria-hidden'), pointerEvents: n.style.pointerEvents });
          }
        }
      }
    }).observe(body, { childList: true });
  });
const ringsDrawn = (frame: FrameLocator) =>
  frame.locator('body').evaluate(() => (window as unknown as { focusRings: unknown[] }).focusRings);

/**
 * Waits for the focus ring over section `key`, then pushes the page down by 150 px above the
 * sections and tells whether the ring covered the section before and after (it lasts 1.5 s: all in
 * one evaluate, so the check is not raced by the test's own round trips).
 */
const outlineFollowsAShift = (frame: FrameLocator, key: string) =>
  frame.locator('body').evaluate(async (_, k) => {
    const frameDone = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const onSection = () => {
      const ring = document.querySelector('[data-preview-focus-ring]')?.getBoundingClientRect();
      const box = document.querySelector(`[data-section-key="${k}"]`)?.firstElementChild?.getBoundingClientRect();
      return Boolean(ring && box && Math.abs(ring.top - box.top) < 1 && Math.abs(ring.height - box.height) < 1);
    };
    for (let waited = 0; !document.querySelector('[data-preview-focus-ring]') && waited < 5000; waited += 20) {
      await new Promise((done) => setTimeout(done, 20));
    }
    const before = onSection();
    const shift = document.createElement('div');
    shift.style.height = '150px';
    document.querySelector('[data-section-key]')!.before(shift);
    await frameDone();
    const after = onSection();
    shift.remove();
    await frameDone();
    return { before, after };
  }, key);

/** The home page editor, its preview showing the home page at the top with the editor's sections. */
async function openHomeEditor(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/admin/templates/home`);
  await page.getByRole('heading', { level: 1, name: 'Home page' }).waitFor();
  const frame = preview(page);
  // The wrappers appear once the editor's sections reached the frame.
  await expect(frame.locator('[data-section-key="journal"]')).toHaveCount(1);
  expect(await whatShows(frame, 'journal')).toEqual({ section: false, top: true });
  return frame;
}

test('at 1280 px: opening a section near the bottom scrolls the preview to it and outlines it', async ({
  shop,
  owner,
  newPage,
}) => {
  test.setTimeout(120_000);
  const { page } = owner;
  await page.setViewportSize(DESKTOP);
  const frame = await openHomeEditor(page, shop.baseUrl);
  await watchRings(frame);

  await page.getByTestId('section-journal').click();
  // While the outline shows, something above the section grows (a picture loading): it follows.
  expect(await outlineFollowsAShift(frame, 'journal')).toEqual({ before: true, after: true });
  // The click itself may scroll the panel (the chosen row and its settings are brought into view):
  // the panel's position is read once its section settings show.
  await expect(page.getByTestId('section-actions')).toBeVisible();
  const panelScroll = await page.evaluate(() => window.scrollY);
  await expect.poll(() => whatShows(frame, 'journal')).toEqual({ section: true, top: false });
  await expect(frame.getByRole('heading', { name: 'From the blog' })).toBeInViewport();
  await expect.poll(() => ringsDrawn(frame)).toEqual([{ ariaHidden: 'true', pointerEvents: 'none' }]);
  // Only the frame's page scrolled, not the panel around it.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(panelScroll);
  await shotScreen(page, 'preview-focus');

  // The hero at the top: the preview goes back up.
  await page.getByTestId('section-hero').click();
  await expect.poll(() => whatShows(frame, 'journal')).toEqual({ section: false, top: true });

  // A shopper's home page (no frame) has no section wrappers.
  const shopper = await newPage();
  await shopper.goto(`${shop.baseUrl}/`);
  await expect(shopper.getByRole('heading', { name: 'From the blog' })).toBeVisible();
  await expect(shopper.locator('[data-section-key]')).toHaveCount(0);
});

test('at 390 px: the section opened on the Edit tab shows when the Preview tab is chosen', async ({ shop, owner }) => {
  test.setTimeout(120_000);
  const { page } = owner;
  await page.setViewportSize(MOBILE);
  const frame = await openHomeEditor(page, shop.baseUrl);
  await expect(page.getByTestId('preview-frame')).toBeHidden();

  await page.getByTestId('section-journal').click();
  // The editor is scrolled down to the section; the Preview tab shows the whole frame, under its tab bar.
  await page.evaluate(() => window.scrollBy(0, 400));
  const editScroll = await page.evaluate(() => window.scrollY);
  expect(editScroll).toBeGreaterThan(0);
  await page.getByTestId('tab-preview').click();
  await expect(page.getByTestId('preview-frame')).toBeVisible();
  await expect.poll(() => whatShows(frame, 'journal')).toEqual({ section: true, top: false });
  await expect(frame.getByRole('heading', { name: 'From the blog' })).toBeInViewport();
  const box = (await page.getByTestId('preview-frame').boundingBox())!;
  const tabBar = (await page.getByRole('tablist').boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(tabBar.y + tabBar.height);
  expect(box.y + box.height).toBeLessThanOrEqual(MOBILE.height);
  await shotScreen(page, 'preview-focus');
  // Back on Edit, the editor is where it was.
  await page.getByTestId('tab-edit').click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(editScroll);
});
