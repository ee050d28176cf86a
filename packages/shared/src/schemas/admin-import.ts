import { z } from '../zod.ts';

/**
 * The product import (issue 26, area `catalog`: owner and manager). An upload is checked first
 * (the dry run: nothing written) and answers a report; the owner then starts the import, a
 * background job whose progress the panel polls. Formats: Shopify's product export,
 * WooCommerce's, and this shop's own products export (docs/csv-formats.md).
 */

const MiB = 1_048_576;
export const IMPORT_LIMITS = { maxBytes: 20 * MiB, maxRows: 100_000, maxRowBytes: MiB } as const;
/** Errors and product lines a report carries (the counts cover all of them). */
export const IMPORT_REPORT_MAX = 1_000;

export const IMPORT_FORMATS = ['shopify', 'woocommerce', 'shopfront'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const IMPORT_FORMAT_LABELS: Record<ImportFormat, string> = {
  shopify: 'Shopify product export',
  woocommerce: 'WooCommerce product export',
  shopfront: 'Shopfront products export',
};

export const IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'error'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

export const adminImportMessages = {
  notMultipart: 'Send the CSV file as multipart/form-data in the field "file"',
  required: 'Choose a CSV file to import',
  oneFile: 'Send one file per import',
  tooLarge: `This file is too large: an import can be at most ${IMPORT_LIMITS.maxBytes / MiB} MB`,
  tooManyRows: `This file has more than ${IMPORT_LIMITS.maxRows.toLocaleString('en-IN')} rows: split it into smaller files`,
  unreadable: 'This upload could not be read: it may be cut short. Try again',
  encoding: (line: number) =>
    `This file is not UTF-8 text (line ${line} has bytes that are not): save it as “CSV UTF-8” and try again`,
  empty: 'This file has no rows under its header',
  rowTooLarge: (line: number) =>
    `Line ${line} of this file holds more than 1 MB in one row: it is probably a broken quote or not a product export`,
  malformed: (line: number, why: string) => `Line ${line} of this file cannot be read as CSV: ${why}`,
  unknownFormat:
    'This file is not a product export we know: use Shopify’s or WooCommerce’s product export, or this shop’s own (its header row names the columns)',
  importNotFound: 'Import not found',
  notStartable: 'This import has already been started',
  nothingToDo: 'Nothing to import: every product in this file is either unchanged or has errors',
  started: 'Import started',
  // Row errors.
  titleRequired: 'A product needs a title',
  handleRequired: 'A product needs a handle (or a title to make one from)',
  price: 'A price is a number such as 19.99, not negative',
  priceDecimals: (digits: number) => `This currency has ${digits} decimal places at most`,
  priceRequired: 'A variant needs a price',
  compareAtBelow: 'The compare-at price must be empty or more than the price',
  stock: 'Stock is a whole number, not negative',
  skuRequired: 'A variant needs a SKU',
  skuTwiceInFile: (row: number) => `This SKU is also on row ${row} of this file`,
  skuOtherProduct: 'Another product in the shop already uses this SKU',
  handleTwiceInFile: (row: number) =>
    `Another product on row ${row} of this file has the same handle: give one of them a different name or handle`,
  htmlTooLong: (max: number) => `A description is at most ${max.toLocaleString('en-IN')} characters`,
  unknownTaxClass: (key: string) => `There is no tax class "${key}" in this shop's tax rates`,
  stockChangedSinceCheck: (now: number) =>
    `The stock changed since the check (a sale or another change): it is now ${now}. Nothing of this product was written; check the file again`,
  variationWithoutParent: 'This variation names a parent that is not in the file',
  tooManyOptions: 'A product has at most 3 options',
  // Picture hosts and fetching.
  hostNotInFile: 'Choose only hosts whose pictures are in this file',
  hostEntry: 'A picture host is a host name (fetched over https) or an origin such as http://192.168.1.5:8080',
  hostNotAllowed: 'Host not allowed',
  notWebAddress: 'Not a web address (http or https)',
  addressNotAllowed: 'Address not allowed',
  notPicture: 'Not a picture',
  pictureTooLarge: 'Too large',
  timedOut: 'Timed out',
  tooManyRedirects: 'Could not fetch (more than 3 redirects)',
  couldNotFetch: (why: string) => `Could not fetch (${why})`,
  picturesStopped: 'Fetching the pictures stopped on an error',
} as const;

/** Most picture hosts a start can allow. */
export const IMPORT_PICTURE_HOSTS_MAX = 100;

/**
 * A picture host the owner allows: a host name, fetched over https only (`cdn.shopify.com`,
 * `shop.example:8443`), or an origin `http://host:port` of a shop that serves pictures without
 * TLS. A picture's URL matches an entry only exactly (its scheme too).
 */
export const ImportPictureHostSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(300)
  // A host name may end in a dot (`cdn.shopify.com.`, as a URL may write it): matched as written.
  .regex(
    /^(?:http:\/\/)?(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/,
    adminImportMessages.hostEntry,
  );

/** The host entry a picture URL falls under (https: its host; http: its origin); null when not http(s). */
export function pictureHostOf(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.username || u.password) return null;
  if (u.protocol === 'https:') return u.host;
  if (u.protocol === 'http:') return u.origin;
  return null;
}

export const AdminImportIssueSchema = z.object({
  /** The file's line number as a spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  /** The column's header as in the file; null for the row as a whole. */
  column: z.string().nullable(),
  message: z.string(),
});
export type AdminImportIssue = z.infer<typeof AdminImportIssueSchema>;

export const AdminImportLineSchema = z.object({
  /** The product's first row. */
  row: z.number().int(),
  handle: z.string(),
  title: z.string(),
  variants: z.number().int(),
  action: z.enum(IMPORT_ACTIONS),
});
export type AdminImportLine = z.infer<typeof AdminImportLineSchema>;

export const AdminImportReportSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  format: z.enum(IMPORT_FORMATS),
  /** Data rows in the file (without the header). */
  rows: z.number().int(),
  counts: z.object({
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    error: z.number().int(),
  }),
  /** Every error up to IMPORT_REPORT_MAX, in file order; errors_total counts them all. */
  errors: z.array(AdminImportIssueSchema),
  errors_total: z.number().int(),
  /** The products in file order, up to IMPORT_REPORT_MAX. */
  lines: z.array(AdminImportLineSchema),
  /**
   * Picture URLs in the file, and how many per host (most first); `allowed`: the hosts the owner
   * allowed before that are among them (pre-ticked). Only pictures of allowed hosts are fetched.
   */
  pictures: z.object({
    urls: z.number().int(),
    hosts: z.array(z.object({ host: z.string(), pictures: z.number().int() })),
    allowed: z.array(z.string()),
  }),
  /** When this very file (same bytes) was imported before, else null. */
  imported_before: z.string().nullable(),
});
export type AdminImportReport = z.infer<typeof AdminImportReportSchema>;

