import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financialYear } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createTestOrder, buyableVariants } from '../../test/orders.ts';
import { loggedInCustomer } from '../../test/auth.ts';
import { signedInOwner } from '../staff/testing.ts';
import { assignInvoiceNumber } from './invoice-number.ts';

/**
 * Issue 26: the tax invoice's own series per financial year, gap-free and unique however many
 * callers issue invoices at once (run on PGlite and, with TEST_DATABASE_URL, on PostgreSQL).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const orders = async (n: number) => {
  const [v] = await buyableVariants(t.database.db, 1, 1);
  const out = [];
  for (let i = 0; i < n; i++) out.push(await createTestOrder(t.database.db, { lines: [[v!, 1]], takeStock: false }));
  return out;
};
const seq = (no: string) => Number(no.split('/')[2]);

describe('invoice numbers', () => {
  it('counts the financial year from 1 April, India time', () => {
    expect(financialYear(new Date('2027-03-31T18:29:59Z'))).toBe('2026-27');
    expect(financialYear(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28');
    expect(financialYear(new Date('2099-12-31T00:00:00Z'))).toBe('2099-00');
  });

  it('gives 20 orders issued at once the numbers 1 to 20 of the year, each once', async () => {
    const at = new Date('2030-06-01T10:00:00Z');
    const list = await orders(20);
    const got = await Promise.all(list.map((o) => assignInvoiceNumber(t.database.db, o.id, at)));
    const numbers = got.map((g) => g!.invoiceNo);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers.every((n) => n.startsWith('INV/2030-31/'))).toBe(true);
    expect(numbers.map(seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(numbers).toContain('INV/2030-31/000001');
    // Asked again: the same numbers, the series untouched.
    const again = await Promise.all(list.map((o) => assignInvoiceNumber(t.database.db, o.id, at)));
    expect(again.map((g) => g!.invoiceNo)).toEqual(numbers);
    const [counter] = await queryRows<{ last_no: number }>(
      t.database.db,
      sql`select last_no from invoice_counters where financial_year = '2030-31'`,
    );
    expect(counter!.last_no).toBe(20);
  });

  it('gives one order asked for by 20 callers at once one number, taking one from the series', async () => {
    const at = new Date('2031-01-15T10:00:00Z');
    const [o] = await orders(1);
    const got = await Promise.all(Array.from({ length: 20 }, () => assignInvoiceNumber(t.database.db, o!.id, at)));
    expect(new Set(got.map((g) => g!.invoiceNo))).toEqual(new Set(['INV/2030-31/000021']));
    const [next] = await orders(1);
    expect((await assignInvoiceNumber(t.database.db, next!.id, at))!.invoiceNo).toBe('INV/2030-31/000022');
  });

  it('starts a new series on 1 April', async () => {
    const [a, b] = await orders(2);
    const lastDay = await assignInvoiceNumber(t.database.db, a!.id, new Date('2031-03-31T18:29:00Z'));
    const firstDay = await assignInvoiceNumber(t.database.db, b!.id, new Date('2031-03-31T18:31:00Z'));
    expect(lastDay!.invoiceNo).toBe('INV/2030-31/000023');
    expect(firstDay!.invoiceNo).toBe('INV/2031-32/000001');
    expect(await assignInvoiceNumber(t.database.db, 'ord_missing')).toBeNull();
  });

  it('numbers an order when its invoice is first downloaded, the same number every time after', async () => {
    const session = await loggedInCustomer(t);
    const [v] = await buyableVariants(t.database.db, 1, 1);
    const o = await createTestOrder(t.database.db, { customerId: session.customer.id, lines: [[v!, 1]] });
    const unpaid = await createTestOrder(t.database.db, {
      customerId: session.customer.id,
      lines: [[v!, 1]],
      status: 'awaiting_payment',
      paymentMethod: 'razorpay',
    });
    const get = (id: string) =>
      t.app.inject({ method: 'GET', url: `/api/orders/invoice?order_id=${id}`, headers: session.headers });
    expect((await get(unpaid.id)).statusCode).toBe(409);
    const numberOf = async (id: string) =>
      (
        await queryRows<{ invoice_no: string | null }>(
          t.database.db,
          sql`select invoice_no from orders where id = ${id}`,
        )
      )[0]!.invoice_no;
    expect(await numberOf(unpaid.id)).toBeNull();
    expect(await numberOf(o.id)).toBeNull();
    const first = await get(o.id);
    expect(first.statusCode).toBe(200);
    const no = await numberOf(o.id);
    expect(no).toMatch(/^INV\/\d{4}-\d{2}\/\d{6}$/);
    expect((await get(o.id)).statusCode).toBe(200);
    expect(await numberOf(o.id)).toBe(no);
    // The owner's printout of the same order prints the same invoice.
    const owner = (await signedInOwner(t)).headers;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/documents?kind=invoice&ids=${o.id}`,
      headers: owner,
    });
    expect(res.statusCode).toBe(200);
    expect(await numberOf(o.id)).toBe(no);
  });
});
