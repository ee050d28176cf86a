import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  adminSetupApi,
  adminTaxApi,
  includedTax,
  taxMessages,
  type StaffRoleName,
  type TaxRate,
} from '@shopfront/shared';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { guestReady, placeOrder, placedOf } from '../../../test/checkout.ts';
import { createTestOrder } from '../../../test/orders.ts';
import { signedInOwner } from '../../staff/testing.ts';
import { invoiceInput } from '../../orders/invoice-data.ts';
import { renderInvoice } from '../../orders/invoice.ts';
import { loadInvoiceData } from '../../orders/view.ts';

/** Issue 26: GST rates per tax class, edited on the panel; the cart, the order and the invoice follow. */
let t: TestApp;
const headers: Partial<Record<StaffRoleName, Record<string, string>>> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['owner', 'manager', 'packer', 'content_editor'] as const)
    headers[role] = (await signedInOwner(t, role)).headers;
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: object,
  extra: object = {},
  role: StaffRoleName = 'owner',
) => t.app.inject({ method, url, headers: { ...headers[role], ...extra }, ...(body ? { payload: body } : {}) });
const rateUrl = (key: string) => adminTaxApi.saveRate.path.replace(':key', key);
const rates = async (): Promise<TaxRate[]> => (await call('GET', adminTaxApi.rates.path)).json().data.rates;
const rateOf = async (key: string) => (await rates()).find((r) => r.key === key)!;

/** Two variants of different products, each sold at `price` minor units in every channel, their products in `classes`. */
async function twoVariants(prices: [number, number], classes: [string, string]): Promise<[string, string]> {
  const db = t.database.db;
  const rows = await queryRows<{ id: string; product_id: string }>(
    db,
    sql`select distinct on (p.id) v.id, p.id as product_id from variants v
          join products p on p.id = v.product_id and p.is_published and not p.is_customisation_enabled
          join variant_channels vc on vc.variant_id = v.id and vc.is_available
         where v.stock >= 20 and not exists (select 1 from variants o where o.product_id = p.id and o.id <> v.id)
         order by p.id, v.id limit 2`,
  );
  expect(rows).toHaveLength(2);
  for (const [i, r] of rows.entries()) {
    await db.execute(sql`update variant_channels set selling_price_minor = ${prices[i]!}, mrp_minor = null
                          where variant_id = ${r.id}`);
    await db.execute(sql`update products set tax_class = ${classes[i]!} where id = ${r.product_id}`);
  }
  return [rows[0]!.id, rows[1]!.id];
}

describe('GET /api/admin/tax/rates', () => {
  it('lists the standard class (the shop’s rate so far) first, then GST 5 / 12 / 18 and exempt', async () => {
    const list = await rates();
    expect(list.map((r) => [r.key, r.rate_percent])).toEqual([
      ['standard', 12],
      ['gst_5', 5],
      ['gst_12', 12],
      ['gst_18', 18],
      ['exempt', 0],
    ]);
    expect(list[0]!.products).toBeGreaterThan(0);
  });

  it('is the settings area: owners and managers; packers and content editors get 403 on every route', async () => {
    expect((await call('GET', adminTaxApi.rates.path, undefined, {}, 'manager')).statusCode).toBe(200);
    for (const role of ['packer', 'content_editor'] as const) {
      expect((await call('GET', adminTaxApi.rates.path, undefined, {}, role)).statusCode).toBe(403);
      const body = { label: 'GST 28%', rate_percent: 28 };
      expect((await call('POST', adminTaxApi.addRate.path, body, {}, role)).statusCode).toBe(403);
      expect((await call('PUT', rateUrl('gst_5'), body, {}, role)).statusCode).toBe(403);
      expect((await call('DELETE', rateUrl('exempt'), undefined, {}, role)).statusCode).toBe(403);
    }
  });
});

