import { PICTURE_LIMITS, adminImportMessages as msg, type AdminImportIssue } from '@shopfront/shared';
import type { CsvTable } from '../csv-read.ts';
import {
  addPictures,
  cellsOf,
  descriptionOf,
  flagSkusTwice,
  listOf,
  priceStockOf,
  rowNumber,
  slugOf,
  type MapContext,
  type MappedProduct,
  type VariantInput,
} from './common.ts';

/** Headers that tell Shopify's product export apart. */
export const SHOPIFY_HEADERS = ['Handle', 'Title', 'Variant SKU', 'Variant Price'];

const OPTIONS = [1, 2, 3] as const;

/**
 * Shopify's product export: several rows per Handle. The first row holds the product (Title,
 * Body (HTML), Vendor, Tags, Published/Status, SEO fields, option names); every row with a variant
 * cell (an option value, SKU or price) is a variant; a row with only Image Src adds a picture.
 * A product with the single option "Title" / "Default Title" has no options.
 */
export function mapShopify(table: CsvTable, ctx: MapContext): MappedProduct[] {
  const { cell, header, has } = cellsOf(table);
  const byHandle = new Map<string, MappedProduct & { optionNames: string[] }>();
  const columns = {
    product: {
      title: header('Title'),
      slug: header('Handle'),
      brand: header('Vendor'),
      tags: header('Tags'),
      description: header('Body (HTML)'),
      seo_title: header('SEO Title'),
      seo_description: header('SEO Description'),
      status: has('Status') ? header('Status') : header('Published'),
      options: header('Option1 Name'),
    },
    variant: {
      sku: header('Variant SKU'),
      price: header('Variant Price'),
      compare_at: header('Variant Compare At Price'),
      stock: header('Variant Inventory Qty'),
      options: header('Option1 Value'),
    },
  };

  table.rows.forEach((r, index) => {
    const row = rowNumber(index);
    const handle = cell(r, 'Handle');
    const key = handle || `row-${row}`;
    let p = byHandle.get(key);
    if (!p) {
      const issues: AdminImportIssue[] = [];
      const names = OPTIONS.map((n) => cell(r, `Option${n} Name`)).filter(Boolean);
      const optionNames = names.length === 1 && names[0] === 'Title' ? [] : names;
      const status = (cell(r, 'Status') || (/^(true|yes|1)$/i.test(cell(r, 'Published')) ? 'active' : 'draft'))
        .toLowerCase()
        .trim();
      p = {
        row,
        variantRows: [],
        optionNames,
        columns,
        pictures: [],
        issues,
        input: {
          title: cell(r, 'Title'),
          slug: slugOf(handle),
          status: status === 'active' ? 'published' : 'draft',
          // No short description in Shopify's export: the shop's is left as it is.
          description: descriptionOf({ issues }, row, header('Body (HTML)'), cell(r, 'Body (HTML)')),
          brand: cell(r, 'Vendor') || null,
          tags: [...new Set(listOf(cell(r, 'Tags'), ','))].slice(0, 30),
          seo_title: cell(r, 'SEO Title') || null,
          seo_description: cell(r, 'SEO Description') || null,
          options: optionNames.map((name) => ({ name, values: [] })),
          variants: [],
        },
      };
      if (!handle) p.issues.push({ row, column: header('Handle'), message: msg.handleRequired });
      if (!p.input.title) p.issues.push({ row, column: header('Title'), message: msg.titleRequired });
      byHandle.set(key, p);
    }
    const alt = cell(r, 'Image Alt Text').slice(0, PICTURE_LIMITS.altMax);
    addPictures(p, [cell(r, 'Image Src')], { row, column: header('Image Src'), alt, option_value: null });
    addPictures(p, [cell(r, 'Variant Image')], {
      row,
      column: header('Variant Image'),
      alt: '',
      option_value: cell(r, 'Option1 Value') || null,
    });
    const isVariant =
      cell(r, 'Variant SKU') !== '' || cell(r, 'Variant Price') !== '' || cell(r, 'Option1 Value') !== '';
    if (!isVariant) return;
    const variant = variantOf(r, row, p, ctx, cell, header);
    p.variantRows.push(row);
    p.input.variants.push(variant);
  });

  const products = [...byHandle.values()].map(({ optionNames: _, ...p }) => p);
  for (const p of products) {
    if (p.input.variants.length === 0)
      p.issues.push({ row: p.row, column: header('Variant Price'), message: msg.priceRequired });
  }
  flagSkusTwice(products, () => header('Variant SKU'));
  return products;
}

function variantOf(
  r: string[],
  row: number,
  p: MappedProduct & { optionNames: string[] },
  ctx: MapContext,
  cell: (r: string[], n: string) => string,
  header: (n: string) => string,
): VariantInput {
  const options: Record<string, string> = {};
  p.optionNames.forEach((name, i) => {
    const value = cell(r, `Option${i + 1} Value`);
    options[name] = value;
    const o = p.input.options![i]!;
    if (value && !o.values.includes(value)) o.values.push(value);
  });
  const cells = { cell: (n: string) => cell(r, n), header };
  const names = {
    sku: 'Variant SKU',
    price: 'Variant Price',
    second: 'Variant Compare At Price',
    stock: 'Variant Inventory Qty',
  };
  const v = priceStockOf(p, row, ctx, cells, names, 'compare');
  return { ...v, options };
}
