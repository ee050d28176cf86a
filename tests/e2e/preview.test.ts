/**
 * Preview and template editing (docs/preview-protocol.md): a test page on a second loopback
 * origin plays the admin panel, frames the shop and drives it with messages; a third origin
 * plays a stranger.
 */
import { createServer, type Server } from 'node:http';
import type { Frame, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DESKTOP, newPage, waitForHydration, watchForProblems } from './support/browser.ts';
import { useShopSuite } from './support/suite.ts';

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

// The shop's address is known once useShopSuite's beforeAll has run; pages are built per request.
const shopUrl = () => suite.shop.baseUrl;
const stranger = await startOrigin((path) =>
  path === '/child' ? strangerChild : path === '/frame' ? framingPage(`${shopUrl()}/about-us?preview=1`) : null,
);
const admin = await startOrigin((path) =>
  path === '/about'
    ? framingPage(`${shopUrl()}/about-us?preview=1`, `<iframe id="stranger" src="${stranger.origin}/child"></iframe>`)
    : path === '/home'
      ? framingPage(`${shopUrl()}/?preview=1`)
      : path === '/post'
        ? framingPage(`${shopUrl()}/preview/post?preview=1`)
        : null,
);

const suite = useShopSuite({ env: { NODE_ENV: 'test', ADMIN_ORIGIN: admin.origin } });

