/**
 * Product CSVs as Shopify and WooCommerce export them, made on the spot (no network, no fixtures):
 * for the import's tests, the browser test and the benchmark.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** POST /api/admin/catalog/imports with `bytes` as the form's file, as the panel's import sheet sends it. */
export function uploadCsv(app: FastifyInstance, headers: Record<string, string>, bytes: Buffer, name = 'products.csv') {
  const b = `----csv${randomBytes(3).toString('hex')}`;
  return app.inject({
    method: 'POST',
    url: '/api/admin/catalog/imports',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${b}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${b}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${b}--\r\n`),
    ]),
  });
}

const SHOPIFY_HEADER = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Qty',
  'Variant Price',
  'Variant Compare At Price',
  'Image Src',
  'Image Position',
  'Image Alt Text',
  'SEO Title',
  'SEO Description',
  'Status',
];

const WOO_HEADER = [
  'ID',
  'Type',
  'SKU',
  'Name',
  'Published',
  'Short description',
  'Description',
  'Stock',
  'Sale price',
  'Regular price',
  'Categories',
  'Tags',
  'Images',
  'Parent',
  'Attribute 1 name',
  'Attribute 1 value(s)',
  'Attribute 1 visible',
  'Attribute 1 global',
];

export interface CsvOptions {
  delimiter?: ',' | ';' | '\t';
  bom?: boolean;
  /** Cell overrides: `rows[i][header] = value` after the rows are made (0 is the first data row). */
  edit?: (rows: Record<string, string>[]) => void;
  /** Columns left out of the file (as an export without them). */
  drop?: string[];
}

function toCsv(all: string[], rows: Record<string, string>[], o: CsvOptions): Buffer {
  const header = all.filter((h) => !o.drop?.includes(h));
  const d = o.delimiter ?? ',';
  const quote = (v: string) => (/[",;\t\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = [header.join(d), ...rows.map((r) => header.map((h) => quote(r[h] ?? '')).join(d))];
  return Buffer.from((o.bom ? '\uFEFF' : '') + lines.join('\r\n') + '\r\n', 'utf8');
}

/** `n` products, each Size S/M/L (three rows), priced 19.99 / 21.99 / 23.99 plus the product's number. */
export function shopifyRows(n: number, prefix = 'shp'): Record<string, string>[] {
  const rows: Record<string, string>[] = [];
  for (let i = 1; i <= n; i++) {
    ['S', 'M', 'L'].forEach((size, j) => {
      const first = j === 0;
      rows.push({
        Handle: `${prefix}-tee-${i}`,
        Title: first ? `Cotton Tee ${i}` : '',
        'Body (HTML)': first
          ? `<p>Soft cotton tee number ${i}.</p>\n<ul><li>100% cotton</li><li>Machine wash</li></ul>`
          : '',
        Vendor: first ? 'Loomwell' : '',
        Type: first ? 'Shirts' : '',
        Tags: first ? 'summer, cotton' : '',
        Published: first ? 'TRUE' : '',
        'Option1 Name': first ? 'Size' : '',
        'Option1 Value': size,
        'Variant SKU': `${prefix.toUpperCase()}-${i}-${size}`,
        'Variant Grams': '200',
        'Variant Inventory Qty': String(5 + j),
        'Variant Price': `${19 + 2 * j + i}.99`,
        'Variant Compare At Price': j === 0 ? `${29 + i}.00` : '',
        'Image Src': first ? `https://cdn.shopify.com/s/files/${prefix}-${i}.jpg` : '',
        'Image Position': first ? '1' : '',
        'Image Alt Text': '',
        'SEO Title': first ? `Tee ${i}` : '',
        'SEO Description': '',
        Status: first ? 'active' : '',
      });
    });
  }
  return rows;
}

export const shopifyCsv = (n: number, o: CsvOptions & { prefix?: string } = {}) => {
  const rows = shopifyRows(n, o.prefix);
  o.edit?.(rows);
  return toCsv(SHOPIFY_HEADER, rows, o);
};

/** `n` products: odd ones simple, even ones variable with Colour Red/Blue variations. */
export function wooRows(n: number, prefix = 'woo'): Record<string, string>[] {
  const rows: Record<string, string>[] = [];
  let id = 100;
  for (let i = 1; i <= n; i++) {
    const pid = ++id;
    const base = {
      ID: String(pid),
      Name: `Clay Mug ${prefix} ${i}`,
      Published: '1',
      'Short description': `A hand-thrown <b>mug</b> ${i}`,
      Description: `Glazed stoneware.\n\nHolds 300 ml.`,
      Categories: 'Kitchen > Mugs',
      Tags: 'clay, handmade',
      Images: `https://example.com/${prefix}-${i}.jpg`,
    };
    if (i % 2) {
      rows.push({
        ...base,
        Type: 'simple',
        SKU: `${prefix.toUpperCase()}-${i}`,
        Stock: '7',
        'Regular price': '12.50',
        'Sale price': '9.99',
      });
      continue;
    }
    rows.push({
      ...base,
      Type: 'variable',
      SKU: `${prefix.toUpperCase()}-${i}`,
      'Attribute 1 name': 'Colour',
      'Attribute 1 value(s)': 'Red, Blue',
    });
    for (const c of ['Red', 'Blue']) {
      rows.push({
        ID: String(++id),
        Type: 'variation',
        SKU: `${prefix.toUpperCase()}-${i}-${c.toUpperCase()}`,
        Name: `Clay Mug ${prefix} ${i} - ${c}`,
        Published: '1',
        Stock: '3',
        'Regular price': '15',
        Parent: `id:${pid}`,
        'Attribute 1 name': 'Colour',
        'Attribute 1 value(s)': c,
      });
    }
  }
  return rows;
}

export const wooCsv = (n: number, o: CsvOptions & { prefix?: string } = {}) => {
  const rows = wooRows(n, o.prefix);
  o.edit?.(rows);
  return toCsv(WOO_HEADER, rows, o);
};
