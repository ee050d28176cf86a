import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminCouponMessages, orderMessages, type AdminCoupon, type Cart } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { cartOf } from '../../test/browser.ts';
import { buyableVariants, guestReady, placedOf, placeOrder, setStock } from '../../test/checkout.ts';
import { signedInOwner } from '../staff/testing.ts';

/**
 * The owner disables, edits or deletes a coupon while shoppers place orders with it (attacker
 * review of issue 26, F1 and F2). Every order either used the coupon at the total its shopper
 * confirmed, before the owner's change, or was refused with 409: never a 500, never a discount
 * of a coupon already disabled or changed, and its uses add up. On PGlite transactions run one
 * at a time; on PostgreSQL (TEST_DATABASE_URL) the owner's change is also held open at its last
 * statement while orders arrive, so they meet it in flight.
 */
let t: TestApp;
let owner: Record<string, string>;
let variant: string;
const db = () => t.database.db;
let ipSeq = 0;
const nextIp = () => `10.86.${Math.floor(++ipSeq / 240)}.${(ipSeq % 240) + 1}`;

beforeAll(async () => {
  t = await createTestApp();
  owner = (await signedInOwner(t)).headers;
  variant = (await buyableVariants(db(), 1, 2))[0]!;
  await setStock(db(), variant!, 100_000);
});
afterAll(() => t.close());

type OwnerAction = 'disable' | 'edit' | 'delete';

async function newCoupon(): Promise<AdminCoupon> {
  const code = `RACE${randomBytes(4).toString('hex').toUpperCase()}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/coupons',
    headers: owner,
    payload: { code, description: '10% off', kind: 'percent', value: 10 },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** The owner's change through the panel's own route (the edit halves the value: 10 % → 5 %). */
function ownerChanges(c: AdminCoupon, action: OwnerAction) {
  if (action === 'disable') {
    return t.app.inject({ method: 'POST', url: `/api/admin/coupons/${c.id}/disable`, headers: owner });
  }
  if (action === 'delete') return t.app.inject({ method: 'DELETE', url: `/api/admin/coupons/${c.id}`, headers: owner });
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/coupons/${c.id}`,
    headers: owner,
    payload: {
      code: c.code,
      description: c.description,
      kind: c.kind,
      value: 5,
      min_subtotal_minor: c.min_subtotal_minor,
      max_discount_minor: c.max_discount_minor,
      starts_at: c.starts_at,
      ends_at: c.ends_at,
      usage_limit: c.usage_limit,
      per_customer_limit: c.per_customer_limit,
      first_order_only: c.first_order_only,
      secret: c.secret,
      product_ids: [],
      category_slugs: [],
    },
  });
}

/** `n` guests whose carts hold the coupon, at the payment step (a few prepared at a time). */
async function shoppers(n: number, code: string) {
  const out: Awaited<ReturnType<typeof guestReady>>[] = [];
  for (let i = 0; i < n; i += 10) {
    const batch = Array.from({ length: Math.min(10, n - i) }, () =>
      guestReady(t, { lines: [[variant!, 1]], coupon: code }, nextIp()),
    );
    out.push(...(await Promise.all(batch)));
  }
  for (const { cart } of out) expect(cart.coupon?.applicable).toBe(true);
  return out;
}

/** The coupon's counted uses, its redemptions and the orders naming its code. */
async function usesOf(c: AdminCoupon) {
  const [row] = await queryRows<{ used_count: number | null; redemptions: number; orders: number }>(
    db(),
    sql`select (select used_count from coupons where id = ${c.id}) as used_count,
               (select count(*)::int from coupon_redemptions where coupon_id = ${c.id}) as redemptions,
               (select count(*)::int from orders where coupon_code = ${c.code}) as orders`,
  );
  return row!;
}

/**
 * Checks every answer: 200 with the coupon's discount and the total the shopper confirmed, or
 * 409 with the coupon's message (the edit: the new total, which the cart then shows). Answers
 * the number of orders placed.
 */
async function checkOrders(
  c: AdminCoupon,
  action: OwnerAction,
  shoppersList: { cart: Cart; b: Parameters<typeof placeOrder>[0] }[],
  answers: Awaited<ReturnType<typeof placeOrder>>[],
): Promise<number> {
  let placed = 0;
  for (const [i, a] of answers.entries()) {
    const { cart, b } = shoppersList[i]!;
    if (a.statusCode === 200) {
      placed++;
      const [order] = await queryRows<{
        coupon_code: string | null;
        discount_minor: number;
        grand_total_minor: number;
      }>(
        db(),
        sql`select coupon_code, discount_minor, grand_total_minor from orders where id = ${placedOf(a).order.id}`,
      );
      expect(order).toEqual({
        coupon_code: c.code,
        discount_minor: cart.totals.coupon_discount.amount,
        grand_total_minor: cart.grand_total.amount,
      });
      continue;
    }
    expect(a.statusCode, a.body).toBe(409);
    if (action !== 'edit') {
      expect(a.json().message).toBe(orderMessages.couponGone);
      continue;
    }
    // The cart kept its coupon at the new value: the refusal names the total the cart now shows.
    const now = cartOf(await b.call('GET', '/api/cart/get'));
    expect(now.coupon?.applicable).toBe(true);
    expect(now.totals.coupon_discount.amount).toBeLessThan(cart.totals.coupon_discount.amount);
    expect(a.json().message).toBe(orderMessages.totalChanged(now.grand_total.formatted));
  }
  return placed;
}

