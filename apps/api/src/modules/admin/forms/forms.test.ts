import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FORM_LIMITS,
  STAFF_ROLES,
  adminFormMessages as msg,
  roleMayUse,
  type AdminForm,
  type AdminFormBody,
  type AdminFormFieldInput,
} from '@shopfront/shared';
import { queryRows } from '../../../db/client.ts';
import { CACHES_ON, createTestApp, type TestApp } from '../../../test/app.ts';
import { ifMatch, ownerRequest } from '../../../test/owner-request.ts';
import { signedInOwner } from '../../staff/testing.ts';

/**
 * The forms editor's API (issue 28) on PGlite and (TEST_DATABASE_URL) PostgreSQL: forms listed
 * with their submission counts and the templates that show them, created, saved whole with
 * If-Match (one winner among racing editors), deleted with their submissions (refused while a
 * template shows one), field checks, the storefront showing a save at once and a `<script>`
 * label as text, one outbox e-mail per notification address and submission, audit, roles.
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

async function form(id = 'contact'): Promise<AdminForm> {
  const res = await req('GET', `/api/admin/forms/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers.etag).toBe(`"${res.json().data.version}"`);
  return res.json().data;
}
const bodyOf = (f: AdminForm): AdminFormBody => ({
  name: f.name,
  description: f.description,
  fields: f.fields,
  submit_label: f.submit_label,
  success_message: f.success_message,
  is_active: f.is_active,
  notify_emails: f.notify_emails,
});
const put = (id: string, body: AdminFormBody, version: number, headers = owner) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/forms/${id}`,
    headers: { ...headers, ...ifMatch(version) },
    payload: body,
  });
async function save(id: string, body: AdminFormBody, version: number): Promise<AdminForm> {
  const res = await put(id, body, version);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe(msg.saved);
  return res.json().data;
}
const field = (name: string, extra: Partial<AdminFormFieldInput> = {}): AdminFormFieldInput => ({
  name,
  label: `The ${name}`,
  type: 'text',
  ...extra,
});
let nextHost = 1;
const submit = (id: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/form/submit/${id}`, payload, remoteAddress: `10.70.0.${nextHost++}` });
const validContact = {
  name: 'Asha',
  email: 'asha@example.com',
  topic: 'An order',
  message: 'Where is my order, please?',
};

describe('forms', () => {
  it('lists the forms with their counts, notified addresses and the templates that show them', async () => {
    expect((await submit('contact', validContact)).statusCode).toBe(200);
    const res = await req('GET', '/api/admin/forms');
    expect(res.statusCode).toBe(200);
    const contact = res.json().data.forms.find((f: { id: string }) => f.id === 'contact');
    expect(contact).toMatchObject({
      name: 'Contact us',
      is_active: true,
      field_count: 5,
      notify_emails: [],
      version: 1,
      used_by: [{ id: 'contact-us', name: 'Contact us' }],
    });
    expect(contact.submission_count).toBeGreaterThanOrEqual(1);
  });

  it('creates a form (id from the name), saves it whole with If-Match, deletes it with its submissions; audited', async () => {
    const made = (await req('POST', '/api/admin/forms', { body: { name: 'Wholesale samples' } })).json();
    expect(made.message).toBe(msg.created);
    expect(made.data).toMatchObject({ id: 'wholesale-samples', version: 1, is_active: true, submission_count: 0 });
    expect(made.data.fields.map((f: { name: string }) => f.name)).toEqual(['message']);
    const taken = await req('POST', '/api/admin/forms', { body: { name: 'X', id: 'wholesale-samples' } });
    expect([taken.statusCode, taken.json().errors.id]).toEqual([422, [msg.idTaken]]);

    const saved = await save(
      'wholesale-samples',
      {
        name: ' Samples ',
        description: 'Ask for a box of samples',
        fields: [
          field('shop', { required: true, min_length: 2, max_length: 80, placeholder: 'Your shop' }),
          field('kind', { type: 'select', options: ['Linen', 'Ceramics'], min_length: null }),
        ],
        submit_label: 'Ask',
        success_message: 'We will post them.',
        is_active: true,
        notify_emails: [' Buyer@Example.com '],
      },
      1,
    );
    expect(saved).toMatchObject({ name: 'Samples', version: 2, field_count: 2, notify_emails: ['buyer@example.com'] });
    expect(saved.fields[1]).toEqual({
      name: 'kind',
      label: 'The kind',
      type: 'select',
      required: false,
      options: ['Linen', 'Ceramics'],
      min_length: null,
      max_length: null,
      placeholder: null,
    });
    const stale = await put('wholesale-samples', bodyOf(saved), 1);
    expect([stale.statusCode, stale.json().message]).toEqual([409, msg.stale]);

    const pub = (await t.app.inject({ method: 'GET', url: '/api/form/wholesale-samples' })).json().data;
    expect(pub).toMatchObject({ name: 'Samples', submit_label: 'Ask' });
    expect((await submit('wholesale-samples', { shop: 'Kaveri', kind: 'Linen' })).statusCode).toBe(200);
    expect((await save('wholesale-samples', { ...bodyOf(saved), is_active: false }, 2)).is_active).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/form/wholesale-samples' })).statusCode).toBe(404);

    const gone = await req('DELETE', '/api/admin/forms/wholesale-samples');
    expect([gone.statusCode, gone.json().message, gone.json().data]).toEqual([
      200,
      msg.deleted,
      { id: 'wholesale-samples', submissions_deleted: 1 },
    ]);
    const left = await queryRows(
      t.database.db,
      sql`select 1 from form_submissions where form_id = 'wholesale-samples'`,
    );
    expect(left).toEqual([]);
    expect((await req('GET', '/api/admin/forms/wholesale-samples')).statusCode).toBe(404);
    expect((await req('DELETE', '/api/admin/forms/wholesale-samples')).statusCode).toBe(404);
    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where target = 'form:wholesale-samples' order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['form.create', 'form.save', 'form.save', 'form.delete']);
  });

  it('refuses to delete a form a template section shows, naming the template (409)', async () => {
    const res = await req('DELETE', '/api/admin/forms/contact');
    expect([res.statusCode, res.json().message]).toEqual([409, msg.inUse(['Contact us'])]);
    expect((await form()).fields.length).toBe(5);
  });

  it('answers 422 at the field: keys, choices, lengths, addresses, counts, If-Match; nothing changes', async () => {
    const before = await form();
    const base = bodyOf(before);
    const bad = async (body: unknown, path: string, message: string) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/forms/contact',
        headers: { ...owner, ...ifMatch(before.version) },
        payload: body as object,
      });
      expect(res.statusCode, res.body).toBe(422);
      expect((res.json().errors as Record<string, string[]>)[path], res.body).toContain(message);
    };
    await bad({ ...base, fields: [field('name'), field('email'), field('name')] }, 'fields.2.name', msg.fieldNameTaken);
    await bad({ ...base, fields: [field('topic', { type: 'select' })] }, 'fields.0.options', msg.optionsNeeded);
    await bad(
      { ...base, fields: [field('topic', { type: 'select', options: ['A', 'A'] })] },
      'fields.0.options.1',
      msg.optionTaken,
    );
    await bad(
      { ...base, fields: [field('note', { min_length: 20, max_length: 10 })] },
      'fields.0.min_length',
      msg.minOverMax,
    );
    await bad({ ...base, fields: [field('Bad Key')] }, 'fields.0.name', msg.fieldName);
    await bad({ ...base, fields: [field('x', { label: ' ' })] }, 'fields.0.label', msg.label);
    await bad({ ...base, fields: [] }, 'fields', msg.fieldsNeeded);
    await bad({ ...base, notify_emails: ['shop@example.com', 'not an address'] }, 'notify_emails.1', msg.email);
    await bad({ ...base, notify_emails: ['a@example.com', 'A@example.com'] }, 'notify_emails.1', msg.emailTaken);
    await bad(
      { ...base, notify_emails: Array.from({ length: FORM_LIMITS.notifyMax + 1 }, (_, i) => `s${i}@example.com`) },
      'notify_emails',
      msg.tooManyEmails,
    );
    await bad(
      { ...base, fields: Array.from({ length: FORM_LIMITS.fieldsMax + 1 }, (_, i) => field(`f${i}`)) },
      'fields',
      msg.tooManyFields,
    );
    await bad({ ...base, submit_label: '' }, 'submit_label', msg.submitLabel);
    const res = await req('PUT', '/api/admin/forms/contact', { body: base, headers: { 'if-match': 'soon' } });
    expect([res.statusCode, res.json().errors['If-Match']]).toEqual([422, [msg.ifMatch]]);
    const badId = await req('GET', '/api/admin/forms/Contact%20Us');
    expect([badId.statusCode, badId.json().errors.id]).toEqual([422, [msg.notFound]]);
    expect((await req('PUT', '/api/admin/forms/no-such', { body: base })).statusCode).toBe(404);
    expect(await form()).toEqual(before);
  });

  it('shows a saved label on the storefront at once, a <script> label as text', async () => {
    const page = () => t.app.inject({ method: 'GET', url: '/contact-us', headers: { accept: 'text/html' } });
    expect((await page()).body).toContain('Send message'); // cached now
    const before = await form();
    const script = '<script>alert("form")</script>';
    const fields = before.fields.map((f) => (f.name === 'name' ? { ...f, label: script } : f));
    await save('contact', { ...bodyOf(before), fields }, before.version);
    const pub = (await t.app.inject({ method: 'GET', url: '/api/form/contact' })).json().data;
    expect(pub.fields[0].label).toBe(script);
    const html = (await page()).body;
    expect(html).toContain('&lt;script&gt;alert(&quot;form&quot;)&lt;/script&gt;');
    expect(html).not.toContain(script);
    await save('contact', bodyOf(before), before.version + 1);
  });
});

describe('where submissions go', () => {
  const outbox = (to: string) =>
    queryRows<{ subject: string; body: string }>(
      t.database.db,
      sql`select subject, body from outbox_messages where recipient = ${to} order by id`,
    );

  it('queues exactly one e-mail per submission and notification address; none without addresses', async () => {
    const before = await form();
    const all = async () =>
      (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from outbox_messages`))[0]!.n;
    const start = await all();
    expect((await submit('contact', validContact)).statusCode).toBe(200);
    expect(await all()).toBe(start);

    await save(
      'contact',
      { ...bodyOf(before), notify_emails: ['care@shop.example', 'owner@shop.example'] },
      before.version,
    );
    expect((await submit('contact', validContact)).statusCode).toBe(200);
    expect((await submit('contact', { ...validContact, message: 'A second message for you' })).statusCode).toBe(200);
    expect((await submit('contact', { name: 'No' })).statusCode).toBe(422);
    expect(await all()).toBe(start + 4);
    for (const to of ['care@shop.example', 'owner@shop.example']) {
      const mails = await outbox(to);
      expect(mails.length).toBe(2);
      expect(mails[0]!.subject).toContain('Contact us');
      expect(mails[0]!.body).toContain('Message: Where is my order, please?');
      expect(mails[1]!.body).toContain('Reply to them at asha@example.com');
    }
    await save('contact', bodyOf(before), before.version + 1);
  });
});

describe('two editors', () => {
  it('lets exactly one of six editors saving against the same version win; the others get 409', async () => {
    const before = await form();
    const editors = await Promise.all([1, 2, 3, 4, 5, 6].map(() => signedInOwner(t, 'content_editor')));
    const answers = await Promise.all(
      editors.map(({ headers }, i) => put('contact', { ...bodyOf(before), name: `By ${i}` }, before.version, headers)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const winner = answers.findIndex((r) => r.statusCode === 200);
    const now = await form();
    expect([now.version, now.name]).toEqual([before.version + 1, `By ${winner}`]);
    await save('contact', bodyOf(before), now.version);
  });
});

describe('roles', () => {
  const reads = ['/api/admin/forms', '/api/admin/forms/contact'];

  it('answers 401 without a session', async () => {
    const calls = [
      ...reads.map((url) => ({ method: 'GET' as const, url })),
      { method: 'POST' as const, url: '/api/admin/forms', payload: { name: 'T' } },
      { method: 'PUT' as const, url: '/api/admin/forms/contact', payload: {} },
      { method: 'DELETE' as const, url: '/api/admin/forms/contact' },
    ];
    for (const c of calls)
      expect([c.method, c.url, (await t.app.inject(c)).statusCode]).toEqual([c.method, c.url, 401]);
  });

  for (const role of STAFF_ROLES) {
    const allowed = roleMayUse(role, 'content');
    it(`${allowed ? 'lets' : 'refuses'} a ${role} ${allowed ? 'edit forms' : '(403)'}`, async () => {
      const { headers } = await signedInOwner(t, role);
      for (const url of reads)
        expect([url, (await req('GET', url, { headers })).statusCode]).toEqual([url, allowed ? 200 : 403]);
      const before = await form();
      expect((await put('contact', bodyOf(before), before.version, headers)).statusCode).toBe(allowed ? 200 : 403);
      const made = await req('POST', '/api/admin/forms', { body: { name: `By ${role}` }, headers });
      expect(made.statusCode).toBe(allowed ? 200 : 403);
      const target = allowed ? (made.json().data as AdminForm).id : 'contact';
      expect((await req('DELETE', `/api/admin/forms/${target}`, { headers })).statusCode).toBe(allowed ? 200 : 403);
      expect((await form()).version).toBe(before.version + (allowed ? 1 : 0));
    });
  }
});
