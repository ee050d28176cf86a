import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCatalogMessages,
  adminImportMessages as msg,
  staffMessages,
  type AdminImportProgress,
  type AdminImportReport,
} from '@shopfront/shared';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInOwner } from '../../staff/testing.ts';
import { IMPORT_BATCH } from './apply.ts';
import { shopifyCsv, uploadCsv, wooCsv } from './testing.ts';

/**
 * The product import (issue 26) over HTTP, on PGlite and (TEST_DATABASE_URL) PostgreSQL, with
 * files made here in Shopify's and WooCommerce's export formats: the dry run's report, the job,
 * idempotency (the same file again changes nothing), bad rows, unreadable files and roles.
 */
let t: TestApp;
let h: Record<string, string>;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  h = (await signedInOwner(t)).headers;
});
afterAll(() => t.close());

const tag = () => randomBytes(3).toString('hex');

const upload = (bytes: Buffer, headers = h, name = 'products.csv') => uploadCsv(t.app, headers, bytes, name);

async function check(bytes: Buffer): Promise<AdminImportReport> {
  const res = await upload(bytes);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** Starts the import and runs the job to its end. */
async function importIt(report: AdminImportReport): Promise<AdminImportProgress> {
  const res = await t.app.inject({ method: 'POST', url: `/api/admin/catalog/imports/${report.id}/start`, headers: h });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.jobs.runDue();
  const p = await t.app.inject({ method: 'GET', url: `/api/admin/catalog/imports/${report.id}`, headers: h });
  expect(p.statusCode, p.body).toBe(200);
  return p.json().data;
}

const variant = async (sku: string) =>
  (
    await queryRows<{ price: number; mrp: number | null; stock: number; product: string; title: string }>(
      db(),
      sql`select vc.selling_price_minor as price, vc.mrp_minor as mrp, v.stock, p.slug as product, p.name as title
            from variant_channels vc join variants v on v.id = vc.variant_id join products p on p.id = v.product_id
           where vc.sku = ${sku}`,
    )
  )[0];
const count = async (q: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(db(), q))[0]!.n;

describe('import from Shopify', () => {
  const prefix = `s${tag()}`;
  // 500 products, 3 variants each, with a BOM, ; as delimiter and a line break inside a quoted cell.
  const file = shopifyCsv(500, { prefix, bom: true, delimiter: ';' });
  let first: AdminImportReport;

  it('dry run: 500 to create, nothing written', async () => {
    first = await check(file);
    expect(first).toMatchObject({
      format: 'shopify',
      rows: 1500,
      counts: { create: 500, update: 0, unchanged: 0, error: 0 },
      errors: [],
      errors_total: 0,
      imported_before: null,
      pictures: { urls: 500, hosts: [{ host: 'cdn.shopify.com', pictures: 500 }] },
    });
    expect(first.lines[0]).toEqual({
      row: 2,
      handle: `${prefix}-tee-1`,
      title: 'Cotton Tee 1',
      variants: 3,
      action: 'create',
    });
    expect(await count(sql`select count(*)::int as n from products where slug like ${prefix + '-%'}`)).toBe(0);
  });

  it('import: a job writes the 500 products with exact minor-unit prices and stock', async () => {
    const done = await importIt(first);
    expect(done).toMatchObject({ status: 'done', products_total: 500, products_done: 500, changed: 500, failed: 0 });
    expect(await count(sql`select count(*)::int as n from products where slug like ${prefix + '-%'}`)).toBe(500);
    expect(await variant(`${prefix.toUpperCase()}-1-S`)).toEqual({
      price: 2099,
      mrp: 3000,
      stock: 5,
      product: `${prefix}-tee-1`,
      title: 'Cotton Tee 1',
    });
    expect(await variant(`${prefix.toUpperCase()}-37-L`)).toMatchObject({ price: 6099, mrp: null, stock: 7 });
    const [audit] = await queryRows<{ after: { changed: number } }>(
      db(),
      sql`select after from audit_log where action = 'catalog.import' and target = ${`import:${first.id}`}`,
    );
    expect(audit!.after.changed).toBe(500);
    // Written in batches (issue 26: 5,000 rows in seconds, not minutes): the new products of a
    // batch together, each batch's rows by one (sub)transaction, not one each.
    const writers = await count(
      sql`select count(distinct xmin::text)::int as n from products where slug like ${prefix + '-%'}`,
    );
    expect(writers).toBe(Math.ceil(500 / IMPORT_BATCH));
  }, 300_000);

  it('the same file again: all unchanged, nothing to start, no product touched', async () => {
    const versions = await count(sql`select sum(version)::int as n from products where slug like ${prefix + '-%'}`);
    const again = await check(file);
    expect(again.counts).toEqual({ create: 0, update: 0, unchanged: 500, error: 0 });
    expect(again.imported_before).not.toBeNull();
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/catalog/imports/${again.id}/start`, headers: h });
    expect([res.statusCode, res.json().message]).toEqual([409, msg.nothingToDo]);
    expect(await count(sql`select sum(version)::int as n from products where slug like ${prefix + '-%'}`)).toBe(
      versions,
    );
  }, 300_000);

  it('a changed price and stock: one update, a correction movement, then unchanged', async () => {
    const edited = shopifyCsv(3, {
      prefix,
      edit: (rows) => {
        rows[1]!['Variant Price'] = '25.50';
        rows[2]!['Variant Inventory Qty'] = '40';
      },
    });
    const r = await check(edited);
    expect(r.counts).toEqual({ create: 0, update: 1, unchanged: 2, error: 0 });
    expect(r.lines.map((l) => l.action)).toEqual(['update', 'unchanged', 'unchanged']);
    expect(await importIt(r)).toMatchObject({ status: 'done', changed: 1 });
    expect(await variant(`${prefix.toUpperCase()}-1-M`)).toMatchObject({ price: 2550, stock: 6 });
    expect(await variant(`${prefix.toUpperCase()}-1-L`)).toMatchObject({ stock: 40 });
    const [move] = await queryRows<{ reason: string; from_stock: number; to_stock: number }>(
      db(),
      sql`select m.reason, m.from_stock, m.to_stock from stock_movements m
            join variant_channels vc on vc.variant_id = m.variant_id
           where vc.sku = ${`${prefix.toUpperCase()}-1-L`} order by m.id desc limit 1`,
    );
    expect(move).toEqual({ reason: 'correction', from_stock: 7, to_stock: 40 });
    expect((await check(edited)).counts).toMatchObject({ update: 0, unchanged: 3 });
  });
});

describe('import from WooCommerce', () => {
  it('simple and variable products with variations, tab-separated', async () => {
    const prefix = `w${tag()}`;
    const r = await check(wooCsv(6, { prefix, delimiter: '\t' }));
    expect(r).toMatchObject({ format: 'woocommerce', counts: { create: 6, error: 0 } });
    expect(await importIt(r)).toMatchObject({ status: 'done', changed: 6 });
    expect(await variant(`${prefix.toUpperCase()}-1`)).toMatchObject({ price: 999, mrp: 1250, stock: 7 });
    expect(await variant(`${prefix.toUpperCase()}-2-BLUE`)).toMatchObject({ price: 1500, mrp: null, stock: 3 });
    expect((await check(wooCsv(6, { prefix, delimiter: '\t' }))).counts).toMatchObject({ unchanged: 6 });
  });
});

describe('bad rows and bad files', () => {
  it('reports each bad row with its row number and column, and imports only the good ones', async () => {
    const prefix = `b${tag()}`;
    const [seeded] = await queryRows<{ sku: string }>(db(), sql`select sku from variant_channels limit 1`);
    const r = await check(
      shopifyCsv(6, {
        prefix,
        edit: (rows) => {
          rows[0]!['Variant Price'] = '-1.00';
          rows[4]!['Variant Compare At Price'] = '2.00';
          rows[6]!['Variant Inventory Qty'] = '-3';
          rows[9]!.Title = '';
          rows[12]!['Variant SKU'] = `${prefix.toUpperCase()}-1-S`;
          rows[16]!['Variant SKU'] = seeded!.sku;
        },
      }),
    );
    expect(r.counts).toEqual({ create: 0, update: 0, unchanged: 0, error: 6 });
    expect(r.errors).toEqual([
      { row: 2, column: 'Variant Price', message: msg.price },
      { row: 6, column: 'Variant Compare At Price', message: msg.compareAtBelow },
      { row: 8, column: 'Variant Inventory Qty', message: msg.stock },
      { row: 11, column: 'Title', message: msg.titleRequired },
      { row: 14, column: 'Variant SKU', message: msg.skuTwiceInFile(2) },
      { row: 18, column: 'Variant SKU', message: msg.skuOtherProduct },
    ]);
    const ok = await check(shopifyCsv(3, { prefix, edit: (rows) => (rows[4]!['Variant Price'] = 'free') }));
    expect(ok.counts).toEqual({ create: 2, update: 0, unchanged: 0, error: 1 });
    expect(await importIt(ok)).toMatchObject({ status: 'done', changed: 2, failed: 0 });
    expect(await count(sql`select count(*)::int as n from products where slug like ${prefix + '-%'}`)).toBe(2);
  });

  it('answers 422 with a clear message for broken encoding, broken quotes, an unknown format and no rows', async () => {
    const latin1 = Buffer.concat([shopifyCsv(1), Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x0d, 0x0a])]);
    const cases: [Buffer, string][] = [
      // Line 6: the header, three rows, one of them with a line break inside its quoted description.
      [latin1, msg.encoding(6)],
      [Buffer.from('Handle,Title\n"open,x\n'), 'Line 2 of this file cannot be read as CSV'],
      [Buffer.from('Name,Email\nA,b@c.in\n'), msg.unknownFormat],
      [Buffer.from('\uFEFFHandle,Title,Variant SKU,Variant Price\n'), msg.empty],
      [Buffer.from(`Handle,Title,Variant SKU,Variant Price\n"${'x'.repeat(1_100_000)}\n`), msg.rowTooLarge(2)],
    ];
    for (const [bytes, message] of cases) {
      const res = await upload(bytes);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toContain(message);
    }
  });

  it('refuses a body that is not multipart (415), an empty upload (422), an unknown import (404), a second start (409)', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/api/admin/catalog/imports', headers: h, payload: {} });
    expect(json.statusCode).toBe(415);
    expect((await upload(Buffer.alloc(0))).statusCode).toBe(422);
    const missing = await t.app.inject({ method: 'GET', url: '/api/admin/catalog/imports/999999', headers: h });
    expect([missing.statusCode, missing.json().message]).toEqual([404, msg.importNotFound]);
    const r = await check(shopifyCsv(1, { prefix: `d${tag()}` }));
    await importIt(r);
    const again = await t.app.inject({ method: 'POST', url: `/api/admin/catalog/imports/${r.id}/start`, headers: h });
    expect([again.statusCode, again.json().message]).toEqual([409, msg.notStartable]);
  });
});

