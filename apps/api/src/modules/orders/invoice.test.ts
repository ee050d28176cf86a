import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { includedTax, money } from '@shopfront/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createCustomer } from '../../test/auth.ts';
import { createTestOrder, buyableVariants } from '../../test/orders.ts';
import { renderInvoice } from './invoice.ts';
import { loadInvoiceData } from './view.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The PDF as a reader sees it (pdf.js): its page count and its text, a line per text run. */
async function readPdf(pdf: Buffer): Promise<{ pages: number; text: string }> {
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
  try {
    const lines: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      for (const item of content.items) if ('str' in item) lines.push(item.str);
    }
    return { pages: doc.numPages, text: lines.join('\n') };
  } finally {
    await doc.destroy();
  }
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
    const pdf = await renderInvoice({ ...data, shop });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text } = await readPdf(pdf);
    const rupees = (n: number) => money(n, 'INR').formatted;
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
      '₹49.00',
      'Grand total',
      rupees(o.grandTotalMinor),
      `Tax included (GST ${data.taxRatePercent}%)`,
      rupees(includedTax(o.grandTotalMinor, data.taxRatePercent)),
      '₹79.00',
      '-₹5.00',
    ]) {
      expect(text).toContain(expected);
    }
    for (const item of data.order.productchannel) {
      expect(text).toContain(item.product.name);
      expect(text).toContain(rupees(item.total.amount));
      expect(text).toContain(rupees(data.lineTax.get(item.id)!));
    }
    expect(data.taxRatePercent).toBe(12);
  });

  it('goes on to more pages for a long order', async () => {
    const db = t.database.db;
    const variants = await buyableVariants(db, 2, 40);
    const o = await createTestOrder(db, { lines: variants.map((v) => [v, 1] as [string, number]), takeStock: false });
    const data = (await loadInvoiceData(db, o.id))!;
    const { pages, text } = await readPdf(await renderInvoice({ ...data, shop }));
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain('Item'); // the table's heading, repeated on the next page
    expect(text.match(/^Item$/gm)?.length).toBeGreaterThanOrEqual(2);
    expect(text).toContain(money(o.grandTotalMinor, 'INR').formatted);
  });

  it('prints names in Devanagari, Greek, Cyrillic and accented Latin as typed', async () => {
    const db = t.database.db;
    const o = await createTestOrder(db, { lines: [[(await buyableVariants(db, 1, 1))[0]!, 1]] });
    const data = (await loadInvoiceData(db, o.id))!;
    Object.assign(data.order.shipping_address, { first_name: 'आशा', last_name: 'Łukasiewicz' });
    Object.assign(data.order.billing_address, { first_name: 'Ζωή', last_name: 'Жукова', city: 'Nguyễn\u0000' });
    const { text } = await readPdf(await renderInvoice({ ...data, shop: { ...shop, name: 'लूम & Leaf' } }));
    for (const expected of ['आशा Łukasiewicz', 'Ζωή Жукова', 'Nguyễn', 'लूम & Leaf']) expect(text).toContain(expected);
    expect(text).not.toContain('\u0000');
  });

  it('still renders text its font has no glyphs for (Tamil, emoji, CJK, a broken character)', async () => {
    const db = t.database.db;
    const o = await createTestOrder(db, { lines: [[(await buyableVariants(db, 1, 1))[0]!, 1]] });
    const data = (await loadInvoiceData(db, o.id))!;
    data.order.shipping_address.first_name = 'தமிழ் 😀 漢字 \ud800';
    const { pages, text } = await readPdf(await renderInvoice({ ...data, shop }));
    expect(pages).toBe(1);
    expect(text).toContain('Grand total');
  });
});
