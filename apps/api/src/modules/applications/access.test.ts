import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, applicationTexts, messages, type Application } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { loggedInCustomer, sessionHeaders, uniquePhone } from '../../test/auth.ts';
import { formData } from '../../test/form-data.ts';
import { signedInOwner } from '../staff/testing.ts';
import { GOOD_FIELDS, PDF, apply, makeService } from './testing.ts';

/**
 * Who reaches an application: its signed-in applicant, the holder of its link, a guest with its
 * number and contact, and staff with the orders area. Anyone else is 404 (401/403 for staff).
 */
let t: TestApp;
let mine: Application;
let phone: string;
let owner: { headers: Record<string, string> };
let other: { headers: Record<string, string> };
let applicant: { headers: Record<string, string> };

beforeAll(async () => {
  t = await createTestApp();
  const service = await makeService(t.database.db, 2);
  phone = uniquePhone();
  const a = await loggedInCustomer(t, { phone });
  applicant = { headers: sessionHeaders(a.cookie) };
  const o = await loggedInCustomer(t);
  other = { headers: sessionHeaders(o.cookie) };
  owner = await signedInOwner(t, 'owner');
  const res = await apply(t, { service: service.slug, ...GOOD_FIELDS }, undefined, applicant.headers);
  expect(res.statusCode, res.body).toBe(200);
  mine = res.json<{ data: Application }>().data;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const token = () => mine.tracking_path.split('/').at(-1)!;

describe('the applicant', () => {
  it('fills the contact from the account and lists the application under My Applications', async () => {
    const list = await get('/api/applications', applicant.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.applications.map((r: { id: string }) => r.id)).toEqual([mine.id]);
    expect((await get('/api/applications')).statusCode).toBe(401);
    expect((await get('/api/applications', other.headers)).json().data.applications).toEqual([]);
  });

  it('reaches it by id, number or link; another customer and a guest without the link get 404', async () => {
    for (const ref of [mine.id, mine.application_no]) {
      expect((await get(`/api/applications/${ref}`, applicant.headers)).statusCode).toBe(200);
      expect((await get(`/api/applications/${ref}`, other.headers)).statusCode).toBe(404);
      expect((await get(`/api/applications/${ref}`)).statusCode).toBe(404);
    }
    expect((await get(`/api/applications/${token()}`)).statusCode).toBe(200);
    const doc = mine.documents[0]!;
    expect((await get(`/api/applications/${mine.id}/documents/${doc.id}`, other.headers)).statusCode).toBe(404);
    expect((await get(`/api/applications/${mine.id}/documents/${doc.id}`)).statusCode).toBe(404);
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/applications/${mine.id}/messages`,
      headers: other.headers,
      payload: { body: 'Let me in' },
    });
    expect(posted.statusCode).toBe(404);
  });

  it('is found by a guest with the number and the phone (any form of it), and not with another', async () => {
    const find = (contact: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/track-application',
        payload: { application_no: mine.application_no.toLowerCase(), contact },
        remoteAddress: ip,
      });
    const found = await find(`+91 ${phone}`, '10.78.0.1');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.tracking_path).toBe(mine.tracking_path);
    expect((await find('9000000000', '10.78.0.2')).statusCode).toBe(404);
  });

  it('is rate-limited like order tracking', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/track-application',
        payload: { application_no: 'AP-999999', contact: '9000000000' },
        remoteAddress: '10.78.1.1',
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 404)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('thread and document requests', () => {
  it('carries messages both ways and answers a document request once', async () => {
    const said = await t.app.inject({
      method: 'POST',
      url: `/api/applications/${mine.id}/messages`,
      headers: applicant.headers,
      payload: { body: 'When will it be filed?\nThanks' },
    });
    expect(said.statusCode, said.body).toBe(200);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/${mine.id}/document-requests`,
      headers: owner.headers,
      payload: { what: 'Cancelled cheque' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const request = asked.json<{ data: Application }>().data.document_requests[0]!;
    expect(request.status).toBe('open');
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/${mine.id}/messages`,
      headers: owner.headers,
      payload: { body: 'Please send a cancelled cheque' },
    });
    // The applicant is told of each once, by e-mail (they have one; else an SMS), with the link to
    // answer; their own message tells them nothing.
    const texts = await queryRows<{ body: string }>(
      t.database.db,
      sql`select body from outbox_messages
           where recipient in (${phone}, (select email from applications where id = ${mine.id})) order by id`,
    );
    const link = `/track-application/${token()}`;
    const asks = texts.filter((m) => m.body.includes('please send: Cancelled cheque'));
    const message = texts.filter((m) => m.body.includes('we wrote: "Please send a cancelled cheque"'));
    expect([asks.length, message.length]).toEqual([1, 1]);
    for (const m of [...asks, ...message]) expect(m.body).toContain(link);
    expect(texts.some((m) => m.body.includes('When will it be filed'))).toBe(false);

    const upload = (headers: Record<string, string>, ref: string) => {
      const { payload, contentType } = formData(
        [{ field: 'file', filename: 'cheque.pdf', type: 'application/pdf', data: PDF }],
        {
          request_id: String(request.id),
        },
      );
      return t.app.inject({
        method: 'POST',
        url: `/api/applications/${ref}/documents`,
        payload,
        headers: { ...headers, 'content-type': contentType },
        remoteAddress: '10.78.2.1',
      });
    };
    expect((await upload(other.headers, mine.id)).statusCode).toBe(404);
    const answered = await upload({}, token());
    expect(answered.statusCode, answered.body).toBe(200);
    const view = answered.json<{ data: Application }>().data;
    expect(view.document_requests[0]!.status).toBe('answered');
    expect(view.documents.at(-1)!.request_id).toBe(request.id);
    expect(view.messages.map((m) => [m.author, m.body])).toEqual([
      ['applicant', 'When will it be filed?\nThanks'],
      ['staff', 'Please send a cancelled cheque'],
    ]);
    const again = await upload(applicant.headers, mine.id);
    expect([again.statusCode, again.json().message]).toEqual([409, applicationTexts.requestGone]);

    // Staff who follow orders are told of the applicant's message and document, once each, with the link.
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const told = async (subject: string) =>
      queryRows<{ body: string }>(
        t.database.db,
        sql`select body from outbox_messages where channel = 'email' and subject like ${`${mine.application_no}: ${subject}%`}`,
      );
    const wrote = await told('a message from');
    expect(wrote.length).toBeGreaterThan(0);
    expect(wrote[0]!.body).toContain('"When will it be filed? Thanks"');
    expect(wrote[0]!.body).toContain(`/admin/applications/${mine.id}`);
    const sent = await told('a document from');
    expect(sent.length).toBe(wrote.length);
    expect(sent[0]!.body).toContain('cheque.pdf');
    await t.app.jobs.runDue();
    expect((await told('a message from')).length).toBe(wrote.length);
  });
});

describe('staff downloads', () => {
  it("by role: owner, manager and packer download and read the inbox's services; a content editor is 403; no session is 401", async () => {
    const url = `/api/admin/applications/${mine.id}/documents/${mine.documents[0]!.id}`;
    expect((await get(url)).statusCode).toBe(401);
    for (const role of STAFF_ROLES) {
      const { headers } = await signedInOwner(t, role);
      const res = await get(url, headers);
      expect([role, res.statusCode]).toEqual([role, role === 'content_editor' ? 403 : 200]);
      if (res.statusCode === 200) expect(res.rawPayload.equals(PDF)).toBe(true);
      const page = await get(`/api/admin/applications/${mine.id}`, headers);
      expect([role, page.statusCode]).toEqual([role, role === 'content_editor' ? 403 : 200]);
      const services = await get('/api/admin/applications/services', headers);
      expect([role, services.statusCode]).toEqual([role, role === 'content_editor' ? 403 : 200]);
    }
    expect((await get(`/api/admin/applications/${mine.id}/documents/999999`, owner.headers)).statusCode).toBe(404);
  });

  it('never serves a document from the public media path', async () => {
    // Its stored name, under each public prefix the shop serves: none answers, and no copy is there.
    const [doc] = await queryRows<{ path: string }>(
      t.database.db,
      sql`select path from application_documents where id = ${mine.documents[0]!.id}`,
    );
    const name = path.basename(doc!.path);
    for (const url of [`/media/${doc!.path}`, `/media/applications/${name}`, `/media/${name}`]) {
      expect([url, (await get(url)).statusCode]).toEqual([url, 404]);
    }
    expect(existsSync(path.join(t.app.env.DATA_DIR, 'media', doc!.path))).toBe(false);
    expect(existsSync(path.join(t.app.env.DATA_DIR, 'private', doc!.path))).toBe(true);
  });
});

describe('staff send documents', () => {
  const send = (id: string, headers: Record<string, string>, data = PDF, filename = 'GST certificate.pdf') => {
    const { payload, contentType } = formData([{ field: 'file', filename, type: 'application/pdf', data }]);
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/${id}/documents`,
      payload,
      headers: { ...headers, 'content-type': contentType },
    });
  };
  const privateFiles = () =>
    queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from application_documents`);

  it('by role: owner, manager and packer send one; a content editor is 403; no session is 401', async () => {
    expect((await send(mine.id, {})).statusCode).toBe(401);
    const documents = async () =>
      (await get(`/api/applications/${mine.id}`, applicant.headers)).json<{ data: Application }>().data.documents;
    const before = (await documents()).length;
    let sent = 0;
    for (const role of STAFF_ROLES) {
      const { headers } = await signedInOwner(t, role);
      const res = await send(mine.id, headers, PDF, `${role}.pdf`);
      expect([role, res.statusCode]).toEqual([role, role === 'content_editor' ? 403 : 200]);
      if (res.statusCode !== 200) continue;
      sent += 1;
      expect(res.json().message).toBe(applicationTexts.documentSent);
      const docs = res.json<{ data: Application }>().data.documents;
      expect(docs.at(-1)).toMatchObject({ original_name: `${role}.pdf`, uploaded_by: 'staff', request_id: null });
    }
    expect(sent).toBe(3);
    const now = await documents();
    expect(now.length).toBe(before + 3);
    // The applicant downloads what staff sent, byte for byte; another customer cannot.
    const theirs = now.at(-1)!;
    expect(theirs.uploaded_by).toBe('staff');
    const got = await get(`/api/applications/${mine.id}/documents/${theirs.id}`, applicant.headers);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PDF)).toBe(true);
    expect((await get(`/api/applications/${mine.id}/documents/${theirs.id}`, other.headers)).statusCode).toBe(404);
  });

  it('tells the applicant once per document, with the link', async () => {
    const res = await send(mine.id, owner.headers, PDF, 'Acknowledgement ARN.pdf');
    expect(res.statusCode, res.body).toBe(200);
    const told = await queryRows<{ body: string; subject: string }>(
      t.database.db,
      sql`select body, subject from outbox_messages
           where recipient = (select email from applications where id = ${mine.id})
             and body like ${'%we sent you a document: Acknowledgement ARN.pdf%'}`,
    );
    expect(told.length).toBe(1);
    expect(told[0]!.subject).toBe(`Application ${mine.application_no}: a document from us`);
    expect(told[0]!.body).toContain(`/track-application/${token()}`);
  });

  it("also after the application has ended (a completed one's result)", async () => {
    const service = await makeService(t.database.db, 3);
    const res = await apply(t, { service: service.slug, ...GOOD_FIELDS, name: 'Ended', email: 'ended@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    const ended = res.json<{ data: Application }>().data;
    await t.database.db.execute(sql`update applications set stage = 'cancelled' where id = ${ended.id}`);
    const sent = await send(ended.id, owner.headers);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<{ data: Application }>().data.documents.at(-1)!.uploaded_by).toBe('staff');
  });

  it('refuses bad input with the reason and keeps no file', async () => {
    const [{ n: rows }] = (await privateFiles()) as [{ n: number }];
    const files = () => readdirSync(path.join(t.app.env.DATA_DIR, 'private'), { recursive: true }).length;
    const before = files();
    const notPdf = await send(mine.id, owner.headers, Buffer.from('<html>not a pdf</html>'), 'x.pdf');
    expect(notPdf.statusCode).toBe(422);
    expect(notPdf.json().errors.file).toBeDefined();
    const none = formData([], { note: 'no file' });
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/${mine.id}/documents`,
      payload: none.payload,
      headers: { ...owner.headers, 'content-type': none.contentType },
    });
    expect([empty.statusCode, empty.json().errors.file]).toEqual([422, [messages.required]]);
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/${mine.id}/documents`,
      payload: { file: 'x' },
      headers: owner.headers,
    });
    expect(json.statusCode).toBe(415);
    const big = await send(mine.id, owner.headers, Buffer.concat([PDF, Buffer.alloc(11 * 1_048_576)]));
    expect(big.statusCode).toBe(413);
    expect((await send('app_nosuch', owner.headers)).statusCode).toBe(404);
    expect((await privateFiles())[0]!.n).toBe(rows);
    expect(files()).toBe(before);
  });
});

describe('bad references are 4xx, never a 500', () => {
  it('a document number past the column, a row whose file is gone, a cursor that is not a date', async () => {
    const huge = '99999999999';
    expect((await get(`/api/applications/${mine.id}/documents/${huge}`, applicant.headers)).statusCode).toBe(422);
    expect((await get(`/api/admin/applications/${mine.id}/documents/${huge}`, owner.headers)).statusCode).toBe(422);

    // A document whose file was removed from the disk: 404 with why, for the applicant and for staff.
    const [doc] = await queryRows<{ path: string }>(
      t.database.db,
      sql`select path from application_documents where id = ${mine.documents.at(-1)!.id}`,
    );
    rmSync(path.join(t.app.env.DATA_DIR, 'private', doc!.path));
    for (const [url, headers] of [
      [`/api/applications/${mine.id}/documents/${mine.documents.at(-1)!.id}`, applicant.headers],
      [`/api/admin/applications/${mine.id}/documents/${mine.documents.at(-1)!.id}`, owner.headers],
    ] as const) {
      const res = await get(url, headers);
      expect([res.statusCode, res.json().message]).toEqual([404, applicationTexts.documentMissing]);
    }

    for (const at of ['notadate', '2026-02-31 10:00:00+00', '2026-12-02 25:00:00+00']) {
      const cursor = Buffer.from(JSON.stringify([at, 'x'])).toString('base64url');
      const res = await get(`/api/admin/applications?cursor=${cursor}`, owner.headers);
      expect([at, res.statusCode]).toEqual([at, 422]);
    }
    const good = Buffer.from(JSON.stringify(['2999-01-01 00:00:00+00', 'zzz'])).toString('base64url');
    expect((await get(`/api/admin/applications?cursor=${good}`, owner.headers)).statusCode).toBe(200);
  });
});
