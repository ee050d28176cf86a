import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  MOBILE,
  launchNoScriptBrowser,
  newPage,
  readJsonLd,
  waitForHydration,
  watchForProblems,
} from './support/browser.ts';
import { useShopSuite } from './support/suite.ts';

const suite = useShopSuite();

describe('pages built from templates', () => {
  it('the home page renders its template sections in order, the marquee at the default 20 s', async () => {
    const page = await newPage(suite.browser, DESKTOP);
    const problems = await watchForProblems(page);
    await page.goto(`${suite.shop.baseUrl}/`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const headings = await page.locator('main h2').allTextContents();
    const order = [
      'New arrivals',
      'Shop by category',
      'Featured collections',
      'Made slowly, made to last',
      'Customer favourites',
      'What our customers say',
      'From the blog',
    ];
    expect(headings.filter((h) => order.includes(h))).toEqual(order);
    const marquee = page.getByRole('region', { name: 'Highlights' });
    await expect(marquee.textContent()).resolves.toContain('Handmade in small batches');
    await expect(
      marquee.locator('.marquee').evaluate((el) => getComputedStyle(el).getPropertyValue('--marquee-duration')),
    ).resolves.toBe('20s');
    await expect(
      marquee.locator('.marquee-track').evaluate((el) => getComputedStyle(el).animationDuration),
    ).resolves.toBe('20s');
    const tiles = await page.getByRole('region', { name: 'Shop by category' }).getByRole('link').allTextContents();
    expect(tiles[0]).toMatch(/^Shirts\d+ products$/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a CMS page (About Us) shows its own blocks, then the template sections, with a breadcrumb', async () => {
    const res = await fetch(`${suite.shop.baseUrl}/about-us`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<link rel="canonical" href="');
    const page = await newPage(suite.browser, MOBILE);
    const problems = await watchForProblems(page);
    await page.goto(`${suite.shop.baseUrl}/about-us`);
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    await expect(page.getByText('Made slowly, made to last').first().isVisible()).resolves.toBe(true);
    await page.getByRole('heading', { level: 2, name: 'Meet the makers' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Inside the studio' }).waitFor();
    await expect(page.locator('figure figcaption', { hasText: 'Glaze tests' }).count()).resolves.toBe(1);
    const crumbs = (await readJsonLd(page)).find((d) => d['@type'] === 'BreadcrumbList') as unknown as {
      itemListElement: { name: string; item: string }[];
    };
    expect(crumbs.itemListElement.map((i) => i.name)).toEqual(['Home', 'About Us']);
    expect(crumbs.itemListElement[1]!.item).toBe(`${suite.shop.baseUrl}/about-us`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the FAQ page opens an answer', async () => {
    const page = await newPage(suite.browser, DESKTOP);
    await page.goto(`${suite.shop.baseUrl}/faq`);
    await waitForHydration(page);
    const first = page.locator('details').first();
    await expect(first.getAttribute('open')).resolves.toBeNull();
    await first.locator('summary').click();
    await expect(first.getAttribute('open')).resolves.toBe('');
    await page.close();
  });

  it('an unknown page is the 404 page with its path', async () => {
    const res = await fetch(`${suite.shop.baseUrl}/no/such/page`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Page not found: /no/such/page');
  });
});

describe('form sections', () => {
  it('checks fields before sending, shows errors beside them, then thanks the shopper', async () => {
    const page = await newPage(suite.browser, DESKTOP);
    const problems = await watchForProblems(page);
    await page.goto(`${suite.shop.baseUrl}/contact-us`);
    await waitForHydration(page);
    const primary = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--sf-primary').trim());
    const shopPrimary = await primary();
    expect(shopPrimary).not.toBe('#1f2937'); // app.css's default: the shop's theme is in force
    const form = page.locator('form', { has: page.getByRole('button', { name: 'Send message' }) });
    await form.getByLabel('E-mail').fill('not-an-email');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByLabel('Your name').getAttribute('aria-invalid')).resolves.toBe('true');
    // The validation loaded on demand brought no second copy of the stylesheet over the theme.
    await expect(primary()).resolves.toBe(shopPrimary);
    await expect(page.locator('link[rel="stylesheet"]').count()).resolves.toBe(1);
    const nameError = await form.getByLabel('Your name').getAttribute('aria-describedby');
    await expect(page.locator(`#${nameError}`).textContent()).resolves.toBe('This field is required');
    const emailError = await form.getByLabel('E-mail').getAttribute('aria-describedby');
    await expect(page.locator(`#${emailError}`).textContent()).resolves.toBe(
      'The value must be an valid email address',
    );

    await form.getByLabel('Your name').fill('Asha Rao');
    await form.getByLabel('E-mail').fill('asha@example.com');
    await form.getByLabel('Topic').selectOption('A product question');
    await form.getByLabel('Message').fill('Do the linen shirts shrink in the wash?');
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('status').filter({ hasText: /thank/i }).waitFor();
    await expect(form.getByLabel('Your name').inputValue()).resolves.toBe('');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('without JavaScript the server answers its own messages beside the fields and keeps the values', async () => {
    const noScript = await launchNoScriptBrowser();
    try {
      const page = await noScript.newPage();
      await page.goto(`${suite.shop.baseUrl}/contact-us`);
      const form = page.locator('form', { has: page.getByRole('button', { name: 'Send message' }) });
      await form.getByLabel('Your name').fill('Asha');
      await form.getByLabel('Message').fill('short');
      await Promise.all([page.waitForNavigation(), form.getByRole('button', { name: 'Send message' }).click()]);
      await expect(form.getByLabel('Your name').inputValue()).resolves.toBe('Asha');
      const emailError = await form.getByLabel('E-mail').getAttribute('aria-describedby');
      await expect(page.locator(`#${emailError}`).textContent()).resolves.toBe('This field is required');
      const messageError = await form.getByLabel('Message').getAttribute('aria-describedby');
      await expect(page.locator(`#${messageError}`).textContent()).resolves.toBe(
        'The value length should be at least 10',
      );
      await page.close();
    } finally {
      await noScript.close();
    }
  });
});

describe('blog', () => {
  it('lists posts, filters by topic, and opens a post with breadcrumb, related posts and BlogPosting data', async () => {
    const page = await newPage(suite.browser, DESKTOP);
    const problems = await watchForProblems(page);
    await page.goto(`${suite.shop.baseUrl}/blogs`);
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
    const all = await page.locator('main article h2').allTextContents();
    expect(all.length).toBeGreaterThanOrEqual(6);

    await page
      .getByRole('navigation', { name: 'Topics' })
      .getByRole('link', { name: /^Makers/ })
      .click();
    await page.waitForURL(/tag=makers/);
    await page.waitForFunction(() => document.querySelectorAll('main article h2').length === 2);

    const first = page.locator('main article h2 a').first();
    const title = (await first.textContent())!;
    await first.click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const crumbs = await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem').allTextContents();
    expect(crumbs.map((c) => c.trim())).toEqual(['Home', 'Blog', title]);
    await page.getByRole('heading', { level: 2, name: 'Keep reading' }).waitFor();
    await expect(page.getByRole('complementary').locator('article').count()).resolves.toBeGreaterThan(0);

    const ld = await readJsonLd(page);
    const posting = ld.find((d) => d['@type'] === 'BlogPosting') as unknown as Record<string, unknown>;
    expect(posting.headline).toBe(title);
    expect(String(posting.datePublished)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((posting.author as { name: string }).name).toBeTruthy();
    await expect(page.locator('meta[property="og:type"]').getAttribute('content')).resolves.toBe('article');
    await expect(page.locator('link[rel="canonical"]').getAttribute('href')).resolves.toMatch(/\/blogs\/[a-z0-9-]+$/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('an unknown post is the 404 page', async () => {
    const res = await fetch(`${suite.shop.baseUrl}/blogs/no-such-post`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Page not found: /blogs/no-such-post');
  });
});

describe('images and SEO', () => {
  it('product images come from the media module with srcset, sizes, explicit size, and lazy below the fold', async () => {
    const page = await newPage(suite.browser, DESKTOP);
    await page.goto(`${suite.shop.baseUrl}/shop-online`);
    await waitForHydration(page);
    const imgs = await page.locator('.product-grid img').evaluateAll((els) =>
      els.map((el) => ({
        srcset: el.getAttribute('srcset') ?? '',
        sizes: el.getAttribute('sizes') ?? '',
        width: el.getAttribute('width'),
        height: el.getAttribute('height'),
        loading: el.getAttribute('loading'),
      })),
    );
    expect(imgs).toHaveLength(24);
    for (const img of imgs) {
      expect(img.srcset).toMatch(/\/media\/w_320\/\S+ 320w/);
      expect(img.srcset).toMatch(/\/media\/w_1536\/\S+ 1536w/);
      expect(img.sizes).toMatch(/\(min-width: 1024px\)/);
      expect(img.width).toBe('800');
      expect(img.height).toBe('800');
    }
    expect(imgs.slice(4).every((i) => i.loading === 'lazy')).toBe(true);
    // The browser picked a resized WebP, not the original.
    const current = await page
      .locator('.product-grid img')
      .first()
      .evaluate((el) => (el as HTMLImageElement).currentSrc);
    expect(current).toMatch(/\/media\/w_\d+(_dpr_2)?\//);
    const res = await fetch(current);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    await page.close();
  });

  it('listing pages have a title, description, canonical and Open Graph tags', async () => {
    const page = await newPage(suite.browser, DESKTOP);
    await page.goto(`${suite.shop.baseUrl}/product-category/t-shirts?page=1&sort=newest`);
    await expect(page.title()).resolves.toBe('T-Shirts | Loom & Leaf');
    await expect(page.locator('meta[name="description"]').getAttribute('content')).resolves.toBe(
      'Shop t-shirts in organic cotton jersey.',
    );
    await expect(page.locator('link[rel="canonical"]').getAttribute('href')).resolves.toBe(
      `${suite.shop.baseUrl}/product-category/t-shirts`,
    );
    await expect(page.locator('meta[property="og:url"]').getAttribute('content')).resolves.toBe(
      `${suite.shop.baseUrl}/product-category/t-shirts`,
    );
    await expect(page.locator('meta[property="og:title"]').getAttribute('content')).resolves.toBe('T-Shirts');
    await page.close();
  });

  it('robots.txt points to the sitemap, which lists products, categories, collections, posts and pages', async () => {
    const robots = await fetch(`${suite.shop.baseUrl}/robots.txt`);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await robots.text();
    expect(text).toContain('User-agent: *');
    expect(text).toContain('Allow: /');
    expect(text).toContain(`Sitemap: ${suite.shop.baseUrl}/sitemap.xml`);

    const sitemap = await fetch(`${suite.shop.baseUrl}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await sitemap.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(suite.shop.baseUrl, ''));
    expect(locs).toContain('/');
    expect(locs).toContain('/product/organic-cotton-crew-tee');
    expect(locs).toContain('/product-category/t-shirts');
    expect(locs).toContain('/shop-online/clothing');
    expect(locs).toContain('/blogs/how-to-care-for-linen');
    expect(locs).toContain('/about-us');
    // Every collection and every published CMS page, whether a menu links to it or not.
    for (const c of ['new-arrivals', 'summer-linen', 'gifts-under-999', 'bestsellers', 'handmade-ceramics']) {
      expect(locs).toContain(`/product-collection/${c}`);
    }
    for (const p of [
      'faq',
      'contact-us',
      'trade-enquiry',
      'terms-and-conditions',
      'privacy-policy',
      'shipping-and-returns',
    ]) {
      expect(locs).toContain(`/${p}`);
    }
    expect(locs.filter((l) => l.startsWith('/product/'))).toHaveLength(312);
    expect(new Set(locs).size).toBe(locs.length);
  });
});
