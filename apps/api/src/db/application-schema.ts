import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgSequence, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ApplicationFieldType, ServiceStage } from '@shopfront/shared';
import { customers } from './account-schema.ts';
import { products } from './catalog-schema.ts';
import { createdAt, updatedAt } from './columns.ts';
import { orders } from './order-schema.ts';

/** Human application numbers (AP-100001 …), numbered like the orders; the public id is opaque. */
export const applicationNumberSeq = pgSequence('application_number_seq', { startWith: 100001 });

/** What a stored form answer is: text, a number, or the id of an uploaded document (file fields). */
/** An answer as stored (modules/applications/answers.ts): the field with its label and the value or document. */
export interface StoredAnswer {
  key: string;
  label: string;
  type: ApplicationFieldType;
  value: string | null;
  document_id: number | null;
}

/**
 * Services mode (issue 27): a customer's application for a service. It carries a copy of the
 * service's name and stage table taken when it was made, so an owner's later edit of the service
 * never strands an application in a stage that no longer exists. Stage moves are one conditional
 * update on `stage` (modules/applications/stages.ts).
 */
export const applications = pgTable(
  'applications',
  {
    /** Opaque public id (apl_…): what URLs and the API use. */
    id: text('id').primaryKey(),
    applicationNo: text('application_no').notNull().unique(),
    /** Null once the service is deleted: the application keeps its own copies. */
    productId: text('product_id').references(() => products.id, { onDelete: 'set null' }),
    serviceName: text('service_name').notNull(),
    serviceSlug: text('service_slug').notNull(),
    /** The service's stages (after `submitted`) when the application was made. */
    stages: jsonb('stages').$type<ServiceStage[]>().notNull(),
    /** Its fee order (kind service_fee, ADR 37), made when the applicant first pays; null before. */
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    stage: text('stage').notNull(),
    stageChangedAt: timestamp('stage_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the next stage is expected (null at the end, or while waiting on the applicant). */
    nextDueAt: timestamp('next_due_at', { withTimezone: true }),
    answers: jsonb('answers').$type<StoredAnswer[]>().notNull().default([]),
    currency: text('currency').notNull(),
    /** The fee: the service's price, or the owner's quote (null until quoted). */
    feeMinor: integer('fee_minor'),
    quoteNote: text('quote_note'),
    quotedAt: timestamp('quoted_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    /**
     * The applicant asked to cancel after work started (enable_refund): the owner decides, by
     * cancelling (with the fee's refund) or declining, which clears it. Null otherwise.
     */
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    cancelRequestReason: text('cancel_request_reason'),
    /** sha-256 of the secret in the application's tracking link (/track-application/{token}). */
    trackingTokenHash: text('tracking_token_hash').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('applications_customer_idx').on(t.customerId, t.createdAt),
    index('applications_created_idx').on(t.createdAt, t.id),
    index('applications_stage_created_idx').on(t.stage, t.createdAt, t.id),
    index('applications_product_created_idx').on(t.productId, t.createdAt, t.id),
    index('applications_due_idx')
      .on(t.nextDueAt)
      .where(sql`${t.nextDueAt} is not null`),
    index('applications_order_idx').on(t.orderId),
    check('applications_fee_ck', sql`${t.feeMinor} is null or ${t.feeMinor} >= 0`),
  ],
);

/** Who did something to an application. */
export type ApplicationActor = 'applicant' | 'staff' | 'system';

/** An application's history: each stage move, with its note and the next stage's expected date. */
export const applicationEvents = pgTable(
  'application_events',
  {
    id: serial('id').primaryKey(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    fromStage: text('from_stage'),
    toStage: text('to_stage').notNull(),
    note: text('note'),
    actor: text('actor').$type<ApplicationActor>().notNull(),
    staffId: text('staff_id'),
    /** When the stage after `to_stage` is expected. */
    nextDueAt: timestamp('next_due_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('application_events_application_idx').on(t.applicationId, t.id)],
);

/** The thread between the applicant and the business (plain text). */
export const applicationMessages = pgTable(
  'application_messages',
  {
    id: serial('id').primaryKey(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    author: text('author').$type<'applicant' | 'staff'>().notNull(),
    staffId: text('staff_id'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('application_messages_application_idx').on(t.applicationId, t.id),
    check('application_messages_author_ck', sql`${t.author} in ('applicant', 'staff')`),
  ],
);

/** A document the business asks the applicant for; answered by an upload. */
export const applicationDocumentRequests = pgTable(
  'application_document_requests',
  {
    id: serial('id').primaryKey(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    what: text('what').notNull(),
    status: text('status').$type<'open' | 'answered'>().notNull().default('open'),
    staffId: text('staff_id'),
    createdAt: createdAt(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    index('application_document_requests_application_idx').on(t.applicationId, t.id),
    check('application_document_requests_status_ck', sql`${t.status} in ('open', 'answered')`),
  ],
);

/**
 * An application's private documents: files under DATA_DIR/private (never the public media
 * folder), served only after an authorisation check. `path` is relative to that folder.
 */
export const applicationDocuments = pgTable(
  'application_documents',
  {
    id: serial('id').primaryKey(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** The form field it answers (uploaded with the application), if any. */
    fieldKey: text('field_key'),
    requestId: integer('request_id').references(() => applicationDocumentRequests.id, { onDelete: 'set null' }),
    path: text('path').notNull().unique(),
    originalName: text('original_name').notNull(),
    /** Told from the bytes, never from the name or the declared type. */
    mime: text('mime').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedBy: text('uploaded_by').$type<'applicant' | 'staff'>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('application_documents_application_idx').on(t.applicationId, t.id),
    check('application_documents_by_ck', sql`${t.uploadedBy} in ('applicant', 'staff')`),
  ],
);
