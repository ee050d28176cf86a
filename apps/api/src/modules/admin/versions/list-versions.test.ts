import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, adminVersionMessages as msg, roleMayUse } from '@shopfront/shared';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { ifMatch, ownerRequest } from '../../../test/owner-request.ts';
import { createStaffMember, signIn, signedInOwner } from '../../staff/testing.ts';

/**
 * History for FAQ groups, sliders, forms and testimonials (issue 28), on PGlite and
 * (TEST_DATABASE_URL) PostgreSQL: each successful save keeps a version in the shape the editor's
 * save takes (the first also what was there before, published_by null); a 409 or a save that
 * changes nothing keeps none; deleting the subject deletes them; saving a version's body restores
 * it; "published by" is the staff member's name (their e-mail once they are gone); the roles.
 */

let t: TestApp;
let owner: Record<string, string>;
const OWNER_NAME = 'Asha Rao';

beforeAll(async () => {
  t = await createTestApp();
  const member = await createStaffMember(t.database.db, { name: OWNER_NAME });
  owner = await signIn(t, member.email);
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

async function version(kind: string, subject: string | number, id: number) {
  const res = await req('GET', `/api/admin/versions/${kind}/${subject}/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Row & { body: Record<string, unknown> };
}

async function keptRows(kind: string, subject: string | number): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    t.app.db,
    sql`select count(*)::int as n from content_versions where kind = ${kind} and subject = ${String(subject)}`,
  );
  return r!.n;
}

async function ok(res: { statusCode: number; body: string; json: () => { data: { version: number } } }) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const question = (q: string) => ({ question: q, answer: `${q} answer`, is_published: true });

describe('FAQ groups', () => {
  it('keeps the group before its first save and after each; a 409 and a no-op keep none; restoring is saving the body', async () => {
    const made = await ok(await req('POST', '/api/admin/faqs', { body: { title: 'Care', description: 'How to' } }));
    const id = (made as unknown as { id: string }).id;
    expect(await versions('faq', id)).toEqual([]);

    const one = await ok(
      await req('PUT', `/api/admin/faqs/${id}/items`, { body: { items: [question('Wash?')] }, headers: ifMatch(1) }),
    );
    const stale = await req('PUT', `/api/admin/faqs/${id}/items`, { body: { items: [] }, headers: ifMatch(1) });
    expect(stale.statusCode).toBe(409);
    // The same questions again: nothing the editor edits changed.
    const same = await ok(
      await req('PUT', `/api/admin/faqs/${id}/items`, {
        body: { items: [question('Wash?')] },
        headers: ifMatch(one.version),
      }),
    );
    const two = await ok(
      await req('PUT', `/api/admin/faqs/${id}/items`, {
        body: { items: [question('Wash?'), question('Iron?')] },
        headers: ifMatch(same.version),
      }),
    );
    const renamed = await ok(
      await req('PATCH', `/api/admin/faqs/${id}`, {
        body: { title: 'Care guide', description: 'How to' },
        headers: ifMatch(two.version),
      }),
    );
    const list = await versions('faq', id);
    expect(list.map((v) => [v.summary, v.published_by])).toEqual([
      ['Care guide · 2 questions · “Wash?”', OWNER_NAME],
      ['Care · 2 questions · “Wash?”', OWNER_NAME],
      ['Care · 1 question · “Wash?”', OWNER_NAME],
      ['Care · 0 questions', null],
    ]);

    const old = await version('faq', id, list[2]!.id);
    expect(old.body).toEqual({ title: 'Care', description: 'How to', items: [question('Wash?')] });
    // The editor's Save with the restored state: one request, the body as kept, one version.
    await ok(await req('PUT', `/api/admin/faqs/${id}/items`, { body: old.body, headers: ifMatch(renamed.version) }));
    expect(await versions('faq', id)).toHaveLength(list.length + 1);
    const shopper = await t.app.inject({ method: 'GET', url: `/api/faq/${id}` });
    expect(shopper.statusCode, shopper.body).toBe(200);
    expect(shopper.json().data.items.map((i: { question: string }) => i.question)).toEqual(['Wash?']);
    expect((await versions('faq', id))[0]!.summary).toBe('Care · 1 question · “Wash?”');

    const gone = await req('DELETE', `/api/admin/faqs/${id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await keptRows('faq', id)).toBe(0);
  });
});

const slide = (title: string) => ({
  title,
  subtitle: '',
  image_url: null,
  image_alt: '',
  link_url: null,
  link_text: null,
});