const variantId = async (sku: string) =>
  (await queryRows<{ id: string }>(db(), sql`select variant_id as id from variant_channels where sku = ${sku}`))[0]!.id;
/** A sale as the order code makes one: the stock taken in its own statement, naming no reason. */
const sell = (id: string) => db().execute(sql`update variants set stock = stock - 1 where id = ${id} and stock > 0`);

describe('stock the file does not give, and stock that moved since the check', () => {
  it('a blank Stock cell (WooCommerce, stock not managed) or no stock column leaves the shop’s count', async () => {
    const prefix = `k${tag()}`;
    expect(await importIt(await check(wooCsv(1, { prefix })))).toMatchObject({ status: 'done', changed: 1 });
    const sku = `${prefix.toUpperCase()}-1`;
    await sell(await variantId(sku));
    const blank = await check(wooCsv(1, { prefix, edit: (rows) => (rows[0]!.Stock = '') }));
    expect(blank.counts).toEqual({ create: 0, update: 0, unchanged: 1, error: 0 });
    // A new product with a blank Stock starts at 0.
    const fresh = `n${tag()}`;
    await importIt(await check(wooCsv(1, { prefix: fresh, edit: (rows) => (rows[0]!.Stock = '') })));
    expect(await variant(`${fresh.toUpperCase()}-1`)).toMatchObject({ stock: 0 });
    // Shopify's file without the Variant Inventory Qty column, a price changed: the price is written, not the stock.
    const shop = `q${tag()}`;
    await importIt(await check(shopifyCsv(1, { prefix: shop })));
    const s = `${shop.toUpperCase()}-1-S`;
    await sell(await variantId(s));
    const r = await check(
      shopifyCsv(1, {
        prefix: shop,
        drop: ['Variant Inventory Qty'],
        edit: (rows) => (rows[0]!['Variant Price'] = '30.00'),
      }),
    );
    expect(r.counts).toMatchObject({ update: 1, error: 0 });
    expect(await importIt(r)).toMatchObject({ status: 'done', changed: 1, failed: 0 });
    expect(await variant(s)).toMatchObject({ price: 3000, stock: 4 });
    expect(await variant(sku)).toMatchObject({ stock: 6 });
  });

  it('a sale between the dry run and the import is not undone: the product is a row error with the stock now', async () => {
    const prefix = `v${tag()}`;
    await importIt(await check(shopifyCsv(1, { prefix })));
    const s = `${prefix.toUpperCase()}-1-S`;
    const r = await check(shopifyCsv(1, { prefix, edit: (rows) => (rows[0]!['Variant Inventory Qty'] = '20') }));
    expect(r.counts).toMatchObject({ update: 1 });
    await sell(await variantId(s)); // 5 → 4 after the check
    expect(await importIt(r)).toMatchObject({
      status: 'done',
      changed: 0,
      failed: 1,
      errors: [{ row: 2, column: 'Variant Inventory Qty', message: msg.stockChangedSinceCheck(4) }],
    });
    expect(await variant(s)).toMatchObject({ stock: 4 });
    const corrections = await count(
      sql`select count(*)::int as n from stock_movements where variant_id = ${await variantId(s)} and reason = 'correction'`,
    );
    expect(corrections).toBe(0);
    // Checked again, the file's 20 is written over the 4 the owner now sees.
    expect(
      await importIt(
        await check(shopifyCsv(1, { prefix, edit: (rows) => (rows[0]!['Variant Inventory Qty'] = '20') })),
      ),
    ).toMatchObject({ changed: 1, failed: 0 });
    expect(await variant(s)).toMatchObject({ stock: 20 });
  });

  it('many sales racing the import: every sale lands; a count is set only over the one the check saw', async () => {
    const prefix = `c${tag()}`;
    const n = 8;
    await importIt(await check(shopifyCsv(n, { prefix })));
    const skus = Array.from({ length: n }, (_, i) =>
      ['S', 'M', 'L'].map((z) => `${prefix.toUpperCase()}-${i + 1}-${z}`),
    ).flat();
    const ids = await Promise.all(skus.map(variantId));
    const before = new Map(await Promise.all(skus.map(async (s) => [s, (await variant(s))!.stock] as const)));
    const r = await check(
      shopifyCsv(n, { prefix, edit: (rows) => rows.forEach((row) => (row['Variant Inventory Qty'] = '50')) }),
    );
    expect(r.counts).toMatchObject({ update: n });
    const start = await t.app.inject({ method: 'POST', url: `/api/admin/catalog/imports/${r.id}/start`, headers: h });
    expect(start.statusCode, start.body).toBe(200);
    const sales = ids.flatMap((id, i) => (i % 2 ? [id, id] : [id]));
    await Promise.all([t.app.jobs.runDue(), ...sales.map((id) => sell(id))]);
    for (const [i, s] of skus.entries()) {
      const moves = await queryRows<{ reason: string; from_stock: number; to_stock: number }>(
        db(),
        sql`select reason, from_stock, to_stock from stock_movements where variant_id = ${ids[i]!} order by id`,
      );
      const corrections = moves.filter((m) => m.reason === 'correction');
      const sold = moves.filter((m) => m.reason === 'sale').length;
      expect(sold).toBe(i % 2 ? 2 : 1);
      // The import set 50 only over the count the check saw, never over a sale.
      for (const c of corrections) expect([s, c.from_stock, c.to_stock]).toEqual([s, before.get(s), 50]);
      expect([s, (await variant(s))!.stock]).toEqual([s, (corrections.length ? 50 : before.get(s)!) - sold]);
    }
  });
});

