import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, adminVersionMessages as msg, roleMayUse } from '@shopfront/shared';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { ifMatch, ownerRequest } from '../../../test/owner-request.ts';
import { signedInOwner } from '../../staff/testing.ts';
import { keepVersion } from './service.ts';

/**
 * "Every publish is a version" for the Theme, pages, posts and menus (issue 28), on PGlite and
 * (TEST_DATABASE_URL) PostgreSQL: each successful save keeps one (the first also what was there
 * before), a refused save none; the list and one version's body; custom CSS for owners only;
 * pruning to the newest; the roles that may read them.
 */
let t: TestApp;
let owner: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  owner = (await signedInOwner(t)).headers;
}, 300_000);
afterAll(() => t.close());

const req = ownerRequest(
  () => t,
  () => owner,
);

type Row = { id: number; published_at: string; published_by: string | null; summary: string };
async function versions(kind: string, subject: string | number): Promise<Row[]> {
  const res = await req('GET', `/api/admin/versions/${kind}/${subject}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.versions;
}
async function version(kind: string, subject: string | number, id: number, headers = owner) {
  const res = await req('GET', `/api/admin/versions/${kind}/${subject}/${id}`, { headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Row & { body: Record<string, unknown> };
}
async function storefront() {
  const res = await req('GET', '/api/admin/storefront');
  return res.json().data as { id: string; version: number; theme: { primary: string } };
}
const patchTheme = (payload: object, v: number, headers = owner) =>
  req('PATCH', '/api/admin/storefront', { body: payload, headers: { ...headers, ...ifMatch(v) } });

describe('the Theme', () => {
  it('keeps the look before the first save and after each one; a refused save keeps none', async () => {
    const sf = await storefront();
    const old = sf.theme.primary;
    const res = await patchTheme({ theme: { primary: '#123456' } }, sf.version);
    expect(res.statusCode, res.body).toBe(200);
    const list = await versions('theme', sf.id);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      published_by: 'Test Staff',
      summary: expect.stringContaining('#123456'),
    });
    expect(list[1]!.published_by).toBeNull();
    const [now, before] = [await version('theme', sf.id, list[0]!.id), await version('theme', sf.id, list[1]!.id)];
    expect(now.body).toMatchObject({ theme: { primary: '#123456' }, custom_css: expect.any(String) });
    expect(before.body).toMatchObject({ theme: { primary: old } });
    expect(Object.keys(now.body).sort()).toEqual(
      [
        'cookie_warning',
        'custom_css',
        'is_cookie_warning_enabled',
        'is_scroll_button_enabled',
        'is_sticky_header_enabled',
        'logo',
        'notice_bar',
        'page_layout',
        'theme',
        'topbar',
        'typography',
      ].sort(),
    );

    const stale = await patchTheme({ theme: { primary: '#654321' } }, sf.version);
    expect(stale.statusCode).toBe(409);
    // A store setting is no change of the look: no version either.
    const setting = await patchTheme({ enable_indexing: false }, res.json().data.version);
    expect(setting.statusCode, setting.body).toBe(200);
    expect(await versions('theme', sf.id)).toHaveLength(2);

    // Restoring is the editor's own save with the body: shoppers see the old colour again.
    const back = await patchTheme(before.body, setting.json().data.version);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data.theme.primary).toBe(old);
    expect(await versions('theme', sf.id)).toHaveLength(3);
  });

  it('shows custom CSS to owners only', async () => {
    const sf = await storefront();
    const res = await patchTheme({ custom_css: '.secret { color: red; }' }, sf.version);
    expect(res.statusCode, res.body).toBe(200);
    const [newest] = await versions('theme', sf.id);
    expect((await version('theme', sf.id, newest!.id)).body.custom_css).toBe('.secret { color: red; }');
    for (const role of ['manager', 'content_editor'] as const) {
      const { headers } = await signedInOwner(t, role);
      const v = await version('theme', sf.id, newest!.id, headers);
      expect(v.body, role).not.toHaveProperty('custom_css');
      expect(v.body, role).toHaveProperty('theme');
    }
  });
});

const pageBody = (title: string, slug: string) => ({
  title,
  slug,
  blocks: [{ type: 'paragraph', text: `${title} text` }],
  seo_title: null,
  seo_description: null,
  status: 'published',
  publish_at: null,
});

describe('pages and posts', () => {
  it('keeps a page at its creation and each save; a 409 keeps none; a version restores by saving it', async () => {
    const created = await req('POST', '/api/admin/pages', { body: pageBody('First words', 'history-page') });
    expect(created.statusCode, created.body).toBe(200);
    const page = created.json().data;
    expect(await versions('page', page.id)).toHaveLength(1);
    const second = await req('PUT', `/api/admin/pages/${page.id}`, {
      body: pageBody('Second words', 'history-page'),
      headers: ifMatch(page.version),
    });
    expect(second.statusCode, second.body).toBe(200);
    const stale = await req('PUT', `/api/admin/pages/${page.id}`, {
      body: pageBody('Lost words', 'history-page'),
      headers: ifMatch(page.version),
    });
    expect(stale.statusCode).toBe(409);
    const list = await versions('page', page.id);
    expect(list.map((v) => v.summary)).toEqual(['Second words', 'First words']);
    const first = await version('page', page.id, list[1]!.id);
    expect(first.body).toMatchObject({ title: 'First words', slug: 'history-page', status: 'published' });
    const restored = await req('PUT', `/api/admin/pages/${page.id}`, {
      body: first.body,
      headers: ifMatch(second.json().data.version),
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data.blocks[0].text).toBe('First words text');
  });

  it('keeps what a seeded page was before its first save here, published_by null', async () => {
    const pages: { id: number; slug: string }[] = (await req('GET', '/api/admin/pages')).json().data.pages;
    const seeded = pages.find((x) => x.slug !== 'history-page')!;
    const p = (await req('GET', `/api/admin/pages/${seeded.id}`)).json().data;
    const res = await req('PUT', `/api/admin/pages/${p.id}`, {
      body: { ...pageBody('Renamed', p.slug), blocks: p.blocks },
      headers: ifMatch(p.version),
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = await versions('page', p.id);
    expect(list.map((v) => [v.summary, v.published_by === null])).toEqual([
      ['Renamed', false],
      [p.title, true],
    ]);
  });

  it('keeps a post at each save, with its own fields', async () => {
    const body = { ...pageBody('Post one', 'history-post'), excerpt: 'Short', tags: ['care'] };
    const created = await req('POST', '/api/admin/blog-posts', { body });
    expect(created.statusCode, created.body).toBe(200);
    const post = created.json().data;
    const saved = await req('PUT', `/api/admin/blog-posts/${post.id}`, {
      body: { ...body, title: 'Post two' },
      headers: ifMatch(post.version),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const list = await versions('post', post.id);
    expect(list.map((v) => v.summary)).toEqual(['Post two', 'Post one']);
    expect((await version('post', post.id, list[1]!.id)).body).toMatchObject({ excerpt: 'Short', tags: ['care'] });
  });

  it('deletes a page’s and a post’s versions with it', async () => {
    const page = (await req('POST', '/api/admin/pages', { body: pageBody('Soon gone', 'history-gone') })).json().data;
    const post = (
      await req('POST', '/api/admin/blog-posts', { body: { ...pageBody('Post gone', 'history-gone-post'), tags: [] } })
    ).json().data;
    expect(await versions('page', page.id)).toHaveLength(1);
    expect(await versions('post', post.id)).toHaveLength(1);
    for (const [path, v] of [
      [`/api/admin/pages/${page.id}`, page.version],
      [`/api/admin/blog-posts/${post.id}`, post.version],
    ] as const) {
      const gone = await req('DELETE', path, { headers: ifMatch(v) });
      expect(gone.statusCode, gone.body).toBe(200);
    }
    const left = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from content_versions where (kind = 'page' and subject = ${String(page.id)})
            or (kind = 'post' and subject = ${String(post.id)})`,
    );
    expect(left[0]!.n).toBe(0);
  });
});

