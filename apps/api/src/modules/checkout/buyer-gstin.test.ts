import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { gstinCheckCharacter, gstinMessages, messages, OrderDetailSchema } from '@shopfront/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addressSource } from '../../test/auth.ts';
import { cartOf, type TestBrowser } from '../../test/browser.ts';
import { buyableVariants, guestReady, placeOrder, placedOf } from '../../test/checkout.ts';
import { readPdf } from '../../test/pdf.ts';
import { TAX_SELLER_SETTING } from '../admin/tax/service.ts';
import { loadAdminOrder } from '../orders/admin-view.ts';

/** Issue 26: the buyer's GSTIN given at checkout reaches the order, the panel and the tax invoice. */

let t: TestApp;
let variant: string;
const nextAddress = addressSource(241);
const BUYER = `27AAPFU0939F1Z${gstinCheckCharacter('27AAPFU0939F1Z')}`;
const BUSINESS = 'Umbrella Traders LLP';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  [variant] = (await buyableVariants(db, 20, 1)) as [string];
  const seller = {
    legal_name: 'Loom and Leaf Textiles Private Limited',
    gstin: '29AAGCB7383J1Z4',
    address: '4th Floor, 80 Feet Road, Koramangala, Bengaluru 560034',
    state_code: 'KA',
  };
  await db.execute(sql`delete from store_settings where key = ${TAX_SELLER_SETTING}`);
  await db.execute(
    sql`insert into store_settings (key, value) values (${TAX_SELLER_SETTING}, ${JSON.stringify(seller)}::jsonb)`,
  );
});
afterAll(() => t.close());

const update = (b: TestBrowser, body: object) => b.call('PUT', '/api/cart/update', body);

/** Places the ready cart with Cash on Delivery; answers the order as the shopper reads it and its invoice's text. */
async function placeAndRead(b: TestBrowser) {
  const cart = cartOf(await b.call('GET', '/api/cart/get'));
  const placed = await placeOrder(b, cart);
  expect(placed.statusCode, placed.body).toBe(200);
  const id = placedOf(placed).order.id;
  const item = await b.call('POST', '/api/orders/item', { order_id: id });
  expect(item.statusCode, item.body).toBe(200);
  const invoice = await b.call('GET', `/api/orders/invoice?order_id=${id}`);
  expect(invoice.statusCode, invoice.body).toBe(200);
  const { text } = await readPdf(invoice.rawPayload);
  return { id, order: OrderDetailSchema.parse(item.json().data), text: text.replace(/\s+/g, ' ') };
}

describe("the buyer's GSTIN", () => {
  it('a malformed GSTIN or a wrong check character is a 422 with the field message; nothing is saved', async () => {
    const { b } = await guestReady(t, { lines: [[variant, 1]], payment: 'cod' }, nextAddress());
    const wrongCheck = BUYER.slice(0, 14) + (BUYER[14] === 'A' ? 'B' : 'A');
    for (const gstin of ['29ABCDE1234F1Z', '12345', wrongCheck]) {
      const res = await update(b, { buyer_gstin: gstin, buyer_business_name: BUSINESS });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.buyer_gstin).toEqual([gstinMessages.invalid]);
    }
    const nameless = await update(b, { buyer_gstin: BUYER, buyer_business_name: '' });
    expect(nameless.statusCode).toBe(422);
    expect(nameless.json().errors.buyer_business_name).toEqual([messages.fieldEmpty('Business name')]);
    const gstinless = await update(b, { buyer_gstin: '', buyer_business_name: BUSINESS });
    expect(gstinless.statusCode).toBe(422);
    expect(gstinless.json().errors.buyer_gstin).toEqual([messages.fieldEmpty('GSTIN')]);
    const cart = cartOf(await b.call('GET', '/api/cart/get'));
    expect([cart.buyer_gstin, cart.buyer_business_name]).toEqual([null, null]);
  });

  it('a valid one (typed in lower case with spaces) reaches the order, the panel and the tax invoice', async () => {
    const { b } = await guestReady(t, { lines: [[variant, 1]], payment: 'cod' }, nextAddress());
    const typed = `${BUYER.slice(0, 5).toLowerCase()} ${BUYER.slice(5)}`;
    const res = await update(b, { buyer_gstin: typed, buyer_business_name: `  ${BUSINESS} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(cartOf(res)).toMatchObject({ buyer_gstin: BUYER, buyer_business_name: BUSINESS });

    const { id, order, text } = await placeAndRead(b);
    expect(order).toMatchObject({ buyer_gstin: BUYER, buyer_business_name: BUSINESS });
    expect(text).toContain(`Buyer GSTIN: ${BUYER}`);
    expect(text).toContain(BUSINESS);
    const panel = await loadAdminOrder(t.database.db, id);
    expect(panel).toMatchObject({ buyer_gstin: BUYER, buyer_business_name: BUSINESS });
  });

  it('absent stays absent; one given and then removed is gone too', async () => {
    const { b } = await guestReady(t, { lines: [[variant, 1]], payment: 'cod' }, nextAddress());
    const given = await update(b, { buyer_gstin: BUYER, buyer_business_name: BUSINESS });
    expect(given.statusCode, given.body).toBe(200);
    const removed = await update(b, { buyer_gstin: '', buyer_business_name: '' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(cartOf(removed)).toMatchObject({ buyer_gstin: null, buyer_business_name: null });
    // Another cart-wide field leaves it as it is.
    expect((await update(b, { note: 'Ring twice' })).statusCode).toBe(200);

    const { id, order, text } = await placeAndRead(b);
    expect(order).toMatchObject({ buyer_gstin: null, buyer_business_name: null });
    expect(text).toContain('Billed to');
    expect(text).not.toContain('Buyer GSTIN');
    expect(text).not.toContain(BUSINESS);
    expect(await loadAdminOrder(t.database.db, id)).toMatchObject({ buyer_gstin: null, buyer_business_name: null });
  });
});
