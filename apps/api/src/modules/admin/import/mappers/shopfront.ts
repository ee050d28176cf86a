import { adminImportMessages as msg, type AdminImportIssue } from '@shopfront/shared';
import type { CsvTable } from '../csv-read.ts';
import {
  addPictures,
  cellsOf,
  flagSkusTwice,
  listOf,
  parseMoney,
  parseStock,
  rowNumber,
  type ColumnNames,
  type MapContext,
  type MappedProduct,
  type ProductInput,
  type VariantInput,
} from './common.ts';

/** Headers that tell this shop's own products export apart (docs/csv-formats.md). */
export const SHOPFRONT_HEADERS = ['handle', 'title', 'sku', 'stock'];

const SEP = '|';
const OPTIONS = [1, 2, 3] as const;

/**
 * This shop's products export, read back: one row per variant, grouped by handle; the product's
 * fields from its first row; a price and compare-at pair per channel (a blank price: not sold
 * there). The long description is not in the file and is left as it is.
 */
export function mapShopfront(table: CsvTable, ctx: MapContext): MappedProduct[] {
  const { cell, header, has } = cellsOf(table);
  const priced = ctx.channels.filter((c) => has(`price_${c.id}`));
  const columns: ColumnNames = {
    product: Object.fromEntries(
      [
        'title',
        'status',
        'publish_at',
        'brand',
        'category',
        'collections',
        'tags',
        'short_description',
        'seo_title',
        'seo_description',
        'hsn_code',
        'tax_class',
        'weight_grams',
      ].map((k) => [k, header(k)]),
    ),
    variant: { sku: header('sku'), stock: header('stock'), options: header('option1_value') },
    channelPrice: Object.fromEntries(
      priced.map((c) => [c.id, { price: header(`price_${c.id}`), compare_at: header(`compare_at_price_${c.id}`) }]),
    ),
  };
  columns.product.slug = header('handle');
  const byHandle = new Map<string, MappedProduct & { optionNames: string[] }>();

  table.rows.forEach((r, index) => {
    const row = rowNumber(index);
    const handle = cell(r, 'handle');
    const key = handle || `row-${row}`;
    let p = byHandle.get(key);
    if (!p) {
      const optionNames = OPTIONS.map((n) => cell(r, `option${n}_name`)).filter(Boolean);
      const status = cell(r, 'status');
      const weight = cell(r, 'weight_grams');
      const input: ProductInput = {
        title: cell(r, 'title'),
        slug: handle,
        short_description: cell(r, 'short_description'),
        brand: cell(r, 'brand') || null,
        category: cell(r, 'category') || null,
        collections: listOf(cell(r, 'collections'), SEP),
        tags: listOf(cell(r, 'tags'), SEP),
        seo_title: cell(r, 'seo_title') || null,
        seo_description: cell(r, 'seo_description') || null,
        hsn_code: cell(r, 'hsn_code') || null,
        weight_grams: weight === '' ? null : /^\d+$/.test(weight) ? Number(weight) : (weight as unknown as number),
        options: optionNames.map((name) => ({ name, values: [] })),
        variants: [],
      };
      // A blank or missing tax class leaves the shop's as it is (a new product: standard).
      if (cell(r, 'tax_class')) input.tax_class = cell(r, 'tax_class');
      // An archived product stays archived: the import does not name its status.
      if (status && status !== 'archived') input.status = status as ProductInput['status'];
      if (status === 'scheduled') input.publish_at = cell(r, 'publish_at') || null;
      p = {
        row,
        variantRows: [],
        optionNames,
        columns,
        pictures: [],
        issues: [],
        input,
      };
      addPictures(p, listOf(cell(r, 'image_urls'), SEP), {
        row,
        column: header('image_urls'),
        alt: '',
        option_value: null,
      });
      if (!handle) p.issues.push({ row, column: header('handle'), message: msg.handleRequired });
      if (!input.title) p.issues.push({ row, column: header('title'), message: msg.titleRequired });
      byHandle.set(key, p);
    }
    p.variantRows.push(row);
    p.input.variants.push(variantOf(r, row, p, priced, cell, header));
  });

  const products = [...byHandle.values()].map(({ optionNames: _, ...p }) => p);
  flagSkusTwice(products, () => header('sku'));
  return products;
}

function variantOf(
  r: string[],
  row: number,
  p: MappedProduct & { optionNames: string[] },
  channels: MapContext['channels'],
  cell: (r: string[], n: string) => string,
  header: (n: string) => string,
): VariantInput {
  const issue = (column: string, message: string) => p.issues.push({ row, column: header(column), message });
  const options: Record<string, string> = {};
  p.optionNames.forEach((name, i) => {
    const value = cell(r, `option${i + 1}_value`);
    options[name] = value;
    const o = p.input.options![i]!;
    if (value && !o.values.includes(value)) o.values.push(value);
  });
  const prices: VariantInput['prices'] = [];
  for (const c of channels) {
    const price = parseMoney(cell(r, `price_${c.id}`), c.digits);
    const compare = parseMoney(cell(r, `compare_at_price_${c.id}`), c.digits);
    if (price !== null && typeof price === 'object') issue(`price_${c.id}`, price.error);
    if (compare !== null && typeof compare === 'object') issue(`compare_at_price_${c.id}`, compare.error);
    if (typeof price !== 'number') continue;
    const compareMinor = typeof compare === 'number' ? compare : null;
    if (compareMinor !== null && compareMinor <= price) issue(`compare_at_price_${c.id}`, msg.compareAtBelow);
    prices.push({ channel_id: c.id, price_minor: price, compare_at_minor: compareMinor });
  }
  if (prices.length === 0 && !p.issues.some((i: AdminImportIssue) => i.row === row))
    issue(channels[0] ? `price_${channels[0].id}` : 'sku', msg.priceRequired);
  // A blank stock cell leaves the shop's count as it is (a new variant: 0).
  const stock = parseStock(cell(r, 'stock'));
  if (stock !== null && typeof stock === 'object') issue('stock', stock.error);
  const sku = cell(r, 'sku');
  if (!sku) issue('sku', msg.skuRequired);
  return { sku, options, ...(typeof stock === 'number' ? { stock } : {}), prices };
}
