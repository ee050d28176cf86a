import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@shopfront/shared';
import { insertStaff, signInPanel, testStaff, type TestStaff } from './admin.ts';
import { DEFAULT_COOKIE_CHOICE, DESKTOP, SHOPPER_UA, watchForProblems } from './browser.ts';
import { registerCustomer, type TestCustomer } from './customers.ts';
import { startShop, type RunningShop, type StartShopOptions } from './server.ts';

/**
 * The fixtures of the browser tests on @playwright/test (playwright.config.ts):
 *
 *   import { expect, test } from './support/test.ts';
 *   test.use({ shopOptions: { prepare: async (data) => { ... } } }); // optional, per file
 *   test('…', async ({ shop, page }) => { await page.goto(`${shop.baseUrl}/`); ... });
 *
 * - `shop`: the file's own running shop (a copy of the run's seeded template, its own port and
 *   server), started by the file's first test that asks for it and stopped when the worker moves
 *   on to another file. Why not a plain worker- or test-scoped fixture: the tests of a file build
 *   on each other's data (an order placed, a setting saved) and files must not see each other's,
 *   so the shop lives exactly as long as the file, which Playwright has no scope for; a
 *   worker-scoped holder that swaps shops when the file changes gives that, and a test-scoped
 *   fixture hands it out. (A failed test restarts its worker, so the file's later tests then get
 *   a fresh shop.) `test.use({ shopOptions })` sets the file's env and `prepare` (fixtures.ts).
 * - `page`: Playwright's own, in a fresh context per test (so cookies and localStorage never
 *   leak between tests), at 1280 × 800 with the cookie choice already made (`cookieChoice`,
 *   `test.use({ cookieChoice: null })` for a first visit with the banner).
 * - `newPage(viewport?, { cookieChoice, javaScriptEnabled })`: another tab in a context of its
 *   own, for a test that needs two shoppers, a tab of a given size, or one that runs no
 *   JavaScript (progressive enhancement); closed after the test.
 * - `shopper`: a new customer, signed in in `page`'s context (through the API, as the login
 *   dialog does); `page` is then that customer's.
 * - `owner`: `page` signed in to the panel (at /admin) as the first owner in `staff`, the staff
 *   written into the file's shop before it starts (none by default: `test.use({ staff: [OWNER] })`).
 * One Chromium per worker (Playwright's), not per file.
 */

export interface Viewport {
  width: number;
  height: number;
}

export interface SignedInOwner {
  page: Page;
  staff: TestStaff;
  /** Console errors, page errors and failed requests of the page since sign-in began (watchForProblems). */
  problems: string[];
}

interface Options {
  /** The file's shop: environment overrides and `prepare` (its own products, staff, settings). */
  shopOptions: StartShopOptions;
  /** Staff written into the file's shop before it starts; `owner` signs in as the first owner. */
  staff: TestStaff[];
  /** The consent cookie a context starts with (browser.ts); null: none, the banner shows. */
  cookieChoice: string | null;
}

interface Fixtures {
  shop: RunningShop;
  newPage: (
    viewport?: Viewport,
    options?: { cookieChoice?: string | null; javaScriptEnabled?: boolean },
  ) => Promise<Page>;
  shopper: TestCustomer;
  owner: SignedInOwner;
}

/** The shop of the file a worker is running; swapped for a fresh one when the file changes. */
class FileShop {
  private current: { file: string; asked: StartShopOptions; shop: RunningShop } | null = null;

  /** `asked`: the file's shopOptions, as test.use gave them; `options`: what to start with. */
  async for(file: string, asked: StartShopOptions, options: StartShopOptions): Promise<RunningShop> {
    if (this.current?.file === file) {
      if (this.current.asked !== asked) {
        throw new Error('one shop per file: set test.use({ shopOptions }) once, at the top of the file');
      }
      return this.current.shop;
    }
    await this.stop();
    const shop = await startShop(options);
    this.current = { file, asked, shop };
    return shop;
  }

  async stop(): Promise<void> {
    const running = this.current;
    this.current = null;
    await running?.shop.stop();
  }
}

/** An owner for `test.use({ staff: [OWNER] })` (the `owner` fixture signs in as the first owner). */
export const OWNER = testStaff('Meera Iyer', 'owner');

async function addCookieChoice(context: BrowserContext, choice: string | null): Promise<void> {
  // Cookies are per host, not per port: this reaches every shop the tests start.
  if (choice !== null) {
    await context.addCookies([
      { name: 'cookiePreferences', value: choice, domain: '127.0.0.1', path: '/', sameSite: 'Lax' },
    ]);
  }
}

async function openContextPage(
  browser: Browser,
  viewport: Viewport,
  { cookieChoice, javaScriptEnabled }: { cookieChoice: string | null; javaScriptEnabled: boolean },
): Promise<Page> {
  const context = await browser.newContext({ viewport, userAgent: SHOPPER_UA, javaScriptEnabled });
  await addCookieChoice(context, cookieChoice);
  return context.newPage();
}

export const test = base.extend<Options & Fixtures, { fileShop: FileShop }>({
  shopOptions: [{}, { option: true }],
  staff: [[], { option: true }],
  cookieChoice: [DEFAULT_COOKIE_CHOICE, { option: true }],

  fileShop: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const holder = new FileShop();
      await use(holder);
      await holder.stop();
    },
    { scope: 'worker' },
  ],

  shop: [
    async ({ fileShop, shopOptions, staff }, use, testInfo) => {
      const { prepare } = shopOptions;
      const shop = await fileShop.for(testInfo.file, shopOptions, {
        ...shopOptions,
        prepare:
          staff.length > 0 || prepare
            ? async (data) => {
                if (staff.length > 0) await insertStaff(data, ...staff);
                await prepare?.(data);
              }
            : undefined,
      });
      await use(shop);
      // The server's last words beside a failure (a 500's stack, a crash).
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('shop-output.txt', { body: shop.output(), contentType: 'text/plain' });
      }
    },
    // Starting a shop (copying the template, a server's boot) is not the test's time.
    { timeout: 240_000 },
  ],

  context: async ({ context, cookieChoice }, use) => {
    await addCookieChoice(context, cookieChoice);
    await use(context);
  },

  newPage: async ({ browser }, use) => {
    const pages: Page[] = [];
    await use(async (viewport = DESKTOP, { cookieChoice = DEFAULT_COOKIE_CHOICE, javaScriptEnabled = true } = {}) => {
      const page = await openContextPage(browser, viewport, { cookieChoice, javaScriptEnabled });
      pages.push(page);
      return page;
    });
    for (const page of pages) await page.context().close();
  },

  shopper: async ({ shop, page }, use) => {
    const customer = await registerCustomer(shop.baseUrl, 'Shopper');
    const res = await page.context().request.post(`${shop.baseUrl}/api/auth/login`, {
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      data: { email: customer.email, password: customer.password },
    });
    expect(res.status(), await res.text()).toBe(200);
    await use(customer);
  },

  owner: async ({ shop, page, staff }, use) => {
    const who = staff.find((s) => s.role === 'owner');
    if (!who) throw new Error('owner: the shop has no owner among `staff` (test.use({ staff }))');
    const problems = await watchForProblems(page);
    await signInPanel(page, `${shop.baseUrl}/admin`, who);
    await use({ page, staff: who, problems });
  },
});

export { expect };
