import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { applicationTexts, money, type ServiceDetails } from '@shopfront/shared';
import type { StoredAnswer } from '../application-schema.ts';
import { queryRows, type Db } from '../client.ts';
import { checkAnswers } from '../../modules/applications/answers.ts';
import { localDocuments, storePrivateFile, type Upload } from '../../modules/applications/files.ts';
import { nextDueAt, stageSequence } from '../../modules/applications/stages.ts';
import { loadServiceDetails } from '../../modules/applications/service-details.ts';
import { applicationTokenHash } from '../../modules/applications/token.ts';
import { DEMO_CUSTOMER } from './accounts.ts';
import { demoApplications, type DemoApplication } from './application-data.ts';
import type { SeededServices } from './services.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const DAY = 86_400_000;
const OWNER = 'stf_demo_owner';
const MANAGER = 'stf_demo_staff';

/** A one-page PDF that says what it stands for (the demo's uploaded documents). */
export function demoPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 60 760 Td (${text}) Tj 0 -28 Td /F1 12 Tf (Demo document of the services shop) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A demo application's uploads, as the multipart body of its form would carry them. */
function uploadsOf(a: DemoApplication): Record<string, Upload> {
  return Object.fromEntries(
    Object.entries(a.files).map(([key, filename]) => [
      key,
      { filename, bytes: demoPdf(`${filename.replace(/\.pdf$/, '')} · ${a.name}`) },
    ]),
  );
}

/** One demo application's documents, stored privately before the seed's transaction: path and size by field. */
export type DemoDocuments = Map<number, Map<string, { path: string; size: number }>>;

export async function storeDemoDocuments(dataDir: string): Promise<DemoDocuments> {
  const stored: DemoDocuments = new Map();
  for (const [i, a] of demoApplications.entries()) {
    const files = new Map<string, { path: string; size: number }>();
    for (const [key, upload] of Object.entries(uploadsOf(a)))
      files.set(key, {
        path: await storePrivateFile(localDocuments(dataDir), upload.bytes, 'application/pdf'),
        size: upload.bytes.length,
      });
    stored.set(i, files);
  }
  return stored;
}

/** The stages it went through, in order, from the one it opened in. */
function pathOf(a: DemoApplication, details: ServiceDetails): string[] {
  const seq = stageSequence(details.stages);
  const open = details.fee_kind === 'quote' ? 'quote_requested' : 'awaiting_payment';
  const last = a.reached ?? a.stage;
  const walked = seq.slice(seq.indexOf(open), seq.indexOf(last) + 1);
  if (walked.length === 0 || !walked.includes(last)) throw new Error(`demo application: ${a.service} has no ${last}`);
  return a.reached ? [...walked, a.stage] : walked;
}

/**
 * Inserts the demo applications as the API writes them (modules/applications/create.ts and
 * move.ts): each answers its service's own form (checked by the API's own checkAnswers), carries
 * its stage table, a history row per move with the next stage's expected date, its documents,
 * thread and document request. Times fall between its sending and its last move, so some are
 * overdue. No messages are queued: the demo's applicants are not told anything.
 */
