// Debian's Chromium as the browser tests and bench:lighthouse run it (never a downloaded one),
// and the flags both pass besides their own headless mode.
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Debian's chromium-headless-shell (the same Chromium source and version, built as the headless
 * shell Playwright itself prefers for headless runs): no browser UI, no GPU process work for a
 * window nobody sees. Measured on four browser test files (27 tests, 2 workers): 544 CPU-s with
 * `chromium`, 470 with the shell.
 */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/** The browser the tests drive: E2E_CHROMIUM, else the headless shell when installed, else chromium. */
export function testChromiumPath() {
  if (process.env.E2E_CHROMIUM) return process.env.E2E_CHROMIUM;
  return existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH;
}

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
