import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STAFF_ROLES,
  TESTIMONIAL_LIMITS,
  adminTestimonialMessages as msg,
  roleMayUse,
  staffMessages,
  type AdminTestimonial,
  type AdminTestimonialBody,
} from '@shopfront/shared';
import { queryRows } from '../../../db/client.ts';
import { CACHES_ON, createTestApp, type TestApp } from '../../../test/app.ts';
import { ifMatch, ownerRequest } from '../../../test/owner-request.ts';
import { signedInOwner } from '../../staff/testing.ts';

/**
 * The testimonials editor's API (issue 28) on PGlite and (TEST_DATABASE_URL) PostgreSQL: listed in
 * order, added, edited and deleted with If-Match (one winner among racing editors), reordered as a
 * whole list (409 when it changed meanwhile), the home page showing a change at once and a
 * `<script>` quote as text, field checks, audit, roles.
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

async function list(): Promise<AdminTestimonial[]> {
  const res = await req('GET', '/api/admin/testimonials');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.testimonials;
}
const body = (author: string, extra: Partial<AdminTestimonialBody> = {}): AdminTestimonialBody => ({
  author,
  quote: `Lovely, says ${author}`,
  ...extra,
});
const fields = (x: AdminTestimonial): AdminTestimonialBody => ({
  author: x.author,
  author_title: x.author_title,
  quote: x.quote,
  rating: x.rating,
  picture: x.picture,
  is_published: x.is_published,
});
async function add(b: AdminTestimonialBody): Promise<AdminTestimonial> {
  const res = await req('POST', '/api/admin/testimonials', { body: b });
  expect([res.statusCode, res.json().message], res.body).toEqual([200, msg.created]);
  return res.json().data.testimonials.at(-1);
}
const reorder = (ids: number[], headers = owner) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/testimonials/order', headers, payload: { ids } });

describe('testimonials', () => {
  it('adds one at the end, edits it with If-Match, reorders; the home page shows it at once, a <script> as text; audited', async () => {
    const seeded = await list();
    expect(seeded.length).toBeGreaterThanOrEqual(5);
    expect((await page('/')).body).toContain(seeded[0]!.author); // cached now

    const script = '<script>alert("quote")</script>';
    const made = await add(
      body('Asha <b>R</b>', { author_title: 'Pune', quote: script, rating: 4, picture: '/media/seed/a.webp' }),
    );
    expect(made).toMatchObject({
      author: 'Asha <b>R</b>',
      author_title: 'Pune',
      quote: script,
      rating: 4,
      picture: '/media/seed/a.webp',
      is_published: true,
      version: 1,
    });
    const ordered = await reorder([made.id, ...seeded.map((s) => s.id)]);
    expect([ordered.statusCode, ordered.json().message]).toEqual([200, msg.reordered]);
    expect(ordered.json().data.testimonials.map((x: AdminTestimonial) => x.id)).toEqual([
      made.id,
      ...seeded.map((s) => s.id),
    ]);
    let html = (await page('/')).body;
    expect(html).toContain('Asha &lt;b&gt;R&lt;/b&gt;');
    expect(html).toContain('&lt;script&gt;alert(&quot;quote&quot;)&lt;/script&gt;');
    expect(html).not.toContain(script);

    const edited = await req('PUT', `/api/admin/testimonials/${made.id}`, {
      body: { ...fields(made), author: 'Asha R', rating: null, picture: null, is_published: false },
      headers: ifMatch(made.version),
    });
    expect([edited.statusCode, edited.json().message]).toEqual([200, msg.saved]);
    expect(edited.json().data.testimonials[0]).toMatchObject({
      author: 'Asha R',
      rating: null,
      picture: null,
      version: 2,
    });
    html = (await page('/')).body;
    expect(html).not.toContain('Asha');
    const stale = await req('PUT', `/api/admin/testimonials/${made.id}`, {
      body: fields(made),
      headers: ifMatch(made.version),
    });
    expect([stale.statusCode, stale.json().message]).toEqual([409, msg.stale]);
    const staleDelete = await req('DELETE', `/api/admin/testimonials/${made.id}`, { headers: ifMatch(1) });
    expect([staleDelete.statusCode, staleDelete.json().message]).toEqual([409, msg.stale]);
    const gone = await req('DELETE', `/api/admin/testimonials/${made.id}`, { headers: ifMatch(2) });
    expect([gone.statusCode, gone.json().message]).toEqual([200, msg.deleted]);
    expect((await list()).map((x) => x.id)).toEqual(seeded.map((s) => s.id));
    expect((await req('DELETE', `/api/admin/testimonials/${made.id}`)).statusCode).toBe(404);

    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where target = ${`testimonial:${made.id}`} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['testimonial.create', 'testimonial.update', 'testimonial.delete']);
  });

  it('refuses a reorder naming a repeated id (422) or a list that changed since (409); the order stays', async () => {
    const before = await list();
    const ids = before.map((x) => x.id);
    const twice = await reorder([ids[0]!, ...ids]);
    expect([twice.statusCode, twice.json().errors.ids]).toEqual([422, [msg.order]]);
    const missing = await reorder(ids.slice(1));
    expect([missing.statusCode, missing.json().message]).toEqual([409, msg.staleOrder]);
    const unknown = await reorder([...ids.slice(1), 999_999]);
    expect(unknown.statusCode).toBe(409);
    expect((await reorder('x' as unknown as number[])).statusCode).toBe(422);
    expect(await list()).toEqual(before);
  });

  it('answers 422 at the field: author, quote, rating, picture, characters; nothing changes', async () => {
    const before = await list();
    const bad = async (b: unknown, field: string, message: string) => {
      const res = await req('POST', '/api/admin/testimonials', { body: b });
      expect(res.statusCode, res.body).toBe(422);
      expect((res.json().errors as Record<string, string[]>)[field], res.body).toContain(message);
    };
    await bad(body(' '), 'author', msg.author);
    await bad(body('x'.repeat(TESTIMONIAL_LIMITS.authorMax + 1)), 'author', msg.author);
    await bad({ author: 'A' }, 'quote', msg.quote);
    await bad(body('A', { quote: 'q'.repeat(TESTIMONIAL_LIMITS.quoteMax + 1) }), 'quote', msg.quote);
    await bad(body('A', { rating: 6 }), 'rating', msg.rating);
    await bad(body('A', { rating: 2.5 }), 'rating', msg.rating);
    await bad(body('A', { picture: 'javascript:alert(1)' }), 'picture', staffMessages.imageUrl);
    await bad(body('A', { picture: '/media/../etc/passwd' }), 'picture', staffMessages.imageUrl);
    await bad(body('A', { picture: 'http://plain.test/a.jpg' }), 'picture', staffMessages.imageUrl);
    await bad(
      body('A', { author_title: 'x'.repeat(TESTIMONIAL_LIMITS.authorTitleMax + 1) }),
      'author_title',
      msg.authorTitle,
    );
    const badIf = await req('PUT', `/api/admin/testimonials/${before[0]!.id}`, {
      body: fields(before[0]!),
      headers: { 'if-match': 'soon' },
    });
    expect([badIf.statusCode, badIf.json().errors['If-Match']]).toEqual([422, [msg.ifMatch]]);
    const badId = await req('PUT', '/api/admin/testimonials/abc', { body: fields(before[0]!) });
    expect([badId.statusCode, badId.json().errors.id]).toEqual([422, [msg.notFound]]);
    expect((await req('PUT', '/api/admin/testimonials/999999', { body: fields(before[0]!) })).statusCode).toBe(404);
    expect(await list()).toEqual(before);
  });

  it('lets exactly one of six editors saving against the same version win; the others get 409', async () => {
    const [first] = await list();
    const editors = await Promise.all([1, 2, 3, 4, 5, 6].map(() => signedInOwner(t, 'content_editor')));
    const answers = await Promise.all(
      editors.map(({ headers }, i) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/admin/testimonials/${first!.id}`,
          headers: { ...headers, ...ifMatch(first!.version) },
          payload: { ...fields(first!), quote: `Quote by ${i}` },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const winner = answers.findIndex((r) => r.statusCode === 200);
    const [now] = await list();
    expect(now).toMatchObject({ id: first!.id, quote: `Quote by ${winner}`, version: first!.version + 1 });
  });

  it('lets exactly one of five racing creates take the last free place below the cap', async () => {
    const count = async () =>
      (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from testimonials`))[0]!.n;
    const had = await count();
    await t.database.db.execute(
      sql`insert into testimonials (author_name, quote, position)
          select 'Filler ' || g, 'Filler quote', 1000 + g from generate_series(1, ${TESTIMONIAL_LIMITS.max - 1 - had}) g`,
    );
    try {
      const answers = await Promise.all(
        [1, 2, 3, 4, 5].map((i) => req('POST', '/api/admin/testimonials', { body: body(`Racer ${i}`) })),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422, 422, 422, 422]);
      expect(answers.filter((r) => r.statusCode === 422).map((r) => r.json().errors.author)).toEqual(
        Array(4).fill([msg.tooMany]),
      );
      expect(await count()).toBe(TESTIMONIAL_LIMITS.max);
    } finally {
      await t.database.db.execute(
        sql`delete from testimonials where author_name like 'Filler %' or author_name like 'Racer %'`,
      );
    }
  });
});

describe('roles', () => {
  it('answers 401 without a session', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/admin/testimonials' },
      { method: 'POST' as const, url: '/api/admin/testimonials', payload: body('A') },
      { method: 'PUT' as const, url: '/api/admin/testimonials/order', payload: { ids: [] } },
      { method: 'PUT' as const, url: '/api/admin/testimonials/1', payload: body('A') },
      { method: 'DELETE' as const, url: '/api/admin/testimonials/1' },
    ];
    for (const c of calls)
      expect([c.method, c.url, (await t.app.inject(c)).statusCode]).toEqual([c.method, c.url, 401]);
  });

  for (const role of STAFF_ROLES) {
    const allowed = roleMayUse(role, 'content');
    it(`${allowed ? 'lets' : 'refuses'} a ${role} ${allowed ? 'edit testimonials' : '(403)'}`, async () => {
      const { headers } = await signedInOwner(t, role);
      const before = await list();
      expect((await req('GET', '/api/admin/testimonials', { headers })).statusCode).toBe(allowed ? 200 : 403);
      const made = await req('POST', '/api/admin/testimonials', { body: body(`By ${role}`), headers });
      expect(made.statusCode).toBe(allowed ? 200 : 403);
      const target = allowed ? (made.json().data.testimonials.at(-1) as AdminTestimonial) : before[0]!;
      const ids = allowed ? [target.id, ...before.map((x) => x.id)] : before.map((x) => x.id);
      expect((await reorder(ids, headers)).statusCode).toBe(allowed ? 200 : 403);
      const edited = await req('PUT', `/api/admin/testimonials/${target.id}`, { body: fields(target), headers });
      expect(edited.statusCode).toBe(allowed ? 200 : 403);
      expect((await req('DELETE', `/api/admin/testimonials/${target.id}`, { headers })).statusCode).toBe(
        allowed ? 200 : 403,
      );
      expect(await list()).toEqual(before);
    });
  }
});
