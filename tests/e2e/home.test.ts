import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, newPage, waitForHydration, watchForProblems } from './support/browser.ts';
import { useShopSuite } from './support/suite.ts';

const suite = useShopSuite();

describe('home page', () => {
  it('is rendered on the server: products, hero, menus and theme are in the raw HTML', async () => {
    const res = await fetch(`${suite.shop.baseUrl}/`);
    expect(res.status).toBe(200);
    const html = await res.text();

    // The home template's product sections: new arrivals (newest first) and customer favourites.
    expect(html).toContain('New arrivals');
    expect(html).toContain('Customer favourites');
    expect(html).toContain('Organic Cotton Crew Tee');
    expect(html).toContain('Copper Water Bottle');
    expect(html).toContain('₹799.00');
    expect(html).toMatch(/<s[^>]*>₹999.00<\/s>/);
    expect(html).toContain('Out of stock');
    expect(html).toContain('href="/product/organic-cotton-crew-tee"');

    // Hero: first slide is the LCP image, the others wait.
    expect(html).toContain('Linen for long summers');
    expect(html).toMatch(/<img[^>]*fetchpriority="high"[^>]*>/i);
    expect(html).toMatch(/<img[^>]*alt="Warm orange abstract shapes"[^>]*loading="lazy"/);

    // Shell from the storefront settings.
    expect(html).toContain('Handmade in India · Easy 14-day returns');
    expect(html).toContain('Free shipping on orders above ₹999');
    expect(html).toContain('href="/about-us"');
    expect(html).toContain('care@loomandleaf.example');
    expect(html).toContain('https://instagram.com/loomandleaf');
    expect(html).not.toContain('https://twitter.com');
    expect(html).toMatch(/<body class="page--home[ "]/);
    expect(html).toContain('<title>Loom &amp; Leaf: natural clothing and homeware</title>');

    // Theme colours arrive as variables in a <style> carrying the CSP style nonce.
    const csp = res.headers.get('content-security-policy') ?? '';
    const styleNonce = /style-src [^;]*'nonce-([^']+)'/.exec(csp)?.[1];
    const scriptNonce = /script-src [^;]*'nonce-([^']+)'/.exec(csp)?.[1];
    expect(styleNonce).toBeTruthy();
    expect(html).toContain(`<style nonce="${styleNonce}">`);
    expect(html).toMatch(/--sf-primary:#1f6f5c;--sf-primary-hover:#[0-9a-f]{6}/);
    expect(html).toContain(`<script nonce="${scriptNonce}"`);
  });

  it('hydrates: the hamburger opens the mobile menu with the main menu, Escape closes it', async () => {
    const page = await newPage(suite.browser, MOBILE);
    await page.goto(`${suite.shop.baseUrl}/`);
    await waitForHydration(page);

    const drawer = page.locator('dialog#mobile-menu');
    await expect(drawer.isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.waitFor({ state: 'visible' });
    const links = await drawer.getByRole('navigation', { name: 'Mobile' }).getByRole('link').allTextContents();
    expect(links).toEqual(['Home', 'Shop', 'About Us', 'Shipping & Returns']);
    await expect(page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).resolves.toBe('true');

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await page.close();
  });

  it('loads on phone and desktop without console errors or CSP violations', async () => {
    for (const viewport of [MOBILE, DESKTOP]) {
      const page = await newPage(suite.browser, viewport);
      const problems = await watchForProblems(page);
      await page.goto(`${suite.shop.baseUrl}/`, { waitUntil: 'networkidle' });
      await waitForHydration(page);
      // Scroll so lazy images and scroll handlers run too, then use the carousel.
      await page.mouse.wheel(0, 3000);
      await page.waitForTimeout(300);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('button', { name: 'Pause slideshow' }).click();
      await page.getByRole('button', { name: 'Next slide' }).click();
      await page
        .getByRole('button', { name: /^Show slide 2 of 2/ })
        .and(page.locator('[aria-current="true"]'))
        .waitFor();
      await page
        .getByRole('group', { name: '2 of 2' })
        .getByRole('link', { name: 'Meet the makers' })
        .waitFor({ state: 'visible' });
      await page.waitForTimeout(800);
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  it('sends the heart-beat once per calendar day, with the CSRF header, and remembers the day', async () => {
    const page = await newPage(suite.browser, DESKTOP);
    await page.goto(`${suite.shop.baseUrl}/`);
    await waitForHydration(page);
    await page.evaluate(() => localStorage.removeItem('sf_heartbeat'));

    const beats: { header: string | undefined; status: number }[] = [];
    page.on('response', (res) => {
      if (res.url().endsWith('/api/base/heart-beat'))
        beats.push({ header: res.request().headers()['x-requested-with'], status: res.status() });
    });
    await page.reload({ waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.waitForFunction(() => localStorage.getItem('sf_heartbeat') !== null);
    expect(beats).toEqual([{ header: 'shopfront', status: 200 }]);

    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    await expect(page.evaluate(() => localStorage.getItem('sf_heartbeat'))).resolves.toBe(today);
    const cookies = await suite.browser.context.cookies(suite.shop.baseUrl);
    expect(cookies.map((c) => c.name)).toContain('heartbeat');

    await page.reload({ waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    expect(beats).toHaveLength(1);
    await page.close();
  });
});

describe('first download', () => {
  it('browsing pages preload no zod: the schemas come only with forms (ADR 0010)', async () => {
    for (const path of ['/', '/product/stoneware-coffee-mug', '/product-category/t-shirts']) {
      const html = await (await fetch(`${suite.shop.baseUrl}${path}`)).text();
      const scripts = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!);
      expect(scripts.length, path).toBeGreaterThan(3);
      for (const src of scripts) {
        const js = await (await fetch(`${suite.shop.baseUrl}${src}`)).text();
        expect(js.includes('ZodError') || js.includes('$ZodType'), `${path} preloads zod in ${src}`).toBe(false);
      }
    }
  });
});

describe('layout behaviour', () => {
  it('the sticky header is stuck after scrolling past 50 px, and not before', async () => {
    const page = await newPage(suite.browser, DESKTOP);
    await page.goto(`${suite.shop.baseUrl}/`);
    await waitForHydration(page);
    const header = page.locator('header.site-header');
    await expect(header.evaluate((el) => getComputedStyle(el).position)).resolves.toBe('sticky');

    await page.evaluate(() => window.scrollTo(0, 40));
    await page.waitForTimeout(150);
    await expect(header.getAttribute('class')).resolves.not.toMatch(/\bstuck\b/);

    await page.evaluate(() => window.scrollTo(0, 120));
    await page.waitForFunction(() => document.querySelector('header.site-header')?.classList.contains('stuck'));
    await expect(header.getAttribute('data-stuck')).resolves.toBe('true');
    // Stuck means visible at the top of the viewport while the page is scrolled.
    await expect(header.evaluate((el) => Math.round(el.getBoundingClientRect().top))).resolves.toBe(0);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => !document.querySelector('header.site-header')?.classList.contains('stuck'));
    await page.close();
  });

  it('shows the fixed mobile footer at 390 px (Home, Shop, Cart, Account) and hides it on desktop', async () => {
    const page = await newPage(suite.browser, MOBILE);
    await page.goto(`${suite.shop.baseUrl}/`);
    await waitForHydration(page);
    const footer = page.getByRole('navigation', { name: 'Quick links' });
    await expect(footer.isVisible()).resolves.toBe(true);
    await expect(footer.getByRole('link').allTextContents()).resolves.toEqual(['Home', 'Shop', 'Cart', 'Account']);
    const box = await footer.boundingBox();
    expect(box && Math.round(box.y + box.height)).toBe(MOBILE.height);
    await expect(footer.getByRole('link', { name: 'Shop' }).getAttribute('href')).resolves.toBe('/shop-online');
    // An empty cart shows no badge.
    await expect(footer.getByRole('link', { name: 'Cart' }).textContent()).resolves.toBe('Cart');

    await page.setViewportSize(DESKTOP);
    await expect(footer.isVisible()).resolves.toBe(false);
    await page.close();
  });

  it('the notice bar closes, stays closed on the next page load and is not even sent by the server', async () => {
    const page = await newPage(suite.browser, DESKTOP);
    await page.goto(`${suite.shop.baseUrl}/`);
    await waitForHydration(page);
    const notice = page.getByRole('region', { name: 'Announcement' });
    await expect(notice.textContent()).resolves.toContain('Free shipping on orders above ₹999');
    await expect(notice.getByRole('link', { name: 'Details' }).getAttribute('href')).resolves.toBe(
      '/shipping-and-returns',
    );

    await notice.getByRole('button', { name: 'Close announcement' }).click();
    await notice.waitFor({ state: 'detached' });

    const response = await page.reload();
    const html = (await response?.text()) ?? '';
    expect(html).toContain('New arrivals');
    // The text still travels in the hydration data; the bar itself is not rendered.
    expect(html).not.toContain('aria-label="Announcement"');
    await expect(notice.count()).resolves.toBe(0);
    await page.close();
  });

  it('the scroll-to-top button appears past half of the page and takes the shopper back up', async () => {
    const page = await newPage(suite.browser, DESKTOP);
    await page.goto(`${suite.shop.baseUrl}/`);
    await waitForHydration(page);
    const button = page.locator('button.scroll-to-top');
    await expect(button.getAttribute('data-visible')).resolves.toBe('false');

    await page.evaluate(() => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) * 0.4));
    await page.waitForTimeout(150);
    await expect(button.getAttribute('data-visible')).resolves.toBe('false');

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(
      () => document.querySelector('button.scroll-to-top')?.getAttribute('data-visible') === 'true',
    );
    await page.getByRole('button', { name: 'Back to top' }).click();
    await page.waitForFunction(() => window.scrollY === 0);
    await page.close();
  });
});
