import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PICTURE_PATH_MESSAGE,
  SECTION_LINK_MESSAGE,
  STAFF_ROLES,
  adminPageMessages as msg,
  messages,
  roleMayUse,
  type AdminPage,
  type AdminPageInput,
} from '@shopfront/shared';
import { queryRows } from '../../../db/client.ts';
import { CACHES_ON, createTestApp, type TestApp } from '../../../test/app.ts';
import { ifMatch, ownerRequest } from '../../../test/owner-request.ts';
import { signedInOwner } from '../../staff/testing.ts';

/**
 * The owner's pages API (issue 28) on PGlite and (TEST_DATABASE_URL) PostgreSQL: field checks with
 * their messages, slug clashes, If-Match (one winner among racing editors), drafts and scheduled
 * pages kept from shoppers until their time (with the page cache on), escaping of everything an
 * editor can set, the audit log, and the roles that may use it.
 */
let t: TestApp;
let owner: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ storefront: true, env: CACHES_ON });
  owner = (await signedInOwner(t)).headers;
}, 300_000);
afterAll(() => t.close());

const req = ownerRequest(
  () => t,
  () => owner,
);

const draft = (slug: string, extra: Partial<AdminPageInput> = {}): AdminPageInput => ({
  title: 'Our workshop',
  slug,
  blocks: [
    { type: 'heading', text: 'Where we work', level: 2 },
    {
      type: 'paragraph',
      text: '',
      spans: [
        { text: 'Made ' },
        { text: 'by hand', bold: true },
        { text: ' in ' },
        { text: 'Jaipur', href: '/about-us' },
      ],
    },
    { type: 'list', items: ['Block printing', 'Dyeing'], ordered: false },
  ],
  ...extra,
});

