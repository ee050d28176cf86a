import type { Locator } from '@playwright/test';
import { DESKTOP, MOBILE, readJsonLd, waitForHydration, watchForProblems } from './support/browser.ts';
import { expect, test } from './support/test.ts';

/** The `aria-describedby` of a field once it has one: the id of its message. */
async function describedBy(field: Locator): Promise<string> {
  await expect(field).toHaveAttribute('aria-describedby', /\S/);
  return (await field.getAttribute('aria-describedby'))!;
}

test.describe('pages built from templates', () => {
  test('the home page renders its template sections in order, the marquee at the default 20 s', async ({
    page,
    shop,
  }) => {
    await page.setViewportSize(DESKTOP);
    const problems = await watchForProblems(page);
    await page.goto(`${shop.baseUrl}/`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const order = [
      'New arrivals',
      'Shop by category',
      'Featured collections',
      'Made slowly, made to last',
      'Customer favourites',
      'What our customers say',
      'From the blog',
    ];
    await expect
      .poll(async () => (await page.locator('main h2').allTextContents()).filter((h) => order.includes(h)))
      .toEqual(order);
    const marquee = page.getByRole('region', { name: 'Highlights' });
    await expect(marquee).toContainText('Handmade in small batches');
    await expect(marquee.locator('.marquee')).toHaveCSS('--marquee-duration', '20s');
    await expect(marquee.locator('.marquee-track')).toHaveCSS('animation-duration', '20s');
    await expect(page.getByRole('region', { name: 'Shop by category' }).getByRole('link').first()).toHaveText(
      /^Shirts\d+ products$/,
    );
    expect(problems).toEqual([]);
  });

  test('a CMS page (About Us) shows its own blocks, then the template sections, with a breadcrumb', async ({
    page,
    shop,
  }) => {
    const res = await fetch(`${shop.baseUrl}/about-us`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<link rel="canonical" href="');
    await page.setViewportSize(MOBILE);
    const problems = await watchForProblems(page);
    await page.goto(`${shop.baseUrl}/about-us`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    await expect(page.getByText('Made slowly, made to last').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Meet the makers' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Inside the studio' })).toBeVisible();
    await expect(page.locator('figure figcaption', { hasText: 'Glaze tests' })).toHaveCount(1);
    const crumbs = (await readJsonLd(page)).find((d) => d['@type'] === 'BreadcrumbList') as unknown as {
      itemListElement: { name: string; item: string }[];
    };
    expect(crumbs.itemListElement.map((i) => i.name)).toEqual(['Home', 'About Us']);
    expect(crumbs.itemListElement[1]!.item).toBe(`${shop.baseUrl}/about-us`);
    expect(problems).toEqual([]);
  });

  test('the FAQ page opens an answer', async ({ page, shop }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${shop.baseUrl}/faq`);
    await waitForHydration(page);
    const first = page.locator('details').first();
    await expect(first).not.toHaveAttribute('open');
    await first.locator('summary').click();
    await expect(first).toHaveAttribute('open', '');
  });

  test('an unknown page is the 404 page with its path', async ({ shop }) => {
    const res = await fetch(`${shop.baseUrl}/no/such/page`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Page not found: /no/such/page');
  });
});

test.describe('form sections', () => {
  test('checks fields before sending, shows errors beside them, then thanks the shopper', async ({ page, shop }) => {
    await page.setViewportSize(DESKTOP);
    const problems = await watchForProblems(page);
    await page.goto(`${shop.baseUrl}/contact-us`);
    await waitForHydration(page);
    const primary = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--sf-primary').trim());
    const shopPrimary = await primary();
    expect(shopPrimary).not.toBe('#1f2937'); // app.css's default: the shop's theme is in force
    const form = page.locator('form', { has: page.getByRole('button', { name: 'Send message' }) });
    await form.getByLabel('E-mail').fill('not-an-email');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
    // The validation loaded on demand brought no second copy of the stylesheet over the theme.
    await expect.poll(primary).toBe(shopPrimary);
    await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(1);
    const nameError = await describedBy(form.getByLabel('Your name'));
    await expect(page.locator(`#${nameError}`)).toHaveText('This field is required');
    const emailError = await describedBy(form.getByLabel('E-mail'));
    await expect(page.locator(`#${emailError}`)).toHaveText('The value must be an valid email address');

    await form.getByLabel('Your name').fill('Asha Rao');
    await form.getByLabel('E-mail').fill('asha@example.com');
    await form.getByLabel('Topic').selectOption('A product question');
    await form.getByLabel('Message').fill('Do the linen shirts shrink in the wash?');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status').filter({ hasText: /thank/i })).toBeVisible();
    await expect(form.getByLabel('Your name')).toHaveValue('');
    expect(problems).toEqual([]);
  });

  test('without JavaScript the server answers its own messages beside the fields and keeps the values', async ({
    newPage,
    shop,
  }) => {
    // A tab that runs no JavaScript, on a first visit (no cookie choice made).
    const page = await newPage(DESKTOP, { cookieChoice: null, javaScriptEnabled: false });
    await page.goto(`${shop.baseUrl}/contact-us`);
    const form = page.locator('form', { has: page.getByRole('button', { name: 'Send message' }) });
    await form.getByLabel('Your name').fill('Asha');
    await form.getByLabel('Message').fill('short');
    await Promise.all([page.waitForNavigation(), form.getByRole('button', { name: 'Send message' }).click()]);
    await expect(form.getByLabel('Your name')).toHaveValue('Asha');
    const emailError = await describedBy(form.getByLabel('E-mail'));
    await expect(page.locator(`#${emailError}`)).toHaveText('This field is required');
    const messageError = await describedBy(form.getByLabel('Message'));
    await expect(page.locator(`#${messageError}`)).toHaveText('The value length should be at least 10');
  });
});

test.describe('blog', () => {
  test('lists posts, filters by topic, and opens a post with breadcrumb, related posts and BlogPosting data', async ({
    page,
    shop,
  }) => {
    await page.setViewportSize(DESKTOP);
    const problems = await watchForProblems(page);
    await page.goto(`${shop.baseUrl}/blogs`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    await expect.poll(() => page.locator('main article h2').count()).toBeGreaterThanOrEqual(6);

    await page
      .getByRole('navigation', { name: 'Topics' })
      .getByRole('link', { name: /^Makers/ })
      .click();
    await expect(page).toHaveURL(/tag=makers/);
    await expect(page.locator('main article h2')).toHaveCount(2);

    const first = page.locator('main article h2 a').first();
    const title = (await first.textContent())!;
    await first.click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText([
      'Home',
      'Blog',
      title,
    ]);
    await expect(page.getByRole('heading', { level: 2, name: 'Keep reading' })).toBeVisible();
    await expect.poll(() => page.getByRole('complementary').locator('article').count()).toBeGreaterThan(0);

    const ld = await readJsonLd(page);
    const posting = ld.find((d) => d['@type'] === 'BlogPosting') as unknown as Record<string, unknown>;
    expect(posting.headline).toBe(title);
    expect(String(posting.datePublished)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((posting.author as { name: string }).name).toBeTruthy();
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/blogs\/[a-z0-9-]+$/);
    expect(problems).toEqual([]);
  });

  test('an unknown post is the 404 page', async ({ shop }) => {
    const res = await fetch(`${shop.baseUrl}/blogs/no-such-post`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Page not found: /blogs/no-such-post');
  });
});

test.describe('images and SEO', () => {
  test('product images come from the media module with srcset, sizes, explicit size, and lazy below the fold', async ({
    page,
    shop,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${shop.baseUrl}/shop-online`);
    await waitForHydration(page);
    const grid = page.locator('.product-grid img');
    await expect(grid).toHaveCount(24);
    const imgs = await grid.evaluateAll((els) =>
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
    const currentSrc = () => grid.first().evaluate((el) => (el as HTMLImageElement).currentSrc);
    await expect.poll(currentSrc).toMatch(/\/media\/w_\d+(_dpr_2)?\//);
    const res = await fetch(await currentSrc());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
  });

  test('listing pages have a title, description, canonical and Open Graph tags', async ({ page, shop }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${shop.baseUrl}/product-category/t-shirts?page=1&sort=newest`);
    await expect(page).toHaveTitle('T-Shirts | Loom & Leaf');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      'Shop t-shirts in organic cotton jersey.',
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${shop.baseUrl}/product-category/t-shirts`,
    );
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
      'content',
      `${shop.baseUrl}/product-category/t-shirts`,
    );
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'T-Shirts');
  });

  test('robots.txt points to the sitemap, which lists products, categories, collections, posts and pages', async ({
    shop,
  }) => {
    const robots = await fetch(`${shop.baseUrl}/robots.txt`);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await robots.text();
    expect(text).toContain('User-agent: *');
    expect(text).toContain('Allow: /');
    expect(text).toContain(`Sitemap: ${shop.baseUrl}/sitemap.xml`);

    const sitemap = await fetch(`${shop.baseUrl}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await sitemap.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(shop.baseUrl, ''));
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