describe('tax classes, short descriptions, one name twice, who the import is by', () => {
  it('Shopify re-import keeps the short description; own file keeps a tax class it leaves blank and refuses an unknown one', async () => {
    const prefix = `x${tag()}`;
    await importIt(await check(shopifyCsv(1, { prefix })));
    await db().execute(
      sql`update products set short_description = 'Kept', tax_class = 'gst_5' where slug = ${`${prefix}-tee-1`}`,
    );
    expect((await check(shopifyCsv(1, { prefix }))).counts).toMatchObject({ unchanged: 1, update: 0 });
    const [ch] = await queryRows<{ id: string }>(
      db(),
      sql`select channel_id as id from variant_channels where sku = ${`${prefix.toUpperCase()}-1-S`}`,
    );
    // The product as our own file has it (no brand, SEO or compare-at columns: those change), Size S/M/L.
    const own = (taxClass: string, price: string) =>
      Buffer.from(
        `handle,title,option1_name,option1_value,sku,stock,short_description,tax_class,price_${ch!.id}\n` +
          ['S', 'M', 'L']
            .map(
              (z, j) =>
                `${prefix}-tee-1,Cotton Tee 1,Size,${z},${prefix.toUpperCase()}-1-${z},${5 + j},Kept,${taxClass},${j ? `${22 + 2 * (j - 1)}.99` : price}\n`,
            )
            .join(''),
      );
    const bad = await check(own('nope', '20.99'));
    expect(bad.counts).toMatchObject({ error: 1 });
    expect(bad.errors).toEqual([{ row: 2, column: 'tax_class', message: msg.unknownTaxClass('nope') }]);
    const ok = await check(own('', '24.99'));
    expect(ok.counts).toMatchObject({ update: 1, error: 0 });
    expect(await importIt(ok)).toMatchObject({ status: 'done', failed: 0 });
    const [p] = await queryRows<{ tax_class: string; short: string }>(
      db(),
      sql`select tax_class, short_description as short from products where slug = ${`${prefix}-tee-1`}`,
    );
    expect(p).toEqual({ tax_class: 'gst_5', short: 'Kept' });
    expect(await variant(`${prefix.toUpperCase()}-1-S`)).toMatchObject({ price: 2499 });
  });

  it('two WooCommerce products named alike: the second is a row error, the first is written as itself', async () => {
    const prefix = `y${tag()}`;
    const r = await check(wooCsv(3, { prefix, edit: (rows) => (rows[4]!.Name = rows[0]!.Name!) }));
    expect(r.counts).toEqual({ create: 2, update: 0, unchanged: 0, error: 1 });
    expect(r.errors).toEqual([{ row: 6, column: 'Name', message: msg.handleTwiceInFile(2) }]);
    await importIt(r);
    expect(await variant(`${prefix.toUpperCase()}-1`)).toMatchObject({ price: 999, product: `clay-mug-${prefix}-1` });
    expect(await variant(`${prefix.toUpperCase()}-3`)).toBeUndefined();
  });

  it('the member who starts the import writes it and is audited, not the one who uploaded it', async () => {
    const manager = await signedInOwner(t, 'manager');
    const owner = await signedInOwner(t);
    const prefix = `z${tag()}`;
    await importIt(await check(shopifyCsv(1, { prefix })));
    const res = await upload(
      shopifyCsv(1, { prefix, edit: (rows) => (rows[0]!['Variant Inventory Qty'] = '9') }),
      manager.headers,
    );
    const r: AdminImportReport = res.json().data;
    const start = await t.app.inject({
      method: 'POST',
      url: `/api/admin/catalog/imports/${r.id}/start`,
      headers: owner.headers,
    });
    expect(start.statusCode, start.body).toBe(200);
    await t.app.jobs.runDue();
    const [audit] = await queryRows<{ staff_id: string; actor: string }>(
      db(),
      sql`select staff_id, actor from audit_log where action = 'catalog.import' and target = ${`import:${r.id}`}`,
    );
    expect(audit?.staff_id).toBe(owner.member.id);
    const [move] = await queryRows<{ actor: string }>(
      db(),
      sql`select m.actor from stock_movements m join variant_channels vc on vc.variant_id = m.variant_id
           where vc.sku = ${`${prefix.toUpperCase()}-1-S`} and m.reason = 'correction'`,
    );
    expect(move?.actor).toBe(owner.member.email);
  });
});

