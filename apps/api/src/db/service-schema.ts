import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ApplicationField, ServiceFeeKind, ServiceStage } from '@shopfront/shared';
import { products } from './catalog-schema.ts';

/**
 * Services mode (issue 27): what a service adds to its product row (ServiceDetailsSchema). A
 * product with a row here is a service; its applications follow `stages` and answer `form_fields`.
 */
export const serviceDetails = pgTable('service_details', {
  productId: text('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  feeKind: text('fee_kind').$type<ServiceFeeKind>().notNull(),
  includes: jsonb('includes').$type<string[]>().notNull().default([]),
  turnaroundDays: integer('turnaround_days'),
  documentsNeeded: jsonb('documents_needed').$type<string[]>().notNull().default([]),
  stages: jsonb('stages').$type<ServiceStage[]>().notNull(),
  formFields: jsonb('form_fields').$type<ApplicationField[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
