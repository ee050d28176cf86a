import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, type ShopBrowser } from './browser.ts';
import { startShop, type RunningShop, type StartShopOptions } from './server.ts';

/** The built shop and a Chromium, started once for a test file and stopped after it. */
export interface ShopSuite {
  readonly shop: RunningShop;
  readonly browser: ShopBrowser;
}

/**
 * Registers the file's beforeAll/afterAll: starts the shop (with `options`: `env`, and `prepare`
 * for the file's own fixtures, see fixtures.ts) and the browser side by side, and stops both at
 * the end. The fields are set once beforeAll has run.
 */
export function useShopSuite(options?: StartShopOptions): ShopSuite {
  const suite = {} as { shop: RunningShop; browser: ShopBrowser };
  beforeAll(async () => {
    [suite.shop, suite.browser] = await Promise.all([startShop(options), launchBrowser()]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.shop?.stop();
  });
  return suite;
}
