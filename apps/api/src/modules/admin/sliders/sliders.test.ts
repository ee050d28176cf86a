import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SECTION_LINK_MESSAGE,
  SLIDER_LIMITS,
  STAFF_ROLES,
  adminSliderMessages as msg,
  messages,
  roleMayUse,
  type AdminSlideInput,
  type AdminSlider,
} from '@shopfront/shared';
import { queryRows } from '../../../db/client.ts';
import { CACHES_ON, createTestApp, type TestApp } from '../../../test/app.ts';
import { ifMatch, ownerRequest } from '../../../test/owner-request.ts';
import { signedInOwner } from '../../staff/testing.ts';

/**
 * The slider editor's API (issue 28) on PGlite and (TEST_DATABASE_URL) PostgreSQL: sliders listed
 * with the templates that show them, created, renamed, deleted (refused while a template shows
 * one), a slider's slides saved whole with If-Match (one winner among racing editors), the
 * storefront home showing a save at once and a `<script>` title as text, field checks (picture
 * and its alt, the link rule, button text and address together, at most 10), audit, roles.
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
const home = () => t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });

async function slider(id = 'home-hero'): Promise<AdminSlider> {
  const res = await req('GET', `/api/admin/sliders/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers.etag).toBe(`"${res.json().data.version}"`);
  return res.json().data;
}
const putSlides = (id: string, slides: unknown[], version: number, headers = owner) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/sliders/${id}/slides`,
    headers: { ...headers, ...ifMatch(version) },
    payload: { slides },
  });
async function saveSlides(id: string, slides: AdminSlideInput[], version: number): Promise<AdminSlider> {
  const res = await putSlides(id, slides, version);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe(msg.saved);
  return res.json().data;
}
const slide = (title: string): AdminSlideInput => ({ title });
async function create(name: string, id?: string): Promise<AdminSlider> {
  const res = await req('POST', '/api/admin/sliders', { body: { name, ...(id ? { id } : {}) } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe(msg.created);
  return res.json().data;
}

describe('sliders', () => {
  it('lists the sliders with their slide count and the templates that show them', async () => {
    const res = await req('GET', '/api/admin/sliders');
    expect(res.statusCode).toBe(200);
    const hero = res.json().data.sliders.find((s: { id: string }) => s.id === 'home-hero');
    expect(hero).toEqual({
      id: 'home-hero',
      name: 'Home hero',
      slide_count: 2,
      version: 1,
      used_by: [{ id: 'home', name: 'Home page' }],
    });
  });

  it('creates a slider (its id made from the name, -2 when taken), renames it with If-Match, deletes it; audited', async () => {
    const made = await create('Winter Sale!');
    expect(made).toMatchObject({ id: 'winter-sale', name: 'Winter Sale!', slides: [], version: 1, used_by: [] });
    expect((await create('Winter Sale!')).id).toBe('winter-sale-2');
    const taken = await req('POST', '/api/admin/sliders', { body: { name: 'X', id: 'winter-sale' } });
    expect([taken.statusCode, taken.json().errors.id]).toEqual([422, [msg.idTaken]]);

    const renamed = await req('PATCH', '/api/admin/sliders/winter-sale', {
      body: { name: ' Winter ' },
      headers: ifMatch(1),
    });
    expect([renamed.statusCode, renamed.json().message]).toEqual([200, msg.renamed]);
    expect(renamed.json().data).toMatchObject({ name: 'Winter', version: 2 });
    const stale = await req('PATCH', '/api/admin/sliders/winter-sale', { body: { name: 'Old' }, headers: ifMatch(1) });
    expect([stale.statusCode, stale.json().message]).toEqual([409, msg.stale]);

    for (const id of ['winter-sale', 'winter-sale-2']) {
      const res = await req('DELETE', `/api/admin/sliders/${id}`);
      expect([res.statusCode, res.json().message]).toEqual([200, msg.deleted]);
    }
    expect((await req('GET', '/api/admin/sliders/winter-sale')).statusCode).toBe(404);
    expect((await req('DELETE', '/api/admin/sliders/winter-sale')).statusCode).toBe(404);
    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where target = 'slider:winter-sale' order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['slider.create', 'slider.rename', 'slider.delete']);
  });

  it('refuses to delete a slider a live or draft template section shows, naming the template (409)', async () => {
    const res = await req('DELETE', '/api/admin/sliders/home-hero');
    expect([res.statusCode, res.json().message]).toEqual([409, msg.inUse(['Home page'])]);
    expect((await slider()).slides).toHaveLength(2);

    const drafted = await create('Only in a draft');
    await t.database.db.execute(
      sql`update templates set draft_sections = ${JSON.stringify([
        { key: 'h', type: 'hero_slider', settings: { slider_id: drafted.id, autoplay_ms: 6000 } },
      ])}::jsonb where id = 'faq'`,
    );
    expect((await slider(drafted.id)).used_by).toEqual([{ id: 'faq', name: 'FAQ' }]);
    const refused = await req('DELETE', `/api/admin/sliders/${drafted.id}`);
    expect([refused.statusCode, refused.json().message]).toEqual([409, msg.inUse(['FAQ'])]);
    await t.database.db.execute(sql`update templates set draft_sections = null where id = 'faq'`);
    expect((await req('DELETE', `/api/admin/sliders/${drafted.id}`)).statusCode).toBe(200);
  });
});

describe('slides', () => {
  it('replaces the list in order; the home page shows it at once, a <script> title as text; audited', async () => {
    const before = await slider();
    expect((await home()).body).toContain(before.slides[0]!.title); // cached now
    const script = '<script>alert("slide")</script>';
    const saved = await saveSlides(
      'home-hero',
      [
        {
          title: ' New arrivals ',
          subtitle: 'Fresh from the studio',
          image_url: '/media/hero/new.jpg',
          image_alt: 'A table of new mugs',
          link_url: 'https://example.com/new',
          link_text: 'See them',
        },
        { title: script, link_url: 'mailto:shop@example.com', link_text: 'Write to us' },
        before.slides[1]!,
      ],
      before.version,
    );
    expect(saved.version).toBe(before.version + 1);
    expect(saved.slides).toEqual([
      {
        title: 'New arrivals',
        subtitle: 'Fresh from the studio',
        image_url: '/media/hero/new.jpg',
        image_alt: 'A table of new mugs',
        link_url: 'https://example.com/new',
        link_text: 'See them',
      },
      {
        title: script,
        subtitle: '',
        image_url: null,
        image_alt: '',
        link_url: 'mailto:shop@example.com',
        link_text: 'Write to us',
      },
      before.slides[1],
    ]);

    const pub = (await t.app.inject({ method: 'GET', url: '/api/slider/home-hero' })).json().data;
    expect(pub.slides.map((s: { title: string }) => s.title)).toEqual([
      'New arrivals',
      script,
      before.slides[1]!.title,
    ]);
    const html = (await home()).body;
    expect(html).toContain('New arrivals');
    expect(html).not.toContain(before.slides[0]!.title);
    expect(html).toContain('&lt;script&gt;alert(&quot;slide&quot;)&lt;/script&gt;');
    expect(html).not.toContain(script);

    const [audit] = await queryRows<{ action: string; after: { slides: string[] } }>(
      t.database.db,
      sql`select action, after from audit_log where target = 'slider:home-hero' order by id desc limit 1`,
    );
    expect(audit).toMatchObject({ action: 'slider.save' });
    expect(audit!.after.slides).toEqual(['New arrivals', script, before.slides[1]!.title]);
    await saveSlides('home-hero', before.slides, saved.version);
  });

  it('answers 422 at the field: title, picture and alt, link rule, button pairs, count, If-Match; nothing changes', async () => {
    const before = await slider();
    const bad = async (slides: unknown[], field: string, message: string) => {
      const res = await putSlides('home-hero', slides, before.version);
      expect(res.statusCode, res.body).toBe(422);
      expect((res.json().errors as Record<string, string[]>)[field], res.body).toContain(message);
    };
    await bad([slide('Fine'), slide('  ')], 'slides.1.title', msg.title);
    await bad([{ subtitle: 'No title' }], 'slides.0.title', msg.title);
    await bad([slide('x'.repeat(SLIDER_LIMITS.titleMax + 1))], 'slides.0.title', msg.title);
    await bad([slide('Nul\u0000')], 'slides.0.title', messages.invalidCharacters);
    await bad([{ title: 'No alt', image_url: '/media/a.jpg' }], 'slides.0.image_alt', msg.alt);
    await bad([{ title: 'Blank alt', image_url: '/media/a.jpg', image_alt: '  ' }], 'slides.0.image_alt', msg.alt);
    const outside = await putSlides(
      'home-hero',
      [{ title: 'Http', image_url: 'http://x.test/a.jpg', image_alt: 'A' }],
      before.version,
    );
    expect([outside.statusCode, Object.keys(outside.json().errors)]).toEqual([422, ['slides.0.image_url']]);
    await bad(
      [{ title: 'Evil', link_url: 'javascript:alert(1)', link_text: 'Go' }],
      'slides.0.link_url',
      SECTION_LINK_MESSAGE,
    );
    await bad(
      [{ title: 'Protocol', link_url: '//evil.test', link_text: 'Go' }],
      'slides.0.link_url',
      SECTION_LINK_MESSAGE,
    );
    await bad([{ title: 'No text', link_url: '/shop-online' }], 'slides.0.link_text', msg.linkText);
    await bad([{ title: 'No address', link_text: 'Go' }], 'slides.0.link_url', msg.linkUrl);
    await bad(
      Array.from({ length: SLIDER_LIMITS.slidesMax + 1 }, (_, i) => slide(`S${i}`)),
      'slides',
      msg.tooMany,
    );
    const res = await req('PUT', '/api/admin/sliders/home-hero/slides', {
      body: { slides: [] },
      headers: { 'if-match': 'soon' },
    });
    expect([res.statusCode, res.json().errors['If-Match']]).toEqual([422, [msg.ifMatch]]);
    const badId = await req('GET', '/api/admin/sliders/Home%20Hero');
    expect([badId.statusCode, badId.json().errors.id]).toEqual([422, [msg.notFound]]);
    expect((await req('PUT', '/api/admin/sliders/no-such/slides', { body: { slides: [] } })).statusCode).toBe(404);
    const noName = await req('POST', '/api/admin/sliders', { body: { name: ' ' } });
    expect([noName.statusCode, noName.json().errors.name]).toEqual([422, [msg.name]]);
    const badNewId = await req('POST', '/api/admin/sliders', { body: { name: 'N', id: 'Not An Id' } });
    expect([badNewId.statusCode, badNewId.json().errors.id]).toEqual([422, [msg.id]]);
    expect(await slider()).toEqual(before);
  });
});

describe('one save: name and slides together', () => {
  type Kept = { id: number; published_by: string | null; summary: string };
  const kept = async (id: string): Promise<Kept[]> =>
    (await req('GET', `/api/admin/versions/slider/${id}`)).json().data.versions;
  const body = async (id: string, version: number) =>
    (await req('GET', `/api/admin/versions/slider/${id}/${version}`)).json().data.body;
  const put = (id: string, payload: object, version: number) =>
    req('PUT', `/api/admin/sliders/${id}/slides`, { body: payload, headers: ifMatch(version) });
  const shown = (title: string) => ({
    title,
    subtitle: '',
    image_url: null,
    image_alt: '',
    link_url: null,
    link_text: null,
  });

  it('saves both in one conditional write that keeps exactly one version holding both; audited', async () => {
    const made = await create('Autumn');
    const res = await put(made.id, { name: ' Autumn sale ', slides: [slide('Leaves')] }, made.version);
    expect([res.statusCode, res.json().message], res.body).toEqual([200, msg.saved]);
    const one: AdminSlider = res.json().data;
    expect(one).toMatchObject({ name: 'Autumn sale', slides: [shown('Leaves')], version: made.version + 1 });
    // The first save also keeps what the slider was before it (published_by null): never a mix.
    const first = await kept(made.id);
    expect(first.map((v) => v.published_by === null)).toEqual([false, true]);
    expect(await body(made.id, first[0]!.id)).toEqual({ name: 'Autumn sale', slides: [shown('Leaves')] });
    expect(await body(made.id, first[1]!.id)).toEqual({ name: 'Autumn', slides: [] });

    // Again, with both changed: exactly one more version, holding the new name and the new slides.
    const two: AdminSlider = (await put(made.id, { name: 'Fall', slides: [slide('Rain')] }, one.version)).json().data;
    expect(two).toMatchObject({ name: 'Fall', version: one.version + 1 });
    const second = await kept(made.id);
    expect(second).toHaveLength(3);
    expect(second[0]!.summary).toBe('Fall · 1 slide · “Rain”');
    expect(second.slice(1)).toEqual(first);
    expect(await body(made.id, second[0]!.id)).toEqual({ name: 'Fall', slides: [shown('Rain')] });

    // Without a name, the name stays.
    const three: AdminSlider = (await put(made.id, { slides: [slide('Snow')] }, two.version)).json().data;
    expect(three).toMatchObject({ name: 'Fall', slides: [shown('Snow')], version: two.version + 1 });

    const audit = await queryRows<{ action: string; before: object; after: object }>(
      t.database.db,
      sql`select action, before, after from audit_log where target = ${`slider:${made.id}`} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['slider.create', 'slider.save', 'slider.save', 'slider.save']);
    expect(audit[2]).toMatchObject({
      before: { name: 'Autumn sale', slides: ['Leaves'] },
      after: { version: two.version, name: 'Fall', slides: ['Rain'] },
    });
    expect(audit[3]!.after).not.toHaveProperty('name');
    expect((await req('DELETE', `/api/admin/sliders/${made.id}`)).statusCode).toBe(200);
  });

  it('refuses a stale If-Match (409) and a bad name (422 at name): nothing changes, no version is kept', async () => {
    const made = await create('Stale name');
    const saved: AdminSlider = (await put(made.id, { name: 'Fresh', slides: [slide('Kept')] }, made.version)).json()
      .data;
    const before = await slider(made.id);
    const versionsBefore = await kept(made.id);
    const audits = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from audit_log where target = ${`slider:${made.id}`}`,
        )
      )[0]!.n;
    const auditsBefore = await audits();

    const stale = await put(made.id, { name: 'Lost', slides: [slide('Lost')] }, made.version);
    expect([stale.statusCode, stale.json().message]).toEqual([409, msg.stale]);
    for (const name of [' ', 'x'.repeat(SLIDER_LIMITS.nameMax + 1)]) {
      const res = await put(made.id, { name, slides: [] }, saved.version);
      expect([res.statusCode, res.json().errors.name], res.body).toEqual([422, [msg.name]]);
    }
    const nul = await put(made.id, { name: 'Nul\u0000', slides: [] }, saved.version);
    expect([nul.statusCode, nul.json().errors.name]).toEqual([422, [messages.invalidCharacters]]);

    expect(await slider(made.id)).toEqual(before);
    expect(await kept(made.id)).toEqual(versionsBefore);
    expect(await audits()).toBe(auditsBefore);
    expect((await req('DELETE', `/api/admin/sliders/${made.id}`)).statusCode).toBe(200);
  });
});

describe('two editors', () => {
  it('refuses a save against an older version with 409, never overwriting the other', async () => {
    const before = await slider();
    await saveSlides('home-hero', [...before.slides, slide('First')], before.version);
    const res = await putSlides('home-hero', [slide('Second')], before.version);
    expect([res.statusCode, res.json().message]).toEqual([409, msg.stale]);
    expect((await slider()).slides.at(-1)?.title).toBe('First');
  });

  it('lets exactly one of six editors saving against the same version win; the others get 409', async () => {
    const before = await slider();
    const editors = await Promise.all([1, 2, 3, 4, 5, 6].map(() => signedInOwner(t, 'content_editor')));
    const answers = await Promise.all(
      editors.map(({ headers }, i) =>
        putSlides('home-hero', [slide(`By ${i}`), slide(`Also by ${i}`)], before.version, headers),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const winner = answers.findIndex((r) => r.statusCode === 200);
    const now = await slider();
    expect(now.version).toBe(before.version + 1);
    expect(now.slides.map((s) => s.title)).toEqual([`By ${winner}`, `Also by ${winner}`]);
    const [{ n }] = (await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from slides where slider_id = 'home-hero'`,
    )) as [{ n: number }];
    expect(n).toBe(2);
  });
});

describe('roles', () => {
  const reads = ['/api/admin/sliders', '/api/admin/sliders/home-hero'];

  it('answers 401 without a session', async () => {
    const calls = [
      ...reads.map((url) => ({ method: 'GET' as const, url })),
      { method: 'POST' as const, url: '/api/admin/sliders', payload: { name: 'N' } },
      { method: 'PATCH' as const, url: '/api/admin/sliders/home-hero', payload: { name: 'N' } },
      { method: 'PUT' as const, url: '/api/admin/sliders/home-hero/slides', payload: { slides: [] } },
      { method: 'DELETE' as const, url: '/api/admin/sliders/home-hero' },
    ];
    for (const c of calls)
      expect([c.method, c.url, (await t.app.inject(c)).statusCode]).toEqual([c.method, c.url, 401]);
  });

  for (const role of STAFF_ROLES) {
    const allowed = roleMayUse(role, 'content');
    it(`${allowed ? 'lets' : 'refuses'} a ${role} ${allowed ? 'edit sliders' : '(403)'}`, async () => {
      const { headers } = await signedInOwner(t, role);
      for (const url of reads)
        expect([url, (await req('GET', url, { headers })).statusCode]).toEqual([url, allowed ? 200 : 403]);
      const before = await slider();
      const res = await putSlides('home-hero', before.slides, before.version, headers);
      expect(res.statusCode).toBe(allowed ? 200 : 403);
      const made = await req('POST', '/api/admin/sliders', { body: { name: `By ${role}` }, headers });
      expect(made.statusCode).toBe(allowed ? 200 : 403);
      if (allowed) {
        const { id, version } = made.json().data as AdminSlider;
        const renamed = await req('PATCH', `/api/admin/sliders/${id}`, {
          body: { name: 'R' },
          headers: { ...headers, ...ifMatch(version) },
        });
        expect(renamed.statusCode).toBe(200);
        expect((await req('DELETE', `/api/admin/sliders/${id}`, { headers })).statusCode).toBe(200);
      } else {
        expect((await req('PATCH', '/api/admin/sliders/home-hero', { body: { name: 'R' }, headers })).statusCode).toBe(
          403,
        );
        expect((await req('DELETE', '/api/admin/sliders/home-hero', { headers })).statusCode).toBe(403);
      }
      expect((await slider()).version).toBe(before.version + (allowed ? 1 : 0));
    });
  }
});
