import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { includedTax, money } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addressSource, createCustomer, uniqueEmail } from '../../test/auth.ts';
import { testBrowser } from '../../test/browser.ts';
import { readPdf } from '../../test/pdf.ts';
import { guestReady, placeOrder, placedOf, readyCart } from '../../test/checkout.ts';
import { createTestOrder, buyableVariants } from '../../test/orders.ts';
import { TAX_SELLER_SETTING } from '../admin/tax/service.ts';
import { invoiceInput } from './invoice-data.ts';
import { renderInvoice, splitTax } from './invoice.ts';
import { loadInvoiceData } from './view.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const shop = {
  name: 'Loom & Leaf',
  address: '12 Residency Road, Bengaluru 560025',
  email: 'hi@loom.test',
  phone: '080 1234',
};
const SELLER = {
  legal_name: 'Loom and Leaf Textiles Private Limited',
  gstin: '29AAGCB7383J1Z4',
  address: '4th Floor, 80 Feet Road, Koramangala, Bengaluru 560034',
  state_code: 'KA',
};

async function saveSeller(db: Db, seller: object | null) {
  await db.execute(sql`delete from store_settings where key = ${TAX_SELLER_SETTING}`);
  if (seller)
    await db.execute(
      sql`insert into store_settings (key, value) values (${TAX_SELLER_SETTING}, ${JSON.stringify(seller)}::jsonb)`,
    );
}

/** The invoice of an order as its first issue (at `at`, else now) prints it, the seller as saved. */
async function invoiceOf(db: Db, orderId: string, at?: Date) {
  const data = (await loadInvoiceData(db, orderId))!;
  const input = await invoiceInput(db, data, at ? { at } : {});
  const pdf = await readPdf(await renderInvoice({ ...input, shop }));
  // Words as a reader sees them, whatever line they wrapped onto.
  return { data, input, pages: pdf.pages, lines: pdf.text, text: pdf.text.replace(/\s+/g, ' ') };
}

