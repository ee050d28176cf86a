import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PICTURE_PATH_MESSAGE,
  SECTION_LINK_MESSAGE,
  STAFF_ROLES,
  adminTemplateMessages as msg,
  messages,
  roleMayUse,
  type AdminTemplate,
  type SectionInput,
} from '@shopfront/shared';
import { queryRows } from '../../../db/client.ts';
import { CACHES_ON, createTestApp, type TestApp } from '../../../test/app.ts';
import { ifMatch, ownerRequest, type OwnerMethod } from '../../../test/owner-request.ts';
import { signedInOwner } from '../../staff/testing.ts';

/**
 * The template editor's API (issue 28) on PGlite and (TEST_DATABASE_URL) PostgreSQL: drafts that
 * shoppers do not see, publish with If-Match (one winner among racing editors), every publish a
 * version that can be restored into the draft, field checks, warnings for names the shop no
 * longer has, hidden sections, escaping on the rendered home page, and the roles that may use it.
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

async function template(id = 'home'): Promise<AdminTemplate> {
  const res = await req('GET', `/api/admin/templates/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers.etag).toBe(`"${res.json().data.version}"`);
  return res.json().data;
}
async function saveDraft(id: string, sections: SectionInput[], version?: number): Promise<AdminTemplate> {
  const res = await req('PUT', `/api/admin/templates/${id}/draft`, {
    body: { sections },
    headers: version === undefined ? {} : ifMatch(version),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
async function publish(id: string, version: number): Promise<AdminTemplate> {
  const res = await req('POST', `/api/admin/templates/${id}/publish`, { headers: ifMatch(version) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe(msg.published);
  return res.json().data;
}
const publicKeys = async (id = 'home') =>
  (await t.app.inject({ method: 'GET', url: `/api/template/${id}` }))
    .json()
    .data.sections.map((s: { key: string }) => s.key);
const homeHtml = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
  expect(res.statusCode).toBe(200);
  return res.body;
};
const richText = (key: string, text: string, title = ''): SectionInput => ({
  key,
  type: 'rich_text',
  settings: { title, blocks: [{ type: 'paragraph', text }] },
});

describe('list and read', () => {
  it('lists the templates, the home page first, with the page each lays out', async () => {
    const res = await req('GET', '/api/admin/templates');
    expect(res.statusCode).toBe(200);
    const list = res.json().data.templates;
    expect(list[0]).toMatchObject({ id: 'home', name: 'Home page', page_type: 'Home', path: '/', has_draft: false });
    expect(list[0].section_count).toBeGreaterThan(3);
    expect(list.find((r: { id: string }) => r.id === 'about-us')).toMatchObject({
      page_slug: 'about-us',
      path: '/about-us',
    });
    // The default page template previews on a page that has no template of its own.
    const page = list.find((r: { id: string }) => r.id === 'page');
    expect(page).toMatchObject({ page_slug: null, path: expect.stringMatching(/^\/[a-z]/) });
    const res2 = await t.app.inject({ method: 'GET', url: `/api/page${page.path}` });
    expect(res2.json().data.template_id).toBeNull();
  });

  it('answers a template with its live sections and no draft; 404 for an unknown one', async () => {
    const home = await template();
    expect(home.draft).toBeNull();
    expect(home.sections.map((s) => s.key)).toEqual(await publicKeys());
    expect(home.warnings).toEqual([]);
    const res = await req('GET', '/api/admin/templates/no-such');
    expect([res.statusCode, res.json().message]).toEqual([404, msg.notFound]);
  });

  it('offers the sliders, FAQ groups, forms, categories and collections sections can name', async () => {
    const { data } = (await req('GET', '/api/admin/templates/choices')).json();
    expect(data.sliders).toContainEqual({ id: 'home-hero', name: expect.any(String) });
    expect(data.forms.map((f: { id: string }) => f.id)).toContain('trade-enquiry');
    expect(data.faqs.length).toBeGreaterThan(0);
    expect(data.categories.length).toBeGreaterThan(0);
    expect(data.collections.map((c: { slug: string }) => c.slug)).toContain('new-arrivals');
  });
});

describe('draft, publish and history', () => {
  it('keeps a draft from shoppers until it is published, then shows it on the rendered home page', async () => {
    const before = await template();
    const draft = await saveDraft(
      'home',
      [richText('welcome', 'Made by hand in Jaipur', 'Welcome'), ...before.sections],
      before.version,
    );
    expect(draft.version).toBe(before.version + 1);
    expect(draft.draft?.sections[0]).toMatchObject({ key: 'welcome', type: 'rich_text' });
    expect(await publicKeys()).toEqual(before.sections.map((s) => s.key));
    expect(await homeHtml()).not.toContain('Made by hand in Jaipur');

    const published = await publish('home', draft.version);
    expect(published.draft).toBeNull();
    expect(published.sections[0]?.key).toBe('welcome');
    expect(await publicKeys()).toEqual(['welcome', ...before.sections.map((s) => s.key)]);
    // The page cache is on: the publish reached it.
    expect(await homeHtml()).toContain('Made by hand in Jaipur');

    const audit = await queryRows<{ action: string; after: { sections: string[] } }>(
      t.database.db,
      sql`select action, after from audit_log where target = 'template:home' order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['template.draft', 'template.publish']);
    expect(audit[1]!.after.sections[0]).toBe('rich_text:welcome');
  });

  it('keeps every publish as a version (the first publish also what was live before) and restores one into the draft', async () => {
    const list = (await req('GET', '/api/admin/templates/home/versions')).json().data.versions;
    expect(list).toHaveLength(2);
    expect(list[0].published_by).toBe('Test Staff');
    expect(list[1].published_by).toBeNull();
    const original = (await req('GET', `/api/admin/templates/home/versions/${list[1].version}`)).json().data;
    expect(original.sections.map((s: { key: string }) => s.key)).not.toContain('welcome');

    const now = await template();
    const res = await req('POST', `/api/admin/templates/home/versions/${list[1].version}/restore`, {
      headers: ifMatch(now.version),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(msg.restored);
    const restored: AdminTemplate = res.json().data;
    expect(restored.draft?.sections).toEqual(original.sections);
    // Restoring is a draft: shoppers still see the published version until it is published.
    expect((await publicKeys())[0]).toBe('welcome');
    const again = await publish('home', restored.version);
    expect(again.sections.map((s) => s.key)).toEqual(original.sections.map((s: { key: string }) => s.key));
    expect((await req('GET', '/api/admin/templates/home/versions')).json().data.versions).toHaveLength(3);
    expect(await homeHtml()).not.toContain('Made by hand in Jaipur');
  });

  it('refuses a publish without a draft, an unknown version and a version of another template', async () => {
    const home = await template();
    const res = await req('POST', '/api/admin/templates/home/publish', { headers: ifMatch(home.version) });
    expect([res.statusCode, res.json().message]).toEqual([409, msg.nothingToPublish]);
    for (const url of ['/api/admin/templates/home/versions/999999', '/api/admin/templates/page/versions/1']) {
      const r = await req('GET', url);
      expect([url, r.statusCode, r.json().message]).toEqual([url, 404, msg.versionNotFound]);
    }
    const r = await req('POST', '/api/admin/templates/home/versions/999999/restore', {
      headers: ifMatch(home.version),
    });
    expect([r.statusCode, r.json().message]).toEqual([404, msg.versionNotFound]);
    const u = await req('POST', '/api/admin/templates/nope/publish');
    expect([u.statusCode, u.json().message]).toEqual([404, msg.notFound]);
  });

  it('discards a draft: the template stays as shoppers see it', async () => {
    const page = await template('page');
    const drafted = await saveDraft('page', [richText('note', 'Draft only'), ...page.sections], page.version);
    const res = await req('DELETE', '/api/admin/templates/page/draft', { headers: ifMatch(drafted.version) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ draft: null, sections: page.sections });
  });
});

describe('two editors', () => {
  it('refuses a draft saved against an older version with 409, never overwriting the other', async () => {
    const read = await template('page');
    await saveDraft('page', [richText('first', 'First editor')], read.version);
    const res = await req('PUT', '/api/admin/templates/page/draft', {
      body: { sections: [richText('second', 'Second editor')] },
      headers: ifMatch(read.version),
    });
    expect([res.statusCode, res.json().message]).toEqual([409, msg.stale]);
    expect((await template('page')).draft?.sections[0]?.key).toBe('first');
  });

  it('lets one of several editors publishing at once win; the others get 409', async () => {
    const read = await template('page');
    const drafted = await saveDraft('page', [richText('race', 'The race')], read.version);
    const editors = await Promise.all([1, 2, 3, 4].map(() => signedInOwner(t, 'content_editor')));
    const answers = await Promise.all(
      editors.map((e) =>
        req('POST', '/api/admin/templates/page/publish', { headers: { ...e.headers, ...ifMatch(drafted.version) } }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().message).toBe(msg.stale);
    expect(await publicKeys('page')).toEqual(['race']);
    const versions = (await req('GET', '/api/admin/templates/page/versions')).json().data.versions;
    expect(versions.filter((v: { published_by: string | null }) => v.published_by !== null)).toHaveLength(1);
  });

  it('answers 422 for an If-Match that is no version', async () => {
    const res = await req('PUT', '/api/admin/templates/page/draft', {
      body: { sections: [] },
      headers: { 'if-match': 'yesterday' },
    });
    expect([res.statusCode, res.json().errors['If-Match']]).toEqual([422, [msg.ifMatch]]);
  });
});

describe('checks and warnings', () => {
  it('answers 422 at the field of a bad section: unknown type, repeated key, bad link, missing setting', async () => {
    const home = await template();
    const bad = async (sections: unknown[], field: string, message?: string) => {
      const res = await req('PUT', '/api/admin/templates/home/draft', {
        body: { sections },
        headers: ifMatch(home.version),
      });
      expect(res.statusCode, res.body).toBe(422);
      const errors = res.json().errors as Record<string, string[]>;
      expect(Object.keys(errors), res.body).toContain(field);
      if (message) expect(errors[field]).toContain(message);
    };
    await bad([{ key: 'x', type: 'carousel_of_doom', settings: {} }], 'sections.0.type');
    await bad([richText('same', 'a'), richText('same', 'b')], 'sections.1.key', msg.duplicateKey);
    await bad(
      [{ key: 'm', type: 'marquee', settings: { items: ['Hi'], link_url: 'javascript:alert(1)' } }],
      'sections.0.settings.link_url',
      SECTION_LINK_MESSAGE,
    );
    await bad([{ key: 'f', type: 'faq', settings: { title: 'Questions' } }], 'sections.0.settings.faq_id');
    await bad([{ key: 'Bad Key', type: 'page_content' }], 'sections.0.key');
    expect((await template()).version).toBe(home.version);
  });

  it('takes mailto:, tel:, site paths and http(s) links', async () => {
    const home = await template();
    const links = ['mailto:hello@shop.test', 'tel:+919800000000', '/about-us', 'https://example.com/x'];
    const saved = await saveDraft(
      'home',
      links.map((link_url, i) => ({ key: `m${i}`, type: 'marquee', settings: { items: ['Hi'], link_url } })),
      home.version,
    );
    expect(saved.draft?.sections.map((s) => (s.type === 'marquee' ? s.settings.link_url : null))).toEqual(links);
    await req('DELETE', '/api/admin/templates/home/draft', { headers: ifMatch(saved.version) });
  });

  it('refuses a NUL or a lone surrogate in any text of a section with 422 at its field (PostgreSQL cannot store them)', async () => {
    const home = await template();
    for (const [section, field] of [
      [richText('r', 'ok', 'a\u0000b'), 'sections.0.settings.title'],
      [{ key: 'm', type: 'marquee', settings: { items: ['Hi', 'a\ud800'] } }, 'sections.0.settings.items.1'],
      [richText('r', 'a\u0000b'), 'sections.0.settings.blocks.0.text'],
    ] as const) {
      const res = await req('PUT', '/api/admin/templates/home/draft', {
        body: { sections: [section] },
        headers: ifMatch(home.version),
      });
      expect([res.statusCode, res.json().errors], res.body).toEqual([422, { [field]: [messages.invalidCharacters] }]);
    }
    expect((await template()).version).toBe(home.version);
  });

  it('saves a section naming a slider, FAQ, form, category or collection the shop lacks, and flags each field', async () => {
    const home = await template();
    const saved = await saveDraft(
      'home',
      [
        { key: 'hero', type: 'hero_slider', settings: { slider_id: 'gone-slider' } },
        { key: 'faq', type: 'faq', settings: { faq_id: 'gone-faq' } },
        { key: 'form', type: 'form', settings: { form_id: 'trade-enquiry' } },
        { key: 'cols', type: 'collection_grid', settings: { collection_slugs: ['new-arrivals', 'gone-collection'] } },
        { key: 'cats', type: 'category_grid', settings: { category_slugs: ['gone-category'] } },
      ],
      home.version,
    );
    expect(saved.warnings).toEqual([
      { key: 'hero', field: 'settings.slider_id', message: expect.stringContaining('“gone-slider” no longer exists') },
      { key: 'faq', field: 'settings.faq_id', message: expect.stringContaining('FAQ group “gone-faq”') },
      {
        key: 'cols',
        field: 'settings.collection_slugs.1',
        message: expect.stringContaining('collection “gone-collection”'),
      },
      { key: 'cats', field: 'settings.category_slugs.0', message: expect.stringContaining('category “gone-category”') },
    ]);
    await req('DELETE', '/api/admin/templates/home/draft', { headers: ifMatch(saved.version) });
  });
});

describe('section pictures', () => {
  const story = (url: string, alt = 'A kiln'): SectionInput => ({
    key: 'story',
    type: 'image_with_text',
    settings: { title: 'Our story', text: 'Made by hand.', image: { url, alt } },
  });
  const gallery = (urls: string[]): SectionInput => ({
    key: 'pics',
    type: 'gallery',
    settings: { title: 'Studio', images: urls.map((url) => ({ url, alt: 'A mug' })) },
  });

  it('answers 422 at the field of a picture address outside the rule or without alt text; saves a good one', async () => {
    const home = await template();
    const refused = async (sections: SectionInput[], field: string, message: string) => {
      const res = await req('PUT', '/api/admin/templates/home/draft', {
        body: { sections },
        headers: ifMatch(home.version),
      });
      expect(res.statusCode, res.body).toBe(422);
      expect((res.json().errors as Record<string, string[]>)[field], res.body).toEqual([message]);
    };
    for (const url of ['http://example.com/a.jpg', 'javascript:alert(1)', 'uploads/a.jpg', '/media/../secret'])
      await refused([richText('intro', 'Hi'), story(url)], 'sections.1.settings.image.url', PICTURE_PATH_MESSAGE);
    await refused([story('/media/kiln.webp', ' ')], 'sections.0.settings.image.alt', msg.pictureAlt);
    await refused(
      [gallery(['/media/a.webp', 'data:image/png;base64,AAAA'])],
      'sections.0.settings.images.1.url',
      PICTURE_PATH_MESSAGE,
    );
    expect((await template()).version).toBe(home.version);

    const saved = await saveDraft(
      'home',
      [story('/media/uploads/kiln.webp'), gallery(['/media/a.webp', 'https://cdn.example.com/b.jpg'])],
      home.version,
    );
    expect(saved.draft?.sections.map((s) => s.settings)).toMatchObject([
      { image: { url: '/media/uploads/kiln.webp', alt: 'A kiln' } },
      { images: [{ url: '/media/a.webp' }, { url: 'https://cdn.example.com/b.jpg' }] },
    ]);
    await req('DELETE', '/api/admin/templates/home/draft', { headers: ifMatch(saved.version) });
  });

  it('still renders a stored picture from before the rule, and the editor is told which field to fix', async () => {
    await t.database.db.execute(sql`insert into template_sections (template_id, key, type, settings, position)
      values ('home', 'legacy-story', 'image_with_text',
        ${JSON.stringify({ title: 'Legacy story', text: 'Old address', image: { url: 'http://old.example.com/kiln.jpg', alt: 'Old kiln' } })}::jsonb,
        -1)`);
    try {
      const page = await t.app.inject({ method: 'GET', url: '/api/templateBoth/home?path=%2F' });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().data.template.sections[0].settings.image.url).toBe('http://old.example.com/kiln.jpg');
      expect(await homeHtml()).toContain('Legacy story');
      const home = await template();
      expect(home.sections[0]).toMatchObject({ key: 'legacy-story', settings: { image: { alt: 'Old kiln' } } });
      const res = await req('PUT', '/api/admin/templates/home/draft', {
        body: { sections: home.sections },
        headers: ifMatch(home.version),
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors['sections.0.settings.image.url']).toEqual([PICTURE_PATH_MESSAGE]);
    } finally {
      await t.database.db.execute(sql`delete from template_sections where key = 'legacy-story'`);
    }
  });
});

describe('a name deleted after publishing', () => {
  it('renders the section without it, and the editor flags it', async () => {
    await t.database.db.execute(sql`insert into sliders (id, name) values ('soon-gone', 'Soon gone')`);
    const home = await template();
    const drafted = await saveDraft(
      'home',
      [{ key: 'soon', type: 'hero_slider', settings: { slider_id: 'soon-gone' } }, ...home.sections],
      home.version,
    );
    expect(drafted.warnings).toEqual([]);
    await publish('home', drafted.version);
    await t.database.db.execute(sql`delete from sliders where id = 'soon-gone'`);
    const page = await t.app.inject({ method: 'GET', url: '/api/templateBoth/home?path=%2F' });
    expect(page.statusCode).toBe(200);
    expect(page.json().data.component_data[0]).toEqual({ key: 'soon', type: 'hero_slider', data: null });
    expect((await template()).warnings).toEqual([
      { key: 'soon', field: 'settings.slider_id', message: expect.stringContaining('“soon-gone” no longer exists') },
    ]);
  });
});

describe('hidden sections and escaping', () => {
  it('keeps a hidden section in the template but not on the page', async () => {
    const home = await template();
    const sections = [richText('secret', 'Not yet, shoppers'), ...home.sections].map((s, i) =>
      i === 0 ? { ...s, hidden: true } : s,
    );
    const drafted = await saveDraft('home', sections, home.version);
    const published = await publish('home', drafted.version);
    expect(published.sections[0]).toMatchObject({ key: 'secret', hidden: true });
    expect(await publicKeys()).not.toContain('secret');
    expect(await homeHtml()).not.toContain('Not yet, shoppers');
  });

  it('renders a section text with <script> escaped on the storefront home page', async () => {
    const home = await template();
    const attack = '<script>window.pwned=1</script><img src=x onerror=alert(1)>';
    const drafted = await saveDraft('home', [richText('xss', attack, attack), ...home.sections], home.version);
    await publish('home', drafted.version);
    const html = await homeHtml();
    expect(html).not.toContain('<script>window.pwned=1</script>');
    expect(html).not.toContain('<img src=x onerror');
    expect(html).toContain('&lt;script&gt;window.pwned=1&lt;/script&gt;');
  });
});

describe('roles', () => {
  const routes: [OwnerMethod, string][] = [
    ['GET', '/api/admin/templates'],
    ['GET', '/api/admin/templates/choices'],
    ['GET', '/api/admin/templates/home'],
    ['PUT', '/api/admin/templates/home/draft'],
    ['DELETE', '/api/admin/templates/home/draft'],
    ['POST', '/api/admin/templates/home/publish'],
    ['GET', '/api/admin/templates/home/versions'],
    ['GET', '/api/admin/templates/home/versions/1'],
    ['POST', '/api/admin/templates/home/versions/1/restore'],
  ];

  it('answers 401 without a session', async () => {
    for (const [method, url] of routes) {
      const res = await t.app.inject({ method, url, ...(method === 'PUT' ? { payload: { sections: [] } } : {}) });
      expect([method, url, res.statusCode]).toEqual([method, url, 401]);
    }
  });

  for (const role of STAFF_ROLES) {
    const allowed = roleMayUse(role, 'content');
    it(`${allowed ? 'lets' : 'refuses'} a ${role} ${allowed ? 'edit' : '(403)'}`, async () => {
      const { headers } = await signedInOwner(t, role);
      const [oldest] = (await req('GET', '/api/admin/templates/home/versions')).json().data.versions.slice(-1);
      for (const [method, path] of routes.filter(([m]) => m === 'GET')) {
        const url = path.replace('/versions/1', `/versions/${oldest.version}`);
        const res = await req(method, url, { headers });
        expect([url, res.statusCode]).toEqual([url, allowed ? 200 : 403]);
      }
      const home = await template();
      const res = await req('PUT', '/api/admin/templates/home/draft', {
        body: { sections: home.sections },
        headers: { ...headers, ...ifMatch(home.version) },
      });
      expect(res.statusCode).toBe(allowed ? 200 : 403);
      if (allowed) {
        const discard = await req('DELETE', '/api/admin/templates/home/draft', {
          headers: { ...headers, ...ifMatch(res.json().data.version) },
        });
        expect(discard.statusCode).toBe(200);
      }
    });
  }
});
