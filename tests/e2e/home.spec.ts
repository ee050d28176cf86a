import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  DESKTOP,
  MOBILE,
  scrollAndSettle,
  trackNetwork,
  waitForHydration,
  watchForProblems,
} from './support/browser.ts';
import { expect, test } from './support/test.ts';

test.describe('home page', () => {
  test('is rendered on the server: products, hero, menus and theme are in the raw HTML', async ({ shop }) => {
    const res = await fetch(`${shop.baseUrl}/`);
    expect(res.status).toBe(200);
    const html = await res.text();

    // The home template's product sections: new arrivals (newest first) and customer favourites.
    expect(html).toContain('New arrivals');
    expect(html).toContain('Customer favourites');
    expect(html).toContain('Organic Cotton Crew Tee');
    expect(html).toContain('Copper Water Bottle');
    expect(html).toContain('₹799.00');
    expect(html).toMatch(/<s[^>]*>₹999.00<\/s>/);
    expect(html).toContain('Sold out');
    expect(html).toContain('href="/product/organic-cotton-crew-tee"');

    // Hero: first slide is the LCP image, the others wait.
    expect(html).toContain('Linen for long summers');
    expect(html).toMatch(/<img[^>]*fetchpriority="high"[^>]*>/i);
    expect(html).toMatch(
      /<img[^>]*alt="Stoneware mugs, cups and bowls on a wooden shelf and table"[^>]*loading="lazy"/,
    );

    // Shell from the storefront settings.
    expect(html).toContain('Handmade in India · Easy 14-day returns');
    expect(html).toContain('Free shipping on orders of ₹999 or more');
    expect(html).toContain('href="/about-us"');
    expect(html).toContain('care@loomandleaf.example');
    expect(html).toContain('https://instagram.com/loomandleaf');
    expect(html).not.toContain('https://twitter.com');
    expect(html).toMatch(/<body class="page--home[ "]/);
    expect(html).toContain('<title>Loom &amp; Leaf: natural clothing and homeware</title>');

    // Theme colours arrive as variables in an inline <style>. A visitor with nothing personal gets
    // the cached page, whose CSP allows its inline style and scripts by hash (ADR 28).
    const csp = res.headers.get('content-security-policy') ?? '';
    const style = /<style nonce="[0-9a-f]+">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(style).toMatch(/--sf-primary:#1f6f5c;--sf-primary-hover:#[0-9a-f]{6}/);
    expect(csp).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(csp).not.toContain("'nonce-");
    expect(html).toMatch(/<script nonce="[0-9a-f]+"/);
  });

  test('hydrates: the hamburger opens the mobile menu with the main menu, Escape closes it', async ({ page, shop }) => {
    await page.setViewportSize(MOBILE);
    await page.goto(`${shop.baseUrl}/`);
    await waitForHydration(page);

    const drawer = page.locator('dialog#mobile-menu');
    await expect(drawer).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(drawer).toBeVisible();
    const nav = drawer.getByRole('navigation', { name: 'Mobile' });
    // The catalogue first, a section per super category and the collections, then the pages.
    await expect(nav.getByRole('heading', { level: 2 })).toHaveText([
      'Clothing',
      'Home & Living',
      'Garden',
      'Accessories',
      'Collections',
    ]);
    await expect
      .poll(async () => {
        const links = await nav.getByRole('link').allTextContents();
        return { first: links.slice(0, 3), gifts: links.includes('Gifts under ₹999'), last: links.slice(-3) };
      })
      .toEqual({
        first: ['T-Shirts', 'Shirts', 'Dresses'],
        gifts: true,
        last: ['Home', 'About Us', 'Shipping & Returns'],
      });
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'true');

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  test('loads on phone and desktop without console errors or CSP violations', async ({ newPage, shop }) => {
    for (const viewport of [MOBILE, DESKTOP]) {
      const page = await newPage(viewport);
      const problems = await watchForProblems(page);
      const network = trackNetwork(page);
      await page.goto(`${shop.baseUrl}/`, { waitUntil: 'networkidle' });
      await waitForHydration(page);
      // Scroll so lazy images and scroll handlers run too (and the images load), then use the carousel.
      await page.mouse.wheel(0, 3000);
      await page.waitForFunction(() => window.scrollY > 0);
      await network.idle();
      await scrollAndSettle(page, 0);
      await page.getByRole('button', { name: 'Pause slideshow' }).click();
      await page.getByRole('button', { name: 'Next slide' }).click();
      await expect(
        page.getByRole('button', { name: /^Show slide 2 of 2/ }).and(page.locator('[aria-current="true"]')),
      ).toBeVisible();
      await expect(
        page.getByRole('group', { name: '2 of 2' }).getByRole('link', { name: 'Meet the makers' }),
      ).toBeVisible();
      // Whatever the second slide asked for has answered before the check.
      await network.idle();
      expect(problems).toEqual([]);
    }
  });

  test('sends the heart-beat once per calendar day, with the CSRF header, and remembers the day', async ({
    page,
    shop,
  }) => {
    await page.setViewportSize(DESKTOP);
    // A visitor who came by earlier today: the day stored in this browser, no heart-beat cookie
    // (so the first load below sends nothing; the test then forgets the day and reloads).
    await page.goto(`${shop.baseUrl}/robots.txt`);
    await page.evaluate(() => {
      const d = new Date();
      localStorage.setItem(
        'sf_heartbeat',
        `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`,
      );
    });
    await page.goto(`${shop.baseUrl}/`);
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
    await expect.poll(() => beats).toEqual([{ header: 'shopfront', status: 200 }]);

    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('sf_heartbeat'))).toBe(today);
    await expect
      .poll(async () => (await page.context().cookies(shop.baseUrl)).map((c) => c.name))
      .toContain('heartbeat');

    await page.reload({ waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    expect(beats).toHaveLength(1);
  });
});

test.describe('home page sections', () => {
  test('New arrivals and Customer favourites show different products; the blog section leads to all posts', async ({
    page,
    shop,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${shop.baseUrl}/`);
    await waitForHydration(page);
    const productsOf = (title: string) =>
      page
        .getByRole('region', { name: title, exact: true })
        .locator('a[href^="/product/"]')
        .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href')))]);
    await expect.poll(async () => (await productsOf('New arrivals')).length).toBeGreaterThanOrEqual(4);
    await expect.poll(async () => (await productsOf('Customer favourites')).length).toBe(4);
    const arrivals = await productsOf('New arrivals');
    const favourites = await productsOf('Customer favourites');
    expect(arrivals.length).toBeGreaterThanOrEqual(4);
    expect(favourites).toHaveLength(4);
    expect(favourites.filter((href) => arrivals.includes(href))).toEqual([]);

    // The blog's heading is said once (no label repeating it), and "View all" opens the blog.
    const blog = page.getByRole('region', { name: 'From the blog' });
    await expect(blog.getByText('From the blog')).toHaveCount(1);
    await blog.getByRole('link', { name: 'View all posts' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/blogs');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the marquee has a visible pause button; with reduced motion it stands still and has none', async ({
    page,
    shop,
  }) => {
    await page.setViewportSize(MOBILE);
    await page.goto(`${shop.baseUrl}/`);
    await waitForHydration(page);
    const marquee = page.getByRole('region', { name: 'Highlights' });
    const track = marquee.locator('.marquee-track');
    // Says something the notice bar does not.
    await expect(marquee).not.toContainText('Free shipping');
    await expect(track).toHaveCSS('animation-play-state', 'running');
    const pause = marquee.getByRole('button', { name: 'Pause highlights' });
    const box = (await pause.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    await pause.click();
    await expect(track).toHaveCSS('animation-play-state', 'paused');
    // Still paused once the pointer and the focus have left it.
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expect(track).toHaveCSS('animation-play-state', 'paused');
    await marquee.getByRole('button', { name: 'Play highlights' }).click();
    await expect(track).toHaveCSS('animation-play-state', 'running');

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(track).toHaveCSS('animation-name', 'none');
    await expect(marquee.getByRole('button')).toHaveCount(0);
  });
});

test.describe("the phone's chrome", () => {
  const chrome = (page: Page) =>
    page.evaluate(() => {
      const header = document.querySelector('header.site-header')!.getBoundingClientRect();
      const footer = document.querySelector('nav.mobile-footer')!.getBoundingClientRect();
      return {
        top: Math.max(0, Math.round(header.bottom)),
        bottom: Math.max(0, Math.round(window.innerHeight - footer.top)),
      };
    });

  test('at 390 px: no top bar above the notice, and header and bottom bar give way while reading down', async ({
    page,
    shop,
  }) => {
    await page.setViewportSize(MOBILE);
    await page.goto(`${shop.baseUrl}/product-category/t-shirts`);
    await waitForHydration(page);
    // The top bar's message waits for wider screens; the notice bar is one line.
    await expect(page.getByRole('region', { name: 'Store information' })).toBeHidden();
    const notice = (await page.getByRole('region', { name: 'Announcement' }).boundingBox())!;
    expect(notice.height).toBeLessThanOrEqual(44);
    await expect
      .poll(() => page.evaluate(() => Math.round(document.getElementById('main-content')!.getBoundingClientRect().top)))
      .toBeLessThanOrEqual(44 + 65);

    // Reading down: both bars slide away.
    for (let i = 0; i < 6; i++) await page.mouse.wheel(0, 200);
    await expect.poll(() => chrome(page)).toEqual({ top: 0, bottom: 0 });
    await expect(page.locator('header.site-header')).toHaveAttribute('data-hidden', 'true');
    // Scrolling back up brings them back at once.
    await page.mouse.wheel(0, -120);
    await expect.poll(() => chrome(page)).toEqual({ top: 65, bottom: 65 });
    // Tabbing into a hidden bar shows it.
    for (let i = 0; i < 6; i++) await page.mouse.wheel(0, 200);
    await expect.poll(() => chrome(page)).toEqual({ top: 0, bottom: 0 });
    await page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: 'Cart' }).focus();
    await expect.poll(() => chrome(page)).toMatchObject({ bottom: 65 });
  });

  test('on the cart the bottom bar stays, under the total bar', async ({ page, shop }) => {
    await page.setViewportSize(MOBILE);
    await page.goto(`${shop.baseUrl}/cart`);
    await waitForHydration(page);
    await page.mouse.wheel(0, 300);
    await page.waitForFunction(() => window.scrollY > 0 || document.documentElement.scrollHeight <= innerHeight);
    await expect(page.locator('nav.mobile-footer')).toHaveAttribute('data-hidden', 'false');
  });
});

test.describe('footer', () => {
  test('names Terms, Privacy and the address once, and the top bar sits in a landmark', async ({ page, shop }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${shop.baseUrl}/`);
    await waitForHydration(page);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Terms & Conditions' })).toHaveCount(1);
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveCount(1);
    await expect(footer.getByText('12 Residency Road, Bengaluru 560025')).toHaveCount(1);
    // The content pages are linked from the footer's menus.
    for (const [name, href] of [
      ['FAQ', '/faq'],
      ['Contact Us', '/contact-us'],
      ['Trade & Wholesale', '/trade-enquiry'],
      ['Blog', '/blogs'],
    ]) {
      await expect(footer.getByRole('link', { name: name!, exact: true })).toHaveAttribute('href', href!);
    }
    const topbar = page.getByRole('region', { name: 'Store information' });
    await expect(topbar).toContainText('Handmade in India');
  });

  test('the scroll-to-top button never sits on a footer link, on a phone or at 800 px', async ({ newPage, shop }) => {
    for (const viewport of [MOBILE, { width: 800, height: 900 }]) {
      const page = await newPage(viewport);
      await page.goto(`${shop.baseUrl}/`);
      await waitForHydration(page);
      const footerTop = await page.evaluate(
        () => document.querySelector('footer')!.getBoundingClientRect().top + window.scrollY,
      );
      const end = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
      for (let y = Math.max(0, footerTop - viewport.height); y <= end; y += 24) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        // Once it has probed what lies under it (a frame after the scroll), it is not on a link.
        await expect
          .poll(
            () =>
              page.evaluate(() => {
                const button = document.querySelector<HTMLElement>('button.scroll-to-top')!;
                if (button.dataset.visible !== 'true') return null;
                const box = button.getBoundingClientRect();
                const below = document
                  .elementsFromPoint(box.left + box.width / 2, box.top + box.height / 2)
                  .find((el) => !button.contains(el));
                return below?.closest('footer a, footer button')?.textContent ?? null;
              }),
            { message: `at ${viewport.width} px, scrolled to ${y}`, timeout: 2000 },
          )
          .toBeNull();
      }
    }
  });
});

