import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMessages } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { createTestApp, secondProcess, type TestApp } from '../../test/app.ts';
import { testBrowser } from '../../test/browser.ts';
import { buyableVariants, guestReady, placedOf, placeOrder, setStock, stockOf } from '../../test/checkout.ts';

/**
 * Many buyers at once (PGlite here; PostgreSQL when npm test runs the API suite on a real
 * cluster): stock is taken by conditional updates and coupon uses are counted within limits, so
 * a flash sale never oversells and a limited coupon is never used past its limit.
 */
/** Two hundred carts and orders: seconds on a quiet machine, more beside another PGlite file on CI. */
const HEAVY = 120_000;

let t: TestApp;
let variants: string[];

beforeAll(async () => {
  t = await createTestApp();
  variants = await buyableVariants(t.database.db, 1, 4);
});
afterAll(() => t.close());

/** The client address of buyer `i` (each its own: place-order is limited per address). */
const buyerAddress = (i: number) => `10.7.${Math.floor(i / 250)}.${(i % 250) + 1}`;

/** `n` guests, each with a ready cart of one unit of `variant` (prepared a few at a time). */
async function buyers(n: number, variant: string, coupon?: string) {
  const out: Awaited<ReturnType<typeof guestReady>>[] = [];
  for (let i = 0; i < n; i += 20) {
    const batch = Array.from({ length: Math.min(20, n - i) }, (_, j) =>
      guestReady(t, { lines: [[variant, 1]], ...(coupon ? { coupon } : {}) }, buyerAddress(i + j)),
    );
    out.push(...(await Promise.all(batch)));
  }
  return out;
}

describe('flash sale', () => {
  it(
    '200 buyers for 20 units: exactly 20 orders, stock 0, never negative',
    async () => {
      const v = variants[0]!;
      await setStock(t.database.db, v, 1000);
      const all = await buyers(200, v);
      await setStock(t.database.db, v, 20);
      const [{ now: saleStart }] = (await queryRows<{ now: string }>(
        t.database.db,
        sql`select now()::text as now`,
      )) as [{ now: string }];
      const answers = await Promise.all(all.map(({ b, cart }) => placeOrder(b, cart)));
      const placed = answers.filter((a) => a.statusCode === 200);
      const refused = answers.filter((a) => a.statusCode !== 200);
      expect(placed).toHaveLength(20);
      for (const r of refused) {
        expect(r.statusCode).toBe(409);
        expect(r.json().message).toBe(orderMessages.stockGone);
      }
      expect(await stockOf(t.database.db, v)).toBe(0);
      // The sale's orders only (the demo's seeded orders may hold this variant too).
      const ids = placed.map((a) => placedOf(a).order.id);
      const [row] = await queryRows<{ n: number; units: number }>(
        t.database.db,
        sql`select count(distinct oi.order_id)::int as n, sum(oi.quantity)::int as units from order_items oi
           where oi.variant_id = ${v} and oi.order_id in (${sql.join(
             ids.map((id) => sql`${id}`),
             sql`, `,
           )})`,
      );
      expect(row).toEqual({ n: 20, units: 20 });
      // And no other order was written for it since the sale began.
      const [others] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from order_items oi join orders o on o.id = oi.order_id
           where oi.variant_id = ${v} and o.created_at >= ${saleStart} and oi.order_id not in (${sql.join(
             ids.map((id) => sql`${id}`),
             sql`, `,
           )})`,
      );
      expect(others!.n).toBe(0);
      // The catalog's read model follows: the product's card is in stock exactly when some
      // available variant still is (the flash-sale variant ran out; refreshOnStockCrossing).
      const [card] = await queryRows<{ listed: boolean; actual: boolean }>(
        t.database.db,
        sql`select p.stock > 0 as listed,
                 exists (select 1 from variants w join variant_channels vc on vc.variant_id = w.id and vc.is_available
                            and vc.channel_id = (select channel_id from storefronts where is_default)
                          where w.product_id = p.id and w.stock > 0) as actual
            from products p where p.id = (select product_id from variants where id = ${v})`,
      );
      expect(card!.listed).toBe(card!.actual);
    },
    HEAVY,
  );
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('flash sale across two server processes (PostgreSQL)', () => {
  it(
    '200 buyers spread over two processes for 20 units: exactly 20 orders, stock 0',
    async () => {
      const v = variants[2]!;
      await setStock(t.database.db, v, 1000);
      const all = await buyers(200, v);
      await setStock(t.database.db, v, 20);
      const other = await secondProcess(t);
      try {
        // Every second buyer's request goes to the other process, with the same cookies.
        const answers = await Promise.all(
          all.map(({ b, cart }, i) => {
            if (i % 2 === 0) return placeOrder(b, cart);
            const cookie = [...b.jar].map(([k, val]) => `${k}=${val}`).join('; ');
            return placeOrder(testBrowser(other.app, { cookie, ip: buyerAddress(i) }), cart);
          }),
        );
        expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(20);
        expect(await stockOf(t.database.db, v)).toBe(0);
      } finally {
        await other.close();
      }
    },
    HEAVY,
  );
});

describe('a coupon limited to 5 uses', () => {
  it(
    '50 concurrent orders with it: 5 counted uses, 5 discounted orders',
    async () => {
      const v = variants[1]!;
      await setStock(t.database.db, v, 1000);
      await queryRows(
        t.database.db,
        sql`insert into coupons (code, description, kind, value, usage_limit) values ('FIVEONLY', 'Five uses', 'percent', 10, 5)`,
      );
      const all = await buyers(50, v, 'FIVEONLY');
      const answers = await Promise.all(all.map(({ b, cart }) => placeOrder(b, cart)));
      const placed = answers.filter((a) => a.statusCode === 200);
      expect(placed).toHaveLength(5);
      for (const r of answers.filter((a) => a.statusCode !== 200)) {
        expect(r.statusCode).toBe(409);
        expect(r.json().message).toBe(orderMessages.couponGone);
      }
      const [coupon] = await queryRows<{ used_count: number; orders: number }>(
        t.database.db,
        sql`select used_count, (select count(*)::int from orders where coupon_code = 'FIVEONLY') as orders from coupons where code = 'FIVEONLY'`,
      );
      expect(coupon).toEqual({ used_count: 5, orders: 5 });
    },
    HEAVY,
  );
});
