import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STAFF_ROLES,
  adminBlogPostMessages as msg,
  messages,
  roleMayUse,
  type AdminBlogPost,
  type AdminBlogPostInput,
} from '@shopfront/shared';
import { queryRows } from '../../../db/client.ts';
import { CACHES_ON, createTestApp, type TestApp } from '../../../test/app.ts';
import { ifMatch, ownerRequest } from '../../../test/owner-request.ts';
import { signedInOwner } from '../../staff/testing.ts';

/**
 * The owner's blog posts API (issue 28) on PGlite and (TEST_DATABASE_URL) PostgreSQL: CRUD with
 * the paged list, field checks with their messages (422, never 500), slug clashes, If-Match (one
 * winner among six racing saves), drafts and scheduled posts kept from shoppers until their time
 * (with the page cache on), the audit log, and the roles that may use it.
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
const BASE = '/api/admin/blog-posts';

const draft = (slug: string, extra: Partial<AdminBlogPostInput> = {}): AdminBlogPostInput => ({
  title: 'Caring for block prints',
  slug,
  excerpt: 'How to wash and keep hand-printed cotton.',
  cover_image: '/media/covers/prints.jpg',
  cover_image_alt: 'Folded block-printed cloth',
  tags: ['care-guides'],
  blocks: [
    { type: 'heading', text: 'Wash cold', level: 2 },
    {
      type: 'paragraph',
      text: '',
      spans: [{ text: 'Always ' }, { text: 'by hand', bold: true }, { text: ' at first.' }],
    },
  ],
  ...extra,
});

async function create(body: AdminBlogPostInput): Promise<AdminBlogPost> {
  const res = await req('POST', BASE, { body });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers.etag).toBe(`"${res.json().data.version}"`);
  return res.json().data;
}
const publicPost = (slug: string) => t.app.inject({ method: 'GET', url: `/api/blog/${slug}` });
const publicList = async () =>
  (await t.app.inject({ method: 'POST', url: '/api/blog/list', payload: { per_page: 48 } })).json().data.posts as {
    slug: string;
  }[];
const postHtml = (slug: string) =>
  t.app.inject({ method: 'GET', url: `/blogs/${slug}`, headers: { accept: 'text/html' } });
const errorsOf = (res: { json: () => { errors?: Record<string, string[]> } }) => res.json().errors ?? {};

describe('create, read, list and delete', () => {
  it('writes a draft shoppers cannot see, with its excerpt, cover, tags and author, and lists it', async () => {
    const p = await create(draft('block-print-care'));
    expect(p).toMatchObject({
      slug: 'block-print-care',
      url: '/blogs/block-print-care',
      status: 'draft',
      publish_at: null,
      version: 1,
      excerpt: 'How to wash and keep hand-printed cotton.',
      cover_image: '/media/covers/prints.jpg',
      cover_image_alt: 'Folded block-printed cloth',
      tags: ['care-guides'],
    });
    // No author written: the signed-in staff member's name.
    expect(p.author).not.toBe('');
    expect(p.blocks[1]).toMatchObject({ type: 'paragraph', text: 'Always by hand at first.' });
    expect((await publicPost('block-print-care')).statusCode).toBe(404);
    expect((await publicList()).map((r) => r.slug)).not.toContain('block-print-care');

    const list = (await req('GET', `${BASE}?q=print-ca`)).json().data;
    expect(list.posts.map((r: { slug: string }) => r.slug)).toEqual(['block-print-care']);
    // The demo shop is in India: its one time zone (whichever name the ICU data gives it).
    expect(new Intl.DateTimeFormat('en', { timeZone: list.time_zone }).resolvedOptions().timeZone).toMatch(
      /^Asia\/(Kolkata|Calcutta)$/,
    );
    const drafts = (await req('GET', `${BASE}?status=draft`)).json().data.posts;
    expect(drafts.map((r: { slug: string }) => r.slug)).toContain('block-print-care');
    const published = (await req('GET', `${BASE}?status=published`)).json().data.posts;
    expect(published.length).toBeGreaterThan(0);
    expect(published.map((r: { slug: string }) => r.slug)).not.toContain('block-print-care');

    const read = await req('GET', `${BASE}/${p.id}`);
    expect(read.json().data).toEqual(p);
    const missing = await req('GET', `${BASE}/999999`);
    expect([missing.statusCode, missing.json().message]).toEqual([404, msg.notFound]);
  });

  it('pages the list with its pagination block', async () => {
    const all = (await req('GET', `${BASE}?per_page=100`)).json().data.pagination.total as number;
    const first = (await req('GET', `${BASE}?per_page=2`)).json().data;
    expect(first.posts).toHaveLength(Math.min(2, all));
    expect(first.pagination).toEqual({ page: 1, per_page: 2, total: all, last_page: Math.max(1, Math.ceil(all / 2)) });
    const second = (await req('GET', `${BASE}?per_page=2&page=2`)).json().data.posts;
    expect(second.map((r: { id: number }) => r.id)).not.toContain(first.posts[0].id);
    const bad = await req('GET', `${BASE}?per_page=500`);
    expect([bad.statusCode, Object.keys(errorsOf(bad))]).toEqual([422, ['per_page']]);
  });

  it('publishes at once: the post shows on the blog, then is deleted with its version, audited', async () => {
    const p = await create(draft('indigo-days', { title: 'Indigo days', status: 'published', author: 'Meera' }));
    expect(p).toMatchObject({ status: 'published', author: 'Meera' });
    expect(p.publish_at).not.toBeNull();
    const api = await publicPost('indigo-days');
    expect(api.statusCode).toBe(200);
    expect(api.json().data.post).toMatchObject({ title: 'Indigo days', author: 'Meera', excerpt: p.excerpt });
    expect((await postHtml('indigo-days')).body).toContain('Indigo days');

    const stale = await req('DELETE', `${BASE}/${p.id}`, { headers: ifMatch(p.version + 1) });
    expect([stale.statusCode, stale.json().message]).toEqual([409, msg.stale]);
    const res = await req('DELETE', `${BASE}/${p.id}`, { headers: ifMatch(p.version) });
    expect([res.statusCode, res.json().message]).toEqual([200, msg.deleted]);
    expect((await publicPost('indigo-days')).statusCode).toBe(404);
    expect((await postHtml('indigo-days')).statusCode).toBe(404);
    const gone = await req('DELETE', `${BASE}/${p.id}`, { headers: ifMatch(p.version) });
    expect(gone.statusCode).toBe(404);
    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where target = ${`blog_post:${p.id}`} order by id`,
    );
    expect(audit.map((r) => r.action)).toEqual(['blog_post.create', 'blog_post.delete']);
    // The activity's Content area holds them (with pages, menus, templates, FAQs, testimonials).
    const content = await req('GET', '/api/admin/audit-log?area=content');
    expect(content.statusCode, content.body).toBe(200);
    const targets = (content.json().data.entries as { target: string; action: string }[])
      .filter((e) => e.target === `blog_post:${p.id}`)
      .map((e) => e.action);
    expect(targets.sort()).toEqual(['blog_post.create', 'blog_post.delete']);
  });
});

describe('bad input', () => {
  it('answers each field’s own message with 422, never 500', async () => {
    const res = await req('POST', BASE, {
      body: {
        title: ' ',
        slug: 'Not A Slug',
        excerpt: 'x'.repeat(501),
        cover_image: 'javascript:alert(1)',
        tags: ['Not a tag'],
        seo_title: 'x'.repeat(71),
        blocks: [{ type: 'paragraph', text: '', spans: [{ text: 'x', href: 'javascript:alert(1)' }] }],
        status: 'scheduled',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toMatchObject({
      title: [msg.title],
      slug: [msg.slug],
      excerpt: [msg.excerpt],
      cover_image: [msg.cover],
      seo_title: [msg.seoTitle],
    });
    expect(Object.keys(errorsOf(res))).toEqual(expect.arrayContaining(['tags.0', 'blocks.0.spans.0.href']));
    for (const body of [[], { title: 5 }, { ...draft('x'), blocks: 'no' }, { ...draft('x'), tags: 'a' }]) {
      const odd = await req('POST', BASE, { body });
      expect([JSON.stringify(body), odd.statusCode]).toEqual([JSON.stringify(body), 422]);
    }
    const badId = await req('GET', `${BASE}/abc`);
    expect(badId.statusCode).toBe(422);
  });

  it('refuses characters PostgreSQL cannot store (NUL, a lone surrogate) with 422 at their field, sent by the owner', async () => {
    const res = await req('POST', BASE, {
      body: draft('nul-post', {
        title: 'Tea\u0000time',
        excerpt: 'Steep\u0000',
        author: '\ud800',
        blocks: [
          { type: 'heading', text: 'Fine', level: 2 },
          { type: 'paragraph', text: '', spans: [{ text: 'bad\u0000run' }] },
        ],
      }),
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorsOf(res)).toMatchObject({
      title: [messages.invalidCharacters],
      excerpt: [messages.invalidCharacters],
      author: [messages.invalidCharacters],
      'blocks.1': [messages.invalidCharacters],
    });
    expect(errorsOf(res)['blocks.0']).toBeUndefined();
    // Line breaks and tabs are text: a multi-line excerpt is kept.
    const ok = await create(draft('two-lines', { excerpt: 'One line.\nAnother\tline.' }));
    expect(ok.excerpt).toBe('One line.\nAnother\tline.');
  });

  it('needs a future time to schedule', async () => {
    const none = await req('POST', BASE, { body: draft('later', { status: 'scheduled' }) });
    expect(errorsOf(none)).toEqual({ publish_at: [msg.publishAtRequired] });
    const past = await req('POST', BASE, {
      body: draft('later', { status: 'scheduled', publish_at: new Date(Date.now() - 60_000).toISOString() }),
    });
    expect(errorsOf(past)).toEqual({ publish_at: [msg.publishAtFuture] });
  });

  it('refuses a slug another post has, on create and on update', async () => {
    await create(draft('slug-one'));
    const clash = await req('POST', BASE, { body: draft('slug-one') });
    expect([clash.statusCode, errorsOf(clash)]).toEqual([422, { slug: [msg.slugTaken] }]);
    const p = await create(draft('slug-two'));
    const res = await req('PUT', `${BASE}/${p.id}`, { body: draft('slug-one'), headers: ifMatch(p.version) });
    expect([res.statusCode, errorsOf(res)]).toEqual([422, { slug: [msg.slugTaken] }]);
    expect((await req('GET', `${BASE}/${p.id}`)).json().data).toMatchObject({ slug: 'slug-two', version: 1 });
  });
});

describe('two editors', () => {
  it('lets one of six saves made against the same version win; the others get 409 with the message', async () => {
    const p = await create(draft('shared-desk'));
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) =>
        req('PUT', `${BASE}/${p.id}`, {
          body: draft('shared-desk', { title: `Take ${n}` }),
          headers: ifMatch(p.version),
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().message).toBe(msg.stale);
    const winner = answers.find((a) => a.statusCode === 200)!.json().data;
    const now = (await req('GET', `${BASE}/${p.id}`)).json().data;
    expect([now.title, now.version]).toEqual([winner.title, 2]);

    const badTag = await req('PUT', `${BASE}/${p.id}`, { body: draft('shared-desk'), headers: { 'if-match': 'abc' } });
    expect(errorsOf(badTag)).toEqual({ 'If-Match': [msg.ifMatch] });
    const missing = await req('PUT', `${BASE}/999999`, { body: draft('nobody'), headers: ifMatch(1) });
    expect([missing.statusCode, missing.json().message]).toEqual([404, msg.notFound]);
  });
});

describe('scheduled publishing', () => {
  it('keeps a scheduled post hidden until its time, then shows it without a write (page cache on)', async () => {
    const at = new Date(Date.now() + 6_000).toISOString();
    const p = await create(draft('spring-notes', { title: 'Spring notes', status: 'scheduled', publish_at: at }));
    expect(p).toMatchObject({ status: 'scheduled', publish_at: at });
    expect((await publicPost('spring-notes')).statusCode).toBe(404);
    expect((await postHtml('spring-notes')).statusCode).toBe(404);
    expect((await publicList()).map((r) => r.slug)).not.toContain('spring-notes');
    const blogHtml = () => t.app.inject({ method: 'GET', url: '/blogs', headers: { accept: 'text/html' } });
    expect((await blogHtml()).body).not.toContain('Spring notes');
    const scheduled = (await req('GET', `${BASE}?status=scheduled`)).json().data.posts;
    expect(scheduled.map((r: { slug: string }) => r.slug)).toEqual(['spring-notes']);

    await new Promise((r) => setTimeout(r, Date.parse(at) - Date.now() + 150));
    // Nothing was written since: the cached blog moved on by the clock alone.
    expect((await blogHtml()).body).toContain('Spring notes');
    expect((await publicPost('spring-notes')).statusCode).toBe(200);
    expect((await publicList()).map((r) => r.slug)).toContain('spring-notes');
    expect((await req('GET', `${BASE}/${p.id}`)).json().data.status).toBe('published');
  }, 30_000);

  it('audits a reschedule with what the post was, and a draft keeps no publish time', async () => {
    const p = await create(draft('autumn-dyes', { status: 'published' }));
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const moved = await req('PUT', `${BASE}/${p.id}`, {
      body: draft('autumn-dyes', { status: 'scheduled', publish_at: at }),
      headers: ifMatch(p.version),
    });
    expect([moved.statusCode, moved.json().message]).toEqual([200, msg.scheduled]);
    expect(moved.json().data).toMatchObject({ status: 'scheduled', publish_at: at, version: 2 });
    expect((await publicPost('autumn-dyes')).statusCode).toBe(404);
    const [row] = await queryRows<{ before: { status: string }; after: { status: string; publish_at: string } }>(
      t.database.db,
      sql`select before, after from audit_log where target = ${`blog_post:${p.id}`} and action = 'blog_post.update'`,
    );
    expect(row).toMatchObject({ before: { status: 'published' }, after: { status: 'scheduled', publish_at: at } });
    const back = await req('PUT', `${BASE}/${p.id}`, { body: draft('autumn-dyes'), headers: ifMatch(2) });
    expect([back.json().message, back.json().data.status, back.json().data.publish_at]).toEqual([
      msg.saved,
      'draft',
      null,
    ]);
  });
});

describe('roles', () => {
  it('answers 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', BASE],
      ['GET', `${BASE}/1`],
      ['POST', BASE],
      ['PUT', `${BASE}/1`],
      ['DELETE', `${BASE}/1`],
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
    it(`${allowed ? 'lets' : 'refuses'} a ${role} ${allowed ? 'write posts' : '(403)'}`, async () => {
      const { headers } = await signedInOwner(t, role);
      const list = await req('GET', BASE, { headers });
      expect(list.statusCode).toBe(allowed ? 200 : 403);
      const made = await req('POST', BASE, { body: draft(`by-${role.replace(/_/g, '-')}`), headers });
      expect(made.statusCode).toBe(allowed ? 200 : 403);
      if (!allowed) return;
      const p: AdminBlogPost = made.json().data;
      const saved = await req('PUT', `${BASE}/${p.id}`, {
        body: draft(p.slug, { title: 'Edited' }),
        headers: { ...headers, ...ifMatch(p.version) },
      });
      expect(saved.statusCode).toBe(200);
      const gone = await req('DELETE', `${BASE}/${p.id}`, { headers: { ...headers, ...ifMatch(p.version + 1) } });
      expect(gone.statusCode).toBe(200);
    });
  }
});