describe('who may import', () => {
  it('owner and manager may; packer and content editor get 403', async () => {
    for (const role of ['manager', 'packer', 'content_editor'] as const) {
      const { headers } = await signedInOwner(t, role);
      const res = await upload(shopifyCsv(1, { prefix: `r${tag()}` }), headers);
      if (role === 'manager') expect(res.statusCode, res.body).toBe(200);
      else expect([role, res.statusCode, res.json().message]).toEqual([role, 403, staffMessages.forbidden]);
      const progress = await t.app.inject({ method: 'GET', url: '/api/admin/catalog/imports/1', headers });
      expect(progress.statusCode === 403).toBe(role !== 'manager');
    }
  });
});

describe('round trip with the products export', () => {
  it('importing the shop’s own export unchanged changes nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/catalog/products/export.csv', headers: h });
    expect(res.statusCode).toBe(200);
    const r = await check(res.rawPayload);
    expect(r.format).toBe('shopfront');
    expect(r.errors).toEqual([]);
    expect(r.counts.create + r.counts.update + r.counts.error).toBe(0);
    expect(r.counts.unchanged).toBeGreaterThan(500);
  }, 300_000);
});

describe('batches: new products written together', () => {
  /** The product the admin API answers, without what tells two products apart. */
  const shape = async (id: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/catalog/products/${id}`, headers: h });
    expect(res.statusCode, res.body).toBe(200);
    const { id: _id, slug: _slug, url: _url, created_at: _c, updated_at: _u, ...p } = res.json().data;
    return { ...p, variants: p.variants.map(({ id: _v, sku: _s, ...v }: Record<string, unknown>) => v) };
  };
  /** What else a product save writes: read model, stock movements, facet values, audit summary. */
  const traces = async (id: string) => ({
    row: (
      await queryRows(
        db(),
        sql`select price_minor, mrp_minor, stock, currency, image_path, is_published, brand_id, tax_class, version,
                   regexp_replace(search_text, '\\S*[0-9]\\S*', '', 'g') as words
              from products where id = ${id}`,
      )
    )[0],
    moves: await queryRows(
      db(),
      sql`select m.reason, m.from_stock, m.to_stock, m.actor, m.note from stock_movements m
            join variants v on v.id = m.variant_id where v.product_id = ${id} order by v.position`,
    ),
    facets: await queryRows(
      db(),
      sql`select kind, key, label, position, value_position, scale, weight from product_facet_values
           where product_id = ${id} order by kind, key, label`,
    ),
    audit: (
      await queryRows<{ after: { status: string; variants: { prices: unknown }[] } }>(
        db(),
        sql`select after from audit_log where action = 'product.create' and target = ${`product:${id}`}`,
      )
    ).map((a) => ({ status: a.after.status, prices: a.after.variants.map((v) => v.prices) })),
  });

  it('an imported product is the product the product form makes of the same fields', async () => {
    const prefix = `e${tag()}`;
    await db().execute(sql`insert into categories (slug, name) values (${`${prefix}-cat`}, 'Batch Shirts')`);
    await db().execute(sql`insert into collections (slug, name) values (${`${prefix}-col`}, 'Batch Picks')`);
    const [ch] = await queryRows<{ id: string }>(
      db(),
      sql`select channel_id as id from storefronts order by is_default desc, id limit 1`,
    );
    const file = Buffer.from(
      `handle,title,status,brand,category,collections,tags,option1_name,option1_value,sku,stock,short_description,weight_grams,price_${ch!.id},compare_at_price_${ch!.id}\n` +
        ['S', 'M']
          .map(
            (z, j) =>
              `${prefix}-a,Batch Tee,published,Batch Brand ${prefix},${prefix}-cat,${prefix}-col,Summer|Batch ${prefix},Size,${z},${prefix.toUpperCase()}-A-${z},${j * 4},Soft,210,${19 + j}.50,${j ? '' : '30.00'}\n`,
          )
          .join(''),
    );
    const r = await check(file);
    expect(r.counts).toEqual({ create: 1, update: 0, unchanged: 0, error: 0 });
    const [{ body }] = (
      await queryRows<{ plan: { body: Record<string, unknown> & { variants: { sku: string }[] } }[] }>(
        db(),
        sql`select plan from catalog_imports where id = ${r.id}`,
      )
    )[0]!.plan as [{ body: Record<string, unknown> & { variants: { sku: string }[] } }];
    expect(await importIt(r)).toMatchObject({ status: 'done', changed: 1, failed: 0 });
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/admin/catalog/products',
      headers: h,
      payload: {
        ...body,
        slug: `${prefix}-b`,
        variants: body.variants.map((v) => ({ ...v, sku: v.sku.replace('-A-', '-B-') })),
      },
    });
    expect(form.statusCode, form.body).toBe(200);
    const [imported] = await queryRows<{ id: string }>(
      db(),
      sql`select id from products where slug = ${`${prefix}-a`}`,
    );
    const byForm = form.json().data.id as string;
    expect(await shape(imported!.id)).toEqual(await shape(byForm));
    const [a, b] = [await traces(imported!.id), await traces(byForm)];
    expect(a).toEqual(b);
    expect(a.moves).toEqual([
      { reason: 'restock', from_stock: 0, to_stock: 4, actor: expect.any(String), note: 'Opening stock' },
    ]);
    expect(a.facets.length).toBeGreaterThan(0);
    // Each goes last in the collection, the import's first.
    const positions = await queryRows<{ slug: string; position: number }>(
      db(),
      sql`select p.slug, pc.position from product_collections pc join products p on p.id = pc.product_id
           join collections c on c.id = pc.collection_id where c.slug = ${`${prefix}-col`} order by pc.position`,
    );
    expect(positions).toEqual([
      { slug: `${prefix}-a`, position: 0 },
      { slug: `${prefix}-b`, position: 1 },
    ]);
  });

  it('a product the shop can no longer take since the check is a row error; the batch’s others are written', async () => {
    const prefix = `g${tag()}`;
    await db().execute(sql`insert into categories (slug, name) values (${`${prefix}-cat`}, 'Gone Soon')`);
    const [ch] = await queryRows<{ id: string }>(
      db(),
      sql`select channel_id as id from storefronts order by is_default desc, id limit 1`,
    );
    const file = Buffer.from(
      `handle,title,category,sku,stock,price_${ch!.id}\n` +
        [1, 2, 3]
          .map(
            (i) => `${prefix}-${i},Gone ${i},${i === 2 ? `${prefix}-cat` : ''},${prefix.toUpperCase()}-${i},3,9.99\n`,
          )
          .join(''),
    );
    const r = await check(file);
    expect(r.counts).toMatchObject({ create: 3, error: 0 });
    await db().execute(sql`delete from categories where slug = ${`${prefix}-cat`}`);
    expect(await importIt(r)).toMatchObject({
      status: 'done',
      changed: 2,
      failed: 1,
      errors: [{ row: 3, column: 'category', message: adminCatalogMessages.unknownCategory }],
    });
    const written = await queryRows<{ slug: string; variants: number; stock: number }>(
      db(),
      sql`select p.slug, (select count(*)::int from variants v where v.product_id = p.id) as variants, p.stock
            from products p where p.slug like ${prefix + '-%'} order by p.slug`,
    );
    expect(written).toEqual([
      { slug: `${prefix}-1`, variants: 1, stock: 3 },
      { slug: `${prefix}-3`, variants: 1, stock: 3 },
    ]);
    expect(
      await count(sql`select count(*)::int as n from variant_channels where sku = ${`${prefix.toUpperCase()}-2`}`),
    ).toBe(0);
  });

  it('a product the database refuses fails alone, with nothing of it written', async () => {
    const prefix = `f${tag()}`;
    const r = await check(shopifyCsv(3, { prefix }));
    expect(r.counts).toMatchObject({ create: 3 });
    // The plan as stored, its second product now out of the column's range (as a file edited past
    // what the check saw could not be, but a database may still refuse a row).
    await db().execute(
      sql`update catalog_imports set plan = jsonb_set(plan, '{1,body,weight_grams}', '9999999999') where id = ${r.id}`,
    );
    expect(await importIt(r)).toMatchObject({
      status: 'done',
      changed: 2,
      failed: 1,
      errors: [{ row: 5, message: 'This product could not be saved' }],
    });
    expect(await count(sql`select count(*)::int as n from products where slug like ${prefix + '-%'}`)).toBe(2);
    expect(await count(sql`select count(*)::int as n from products where slug = ${`${prefix}-tee-2`}`)).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from variant_channels where sku like ${`${prefix.toUpperCase()}-2-%`}`),
    ).toBe(0);
  });
});

