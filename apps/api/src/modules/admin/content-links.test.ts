import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SECTION_LINK_MESSAGE,
  googleMapsEmbedMessage,
  pluginMessages,
  staffMessages,
  type AdminMenu,
  type AdminSlider,
  type AdminTemplate,
} from '@shopfront/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { ifMatch, ownerRequest } from '../../test/owner-request.ts';
import { signedInOwner } from '../staff/testing.ts';

/**
 * The link rule (issue 28) on PGlite and (TEST_DATABASE_URL) PostgreSQL, one row per link an
 * editor sets: each refuses a script or data address, another scheme, a protocol-relative
 * address (the contract's rule, packages/shared link-rule.ts, takes `/…` paths only) and a path a
 * browser reads as one (it drops tabs and line breaks from an address, and reads `\` as `/`),
 * with a 422 naming the field; each takes http(s), mailto:, tel: and a path on the shop, or, for
 * the addresses that must be web pages (social profiles, the shop's own address), http(s). A
 * link the rule refuses that is in the database all the same (stored before the rule, or by SQL)
 * is shown as text on the storefront.
 */
let t: TestApp;
let owner: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ storefront: true });
  owner = (await signedInOwner(t)).headers;
}, 300_000);
afterAll(() => t.close());

const req = ownerRequest(
  () => t,
  () => owner,
);

const REFUSED = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'ftp://evil.example/a',
  '//evil.example',
  '/\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
];
const LINK_RULE = [
  'https://example.com/a',
  'http://example.com/a',
  'mailto:shop@example.com',
  'tel:+919876543210',
  '/about-us',
];
const WEB_ONLY = ['https://example.com/a', 'http://example.com/a'];

let n = 0;
async function menu(id: string, items: unknown[]) {
  const current: AdminMenu = (await req('GET', `/api/admin/menus/${id}`)).json().data;
  return req('PUT', `/api/admin/menus/${id}`, {
    body: { name: current.name, items },
    headers: ifMatch(current.version),
  });
}
async function slides(list: unknown[]) {
  const current: AdminSlider = (await req('GET', '/api/admin/sliders/home-hero')).json().data;
  return req('PUT', '/api/admin/sliders/home-hero/slides', {
    body: { slides: list },
    headers: ifMatch(current.version),
  });
}
async function homeDraft(type: string, settings: object) {
  const home: AdminTemplate = (await req('GET', '/api/admin/templates/home')).json().data;
  const sections = [{ key: 'probe', type, settings }];
  return req('PUT', '/api/admin/templates/home/draft', { body: { sections }, headers: ifMatch(home.version) });
}
const span = (href: string) => [{ type: 'paragraph', text: '', spans: [{ text: 'tap', href }] }];
const PICTURE = { url: '/media/seed/a.webp', alt: 'A picture' };

interface LinkRow {
  field: string;
  send: (link: string) => Promise<{ statusCode: number; body: string; json(): { errors?: Record<string, string[]> } }>;
  /** Where the 422 names it, and with which message. */
  at: string;
  message: string;
  takes: string[];
}

