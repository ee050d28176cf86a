/**
 * The bulk editor's cells (issue 26) without zod, so the panel's grid checks each cell as the
 * owner types with the server's own rules and messages (schemas/admin-bulk.ts has the rest).
 */

/** The same bounds as the catalogue's PRICE_MAX_MINOR and STOCK_MAX (bulk.test.ts checks they agree). */
export const BULK_PRICE_MAX_MINOR = 1_000_000_000;
export const BULK_STOCK_MAX = 1_000_000;

export const BULK_FIELDS = ['price', 'compare_at', 'stock', 'published'] as const;
export type BulkField = (typeof BULK_FIELDS)[number];
/** Cells one save may carry. */
export const BULK_MAX_CELLS = 1000;
/** Products one page of the grid shows (all their variants). */
export const BULK_PAGE_SIZE = 25;

export const adminBulkMessages = {
  price: `A price is 0 or more, in whole paise or fils (at most two decimals), up to ${BULK_PRICE_MAX_MINOR / 100}`,
  compareAt: 'The compare-at price must be empty or more than the price',
  stock: `Stock is a whole number from 0 to ${BULK_STOCK_MAX.toLocaleString('en-IN')}`,
  stockBelowZero: 'Stock cannot go below zero (sales since you opened the grid took some)',
  published: 'Published is yes or no',
  notFound: 'This variant no longer exists. Reload the grid',
  productNotFound: 'This product no longer exists. Reload the grid',
  archived: 'This product is archived; it cannot be published from here',
  noPrice: 'This variant has no price in this channel; add one in the product editor',
  twice: 'This cell is in the batch twice',
  publishedTwice: 'This product’s published state is already in the batch (from another of its variants)',
  changed: (now: string) => `Changed by someone else since you opened the grid (now ${now}). Reload and try again`,
  invalid: 'Some cells are not valid; nothing was saved',
  conflict: 'Some cells changed since you opened the grid; nothing was saved',
  saved: (n: number) => `${n} ${n === 1 ? 'change' : 'changes'} saved`,
  undoChanged: (what: string) =>
    `This cannot be undone: ${what} has changed since (a sale or another edit). Reload to see its current values`,
  unknownChannel: 'There is no sales channel with this id',
} as const;

/** The error key of a cell: `<row>.<field>` (the panel shows the message beside that cell). */
export const bulkCellKey = (row: string, field: BulkField) => `${row}.${field}`;

/**
 * A cell's own check (the panel runs it as the owner types; the server again): the message, or
 * null when fine. `price` is the row's price after the batch, for compare-at.
 */
export function bulkCellError(field: BulkField, value: unknown, price?: number | null): string | null {
  const whole = (n: unknown, max: number) => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= max;
  switch (field) {
    case 'price':
      return whole(value, BULK_PRICE_MAX_MINOR) ? null : adminBulkMessages.price;
    case 'compare_at':
      if (value === null) return null;
      if (!whole(value, BULK_PRICE_MAX_MINOR)) return adminBulkMessages.price;
      return typeof price === 'number' && (value as number) <= price ? adminBulkMessages.compareAt : null;
    case 'stock':
      return whole(value, BULK_STOCK_MAX) ? null : adminBulkMessages.stock;
    case 'published':
      return typeof value === 'boolean' ? null : adminBulkMessages.published;
  }
}
