import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { cloneOrders } from '../../test/bulk-orders.ts';
import { createTestOrder } from '../../test/orders.ts';
import { ordersCsv, periodDays } from '../orders/admin-export.ts';
import { signedInOwner } from '../staff/testing.ts';

/**
 * The owner's CSV exports (issue 26) over HTTP, on PGlite and (TEST_DATABASE_URL) PostgreSQL:
 * the columns and values of a known order, product and customer, the filters, formula cells
 * neutralised, the byte-order mark, the roles, the audit entry, and 10,000 orders streamed in
 * bounded batches that follow the reader.
 */
let t: TestApp;
const h = {} as Record<'owner' | 'manager' | 'packer' | 'content_editor', Record<string, string>>;
const db = () => t.database.db;
const tag = () => randomBytes(3).toString('hex');

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['owner', 'manager', 'packer', 'content_editor'] as const) {
    h[role] = (await signedInOwner(t, role)).headers;
  }
});
afterAll(() => t.close());

const get = (url: string, headers = h.owner) => t.app.inject({ method: 'GET', url, headers });

/** The collector, for measuring the live heap (node without --expose-gc). */
function exposeGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** RFC 4180, by the parser the product import uses (csv-parse). */
function parseCsv(text: string): string[][] {
  return parse(text) as string[][];
}

/** The file as records keyed by the header row (after checking the byte-order mark). */
function recordsOf(body: string): Record<string, string>[] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = parseCsv(body.slice(1));
  return rows.map((r) => Object.fromEntries(header!.map((k, i) => [k, r[i] ?? ''])));
}

