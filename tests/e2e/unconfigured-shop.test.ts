import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, newPage, waitForHydration, watchForProblems } from './support/browser.ts';
import { useShopSuite } from './support/suite.ts';

/** A fresh install without the demo seed has no storefront: the API answers 503 for it. */
const suite = useShopSuite({ env: { SEED_DEMO: 'false' } });

describe('a shop whose storefront cannot be loaded', () => {
  it('shows the standalone server-error page with code 500 and the tips from the spec', async () => {
    for (const viewport of [MOBILE, DESKTOP]) {
      const page = await newPage(suite.browser, viewport);
      const problems = await watchForProblems(page);
      const response = await page.goto(`${suite.shop.baseUrl}/`);
      expect(response?.status()).toBe(500);
      await waitForHydration(page);

      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Oops!');
      const main = page.getByRole('main');
      const text = (await main.textContent()) ?? '';
      expect(text).toContain('An unexpected error occurred');
      expect(text).toContain('500');
      for (const tip of [
        'Refresh the page',
        'Go back to the previous page',
        'Try again in 30 minutes',
        'Contact support',
      ]) {
        expect(text).toContain(tip);
      }
      // No shop data: no header or footer to show, but the page is still complete and styled.
      await expect(page.getByRole('banner').count()).resolves.toBe(0);
      await expect(page.getByRole('link', { name: 'Go Home' }).getAttribute('href')).resolves.toBe('/');
      await expect(page.title()).resolves.toBe('Server Error');
      // The document itself is a 500, the scripts still run under the CSP nonce.
      expect(problems.filter((p) => !p.includes('500'))).toEqual([]);
      await page.close();
    }
  });

  it('answers crawlers with a minimal page instead of the fatal error screen', async () => {
    const res = await fetch(`${suite.shop.baseUrl}/about-us`, {
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' },
    });
    expect(res.status).toBe(500);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    const html = await res.text();
    expect(html).not.toContain('Oops!');
    expect(html).not.toContain('<script');
    expect(html).toContain('500 Server Error');
  });
});