describe('menus', () => {
  it('keeps the menu before its first save and after each; a 409 keeps none', async () => {
    const menu = (await req('GET', '/api/admin/menus/main-menu')).json().data;
    const items = [{ label: 'Sale', link_type: 'url', link: '/sale', children: [] }];
    const res = await req('PUT', '/api/admin/menus/main-menu', {
      body: { name: menu.name, items },
      headers: ifMatch(menu.version),
    });
    expect(res.statusCode, res.body).toBe(200);
    const stale = await req('PUT', '/api/admin/menus/main-menu', {
      body: { name: menu.name, items: [] },
      headers: ifMatch(menu.version),
    });
    expect(stale.statusCode).toBe(409);
    const list = await versions('menu', 'main-menu');
    expect(list.map((v) => v.summary)).toEqual([`${menu.name} · 1 item`, expect.stringMatching(/ · \d+ items?$/)]);
    const before = await version('menu', 'main-menu', list[1]!.id);
    expect(before.body).toMatchObject({ name: menu.name, items: menu.items });
  });
});

describe('keeping and asking', () => {
  it('keeps only the newest versions of a subject', async () => {
    await t.app.db.transaction(async (tx) => {
      for (let n = 1; n <= 4; n++) {
        await keepVersion(tx, { kind: 'page', subject: 'pruned', by: 'a@b.c', body: { title: `v${n}` } }, null, 3);
      }
    });
    expect((await versions('page', 'pruned')).map((v) => v.summary)).toEqual(['v4', 'v3', 'v2']);
    const [other] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from content_versions where subject = 'pruned'`,
    );
    expect(other!.n).toBe(3);
  });

  it('answers 422 for an unknown kind, 404 for an unknown version, none for an unknown subject', async () => {
    const kind = await req('GET', '/api/admin/versions/product/1');
    expect([kind.statusCode, kind.json().errors.kind]).toEqual([422, [msg.unknownKind]]);
    const missing = await req('GET', '/api/admin/versions/page/1/999999');
    expect([missing.statusCode, missing.json().message]).toEqual([404, msg.notFound]);
    expect(await versions('menu', 'no-such-menu')).toEqual([]);
  });

  for (const role of STAFF_ROLES) {
    const allowed = roleMayUse(role, 'content');
    it(`${allowed ? 'lets' : 'refuses'} a ${role} ${allowed ? 'read them' : '(403)'}`, async () => {
      const { headers } = await signedInOwner(t, role);
      const [v] = await versions('page', 'pruned');
      for (const url of ['/api/admin/versions/page/pruned', `/api/admin/versions/page/pruned/${v!.id}`]) {
        const res = await req('GET', url, { headers });
        expect([url, res.statusCode]).toEqual([url, allowed ? 200 : 403]);
      }
    });
  }
});
