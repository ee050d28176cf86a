import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (pure functions), `api` (Fastify through app.inject on a real
 * database) and `e2e` (Debian's Chromium against the built server: the browser test files not
 * yet moved to @playwright/test). scripts/test.mjs runs them, and Playwright.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/**/*.test.ts',
            'apps/storefront/app/**/*.test.{ts,tsx}',
            'apps/admin/app/**/*.test.{ts,tsx}',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          environment: 'node',
          // One module graph per worker, not per file: re-importing the whole API for each of
          // ~200 files was a third of the phase. Every file builds its own app and database
          // (test/app.ts), and nothing in the API keeps state at module level between them.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // Migrates and seeds one shop for the run; each test file's shop starts from a copy.
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll waits up to 10 s, not vitest's 1 s: a client-side navigation's effects
          // on a 2-core machine running four shops and Chromiums can take longer than a second.
          expect: { poll: { timeout: 10_000 } },
          // Every file starts its own shop (a copy of the template, its own port block and
          // Chromium), so files run side by side, one per worker (scripts/test.mjs: one per core).
          // The files moved to @playwright/test are *.spec.ts (playwright.config.ts).
        },
      },
    ],
  },
});
