import { describe, expect, it } from 'vitest';
import { adminImportMessages as msg } from '@shopfront/shared';
import { readCsv, sniffDelimiter } from './csv-read.ts';
import { HTML_CELL_MAX, blocksOf, parseMoney, parseStock, type MapContext } from './mappers/common.ts';
import { detectFormat, mapTable } from './mappers/index.ts';
import { validate } from './plan.ts';
import { shopifyCsv, wooCsv } from './testing.ts';

/** The import's readers and format mappers, without a database. */
const ctx: MapContext = {
  channel: { id: 'ch_in', currency: 'INR', digits: 2 },
  channels: [
    { id: 'ch_in', currency: 'INR', digits: 2 },
    { id: 'ch_uae', currency: 'AED', digits: 2 },
  ],
};

describe('money', () => {
  it('turns decimal major units into exact minor units, never through a float', () => {
    expect(parseMoney('19.99', 2)).toBe(1999);
    expect(parseMoney('0.29', 2)).toBe(29);
    expect(parseMoney('1.005', 2)).toEqual({ error: msg.priceDecimals(2) });
    expect(parseMoney('20', 2)).toBe(2000);
    expect(parseMoney('5.5', 2)).toBe(550);
    expect(parseMoney('4.10', 2)).toBe(410);
    expect(parseMoney('1234.50', 2)).toBe(123450);
    expect(parseMoney('₹ 99.00', 2)).toBe(9900);
    expect(parseMoney('', 2)).toBeNull();
    expect(parseMoney('-1.00', 2)).toEqual({ error: msg.price });
    expect(parseMoney('abc', 2)).toEqual({ error: msg.price });
    expect(parseMoney('1,999.00', 2)).toEqual({ error: msg.price });
    expect(parseMoney('500', 0)).toBe(500);
  });
});

describe('reading a CSV', () => {
  it('drops a BOM, reads ; and tab, keeps a quoted line break in its cell', () => {
    for (const delimiter of [',', ';', '\t'] as const) {
      const t = readCsv(Buffer.from(`\uFEFFa${delimiter}b\r\n"x\r\ny"${delimiter}2\r\n`));
      expect(t.headers).toEqual(['a', 'b']);
      expect(t.rows).toEqual([['x\r\ny', '2']]);
    }
    expect(sniffDelimiter('"a;b",c,d\n')).toBe(',');
  });

  it('refuses bytes that are not UTF-8, naming the line', () => {
    const bytes = Buffer.concat([
      Buffer.from('Handle,Title\nok,fine\nbad,'),
      Buffer.from([0xe9, 0x74, 0xe9]),
      Buffer.from('\n'),
    ]);
    expect(() => readCsv(bytes)).toThrow(msg.encoding(3));
  });

  it('refuses a broken quote and a file without rows', () => {
    expect(() => readCsv(Buffer.from('a,b\n"open,1\n'))).toThrow(/cannot be read as CSV/);
    expect(() => readCsv(Buffer.from('a,b\n'))).toThrow(msg.empty);
  });

  it('refuses a row longer than 1 MB (a quote left open) with the line, before parsing on', () => {
    const long = `Handle,Title\nok,fine\n"${'x'.repeat(1_100_000)}",t\n`;
    expect(() => readCsv(Buffer.from(long))).toThrow(msg.rowTooLarge(3));
  });

  it('drops the spreadsheet guard quote before a formula character only', () => {
    const t = readCsv(Buffer.from("a,b\n'=SUM(1),'plain\n"));
    expect(t.rows[0]).toEqual(['=SUM(1)', "'plain"]);
  });
});

