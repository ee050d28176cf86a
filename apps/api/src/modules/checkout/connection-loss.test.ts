import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { cartOf } from '../../test/browser.ts';
import { buyableVariants, guestReady, placedOf, placeOrder, stockOf } from '../../test/checkout.ts';

/**
 * PostgreSQL only: the database connection of a place-order is killed in the middle of its
 * transaction. Nothing of the order may remain (no order row, stock and coupon untouched, cart
 * still active), and the shopper's retry with the same key places it.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
let t: TestApp;

beforeAll(async () => {
  if (adminUrl) t = await createTestApp();
});
afterAll(() => t?.close());

describe.runIf(!!adminUrl)('a place-order whose database connection dies', () => {
  it('leaves no half order, and the retry succeeds', async () => {
    const db = t.database.db;
    const [variant] = await buyableVariants(db, 5, 1);
    const { b, cart } = await guestReady(t, { lines: [[variant!, 2]] });
    const stock = await stockOf(db, variant!);
    const orders = (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from orders`))[0]!.n;

    // A second connection holds the variant's row, so place-order stops inside its transaction
    // (after locking the cart) waiting for it; that waiting connection is then terminated.
    const [{ name }] = (await queryRows<{ name: string }>(db, sql`select current_database() as name`)) as [
      { name: string },
    ];
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const holder = new pg.Client({ connectionString: url.toString() });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from variants where id = $1 for update', [variant]);
      const pending = placeOrder(b, cart, 'dying-key');
      let victim: number | null = null;
      for (let i = 0; i < 100 && victim === null; i++) {
        // Inside a transaction pg_stat_activity keeps its first snapshot unless told to drop it.
        await holder.query('select pg_stat_clear_snapshot()');
        const { rows } = await holder.query<{ pid: number }>(
          `select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'
             and query ilike '%from variants%for update%' and pid <> pg_backend_pid()`,
        );
        victim = rows[0]?.pid ?? null;
        if (victim === null) await new Promise((r) => setTimeout(r, 50));
      }
      expect(victim).not.toBeNull();
      await holder.query('select pg_terminate_backend($1)', [victim]);
      const died = await pending;
      expect(died.statusCode).toBe(500);
      await holder.query('rollback');
    } finally {
      await holder.end();
    }

    expect((await queryRows<{ n: number }>(db, sql`select count(*)::int as n from orders`))[0]!.n).toBe(orders);
    expect(await stockOf(db, variant!)).toBe(stock);
    expect(cartOf(await b.call('GET', '/api/cart/get')).items).toHaveLength(1);

    const retry = await placeOrder(b, cart, 'dying-key');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(placedOf(retry).order.productchannel[0]!.quantity).toBe(2);
    expect(await stockOf(db, variant!)).toBe(stock - 2);
  });
});
