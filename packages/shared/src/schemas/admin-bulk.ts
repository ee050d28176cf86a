import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { AdminProductsQuerySchema, PRODUCT_STATUSES } from './admin-catalog.ts';
import { BULK_FIELDS, BULK_MAX_CELLS } from './admin-bulk-cells.ts';
import { identifierText } from './identifier.ts';

/**
 * The bulk editor (issue 26): a grid of variants (price and compare-at in one channel, stock, the
 * product's published state), filtered like the product list, saved as one audited batch of cell
 * edits that one Undo takes back. Each cell carries the value the owner saw (`was`): a price,
 * compare-at or published cell applies only while it is still that (else 409 naming the cell); a
 * stock cell is applied as the change the owner made (value - was) to the stock as it is then, so
 * a sale meanwhile and the restock both count (docs/decisions/0035-bulk-editor.md).
 */

/** GET /api/admin/catalog/bulk: the product list's filters and keyset pages, plus the channel to price in. */
export const AdminBulkQuerySchema = AdminProductsQuerySchema.extend({
  /** The channel whose prices the grid shows (default: the default storefront's). */
  channel: identifierText(60).optional(),
});
export type AdminBulkQuery = z.input<typeof AdminBulkQuerySchema>;

export const AdminBulkRowSchema = z.object({
  variant_id: z.string(),
  product_id: z.string(),
  product_title: z.string(),
  variant_title: z.string(),
  sku: z.string(),
  /** null: the variant has no price in this channel. */
  price_minor: z.number().int().nullable(),
  compare_at_minor: z.number().int().nullable(),
  stock: z.number().int(),
  published: z.boolean(),
  status: z.enum(PRODUCT_STATUSES),
  /** The product's version (ETag of the product editor); a bulk save moves it on. */
  product_version: z.number().int(),
});
export type AdminBulkRow = z.infer<typeof AdminBulkRowSchema>;

export const AdminBulkPageSchema = z.object({
  channel: z.object({ id: z.string(), currency: z.string() }),
  channels: z.array(z.object({ id: z.string(), name: z.string(), currency: z.string() })),
  rows: z.array(AdminBulkRowSchema),
  next_cursor: z.string().nullable(),
});
export type AdminBulkPage = z.infer<typeof AdminBulkPageSchema>;

const cellValue = z.union([z.number(), z.boolean(), z.null()], { error: messages.invalidData });

/**
 * One edited cell. `row`: the variant's id (published: any variant of the product, or the
 * product's id). `was`: the value the grid showed.
 */
export const AdminBulkCellSchema = z.object({
  row: identifierText(64),
  field: z.enum(BULK_FIELDS, { error: `The field must be one of: ${BULK_FIELDS.join(', ')}` }),
  value: cellValue,
  was: cellValue,
});
export type AdminBulkCell = z.infer<typeof AdminBulkCellSchema>;

/** POST /api/admin/catalog/bulk. */
export const AdminBulkSaveSchema = z.object({
  channel_id: identifierText(60),
  cells: z
    .array(AdminBulkCellSchema)
    .min(1, { error: 'Nothing to save' })
    .max(BULK_MAX_CELLS, { error: messages.atMost(BULK_MAX_CELLS) }),
});
export type AdminBulkSave = z.infer<typeof AdminBulkSaveSchema>;

export const AdminBulkSavedSchema = z.object({
  /** The saved rows as they are now. */
  rows: z.array(AdminBulkRowSchema),
  changed: z.number().int(),
});
export type AdminBulkSaved = z.infer<typeof AdminBulkSavedSchema>;