describe('sliders', () => {
  it('keeps the slider before its first save and after each; a 409 and a no-op keep none; deleted with it', async () => {
    const made = (await ok(await req('POST', '/api/admin/sliders', { body: { name: 'Spring' } }))) as unknown as {
      id: string;
      version: number;
    };
    const id = made.id;
    const one = await ok(
      await req('PUT', `/api/admin/sliders/${id}/slides`, {
        body: { slides: [slide('Sun')] },
        headers: ifMatch(made.version),
      }),
    );
    expect(
      (await req('PUT', `/api/admin/sliders/${id}/slides`, { body: { slides: [] }, headers: ifMatch(made.version) }))
        .statusCode,
    ).toBe(409);
    const same = await ok(
      await req('PATCH', `/api/admin/sliders/${id}`, { body: { name: 'Spring' }, headers: ifMatch(one.version) }),
    );
    await ok(
      await req('PUT', `/api/admin/sliders/${id}/slides`, {
        body: { slides: [slide('Sun'), slide('Rain')] },
        headers: ifMatch(same.version),
      }),
    );
    const list = await versions('slider', id);
    expect(list.map((v) => v.summary)).toEqual([
      'Spring · 2 slides · “Sun”',
      'Spring · 1 slide · “Sun”',
      'Spring · 0 slides',
    ]);
    expect((await version('slider', id, list[1]!.id)).body).toEqual({ name: 'Spring', slides: [slide('Sun')] });

    const gone = await req('DELETE', `/api/admin/sliders/${id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await keptRows('slider', id)).toBe(0);
  });

  it('keeps what a seeded slider showed before its first save here', async () => {
    const seeded = (await req('GET', '/api/admin/sliders/home-hero')).json().data;
    await ok(
      await req('PUT', '/api/admin/sliders/home-hero/slides', {
        body: { slides: [slide('Only one')] },
        headers: ifMatch(seeded.version),
      }),
    );
    const list = await versions('slider', 'home-hero');
    expect(list.map((v) => v.published_by === null)).toEqual([false, true]);
    expect((await version('slider', 'home-hero', list[1]!.id)).body).toEqual({
      name: seeded.name,
      slides: seeded.slides,
    });
  });
});

describe('forms', () => {
  it('keeps the form before its first save and after each, in the save’s shape; restores by saving it', async () => {
    const made = (await ok(await req('POST', '/api/admin/forms', { body: { name: 'Samples' } }))) as unknown as {
      id: string;
      version: number;
    };
    const id = made.id;
    const form = (await req('GET', `/api/admin/forms/${id}`)).json().data;
    const body = {
      name: 'Samples',
      description: form.description,
      fields: [...form.fields, { name: 'phone', label: 'Phone', type: 'tel', required: false }],
      submit_label: form.submit_label,
      success_message: form.success_message,
      is_active: true,
      notify_emails: [],
    };
    const saved = await ok(await req('PUT', `/api/admin/forms/${id}`, { body, headers: ifMatch(made.version) }));
    expect((await req('PUT', `/api/admin/forms/${id}`, { body, headers: ifMatch(made.version) })).statusCode).toBe(409);
    const again = await ok(await req('PUT', `/api/admin/forms/${id}`, { body, headers: ifMatch(saved.version) }));
    const list = await versions('form', id);
    expect(list.map((v) => [v.summary, v.published_by])).toEqual([
      ['Samples · 2 fields', OWNER_NAME],
      ['Samples · 1 field', null],
    ]);
    const before = await version('form', id, list[1]!.id);
    expect(Object.keys(before.body).sort()).toEqual(Object.keys(body).sort());
    const restored = await req('PUT', `/api/admin/forms/${id}`, {
      body: before.body,
      headers: ifMatch(again.version),
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data.fields).toHaveLength(1);
    expect(await versions('form', id)).toHaveLength(3);

    const gone = await req('DELETE', `/api/admin/forms/${id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await keptRows('form', id)).toBe(0);
  });
});

describe('testimonials', () => {
  const fields = (quote: string) => ({
    author: 'Meera',
    author_title: 'Pune',
    quote,
    rating: 5,
    picture: null,
    is_published: true,
  });
  const list = async () =>
    (await req('GET', '/api/admin/testimonials')).json().data.testimonials as { id: number; version: number }[];

  it('keeps each testimonial’s own versions from its creation; a 409 and a no-op keep none; deleted with it', async () => {
    const made = await req('POST', '/api/admin/testimonials', { body: fields('Lovely cloth') });
    expect(made.statusCode, made.body).toBe(200);
    const mine = (await list()).at(-1)!;
    expect((await versions('testimonial', mine.id)).map((v) => v.summary)).toEqual(['Meera · “Lovely cloth”']);
    const put = (quote: string, v: number) =>
      req('PUT', `/api/admin/testimonials/${mine.id}`, { body: fields(quote), headers: ifMatch(v) });
    expect((await put('Fine cloth', mine.version)).statusCode).toBe(200);
    expect((await put('Lost words', mine.version)).statusCode).toBe(409);
    expect((await put('Fine cloth', mine.version + 1)).statusCode).toBe(200);
    const kept = await versions('testimonial', mine.id);
    expect(kept.map((v) => v.summary)).toEqual(['Meera · “Fine cloth”', 'Meera · “Lovely cloth”']);
    const first = await version('testimonial', mine.id, kept[1]!.id);
    expect(first.body).toEqual(fields('Lovely cloth'));
    const back = await req('PUT', `/api/admin/testimonials/${mine.id}`, {
      body: first.body,
      headers: ifMatch(mine.version + 2),
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await versions('testimonial', mine.id)).toHaveLength(3);

    const gone = await req('DELETE', `/api/admin/testimonials/${mine.id}`, { headers: ifMatch(mine.version + 3) });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await keptRows('testimonial', mine.id)).toBe(0);
  });

  it('keeps what a seeded testimonial said before its first edit here', async () => {
    const [seeded] = (await req('GET', '/api/admin/testimonials')).json().data.testimonials;
    const { id, version: v, ...was } = seeded;
    const res = await req('PUT', `/api/admin/testimonials/${id}`, {
      body: { ...was, quote: 'Edited once' },
      headers: ifMatch(v),
    });
    expect(res.statusCode, res.body).toBe(200);
    const kept = await versions('testimonial', id);
    expect(kept.map((k) => k.published_by === null)).toEqual([false, true]);
    expect((await version('testimonial', id, kept[1]!.id)).body).toEqual(was);
  });
});

describe('who published, and asking', () => {
  it('names the staff member, or their e-mail once they are gone, in every History list (templates too)', async () => {
    const editor = await createStaffMember(t.database.db, { role: 'content_editor', name: 'Ravi Kumar' });
    const headers = await signIn(t, editor.email);
    const menu = (await req('GET', '/api/admin/menus/footer-help', { headers })).json().data;
    const saved = await req('PUT', '/api/admin/menus/footer-help', {
      body: { name: `${menu.name} ·`, items: [] },
      headers: { ...headers, ...ifMatch(menu.version) },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await versions('menu', 'footer-help'))[0]!.published_by).toBe('Ravi Kumar');
    await t.app.db.execute(sql`delete from staff where id = ${editor.id}`);
    expect((await versions('menu', 'footer-help'))[0]!.published_by).toBe(editor.email);

    const home = (await req('GET', '/api/admin/templates/home')).json().data;
    await ok(
      await req('PUT', '/api/admin/templates/home/draft', {
        body: { sections: home.sections },
        headers: ifMatch(home.version),
      }),
    );
    const drafted = (await req('GET', '/api/admin/templates/home')).json().data;
    await ok(await req('POST', '/api/admin/templates/home/publish', { headers: ifMatch(drafted.version) }));
    const tv = (await req('GET', '/api/admin/templates/home/versions')).json().data.versions;
    expect(tv[0].published_by).toBe(OWNER_NAME);
  });

  it('answers 422 for an unknown kind', async () => {
    const res = await req('GET', '/api/admin/versions/faqs/care');
    expect([res.statusCode, res.json().errors.kind]).toEqual([422, [msg.unknownKind]]);
  });

  for (const role of STAFF_ROLES) {
    const allowed = roleMayUse(role, 'content');
    it(`${allowed ? 'lets' : 'refuses'} a ${role} ${allowed ? 'read' : '(403)'} the new kinds’ versions`, async () => {
      const { headers } = await signedInOwner(t, role);
      const [v] = await versions('slider', 'home-hero');
      for (const url of ['/api/admin/versions/slider/home-hero', `/api/admin/versions/slider/home-hero/${v!.id}`]) {
        const res = await req('GET', url, { headers });
        expect([url, res.statusCode]).toEqual([url, allowed ? 200 : 403]);
      }
    });
  }
});
