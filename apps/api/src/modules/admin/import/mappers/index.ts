import { adminImportMessages as msg, type ImportFormat } from '@shopfront/shared';
import { fieldError } from '../../../../lib/http.ts';
import type { CsvTable } from '../csv-read.ts';
import { flagHandlesTwice, type MapContext, type MappedProduct } from './common.ts';
import { SHOPFRONT_HEADERS, mapShopfront } from './shopfront.ts';
import { SHOPIFY_HEADERS, mapShopify } from './shopify.ts';
import { WOO_HEADERS, mapWooCommerce } from './woocommerce.ts';

const FORMATS: { format: ImportFormat; headers: string[]; caseSensitive: boolean }[] = [
  { format: 'shopify', headers: SHOPIFY_HEADERS, caseSensitive: true },
  { format: 'woocommerce', headers: WOO_HEADERS, caseSensitive: true },
  { format: 'shopfront', headers: SHOPFRONT_HEADERS, caseSensitive: true },
];

/** Which export the header row is: the one whose telling headers it all has (422 when none). */
export function detectFormat(headers: readonly string[]): ImportFormat {
  const have = new Set(headers.map((h) => h.trim()));
  const found = FORMATS.find((f) => f.headers.every((h) => have.has(h)));
  if (!found) throw fieldError('file', msg.unknownFormat);
  return found.format;
}

/** The file's products in our terms, each with the row and column of every problem found. */
export function mapTable(table: CsvTable, ctx: MapContext): { format: ImportFormat; products: MappedProduct[] } {
  const format = detectFormat(table.headers);
  const map = { shopify: mapShopify, woocommerce: mapWooCommerce, shopfront: mapShopfront }[format];
  const products = map(table, ctx);
  flagHandlesTwice(products);
  return { format, products };
}