export async function seedDemoApplications(
  tx: Tx,
  opts: { services: SeededServices; documents: DemoDocuments; now?: number },
): Promise<void> {
  const now = opts.now ?? Date.now();
  const [customer] = await queryRows<{ id: number }>(
    tx,
    sql`select id from customers where email = ${DEMO_CUSTOMER.email}`,
  );
  for (const [i, a] of demoApplications.entries()) {
    const productId = opts.services.get(a.service);
    const details = productId ? await loadServiceDetails(tx as unknown as Db, productId) : null;
    if (!productId || !details) throw new Error(`demo application: no service ${a.service}`);
    const [service] = await queryRows<{ name: string; currency: string; price_minor: number }>(
      tx,
      sql`select name, currency, price_minor from products where id = ${productId}`,
    );
    const { answers } = checkAnswers(details.form_fields, { fields: a.fields, files: uploadsOf(a) });
    const stages = pathOf(a, details);
    const created = now - a.createdDaysAgo * DAY;
    const stageAt = now - a.stageDaysAgo * DAY;
    const at = (n: number) =>
      new Date(n === 0 ? created : created + ((stageAt - created) * n) / Math.max(stages.length - 1, 1));
    const id = `apl_${randomBytes(12).toString('base64url')}`;
    const quoted = a.quote && stages.includes('awaiting_payment') && details.fee_kind === 'quote';
    const fee = details.fee_kind === 'quote' ? (quoted ? a.quote!.fee * 100 : null) : service!.price_minor;
    const due = nextDueAt(details.stages, a.stage, at(stages.length - 1));
    const ending = a.stage === 'rejected' || a.stage === 'cancelled';

    await tx.execute(
      sql`insert into applications (id, application_no, product_id, service_name, service_slug, stages, customer_id,
            name, email, phone, stage, stage_changed_at, next_due_at, answers, currency, fee_minor, quote_note,
            quoted_at, rejection_reason, tracking_token_hash, created_at, updated_at)
          values (${id}, 'AP-' || nextval('application_number_seq'), ${productId}, ${service!.name}, ${a.service},
            ${JSON.stringify(details.stages)}::jsonb, ${a.demoCustomer ? (customer?.id ?? null) : null}, ${a.name},
            ${a.email}, ${a.phone}, ${a.stage}, ${at(stages.length - 1).toISOString()}::timestamptz,
            ${due?.toISOString() ?? null}::timestamptz, '[]'::jsonb, ${service!.currency}, ${fee},
            ${quoted ? a.quote!.note : null}, ${quoted ? at(stages.indexOf('awaiting_payment')).toISOString() : null}::timestamptz,
            ${a.stage === 'rejected' ? a.endNote! : null}, ${await applicationTokenHash(tx as unknown as Db, id)},
            ${new Date(created).toISOString()}::timestamptz, ${at(stages.length - 1).toISOString()}::timestamptz)`,
    );
    for (const [n, stage] of stages.entries()) {
      const from = n === 0 ? null : stages[n - 1]!;
      const paid = stage === 'submitted';
      const note =
        ending && n === stages.length - 1
          ? a.endNote!
          : stage === 'awaiting_payment' && quoted
            ? `Quote: ${money(a.quote!.fee * 100, service!.currency).formatted}. ${a.quote!.note}`
            : paid
              ? 'Fee paid online'
              : null;
      const actor = n === 0 ? 'applicant' : paid ? 'system' : 'staff';
      await tx.execute(
        sql`insert into application_events (application_id, from_stage, to_stage, note, actor, staff_id, next_due_at, created_at)
            values (${id}, ${from}, ${stage}, ${note}, ${actor}, ${actor === 'staff' ? (n % 2 ? OWNER : MANAGER) : null},
              ${nextDueAt(details.stages, stage, at(n))?.toISOString() ?? null}::timestamptz, ${at(n).toISOString()}::timestamptz)`,
      );
    }
    const documentIds = new Map<string, number>();
    for (const [key, doc] of opts.documents.get(i) ?? []) {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into application_documents (application_id, field_key, path, original_name, mime, size_bytes, uploaded_by, created_at)
            values (${id}, ${key}, ${doc.path}, ${a.files[key]!}, 'application/pdf', ${doc.size}, 'applicant',
              ${new Date(created).toISOString()}::timestamptz)
            returning id`,
      );
      documentIds.set(key, row!.id);
    }
    const stored: StoredAnswer[] = answers.map((x) => ({ ...x, document_id: documentIds.get(x.key) ?? null }));
    await tx.execute(sql`update applications set answers = ${JSON.stringify(stored)}::jsonb where id = ${id}`);
    for (const [n, m] of (a.messages ?? []).entries()) {
      const when = new Date(created + ((stageAt - created) * (n + 1)) / ((a.messages?.length ?? 0) + 1) + DAY / 24);
      await tx.execute(
        sql`insert into application_messages (application_id, author, staff_id, body, created_at)
            values (${id}, ${m.author}, ${m.author === 'staff' ? OWNER : null}, ${m.body}, ${when.toISOString()}::timestamptz)`,
      );
    }
    if (a.cancelRequest) {
      const asked = new Date(now - a.cancelRequest.daysAgo * DAY).toISOString();
      await tx.execute(
        sql`update applications set cancel_requested_at = ${asked}::timestamptz,
              cancel_request_reason = ${a.cancelRequest.reason}
             where id = ${id}`,
      );
      await tx.execute(
        sql`insert into application_messages (application_id, author, body, created_at)
            values (${id}, 'applicant', ${applicationTexts.cancelRequestMessage(a.cancelRequest.reason)},
              ${asked}::timestamptz)`,
      );
    }
    if (a.request)
      await tx.execute(
        sql`insert into application_document_requests (application_id, what, staff_id, created_at)
            values (${id}, ${a.request}, ${OWNER}, ${new Date(stageAt + DAY / 24).toISOString()}::timestamptz)`,
      );
  }
}