describe('orders export', () => {
  it('writes a known order line by line, amounts once per order, in the shop’s time, with a BOM', async () => {
    const email = `acct.${tag()}@example.test`;
    const lines = await queryRows<{ id: string }>(
      db(),
      sql`select v.id from variants v join products p on p.id = v.product_id and p.is_published
            and not p.is_customisation_enabled where v.stock >= 5 order by v.id limit 2`,
    );
    const o = await createTestOrder(db(), {
      email,
      phone: '9812345670',
      lines: [
        [lines[0]!.id, 2],
        [lines[1]!.id, 1],
      ],
      shippingMinor: 4900,
      codFeeMinor: 3000,
    });
    // 31 March 19:00 UTC is 1 April 00:30 in India: the shop's day, not UTC's.
    await queryRows(
      db(),
      sql`update orders set created_at = '2026-03-31T19:00:00Z', refunded_minor = 1000,
            shipping_address = jsonb_set(jsonb_set(shipping_address, '{first_name}', '"Añjali"'), '{last_name}', '"Verma ₹"')
          where id = ${o.id}`,
    );
    const res = await get(`/api/admin/orders/export.csv?from=2026-04-01&to=2026-04-01&q=${email}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = recordsOf(res.body);
    expect(rows).toHaveLength(2);
    const [order] = await queryRows<Record<string, number | string>>(
      db(),
      sql`select * from orders where id = ${o.id}`,
    );
    const items = await queryRows<Record<string, number | string>>(
      db(),
      sql`select * from order_items where order_id = ${o.id} order by id`,
    );
    const rupees = (minor: unknown) => (Number(minor) / 100).toFixed(2);
    expect(rows[0]).toEqual({
      'Order no': o.orderNo,
      Date: '2026-04-01 00:30',
      Status: 'Confirmed',
      'Payment method': 'Cash on Delivery',
      'Payment status': expect.any(String),
      'Customer name': 'Añjali Verma ₹',
      Email: email,
      Phone: '9812345670',
      'Ship city': 'Bengaluru',
      'Ship state': 'Karnataka',
      'Ship pincode': '560025',
      SKU: items[0]!.sku,
      Product: items[0]!.name,
      Variant: items[0]!.variant_title,
      Quantity: '2',
      'Unit price': rupees(items[0]!.unit_price_minor),
      'Line discount': rupees(items[0]!.discount_minor),
      'Line total': rupees(items[0]!.total_minor),
      Subtotal: rupees(order!.subtotal_minor),
      Discount: rupees(order!.discount_minor),
      Coupon: '',
      Shipping: '49.00',
      'COD fee': '30.00',
      Tax: rupees(order!.tax_minor),
      'Order total': rupees(order!.grand_total_minor),
      Refunded: '10.00',
      Currency: 'INR',
    });
    // The second line repeats who and what, not the order's amounts (a column's SUM stays true).
    expect(rows[1]).toMatchObject({ 'Order no': o.orderNo, SKU: items[1]!.sku, Quantity: '1', Currency: 'INR' });
    for (const k of ['Subtotal', 'Shipping', 'Tax', 'Order total', 'Refunded']) expect(rows[1]![k]).toBe('');

    // The same order is on 31 March in UTC, but not in the shop's time.
    const utcDay = recordsOf((await get(`/api/admin/orders/export.csv?to=2026-03-31&q=${email}`)).body);
    expect(utcDay).toEqual([]);
  });

  it('takes the inbox’s filters: status or tab, payment method, search', async () => {
    const email = `filter.${tag()}@example.test`;
    const a = await createTestOrder(db(), { email, status: 'confirmed' });
    const b = await createTestOrder(db(), { email, status: 'delivered' });
    const nos = async (qs: string) =>
      new Set(recordsOf((await get(`/api/admin/orders/export.csv?q=${email}&${qs}`)).body).map((r) => r['Order no']));
    expect(await nos('')).toEqual(new Set([a.orderNo, b.orderNo]));
    expect(await nos('status=delivered')).toEqual(new Set([b.orderNo]));
    expect(await nos('tab=to_pack')).toEqual(new Set([a.orderNo]));
    expect(await nos('payment_method=razorpay')).toEqual(new Set());
    expect(await nos('period=today')).toEqual(new Set([a.orderNo, b.orderNo]));
    expect(await nos('period=last_month')).toEqual(new Set());
    const bad = await get('/api/admin/orders/export.csv?from=2026-05-02&to=2026-05-01');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.to).toEqual(['The start date must be on or before the end date']);
    expect((await get('/api/admin/orders/export.csv?status=lost')).statusCode).toBe(422);
  });

  it('counts periods in the shop’s time zone', () => {
    const lateMarch = new Date('2026-03-31T19:00:00Z'); // 1 April, 00:30 in India
    expect(periodDays('today', 'Asia/Kolkata', lateMarch)).toEqual({ from: '2026-04-01', to: '2026-04-01' });
    expect(periodDays('today', 'UTC', lateMarch)).toEqual({ from: '2026-03-31', to: '2026-03-31' });
    expect(periodDays('this_month', 'Asia/Kolkata', lateMarch)).toEqual({ from: '2026-04-01', to: '2026-04-01' });
    expect(periodDays('last_month', 'Asia/Kolkata', lateMarch)).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(periodDays('last_month', 'Asia/Kolkata', new Date('2026-01-15T00:00:00Z'))).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(periodDays('last_month', 'UTC', new Date('2028-03-10T00:00:00Z'))).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
  });

  it('neutralises formula cells (=, +, -, @ at a cell start) and keeps line breaks inside one cell', async () => {
    const email = `@evil.${tag()}@example.test`;
    const o = await createTestOrder(db(), { email, phone: '+919812345670' });
    await queryRows(
      db(),
      sql`update orders set shipping_address = shipping_address
            || jsonb_build_object('first_name', '=HYPERLINK("http://x.test","y")', 'last_name', '', 'city', '-2+3',
                                  'postcode', '+560025')
          where id = ${o.id}`,
    );
    await queryRows(db(), sql`update order_items set name = ${'@SUM(1)\r\nsecond line'} where order_id = ${o.id}`);
    const res = await get(`/api/admin/orders/export.csv?q=${encodeURIComponent(email)}`);
    const [row] = recordsOf(res.body);
    expect(row).toMatchObject({
      'Customer name': `'=HYPERLINK("http://x.test","y")`,
      Email: `'${email}`,
      Phone: "'+919812345670",
      'Ship city': "'-2+3",
      'Ship pincode': "'+560025",
      Product: "'@SUM(1)\r\nsecond line",
    });
    // The multi-line name is one quoted cell: the file has one data row per line, no stray rows.
    expect(recordsOf(res.body)).toHaveLength(1);
  });

  it('is for owners and managers (personal data, audited); a packer gets 403', async () => {
    expect((await get('/api/admin/orders/export.csv?q=nobody', h.packer)).statusCode).toBe(403);
    expect((await get('/api/admin/orders/export.csv?q=nobody', h.content_editor)).statusCode).toBe(403);
    expect((await get('/api/admin/orders/export.csv?q=nobody', h.manager)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders/export.csv' })).statusCode).toBe(401);
    const [entry] = await queryRows<{ action: string; target: string; after: unknown }>(
      db(),
      sql`select action, target, after from audit_log where action = 'orders.export' order by id desc limit 1`,
    );
    expect(entry).toMatchObject({ action: 'orders.export', target: 'orders' });
    expect(JSON.stringify(entry!.after)).toContain('"q":"nobody"');
  });

  it('streams 10,000 orders in keyset batches of 500 that follow the reader', { timeout: 180_000 }, async () => {
    const src = await createTestOrder(db(), { email: `bulk.${tag()}@example.test`, takeStock: false });
    const prefix = `x${tag()}`;
    await cloneOrders(db(), src.id, 10_000, prefix);
    // Every order of the shop (the copies are counted by their numbers, SF-<PREFIX>n).
    const batches: number[] = [];
    // Live heap after a full collection, at each batch: what the export holds, not its garbage.
    const gc = exposeGc();
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    let peak = heapBefore;
    const stream = ordersCsv(db(), {}, 'Asia/Kolkata', {
      onBatch: (n) => {
        batches.push(n);
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      },
    });

    // Reading one chunk does not pull the whole table: the next batches wait for the reader.
    const it = stream[Symbol.asyncIterator]();
    const first = await it.next();
    await new Promise((r) => setTimeout(r, 200));
    expect(batches.length).toBeLessThanOrEqual(3);

    let lines = 0;
    let copies = 0;
    let carry = '';
    // Whole lines only (a chunk may end inside one); the rest waits for the next chunk.
    const take = (chunk: string) => {
      const parts = (carry + chunk).split('\r\n');
      carry = parts.pop()!;
      lines += parts.length;
      copies += parts.filter((l) => l.startsWith(`SF-${prefix.toUpperCase()}`)).length;
    };
    take(String(first.value));
    for (let r = await it.next(); !r.done; r = await it.next()) {
      take(String(r.value));
    }
    expect(copies).toBe(10_000);
    expect(lines).toBeGreaterThanOrEqual(10_000);
    expect(Math.max(...batches)).toBeLessThanOrEqual(500);
    expect(batches.length).toBeGreaterThanOrEqual(20);
    // Bounded: the live heap grows by about one batch (1-2 MB measured); the 10,000 orders read in one
    // query hold 6.5 MB before a line of CSV is written.
    console.info(`orders export: live heap grew at most ${((peak - heapBefore) / 2 ** 20).toFixed(1)} MB`);
    expect(peak - heapBefore).toBeLessThan(4 * 1024 * 1024);

    // Over HTTP too: every copy once.
    const res = await get(`/api/admin/orders/export.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.body.split(`SF-${prefix.toUpperCase()}`).length - 1).toBe(10_000);
  });
});

describe('products export', () => {
  it('writes one row per variant with every column the import reads back', async () => {
    const channels = await queryRows<{ id: string; currency: string }>(
      db(),
      sql`select id, currency_code as currency from channels order by id`,
    );
    const [main] = await queryRows<{ id: string }>(
      db(),
      sql`select channel_id as id from storefronts where is_default`,
    );
    const other = channels.find((c) => c.id !== main!.id);
    const [collection] = await queryRows<{ slug: string }>(db(), sql`select slug from collections order by id limit 1`);
    const [category] = await queryRows<{ slug: string }>(db(), sql`select slug from categories order by id limit 1`);
    const k = tag();
    const body = {
      title: `Export Lamp ${k}`,
      slug: `export-lamp-${k}`,
      status: 'published',
      publish_at: null,
      short_description: '=cmd a short one',
      description: [{ type: 'paragraph', text: 'Lit.' }],
      brand: 'Lumen',
      category: category!.slug,
      collections: [collection!.slug],
      tags: ['lighting', 'paper'],
      seo_title: 'Lamp',
      seo_description: null,
      hsn_code: '9405',
      tax_class: 'standard',
      weight_grams: 250,
      options: [
        { name: 'Size', values: ['S', 'L'] },
        { name: 'Colour', values: ['Indigo'] },
      ],
      variants: [
        {
          sku: `EL-${k}-S`,
          options: { Size: 'S', Colour: 'Indigo' },
          prices: [
            { channel_id: main!.id, price_minor: 49900, compare_at_minor: 59900 },
            ...(other ? [{ channel_id: other.id, price_minor: 2250 }] : []),
          ],
          stock: 7,
        },
        {
          sku: `EL-${k}-L`,
          options: { Size: 'L', Colour: 'Indigo' },
          prices: [{ channel_id: main!.id, price_minor: 69950 }],
          stock: 0,
        },
      ],
    };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/catalog/products',
      headers: h.owner,
      payload: body,
    });
    expect(created.statusCode, created.body).toBe(200);
    const product = created.json().data as AdminProduct;

    const res = await get(`/api/admin/catalog/products/export.csv?q=${encodeURIComponent(`Export Lamp ${k}`)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="products-[\d-]+\.csv"$/);
    const rows = recordsOf(res.body);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      handle: product.slug,
      title: product.title,
      status: 'published',
      publish_at: '',
      brand: 'Lumen',
      category: category!.slug,
      collections: collection!.slug,
      tags: 'lighting|paper',
      short_description: "'=cmd a short one",
      seo_title: 'Lamp',
      seo_description: '',
      hsn_code: '9405',
      tax_class: 'standard',
      weight_grams: '250',
      option1_name: 'Size',
      option1_value: 'S',
      option2_name: 'Colour',
      option2_value: 'Indigo',
      option3_name: '',
      option3_value: '',
      sku: `EL-${k}-S`,
      stock: '7',
      [`price_${main!.id}`]: '499.00',
      [`compare_at_price_${main!.id}`]: '599.00',
    });
    if (other) {
      expect(rows[0]![`price_${other.id}`]).toBe('22.50');
      expect(rows[1]![`price_${other.id}`]).toBe('');
    }
    expect(rows[1]).toMatchObject({
      sku: `EL-${k}-L`,
      stock: '0',
      option1_value: 'L',
      [`price_${main!.id}`]: '699.50',
    });
    expect(rows[1]![`compare_at_price_${main!.id}`]).toBe('');

    // Read back, the file says what the product API says (what an import of it would write).
    const back = rows.map((r) => ({
      sku: r.sku,
      stock: Number(r.stock),
      options: Object.fromEntries(
        [1, 2, 3].filter((i) => r[`option${i}_name`]).map((i) => [r[`option${i}_name`], r[`option${i}_value`]]),
      ),
    }));
    expect(back).toEqual(product.variants.map((v) => ({ sku: v.sku, stock: v.stock, options: v.options })));

    // The list's filters: a status it does not have leaves it out.
    const drafts = recordsOf(
      (await get(`/api/admin/catalog/products/export.csv?status=draft&q=export lamp ${k}`)).body,
    );
    expect(drafts).toEqual([]);
  });

  it('is for the catalog area: owner and manager, not a packer', async () => {
    expect((await get('/api/admin/catalog/products/export.csv?q=zzz', h.manager)).statusCode).toBe(200);
    expect((await get('/api/admin/catalog/products/export.csv?q=zzz', h.packer)).statusCode).toBe(403);
    expect((await get('/api/admin/catalog/products/export.csv?stock=some', h.owner)).statusCode).toBe(422);
  });
});

