import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (pure functions) and `api` (Fastify through app.inject on a real
 * database). The browser tests (tests/e2e/*.spec.ts) are @playwright/test's: playwright.config.ts.
 * scripts/test.mjs runs both projects, then Playwright.
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
    ],
  },
});
