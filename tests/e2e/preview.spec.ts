/**
 * Preview and template editing (docs/preview-protocol.md): a test page on a second loopback
 * origin plays the admin panel, frames the shop and drives it with messages; a third origin
 * plays a stranger.
 */
import { createServer, type Server } from 'node:http';
import type { Frame, Page } from '@playwright/test';
import { DESKTOP, waitForHydration, watchForProblems } from './support/browser.ts';
import { startShop, type RunningShop } from './support/server.ts';
import { expect, test } from './support/test.ts';

/**
 * Serves HTML pages from an origin of its own (a different port is a different origin); `page`
 * answers a path's HTML when asked, or null for a 404.
 */
async function startOrigin(page: (path: string) => string | null): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    const body = page(new URL(req.url ?? '/', 'http://x').pathname);
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server };
}

/** A parent page framing `src` as the first frame, recording every message it receives. */
const framingPage = (
  src: string,
  extraFrame = '',
) => `<!doctype html><html><head><title>Admin</title><link rel="icon" href="data:,"></head>
<body style="margin:0">
<iframe id="shop" name="shop" src="${src}" style="width:1200px;height:760px;border:0"></iframe>
${extraFrame}
<script>
  window.received = [];
  window.addEventListener('message', (e) => window.received.push({ origin: e.origin, data: e.data }));
</script>
</body></html>`;

// The stranger's page, framed beside the shop by the admin page: on request it posts to the shop.
const strangerChild = `<!doctype html><html><head><link rel="icon" href="data:,"></head><body><script>
  window.addEventListener('message', (e) => {
    if (e.data !== 'attack') return;
    const shop = parent.frames[0];
    shop.postMessage({ type: 'shopfront:preview:theme', theme: { primary: '#ff0000' }, custom_css: 'body{display:none}' }, '*');
    shop.postMessage({ type: 'shopfront:preview:sections', sections: [{ key: 'pwned', type: 'rich_text', settings: { title: 'Stranger section', blocks: [] } }] }, '*');
  });
</script></body></html>`;

/*
 * The shop must name the admin page's origin (ADMIN_ORIGIN) when it starts, and that origin is a
 * port chosen here, so the file runs a shop of its own (not the `shop` fixture), started in
 * beforeAll after the two origins; their pages are built per request, once the shop's address is known.
 */
let shop: RunningShop | undefined;
let admin: { origin: string; server: Server } | undefined;
let stranger: { origin: string; server: Server } | undefined;

const shopUrl = () => shop!.baseUrl;

test.beforeAll(async () => {
  // Starting a shop is not a test's time.
  test.setTimeout(240_000);
  const strangerOrigin = await startOrigin((path) =>
    path === '/child' ? strangerChild : path === '/frame' ? framingPage(`${shopUrl()}/about-us?preview=1`) : null,
  );
  stranger = strangerOrigin;
  admin = await startOrigin((path) =>
    path === '/about'
      ? framingPage(
          `${shopUrl()}/about-us?preview=1`,
          `<iframe id="stranger" src="${strangerOrigin.origin}/child"></iframe>`,
        )
      : path === '/home'
        ? framingPage(`${shopUrl()}/?preview=1`)
        : path === '/post'
          ? framingPage(`${shopUrl()}/preview/post?preview=1`)
          : null,
  );
  shop = await startShop({ env: { NODE_ENV: 'test', ADMIN_ORIGIN: admin.origin } });
});

test.afterAll(async () => {
  await shop?.stop();
  const origins = [admin, stranger].filter((o) => o !== undefined);
  for (const { server } of origins) server.closeAllConnections();
  await Promise.all(origins.map(({ server }) => new Promise((r) => server.close(r))));
});

interface Received {
  origin: string;
  data: { type?: string; [k: string]: unknown };
}

/** Polls the admin page's record until a message of `type` has arrived. */
async function waitForMessage(page: Page, type: string): Promise<Received> {
  const handle = await page.waitForFunction(
    (t) => (window as unknown as { received: Received[] }).received.find((m) => m.data?.type === t) ?? null,
    type,
  );
  return (await handle.jsonValue()) as Received;
}

