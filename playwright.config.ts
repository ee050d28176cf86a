import os from 'node:os';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, testChromiumPath } from './scripts/lib/chromium.mjs';
import { DESKTOP, SHOPPER_UA } from './tests/e2e/support/browser.ts';

/**
 * The browser tests (tests/e2e/*.spec.ts). Debian's Chromium, never a downloaded one: its headless
 * shell (apt package chromium-headless-shell) when installed, else chromium (scripts/lib/chromium.mjs);
 * install with PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 (nothing here asks for Playwright's own browsers).
 * Fixtures (shop per file, a fresh context per test, shopper, owner): tests/e2e/support/test.ts.
 * A failed test keeps its screenshot in .tmp/e2e-artifacts (CI keeps the output). PW_TRACE=1 also
 * records a trace of every test and keeps a failed one's there: off by default, because recording
 * costs about a fifth of the browser tests' CPU (admin-settings.spec.ts: 84 CPU-s off, 106 on).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/support/playwright-setup.ts',
  outputDir: '.tmp/e2e-artifacts',
  // A file's tests run in order in one worker, on the file's own shop; files run side by side.
  fullyParallel: false,
  workers: os.availableParallelism(),
  retries: 0,
  timeout: 60_000,
  // An auto-retrying expect waits as long as a locator's waitFor could in a busy 2-core run
  // (the one-shot reads it replaces waited for their element up to the test's limit).
  expect: { timeout: 20_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: '.tmp/test-reports/e2e-playwright.json' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: testChromiumPath(), args: CHROMIUM_FLAGS },
    viewport: DESKTOP,
    // isbot() counts "HeadlessChrome" as a crawler, and crawlers get different error pages.
    userAgent: SHOPPER_UA,
    trace: process.env.PW_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
});
