import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAQ_LIMITS,
  STAFF_ROLES,
  adminFaqMessages as msg,
  messages,
  roleMayUse,
  type AdminFaq,
  type AdminFaqItemInput,
} from '@shopfront/shared';
import { queryRows } from '../../../db/client.ts';
import { CACHES_ON, createTestApp, type TestApp } from '../../../test/app.ts';
import { ifMatch, ownerRequest } from '../../../test/owner-request.ts';
import { signedInOwner } from '../../staff/testing.ts';

/**
 * The FAQ editor's API (issue 28) on PGlite and (TEST_DATABASE_URL) PostgreSQL: groups listed with
 * the templates that show them, created, renamed, deleted (refused while a template shows one),
 * a group's questions saved whole with If-Match (one winner among racing editors), the storefront's
 * FAQ page showing a save at once and a `<script>` answer as text, field checks, audit, roles.
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
const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

async function faq(id = 'shopping-help'): Promise<AdminFaq> {
  const res = await req('GET', `/api/admin/faqs/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers.etag).toBe(`"${res.json().data.version}"`);
  return res.json().data;
}
const putItems = (id: string, items: AdminFaqItemInput[], version: number, headers = owner) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/faqs/${id}/items`,
    headers: { ...headers, ...ifMatch(version) },
    payload: { items },
  });
async function saveItems(id: string, items: AdminFaqItemInput[], version: number): Promise<AdminFaq> {
  const res = await putItems(id, items, version);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe(msg.saved);
  return res.json().data;
}
const qa = (question: string, answer = `About ${question}`): AdminFaqItemInput => ({ question, answer });
async function create(title: string, id?: string): Promise<AdminFaq> {
  const res = await req('POST', '/api/admin/faqs', { body: { title, ...(id ? { id } : {}) } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe(msg.created);
  return res.json().data;
}

describe('groups', () => {
  it('lists the groups with their question count and the templates that show them', async () => {
    const res = await req('GET', '/api/admin/faqs');
    expect(res.statusCode).toBe(200);
    const help = res.json().data.groups.find((g: { id: string }) => g.id === 'shopping-help');
    expect(help).toMatchObject({
      title: 'Frequently asked questions',
      version: 1,
      used_by: [{ id: 'faq', name: 'FAQ' }],
    });
    expect(help.item_count).toBeGreaterThanOrEqual(6);
  });

  it('creates a group (its id made from the title, -2 when taken), renames it with If-Match, deletes it; audited', async () => {
    const made = await create('Care & Returns');
    expect(made).toMatchObject({ id: 'care-returns', title: 'Care & Returns', description: '', items: [], version: 1 });
    expect((await create('Care & Returns')).id).toBe('care-returns-2');
    const taken = await req('POST', '/api/admin/faqs', { body: { title: 'X', id: 'care-returns' } });
    expect([taken.statusCode, taken.json().errors.id]).toEqual([422, [msg.idTaken]]);

    const renamed = await req('PATCH', '/api/admin/faqs/care-returns', {
      body: { title: ' Looking after it ', description: 'Washing and mending' },
      headers: ifMatch(1),
    });
    expect([renamed.statusCode, renamed.json().message]).toEqual([200, msg.renamed]);
    expect(renamed.json().data).toMatchObject({
      title: 'Looking after it',
      description: 'Washing and mending',
      version: 2,
    });
    const stale = await req('PATCH', '/api/admin/faqs/care-returns', { body: { title: 'Old' }, headers: ifMatch(1) });
    expect([stale.statusCode, stale.json().message]).toEqual([409, msg.stale]);

    for (const id of ['care-returns', 'care-returns-2']) {
      const res = await req('DELETE', `/api/admin/faqs/${id}`);
      expect([res.statusCode, res.json().message]).toEqual([200, msg.deleted]);
    }
    expect((await req('GET', '/api/admin/faqs/care-returns')).statusCode).toBe(404);
    expect((await req('DELETE', '/api/admin/faqs/care-returns')).statusCode).toBe(404);
    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where target = 'faq:care-returns' order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['faq.create', 'faq.rename', 'faq.delete']);
  });

  it('refuses to delete a group a live or draft template section shows, naming the template (409)', async () => {
    const res = await req('DELETE', '/api/admin/faqs/shopping-help');
    expect([res.statusCode, res.json().message]).toEqual([409, msg.inUse(['FAQ'])]);
    expect((await faq()).items.length).toBeGreaterThanOrEqual(6);

    const drafted = await create('Only in a draft');
    await t.database.db.execute(
      sql`update templates set draft_sections = ${JSON.stringify([
        { key: 'q', type: 'faq', settings: { title: '', faq_id: drafted.id } },
      ])}::jsonb where id = 'home'`,
    );
    const home = await queryRows<{ name: string }>(t.database.db, sql`select name from templates where id = 'home'`);
    expect((await faq(drafted.id)).used_by).toEqual([{ id: 'home', name: home[0]!.name }]);
    const refused = await req('DELETE', `/api/admin/faqs/${drafted.id}`);
    expect([refused.statusCode, refused.json().message]).toEqual([409, msg.inUse([home[0]!.name])]);
    await t.database.db.execute(sql`update templates set draft_sections = null where id = 'home'`);
    expect((await req('DELETE', `/api/admin/faqs/${drafted.id}`)).statusCode).toBe(200);
  });
});

describe('questions', () => {
  it('replaces the list in order; the FAQ page shows it at once, a <script> answer as text; audited', async () => {
    const before = await faq();
    expect((await page('/faq')).body).toContain(before.items[0]!.question); // cached now
    const script = '<script>alert("faq")</script>';
    const saved = await saveItems(
      'shopping-help',
      [
        qa('Do you ship abroad?', 'Not yet.\nWe ship across India.'),
        { ...qa('Hidden one'), is_published: false },
        qa(script, script),
        ...before.items.slice(0, 2),
      ],
      before.version,
    );
    expect(saved.version).toBe(before.version + 1);
    expect(saved.items.map((i) => i.question)).toEqual([
      'Do you ship abroad?',
      'Hidden one',
      script,
      before.items[0]!.question,
      before.items[1]!.question,
    ]);
    expect(saved.items[0]!.answer).toBe('Not yet.\nWe ship across India.');

    const pub = (await t.app.inject({ method: 'GET', url: '/api/faq/shopping-help' })).json().data;
    expect(pub.items.map((i: { question: string }) => i.question)).toEqual([
      'Do you ship abroad?',
      script,
      before.items[0]!.question,
      before.items[1]!.question,
    ]);
    const html = (await page('/faq')).body;
    expect(html).toContain('Do you ship abroad?');
    expect(html).not.toContain('Hidden one');
    expect(html).not.toContain(before.items[2]!.question);
    expect(html).toContain('&lt;script&gt;alert(&quot;faq&quot;)&lt;/script&gt;');
    expect(html).not.toContain(script);

    const [audit] = await queryRows<{ action: string; after: { items: string[] } }>(
      t.database.db,
      sql`select action, after from audit_log where target = 'faq:shopping-help' order by id desc limit 1`,
    );
    expect(audit).toMatchObject({ action: 'faq.save' });
    expect(audit!.after.items.slice(0, 2)).toEqual(['Do you ship abroad?', '(hidden) Hidden one']);
    await saveItems('shopping-help', before.items, saved.version);
  });

  it('answers 422 at the field: question, answer, characters, count, If-Match; nothing changes', async () => {
    const before = await faq();
    const bad = async (items: unknown[], field: string, message: string) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/faqs/shopping-help/items',
        headers: { ...owner, ...ifMatch(before.version) },
        payload: { items },
      });
      expect(res.statusCode, res.body).toBe(422);
      expect((res.json().errors as Record<string, string[]>)[field], res.body).toContain(message);
    };
    await bad([qa('Fine'), qa('  ')], 'items.1.question', msg.question);
    await bad([qa('x'.repeat(FAQ_LIMITS.questionMax + 1))], 'items.0.question', msg.question);
    await bad([{ question: 'No answer' }], 'items.0.answer', msg.answer);
    await bad([qa('Long', 'y'.repeat(FAQ_LIMITS.answerMax + 1))], 'items.0.answer', msg.answer);
    await bad([qa('Nul\u0000')], 'items.0.question', messages.invalidCharacters);
    await bad(
      Array.from({ length: FAQ_LIMITS.itemsMax + 1 }, (_, i) => qa(`Q${i}`)),
      'items',
      msg.tooMany,
    );
    const res = await req('PUT', '/api/admin/faqs/shopping-help/items', {
      body: { items: [] },
      headers: { 'if-match': 'soon' },
    });
    expect([res.statusCode, res.json().errors['If-Match']]).toEqual([422, [msg.ifMatch]]);
    const badId = await req('GET', '/api/admin/faqs/Shopping%20Help');
    expect([badId.statusCode, badId.json().errors.id]).toEqual([422, [msg.notFound]]);
    expect((await req('PUT', '/api/admin/faqs/no-such/items', { body: { items: [] } })).statusCode).toBe(404);
    const noTitle = await req('POST', '/api/admin/faqs', { body: { title: ' ' } });
    expect([noTitle.statusCode, noTitle.json().errors.title]).toEqual([422, [msg.title]]);
    const badNewId = await req('POST', '/api/admin/faqs', { body: { title: 'T', id: 'Not An Id' } });
    expect([badNewId.statusCode, badNewId.json().errors.id]).toEqual([422, [msg.id]]);
    expect(await faq()).toEqual(before);
  });
});

describe('one save: title, description and questions together', () => {
  type Kept = { id: number; published_by: string | null; summary: string };
  const kept = async (id: string): Promise<Kept[]> =>
    (await req('GET', `/api/admin/versions/faq/${id}`)).json().data.versions;
  const body = async (id: string, version: number) =>
    (await req('GET', `/api/admin/versions/faq/${id}/${version}`)).json().data.body;
  const put = (id: string, payload: object, version: number) =>
    req('PUT', `/api/admin/faqs/${id}/items`, { body: payload, headers: ifMatch(version) });

  it('saves both in one conditional write that keeps exactly one version holding both; audited', async () => {
    const made = await create('Sizing');
    const res = await put(
      made.id,
      { title: ' Sizing help ', description: 'Before you order', items: [qa('Runs small?')] },
      made.version,
    );
    expect([res.statusCode, res.json().message], res.body).toEqual([200, msg.saved]);
    const one: AdminFaq = res.json().data;
    expect(one).toMatchObject({ title: 'Sizing help', description: 'Before you order', version: made.version + 1 });
    expect(one.items).toEqual([{ question: 'Runs small?', answer: 'About Runs small?', is_published: true }]);
    // The first save also keeps what the group was before it (published_by null): never a mix.
    const first = await kept(made.id);
    expect(first.map((v) => v.published_by === null)).toEqual([false, true]);
    expect(await body(made.id, first[0]!.id)).toEqual({
      title: 'Sizing help',
      description: 'Before you order',
      items: [{ question: 'Runs small?', answer: 'About Runs small?', is_published: true }],
    });
    expect(await body(made.id, first[1]!.id)).toEqual({ title: 'Sizing', description: '', items: [] });

    // Again, with both changed: exactly one more version, holding the new title and the new questions.
    const two: AdminFaq = (
      await put(made.id, { title: 'Fit', description: 'Before you order', items: [qa('Runs large?')] }, one.version)
    ).json().data;
    expect(two).toMatchObject({ title: 'Fit', version: one.version + 1 });
    const second = await kept(made.id);
    expect(second).toHaveLength(3);
    expect(second[0]!.summary).toBe('Fit · 1 question · “Runs large?”');
    expect(second.slice(1)).toEqual(first);

    // A text left out stays as it is.
    const three: AdminFaq = (await put(made.id, { title: 'Fit guide', items: [qa('Runs large?')] }, two.version)).json()
      .data;
    expect(three).toMatchObject({ title: 'Fit guide', description: 'Before you order', version: two.version + 1 });
    expect(await kept(made.id)).toHaveLength(4);

    const audit = await queryRows<{ action: string; before: object; after: object }>(
      t.database.db,
      sql`select action, before, after from audit_log where target = ${`faq:${made.id}`} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['faq.create', 'faq.save', 'faq.save', 'faq.save']);
    expect(audit[2]).toMatchObject({
      before: { title: 'Sizing help', description: 'Before you order', items: ['Runs small?'] },
      after: { version: two.version, title: 'Fit', description: 'Before you order', items: ['Runs large?'] },
    });
    expect(audit[3]!.after).not.toHaveProperty('description');
    expect((await req('DELETE', `/api/admin/faqs/${made.id}`)).statusCode).toBe(200);
  });

  it('refuses a stale If-Match (409) and bad texts (422 at the field): nothing changes, no version is kept', async () => {
    const made = await create('Stale texts');
    const saved: AdminFaq = (await put(made.id, { title: 'Fresh', items: [qa('Kept?')] }, made.version)).json().data;
    const before = await faq(made.id);
    const versionsBefore = await kept(made.id);
    const audits = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from audit_log where target = ${`faq:${made.id}`}`,
        )
      )[0]!.n;
    const auditsBefore = await audits();

    const stale = await put(made.id, { title: 'Lost', description: 'Lost too', items: [qa('Lost?')] }, made.version);
    expect([stale.statusCode, stale.json().message]).toEqual([409, msg.stale]);
    const bad = async (payload: object, field: string, message: string) => {
      const res = await put(made.id, payload, saved.version);
      expect(res.statusCode, res.body).toBe(422);
      expect((res.json().errors as Record<string, string[]>)[field], res.body).toEqual([message]);
    };
    await bad({ title: ' ', items: [] }, 'title', msg.title);
    await bad({ title: 'x'.repeat(FAQ_LIMITS.titleMax + 1), items: [] }, 'title', msg.title);
    await bad({ description: 'y'.repeat(FAQ_LIMITS.descriptionMax + 1), items: [] }, 'description', msg.description);
    await bad({ title: 'Nul\u0000', items: [] }, 'title', messages.invalidCharacters);

    expect(await faq(made.id)).toEqual(before);
    expect(await kept(made.id)).toEqual(versionsBefore);
    expect(await audits()).toBe(auditsBefore);
    expect((await req('DELETE', `/api/admin/faqs/${made.id}`)).statusCode).toBe(200);
  });
});

describe('two editors', () => {
  it('refuses a save against an older version with 409, never overwriting the other', async () => {
    const before = await faq();
    await saveItems('shopping-help', [...before.items, qa('First')], before.version);
    const res = await putItems('shopping-help', [qa('Second')], before.version);
    expect([res.statusCode, res.json().message]).toEqual([409, msg.stale]);
    expect((await faq()).items.at(-1)?.question).toBe('First');
  });

  it('lets exactly one of six editors saving against the same version win; the others get 409', async () => {
    const before = await faq();
    const editors = await Promise.all([1, 2, 3, 4, 5, 6].map(() => signedInOwner(t, 'content_editor')));
    const answers = await Promise.all(
      editors.map(({ headers }, i) =>
        putItems('shopping-help', [qa(`By ${i}`), qa(`Also by ${i}`)], before.version, headers),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const winner = answers.findIndex((r) => r.statusCode === 200);
    const now = await faq();
    expect(now.version).toBe(before.version + 1);
    expect(now.items.map((i) => i.question)).toEqual([`By ${winner}`, `Also by ${winner}`]);
    const [{ n }] = (await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from faq_items where group_id = 'shopping-help'`,
    )) as [{ n: number }];
    expect(n).toBe(2);
  });
});

describe('roles', () => {
  const reads = ['/api/admin/faqs', '/api/admin/faqs/shopping-help'];

  it('answers 401 without a session', async () => {
    const calls = [
      ...reads.map((url) => ({ method: 'GET' as const, url })),
      { method: 'POST' as const, url: '/api/admin/faqs', payload: { title: 'T' } },
      { method: 'PATCH' as const, url: '/api/admin/faqs/shopping-help', payload: { title: 'T' } },
      { method: 'PUT' as const, url: '/api/admin/faqs/shopping-help/items', payload: { items: [] } },
      { method: 'DELETE' as const, url: '/api/admin/faqs/shopping-help' },
    ];
    for (const c of calls)
      expect([c.method, c.url, (await t.app.inject(c)).statusCode]).toEqual([c.method, c.url, 401]);
  });

  for (const role of STAFF_ROLES) {
    const allowed = roleMayUse(role, 'content');
    it(`${allowed ? 'lets' : 'refuses'} a ${role} ${allowed ? 'edit FAQs' : '(403)'}`, async () => {
      const { headers } = await signedInOwner(t, role);
      for (const url of reads)
        expect([url, (await req('GET', url, { headers })).statusCode]).toEqual([url, allowed ? 200 : 403]);
      const before = await faq();
      const res = await putItems('shopping-help', before.items, before.version, headers);
      expect(res.statusCode).toBe(allowed ? 200 : 403);
      const made = await req('POST', '/api/admin/faqs', { body: { title: `By ${role}` }, headers });
      expect(made.statusCode).toBe(allowed ? 200 : 403);
      if (allowed) {
        const { id, version } = made.json().data as AdminFaq;
        const renamed = await req('PATCH', `/api/admin/faqs/${id}`, {
          body: { title: 'R' },
          headers: { ...headers, ...ifMatch(version) },
        });
        expect(renamed.statusCode).toBe(200);
        expect((await req('DELETE', `/api/admin/faqs/${id}`, { headers })).statusCode).toBe(200);
      } else {
        expect(
          (await req('PATCH', '/api/admin/faqs/shopping-help', { body: { title: 'R' }, headers })).statusCode,
        ).toBe(403);
        expect((await req('DELETE', '/api/admin/faqs/shopping-help', { headers })).statusCode).toBe(403);
      }
      expect((await faq()).version).toBe(before.version + (allowed ? 1 : 0));
    });
  }
});