test.describe('first download', () => {
  test('browsing pages preload no zod: the schemas come only with forms (ADR 0010)', async ({ shop }) => {
    for (const path of ['/', '/product/stoneware-coffee-mug', '/product-category/t-shirts']) {
      const html = await (await fetch(`${shop.baseUrl}${path}`)).text();
      const scripts = [...html.matchAll(/<link rel="modulepreload" (?:fetchpriority="low" )?href="([^"]+)"/g)].map(
        (m) => m[1]!,
      );
      expect(scripts.length, path).toBeGreaterThan(3);
      for (const src of scripts) {
        const js = await (await fetch(`${shop.baseUrl}${src}`)).text();
        expect(js.includes('ZodError') || js.includes('$ZodType'), `${path} preloads zod in ${src}`).toBe(false);
      }
    }
  });
});

test.describe('layout behaviour', () => {
  test('the sticky header is stuck after scrolling past 50 px, and not before', async ({ page, shop }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${shop.baseUrl}/`);
    await waitForHydration(page);
    const header = page.locator('header.site-header');
    await expect(header).toHaveCSS('position', 'sticky');

    await scrollAndSettle(page, 40);
    await expect(header).not.toHaveClass(/\bstuck\b/);

    await page.evaluate(() => window.scrollTo(0, 120));
    await expect(header).toHaveClass(/\bstuck\b/);
    await expect(header).toHaveAttribute('data-stuck', 'true');
    // Stuck means visible at the top of the viewport while the page is scrolled.
    await expect.poll(() => header.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBe(0);

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).not.toHaveClass(/\bstuck\b/);
  });

  test('shows the fixed mobile footer at 390 px (Home, Shop, Cart, Account) and hides it on desktop', async ({
    page,
    shop,
  }) => {
    await page.setViewportSize(MOBILE);
    await page.goto(`${shop.baseUrl}/`);
    await waitForHydration(page);
    const footer = page.getByRole('navigation', { name: 'Quick links' });
    await expect(footer).toBeVisible();
    await expect(footer.getByRole('link')).toHaveText(['Home', 'Shop', 'Cart', 'Account']);
    await expect
      .poll(async () => {
        const box = await footer.boundingBox();
        return box && Math.round(box.y + box.height);
      })
      .toBe(MOBILE.height);
    await expect(footer.getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/shop-online');
    // An empty cart shows no badge.
    await expect(footer.getByRole('link', { name: 'Cart' })).toHaveText('Cart');

    await page.setViewportSize(DESKTOP);
    await expect(footer).toBeHidden();
  });

  test('the notice bar closes, stays closed on the next page load and is not even sent by the server', async ({
    page,
    shop,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${shop.baseUrl}/`);
    await waitForHydration(page);
    const notice = page.getByRole('region', { name: 'Announcement' });
    await expect(notice).toContainText('Free shipping on orders of ₹999 or more');
    await expect(notice.getByRole('link', { name: 'Details' })).toHaveAttribute('href', '/shipping-and-returns');

    await notice.getByRole('button', { name: 'Close announcement' }).click();
    await expect(notice).toHaveCount(0);

    const response = await page.reload();
    const html = (await response?.text()) ?? '';
    expect(html).toContain('New arrivals');
    // The text still travels in the hydration data; the bar itself is not rendered.
    expect(html).not.toContain('aria-label="Announcement"');
    await expect(notice).toHaveCount(0);
  });

  test('the scroll-to-top button appears past half of the page and takes the shopper back up', async ({
    page,
    shop,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${shop.baseUrl}/`);
    await waitForHydration(page);
    const button = page.locator('button.scroll-to-top');
    await expect(button).toHaveAttribute('data-visible', 'false');

    const fortyPercent = await page.evaluate(() => (document.documentElement.scrollHeight - window.innerHeight) * 0.4);
    await scrollAndSettle(page, fortyPercent);
    await expect(button).toHaveAttribute('data-visible', 'false');

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(button).toHaveAttribute('data-visible', 'true');
    await page.getByRole('button', { name: 'Back to top' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