afterAll(async () => {
  for (const { server } of [admin, stranger]) server.closeAllConnections();
  await Promise.all([admin, stranger].map(({ server }) => new Promise((r) => server.close(r))));
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

/** Opens an admin page and waits for the framed shop to announce itself. */
async function openAdmin(path: string): Promise<{ page: Page; shop: Frame; ready: Received; problems: string[] }> {
  const page = await newPage(suite.browser, DESKTOP);
  const problems = await watchForProblems(page);
  await page.goto(`${admin.origin}${path}`);
  const ready = await waitForMessage(page, 'shopfront:preview:ready');
  const shop = page.frames().find((f) => f.url().startsWith(suite.shop.baseUrl));
  if (!shop) throw new Error('the shop frame is missing');
  await waitForHydration(shop as unknown as Page);
  return { page, shop, ready, problems };
}

/** Posts from the admin page to the framed shop, addressed to the shop's origin. */
async function post(page: Page, message: unknown) {
  await page.evaluate(
    ([m, target]) => (document.getElementById('shop') as HTMLIFrameElement).contentWindow!.postMessage(m, target),
    [message, suite.shop.baseUrl] as const,
  );
}

const cssVar = (shop: Frame, name: string) =>
  shop.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

describe('preview and template editing inside the admin frame', () => {
  it("the page's frame-ancestors names exactly 'self' and the admin origin, and a preview is never cached", async () => {
    const res = await fetch(`${suite.shop.baseUrl}/about-us?preview=1`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    const directive = csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([name]) => name === 'frame-ancestors');
    expect(directive?.slice(1)).toEqual(["'self'", admin.origin]);
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('outside a frame there is no preview toolbar', async () => {
    const page = await newPage(suite.browser, DESKTOP);
    await page.goto(`${suite.shop.baseUrl}/about-us?preview=1`);
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    await expect(page.getByRole('toolbar', { name: 'Template editing' }).count()).resolves.toBe(0);
    await page.close();
  });

  it('announces itself, applies an unsaved theme and sections live, and Edit Page messages the admin', async () => {
    const { page, shop, ready, problems } = await openAdmin('/about');
    expect(ready).toEqual({ origin: suite.shop.baseUrl, data: { type: 'shopfront:preview:ready', path: '/about-us' } });
    const savedPrimary = await cssVar(shop, '--sf-primary');
    await expect(shop.locator('[aria-roledescription="carousel"]').count()).resolves.toBe(0);
    // An image the shop has: the one its saved image-with-text section shows.
    const saved = (await (await fetch(`${suite.shop.baseUrl}/api/templateBoth/page?slug=about-us`)).json()) as {
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
    await shop.waitForFunction(
      () => getComputedStyle(document.documentElement).getPropertyValue('--sf-primary').trim() === '#0f766e',
    );
    await expect(cssVar(shop, '--sf-primary-hover')).resolves.not.toBe('');
    await expect(shop.locator('.cms-page h1').evaluate((el) => getComputedStyle(el).letterSpacing)).resolves.toBe(
      '3px',
    );
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
      { key: 'broken', type: 'marquee', settings: { items: [] } },
    ];
    await post(page, { type: 'shopfront:preview:sections', sections });
    await shop.getByRole('heading', { level: 2, name: 'A preview heading' }).waitFor();
    await shop.getByText('Written in the admin, not saved.').waitFor();
    await shop.getByText('Preview ticker item').first().waitFor();
    await shop.getByRole('heading', { name: 'Previewed story' }).waitFor();
    // Data-backed sections fetch their data like the page does.
    await shop.getByRole('heading', { name: 'Preview picks' }).waitFor();
    const picks = shop.getByRole('region', { name: 'Preview picks' });
    await expect.poll(() => picks.locator('li').count()).toBe(2);
    await expect(picks.locator('a[href^="/product/"]').count()).resolves.toBeGreaterThan(0);
    // The about page has no slider of its own: this one was fetched for the preview.
    await expect
      .poll(() => shop.locator('[aria-roledescription="carousel"] [aria-roledescription="slide"]').count())
      .toBeGreaterThan(0);
    await shop.locator('[data-preview-placeholder="new-tiles"]').waitFor();
    // The page's saved sections are replaced, its title stays.
    await expect(shop.getByRole('heading', { level: 2, name: 'Meet the makers' }).count()).resolves.toBe(0);
    await expect(shop.getByRole('heading', { level: 1, name: 'About Us' }).count()).resolves.toBe(1);
    const order = await shop.locator('main h2').allTextContents();
    expect(order.indexOf('A preview heading')).toBeLessThan(order.indexOf('Previewed story'));

    await shop.getByRole('button', { name: 'Edit Page' }).click();
    const edit = await waitForMessage(page, 'shopfront:edit');
    expect(edit).toEqual({
      origin: suite.shop.baseUrl,
      data: { type: 'shopfront:edit', target: 'page', page: { slug: 'about-us', page_type: 'Page' } },
    });
    await shop.getByRole('button', { name: 'Edit Header' }).click();
    await page.waitForFunction(() =>
      (window as unknown as { received: Received[] }).received.some(
        (m) => m.data?.type === 'shopfront:edit' && m.data.target === 'header',
      ),
    );

    // Reset brings the saved page back.
    await post(page, { type: 'shopfront:preview:reset' });
    await shop.getByRole('heading', { level: 2, name: 'Meet the makers' }).waitFor();
    await shop.waitForFunction(
      (saved) => getComputedStyle(document.documentElement).getPropertyValue('--sf-primary').trim() === saved,
      savedPrimary,
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  it('ignores messages from another origin, even from a frame inside the admin page', async () => {
    const { page, shop } = await openAdmin('/about');
    await shop.evaluate(() => {
      const w = window as unknown as { seen: string[] };
      w.seen = [];
      window.addEventListener('message', (e) => w.seen.push(e.origin));
    });
    const strangerChildFrame = page.frames().find((f) => f.url().startsWith(stranger.origin))!;
    await strangerChildFrame.evaluate(() => window.postMessage('attack', '*'));
    // Both stranger messages reached the shop (its preview listener ran before this one).
    await shop.waitForFunction(
      (o) => (window as unknown as { seen: string[] }).seen.filter((s) => s === o).length === 2,
      stranger.origin,
    );
    await expect(cssVar(shop, '--sf-primary')).resolves.not.toBe('#ff0000');
    await expect(shop.getByText('Stranger section').count()).resolves.toBe(0);
    await expect(shop.getByRole('heading', { level: 2, name: 'Meet the makers' }).count()).resolves.toBe(1);
    await expect(shop.locator('body').isVisible()).resolves.toBe(true);
    await page.close();
  });

  it('a page on another origin cannot frame the shop at all', async () => {
    const page = await newPage(suite.browser, DESKTOP);
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/frame-ancestors/.test(m.text())) refused.push(m.text());
    });
    await page.goto(`${stranger.origin}/frame`);
    await expect.poll(() => refused.length).toBeGreaterThan(0);
    expect(refused[0]).toContain(suite.shop.baseUrl);
    // The frame holds Chromium's error page, not the shop.
    const framed = page.frames().find((f) => f !== page.mainFrame())!;
    await expect.poll(() => framed.url()).not.toContain(suite.shop.baseUrl);
    await page.close();
  });

  it('on the home page, Edit Footer names the home page and its type', async () => {
    const { page, shop } = await openAdmin('/home');
    await shop.getByRole('button', { name: 'Edit Footer' }).click();
    const edit = await waitForMessage(page, 'shopfront:edit');
    expect(edit.data).toEqual({ type: 'shopfront:edit', target: 'footer', page: { slug: 'home', page_type: 'Home' } });
    await page.close();
  });
  it('unsaved slides, questions, testimonials and a post show live, their markup and script links never run', async () => {
    const XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>';
    const { page, shop, problems } = await openAdmin('/home');
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
    await shop.locator('.hero-slider h2', { hasText: 'Slide <img' }).waitFor();
    await shop.locator('summary', { hasText: 'Question <img' }).waitFor();
    await shop.getByText(`Quote ${XSS}`).waitFor();
    // The saved slides and questions are gone from those sections; nothing ran, no script link.
    await expect(shop.locator('.hero-slider h2').count()).resolves.toBe(1);
    await expect(shop.locator('a[href^="javascript:"], img[src^="javascript:"], main script').count()).resolves.toBe(0);
    await expect(shop.evaluate(() => (window as unknown as { __xss?: number }).__xss)).resolves.toBeUndefined();
    expect(problems).toEqual([]);
    await page.close();

    const draft = await openAdmin('/post');
    expect(draft.ready.data).toEqual({ type: 'shopfront:preview:ready', path: '/preview/post' });
    await draft.shop.getByRole('heading', { level: 1, name: 'Nothing to preview' }).waitFor();
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
    await draft.shop.getByRole('heading', { level: 1, name: `Post ${XSS}` }).waitFor();
    await draft.shop.getByText('Not published yet').waitFor();
    await expect(draft.shop.getByRole('link', { name: 'good link' }).getAttribute('href')).resolves.toBe(
      'https://example.test/',
    );
    await expect(draft.shop.getByText('bad link').count()).resolves.toBe(0);
    await expect(
      draft.shop.locator('a[href^="javascript:"], img[src^="javascript:"], main script, main img').count(),
    ).resolves.toBe(0);
    await expect(draft.shop.evaluate(() => (window as unknown as { __xss?: number }).__xss)).resolves.toBeUndefined();
    // /preview/post answers 404 by design (it has no post of its own): the only problems allowed.
    expect(draft.problems.filter((p) => !/http 404: \/preview\/post$|status of 404/.test(p))).toEqual([]);
    await draft.page.close();
  });
});