describe('editing rates', () => {
  it('answers 422 naming the field for a bad rate or label, and 422 for a class whose name is taken', async () => {
    for (const rate of [101, -1, 12.345, '18', null]) {
      const res = await call('PUT', rateUrl('gst_5'), { label: 'GST 5%', rate_percent: rate });
      expect(res.statusCode, String(rate)).toBe(422);
      expect(res.json().errors.rate_percent).toEqual([taxMessages.rateRange]);
    }
    const noLabel = await call('POST', adminTaxApi.addRate.path, { label: ' ', rate_percent: 3 });
    expect(noLabel.statusCode).toBe(422);
    expect(Object.keys(noLabel.json().errors)).toEqual(['label']);
    const taken = await call('POST', adminTaxApi.addRate.path, { label: 'GST 18%', rate_percent: 18 });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.label).toEqual([taxMessages.rateExists]);
    expect((await call('PUT', rateUrl('nope'), { label: 'x', rate_percent: 1 })).statusCode).toBe(404);
    expect((await rateOf('gst_5')).rate_percent).toBe(5);
  });

  it('adds a class and edits it against its version, audited; of 8 edits at once on one version one wins', async () => {
    const added = await call('POST', adminTaxApi.addRate.path, { label: 'GST 28% (luxury)', rate_percent: 28 });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data).toMatchObject({ key: 'gst_28_luxury', rate_percent: 28, products: 0, version: 1 });
    const edits = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call('PUT', rateUrl('gst_28_luxury'), { label: 'GST 28%', rate_percent: 20 + i }, { 'if-match': '"1"' }),
      ),
    );
    expect(edits.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const won = edits.find((r) => r.statusCode === 200)!.json().data as TaxRate;
    expect(won.version).toBe(2);
    expect(await rateOf('gst_28_luxury')).toEqual(won);
    const audit = await queryRows<{ action: string; before: unknown; after: unknown }>(
      t.database.db,
      sql`select action, before, after from audit_log where target = 'tax-rate:gst_28_luxury' order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['tax-rate.create', 'tax-rate.update']);
    expect(audit[1]!.after).toEqual({ label: 'GST 28%', rate_percent: won.rate_percent });
    const bad = await call('PUT', rateUrl('gst_28_luxury'), { label: 'x', rate_percent: 1 }, { 'if-match': 'two' });
    expect(bad.statusCode).toBe(422);
  });

  it('refuses to delete a class in use (saying how many products use it) and the standard class; deletes an unused one', async () => {
    const db = t.database.db;
    const [p1, p2] = await queryRows<{ id: string }>(db, sql`select id from products order by id limit 2`);
    await db.execute(sql`update products set tax_class = 'exempt' where id in (${p1!.id}, ${p2!.id})`);
    const inUse = await call('DELETE', rateUrl('exempt'));
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(taxMessages.rateInUse(2));
    expect((await rateOf('exempt')).products).toBe(2);
    const standard = await call('DELETE', rateUrl('standard'));
    expect(standard.statusCode).toBe(409);
    expect(standard.json().message).toBe(taxMessages.standardKept);
    await call('POST', adminTaxApi.addRate.path, { label: 'Temporary', rate_percent: 1 });
    const gone = await call('DELETE', rateUrl('temporary'));
    expect(gone.statusCode, gone.body).toBe(200);
    expect((gone.json().data.rates as TaxRate[]).some((r) => r.key === 'temporary')).toBe(false);
    expect((await call('DELETE', rateUrl('temporary'))).statusCode).toBe(404);
    await db.execute(sql`update products set tax_class = 'standard' where id in (${p1!.id}, ${p2!.id})`);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'a class given to a product while it is being deleted stays: 409 in use, not a 500 (the foreign key)',
    async () => {
      const db = t.database.db;
      expect((await call('POST', adminTaxApi.addRate.path, { label: 'Racing', rate_percent: 3 })).statusCode).toBe(200);
      const [p] = await queryRows<{ id: string }>(db, sql`select id from products order by id limit 1`);
      // Another connection gives the product the class and holds its transaction open: the
      // delete's check sees no product, so the foreign key is what stops it once that commits.
      const other = new pg.Client({ connectionString: t.url });
      await other.connect();
      try {
        await other.query('begin');
        await other.query(`update products set tax_class = 'racing' where id = $1`, [p!.id]);
        const deleting = call('DELETE', rateUrl('racing'));
        await new Promise((r) => setTimeout(r, 300));
        await other.query('commit');
        const res = await deleting;
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().message).toBe(taxMessages.rateInUse(1));
      } finally {
        await other.end();
      }
      expect((await rateOf('racing')).products).toBe(1);
      await db.execute(sql`update products set tax_class = 'standard' where id = ${p!.id}`);
      expect((await call('DELETE', rateUrl('racing'))).statusCode).toBe(200);
    },
  );

  it('a product takes only an existing class (422 on tax_class otherwise)', async () => {
    const [p] = await queryRows<{ id: string; version: number }>(
      t.database.db,
      sql`select id, version from products order by id limit 1`,
    );
    const url = `/api/admin/catalog/products/${p!.id}`;
    const bad = await call('PATCH', url, { tax_class: 'gst_99' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.tax_class).toEqual([taxMessages.classChoice]);
    const good = await call('PATCH', url, { tax_class: 'gst_18' });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data.tax_class).toBe('gst_18');
    await call('PATCH', url, { tax_class: 'standard' });
  });

  it('the first-run tax step sets the standard rate', async () => {
    const res = await call('PUT', adminSetupApi.tax.path, { tax_rate_percent: 18, prices_include_tax: true });
    expect(res.statusCode, res.body).toBe(200);
    expect((await rateOf('standard')).rate_percent).toBe(18);
    await call('PUT', adminSetupApi.tax.path, { tax_rate_percent: 12, prices_include_tax: true });
    expect((await rateOf('standard')).rate_percent).toBe(12);
  });
});

describe('tax per class in the cart, the order and the invoice', () => {
  it('a mixed cart (5 % and 18 %): each line taxed at its class, rounded per line; shipping and COD at standard', async () => {
    // 10 499 at 5 %: 499.95 → 500; 3 × 999 at 18 %: 457.17 → 457 (rounding the whole cart at once would differ).
    const [a, b] = await twoVariants([10_499, 999], ['gst_5', 'gst_18']);
    const { b: browser, cart } = await guestReady(t, {
      lines: [
        [a, 1],
        [b, 3],
      ],
      payment: 'cod',
    });
    const line = (v: string) => cart.items.find((i) => i.product_id === v)!;
    expect([line(a).tax_rate_percent, line(a).tax.amount]).toEqual([5, 500]);
    expect([line(b).tax_rate_percent, line(b).tax.amount]).toEqual([18, 457]);
    const t_ = cart.totals;
    const expected = 500 + 457 + includedTax(t_.shipping.amount, 12) + includedTax(t_.cod_fee.amount, 12);
    expect(t_.tax_included.amount).toBe(expected);

    const placed = await placeOrder(browser, cart);
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placedOf(placed).order.id;
    const lines = await queryRows<{ variant_id: string; tax_rate_percent: number; tax_minor: number }>(
      t.database.db,
      sql`select variant_id, tax_rate_percent, tax_minor from order_items where order_id = ${orderId} order by id`,
    );
    expect(lines).toEqual([
      { variant_id: a, tax_rate_percent: 5, tax_minor: 500 },
      { variant_id: b, tax_rate_percent: 18, tax_minor: 457 },
    ]);
    const [order] = await queryRows<{ tax_minor: number; tax_rate_percent: number }>(
      t.database.db,
      sql`select tax_minor, tax_rate_percent from orders where id = ${orderId}`,
    );
    expect(order).toEqual({ tax_minor: expected, tax_rate_percent: 12 });

    const invoice = await invoiceInput(t.database.db, (await loadInvoiceData(t.database.db, orderId))!);
    expect([...invoice.lines.values()].map((l) => [l.ratePercent, l.tax])).toEqual([
      [5, 500],
      [18, 457],
    ]);
  });

  it('each line is taxed at its class’s rate; an edited rate applies to the next cart read', async () => {
    const [a, b] = await twoVariants([1_180, 1_120], ['standard', 'gst_12']);
    const { cart } = await guestReady(t, {
      lines: [
        [a, 1],
        [b, 1],
      ],
    });
    expect(cart.items.map((i) => [i.tax_rate_percent, i.tax.amount])).toEqual([
      [12, 126], // 1 180 × 12 / 112 = 126.43
      [12, 120],
    ]);
    const v = (await rateOf('gst_12')).version;
    expect(
      (await call('PUT', rateUrl('gst_12'), { label: 'GST 12%', rate_percent: 5 }, { 'if-match': `"${v}"` }))
        .statusCode,
    ).toBe(200);
    const { cart: again } = await guestReady(t, { lines: [[b, 1]] });
    expect([again.items[0]!.tax_rate_percent, again.items[0]!.tax.amount]).toEqual([5, 53]); // 1 120 × 5 / 105 = 53.33
  });

  it('an order placed before rates per class still gets its invoice, its lines at the order’s rate', async () => {
    const old = await createTestOrder(t.database.db);
    await t.database.db.execute(sql`update order_items set tax_rate_percent = null where order_id = ${old.id}`);
    const data = (await loadInvoiceData(t.database.db, old.id))!;
    const invoice = await invoiceInput(t.database.db, data);
    expect([...invoice.lines.values()].every((l) => l.ratePercent === data.taxRatePercent)).toBe(true);
    const pdf = await renderInvoice({ ...invoice, shop: { name: 'Loom', address: 'Bengaluru', email: '', phone: '' } });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
