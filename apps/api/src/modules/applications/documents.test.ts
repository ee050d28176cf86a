import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_APPLICANT_DOCUMENTS_MAX, applicationTexts, type Application } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { uniquePhone } from '../../test/auth.ts';
import { formData } from '../../test/form-data.ts';
import { signedInOwner } from '../staff/testing.ts';
import { GOOD_FIELDS, JPEG, PDF, apply, makeService } from './testing.ts';

/**
 * The applicant's documents: at most APPLICATION_APPLICANT_DOCUMENTS_MAX per application however
 * many uploads race, names that cannot pose as another type, and downloads named by their type.
 */
let t: TestApp;
let service: { id: string; slug: string };
let ip = 0;

beforeAll(async () => {
  t = await createTestApp();
  service = await makeService(t.database.db, 4);
});
afterAll(() => t.close());

const db = () => t.database.db;

async function newApplication(): Promise<{ app: Application; token: string }> {
  const res = await apply(t, { service: service.slug, name: 'Asha', phone: uniquePhone(), ...GOOD_FIELDS });
  expect(res.statusCode, res.body).toBe(200);
  const app = res.json<{ data: Application }>().data;
  return { app, token: app.tracking_path.split('/').at(-1)! };
}

const upload = (ref: string, filename = 'id.pdf', data: Buffer = PDF, type = 'application/pdf') => {
  const { payload, contentType } = formData([{ field: 'file', filename, type, data }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/applications/${ref}/documents`,
    payload,
    headers: { 'content-type': contentType },
    remoteAddress: `10.94.${Math.floor(++ip / 250)}.${ip % 250}`,
  });
};

const applicantDocuments = async (id: string) =>
  (
    await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from application_documents where application_id = ${id} and uploaded_by = 'applicant'`,
    )
  )[0]!.n;

const privateFiles = () =>
  readdirSync(path.join(t.app.env.DATA_DIR, 'private'), { recursive: true, withFileTypes: true }).filter((d) =>
    d.isFile(),
  ).length;

describe('the cap on an applicant’s documents', () => {
  it('of 10 uploads racing with 3 places left exactly 3 are kept; the rest are 409 with the reason and keep no file', async () => {
    const { app, token } = await newApplication();
    expect(await applicantDocuments(app.id)).toBe(2); // sent with the application
    // Up to 3 short of the cap (rows standing in for earlier uploads).
    const fill = APPLICATION_APPLICANT_DOCUMENTS_MAX - 3 - 2;
    await db().execute(
      sql`insert into application_documents (application_id, path, original_name, mime, size_bytes, uploaded_by)
          select ${app.id}, 'applications/filler-' || ${app.id} || '-' || g, 'earlier.pdf', 'application/pdf', 10, 'applicant'
            from generate_series(1, ${fill}) g`,
    );
    const filesBefore = privateFiles();

    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => upload(token, `page ${i}.pdf`)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().message).toBe(applicationTexts.documentLimit(APPLICATION_APPLICANT_DOCUMENTS_MAX));
    }
    expect(await applicantDocuments(app.id)).toBe(APPLICATION_APPLICANT_DOCUMENTS_MAX);
    expect(privateFiles()).toBe(filesBefore + 3);
    // Full: one more is refused; staff still send theirs (their documents are not counted).
    const more = await upload(token);
    expect([more.statusCode, more.json().message]).toEqual([
      409,
      applicationTexts.documentLimit(APPLICATION_APPLICANT_DOCUMENTS_MAX),
    ]);
    const owner = await signedInOwner(t, 'owner');
    const { payload, contentType } = formData([
      { field: 'file', filename: 'certificate.pdf', type: 'application/pdf', data: PDF },
    ]);
    const staffSent = await t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/${app.id}/documents`,
      payload,
      headers: { ...owner.headers, 'content-type': contentType },
    });
    expect(staffSent.statusCode, staffSent.body).toBe(200);
    expect(await applicantDocuments(app.id)).toBe(APPLICATION_APPLICANT_DOCUMENTS_MAX);
  });
});

describe('document names', () => {
  it('drops bidirectional marks and overrides, so "invoice\\u202Efdp.exe" cannot read as a PDF', async () => {
    const { token } = await newApplication();
    const sent = [
      'invoice\u202Efdp.exe',
      '\u2066report\u2069\u200E.pdf\u200F',
      'a\u202Ab\u202Bc\u202Cd\u202De\u2067f\u2068.pdf',
    ];
    for (const name of sent) expect((await upload(token, name)).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: `/api/applications/${token}` });
    const names = res
      .json<{ data: Application }>()
      .data.documents.filter((d) => d.field_key === null)
      .map((d) => d.original_name);
    expect(names).toEqual(['invoicefdp.exe', 'report.pdf', 'abcdef.pdf']);
  });

  it('a download is named with the extension of its stored type, whatever the upload was called', async () => {
    const { app, token } = await newApplication();
    const cases: [string, Buffer, string, string][] = [
      ['x.exe', PDF, 'application/pdf', 'x.pdf'],
      ['scan', JPEG, 'image/jpeg', 'scan.jpg'],
      ['invoice\u202Efdp.exe', PDF, 'application/pdf', 'invoicefdp.pdf'],
      ['photo.JPEG', JPEG, 'image/jpeg', 'photo.JPEG'],
      ['Return 2024.v2', PDF, 'application/pdf', 'Return 2024.pdf'],
      ['résumé.pdf', PDF, 'application/pdf', 'r_sum_.pdf'],
    ];
    for (const [name, data, type] of cases) expect((await upload(token, name, data, type)).statusCode).toBe(200);
    const docs = (await t.app.inject({ method: 'GET', url: `/api/applications/${token}` }))
      .json<{ data: Application }>()
      .data.documents.filter((d) => d.field_key === null);
    expect(docs).toHaveLength(cases.length);
    const owner = await signedInOwner(t, 'owner');
    for (const [i, [, data, type, expected]] of cases.entries()) {
      for (const [url, headers] of [
        [`/api/applications/${token}/documents/${docs[i]!.id}`, {}],
        [`/api/admin/applications/${app.id}/documents/${docs[i]!.id}`, owner.headers],
      ] as const) {
        const got = await t.app.inject({ method: 'GET', url, headers });
        expect(got.statusCode).toBe(200);
        expect(got.headers['content-type']).toBe(type);
        expect(got.headers['content-disposition']).toBe(`attachment; filename="${expected}"`);
        expect(got.rawPayload.equals(data)).toBe(true);
      }
    }
  });
});