async function create(body: AdminPageInput): Promise<AdminPage> {
  const res = await req('POST', '/api/admin/pages', { body });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers.etag).toBe(`"${res.json().data.version}"`);
  return res.json().data;
}
async function update(id: number, body: AdminPageInput, version: number): Promise<AdminPage> {
  const res = await req('PUT', `/api/admin/pages/${id}`, { body, headers: ifMatch(version) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const publicPage = (slug: string) => t.app.inject({ method: 'GET', url: `/api/page/${slug}` });
const pageHtml = (slug: string) => t.app.inject({ method: 'GET', url: `/${slug}`, headers: { accept: 'text/html' } });
const errorsOf = (res: { json: () => { errors?: Record<string, string[]> } }) => res.json().errors ?? {};

describe('create, read and list', () => {
  it('creates a draft page shoppers cannot see, keeps its blocks and marks, and lists it', async () => {
    const p = await create(draft('workshop'));
    expect(p).toMatchObject({ slug: 'workshop', url: '/workshop', status: 'draft', publish_at: null, version: 1 });
    // A marked paragraph's text is its plain text, whatever the client sent.
    expect(p.blocks[1]).toMatchObject({ type: 'paragraph', text: 'Made by hand in Jaipur' });
    expect(p.blocks[1]).toHaveProperty('spans.1', { text: 'by hand', bold: true });
    expect((await publicPage('workshop')).statusCode).toBe(404);

    const list = (await req('GET', '/api/admin/pages?q=worksh')).json().data.pages;
    expect(list.map((r: { slug: string }) => r.slug)).toEqual(['workshop']);
    const drafts = (await req('GET', '/api/admin/pages?status=draft')).json().data.pages;
    expect(drafts.map((r: { slug: string }) => r.slug)).toContain('workshop');
    const published = (await req('GET', '/api/admin/pages?status=published')).json().data.pages;
    expect(published.map((r: { slug: string }) => r.slug)).toContain('about-us');
    expect(published.map((r: { slug: string }) => r.slug)).not.toContain('workshop');

    const read = await req('GET', `/api/admin/pages/${p.id}`);
    expect(read.json().data).toEqual(p);
    const missing = await req('GET', '/api/admin/pages/999999');
    expect([missing.statusCode, missing.json().message]).toEqual([404, msg.notFound]);
  });

  it('publishes at once: the page, its marks and its link show on the storefront', async () => {
    const p = await create(draft('studio', { status: 'published' }));
    expect(p.status).toBe('published');
    expect(p.publish_at).not.toBeNull();
    const api = await publicPage('studio');
    expect(api.statusCode).toBe(200);
    expect(api.json().data.blocks[1].spans[3]).toEqual({ text: 'Jaipur', href: '/about-us' });
    const html = await pageHtml('studio');
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('Where we work');
    expect(html.body).toMatch(/<strong[^>]*>by hand<\/strong>/);
    expect(html.body).toMatch(/<a href="\/about-us"[^>]*>Jaipur<\/a>/);
    expect(html.body).toContain('<li>Block printing</li>');
  });
});

describe('bad input', () => {
  it('answers each field’s own message', async () => {
    const res = await req('POST', '/api/admin/pages', {
      body: {
        title: ' ',
        slug: 'Not A Slug',
        seo_title: 'x'.repeat(71),
        blocks: [{ type: 'paragraph', text: '', spans: [{ text: 'x', href: 'javascript:alert(1)' }] }],
        status: 'scheduled',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toMatchObject({
      title: [msg.title],
      slug: [msg.slug],
      seo_title: [msg.seoTitle],
      'blocks.0.spans.0.href': [SECTION_LINK_MESSAGE],
    });
    const reserved = await req('POST', '/api/admin/pages', { body: draft('cart') });
    expect(errorsOf(reserved)).toEqual({ slug: [msg.slugReserved] });
  });

  it('refuses characters PostgreSQL cannot store with 422 at their field, never a 500', async () => {
    const res = await req('POST', '/api/admin/pages', {
      body: draft('nul-page', {
        title: 'Our\u0000workshop',
        seo_description: 'x\u0000',
        blocks: [{ type: 'list', items: ['Fine', '\u0000'], ordered: false }],
      }),
    });
    expect([res.statusCode, errorsOf(res)]).toEqual([
      422,
      {
        title: [messages.invalidCharacters],
        seo_description: [messages.invalidCharacters],
        'blocks.0': [messages.invalidCharacters],
      },
    ]);
  });

  it('takes a picture only from /media/ or https://: traversal, quotes and other schemes are 422 at the block', async () => {
    const image = (url: string) => ({ type: 'image' as const, url, alt: 'A mug', caption: null });
    for (const url of [
      '/media/../secrets',
      'https://x.test/a"onerror="x',
      'javascript:alert(1)',
      'http://x.test/a.jpg',
    ]) {
      const res = await req('POST', '/api/admin/pages', { body: draft('pictured', { blocks: [image(url)] }) });
      expect([url, res.statusCode, errorsOf(res)]).toEqual([url, 422, { 'blocks.0.url': [PICTURE_PATH_MESSAGE] }]);
    }
    const fine = await req('POST', '/api/admin/pages', {
      body: draft('pictured', { blocks: [image('/media/products/mug-1.webp'), image('https://cdn.test/a.jpg')] }),
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('needs a future time to schedule', async () => {
    const none = await req('POST', '/api/admin/pages', { body: draft('later', { status: 'scheduled' }) });
    expect(errorsOf(none)).toEqual({ publish_at: [msg.publishAtRequired] });
    const past = await req('POST', '/api/admin/pages', {
      body: draft('later', { status: 'scheduled', publish_at: new Date(Date.now() - 60_000).toISOString() }),
    });
    expect(errorsOf(past)).toEqual({ publish_at: [msg.publishAtFuture] });
  });

  it('refuses a slug another page has, on create and on update', async () => {
    const clash = await req('POST', '/api/admin/pages', { body: draft('about-us') });
    expect([clash.statusCode, errorsOf(clash)]).toEqual([422, { slug: [msg.slugTaken] }]);
    const p = await create(draft('gallery-walk'));
    const res = await req('PUT', `/api/admin/pages/${p.id}`, { body: draft('about-us'), headers: ifMatch(p.version) });
    expect([res.statusCode, errorsOf(res)]).toEqual([422, { slug: [msg.slugTaken] }]);
    expect((await req('GET', `/api/admin/pages/${p.id}`)).json().data).toMatchObject({
      slug: 'gallery-walk',
      version: 1,
    });
  });
});

describe('two editors', () => {
  it('lets one of two saves made against the same version win; the other gets 409 with the message', async () => {
    const p = await create(draft('shared-desk'));
    const [a, b] = await Promise.all([
      req('PUT', `/api/admin/pages/${p.id}`, {
        body: draft('shared-desk', { title: 'A' }),
        headers: ifMatch(p.version),
      }),
      req('PUT', `/api/admin/pages/${p.id}`, {
        body: draft('shared-desk', { title: 'B' }),
        headers: ifMatch(p.version),
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().message).toBe(msg.stale);
    const winner = a.statusCode === 200 ? a : b;
    const now = (await req('GET', `/api/admin/pages/${p.id}`)).json().data;
    expect(now.title).toBe(winner.json().data.title);
    expect(now.version).toBe(2);

    const stale = await req('DELETE', `/api/admin/pages/${p.id}`, { headers: ifMatch(1) });
    expect([stale.statusCode, stale.json().message]).toEqual([409, msg.stale]);
    const badTag = await req('PUT', `/api/admin/pages/${p.id}`, {
      body: draft('shared-desk'),
      headers: { 'if-match': 'abc' },
    });
    expect(errorsOf(badTag)).toEqual({ 'If-Match': [msg.ifMatch] });
  });

  it('deletes with the version read, audited; the page is gone for shoppers', async () => {
    const p = await create(draft('closing-soon', { status: 'published' }));
    expect((await pageHtml('closing-soon')).statusCode).toBe(200);
    const res = await req('DELETE', `/api/admin/pages/${p.id}`, { headers: ifMatch(p.version) });
    expect([res.statusCode, res.json().message]).toEqual([200, msg.deleted]);
    expect((await publicPage('closing-soon')).statusCode).toBe(404);
    expect((await pageHtml('closing-soon')).statusCode).toBe(404);
    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where target = ${`page:${p.id}`} order by id`,
    );
    expect(audit.map((r) => r.action)).toEqual(['page.create', 'page.delete']);
  });
});

describe('scheduled publishing', () => {
  it('keeps a scheduled page hidden until its time, then shows it without a write (page cache on)', async () => {
    const at = new Date(Date.now() + 6_000).toISOString();
    const p = await create(draft('spring-sale', { title: 'Spring sale', status: 'scheduled', publish_at: at }));
    expect(p).toMatchObject({ status: 'scheduled', publish_at: at });
    expect((await publicPage('spring-sale')).statusCode).toBe(404);
    expect((await pageHtml('spring-sale')).statusCode).toBe(404);
    // The page list waits too, and the sitemap built from it: a page the cache keeps.
    const listed = (await t.app.inject({ method: 'GET', url: '/api/pages' })).json().data.pages;
    expect(listed.map((r: { slug: string }) => r.slug)).not.toContain('spring-sale');
    const sitemap = () => t.app.inject({ method: 'GET', url: '/sitemap.xml' }).then((r) => r.body);
    expect(await sitemap()).not.toContain('/spring-sale<');
    const hits = t.app.pageCache!.hits;
    expect(await sitemap()).not.toContain('/spring-sale<');
    expect(t.app.pageCache!.hits).toBe(hits + 1);

    await new Promise((r) => setTimeout(r, Date.parse(at) - Date.now() + 150));
    // Nothing was written since: the cached sitemap moved on by the clock alone.
    expect(await sitemap()).toContain('/spring-sale<');
    expect((await publicPage('spring-sale')).statusCode).toBe(200);
    const html = await pageHtml('spring-sale');
    expect([html.statusCode, html.body.includes('Spring sale')]).toEqual([200, true]);
    expect((await req('GET', `/api/admin/pages/${p.id}`)).json().data.status).toBe('published');
  }, 30_000);

  it('audits a reschedule with what the page was', async () => {
    const p = await create(draft('autumn', { status: 'published' }));
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const moved = await update(p.id, draft('autumn', { status: 'scheduled', publish_at: at }), p.version);
    expect(moved).toMatchObject({ status: 'scheduled', publish_at: at, version: 2 });
    expect((await publicPage('autumn')).statusCode).toBe(404);
    const [row] = await queryRows<{ before: { status: string }; after: { status: string; publish_at: string } }>(
      t.database.db,
      sql`select before, after from audit_log where target = ${`page:${p.id}`} and action = 'page.update'`,
    );
    expect(row).toMatchObject({ before: { status: 'published' }, after: { status: 'scheduled', publish_at: at } });
  });
});

describe('stored XSS', () => {
  it('renders markup and javascript: from every field as text, never as markup', async () => {
    const attack = '<script>window.pwned=1</script><img src=x onerror=alert(1)>';
    const p = await create({
      title: attack,
      slug: 'xss-probe',
      seo_title: attack.slice(0, 60),
      seo_description: attack,
      status: 'published',
      blocks: [
        { type: 'heading', text: attack },
        { type: 'paragraph', text: '', spans: [{ text: attack, bold: true, italic: true, href: '/safe' }] },
        { type: 'list', items: [attack], ordered: true },
        { type: 'quote', text: attack, cite: attack },
      ],
    });
    // A link by another scheme written straight into the table (not through the API) is shown as text.
    await t.database.db.execute(
      sql`update pages set blocks = blocks || ${JSON.stringify([
        { type: 'paragraph', text: 'tap', spans: [{ text: 'tap', href: 'javascript:alert(1)' }] },
      ])}::jsonb, version = version + 1 where id = ${p.id}`,
    );
    const html = (await pageHtml('xss-probe')).body;
    expect(html).not.toContain('<script>window.pwned=1</script>');
    expect(html).not.toContain('<img src=x onerror');
    expect(html).not.toContain('javascript:alert');
    expect(html).toContain('&lt;script&gt;window.pwned=1&lt;/script&gt;');
  });
});

describe('roles', () => {
  it('answers 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/pages'],
      ['GET', '/api/admin/pages/1'],
      ['POST', '/api/admin/pages'],
      ['PUT', '/api/admin/pages/1'],
      ['DELETE', '/api/admin/pages/1'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: draft('x') }),
      });
      expect([method, url, res.statusCode]).toEqual([method, url, 401]);
    }
  });

  for (const role of STAFF_ROLES) {
    const allowed = roleMayUse(role, 'content');
    it(`${allowed ? 'lets' : 'refuses'} a ${role} ${allowed ? 'write pages' : '(403)'}`, async () => {
      const { headers } = await signedInOwner(t, role);
      const list = await req('GET', '/api/admin/pages', { headers });
      expect(list.statusCode).toBe(allowed ? 200 : 403);
      const made = await req('POST', '/api/admin/pages', { body: draft(`by-${role.replace(/_/g, '-')}`), headers });
      expect(made.statusCode).toBe(allowed ? 200 : 403);
      if (!allowed) return;
      const p: AdminPage = made.json().data;
      const saved = await req('PUT', `/api/admin/pages/${p.id}`, {
        body: draft(p.slug, { title: 'Edited' }),
        headers: { ...headers, ...ifMatch(p.version) },
      });
      expect(saved.statusCode).toBe(200);
      const gone = await req('DELETE', `/api/admin/pages/${p.id}`, {
        headers: { ...headers, ...ifMatch(p.version + 1) },
      });
      expect(gone.statusCode).toBe(200);
    });
  }
});
