import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { APPLICATION_APPLICANT_DOCUMENTS_MAX, applicationTexts } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { HttpError, fieldError, notFound } from '../../lib/http.ts';
import type { CheckedFile } from './answers.ts';
import { storePrivateFile } from './files.ts';
import { queueStaffAlert } from '../orders/staff-alerts.ts';
import { notifyThread, type Addressee, type ThreadNotice } from './notify.ts';
import { notEndedSql } from './stages.ts';
import { applicationToken, applicationTrackingPath } from './token.ts';

/** The thread and documents of an application (its applicant and staff). */

const insertApplicantMessage = namedQuery<{ id: number }>()({
  name: 'applications.thread.applicant-message',
  columns: ['id'],
  example: { id: 'ap_example', body: 'b' },
  build: (p: { id: string; body: string }) =>
    sql`insert into application_messages (application_id, author, body)
        select id, 'applicant', ${p.body} from applications where id = ${p.id}
        returning id`,
});

/**
 * The applicant writes on their application's thread; the staff who follow orders are told (an
 * e-mail and a push: the 'applicant_message' staff alert, queued with the message).
 */
export async function postMessage(db: Db, m: { id: string; body: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await insertApplicantMessage(tx, m);
    if (!row) throw notFound(applicationTexts.notFound);
    await queueStaffAlert(tx, {
      kind: 'applicant_message',
      applicationId: m.id,
      itemId: row.id,
      key: `message:${row.id}`,
    });
  });
}

const addressee = (id: string, ended: boolean) =>
  sql`select id, application_no, service_name, email, phone from applications
       where id = ${id}${ended ? sql`` : sql` and ${notEndedSql}`}`;

/** What staff put on the thread: a message, a document request, or a document they send (stored already). */
type StaffWrite =
  | { kind: 'message'; body: string }
  | { kind: 'request'; what: string }
  | { kind: 'document'; name: string; path: string; mime: string; sizeBytes: number };

/** The row a staff write adds, for the application `a` (none when `a` is empty). */
function staffInsert(w: StaffWrite, staffId: string) {
  switch (w.kind) {
    case 'message':
      return sql`insert into application_messages (application_id, author, staff_id, body)
                 select id, 'staff', ${staffId}, ${w.body} from a returning id`;
    case 'request':
      return sql`insert into application_document_requests (application_id, what, staff_id)
                 select id, ${w.what}, ${staffId} from a returning id`;
    case 'document':
      return sql`insert into application_documents (application_id, path, original_name, mime, size_bytes, uploaded_by)
                 select id, ${w.path}, ${w.name}, ${w.mime}, ${w.sizeBytes}, 'staff' from a returning id`;
  }
}

/**
 * A staff write on application `id`, answering its addressee (none when the application is gone,
 * or has ended and the write is a request). Described as a request (the ended check included).
 */
const staffWrite = namedQuery<Addressee & { id: string }>()({
  name: 'applications.thread.staff-write',
  columns: ['id', 'application_no', 'service_name', 'email', 'phone'],
  example: { id: 'ap_example', staffId: 'stf_example', write: { kind: 'request', what: 'w' } as StaffWrite },
  build: (p: { id: string; staffId: string; write: StaffWrite }) =>
    sql`with a as (${addressee(p.id, p.write.kind !== 'request')}), ins as (${staffInsert(p.write, p.staffId)})
        select a.* from a join ins on true`,
});

/**
 * Staff write on the thread, ask for a document (409 once the application has ended, as the
 * applicant's upload would be) or send one, and the applicant is told in the same transaction
 * (notify.ts notifyThread), with the link to answer. `linkOrigin`: '' for no link.
 */
export async function staffToApplicant(
  app: FastifyInstance,
  w: { id: string; staffId: string; linkOrigin: string } & StaffWrite,
): Promise<void> {
  const token = await applicationToken(app.db, w.id);
  await app.db.transaction(async (tx) => {
    const [to] = await staffWrite(tx, { id: w.id, staffId: w.staffId, write: w });
    if (!to) {
      const [exists] = await queryRows(tx, sql`select id from applications where id = ${w.id}`);
      if (!exists) throw notFound(applicationTexts.notFound);
      throw new HttpError(409, applicationTexts.documentRequestClosed);
    }
    const notice: ThreadNotice =
      w.kind === 'message'
        ? { kind: 'message', body: w.body }
        : w.kind === 'request'
          ? { kind: 'request', what: w.what }
          : { kind: 'document', name: w.name };
    await notifyThread(
      tx,
      app.outbox,
      {
        applicationNo: to.application_no,
        serviceName: to.service_name,
        email: to.email,
        phone: to.phone,
        link: w.linkOrigin ? `${w.linkOrigin}${applicationTrackingPath(token)}` : '',
      },
      notice,
    );
  });
}

/**
 * Staff send the applicant a document (a certificate, a filed return, a receipt): stored as the
 * applicant's are (private, type told from its bytes), listed among the application's documents
 * "from our team", and the applicant told once. Also after the application has ended: a completed
 * application's result is often a document. The file is removed again when the write fails.
 */