describe('the owner changes a coupon while many shoppers place orders with it', () => {
  for (const action of ['disable', 'edit', 'delete'] as const) {
    it(`${action}: each order has the coupon at its confirmed total or is refused with 409; uses add up`, async () => {
      const c = await newCoupon();
      const list = await shoppers(24, c.code);
      // The owner's change is sent amid the orders.
      const orders = list.map(({ b, cart }, i) =>
        i === 8 ? ownerChanges(c, action).then((r) => ({ owner: r })) : placeOrder(b, cart),
      );
      const settled = await Promise.all(orders);
      const ownerAnswer = settled.find(
        (s): s is { owner: Awaited<ReturnType<typeof ownerChanges>> } => 'owner' in s,
      )!.owner;
      const shopperList = list.filter((_, i) => i !== 8);
      const answers = settled.filter((s): s is Awaited<ReturnType<typeof placeOrder>> => !('owner' in s));
      const placed = await checkOrders(c, action, shopperList, answers);
      const uses = await usesOf(c);
      if (action === 'delete' && ownerAnswer.statusCode === 200) {
        expect(placed).toBe(0);
        expect(uses).toEqual({ used_count: null, redemptions: 0, orders: 0 });
      } else {
        if (action === 'delete') {
          expect(ownerAnswer.statusCode, ownerAnswer.body).toBe(409);
          expect(ownerAnswer.json().message).toBe(adminCouponMessages.usedCannotDelete);
        } else {
          expect(ownerAnswer.statusCode, ownerAnswer.body).toBe(200);
        }
        expect(uses).toEqual({ used_count: placed, redemptions: placed, orders: placed });
      }
    });
  }
});

describe.runIf(!!process.env.TEST_DATABASE_URL)(
  'orders arriving while the owner’s change is in flight (PostgreSQL)',
  () => {
    // `holder` holds a lock in a transaction; `watcher` polls the sessions outside one (a
    // transaction keeps its first view of pg_stat_activity).
    let holder: pg.Client;
    let watcher: pg.Client;
    beforeAll(async () => {
      holder = new pg.Client({ connectionString: t.url });
      watcher = new pg.Client({ connectionString: t.url });
      await Promise.all([holder.connect(), watcher.connect()]);
    });
    // A failed test must not leave its lock held for the next.
    afterEach(() => holder.query('rollback'));
    afterAll(() => Promise.all([holder.end(), watcher.end()]));

    /** Waits until at least `n` of this database's sessions wait for a lock. */
    async function lockWaiters(n: number) {
      for (let i = 0; i < 200; i++) {
        const { rows } = await watcher.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if (rows[0]!.n >= n) return;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`fewer than ${n} sessions ever waited for a lock`);
    }

    it('an order in flight when the owner disables its coupon is placed first; the disable waits for it', async () => {
      // The review's reproduction: the order waits for its variant (a sale of it in flight).
      const c = await newCoupon();
      const { b, cart } = (await shoppers(1, c.code))[0]!;
      await holder.query('begin');
      await holder.query('select id from variants where id = $1 for update', [variant]);
      const order = placeOrder(b, cart);
      await lockWaiters(1);
      let disabledAt = 0;
      const disabled = ownerChanges(c, 'disable').then((r) => ((disabledAt = Date.now()), r));
      await lockWaiters(2);
      await new Promise((r) => setTimeout(r, 100));
      const releasedAt = Date.now();
      await holder.query('commit');
      const [placed, disable] = await Promise.all([order, disabled]);
      expect(placed.statusCode, placed.body).toBe(200);
      expect(disable.statusCode, disable.body).toBe(200);
      // The disable answered only after the order's commit, which used the coupon while it was active.
      expect(disabledAt).toBeGreaterThanOrEqual(releasedAt);
      expect(await checkOrders(c, 'disable', [{ b, cart }], [placed])).toBe(1);
      expect(await usesOf(c)).toEqual({ used_count: 1, redemptions: 1, orders: 1 });
    });

    for (const action of ['disable', 'edit', 'delete'] as const) {
      it(`${action}: orders that meet it are refused with 409, none uses the old coupon, never a 500`, async () => {
        const c = await newCoupon();
        const list = await shoppers(6, c.code);
        // The owner's transaction has changed the coupon row and waits to write its audit entry.
        await holder.query('begin');
        await holder.query('lock table audit_log in share row exclusive mode');
        const ownerDone = ownerChanges(c, action);
        await lockWaiters(1);
        const orders = Promise.all(list.map(({ b, cart }) => placeOrder(b, cart)));
        // The owner and at least one order wait; then the owner's change commits.
        await lockWaiters(2);
        await new Promise((r) => setTimeout(r, 100));
        await holder.query('commit');
        const ownerAnswer = await ownerDone;
        const answers = await orders;
        expect(ownerAnswer.statusCode, ownerAnswer.body).toBe(200);
        for (const a of answers) expect(a.statusCode, a.body).toBe(409);
        expect(await checkOrders(c, action, list, answers)).toBe(0);
        const uses = await usesOf(c);
        expect(uses).toEqual({ used_count: action === 'delete' ? null : 0, redemptions: 0, orders: 0 });
        if (action === 'edit') {
          // The shopper confirms the new total and gets the coupon at its new value.
          const { b } = list[0]!;
          const cart = cartOf(await b.call('GET', '/api/cart/get'));
          const res = await placeOrder(b, cart);
          expect(res.statusCode, res.body).toBe(200);
          expect(await usesOf(c)).toEqual({ used_count: 1, redemptions: 1, orders: 1 });
        }
      });
    }
  },
);
