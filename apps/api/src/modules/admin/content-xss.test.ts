import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_SECTION_LIMITS } from '@shopfront/shared';
import type {
  AdminBlogPost,
  AdminBlogPostInput,
  AdminForm,
  AdminFormBody,
  AdminMenu,
  AdminSlider,
  AdminTemplate,
  MenuItemInput,
  SectionInput,
} from '@shopfront/shared';
import { buyableVariants, guestReady } from '../../test/checkout.ts';
import { CACHES_ON, createTestApp, type TestApp } from '../../test/app.ts';
import { ifMatch, ownerRequest, type OwnerMethod } from '../../test/owner-request.ts';
import { signedInOwner } from '../staff/testing.ts';

/**
 * Stored XSS (issue 28) on PGlite and (TEST_DATABASE_URL) PostgreSQL, one row per field an editor
 * sets that the storefront shows, beyond the fields the editors' own tests cover (template rich
 * text, page fields, an FAQ question and answer, a form label, a slide title, a testimonial quote
 * and author): each is written through the owner API with markup that would run if it reached
 * the page as HTML, then the server-rendered page where it shows must carry it escaped (so the
 * field is rendered at all) and never as markup, neither in the HTML nor in the loader data.
 */
let t: TestApp;
let owner: Record<string, string>;

const req = ownerRequest(
  () => t,
  () => owner,
);
async function ok(method: OwnerMethod, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await req(method, url, { body, headers });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json().data;
}

const settings = (patch: object) => ok('PATCH', '/api/admin/settings', patch);
const storefront = (patch: object) => ok('PATCH', '/api/admin/storefront', patch);

const POST_SLUG = 'xss-probe-post';
const post = (extra: Partial<AdminBlogPostInput>): AdminBlogPostInput => ({
  title: 'Probe post',
  slug: POST_SLUG,
  status: 'published',
  blocks: [{ type: 'paragraph', text: 'Probe body' }],
  ...extra,
});
async function blogPost(extra: Partial<AdminBlogPostInput>) {
  const current: AdminBlogPost = await ok('GET', '/api/admin/blog-posts?q=probe').then((d) =>
    ok('GET', `/api/admin/blog-posts/${d.posts[0].id}`),
  );
  await ok('PUT', `/api/admin/blog-posts/${current.id}`, post(extra), ifMatch(current.version));
}

/** Publishes `section` at the top of the home page. */
async function homeSection(section: SectionInput) {
  const home: AdminTemplate = await ok('GET', '/api/admin/templates/home');
  const draft: AdminTemplate = await ok(
    'PUT',
    '/api/admin/templates/home/draft',
    { sections: [section, ...home.sections] },
    ifMatch(home.version),
  );
  await ok('POST', '/api/admin/templates/home/publish', undefined, ifMatch(draft.version));
}
let sections = 0;
const section = (type: string, settings: object) =>
  homeSection({ key: `xss-${++sections}`, type, settings } as SectionInput);
const PICTURE = '/media/seed/a.webp';

async function menu(id: string, change: (m: AdminMenu) => { name: string; items: MenuItemInput[] }) {
  const current: AdminMenu = await ok('GET', `/api/admin/menus/${id}`);
  await ok('PUT', `/api/admin/menus/${id}`, change(current), ifMatch(current.version));
}
const menuItem = (label: string, children: MenuItemInput[] = []): MenuItemInput => ({
  label,
  link_type: 'url',
  link: '/about-us',
  children,
});

async function slide(extra: object) {
  const current: AdminSlider = await ok('GET', '/api/admin/sliders/home-hero');
  const first = { title: 'Probe slide', ...extra };
  await ok(
    'PUT',
    '/api/admin/sliders/home-hero/slides',
    { slides: [first, ...current.slides] },
    ifMatch(current.version),
  );
}
async function faqGroup(extra: { title?: string; description?: string }) {
  const current = await ok('GET', '/api/admin/faqs/shopping-help');
  const body = { title: current.title, description: current.description, ...extra };
  await ok('PATCH', '/api/admin/faqs/shopping-help', body, ifMatch(current.version));
}
async function form(change: (f: AdminFormBody) => AdminFormBody) {
  const f: AdminForm = await ok('GET', '/api/admin/forms/contact');
  const body: AdminFormBody = {
    name: f.name,
    description: f.description,
    fields: f.fields,
    submit_label: f.submit_label,
    success_message: f.success_message,
    is_active: f.is_active,
    notify_emails: f.notify_emails,
  };
  await ok('PUT', '/api/admin/forms/contact', change(body), ifMatch(f.version));
}

