import { createHash } from 'node:crypto';
import {
  adminImportMessages as msg,
  type AdminImportIssue,
  type AdminProductCreate,
  type ImportFormat,
} from '@shopfront/shared';
import type { z } from 'zod';
import type { AdminProductCreateSchema } from '@shopfront/shared';
import type { CsvTable } from '../csv-read.ts';

/** What a product is in the file: the create body as the mapper read it, before validation. */
export type ProductInput = Partial<z.input<typeof AdminProductCreateSchema>> & {
  title: string;
  slug: string;
  variants: VariantInput[];
};
/** A variant as the file gives it: no `stock` when its cell is blank or its column missing (left as it is). */
export type VariantInput = Omit<AdminProductCreate['variants'][number], 'stock'> & { stock?: number };

/** Which column a field of the product came from, to name it in an error. */
export interface ColumnNames {
  /** A product field (title, slug, brand, …) → its header. */
  product: Partial<Record<string, string>>;
  /** Variant field (sku, price, compare_at, stock, options) → its header; a price per channel may have its own. */
  variant: Partial<Record<'sku' | 'stock' | 'options' | 'price' | 'compare_at', string>>;
  /** A channel's price and compare-at headers (our own format's per-channel columns). */
  channelPrice?: Record<string, { price: string; compare_at: string }>;
}

/** A picture the file names: its URL and where (row, column), its alt text and variant when the format has them. */
export interface PictureSource {
  url: string;
  row: number;
  column: string;
  alt: string;
  /** The option value (a colour) of the variant the picture is for; null for the whole product. */
  option_value: string | null;
}

/** Adds each URL of `urls` not yet among `p`'s pictures. */
export function addPictures(p: MappedProduct, urls: string[], at: Omit<PictureSource, 'url'>): void {
  for (const url of urls) if (url && !p.pictures.some((x) => x.url === url)) p.pictures.push({ url, ...at });
}

/** One product of the file. */
export interface MappedProduct {
  /** The product's first row (a spreadsheet's row number). */
  row: number;
  /** Each variant's row, in order. */
  variantRows: number[];
  input: ProductInput;
  columns: ColumnNames;
  /** The pictures the file gives the product, in file order (fetched from the hosts the owner allows). */
  pictures: PictureSource[];
  /** Errors the mapper found (bad numbers, …): the product is not written. */
  issues: AdminImportIssue[];
}

export interface MapContext {
  /** The default channel: Shopify's and WooCommerce's prices are in it. */
  channel: { id: string; currency: string; digits: number };
  /** Every channel (our own format has a price column per channel). */
  channels: { id: string; currency: string; digits: number }[];
}

export interface Mapped {
  format: ImportFormat;
  products: MappedProduct[];
}

/** A table row's cells by header (first column of a name wins; missing cells are ''). */
export function cellsOf(table: CsvTable) {
  const index = new Map<string, number>();
  table.headers.forEach((h, i) => {
    const key = h.toLowerCase();
    if (!index.has(key)) index.set(key, i);
  });
  const has = (name: string) => index.has(name.toLowerCase());
  /** The header as the file spells it. */
  const header = (name: string) => table.headers[index.get(name.toLowerCase()) ?? -1] ?? name;
  const cell = (row: string[], name: string) => {
    const i = index.get(name.toLowerCase());
    return i === undefined ? '' : (row[i] ?? '').trim();
  };
  return { has, header, cell };
}

export const rowNumber = (index: number) => index + 2;

/**
 * Decimal major units to integer minor units exactly, by digits (never through a float):
 * "19.99" → 1999, "20" → 2000, "5.5" → 550. null for an empty cell; an error message for a
 * negative, a non-number or more decimals than the currency has.
 */
export function parseMoney(raw: string, digits: number): number | null | { error: string } {
  const s = raw.trim().replace(/^[^\d\-.]*(?=[\d.])/, '');
  if (raw.trim() === '') return null;
  const m = /^(-)?(\d{0,12})(?:\.(\d*))?$/.exec(s);
  if (!m || (m[2] === '' && !m[3])) return { error: msg.price };
  if (m[1]) return { error: msg.price };
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) return { error: msg.priceDecimals(digits) };
  return Number((m[2] || '0') + fraction.padEnd(digits, '0'));
}

/**
 * A whole, non-negative stock count; null for an empty cell (WooCommerce leaves Stock blank for a
 * product whose stock it does not manage): the shop's count is left as it is (a new variant: 0).
 */
export function parseStock(raw: string): number | null | { error: string } {
  const s = raw.trim();
  if (s === '') return null;
  if (!/^-?\d+(?:\.0+)?$/.test(s)) return { error: msg.stock };
  const n = Number.parseInt(s, 10);
  return n < 0 ? { error: msg.stock } : n;
}

/** The longest HTML description cell read (a longer one is a row error, never parsed). */
export const HTML_CELL_MAX = 100_000;

/** An HTML description cell as blocks, or a row error when it is longer than HTML_CELL_MAX. */
export function descriptionOf(
  p: Pick<MappedProduct, 'issues'>,
  row: number,
  column: string,
  html: string,
): NonNullable<ProductInput['description']> {
  if (html.length <= HTML_CELL_MAX) return blocksOf(html);
  p.issues.push({ row, column, message: msg.htmlTooLong(HTML_CELL_MAX) });
  return [];
}

