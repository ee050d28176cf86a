import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { applicationTexts, feeMethodName, money, type ServiceDetails } from '@shopfront/shared';
import type { StoredAnswer } from '../application-schema.ts';
import type { Db } from '../client.ts';
import { namedQuery } from '../named-query.ts';
import { COD } from '../payment-methods.ts';
import { trackingHashFor } from '../../lib/tracking-token.ts';
import { checkAnswers } from '../../modules/applications/answers.ts';
import { readFeeApplication, writeFeeOrder } from '../../modules/applications/fee-order.ts';
import { localDocuments, storePrivateFile, type Upload } from '../../modules/applications/files.ts';
import { nextDueAt, stageSequence } from '../../modules/applications/stages.ts';
import { loadServiceDetails } from '../../modules/applications/service-details.ts';
import { applicationTokenHash } from '../../modules/applications/token.ts';
import { getStoreSettings, storeNameOf } from '../../modules/settings/service.ts';
import { DEMO_CUSTOMER } from './accounts.ts';
import { demoApplications, type DemoApplication } from './application-data.ts';
import type { SeededServices } from './services.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const feeOrderTotals = namedQuery<{ order_no: string; grand_total_minor: number; currency: string }>()({
  name: 'seed.applications.fee-order',
  columns: ['order_no', 'grand_total_minor', 'currency'],
  example: { orderId: 'ord_example' },
  build: ({ orderId }: { orderId: string }) =>
    sql`select order_no, grand_total_minor, currency from orders where id = ${orderId}`,
});

const demoCustomer = namedQuery<{ id: number }>()({
  name: 'seed.applications.customer',
  columns: ['id'],
  example: {},
  build: () => sql`select id from customers where email = ${DEMO_CUSTOMER.email}`,
});

const serviceProduct = namedQuery<{ name: string; currency: string; price_minor: number }>()({
  name: 'seed.applications.service',
  columns: ['name', 'currency', 'price_minor'],
  example: { productId: 'prd_example' },
  build: ({ productId }: { productId: string }) =>
    sql`select name, currency, price_minor from products where id = ${productId}`,
});

/** A demo document sent with the form, dated `at`. */
const insertDocument = namedQuery<{ id: number }>()({
  name: 'seed.applications.document',
  columns: ['id'],
  example: { id: 'apl_example', key: 'k', path: 'p', name: 'n', size: 1, at: '2026-01-01T00:00:00.000Z' },
  build: (p: { id: string; key: string; path: string; name: string; size: number; at: string }) =>
    sql`insert into application_documents (application_id, field_key, path, original_name, mime, size_bytes, uploaded_by, created_at)
        values (${p.id}, ${p.key}, ${p.path}, ${p.name}, 'application/pdf', ${p.size}, 'applicant',
          ${p.at}::timestamptz)
        returning id`,
});

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

/** The history's note on the move to submitted: as settleFeeOrder writes it for each way of paying. */
const CASH_METHOD = feeMethodName(COD, 'Cash');
const feeNote = (how: 'online' | 'cash') => (how === 'cash' ? applicationTexts.feeDueBy(CASH_METHOD) : 'Fee paid');

/**
 * The fee order of a demo application past its payment (ADR 37), as Pay and the payment's
 * verdict leave it. The order and its line are written by the API's own writeFeeOrder (its
 * totals, tax, addresses and links to the application); the rest is written here as of `paid`,
 * because the API's next steps (markPaid, moveOrder, settleFeeOrder) need a running app, take
 * the time from now() and queue messages to the applicant and staff, and the demo tells nobody
 * anything. Online: the sandbox's session paid (so Refund fee really pays it back), the payment
 * row that paid the order, the order delivered with payment paid. Cash: the method chosen, the
 * order delivered with payment cod (the fee due: Mark fee paid). Its history rows count as told.
 */