/** Opens an admin page in `page` and waits for the framed shop to announce itself. */
async function openAdmin(
  page: Page,
  path: string,
): Promise<{ page: Page; shop: Frame; ready: Received; problems: string[] }> {
  await page.setViewportSize(DESKTOP);
  const problems = await watchForProblems(page);
  await page.goto(`${admin!.origin}${path}`);
  const ready = await waitForMessage(page, 'shopfront:preview:ready');
  const framed = page.frames().find((f) => f.url().startsWith(shopUrl()));
  if (!framed) throw new Error('the shop frame is missing');
  await waitForHydration(framed as unknown as Page);
  return { page, shop: framed, ready, problems };
}

/** Posts from the admin page to the framed shop, addressed to the shop's origin. */
async function post(page: Page, message: unknown) {
  await page.evaluate(
    ([m, target]) => (document.getElementById('shop') as HTMLIFrameElement).contentWindow!.postMessage(m, target),
    [message, shopUrl()] as const,
  );
}

const cssVar = (framed: Frame, name: string) =>
  framed.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

test.describe('preview and template editing inside the admin frame', () => {
  test("the page's frame-ancestors names exactly 'self' and the admin origin, and a preview is never cached", async () => {
    const res = await fetch(`${shopUrl()}/about-us?preview=1`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    const directive = csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([name]) => name === 'frame-ancestors');
    expect(directive?.slice(1)).toEqual(["'self'", admin!.origin]);
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  test('outside a frame there is no preview toolbar', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${shopUrl()}/about-us?preview=1`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    await expect(page.getByRole('toolbar', { name: 'Template editing' })).toHaveCount(0);
  });

  test('announces itself, applies an unsaved theme and sections live, and Edit Page messages the admin', async ({
    page: adminPage,
  }) => {
    const { page, shop, ready, problems } = await openAdmin(adminPage, '/about');
    expect(ready).toEqual({ origin: shopUrl(), data: { type: 'shopfront:preview:ready', path: '/about-us' } });
    const savedPrimary = await cssVar(shop, '--sf-primary');
    await expect(shop.locator('[aria-roledescription="carousel"]')).toHaveCount(0);
    // An image the shop has: the one its saved image-with-text section shows.
    const saved = (await (await fetch(`${shopUrl()}/api/templateBoth/page?slug=about-us`)).json()) as {
      data: { template: { sections: { type: string; settings: { image?: { url: string } } }[] } };
    };
    const image = saved.data.template.sections.find((s) => s.type === 'image_with_text')!.settings.image!;

    // Junk from the admin itself is ignored and breaks nothing.
    await post(page, 'hello');
    await post(page, { type: 'shopfront:preview:theme', theme: 'red' });
    await post(page, { type: 'shopfront:preview:unknown' });

    await post(page, {
      type: 'shopfront:preview:theme',
      theme: { primary: '#0f766e', accent: 'nonsense' },
      custom_css: '.cms-page h1{letter-spacing:3px}',
    });
    await expect.poll(() => cssVar(shop, '--sf-primary')).toBe('#0f766e');
    await expect.poll(() => cssVar(shop, '--sf-primary-hover')).not.toBe('');
    await expect(shop.locator('.cms-page h1')).toHaveCSS('letter-spacing', '3px');
    expect(savedPrimary).not.toBe('#0f766e');

    const sections = [
      {
        key: 'intro',
        type: 'rich_text',
        settings: {
          title: 'A preview heading',
          blocks: [{ type: 'paragraph', text: 'Written in the admin, not saved.' }],
        },
      },
      { key: 'video', type: 'video', settings: { url: 'https://example.test/v.mp4' } },
      { key: 'ticker', type: 'marquee', settings: { items: ['Preview ticker item'], duration_s: 12 } },
      {
        key: 'story',
        type: 'image_with_text',
        settings: {
          title: 'Previewed story',
          text: 'Text that only the preview shows.',
          image: { url: image.url, alt: 'Studio' },
          image_position: 'right',
        },
      },
      { key: 'hero', type: 'hero_slider', settings: { slider_id: 'home-hero' } },
      { key: 'picks', type: 'product_grid', settings: { title: 'Preview picks', source: 'featured', items: 2 } },
      { key: 'new-tiles', type: 'category_grid', settings: { title: 'Unsaved tiles' } },
      { key: 'gone', type: 'hero_slider', settings: { slider_id: 'no-such-slider' } },
      { key: 'broken', type: 'marquee', settings: { items: [] } },
    ];
    await post(page, { type: 'shopfront:preview:sections', sections });
    await expect(shop.getByRole('heading', { level: 2, name: 'A preview heading' })).toBeVisible();
    await expect(shop.getByText('Written in the admin, not saved.')).toBeVisible();
    await expect(shop.getByText('Preview ticker item').first()).toBeVisible();
    await expect(shop.getByRole('heading', { name: 'Previewed story' })).toBeVisible();
    // Data-backed sections fetch their data like the page does.
    await expect(shop.getByRole('heading', { name: 'Preview picks' })).toBeVisible();
    const picks = shop.getByRole('region', { name: 'Preview picks' });
    await expect(picks.locator('li')).toHaveCount(2);
    await expect.poll(() => picks.locator('a[href^="/product/"]').count()).toBeGreaterThan(0);
    // The about page has no slider of its own: this one was fetched for the preview.
    await expect
      .poll(() => shop.locator('[aria-roledescription="carousel"] [aria-roledescription="slide"]').count())
      .toBeGreaterThan(0);
    // A category grid the page has never saved: its tiles are fetched for the preview too.
    const tiles = shop.getByRole('region', { name: 'Unsaved tiles' });
    await expect.poll(() => tiles.locator('a[href^="/product-category/"]').count()).toBeGreaterThan(0);
    await expect(shop.locator('[data-preview-placeholder="new-tiles"]')).toHaveCount(0);
    // A slider that does not exist: a placeholder naming the section, in the preview only.
    await expect(shop.locator('[data-preview-placeholder="gone"]')).toContainText('Hero slider');
    // The page's saved sections are replaced, its title stays.
    await expect(shop.getByRole('heading', { level: 2, name: 'Meet the makers' })).toHaveCount(0);
    await expect(shop.getByRole('heading', { level: 1, name: 'About Us' })).toHaveCount(1);
    await expect
      .poll(async () => {
        const order = await shop.locator('main h2').allTextContents();
        return order.indexOf('A preview heading') < order.indexOf('Previewed story');
      }, 'A preview heading comes before Previewed story')
      .toBe(true);

    await shop.getByRole('button', { name: 'Edit Page' }).click();
    const edit = await waitForMessage(page, 'shopfront:edit');
    expect(edit).toEqual({
      origin: shopUrl(),
      data: { type: 'shopfront:edit', target: 'page', page: { slug: 'about-us', page_type: 'Page' } },
    });
    await shop.getByRole('button', { name: 'Edit Header' }).click();
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as unknown as { received: Received[] }).received.some(
            (m) => m.data?.type === 'shopfront:edit' && m.data.target === 'header',
          ),
        ),
      )
      .toBe(true);

    // Reset brings the saved page back.
    await post(page, { type: 'shopfront:preview:reset' });
    await expect(shop.getByRole('heading', { level: 2, name: 'Meet the makers' })).toBeVisible();
    await expect.poll(() => cssVar(shop, '--sf-primary')).toBe(savedPrimary);
    // Only the refusals asked for: the slider that does not exist (its fetch, and the console's line for it).
    expect(
      problems.filter((p) => !/^http 404: \/api\/slider\/no-such-slider$|status of 404 \(Not Found\)$/.test(p)),
    ).toEqual([]);
  });

  test('ignores messages from another origin, even from a frame inside the admin page', async ({ page: adminPage }) => {
    const { page, shop } = await openAdmin(adminPage, '/about');
    await shop.evaluate(() => {
      const w = window as unknown as { seen: string[] };
      w.seen = [];
      window.addEventListener('message', (e) => w.seen.push(e.origin));
    });
    const strangerChildFrame = page.frames().find((f) => f.url().startsWith(stranger!.origin))!;
    await strangerChildFrame.evaluate(() => window.postMessage('attack', '*'));
    // Both stranger messages reached the shop (its preview listener ran before this one).
    await expect
      .poll(() =>
        shop.evaluate(
          (o) => (window as unknown as { seen: string[] }).seen.filter((s) => s === o).length,
          stranger!.origin,
        ),
      )
      .toBe(2);
    expect(await cssVar(shop, '--sf-primary')).not.toBe('#ff0000');
    await expect(shop.getByText('Stranger section')).toHaveCount(0);
    await expect(shop.getByRole('heading', { level: 2, name: 'Meet the makers' })).toHaveCount(1);
    await expect(shop.locator('body')).toBeVisible();
  });

  test('a page on another origin cannot frame the shop at all', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/frame-ancestors/.test(m.text())) refused.push(m.text());
    });
    await page.goto(`${stranger!.origin}/frame`);
    await expect.poll(() => refused.length).toBeGreaterThan(0);
    expect(refused[0]).toContain(shopUrl());
    // The frame holds Chromium's error page, not the shop.
    const framed = page.frames().find((f) => f !== page.mainFrame())!;
    await expect.poll(() => framed.url()).not.toContain(shopUrl());
  });

  test('on the home page, Edit Footer names the home page and its type', async ({ page: adminPage }) => {
    const { page, shop } = await openAdmin(adminPage, '/home');
    await shop.getByRole('button', { name: 'Edit Footer' }).click();
    const edit = await waitForMessage(page, 'shopfront:edit');
    expect(edit.data).toEqual({ type: 'shopfront:edit', target: 'footer', page: { slug: 'home', page_type: 'Home' } });
  });

  test('unsaved slides, questions, testimonials and a post show live, their markup and script links never run', async ({
    page: adminPage,
    newPage,
  }) => {
    const XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>';
    const { page, shop, problems } = await openAdmin(adminPage, '/home');
    await post(page, {
      type: 'shopfront:preview:sections',
      sections: [
        { key: 'hero', type: 'hero_slider', settings: { slider_id: 'home-hero' } },
        { key: 'help', type: 'faq', settings: { title: 'Help', faq_id: 'shopping-help' } },
        { key: 'quotes', type: 'testimonials', settings: { title: 'Quotes', limit: 3 } },
      ],
    });
    await post(page, {
      type: 'shopfront:preview:slider',
      id: 'home-hero',
      slides: [
        {
          title: `Slide ${XSS}`,
          subtitle: XSS,
          image_url: 'javascript:alert(1)',
          link_url: 'javascript:alert(1)',
          link_text: 'Go',
        },
      ],
    });
    await post(page, {
      type: 'shopfront:preview:faq',
      id: 'shopping-help',
      title: XSS,
      items: [{ question: `Question ${XSS}`, answer: XSS, is_published: true }],
    });
    await post(page, {
      type: 'shopfront:preview:testimonials',
      items: [
        {
          author: `Author ${XSS}`,
          author_title: XSS,
          quote: `Quote ${XSS}`,
          rating: 5,
          picture: 'javascript:alert(1)',
        },
      ],
    });
    await expect(shop.locator('.hero-slider h2', { hasText: 'Slide <img' })).toBeVisible();
    await expect(shop.locator('summary', { hasText: 'Question <img' })).toBeVisible();
    await expect(shop.getByText(`Quote ${XSS}`)).toBeVisible();
    // The saved slides and questions are gone from those sections; nothing ran, no script link.
    await expect(shop.locator('.hero-slider h2')).toHaveCount(1);
    await expect(shop.locator('a[href^="javascript:"], img[src^="javascript:"], main script')).toHaveCount(0);
    expect(await shop.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(problems).toEqual([]);

    // The post preview in an admin page of its own (a context of its own, as the next tab was).
    const draft = await openAdmin(await newPage(DESKTOP), '/post');
    expect(draft.ready.data).toEqual({ type: 'shopfront:preview:ready', path: '/preview/post' });
    await expect(draft.shop.getByRole('heading', { level: 1, name: 'Nothing to preview' })).toBeVisible();
    await post(draft.page, {
      type: 'shopfront:preview:post',
      post: {
        title: `Post ${XSS}`,
        excerpt: XSS,
        cover_image: { url: 'javascript:alert(1)', alt: XSS },
        author: XSS,
        body: [
          { type: 'paragraph', text: XSS },
          { type: 'paragraph', text: 'bad link', spans: [{ text: 'bad link', href: 'javascript:alert(1)' }] },
          { type: 'paragraph', text: 'good link', spans: [{ text: 'good link', href: 'https://example.test/' }] },
        ],
        published_at: null,
      },
    });
    await expect(draft.shop.getByRole('heading', { level: 1, name: `Post ${XSS}` })).toBeVisible();
    await expect(draft.shop.getByText('Not published yet')).toBeVisible();
    await expect(draft.shop.getByRole('link', { name: 'good link' })).toHaveAttribute('href', 'https://example.test/');
    await expect(draft.shop.getByText('bad link')).toHaveCount(0);
    await expect(
      draft.shop.locator('a[href^="javascript:"], img[src^="javascript:"], main script, main img'),
    ).toHaveCount(0);
    expect(await draft.shop.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    // /preview/post answers 404 by design (it has no post of its own): the only problems allowed.
    expect(draft.problems.filter((p) => !/http 404: \/preview\/post$|status of 404/.test(p))).toEqual([]);
  });
});
