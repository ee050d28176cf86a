import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ApplicationField, ServiceFeeKind, ServiceStage } from '@shopfront/shared';
import { products } from './catalog-schema.ts';

/**
 * What makes a product a service (issue 27): its fee kind, what it includes, turnaround, the
 * documents to have ready, its stages and its application form. One row per service; a product
 * without one is sold as a product. Shown on the product page in services mode.
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