describe('batches: changes to existing products written together', () => {
  it('a batch of changes: written together, audited; a stock sold since the check is that product’s row error', async () => {
    const prefix = `u${tag()}`;
    const P = prefix.toUpperCase();
    await importIt(await check(shopifyCsv(4, { prefix })));
    const file = shopifyCsv(4, {
      prefix,
      edit: (rows) => {
        for (const r of rows) {
          r['Variant Price'] = (Number(r['Variant Price']) + 1).toFixed(2);
          r['Variant Inventory Qty'] = '30';
        }
        rows[6]!.Title = 'Cotton Tee 3 (new)';
        rows[9]!.Tags = 'summer, cotton, linen'; // a tag: written one by one (updateProduct)
      },
    });
    const r = await check(file);
    expect(r.counts).toEqual({ create: 0, update: 4, unchanged: 0, error: 0 });
    await sell(await variantId(`${P}-2-M`)); // 6 → 5 after the check
    expect(await importIt(r)).toMatchObject({
      status: 'done',
      changed: 3,
      failed: 1,
      errors: [{ row: 6, column: 'Variant Inventory Qty', message: msg.stockChangedSinceCheck(5) }],
    });
    // The product whose stock moved: nothing of it written, the sale stands.
    expect(await variant(`${P}-2-S`)).toMatchObject({ price: 2199, stock: 5 });
    expect(await variant(`${P}-2-M`)).toMatchObject({ price: 2399, stock: 5 });
    // The others: prices, stock and title written.
    expect(await variant(`${P}-1-S`)).toMatchObject({ price: 2199, mrp: 3000, stock: 30, title: 'Cotton Tee 1' });
    expect(await variant(`${P}-3-L`)).toMatchObject({ price: 2799, stock: 30, title: 'Cotton Tee 3 (new)' });
    expect(await variant(`${P}-4-M`)).toMatchObject({ price: 2699, stock: 30 });
    const tags = await queryRows<{ name: string }>(
      db(),
      sql`select lower(t.name) as name from product_tags pt join tags t on t.id = pt.tag_id join products p on p.id = pt.product_id
           where p.slug = ${`${prefix}-tee-4`} order by 1`,
    );
    expect(tags.map((x) => x.name)).toEqual(['cotton', 'linen', 'summer']);
    // Products 1 and 3 by one (sub)transaction, not one each.
    expect(
      await count(
        sql`select count(distinct xmin::text)::int as n from products where slug in (${`${prefix}-tee-1`}, ${`${prefix}-tee-3`})`,
      ),
    ).toBe(1);
    const [move] = await queryRows<{ reason: string; from_stock: number; to_stock: number; note: string }>(
      db(),
      sql`select reason, from_stock, to_stock, note from stock_movements where variant_id = ${await variantId(`${P}-1-S`)}
           order by id desc limit 1`,
    );
    expect(move).toEqual({ reason: 'correction', from_stock: 5, to_stock: 30, note: 'CSV import' });
    // The edit's audit entry as the product form's save writes it (its undo sends "before" back).
    const [id] = await queryRows<{ id: string }>(db(), sql`select id from products where slug = ${`${prefix}-tee-3`}`);
    const [audit] = await queryRows<{ before: Record<string, unknown>; after: Record<string, unknown> }>(
      db(),
      sql`select before, after from audit_log where action = 'product.update' and target = ${`product:${id!.id}`}`,
    );
    expect(Object.keys(audit!.after).sort()).toEqual(['options', 'title', 'variants', 'version']);
    expect(audit!.before).toMatchObject({ title: 'Cotton Tee 3', version: 1 });
    expect(audit!.after).toMatchObject({ title: 'Cotton Tee 3 (new)', version: 2 });
    const prices = (e: Record<string, unknown>) =>
      (e.variants as { sku: string; prices: { price_minor: number }[] }[]).map((v) => [
        v.sku,
        v.prices[0]!.price_minor,
      ]);
    expect(prices(audit!.before)).toEqual([
      [`${P}-3-S`, 2299],
      [`${P}-3-M`, 2499],
      [`${P}-3-L`, 2699],
    ]);
    expect(prices(audit!.after)).toEqual([
      [`${P}-3-S`, 2399],
      [`${P}-3-M`, 2599],
      [`${P}-3-L`, 2799],
    ]);
    // The same file again: only the product the sale kept back still differs.
    expect((await check(file)).counts).toEqual({ create: 0, update: 1, unchanged: 3, error: 0 });
  });

  it('a variant not sold in a channel stays so, in the batch and one by one (as the product form saves it)', async () => {
    const prefix = `a${tag()}`;
    const P = prefix.toUpperCase();
    await importIt(await check(shopifyCsv(2, { prefix })));
    const off = [`${P}-1-M`, `${P}-2-M`];
    await db().execute(sql`update variant_channels set is_available = false where sku in (${off[0]}, ${off[1]})`);
    const r = await check(
      shopifyCsv(2, {
        prefix,
        edit: (rows) => {
          for (const row of rows) row['Variant Price'] = (Number(row['Variant Price']) + 1).toFixed(2);
          rows[3]!.Tags = 'summer, linen'; // product 2: a tag, so written one by one (updateProduct)
        },
      }),
    );
    expect(await importIt(r)).toMatchObject({ status: 'done', changed: 2, failed: 0 });
    const sold = await queryRows<{ sku: string; available: boolean; price: number }>(
      db(),
      sql`select sku, is_available as available, selling_price_minor as price from variant_channels
           where sku like ${`${P}-%`} order by sku`,
    );
    expect(sold.map((x) => [x.sku, x.available])).toEqual([
      [`${P}-1-L`, true],
      [`${P}-1-M`, false],
      [`${P}-1-S`, true],
      [`${P}-2-L`, true],
      [`${P}-2-M`, false],
      [`${P}-2-S`, true],
    ]);
    expect(await variant(`${P}-2-M`)).toMatchObject({ price: 2499 }); // 23.99 + 1: written all the same
  });

  it('a change the database refuses fails alone: the batch’s other changes are written, nothing of it', async () => {
    const prefix = `h${tag()}`;
    const P = prefix.toUpperCase();
    await importIt(await check(shopifyCsv(3, { prefix })));
    const r = await check(
      shopifyCsv(3, {
        prefix,
        edit: (rows) => rows.forEach((row) => (row['Variant Price'] = (Number(row['Variant Price']) + 1).toFixed(2))),
      }),
    );
    expect(r.counts).toMatchObject({ update: 3 });
    await db().execute(
      sql`update catalog_imports set plan = jsonb_set(plan, '{1,body,variants,0,prices,0,price_minor}', '9999999999') where id = ${r.id}`,
    );
    expect(await importIt(r)).toMatchObject({
      status: 'done',
      changed: 2,
      failed: 1,
      errors: [{ row: 5, message: 'This product could not be saved' }],
    });
    expect(await variant(`${P}-1-S`)).toMatchObject({ price: 2199 });
    expect(await variant(`${P}-2-S`)).toMatchObject({ price: 2199 }); // as it was: 21.99
    expect(await variant(`${P}-3-L`)).toMatchObject({ price: 2799 });
  });
});
