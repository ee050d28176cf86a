import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export type CatalogImportStatus = 'checked' | 'queued' | 'running' | 'done' | 'failed';

/**
 * A product import (issue 26): the uploaded CSV's dry run (its plan and report) and, once the
 * owner starts it, the background job's progress. `content_hash` (SHA-256 of the file) tells the
 * owner a file was imported before; the import itself is idempotent row by row.
 */
export const catalogImports = pgTable(
  'catalog_imports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fileName: text('file_name').notNull(),
    contentHash: text('content_hash').notNull(),
    format: text('format').notNull(),
    status: text('status').$type<CatalogImportStatus>().notNull().default('checked'),
    /** The dry run's answer (counts, errors, row actions), as the panel shows it. */
    report: jsonb('report').$type<unknown>().notNull(),
    /** The products to write, in file order (the mapper's output), read by the job. */
    plan: jsonb('plan').$type<unknown>().notNull(),
    productsTotal: integer('products_total').notNull().default(0),
    productsDone: integer('products_done').notNull().default(0),
    changed: integer('changed').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** Products that could not be written when the job ran (row, column, message). */
    errors: jsonb('errors').$type<unknown>().notNull().default([]),
    /** Who uploaded the file (the dry run). */
    staffId: text('staff_id'),
    staffEmail: text('staff_email').notNull(),
    /** Who started the import: the job writes the products as them (and audits them). */
    startedById: text('started_by_id'),
    startedByEmail: text('started_by_email'),
    /** Every product's pictures the file names (slug, first SKU, pictures), whatever the product's action. */
    pictureSources: jsonb('picture_sources').$type<unknown>().notNull().default([]),
    /** The picture hosts the owner allowed when starting it; none: no picture is fetched. */
    pictureHosts: jsonb('picture_hosts').$type<string[]>().notNull().default([]),
    picturesTotal: integer('pictures_total').notNull().default(0),
    picturesFetched: integer('pictures_fetched').notNull().default(0),
    picturesFailed: integer('pictures_failed').notNull().default(0),
    /** Products of picture_sources whose pictures are done (the picture job goes on from here). */
    picturesDone: integer('pictures_done').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('catalog_imports_hash_idx').on(t.contentHash),
    check('catalog_imports_status_ck', sql`${t.status} in ('checked', 'queued', 'running', 'done', 'failed')`),
  ],
);