/** A product's slug from a handle or title: Latin letters and digits, else a short hash of it. */
export function slugOf(s: string): string {
  const slug = s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120)
    .replace(/-$/, '');
  return slug || (s.trim() ? `p-${createHash('sha256').update(s.trim()).digest('hex').slice(0, 12)}` : '');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decodeEntities = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : all;
    }
    return ENTITIES[e.toLowerCase()] ?? all;
  });

/** HTML as plain text: tags dropped, entities decoded, spaces collapsed. */
export const plainOf = (html: string) =>
  decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

/** An HTML description as the product's blocks: a paragraph per block element, a list per ul/ol. */
export function blocksOf(html: string): NonNullable<ProductInput['description']> {
  const blocks: NonNullable<ProductInput['description']> = [];
  const parts = html.split(/(<(?:ul|ol)[^>]*>[\s\S]*?<\/(?:ul|ol)>)/i);
  for (const part of parts) {
    const list = /^<(ul|ol)/i.exec(part);
    if (list) {
      const items = [...part.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/gi)].map((m) => plainOf(m[1]!)).filter(Boolean);
      if (items.length)
        blocks.push({ type: 'list', items: items.slice(0, 50), ordered: list[1]!.toLowerCase() === 'ol' });
      continue;
    }
    for (const chunk of part.split(/<\/?(?:p|div|h[1-6]|br|blockquote)[^>]*>|\n\s*\n/i)) {
      const text = plainOf(chunk);
      if (text) blocks.push({ type: 'paragraph', text });
    }
  }
  return blocks.slice(0, 100);
}

/** A list cell split on `sep`, items trimmed, empties dropped. */
export const listOf = (raw: string, sep: string | RegExp) =>
  raw
    .split(sep)
    .map((s) => s.trim())
    .filter(Boolean);

/** Keeps the first product with each SKU; a later variant with it is an error on its row. */
export function flagSkusTwice(products: MappedProduct[], skuColumn: (p: MappedProduct) => string): void {
  const seen = new Map<string, number>();
  for (const p of products) {
    p.input.variants.forEach((v, i) => {
      const key = v.sku.toLowerCase();
      if (!key) return;
      const first = seen.get(key);
      if (first !== undefined && !p.variantRows.includes(first)) {
        p.issues.push({ row: p.variantRows[i]!, column: skuColumn(p), message: msg.skuTwiceInFile(first) });
      } else if (first === undefined) seen.set(key, p.variantRows[i]!);
    });
  }
}

/**
 * Keeps the first product with each handle: a later, different product whose handle (or, for
 * WooCommerce, the handle made from its name) is the same is an error on its row, never written
 * over the first.
 */
export function flagHandlesTwice(products: MappedProduct[]): void {
  const seen = new Map<string, number>();
  for (const p of products) {
    const key = p.input.slug;
    if (!key || p.input.variants.length === 0) continue;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, p.row);
    else p.issues.push({ row: p.row, column: p.columns.product.slug ?? null, message: msg.handleTwiceInFile(first) });
  }
}

/**
 * A Shopify or WooCommerce variant's SKU, price (with its compare-at) and stock from the columns
 * `names` gives, each bad cell an issue on `row`. `pairing` says how the two money columns go:
 * Shopify's `compare` (a compare-at equal to the price is no sale) or WooCommerce's `sale` (a sale
 * price below the regular price is the price, the regular its compare-at).
 */
export function priceStockOf(
  p: Pick<MappedProduct, 'issues'>,
  row: number,
  ctx: MapContext,
  cells: { cell: (name: string) => string; header: (name: string) => string },
  names: { sku: string; price: string; second: string; stock: string },
  pairing: 'compare' | 'sale',
): Omit<VariantInput, 'options'> {
  const issue = (name: string, message: string) => p.issues.push({ row, column: cells.header(name), message });
  const sku = cells.cell(names.sku);
  const price = parseMoney(cells.cell(names.price), ctx.channel.digits);
  const second = parseMoney(cells.cell(names.second), ctx.channel.digits);
  const stock = parseStock(cells.cell(names.stock));
  if (!sku) issue(names.sku, msg.skuRequired);
  if (price === null) issue(names.price, msg.priceRequired);
  if (price !== null && typeof price === 'object') issue(names.price, price.error);
  if (second !== null && typeof second === 'object') issue(names.second, second.error);
  if (stock !== null && typeof stock === 'object') issue(names.stock, stock.error);
  const priceMinor = typeof price === 'number' ? price : 0;
  const secondMinor = typeof second === 'number' ? second : null;
  let minor = priceMinor;
  let compareAt: number | null = null;
  if (pairing === 'compare') {
    // Shopify writes the compare-at equal to the price for "no sale"; only a higher one is a sale.
    compareAt = secondMinor === priceMinor ? null : secondMinor;
    if (compareAt !== null && compareAt < priceMinor) issue(names.second, msg.compareAtBelow);
  } else {
    if (secondMinor !== null && secondMinor > priceMinor) issue(names.second, msg.compareAtBelow);
    if (secondMinor !== null && secondMinor < priceMinor) [minor, compareAt] = [secondMinor, priceMinor];
  }
  return {
    sku,
    ...(typeof stock === 'number' ? { stock } : {}),
    prices: [{ channel_id: ctx.channel.id, price_minor: minor, compare_at_minor: compareAt }],
  };
}