describe('bad input', () => {
  it('answers junk in every filter of every export with a 422 envelope, never a 500 or a half file', async () => {
    const junk = ['%00', '%ED%A0%80', 'x'.repeat(300), '1e309', '2026-02-30', '..%2F'];
    const names = ['q', 'status', 'tab', 'from', 'to', 'period', 'payment_status', 'category', 'stock', 'blocked'];
    for (const path of [
      '/api/admin/orders/export.csv',
      '/api/admin/catalog/products/export.csv',
      '/api/admin/customers/export.csv',
    ]) {
      for (const j of junk) {
        const res = await get(`${path}?${names.map((n) => `${n}=${j}`).join('&')}`);
        const label = `${path} ${j} → ${res.statusCode} ${res.body.slice(0, 100)}`;
        expect(res.statusCode, label).toBe(422);
        expect(res.json().status, label).toBe('error');
      }
    }
  });
});

describe('customers export', () => {
  it('writes a known customer with orders and spent, with the list’s filters, audited', async () => {
    const email = `cust.${tag()}@example.test`;
    const [c] = await queryRows<{ id: number }>(
      db(),
      sql`insert into customers (first_name, last_name, email, phone, email_verified_at, created_at)
          values ('Meera', '+Iyer', ${email}, ${`9${String(Date.now()).slice(-9)}`}, now(), '2026-01-10T20:00:00Z')
          returning id`,
    );
    const o = await createTestOrder(db(), { customerId: c!.id, email });
    const res = await get(`/api/admin/customers/export.csv?q=${email}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = recordsOf(res.body);
    expect(rows).toEqual([
      {
        'Customer ID': String(c!.id),
        'First name': 'Meera',
        'Last name': "'+Iyer",
        Email: email,
        'Email verified': 'yes',
        Phone: expect.stringMatching(/^9\d{9}$/),
        'Phone verified': 'no',
        Orders: '1',
        'Total spent': (o.grandTotalMinor / 100).toFixed(2),
        Currency: 'INR',
        'Last order': expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
        Blocked: 'no',
        'Signed up': '2026-01-11 01:30',
      },
    ]);
    expect(recordsOf((await get(`/api/admin/customers/export.csv?q=${email}&blocked=true`)).body)).toEqual([]);
    expect((await get('/api/admin/customers/export.csv', h.packer)).statusCode).toBe(403);
    const [entry] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from audit_log where action = 'customers.export'`,
    );
    expect(entry!.n).toBeGreaterThanOrEqual(2);
  });
});
