import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MENU_MAX_ITEMS,
  SECTION_LINK_MESSAGE,
  STAFF_ROLES,
  adminMenuMessages as msg,
  messages,
  menuSlot,
  roleMayUse,
  type AdminMenu,
  type MenuItemInput,
} from '@shopfront/shared';
import { queryRows } from '../../../db/client.ts';
import { CACHES_ON, createTestApp, type TestApp } from '../../../test/app.ts';
import { ifMatch, ownerRequest } from '../../../test/owner-request.ts';
import { signedInOwner } from '../../staff/testing.ts';

/**
 * The menu editor's API (issue 28) on PGlite and (TEST_DATABASE_URL) PostgreSQL: the storefront's
 * menus listed and read as trees, a whole tree saved with If-Match (one winner among racing
 * editors), links to pages, categories and collections that follow their current address, field
 * checks, the shell showing a save at once (page cache on), the audit entry, and the roles.
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

async function menu(id = 'main-menu'): Promise<AdminMenu> {
  const res = await req('GET', `/api/admin/menus/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers.etag).toBe(`"${res.json().data.version}"`);
  return res.json().data;
}
const put = (id: string, body: { name: string; items: MenuItemInput[] }, version: number, headers = owner) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/menus/${id}`,
    headers: { ...headers, ...ifMatch(version) },
    payload: body,
  });
async function save(id: string, body: { name: string; items: MenuItemInput[] }, version: number): Promise<AdminMenu> {
  const res = await put(id, body, version);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe(msg.saved);
  return res.json().data;
}
const shellMenu = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/storefront/shell?menus=${id}` })).json().data.menus[id];
const url = (link: string): MenuItemInput => ({ label: link, link_type: 'url', link });

describe('list and read', () => {
  it('lists the header menu and the two footer columns, with where each shows and how deep it nests', async () => {
    const res = await req('GET', '/api/admin/menus');
    expect(res.statusCode).toBe(200);
    const list = res.json().data.menus;
    expect(list.map((m: { id: string }) => m.id)).toEqual(['main-menu', 'footer-shop', 'footer-help']);
    expect(list[0]).toMatchObject({ name: 'Main menu', place: 'Header', max_depth: 2, version: 1 });
    expect(list[0].item_count).toBeGreaterThan(4);
    expect(list[1]).toMatchObject({ name: 'Shop', max_depth: 1 });
  });

  it('answers a menu as a tree; 404 for a menu the storefront does not show', async () => {
    const main = await menu();
    const about = main.items.find((i) => i.label === 'About Us');
    expect(about).toMatchObject({ link_type: 'url', link: '/about-us', url: '/about-us' });
    expect(about?.children.map((c) => c.label)).toContain('Blog');
    const res = await req('GET', '/api/admin/menus/no-such');
    expect([res.statusCode, res.json().message]).toEqual([404, msg.notFound]);
    const odd = await req('GET', '/api/admin/menus/Main%20Menu');
    expect([odd.statusCode, odd.json().errors.id]).toEqual([422, [msg.notFound]]);
  });

  it('offers the published pages, categories and collections to link to', async () => {
    const { data } = (await req('GET', '/api/admin/menus/choices')).json();
    expect(data.pages.map((p: { slug: string }) => p.slug)).toContain('about-us');
    expect(data.categories.length).toBeGreaterThan(0);
    expect(data.collections.map((c: { slug: string }) => c.slug)).toContain('new-arrivals');
  });
});

describe('save', () => {
  it('replaces the tree; the shell shows it at once, links follow a renamed category; audited', async () => {
    const before = await menu();
    expect(await shellMenu('main-menu')).toMatchObject({ name: 'Main menu' }); // cached now
    const [category] = await queryRows<{ id: number; slug: string }>(
      t.database.db,
      sql`select id, slug from categories order by id limit 1`,
    );
    const saved = await save(
      'main-menu',
      {
        name: '  Top  ',
        items: [
          { label: 'Home', link_type: 'url', link: '/' },
          {
            label: 'Gifts',
            link_type: 'collection',
            link: 'new-arrivals',
            children: [
              { label: 'Our story', link_type: 'page', link: 'about-us' },
              { label: 'Mail us', link_type: 'url', link: 'mailto:hello@shop.test' },
              { label: 'Call', link_type: 'url', link: 'tel:+919800000000' },
              { label: 'Elsewhere', link_type: 'url', link: 'https://example.com/x' },
            ],
          },
          { label: 'A category', link_type: 'category', link: category!.slug },
        ],
      },
      before.version,
    );
    expect(saved.version).toBe(before.version + 1);
    expect(saved.name).toBe('Top');
    expect(saved.items[1]).toMatchObject({
      link_type: 'collection',
      link: 'new-arrivals',
      url: '/product-collection/new-arrivals',
    });
    expect(saved.items[1]!.children.map((c) => c.url)).toEqual([
      '/about-us',
      'mailto:hello@shop.test',
      'tel:+919800000000',
      'https://example.com/x',
    ]);
    const shell = await shellMenu('main-menu');
    expect(shell.name).toBe('Top');
    expect(shell.items.map((i: { label: string }) => i.label)).toEqual(['Home', 'Gifts', 'A category']);
    expect(shell.items[1].children[0]).toMatchObject({ label: 'Our story', url: '/about-us' });

    // A linked category renamed: the menu leads to its new address.
    await t.database.db.execute(
      sql`update categories set slug = ${`${category!.slug}-new`} where id = ${category!.id}`,
    );
    // Written behind the API's back: the table's notification reaches the cache a moment later.
    await expect
      .poll(async () => (await shellMenu('main-menu')).items[2].url)
      .toBe(`/product-category/${category!.slug}-new`);
    expect((await menu()).items[2]).toMatchObject({ link_type: 'category', link: `${category!.slug}-new` });
    await t.database.db.execute(sql`update categories set slug = ${category!.slug} where id = ${category!.id}`);

    const [audit] = await queryRows<{ action: string; after: { items: string[] } }>(
      t.database.db,
      sql`select action, after from audit_log where target = 'menu:main-menu' order by id desc limit 1`,
    );
    expect(audit).toMatchObject({ action: 'menu.save' });
    expect(audit!.after.items).toContain('  Our story → /about-us');
    await save('main-menu', { name: before.name, items: before.items }, saved.version);
  });

  it('makes a menu the shop does not have yet on its first save (If-Match 0)', async () => {
    await t.database.db.execute(sql`delete from menus where id = 'footer-help'`);
    const missing = await menu('footer-help');
    expect(missing).toMatchObject({ version: 0, name: 'Help', items: [], updated_at: null });
    expect(await shellMenu('footer-help')).toBeNull();
    const made = await save('footer-help', { name: 'Help', items: [url('/track-order')] }, 0);
    expect(made.version).toBe(1);
    expect((await shellMenu('footer-help')).items).toEqual([
      { id: expect.any(Number), label: '/track-order', url: '/track-order', children: [] },
    ]);
  });
});

describe('checks', () => {
  it('answers 422 at the item field: label, link, a missing page/category/collection, depth, count', async () => {
    const main = await menu();
    const bad = async (id: string, items: unknown[], field: string, message: string, name = 'Menu') => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/menus/${id}`,
        headers: { ...owner, ...ifMatch((await menu(id)).version) },
        payload: { name, items },
      });
      expect(res.statusCode, res.body).toBe(422);
      const errors = res.json().errors as Record<string, string[]>;
      expect(errors[field], res.body).toContain(message);
    };
    await bad('main-menu', [{ ...url('/'), label: '  ' }], 'items.0.label', msg.label);
    await bad('main-menu', [{ ...url('/'), label: 'x'.repeat(61) }], 'items.0.label', msg.label);
    await bad('main-menu', [url('/'), url('javascript:alert(1)')], 'items.1.link', SECTION_LINK_MESSAGE);
    await bad('main-menu', [url('//evil.test')], 'items.0.link', SECTION_LINK_MESSAGE);
    await bad('main-menu', [{ ...url('/'), label: 'a\u0000b' }], 'items.0.label', messages.invalidCharacters);
    await bad('main-menu', [url('/')], 'name', messages.invalidCharacters, 'a\ud800');
    await bad('main-menu', [{ ...url('/'), link_type: 'ftp' }], 'items.0.link_type', msg.pickOne);
    await bad(
      'main-menu',
      [{ ...url('/'), children: [url('/a'), { label: 'Gone', link_type: 'page', link: 'no-such-page' }] }],
      'items.0.children.1.link',
      msg.noPage,
    );
    await bad('main-menu', [{ label: 'C', link_type: 'category', link: 'no-such' }], 'items.0.link', msg.noCategory);
    await bad(
      'main-menu',
      [{ label: 'C', link_type: 'collection', link: 'No Such' }],
      'items.0.link',
      msg.noCollection,
    );
    await bad(
      'main-menu',
      [{ ...url('/'), children: [{ ...url('/a'), children: [url('/b')] }] }],
      'items.0.children.0.children',
      'Sub-items nest one level deep only',
    );
    await bad(
      'footer-shop',
      [url('/'), { ...url('/a'), children: [url('/b')] }],
      'items.1.children',
      msg.tooDeep(menuSlot('footer-shop')!),
    );
    await bad(
      'main-menu',
      [{ ...url('/'), children: Array.from({ length: MENU_MAX_ITEMS }, () => url('/a')) }],
      'items',
      msg.tooMany,
    );
    await bad('main-menu', [], 'name', msg.name, ' ');
    const res = await req('PUT', '/api/admin/menus/main-menu', {
      body: { name: 'M', items: [] },
      headers: { 'if-match': 'soon' },
    });
    expect([res.statusCode, res.json().errors['If-Match']]).toEqual([422, [msg.ifMatch]]);
    expect(await menu()).toEqual(main);
  });
});

describe('two editors', () => {
  it('refuses a save against an older version with 409, never overwriting the other', async () => {
    const main = await menu();
    await save('main-menu', { name: main.name, items: [...main.items, url('/first')] }, main.version);
    const res = await put('main-menu', { name: main.name, items: [url('/second')] }, main.version);
    expect([res.statusCode, res.json().message]).toEqual([409, msg.stale]);
    expect((await menu()).items.at(-1)?.link).toBe('/first');
  });

  it('lets exactly one of several editors saving against the same version win; the others get 409', async () => {
    const main = await menu();
    const editors = await Promise.all([1, 2, 3, 4, 5, 6].map(() => signedInOwner(t, 'content_editor')));
    const answers = await Promise.all(
      editors.map(({ headers }, i) =>
        put(
          'main-menu',
          { name: `Editor ${i}`, items: [url(`/by-${i}`), { ...url('/x'), children: [url(`/sub-${i}`)] }] },
          main.version,
          headers,
        ),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    const winner = answers.findIndex((r) => r.statusCode === 200);
    const now = await menu();
    expect(now.version).toBe(main.version + 1);
    expect(now.name).toBe(`Editor ${winner}`);
    expect(now.items.map((i) => i.link)).toEqual([`/by-${winner}`, '/x']);
    expect(now.items[1]!.children.map((c) => c.link)).toEqual([`/sub-${winner}`]);
    const [{ n }] = (await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from menu_items where menu_id = 'main-menu'`,
    )) as [{ n: number }];
    expect(n).toBe(3);
  });
});

describe('roles', () => {
  const routes = ['/api/admin/menus', '/api/admin/menus/choices', '/api/admin/menus/main-menu'];

  it('answers 401 without a session', async () => {
    for (const u of [...routes, 'PUT']) {
      const res =
        u === 'PUT'
          ? await t.app.inject({ method: 'PUT', url: '/api/admin/menus/main-menu', payload: { name: 'M', items: [] } })
          : await t.app.inject({ method: 'GET', url: u });
      expect([u, res.statusCode]).toEqual([u, 401]);
    }
  });

  for (const role of STAFF_ROLES) {
    const allowed = roleMayUse(role, 'content');
    it(`${allowed ? 'lets' : 'refuses'} a ${role} ${allowed ? 'edit menus' : '(403)'}`, async () => {
      const { headers } = await signedInOwner(t, role);
      for (const u of routes) {
        const res = await req('GET', u, { headers });
        expect([u, res.statusCode]).toEqual([u, allowed ? 200 : 403]);
      }
      const main = await menu();
      const res = await put('main-menu', { name: main.name, items: main.items }, main.version, headers);
      expect(res.statusCode).toBe(allowed ? 200 : 403);
      expect((await menu()).version).toBe(main.version + (allowed ? 1 : 0));
    });
  }
});
