import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMenu, AdminPage, AdminPageList, AdminTemplate } from '@shopfront/shared';
import { CACHES_ON, createTestApp, secondProcess, type TestApp } from '../../test/app.ts';
import { ifMatch, ownerRequest } from '../../test/owner-request.ts';
import { signedInOwner } from '../staff/testing.ts';

/*
 * Publishing invalidates cached pages on every process (issue 28): two processes on one
 * PostgreSQL database, both with their answer and page caches on, as two machines behind a load
 * balancer. The second has rendered the home page, a page and the header menu (so each is in its
 * caches); the owner then publishes on the first, and the second shows each change without a
 * restart. PostgreSQL only: an embedded database is one process's.
 */
const PG = Boolean(process.env.TEST_DATABASE_URL);
let t: TestApp;
let other: TestApp;
let owner: Record<string, string>;

beforeAll(async () => {
  if (!PG) return;
  t = await createTestApp({ storefront: true, env: CACHES_ON });
  other = await secondProcess(t, CACHES_ON, { storefront: true });
  owner = (await signedInOwner(t)).headers;
}, 300_000);
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const req = ownerRequest(
  () => t,
  () => owner,
);
async function ok<T>(res: Promise<{ statusCode: number; body: string; json: () => { data: T } }>): Promise<T> {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data;
}
/** The second process's rendered page at `path` (HTML). */
const otherHtml = async (path: string) =>
  (await other.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } })).body;

describe.runIf(PG)('a publish on one process', () => {
  it('reaches the cached home page, page and menu of a second process', async () => {
    const page = (await ok<AdminPageList>(req('GET', '/api/admin/pages'))).pages.find((p) => p.slug === 'about-us');
    expect(page).toBeDefined();
    // Rendered (and cached) on the second process before any change: the second ask of each page
    // is a cache hit, so what follows is the caches being let go, not a fresh render anyway.
    expect(await otherHtml('/')).not.toContain('Made on the first machine');
    expect(await otherHtml('/about-us')).not.toContain('About the first machine');
    const hits = other.app.pageCache!.hits;
    await otherHtml('/');
    await otherHtml('/about-us');
    expect(other.app.pageCache!.hits).toBe(hits + 2);
    const before = await other.app.inject({ method: 'GET', url: '/api/menu/main-menu' });
    expect(before.body).not.toContain('Gift guide');

    // The home page's template: a draft, then Publish.
    const home = await ok<AdminTemplate>(req('GET', '/api/admin/templates/home'));
    const draft = await ok<AdminTemplate>(
      req('PUT', '/api/admin/templates/home/draft', {
        body: {
          sections: [
            {
              key: 'machine',
              type: 'rich_text',
              settings: { title: 'Made on the first machine', blocks: [] },
            },
            ...home.sections,
          ],
        },
        headers: ifMatch(home.version),
      }),
    );
    await ok(req('POST', '/api/admin/templates/home/publish', { headers: ifMatch(draft.version) }));
    // A page's title.
    const full = await ok<AdminPage>(req('GET', `/api/admin/pages/${page!.id}`));
    await ok(
      req('PUT', `/api/admin/pages/${full.id}`, {
        body: { title: 'About the first machine', slug: full.slug, blocks: full.blocks, status: full.status },
        headers: ifMatch(full.version),
      }),
    );
    // The header menu.
    const menu = await ok<AdminMenu>(req('GET', '/api/admin/menus/main-menu'));
    await ok(
      req('PUT', '/api/admin/menus/main-menu', {
        body: { name: menu.name, items: [{ label: 'Gift guide', link_type: 'url', link: '/gift-guide' }] },
        headers: ifMatch(menu.version),
      }),
    );

    // The notification reaches the second process a moment after the commit.
    await expect.poll(() => otherHtml('/'), { timeout: 10_000 }).toContain('Made on the first machine');
    await expect.poll(() => otherHtml('/about-us'), { timeout: 10_000 }).toContain('About the first machine');
    await expect
      .poll(async () => (await other.app.inject({ method: 'GET', url: '/api/menu/main-menu' })).body, {
        timeout: 10_000,
      })
      .toContain('Gift guide');
    expect(await otherHtml('/')).toContain('Gift guide');
  });
});
