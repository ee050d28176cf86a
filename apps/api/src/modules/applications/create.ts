import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ApplicationContactSchema, applicationTexts, type ApplicationContact } from '@shopfront/shared';
import type { StoredAnswer } from '../../db/application-schema.ts';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { HttpError, fieldError, parseOr422 } from '../../lib/http.ts';
import type { Customer } from '../../lib/session.ts';
import { checkAnswers, type CheckedFile } from './answers.ts';
import { storePrivateFile, type MultipartBody } from './files.ts';
import { notifyApplicant } from './notify.ts';
import { loadServiceDetails } from './service-details.ts';
import { nextDueAt, stageLabel } from './stages.ts';
import { applicationToken, applicationTrackingPath } from './token.ts';
import { hashTrackingToken } from '../../lib/tracking-token.ts';

interface ServiceProduct {
  id: string;
  slug: string;
  name: string;
  currency: string;
  price_minor: number;
  /** Whether the shop is in services mode: only then does it take new applications. */
  taking: boolean;
}

const serviceByRef = namedQuery<ServiceProduct>()({
  name: 'applications.create.service',
  columns: ['id', 'slug', 'name', 'currency', 'price_minor', 'taking'],
  example: { ref: 'slug' },
  build: ({ ref }: { ref: string }) =>
    sql`select p.id, p.slug, p.name, p.currency, p.price_minor,
               coalesce((select value #>> '{}' from store_settings where key = 'store_mode'), 'products') = 'services' as taking
          from products p
         where (p.slug = ${ref} or p.id = ${ref}) and p.is_published and p.archived_at is null
           and exists (select 1 from service_details s where s.product_id = p.id)
         limit 1`,
});

/** A published service by its slug or id, or null. */
async function findService(db: Db, ref: string): Promise<ServiceProduct | null> {
  const [row] = await serviceByRef(db, { ref });
  return row ?? null;
}

/** A new application (its number from the sequence); `stages` as JSON. */
const insertApplication = namedQuery<{ application_no: string }>()({
  name: 'applications.create.insert',
  columns: ['application_no'],
  example: {
    id: 'apl_example',
    service: { id: 'prd_example', name: 'n', slug: 's', currency: 'INR' },
    stages: '[]',
    customerId: 1 as number | null,
    contact: { name: 'n', email: 'e@example.com', phone: '1' } as ApplicationContact,
    stage: 'submitted',
    due: null as string | null,
    feeMinor: 1 as number | null,
    tokenHash: 'h',
  },
  build: (p: {
    id: string;
    service: Pick<ServiceProduct, 'id' | 'name' | 'slug' | 'currency'>;
    stages: string;
    customerId: number | null;
    contact: ApplicationContact;
    stage: string;
    due: string | null;
    feeMinor: number | null;
    tokenHash: string;
  }) =>
    sql`insert into applications (id, application_no, product_id, service_name, service_slug, stages, customer_id,
          name, email, phone, stage, next_due_at, answers, currency, fee_minor, tracking_token_hash)
        values (${p.id}, 'AP-' || nextval('application_number_seq'), ${p.service.id}, ${p.service.name}, ${p.service.slug},
          ${p.stages}::jsonb, ${p.customerId}, ${p.contact.name}, ${p.contact.email ?? null},
          ${p.contact.phone ?? null}, ${p.stage}, ${p.due}::timestamptz, '[]'::jsonb, ${p.service.currency},
          ${p.feeMinor}, ${p.tokenHash})
        returning application_no`,
});

/** A document sent with the form, for its field. */
const insertFormDocument = namedQuery<{ id: number }>()({
  name: 'applications.create.document',
  columns: ['id'],
  example: { id: 'apl_example', key: 'k', path: 'p', name: 'n', mime: 'application/pdf', sizeBytes: 1 },
  build: (p: { id: string; key: string; path: string; name: string; mime: string; sizeBytes: number }) =>
    sql`insert into application_documents (application_id, field_key, path, original_name, mime, size_bytes, uploaded_by)
        values (${p.id}, ${p.key}, ${p.path}, ${p.name}, ${p.mime}, ${p.sizeBytes}, 'applicant')
        returning id`,
});

