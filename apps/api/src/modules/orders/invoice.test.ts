import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { includedTax } from '@shopfront/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createCustomer } from '../../test/auth.ts';
import { createTestOrder, buyableVariants } from '../../test/orders.ts';
import { invoiceAmount, renderInvoice } from './invoice.ts';
import { loadInvoiceData } from './view.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The text drawn on the pages of an uncompressed PDF: each TJ operator's hex strings, decoded. */
function pdfText(pdf: Buffer): string[] {
  const lines: string[] = [];
  for (const m of pdf.toString('latin1').matchAll(/\[(.*?)\] TJ/g)) {
    const parts = [...m[1]!.matchAll(/<([0-9a-f]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1'));
    lines.push(parts.join(''));
  }
  return lines;
}

const shop = {
  name: 'Loom & Leaf',
  address: '12 Residency Road, Bengaluru 560025',
  email: 'hi@loom.test',
  phone: '080 1234',
};

describe('invoice PDF', () => {
  it('prints the shop, the order, its lines and the tax they include', async () => {
    const db = t.database.db;
    const customer = await createCustomer(db);
    const [a, b] = await buyableVariants(db, 5, 2);
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
    const data = (await loadInvoiceData(db, o.id))!;
    const pdf = await renderInvoice({ ...data, shop }, { compress: false });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf).join('\n');
    const money = (n: number) => invoiceAmount(n, 'INR');
    for (const expected of [
      'Loom & Leaf',
      shop.address,
      'TAX INVOICE',
      `Order no: ${o.orderNo}`,
      'Billed to',
      'Shipped to',
      '12 Residency Road',
      'Bengaluru 560025',
      'Cash on Delivery fee',
      money(4900),
      'Grand total',
      money(o.grandTotalMinor),
      `Tax included (GST ${data.taxRatePercent}%)`,
      money(includedTax(o.grandTotalMinor, data.taxRatePercent)),
      money(7900),
      '-INR 5.00',
    ]) {
      expect(text).toContain(expected);
    }
    for (const item of data.order.productchannel) {
      expect(text).toContain(item.product.name);
      expect(text).toContain(money(item.total.amount));
      expect(text).toContain(money(data.lineTax.get(item.id)!));
    }
    expect(data.taxRatePercent).toBe(12);
  });

  it('goes on to more pages for a long order, and survives text its fonts cannot draw', async () => {
    const db = t.database.db;
    const variants = await buyableVariants(db, 2, 40);
    const o = await createTestOrder(db, { lines: variants.map((v) => [v, 1] as [string, number]), takeStock: false });
    const data = (await loadInvoiceData(db, o.id))!;
    data.order.shipping_address.first_name = 'आशा';
    const pdf = await renderInvoice({ ...data, shop: { ...shop, name: 'लूम' } }, { compress: false });
    const pages = pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThan(1);
    expect(pdfText(pdf).join('\n')).toContain(invoiceAmount(o.grandTotalMinor, 'INR'));
    // Compressed (as served) it is smaller and still a PDF.
    const served = await renderInvoice({ ...data, shop });
    expect(served.length).toBeLessThan(pdf.length);
    expect(served.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('writes amounts with the currency code', () => {
    expect(invoiceAmount(129_900, 'INR')).toBe('INR 1,299.00');
    expect(invoiceAmount(12_345_678_90, 'INR')).toBe('INR 1,23,45,678.90');
    expect(invoiceAmount(500, 'JPY')).toBe('JPY 500');
  });
});
