import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_FLAGS, testChromiumPath } from '../../../scripts/lib/chromium.mjs';
import { chromium, type BrowserContext, type Page, type Request } from 'playwright-core';

export interface ShopBrowser {
  context: BrowserContext;
  close: () => Promise<void>;
}

export const SHOPPER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/** Debian's Chromium (its headless shell when installed), with a throwaway profile. Never downloads a browser. */
export async function launchBrowser(): Promise<ShopBrowser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'shopfront-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: testChromiumPath(),
    args: ['--headless', ...CHROMIUM_FLAGS],
    viewport: { width: 1280, height: 800 },
    // isbot() counts "HeadlessChrome" as a crawler, and crawlers get different error pages.
    userAgent: SHOPPER_UA,
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export const MOBILE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/**
 * The cookie choice a tab starts with: `v1:` (Decline All, features/consent/preferences.ts), so
 * the cookie banner of the demo shop does not cover what a test taps; `null` starts without a
 * choice (the banner shows), as a first visit does.
 */
export const DEFAULT_COOKIE_CHOICE = 'v1%3A';

/** A fresh tab with its own cookies and storage, sized as asked. */
export async function newPage(
  browser: ShopBrowser,
  viewport: { width: number; height: number } = DESKTOP,
  { cookieChoice = DEFAULT_COOKIE_CHOICE }: { cookieChoice?: string | null } = {},
): Promise<Page> {
  await browser.context.clearCookies();
  // Cookies are per host, not per port: this reaches every shop the tests start.
  if (cookieChoice !== null) {
    await browser.context.addCookies([
      { name: 'cookiePreferences', value: cookieChoice, domain: '127.0.0.1', path: '/', sameSite: 'Lax' },
    ]);
  }
  const page = await browser.context.newPage();
  await page.setViewportSize(viewport);
  return page;
}

/** Collects console errors, page errors and CSP violations a shopper would never see but should never happen. */
export async function watchForProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  // A reload or link that leaves the page aborts its fetches still streaming (a revalidation, a
  // poll); Chromium reports the old document's unread body as "BodyStreamBuffer was aborted".
  // That is the page being left, not a fault: such aborts count only while no navigation is under way.
  let leaving = false;
  page.on('request', (req) => {
    if (req.isNavigationRequest() && req.frame() === page.mainFrame()) leaving = true;
  });
  page.on('load', () => {
    leaving = false;
  });
  page.on('pageerror', (err) => {
    if (leaving && /BodyStreamBuffer was aborted|AbortError/.test(`${err.name} ${err.message}`)) return;
    problems.push(`pageerror: ${err.message}`);
  });
  // Chromium's "Failed to load resource" console line omits the URL; record it here.
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`http ${res.status()}: ${new URL(res.url()).pathname}`);
  });
  await page.exposeFunction('__reportCspViolation', (text: string) => problems.push(`csp: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCspViolation: (t: string) => void }).__reportCspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI}`,
      );
    });
  });
  return problems;
}

/** Waits until React has hydrated the page (root.tsx marks <html data-hydrated> once effects run). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** Every JSON-LD block on the page, parsed. */
export async function readJsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.flatMap((b) => {
    const parsed = JSON.parse(b) as Record<string, unknown> | Record<string, unknown>[];
    return Array.isArray(parsed) ? parsed : [parsed];
  });
}

/** Counts full document loads from now on: client-side navigation must not cause any. */
export function countDocumentLoads(page: Page): () => number {
  let loads = 0;
  page.on('request', (req) => {
    if (req.resourceType() === 'document' && req.frame() === page.mainFrame()) loads++;
  });
  return () => loads;
}

/**
 * Scrolls the window to `y` and resolves once the page has handled it: the position is reached
 * and two frames have passed (the scroll event is dispatched in the next frame; what React
 * renders from it is committed before the frame after). For checking that a scroll did NOT
 * change something, with no fixed sleep.
 */
export async function scrollAndSettle(page: Page, y: number): Promise<void> {
  await page.evaluate(async (top) => {
    const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
    window.scrollTo(0, top);
    const target = Math.max(0, Math.min(top, document.documentElement.scrollHeight - window.innerHeight));
    // Smooth scrolling (none on the window today) moves over several frames.
    for (let i = 0; i < 300 && Math.abs(window.scrollY - target) > 1; i++) await frame();
    await frame();
    await frame();
  }, y);
}

/**
 * Follows the page's requests from now on (call it before `goto`). `idle()` resolves once none
 * is in flight and none has started or ended for `quietMs` (Playwright's own networkidle rule,
 * which only applies to a page load): a check that nothing went wrong (console errors, failed
 * images) then runs after everything the page asked for has answered.
 */
export function trackNetwork(page: Page, { quietMs = 500 }: { quietMs?: number } = {}) {
  const inFlight = new Set<Request>();
  let changedAt = Date.now();
  page.on('request', (req) => {
    inFlight.add(req);
    changedAt = Date.now();
  });
  const settle = (req: Request) => {
    if (inFlight.delete(req)) changedAt = Date.now();
  };
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  return {
    async idle(timeoutMs = 20_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (inFlight.size > 0 || Date.now() - changedAt < quietMs) {
        if (Date.now() > deadline) {
          const pending = [...inFlight].map((r) => r.url()).join(', ');
          throw new Error(`the page's requests did not settle within ${timeoutMs} ms; in flight: ${pending || 'none'}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