async function seedFeeOrder(
  tx: Tx,
  f: { applicationId: string; how: 'online' | 'cash'; placed: Date; paid: Date; updated: Date },
): Promise<void> {
  const db = tx as unknown as Db;
  const fee = await readFeeApplication(db, f.applicationId);
  if (!fee || fee.fee_minor === null) throw new Error(`demo application ${f.applicationId}: no fee to pay`);
  const orderId = `ord_${randomBytes(16).toString('base64url')}`;
  await writeFeeOrder(db, fee, orderId, await trackingHashFor(db, orderId), null);
  const [order] = await feeOrderTotals(tx, { orderId });
  const placed = f.placed.toISOString();
  const paid = f.paid.toISOString();
  const cash = f.how === 'cash';
  let paymentId: string | null = null;
  if (!cash) {
    // As attempts.ts opens the attempt and the sandbox gateway records the applicant's Pay.
    paymentId = `pmt_${randomBytes(16).toString('base64url')}`;
    const sessionId = `sbs_${randomBytes(24).toString('base64url')}`;
    const { store_name } = await getStoreSettings(db, ['store_name']);
    await tx.execute(
      sql`insert into sandbox_sessions (id, merchant_ref, order_id, order_no, shop_name, amount_minor, currency,
            return_path, webhook_path, status, payment_ref, created_at, completed_at, expires_at)
          values (${sessionId}, ${paymentId}, ${orderId}, ${order!.order_no}, ${storeNameOf(store_name)},
            ${order!.grand_total_minor}, ${order!.currency}, '/api/checkout/complete', '/api/payments/webhook/sandbox',
            'paid', ${`sbp_${randomBytes(12).toString('base64url')}`}, ${placed}::timestamptz, ${paid}::timestamptz,
            ${placed}::timestamptz + interval '60 minutes')`,
    );
    await tx.execute(
      sql`insert into payments (id, order_id, provider, provider_ref, provider_payment_id, amount_minor, currency, status,
            created_at, updated_at)
          select ${paymentId}, ${orderId}, 'sandbox', id, payment_ref, amount_minor, currency, 'paid',
            ${placed}::timestamptz, ${paid}::timestamptz
            from sandbox_sessions where id = ${sessionId}`,
    );
  }
  await tx.execute(
    sql`update orders set status = 'delivered', payment_status = ${cash ? 'cod' : 'paid'},
          payment_method_code = ${cash ? COD : 'sandbox'}, paid_at = ${cash ? null : paid}::timestamptz,
          paid_payment_id = ${paymentId}, reserved_until = null, created_at = ${placed}::timestamptz,
          updated_at = ${paid}::timestamptz
         where id = ${orderId}`,
  );
  await tx.execute(
    sql`update order_events set created_at = ${placed}::timestamptz, notified_at = ${paid}::timestamptz
         where order_id = ${orderId}`,
  );
  await tx.execute(
    sql`insert into order_events (order_id, from_status, to_status, actor, note, notified_at, created_at)
        values (${orderId}, 'awaiting_payment', 'confirmed', ${cash ? 'shopper' : 'gateway'},
          ${cash ? `${CASH_METHOD} chosen` : 'Payment received'}, ${paid}::timestamptz, ${paid}::timestamptz),
          (${orderId}, 'confirmed', 'delivered', 'system', 'A service fee: nothing to deliver',
          ${paid}::timestamptz, ${paid}::timestamptz)`,
  );
  await tx.execute(
    sql`update applications set updated_at = ${f.updated.toISOString()}::timestamptz where id = ${f.applicationId}`,
  );
}

/**
 * Inserts the demo applications as the API writes them (modules/applications/create.ts and
 * move.ts): each answers its service's own form (checked by the API's own checkAnswers), carries
 * its stage table, a history row per move with the next stage's expected date, its documents,
 * thread and document request, and the fee order of each one past its payment (seedFeeOrder).
 * Times fall between its sending and its last move, so some are overdue. No messages are queued:
 * the demo's applicants are not told anything.
 */
export async function seedDemoApplications(
  tx: Tx,
  opts: { services: SeededServices; documents: DemoDocuments; now?: number },
): Promise<void> {
  const now = opts.now ?? Date.now();
  const [customer] = await demoCustomer(tx, {});
  for (const [i, a] of demoApplications.entries()) {
    const productId = opts.services.get(a.service);
    const details = productId ? await loadServiceDetails(tx as unknown as Db, productId) : null;
    if (!productId || !details) throw new Error(`demo application: no service ${a.service}`);
    const [service] = await serviceProduct(tx, { productId });
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
    const feeHow = a.fee ?? 'online';
    const paidAt = stages.indexOf('submitted');
    if (paidAt > 0) {
      const paid = at(paidAt);
      await seedFeeOrder(tx, {
        applicationId: id,
        how: feeHow,
        placed: new Date(Math.max(at(paidAt - 1).getTime(), paid.getTime() - 6 * 60_000)),
        paid,
        updated: at(stages.length - 1),
      });
    }
    for (const [n, stage] of stages.entries()) {
      const from = n === 0 ? null : stages[n - 1]!;
      const paid = stage === 'submitted';
      const note =
        ending && n === stages.length - 1
          ? a.endNote!
          : stage === 'awaiting_payment' && quoted
            ? `Quote: ${money(a.quote!.fee * 100, service!.currency).formatted}. ${a.quote!.note}`
            : paid
              ? feeNote(feeHow)
              : null;
      // Paid online, the payment's verdict submits it; in cash, the applicant's choice does.
      const actor = n === 0 ? 'applicant' : paid ? (feeHow === 'cash' ? 'applicant' : 'system') : 'staff';
      await tx.execute(
        sql`insert into application_events (application_id, from_stage, to_stage, note, actor, staff_id, next_due_at, created_at)
            values (${id}, ${from}, ${stage}, ${note}, ${actor}, ${actor === 'staff' ? (n % 2 ? OWNER : MANAGER) : null},
              ${nextDueAt(details.stages, stage, at(n))?.toISOString() ?? null}::timestamptz, ${at(n).toISOString()}::timestamptz)`,
      );
    }
    const documentIds = new Map<string, number>();
    for (const [key, doc] of opts.documents.get(i) ?? []) {
      const [row] = await insertDocument(tx, {
        id,
        key,
        path: doc.path,
        name: a.files[key]!,
        size: doc.size,
        at: new Date(created).toISOString(),
      });
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
