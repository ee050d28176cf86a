import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartMessages } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { couponRedemptions, coupons } from '../../db/schema.ts';
import { createCustomer, createSessionCookie } from '../../test/auth.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { testBrowser } from '../../test/browser.ts';

/**
 * POST /api/cart/coupons/apply says why a code does not work: a made-up code is "not valid",
 * a real one that has expired, is used up, was used by this customer already or starts later
 * says that instead, for a listed and a secret coupon alike.
 */
let t: TestApp;
let variantId = '';
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  const [v] = await queryRows<{ id: string }>(
    t.database.db,
    sql`select v.id from variants v join variant_channels vc on vc.variant_id = v.id and vc.is_available
          join products p on p.id = v.product_id and p.is_published where v.stock >= 5 order by v.id limit 1`,
  );
  variantId = v!.id;
});
afterAll(() => t.close());

async function coupon(values: Partial<typeof coupons.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(coupons)
    .values({
      code: `M${randomBytes(4).toString('hex').toUpperCase()}`,
      description: 'Test',
      kind: 'percent',
      value: 10,
      ...values,
    })
    .returning();
  return row!;
}

/** A browser with one item in its cart (a customer's, when `cookie` is given); each has its own address for the rate limit. */
async function shopper(cookie?: string) {
  const b = testBrowser(t.app, {
    ip: `127.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    cookie,
  });
  const res = await b.call('POST', '/api/cart/add-item', { product_id: variantId, quantity: 1 });
  expect(res.statusCode, res.body).toBe(200);
  return b;
}

async function refusal(code: string, cookie?: string): Promise<string[]> {
  const res = await (await shopper(cookie)).call('POST', '/api/cart/coupons/apply', { coupon: code });
  expect(res.statusCode, res.body).toBe(422);
  return res.json().errors.coupon;
}

describe('why a coupon is refused', () => {
  it('a made-up code, or one the shop switched off: "This coupon code is not valid"', async () => {
    expect(await refusal('NOSUCHCODE')).toEqual(['This coupon code is not valid']);
    expect(await refusal((await coupon({ isActive: false })).code)).toEqual(['This coupon code is not valid']);
  });

  for (const isVisible of [true, false]) {
    const kind = isVisible ? 'listed' : 'secret';
    it(`a ${kind} coupon that has expired: "This coupon has expired"`, async () => {
      const c = await coupon({ isVisible, endsAt: new Date(Date.now() - DAY) });
      expect(await refusal(c.code.toLowerCase())).toEqual([cartMessages.couponExpired]);
    });

    it(`a ${kind} coupon used as often as it may be: "This coupon has been used up"`, async () => {
      const c = await coupon({ isVisible, usageLimit: 10, usedCount: 10 });
      expect(await refusal(c.code)).toEqual(['This coupon has been used up']);
    });
  }

  it(`a listed coupon that starts later: "This coupon starts on …" with the day, in the shop's time zone`, async () => {
    const c = await coupon({ isVisible: true, startsAt: new Date('2099-06-30T18:30:00Z') });
    expect(await refusal(c.code)).toEqual(['This coupon starts on 1 July 2099']);
  });

  it('a secret coupon that starts later is "not valid": its start day would tell a guesser a code that will work', async () => {
    const c = await coupon({ isVisible: false, startsAt: new Date('2099-06-30T18:30:00Z') });
    expect(await refusal(c.code)).toEqual(['This coupon code is not valid']);
  });

  it('a once-per-customer coupon this customer has used: "You have already used this coupon"', async () => {
    const db = t.database.db;
    const customer = await createCustomer(db, { password: null });
    const c = await coupon({ perCustomerLimit: 1 });
    await db
      .insert(couponRedemptions)
      .values({ couponId: c.id, customerId: customer.id, orderRef: `ord_${randomBytes(6).toString('hex')}` });
    expect(await refusal(c.code, await createSessionCookie(db, customer.id))).toEqual([cartMessages.couponUsedByYou]);
  });
});