export async function staffDocument(
  app: FastifyInstance,
  d: { id: string; staffId: string; linkOrigin: string; file: CheckedFile },
): Promise<void> {
  const path = await storePrivateFile(app.media.documents, d.file.upload.bytes, d.file.type);
  try {
    await staffToApplicant(app, {
      id: d.id,
      staffId: d.staffId,
      linkOrigin: d.linkOrigin,
      kind: 'document',
      name: d.file.upload.filename,
      path,
      mime: d.file.type,
      sizeBytes: d.file.upload.bytes.length,
    });
  } catch (err) {
    await app.media.documents.remove([path]);
    throw err;
  }
}

/** A document request id as sent in a multipart field; undefined when left out. */
export function requestIdOf(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  if (!/^\d{1,9}$/.test(raw.trim())) throw fieldError('request_id', applicationTexts.requestGone);
  return Number(raw.trim());
}

/** The applicant's document, inserted while they have fewer than APPLICATION_APPLICANT_DOCUMENTS_MAX. */
const insertApplicantDocument = namedQuery<{ id: number }>()({
  name: 'applications.thread.applicant-document',
  columns: ['id'],
  example: { id: 'ap_example', requestId: 1 as number | null, path: 'p', name: 'n', mime: 'm', sizeBytes: 1 },
  build: (p: { id: string; requestId: number | null; path: string; name: string; mime: string; sizeBytes: number }) =>
    sql`insert into application_documents (application_id, request_id, path, original_name, mime, size_bytes, uploaded_by)
        select ${p.id}, ${p.requestId}, ${p.path}, ${p.name}, ${p.mime}, ${p.sizeBytes}, 'applicant'
         where (select count(*) from application_documents
                 where application_id = ${p.id} and uploaded_by = 'applicant') < ${APPLICATION_APPLICANT_DOCUMENTS_MAX}
        returning id`,
});

/**
 * Stores a document the applicant uploads (type and size checked by the caller) and, when it
 * answers a document request, marks that request answered with a conditional update: a request
 * answered already (another tab, a retry) is 409 and the file is removed again. Refused (409) once
 * the application has ended: its row is held until the document is in, so a cancel or a move to
 * an ending waits for it or goes first. At most APPLICATION_APPLICANT_DOCUMENTS_MAX documents from
 * the applicant (409 past it): the row's lock (no key update, which uploads to one application take
 * in turn; a foreign key's check does not wait for it) makes the count under it hold for concurrent
 * uploads, and the insert is conditional on it.
 */
export async function addDocument(
  app: FastifyInstance,
  d: { id: string; file: CheckedFile; requestId: number | undefined },
): Promise<void> {
  const path = await storePrivateFile(app.media.documents, d.file.upload.bytes, d.file.type);
  try {
    await app.db.transaction(async (tx) => {
      const [open] = await queryRows(
        tx,
        sql`select id from applications where id = ${d.id} and ${notEndedSql} for no key update`,
      );
      if (!open) throw new HttpError(409, applicationTexts.documentsClosed);
      if (d.requestId !== undefined) {
        const [answered] = await queryRows(
          tx,
          sql`update application_document_requests set status = 'answered', answered_at = now()
               where id = ${d.requestId} and application_id = ${d.id} and status = 'open' returning id`,
        );
        if (!answered)
          throw new HttpError(409, applicationTexts.requestGone, { request_id: [applicationTexts.requestGone] });
      }
      const [doc] = await insertApplicantDocument(tx, {
        id: d.id,
        requestId: d.requestId ?? null,
        path,
        name: d.file.upload.filename,
        mime: d.file.type,
        sizeBytes: d.file.upload.bytes.length,
      });
      if (!doc) throw new HttpError(409, applicationTexts.documentLimit(APPLICATION_APPLICANT_DOCUMENTS_MAX));
      // Staff are told of what the applicant sends (an answer to their request, or of their own accord).
      await queueStaffAlert(tx, {
        kind: 'applicant_document',
        applicationId: d.id,
        itemId: doc.id,
        key: `document:${doc.id}`,
      });
    });
  } catch (err) {
    await app.media.documents.remove([path]);
    throw err;
  }
}

const documentOf = namedQuery<{ path: string; mime: string; original_name: string }>()({
  name: 'applications.thread.document',
  columns: ['path', 'mime', 'original_name'],
  example: { applicationId: 'ap_example', documentId: 1 },
  build: (p: { applicationId: string; documentId: number }) =>
    sql`select path, mime, original_name from application_documents
         where id = ${p.documentId} and application_id = ${p.applicationId}`,
});

/** One document of one application (what the download routes send), or null. */
export async function findDocument(
  db: Db,
  applicationId: string,
  documentId: number,
): Promise<{ path: string; mime: string; original_name: string } | null> {
  const [row] = await documentOf(db, { applicationId, documentId });
  return row ?? null;
}