export const AdminImportProgressSchema = z.object({
  id: z.number().int(),
  status: z.enum(['checked', 'queued', 'running', 'done', 'failed']),
  products_total: z.number().int(),
  products_done: z.number().int(),
  /** Products created or updated so far. */
  changed: z.number().int(),
  /** Products that could not be written when the import ran. */
  failed: z.number().int(),
  errors: z.array(AdminImportIssueSchema),
  finished_at: z.string().nullable(),
  /**
   * The pictures of the allowed hosts, fetched by their own job after the products: fetched (or
   * already on the product), failed (a row error each), waiting. All 0 when no host was allowed.
   */
  pictures: z.object({
    total: z.number().int(),
    fetched: z.number().int(),
    failed: z.number().int(),
    waiting: z.number().int(),
  }),
});
export type AdminImportProgress = z.infer<typeof AdminImportProgressSchema>;

export const AdminImportParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53),
});
/** Starting an import: the picture hosts (of the report's) the owner allows; none: no picture is fetched. */
export const AdminImportStartSchema = z
  .object({ picture_hosts: z.array(ImportPictureHostSchema).max(IMPORT_PICTURE_HOSTS_MAX).default([]) })
  .strict()
  .nullish();
export type AdminImportStart = z.infer<typeof AdminImportStartSchema>;