const rows: LinkRow[] = [
  {
    field: 'header menu item address',
    send: (link) => menu('main-menu', [{ label: 'Go', link_type: 'url', link }]),
    at: 'items.0.link',
    message: SECTION_LINK_MESSAGE,
    takes: LINK_RULE,
  },
  {
    field: 'header menu sub-item address',
    send: (link) =>
      menu('main-menu', [
        { label: 'Go', link_type: 'url', link: '/', children: [{ label: 'Sub', link_type: 'url', link }] },
      ]),
    at: 'items.0.children.0.link',
    message: SECTION_LINK_MESSAGE,
    takes: LINK_RULE,
  },
  {
    field: 'footer menu item address',
    send: (link) => menu('footer-help', [{ label: 'Go', link_type: 'url', link }]),
    at: 'items.0.link',
    message: SECTION_LINK_MESSAGE,
    takes: LINK_RULE,
  },
  {
    field: 'slide button address',
    send: (link) => slides([{ title: 'Slide', link_url: link, link_text: 'Go' }]),
    at: 'slides.0.link_url',
    message: SECTION_LINK_MESSAGE,
    takes: LINK_RULE,
  },
  {
    field: 'marquee section link',
    send: (link) => homeDraft('marquee', { items: ['Hi'], link_url: link }),
    at: 'sections.0.settings.link_url',
    message: SECTION_LINK_MESSAGE,
    takes: LINK_RULE,
  },
  {
    field: 'product grid "view all" link',
    send: (link) => homeDraft('product_grid', { title: 'New', view_all_url: link }),
    at: 'sections.0.settings.view_all_url',
    message: SECTION_LINK_MESSAGE,
    takes: LINK_RULE,
  },
  {
    field: 'image-with-text button link',
    send: (link) =>
      homeDraft('image_with_text', { title: 'T', text: 'x', image: PICTURE, link_url: link, link_text: 'More' }),
    at: 'sections.0.settings.link_url',
    message: SECTION_LINK_MESSAGE,
    takes: LINK_RULE,
  },
  {
    field: 'gallery section picture link',
    send: (link) => homeDraft('gallery', { title: 'G', images: [{ ...PICTURE, link }] }),
    at: 'sections.0.settings.images.0.link',
    message: SECTION_LINK_MESSAGE,
    takes: LINK_RULE,
  },
  {
    field: 'rich text section link',
    send: (link) => homeDraft('rich_text', { title: 'R', blocks: span(link) }),
    at: 'sections.0.settings.blocks.0.spans.0.href',
    message: SECTION_LINK_MESSAGE,
    takes: LINK_RULE,
  },
  {
    field: 'page body link',
    send: (link) =>
      req('POST', '/api/admin/pages', { body: { title: 'Links', slug: `link-page-${++n}`, blocks: span(link) } }),
    at: 'blocks.0.spans.0.href',
    message: SECTION_LINK_MESSAGE,
    takes: LINK_RULE,
  },
  {
    field: 'blog post body link',
    send: (link) =>
      req('POST', '/api/admin/blog-posts', { body: { title: 'Links', slug: `link-post-${++n}`, blocks: span(link) } }),
    at: 'blocks.0.spans.0.href',
    message: SECTION_LINK_MESSAGE,
    takes: LINK_RULE,
  },
  ...(['facebook', 'instagram', 'youtube', 'twitter', 'pinterest', 'linkedin'] as const).map((key): LinkRow => ({
    field: `${key} profile address`,
    send: (link) => req('PATCH', '/api/admin/settings', { body: { [key]: link } }),
    at: key,
    message: staffMessages.httpUrl,
    takes: WEB_ONLY,
  })),
  {
    field: "the shop's own address",
    send: (link) => req('PATCH', '/api/admin/settings', { body: { store_url: link } }),
    at: 'store_url',
    message: staffMessages.httpUrl,
    takes: [...WEB_ONLY, 'http://localhost:80'],
  },
];

describe('every link an editor sets follows the link rule', () => {
  for (const row of rows) {
    it(`${row.field}: refuses other schemes and protocol-relative addresses, takes ${row.takes.length === LINK_RULE.length ? 'http(s), mailto:, tel: and shop paths' : 'http(s)'}`, async () => {
      for (const link of REFUSED) {
        const res = await row.send(link);
        expect([JSON.stringify(link), res.statusCode], res.body).toEqual([JSON.stringify(link), 422]);
        expect(res.json().errors?.[row.at], res.body).toContain(row.message);
      }
      for (const link of row.takes) {
        const res = await row.send(link);
        expect([link, res.statusCode], res.body).toEqual([link, 200]);
      }
    });
  }

  it('the map embed takes only an https Google Maps embed address', async () => {
    const send = (google_embed_url: string) => req('PATCH', '/api/admin/settings', { body: { google_embed_url } });
    for (const link of [...REFUSED, 'http://www.google.com/maps/embed?pb=1']) {
      const res = await send(link);
      expect([JSON.stringify(link), res.statusCode]).toEqual([JSON.stringify(link), 422]);
      expect(res.json().errors.google_embed_url).toEqual([pluginMessages.httpsUrl]);
    }
    const elsewhere = await send('https://evil.example/maps/embed?pb=1');
    expect(elsewhere.json().errors.google_embed_url).toEqual([googleMapsEmbedMessage]);
    expect((await send('https://www.google.com/maps/embed?pb=1')).statusCode).toBe(200);
  });

  it('the notice bar links only a page of the shop, by its slug', async () => {
    for (const page_slug of [...REFUSED, 'https://example.com/a']) {
      const res = await req('PATCH', '/api/admin/storefront', { body: { notice_bar: { page_slug } } });
      expect([JSON.stringify(page_slug), res.statusCode]).toEqual([JSON.stringify(page_slug), 422]);
      expect(Object.keys(res.json().errors)).toEqual(['notice_bar.page_slug']);
    }
    const res = await req('PATCH', '/api/admin/storefront', { body: { notice_bar: { page_slug: 'about-us' } } });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('a stored link the rule refuses', () => {
  it('is shown as text on the storefront, never as a link', async () => {
    const bad = REFUSED.filter((link) => !link.startsWith('data:'));
    for (const [i, url] of bad.entries())
      await t.database.db.execute(
        sql`insert into menu_items (menu_id, label, url, position) values ('main-menu', ${`Stale link ${i}`}, ${url}, ${-1 - i})`,
      );
    const html = (await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })).body;
    for (const [i] of bad.entries()) expect(html).toContain(`Stale link ${i}`);
    // The links of the page (the loader data still names them, as data).
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
    expect(hrefs.length).toBeGreaterThan(10);
    expect(hrefs.filter((h) => /evil\.example|^\s*(javascript|vbscript|ftp):/i.test(h))).toEqual([]);
  });
});
