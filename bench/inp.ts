/**
 * Interaction to Next Paint, measured the way the web-vitals library does it, in Debian's
 * Chromium driven by playwright-core: Lighthouse's mobile screen (412×823, DPR 1.75, touch), its
 * 4× CPU slowdown (DevTools' CPU throttling) and a slow 4G connection (150 ms RTT, 1.6 Mbit/s
 * down), a fresh profile per run. A PerformanceObserver of `event` entries (durationThreshold
 * 16 ms) groups the entries by interactionId; an interaction's latency is its longest entry
 * (input delay + processing + presentation, rounded to 8 ms by Chromium), and INP is the worst
 * interaction (web-vitals takes the 98th percentile only from 50 interactions on). Each flow is
 * what a shopper does on the page; bench/lighthouse.ts runs them and writes the medians.
 */
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';

export interface InpFlow {
  name: string;
  path: string;
  /** The taps, each with what it should bring about before the next (the results shown, the menu closed). */
  steps: (page: Page) => Promise<void>;
}

/** One interaction: its type (pointer, keyboard) and latency in ms. */
export interface Interaction {
  type: string;
  target: string;
  ms: number;
}

export interface InpRun {
  inpMs: number;
  interactions: Interaction[];
}

const facetLabel = (page: Page, facet: string, text: string) =>
  page.locator(`#listing-filter-panel details[data-facet="${facet}"] label`, { hasText: text });

async function openFacet(page: Page, name: string) {
  const group = page.locator(`#listing-filter-panel details[data-facet="${name}"]`);
  if ((await group.getAttribute('open')) === null) await group.locator('> summary').click();
}

export const INP_FLOWS: InpFlow[] = [
  {
    name: 'listing: open the filters, tick a colour, close the filters',
    path: '/product-category/t-shirts',
    steps: async (page) => {
      await page.getByRole('button', { name: 'Filters' }).click();
      await openFacet(page, 'Colour');
      await facetLabel(page, 'Colour', 'Olive').click();
      await page.waitForURL(/opt\.Colour=Olive/);
      await page.waitForFunction(
        () => document.querySelector('.listing-page')?.getAttribute('data-search') === location.search,
      );
      await page.getByRole('button', { name: 'Close filters' }).click();
    },
  },
  {
    name: 'product: choose a colour, then a size',
    path: '/product/organic-cotton-crew-tee',
    steps: async (page) => {
      await page.getByRole('radiogroup', { name: 'Colour' }).getByRole('radio', { name: /^Sage/ }).click();
      await page.waitForURL(/variant=/);
      await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: /^L\b/ }).click();
      await page.waitForTimeout(300);
    },
  },
  {
    name: 'menu: open it, go to a category',
    path: '/',
    steps: async (page) => {
      await page.getByRole('button', { name: /menu/i }).first().click();
      await page.getByRole('dialog').getByRole('link', { name: 'T-Shirts', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'T-Shirts' }).waitFor();
    },
  },
];

/**
 * Collects the page's event timing entries from the start (buffered). A string, not a function:
 * tsx would wrap a function's inner functions in a helper the page does not have.
 */
const OBSERVE_INTERACTIONS = `(() => {
  const store = [];
  window.__interactions = store;
  const describe = (node) => {
    if (!(node instanceof Element)) return '';
    const label = node.getAttribute('aria-label') ?? node.textContent?.trim().replace(/\\s+/g, ' ').slice(0, 30) ?? '';
    return node.tagName.toLowerCase() + (label ? ' "' + label + '"' : '');
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!e.interactionId) continue;
      store.push({ type: e.name, target: describe(e.target), id: e.interactionId, duration: e.duration });
    }
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
})();`;

export async function measureInp(baseUrl: string, flow: InpFlow): Promise<InpRun> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    // Decline All (features/consent/preferences.ts): the cookie banner covers nothing tapped.
    await context.addCookies([{ name: 'cookiePreferences', value: 'v1%3A', url: baseUrl }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await page.addInitScript({ content: OBSERVE_INTERACTIONS });
    await page.goto(baseUrl + flow.path, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 60_000 });
    await flow.steps(page);
    // Event timing entries arrive after the next paint: give the last one time to land.
    await page.waitForTimeout(1000);
    const entries = await page.evaluate(
      () =>
        (window as unknown as { __interactions: { type: string; target: string; id: number; duration: number }[] })
          .__interactions,
    );
    const byId = new Map<number, Interaction>();
    for (const e of entries) {
      const known = byId.get(e.id);
      if (!known || e.duration > known.ms) byId.set(e.id, { type: e.type, target: e.target, ms: e.duration });
    }
    const interactions = [...byId.values()];
    return { inpMs: Math.max(0, ...interactions.map((i) => i.ms)), interactions };
  } finally {
    await browser.close();
  }
}