/** The home page after the contact form (shown there by beforeAll) was sent: its success message shows. */
async function sentContactForm() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/?index',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'http://localhost:80',
      accept: 'text/html',
    },
    payload: new URLSearchParams({ _section: 'xss-contact', _form: 'contact', probe: 'Hello' }).toString(),
  });
  return res.body;
}
/** The payment step of a guest's ready cart (where the checkout instruction shows). */
async function checkoutPage() {
  const [variant] = await buyableVariants(t.database.db, 2, 1);
  const { b } = await guestReady(t, { lines: [[variant!, 1]] });
  const cookie = [...b.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await t.app.inject({ method: 'GET', url: '/checkout/payment', headers: { accept: 'text/html', cookie } });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.body;
}

/** Row `n`'s attack: markup for a text node, a quote and an apostrophe for an attribute, numbered so its own row finds it. */
const attack = (n: number, max: number) =>
  max >= 60 ? `<script>alert(${n})</script><img src=x onerror=alert(${n})>"'` : `<script>alert(${n})</script>"'`;
/** What React writes for `text` in a text node or an attribute. */
const escaped = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

interface Row {
  field: string;
  /** The longest value the field takes, when under 60 (the short attack leaves out the <img>). */
  max?: number;
  set: (value: string) => Promise<unknown>;
  /** A storefront path where the field shows, or the rendered page itself. */
  shows: string | (() => Promise<string>);
}

const HOME = '/';
const POST = `/blogs/${POST_SLUG}`;

const rows: Row[] = [
  // Blog posts: the post's page, and the blog's index for what a card shows.
  { field: 'blog post title', set: (v) => blogPost({ title: v }), shows: POST },
  { field: 'blog post title on the index', set: (v) => blogPost({ title: v }), shows: '/blogs' },
  { field: 'blog post excerpt', set: (v) => blogPost({ excerpt: v }), shows: '/blogs' },
  { field: 'blog post author', set: (v) => blogPost({ author: v }), shows: POST },
  {
    field: 'blog post cover picture alt',
    set: (v) => blogPost({ cover_image: PICTURE, cover_image_alt: v }),
    shows: POST,
  },
  { field: 'blog post SEO title', set: (v) => blogPost({ seo_title: v }), shows: POST },
  { field: 'blog post SEO description', set: (v) => blogPost({ seo_description: v }), shows: POST },
  { field: 'blog post heading block', set: (v) => blogPost({ blocks: [{ type: 'heading', text: v }] }), shows: POST },
  {
    field: 'blog post paragraph block (marked run)',
    set: (v) => blogPost({ blocks: [{ type: 'paragraph', text: '', spans: [{ text: v, bold: true, href: '/a' }] }] }),
    shows: POST,
  },
  { field: 'blog post list item', set: (v) => blogPost({ blocks: [{ type: 'list', items: [v] }] }), shows: POST },
  {
    field: 'blog post quote and its source',
    set: (v) => blogPost({ blocks: [{ type: 'quote', text: 'Said', cite: v }] }),
    shows: POST,
  },
  {
    field: 'blog post picture block alt',
    set: (v) => blogPost({ blocks: [{ type: 'image', url: PICTURE, alt: v, caption: null }] }),
    shows: POST,
  },
  {
    field: 'blog post picture block caption',
    set: (v) => blogPost({ blocks: [{ type: 'image', url: PICTURE, alt: 'A picture', caption: v }] }),
    shows: POST,
  },

  // Menus: the header's (with a sub-item) and a footer column's.
  {
    field: 'header menu item label',
    max: 60,
    set: (v) => menu('main-menu', (m) => ({ name: m.name, items: [menuItem(v), ...m.items] })),
    shows: HOME,
  },
  {
    field: 'header menu sub-item label',
    max: 60,
    set: (v) => menu('main-menu', (m) => ({ name: m.name, items: [menuItem('Probe', [menuItem(v)]), ...m.items] })),
    shows: HOME,
  },
  { field: 'footer menu name', max: 60, set: (v) => menu('footer-shop', (m) => ({ ...m, name: v })), shows: HOME },
  {
    field: 'footer menu item label',
    max: 60,
    set: (v) => menu('footer-help', (m) => ({ name: m.name, items: [menuItem(v), ...m.items] })),
    shows: HOME,
  },

  // The bars above the header, and the cookie banner.
  { field: 'notice bar message', set: (v) => storefront({ notice_bar: { enabled: true, message: v } }), shows: HOME },
  {
    field: 'notice bar link text',
    max: 60,
    set: (v) => storefront({ notice_bar: { enabled: true, message: 'Sale', page_slug: 'about-us', link_text: v } }),
    shows: HOME,
  },
  { field: 'top bar message', set: (v) => storefront({ topbar: { enabled: true, message: v } }), shows: HOME },
  {
    field: 'cookie banner title',
    set: (v) =>
      storefront({ is_cookie_warning_enabled: true, cookie_warning: { title: v, message: 'We use cookies' } }),
    shows: HOME,
  },
  {
    field: 'cookie banner message',
    set: (v) => storefront({ is_cookie_warning_enabled: true, cookie_warning: { title: 'Cookies', message: v } }),
    shows: HOME,
  },
  { field: 'home page title for search engines', set: (v) => storefront({ meta: { title: v } }), shows: HOME },
  { field: 'shop description', set: (v) => storefront({ meta: { description: v } }), shows: HOME },
  { field: 'logo alt', set: (v) => storefront({ logo: { url: PICTURE, alt: v } }), shows: HOME },

  // Store settings.
  { field: 'store name', set: (v) => settings({ store_name: v }), shows: HOME },
  { field: 'store phone', max: 40, set: (v) => settings({ store_phone: v }), shows: HOME },
  { field: 'store address', set: (v) => settings({ store_address: v }), shows: HOME },
  {
    field: 'customer care phone',
    max: 40,
    set: (v) => settings({ enable_customer_care: true, customer_care_phone: v }),
    shows: HOME,
  },
  {
    field: 'customer care address (the store giving none)',
    set: (v) => settings({ enable_customer_care: true, store_address: '', customer_care_address: v }),
    shows: HOME,
  },
  { field: 'checkout instruction', set: (v) => settings({ checkout_instruction: v }), shows: checkoutPage },

  // FAQ group, slides, testimonials.
  { field: 'FAQ group title', set: (v) => faqGroup({ title: v }), shows: HOME },
  { field: 'FAQ group description', set: (v) => faqGroup({ description: v }), shows: HOME },
  { field: 'slider name', set: (v) => ok('PATCH', '/api/admin/sliders/home-hero', { name: v }), shows: HOME },
  { field: 'slide subtitle', set: (v) => slide({ subtitle: v }), shows: HOME },
  {
    field: 'slide button text',
    max: 40,
    set: (v) => slide({ link_url: '/about-us', link_text: v }),
    shows: HOME,
  },
  { field: 'slide picture alt', set: (v) => slide({ image_url: PICTURE, image_alt: v }), shows: HOME },
  {
    field: 'testimonial author title',
    set: async (v) => {
      const list = await ok('POST', '/api/admin/testimonials', { author: 'Probe', quote: 'Fine', author_title: v });
      const ids = list.testimonials.map((x: { id: number }) => x.id);
      await ok('PUT', '/api/admin/testimonials/order', { ids: [ids.at(-1), ...ids.slice(0, -1)] });
    },
    shows: HOME,
  },

  // The contact form (shown on the home page with no section title of its own).
  { field: 'form name', set: (v) => form((f) => ({ ...f, name: v })), shows: HOME },
  { field: 'form description', set: (v) => form((f) => ({ ...f, description: v })), shows: HOME },
  { field: 'form submit button text', max: 40, set: (v) => form((f) => ({ ...f, submit_label: v })), shows: HOME },
  {
    field: 'form field placeholder',
    max: 100,
    set: (v) => form((f) => ({ ...f, fields: [{ name: 'probe', label: 'Probe', type: 'text', placeholder: v }] })),
    shows: HOME,
  },
  {
    field: 'form choice',
    max: 100,
    set: (v) => form((f) => ({ ...f, fields: [{ name: 'probe', label: 'Probe', type: 'select', options: [v] }] })),
    shows: HOME,
  },
  {
    field: 'form success message',
    set: (v) => form((f) => ({ ...f, success_message: v, fields: [{ name: 'probe', label: 'Probe', type: 'text' }] })),
    shows: sentContactForm,
  },

  // Every string of every template section type (packages/shared SectionSchema); hero_slider and
  // page_content carry none of their own.
  { field: 'marquee item', set: (v) => section('marquee', { items: [v] }), shows: HOME },
  { field: 'product grid title', set: (v) => section('product_grid', { title: v }), shows: HOME },
  { field: 'category grid title', set: (v) => section('category_grid', { title: v }), shows: HOME },
  { field: 'collection grid title', set: (v) => section('collection_grid', { title: v }), shows: HOME },
  {
    field: 'rich text section list item',
    set: (v) => section('rich_text', { title: '', blocks: [{ type: 'list', items: [v] }] }),
    shows: HOME,
  },
  ...(['title', 'text', 'link_text', 'alt'] as const).map((key): Row => ({
    field: `image-with-text ${key === 'alt' ? 'picture alt' : key}`,
    set: (v) =>
      section('image_with_text', {
        title: 'Probe',
        text: 'Probe text',
        image: { url: PICTURE, alt: key === 'alt' ? v : 'A picture' },
        link_url: '/about-us',
        link_text: 'More',
        ...(key === 'alt' ? {} : { [key]: v }),
      }),
    shows: HOME,
  })),
  { field: 'testimonials section title', set: (v) => section('testimonials', { title: v }), shows: HOME },
  {
    field: 'FAQ section title',
    set: (v) => section('faq', { title: v, faq_id: 'shopping-help' }),
    shows: HOME,
  },
  { field: 'form section title', set: (v) => section('form', { title: v, form_id: 'contact' }), shows: HOME },
  { field: 'blog list section title', set: (v) => section('blog_list', { title: v }), shows: HOME },
  ...(['title', 'alt', 'caption'] as const).map((key): Row => ({
    field: `gallery ${key === 'title' ? 'title' : `picture ${key}`}`,
    set: (v) =>
      section('gallery', {
        title: key === 'title' ? v : 'Probe',
        images: [{ url: PICTURE, alt: key === 'alt' ? v : 'A picture', caption: key === 'caption' ? v : null }],
      }),
    shows: HOME,
  })),
  ...(['title', 'text', 'button_label'] as const).map((key): Row => ({
    field: `newsletter section ${key.replace('_', ' ')}`,
    ...(key === 'button_label' ? { max: NEWSLETTER_SECTION_LIMITS.button_label } : {}),
    set: (v) => section('newsletter', { title: 'Probe', text: 'Probe text', button_label: 'Join', [key]: v }),
    shows: HOME,
  })),
];

beforeAll(async () => {
  t = await createTestApp({ storefront: true, env: CACHES_ON });
  owner = (await signedInOwner(t)).headers;
  await ok('POST', '/api/admin/blog-posts', post({}));
  // The FAQ group and the contact form with no section title: their own title and name show.
  await homeSection({ key: 'xss-faq', type: 'faq', settings: { title: '', faq_id: 'shopping-help' } });
  await homeSection({ key: 'xss-contact', type: 'form', settings: { title: '', form_id: 'contact' } });
}, 300_000);
afterAll(() => t.close());

describe('every field an editor sets is shown as text, never as markup', () => {
  rows.forEach((row, i) => {
    it(row.field, async () => {
      const value = attack(i + 1, row.max ?? 60);
      await row.set(value);
      const html =
        typeof row.shows === 'string'
          ? (await t.app.inject({ method: 'GET', url: row.shows, headers: { accept: 'text/html' } })).body
          : await row.shows();
      expect(html).not.toContain('<script>alert(');
      expect(html).not.toContain('<img src=x onerror');
      expect(html).toContain(escaped(value));
    });
  });

  it('lists every field once', () => {
    const names = rows.map((r) => r.field);
    expect(new Set(names).size).toBe(names.length);
  });
});