/** The contact sent, the signed-in customer's account filling what was left out. */
function contactOf(fields: Record<string, string>, customer: Customer | null): ApplicationContact {
  const given = (k: string) => (fields[k]?.trim() ? fields[k] : undefined);
  const contact = parseOr422(ApplicationContactSchema, {
    name: given('name') ?? (customer ? `${customer.firstName} ${customer.lastName}`.trim() : undefined),
    email: given('email') ?? customer?.email ?? undefined,
    phone: given('phone') ?? customer?.phone ?? undefined,
  });
  if (!contact.email && !contact.phone) throw fieldError('phone', applicationTexts.contactNeeded);
  return contact;
}

/**
 * Makes an application for a service from a multipart form (409 unless the shop is in services
 * mode): the service (`service`: slug or id), the contact, and one part per form field, checked
 * against the service's own fields. Its files
 * are stored privately first (removed again if the insert fails), then one transaction writes the
 * application, its first history row, its documents and the applicant's message. A service on
 * quote waits in quote_requested; any other in awaiting_payment, with the service's price as fee.
 */
export async function createApplication(
  app: FastifyInstance,
  body: MultipartBody,
  customer: Customer | null,
  linkOrigin: string,
): Promise<{ id: string; token: string }> {
  const serviceRef = body.fields.service?.trim() ?? '';
  const service = serviceRef ? await findService(app.db, serviceRef) : null;
  if (!service) throw fieldError('service', applicationTexts.notService);
  // A products shop sells its services as products; applications already made go on being served.
  if (!service.taking) throw new HttpError(409, applicationTexts.notTakingApplications);
  const details = await loadServiceDetails(app.db, service.id);
  if (!details) throw fieldError('service', applicationTexts.notService);
  const contact = contactOf(body.fields, customer);
  const { answers, files } = checkAnswers(details.form_fields, body);

  const stored: { file: CheckedFile; path: string }[] = [];
  try {
    for (const file of files)
      stored.push({ file, path: await storePrivateFile(app.media.documents, file.upload.bytes, file.type) });
    const id = `apl_${randomBytes(12).toString('base64url')}`;
    const token = await applicationToken(app.db, id);
    // On quote: the owner names the fee. A fee of 0 otherwise is free: nothing to pay, submitted at once.
    const onQuote = details.fee_kind === 'quote';
    const stage = onQuote ? 'quote_requested' : service.price_minor === 0 ? 'submitted' : 'awaiting_payment';
    const due = nextDueAt(details.stages, stage, new Date());
    await app.db.transaction(async (tx) => {
      const [row] = await insertApplication(tx, {
        id,
        service,
        stages: JSON.stringify(details.stages),
        customerId: customer?.id ?? null,
        contact,
        stage,
        due: due?.toISOString() ?? null,
        feeMinor: onQuote ? null : service.price_minor,
        tokenHash: hashTrackingToken(token),
      });
      await tx.execute(
        sql`insert into application_events (application_id, from_stage, to_stage, actor, next_due_at)
            values (${id}, null, ${stage}, 'applicant', ${due?.toISOString() ?? null}::timestamptz)`,
      );
      const documentIds = new Map<string, number>();
      for (const { file, path } of stored) {
        const [doc] = await insertFormDocument(tx, {
          id,
          key: file.key,
          path,
          name: file.upload.filename,
          mime: file.type,
          sizeBytes: file.upload.bytes.length,
        });
        documentIds.set(file.key, doc!.id);
      }
      const withDocuments: StoredAnswer[] = answers.map((a) => ({ ...a, document_id: documentIds.get(a.key) ?? null }));
      await tx.execute(sql`update applications set answers = ${JSON.stringify(withDocuments)}::jsonb where id = ${id}`);
      await notifyApplicant(tx, app.outbox, {
        applicationNo: row!.application_no,
        serviceName: service.name,
        email: contact.email ?? null,
        phone: contact.phone ?? null,
        stageLabel: stageLabel(details.stages, stage),
        note: null,
        link: linkOrigin ? `${linkOrigin}${applicationTrackingPath(token)}` : '',
      });
    });
    return { id, token };
  } catch (err) {
    await app.media.documents.remove(stored.map((s) => s.path));
    throw err;
  }
}