describe('formats', () => {
  it('tells the three exports apart by their header, and refuses another', () => {
    expect(detectFormat(readCsv(shopifyCsv(1)).headers)).toBe('shopify');
    expect(detectFormat(readCsv(wooCsv(1)).headers)).toBe('woocommerce');
    expect(detectFormat(['handle', 'title', 'sku', 'stock', 'price_ch_in'])).toBe('shopfront');
    expect(() => detectFormat(['Name', 'Email'])).toThrow(msg.unknownFormat);
  });

  it('maps a Shopify product: rows grouped by handle, options, prices in minor units, HTML to blocks', () => {
    const { format, products } = mapTable(readCsv(shopifyCsv(2, { bom: true, delimiter: ';' })), ctx);
    expect(format).toBe('shopify');
    expect(products).toHaveLength(2);
    const p = products[0]!;
    expect(p.issues).toEqual([]);
    expect(p.variantRows).toEqual([2, 3, 4]);
    expect(p.input).toMatchObject({
      title: 'Cotton Tee 1',
      slug: 'shp-tee-1',
      status: 'published',
      brand: 'Loomwell',
      tags: ['summer', 'cotton'],
      options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
      description: [
        { type: 'paragraph', text: 'Soft cotton tee number 1.' },
        { type: 'list', items: ['100% cotton', 'Machine wash'], ordered: false },
      ],
    });
    expect(p.input.variants[0]).toEqual({
      sku: 'SHP-1-S',
      options: { Size: 'S' },
      stock: 5,
      prices: [{ channel_id: 'ch_in', price_minor: 2099, compare_at_minor: 3000 }],
    });
    expect(p.pictures.map((x) => x.url)).toEqual(['https://cdn.shopify.com/s/files/shp-1.jpg']);
    expect('ok' in validate(p)).toBe(true);
  });

  it('maps WooCommerce: a simple product on sale, a variable one with its variations', () => {
    const { products } = mapTable(readCsv(wooCsv(2)), ctx);
    expect(products.map((p) => [p.input.slug, p.input.variants.length])).toEqual([
      ['clay-mug-woo-1', 1],
      ['clay-mug-woo-2', 2],
    ]);
    expect(products[0]!.input.variants[0]!.prices).toEqual([
      { channel_id: 'ch_in', price_minor: 999, compare_at_minor: 1250 },
    ]);
    expect(products[0]!.input.short_description).toBe('A hand-thrown mug 1');
    expect(products[1]!.input.options).toEqual([{ name: 'Colour', values: ['Red', 'Blue'] }]);
    expect(products[1]!.input.variants.map((v) => [v.sku, v.options, v.stock])).toEqual([
      ['WOO-2-RED', { Colour: 'Red' }, 3],
      ['WOO-2-BLUE', { Colour: 'Blue' }, 3],
    ]);
    expect(products.every((p) => 'ok' in validate(p))).toBe(true);
  });

  it('reports each bad cell with its row and column', () => {
    const csv = shopifyCsv(4, {
      edit: (rows) => {
        rows[0]!['Variant Price'] = '-5.00';
        rows[4]!['Variant Compare At Price'] = '1.00';
        rows[6]!['Variant Inventory Qty'] = '-2';
        rows[9]!.Title = '';
        rows[10]!['Variant SKU'] = 'SHP-1-M';
      },
    });
    const { products } = mapTable(readCsv(csv), ctx);
    const issues = products.flatMap((p) => {
      const v = validate(p);
      return 'issues' in v ? v.issues : [];
    });
    expect(issues).toEqual([
      { row: 2, column: 'Variant Price', message: msg.price },
      { row: 6, column: 'Variant Compare At Price', message: msg.compareAtBelow },
      { row: 8, column: 'Variant Inventory Qty', message: msg.stock },
      { row: 11, column: 'Title', message: msg.titleRequired },
      { row: 12, column: 'Variant SKU', message: msg.skuTwiceInFile(3) },
    ]);
  });

  it('turns HTML with entities into plain blocks', () => {
    expect(blocksOf('<h2>Care</h2><p>Wash &amp; dry<br>cold</p>')).toEqual([
      { type: 'paragraph', text: 'Care' },
      { type: 'paragraph', text: 'Wash & dry' },
      { type: 'paragraph', text: 'cold' },
    ]);
  });

  it('a blank stock cell or no stock column gives no stock: the shop keeps its count', () => {
    expect(parseStock('')).toBeNull();
    expect(parseStock(' 4 ')).toBe(4);
    // WooCommerce leaves Stock blank for a product whose stock it does not manage.
    const woo = mapTable(readCsv(wooCsv(1, { edit: (rows) => (rows[0]!.Stock = '') })), ctx).products[0]!;
    expect(woo.issues).toEqual([]);
    expect(woo.input.variants[0]).not.toHaveProperty('stock');
    const planned = validate(woo);
    expect('ok' in planned && planned.ok.stockGiven).toEqual([false]);
    const noColumn = mapTable(readCsv(shopifyCsv(1, { drop: ['Variant Inventory Qty'] })), ctx).products[0]!;
    expect(noColumn.issues).toEqual([]);
    expect(noColumn.input.variants.map((v) => v.stock)).toEqual([undefined, undefined, undefined]);
    const own = mapTable(readCsv(Buffer.from('handle,title,sku,stock,price_ch_in\nmug,Mug,M-1,,10\n')), ctx);
    expect(own.products[0]!.input.variants[0]).not.toHaveProperty('stock');
  });

  it('two WooCommerce products with one name: the second is an error on its row, not written over the first', () => {
    const { products } = mapTable(readCsv(wooCsv(3, { edit: (rows) => (rows[4]!.Name = rows[0]!.Name!) })), ctx);
    expect(products.map((p) => [p.row, p.input.slug, p.issues])).toEqual([
      [2, 'clay-mug-woo-1', []],
      [3, 'clay-mug-woo-2', []],
      [6, 'clay-mug-woo-1', [{ row: 6, column: 'Name', message: msg.handleTwiceInFile(2) }]],
    ]);
  });

  it('Shopify names no short description, our own file no tax class when blank: both left as they are', () => {
    const shopify = mapTable(readCsv(shopifyCsv(1)), ctx).products[0]!;
    expect(shopify.input).not.toHaveProperty('short_description');
    const own = mapTable(
      readCsv(Buffer.from('handle,title,sku,stock,tax_class,price_ch_in\nmug,Mug,M-1,3,,10\ncup,Cup,C-1,3,gst_5,10\n')),
      ctx,
    ).products;
    expect(own[0]!.input).not.toHaveProperty('tax_class');
    expect(own[1]!.input.tax_class).toBe('gst_5');
    const noColumn = mapTable(readCsv(Buffer.from('handle,title,sku,stock,price_ch_in\nmug,Mug,M-1,3,10\n')), ctx);
    expect(noColumn.products[0]!.input).not.toHaveProperty('tax_class');
  });

  it('refuses an HTML description past the cap as a row error, without parsing it (no quadratic regex)', () => {
    const html = '<ul>'.repeat(HTML_CELL_MAX / 4 + 1);
    const started = performance.now();
    const { products } = mapTable(readCsv(shopifyCsv(1, { edit: (rows) => (rows[0]!['Body (HTML)'] = html) })), ctx);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(products[0]!.issues).toEqual([{ row: 2, column: 'Body (HTML)', message: msg.htmlTooLong(HTML_CELL_MAX) }]);
    const woo = mapTable(readCsv(wooCsv(1, { edit: (rows) => (rows[0]!.Description = html) })), ctx).products[0]!;
    expect(woo.issues).toEqual([{ row: 2, column: 'Description', message: msg.htmlTooLong(HTML_CELL_MAX) }]);
    // Just under the cap is read (and quick: the list regex no longer meets a megabyte of it).
    expect(blocksOf('<p>ok</p>' + ' '.repeat(HTML_CELL_MAX - 9))).toEqual([{ type: 'paragraph', text: 'ok' }]);
  });
});