describe('invoice PDF', () => {
  it('prints a GST tax invoice: seller, number, place of supply, HSN, CGST + SGST within the state', async () => {
    const db = t.database.db;
    await saveSeller(db, SELLER);
    const customer = await createCustomer(db);
    const [a, b] = await buyableVariants(db, 5, 2);
    await db.execute(
      sql`update products set hsn_code = '6109' where id = (select product_id from variants where id = ${a!})`,
    );
    const o = await createTestOrder(db, {
      customerId: customer.id,
      lines: [
        [a!, 2],
        [b!, 1],
      ],
      discountMinor: 500,
      shippingMinor: 7900,
      codFeeMinor: 4900,
    });
    const { data, input, text } = await invoiceOf(db, o.id);
    const rupees = (n: number) => money(n, 'INR').formatted;
    expect(input.invoice.no).toMatch(/^INV\/\d{4}-\d{2}\/\d{6}$/);
    expect(input.intraState).toBe(true);
    for (const expected of [
      SELLER.legal_name,
      'Trading as Loom & Leaf',
      `GSTIN: ${SELLER.gstin}`,
      'State: Karnataka (code 29)',
      'TAX INVOICE',
      `Invoice no: ${input.invoice.no}`,
      `Order no: ${o.orderNo}`,
      'Place of supply: Karnataka (29)',
      'Billed to',
      'Shipped to',
      '12 Residency Road',
      'Bengaluru 560025',
      'HSN',
      '6109',
      'Taxable value',
      'CGST',
      'SGST',
      'Cash on Delivery fee',
      'Grand total',
      rupees(o.grandTotalMinor),
      `${data.taxRatePercent}%`,
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('IGST');
    expect(text).not.toMatch(/Default/);
    // Every row's taxable value and tax add up to its total, and the rows to the grand total.
    let taxable = 0;
    let tax = 0;
    let cgstTotal = 0;
    for (const item of data.order.productchannel) {
      const line = input.lines.get(item.id)!;
      expect(text).toContain(item.product.name);
      expect(text).toContain(rupees(item.total.amount - line.tax));
      const [cgst, sgst] = splitTax(line.tax);
      expect(cgst + sgst).toBe(line.tax);
      expect(text).toContain(rupees(cgst));
      taxable += item.total.amount - line.tax;
      tax += line.tax;
      cgstTotal += cgst;
    }
    expect(input.lines.get(data.order.productchannel[0]!.id)!.hsn).toBe('6109');
    const charges = [7900, 4900].map((n) => [n, Math.round((n * 12) / 112)] as const);
    for (const [n, tx] of charges) {
      taxable += n - tx;
      tax += tx;
      cgstTotal += splitTax(tx)[0];
    }
    expect(taxable + tax).toBe(o.grandTotalMinor);
    expect(text).toContain(rupees(taxable));
    expect(text).toContain(`CGST ${rupees(cgstTotal)} SGST ${rupees(tax - cgstTotal)}`);
    expect(data.taxRatePercent).toBe(12);
  });

  it('charges IGST when the place of supply is another state', async () => {
    const db = t.database.db;
    await saveSeller(db, SELLER);
    const o = await createTestOrder(db, { lines: [[(await buyableVariants(db, 3, 1))[0]!, 3]] });
    await db.execute(
      sql`update orders set shipping_address = jsonb_set(jsonb_set(shipping_address, '{state_id}',
            to_jsonb((select id from states where code = 'MH'))), '{state}',
            jsonb_build_object('id', (select id from states where code = 'MH'), 'name', 'Maharashtra'))
          where id = ${o.id}`,
    );
    const { data, input, text } = await invoiceOf(db, o.id);
    expect(input.intraState).toBe(false);
    expect(text).toContain('Place of supply: Maharashtra (27)');
    expect(text).toContain('IGST');
    expect(text).not.toContain('CGST');
    const item = data.order.productchannel[0]!;
    expect(text).toContain(money(input.lines.get(item.id)!.tax, 'INR').formatted);
  });

  it('names the variant by its options, never "Default"', async () => {
    const db = t.database.db;
    const o = await createTestOrder(db, { lines: [[(await buyableVariants(db, 1, 2))[1]!, 1]] });
    await db.execute(sql`update order_items set variant_title = 'Default', options = '{}' where order_id = ${o.id}`);
    const first = await invoiceOf(db, o.id);
    expect(first.text).not.toContain('Default');
    await db.execute(
      sql`update order_items set variant_title = 'M / Indigo', options = '{"Size":"M","Colour":"Indigo"}' where order_id = ${o.id}`,
    );
    const second = await invoiceOf(db, o.id);
    expect(second.text).toContain(`${second.data.order.productchannel[0]!.product.name} – M / Indigo`);
  });

  it('still renders an order placed before tax invoices: no seller saved, no HSN kept on its lines', async () => {
    const db = t.database.db;
    await saveSeller(db, null);
    const o = await createTestOrder(db, { lines: [[(await buyableVariants(db, 1, 1))[0]!, 1]] });
    await db.execute(sql`update order_items set hsn_code = null where order_id = ${o.id}`);
    const { pages, text, input } = await invoiceOf(db, o.id);
    expect(pages).toBe(1);
    expect(input.seller).toBeNull();
    expect(text).toContain('Loom & Leaf');
    expect(text).toContain('Grand total');
    expect(text).toContain(money(o.grandTotalMinor, 'INR').formatted);
    await saveSeller(db, SELLER);
  });

  it('goes on to more pages for a long order', async () => {
    const db = t.database.db;
    const variants = await buyableVariants(db, 2, 40);
    const o = await createTestOrder(db, { lines: variants.map((v) => [v, 1] as [string, number]), takeStock: false });
    const { pages, lines: text } = await invoiceOf(db, o.id);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain('Item'); // the table's heading, repeated on the next page
    expect(text.match(/^Item$/gm)?.length).toBeGreaterThanOrEqual(2);
    expect(text).toContain(money(o.grandTotalMinor, 'INR').formatted);
  });

  it('prints names in Devanagari, Greek, Cyrillic and accented Latin as typed', async () => {
    const db = t.database.db;
    const o = await createTestOrder(db, { lines: [[(await buyableVariants(db, 1, 1))[0]!, 1]] });
    const data = await invoiceInput(db, (await loadInvoiceData(db, o.id))!);
    Object.assign(data.order.shipping_address, { first_name: 'आशा', last_name: 'Łukasiewicz' });
    Object.assign(data.order.billing_address, { first_name: 'Ζωή', last_name: 'Жукова', city: 'Nguyễn\u0000' });
    const { text } = await readPdf(
      await renderInvoice({ ...data, seller: null, shop: { ...shop, name: 'लूम & Leaf' } }),
    );
    for (const expected of ['आशा Łukasiewicz', 'Ζωή Жукова', 'Nguyễn', 'लूम & Leaf']) expect(text).toContain(expected);
    expect(text).not.toContain('\u0000');
  });

  it('still renders text its font has no glyphs for (Tamil, emoji, CJK, a broken character)', async () => {
    const db = t.database.db;
    const o = await createTestOrder(db, { lines: [[(await buyableVariants(db, 1, 1))[0]!, 1]] });
    const data = await invoiceInput(db, (await loadInvoiceData(db, o.id))!);
    data.order.shipping_address.first_name = 'தமிழ் 😀 漢字 \ud800';
    const { pages, text } = await readPdf(await renderInvoice({ ...data, shop }));
    expect(pages).toBe(1);
    expect(text).toContain('Grand total');
  });
});

describe('invoice date', () => {
  it('issued on 1 April at 00:30 India time: dated 1 April and numbered in the new financial year', async () => {
    const db = t.database.db;
    await saveSeller(db, SELLER);
    const o = await createTestOrder(db, { lines: [[(await buyableVariants(db, 1, 1))[0]!, 1]] });
    await db.execute(sql`update orders set created_at = '2031-03-31T19:00:00Z' where id = ${o.id}`);
    const { input, text } = await invoiceOf(db, o.id, new Date('2031-03-31T19:00:00Z'));
    expect(input.invoice.no).toMatch(/^INV\/2031-32\/\d{6}$/);
    expect(text).toContain(`Invoice no: ${input.invoice.no} Invoice date: 1 April 2031`);
    expect(text).toContain(`Order no: ${o.orderNo} of 1 April 2031`);
  });
});

describe('a standard rate with decimals (12.5 %)', () => {
  const rupees = (n: number) => money(n, 'INR').formatted;
  const nextAddress = addressSource(233);
  const orderRow = async (id: string) =>
    (
      await queryRows<{
        tax_rate_percent: number;
        tax_minor: number;
        grand_total_minor: number;
        shipping_minor: number;
        cod_fee_minor: number;
      }>(
        t.database.db,
        sql`select tax_rate_percent, tax_minor, grand_total_minor, shipping_minor, cod_fee_minor
              from orders where id = ${id}`,
      )
    )[0]!;
  /** The invoice's rows (lines, shipping, COD fee) add up to the order's tax and grand total. */
  async function expectInvoiceAddsUp(orderId: string) {
    const order = await orderRow(orderId);
    const { input, text } = await invoiceOf(t.database.db, orderId);
    const lineTax = [...input.lines.values()].reduce((n, l) => n + l.tax, 0);
    const chargeTax = [order.shipping_minor, order.cod_fee_minor].reduce(
      (n, c) => n + includedTax(c, input.taxRatePercent),
      0,
    );
    expect(lineTax + chargeTax).toBe(order.tax_minor);
    expect(text).toContain(`Taxable value ${rupees(order.grand_total_minor - order.tax_minor)}`);
    expect(text).toContain('12.5%');
    return order;
  }
  let variant: string;
  beforeAll(async () => {
    const db = t.database.db;
    await saveSeller(db, SELLER);
    await db.execute(sql`update tax_rates set rate_percent = 12.5 where key = 'standard'`);
    [variant] = (await buyableVariants(db, 5, 1)) as [string];
    await db.execute(
      sql`update products set tax_class = 'standard' where id = (select product_id from variants where id = ${variant})`,
    );
  });
  afterAll(() => t.database.db.execute(sql`update tax_rates set rate_percent = 12 where key = 'standard'`));

  it('the order records 12.5, not 13: its invoice rows add up to its tax and grand total', async () => {
    const { b, cart } = await guestReady(t, { lines: [[variant, 1]], payment: 'cod' }, nextAddress());
    const placed = await placeOrder(b, cart);
    expect(placed.statusCode, placed.body).toBe(200);
    const order = await expectInvoiceAddsUp(placedOf(placed).order.id);
    expect(order.tax_rate_percent).toBe(12.5);
    expect(order.cod_fee_minor).toBeGreaterThan(0);
    expect(order.tax_minor).toBe(cart.totals.tax_included.amount);
  });

  it('switching an unpaid order to Cash on Delivery changes its tax by the fee’s tax at 12.5 % only', async () => {
    const b = testBrowser(t.app, { ip: nextAddress() });
    await readyCart(t, b, { lines: [[variant, 1]], payment: 'sandbox' });
    const contact = await b.call('PUT', '/api/cart/update-contact', { email: uniqueEmail() });
    expect(contact.statusCode, contact.body).toBe(200);
    const placed = await placeOrder(b, contact.json().data);
    expect(placed.statusCode, placed.body).toBe(200);
    const id = placedOf(placed).order.id;
    const before = await orderRow(id);
    expect(before.cod_fee_minor).toBe(0);
    const res = await b.call('POST', '/api/checkout/process-payment', { order_id: id, method: 'cod' });
    expect(res.statusCode, res.body).toBe(200);
    const after = await expectInvoiceAddsUp(id);
    expect(after.cod_fee_minor).toBeGreaterThan(0);
    expect(after.tax_minor - before.tax_minor).toBe(includedTax(after.cod_fee_minor, 12.5));
  });
});
