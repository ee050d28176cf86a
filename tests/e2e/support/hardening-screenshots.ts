/**
 * Screenshots of the pages the hardening issue changed, at 390 px and 1280 px, for a human to
 * look at: `npm run build && npx tsx tests/e2e/support/hardening-screenshots.ts [outDir]`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DESKTOP, MOBILE, launchBrowser, newPage, waitForHydration } from './browser.ts';
import { startShop } from './server.ts';

const outDir = process.argv[2] ?? '/tmp/shots/hardening';
mkdirSync(outDir, { recursive: true });
const shop = await startShop({ env: { DEV_OUTBOX: 'true' } });
const browser = await launchBrowser();

try {
  for (const viewport of [MOBILE, DESKTOP]) {
    const page = await newPage(browser, viewport);
    const shot = async (name: string, fullPage = false) => {
      await page.waitForTimeout(400);
      const file = path.join(outDir, `${name}-${viewport.width}.png`);
      await page.screenshot({ path: file, fullPage });
      console.log(file);
    };
    // Sign in as the demo customer through the API, from inside the page, so the cookie lands here.
    await page.goto(`${shop.baseUrl}/`);
    const status = await page.evaluate(async () => {
      const res = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'shopfront' },
        body: JSON.stringify({ email: 'demo@loomandleaf.test', password: 'Demo@1234', remember_me: true }),
      });
      return res.status;
    });
    if (status !== 200) throw new Error(`demo login answered ${status}`);
    await page.goto(`${shop.baseUrl}/account/profile`);
    await waitForHydration(page);
    await shot('profile');
    await page.getByRole('main').getByLabel('Email address').fill('new.address@example.test');
    await page.getByRole('main').getByLabel('Current password').waitFor();
    await shot('profile-change-email', true);
    await page.getByRole('button', { name: /save/i }).click();
    await shot('profile-change-email-errors', true);

    // An account made by OTP (no password): the Security page asks for a code to set one.
    await page.context().clearCookies();
    await page.goto(`${shop.baseUrl}/`);
    const phone = `98${String(Date.now()).slice(-8)}`;
    const otpStatus = await page.evaluate(async (input) => {
      const headers = { 'content-type': 'application/json', 'x-requested-with': 'shopfront' };
      await fetch('/api/auth/otp/request', {
        method: 'POST',
        headers,
        body: JSON.stringify({ input, type: 'register' }),
      });
      const outbox = await (await fetch(`/api/dev/outbox?recipient=${input}`)).json();
      const code = /\b(\d{4})\b/.exec(outbox.data.messages[0].body)![1];
      const res = await fetch('/api/auth/otp/verify', {
        method: 'POST',
        headers,
        body: JSON.stringify({ input, otp: code, type: 'register' }),
      });
      return res.status;
    }, phone);
    if (otpStatus !== 200) throw new Error(`OTP sign-up answered ${otpStatus}`);
    await page.goto(`${shop.baseUrl}/account/security`);
    await waitForHydration(page);
    await shot('security-first-password', true);

    for (const [name, url] of [['not-found-slug', '/product-category/%00']] as const) {
      const res = await page.goto(`${shop.baseUrl}${url}`);
      console.log(name, url, res?.status());
      await shot(name);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await shop.stop();
}
