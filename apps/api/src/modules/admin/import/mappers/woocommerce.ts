import { adminImportMessages as msg, type AdminImportIssue } from '@shopfront/shared';
import type { CsvTable } from '../csv-read.ts';
import {
  addPictures,
  cellsOf,
  descriptionOf,
  flagSkusTwice,
  listOf,
  plainOf,
  priceStockOf,
  rowNumber,
  slugOf,
  type MapContext,
  type MappedProduct,
  type VariantInput,
} from './common.ts';

/** Headers that tell WooCommerce's product export apart. */
export const WOO_HEADERS = ['Type', 'SKU', 'Name', 'Regular price'];

type Cells = ReturnType<typeof cellsOf>;

/**
 * WooCommerce's product export: one row per product; a `variable` product's `variation` rows name
 * it in Parent (`id:<ID>` or its SKU). A simple product is one variant with its own SKU. Attributes
 * (Attribute N name / value(s)) become options: the variable product's comma-separated values,
 * each variation's one value. Sale price, when set, is the price and Regular price its compare-at.
 * The handle is made from the Name (WooCommerce exports no slug).
 */
export function mapWooCommerce(table: CsvTable, ctx: MapContext): MappedProduct[] {
  const cells = cellsOf(table);
  const { cell, header } = cells;
  const columns = {
    product: {
      title: header('Name'),
      slug: header('Name'),
      tags: header('Tags'),
      description: header('Description'),
      short_description: header('Short description'),
      status: header('Published'),
      options: header('Attribute 1 name'),
    },
    variant: {
      sku: header('SKU'),
      price: header('Regular price'),
      compare_at: header('Regular price'),
      stock: header('Stock'),
      options: header('Attribute 1 value(s)'),
    },
  };
  const products: MappedProduct[] = [];
  const parents = new Map<string, MappedProduct>();
  const variations: { row: number; r: string[] }[] = [];

  table.rows.forEach((r, index) => {
    const row = rowNumber(index);
    const type = typeOf(cell(r, 'Type'));
    if (type === 'variation') return void variations.push({ row, r });
    const title = cell(r, 'Name');
    const issues: AdminImportIssue[] = [];
    const p: MappedProduct = {
      row,
      variantRows: [],
      columns,
      pictures: [],
      issues,
      input: {
        title,
        slug: slugOf(title),
        status: cell(r, 'Published') === '1' ? 'published' : 'draft',
        short_description: plainOf(cell(r, 'Short description')),
        description: descriptionOf(
          { issues },
          row,
          header('Description'),
          cell(r, 'Description').replace(/\\n/g, '\n'),
        ),
        tags: [...new Set(listOf(cell(r, 'Tags'), ','))].slice(0, 30),
        options: [],
        variants: [],
      },
    };
    addPictures(p, listOf(cell(r, 'Images'), ','), { row, column: header('Images'), alt: '', option_value: null });
    if (!title) p.issues.push({ row, column: header('Name'), message: msg.titleRequired });
    products.push(p);
    if (cell(r, 'ID')) parents.set(`id:${cell(r, 'ID')}`, p);
    if (cell(r, 'SKU')) parents.set(cell(r, 'SKU').toLowerCase(), p);
    if (type === 'variable') {
      p.input.options = attributesOf(cells, r).map((a) => ({ name: a.name, values: listOf(a.value, ',') }));
    } else {
      p.variantRows.push(row);
      p.input.variants.push(variantOf(cells, r, row, p, ctx, null));
    }
  });

  for (const { row, r } of variations) {
    const parentRef = cell(r, 'Parent');
    const p = parents.get(parentRef) ?? parents.get(parentRef.toLowerCase());
    if (!p) {
      products.push({
        row,
        variantRows: [row],
        columns,
        pictures: [],
        issues: [{ row, column: header('Parent'), message: msg.variationWithoutParent }],
        input: { title: cell(r, 'Name'), slug: slugOf(cell(r, 'Name')), variants: [] },
      });
      continue;
    }
    p.variantRows.push(row);
    const attributes = attributesOf(cells, r);
    p.input.variants.push(variantOf(cells, r, row, p, ctx, attributes));
    addPictures(p, listOf(cell(r, 'Images'), ','), {
      row,
      column: header('Images'),
      alt: '',
      option_value: attributes[0]?.value || null,
    });
  }
  for (const p of products) {
    if (p.input.variants.length === 0 && !p.issues.length)
      p.issues.push({ row: p.row, column: header('Regular price'), message: msg.priceRequired });
  }
  flagSkusTwice(products, () => header('SKU'));
  return products;
}

function typeOf(raw: string): 'simple' | 'variable' | 'variation' | 'other' {
  const types = listOf(raw.toLowerCase(), ',');
  for (const t of ['variation', 'variable', 'simple'] as const) if (types.includes(t)) return t;
  return types.length ? 'other' : 'simple';
}

function attributesOf({ cell, has }: Cells, r: string[]): { name: string; value: string }[] {
  const out: { name: string; value: string }[] = [];
  for (let n = 1; has(`Attribute ${n} name`); n++) {
    const name = cell(r, `Attribute ${n} name`);
    const value = cell(r, `Attribute ${n} value(s)`);
    if (name && value) out.push({ name, value });
  }
  return out;
}

function variantOf(
  { cell, header }: Cells,
  r: string[],
  row: number,
  p: MappedProduct,
  ctx: MapContext,
  attributes: { name: string; value: string }[] | null,
): VariantInput {
  const names = { sku: 'SKU', price: 'Regular price', second: 'Sale price', stock: 'Stock' };
  const v = priceStockOf(p, row, ctx, { cell: (n: string) => cell(r, n), header }, names, 'sale');
  const options: Record<string, string> = {};
  for (const a of attributes ?? []) {
    const o = p.input.options?.find((x) => x.name.toLowerCase() === a.name.toLowerCase());
    if (!o) continue;
    options[o.name] = a.value;
    if (!o.values.includes(a.value)) o.values.push(a.value);
  }
  return { ...v, options };
}
