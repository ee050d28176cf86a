import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminOrderMessages,
  applicationTexts,
  cartMessages,
  messages,
  money,
  type Application,
  type CouponOffer,
} from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { couponProducts, coupons } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { loggedInCustomer, sessionHeaders, uniquePhone } from '../../test/auth.ts';
import { deliverSandboxWebhook } from '../payments/sandbox-gateway.ts';
import { signedInOwner } from '../staff/testing.ts';
import { GOOD_FIELDS, apply, makeService } from './testing.ts';

/**
 * A coupon on a service's fee (ADR 37, fourth slice), on PGlite and PostgreSQL: judged by the
 * coupon's rules with the service as the one product bought, counted once with the fee order
 * (many payers of a coupon's last use: one gets it), a fee it covers whole submitted at once.
 */
let t: TestApp;
let service: { id: string; slug: string };
let other: { id: string; slug: string };
let owner: Record<string, string>;
let ip = 0;

beforeAll(async () => {
  t = await createTestApp();
  service = await makeService(t.database.db, 8);
  const [first] = await queryRows<{ id: string; slug: string }>(
    t.database.db,
    sql`select id, slug from products where id <> ${service.id} order by id limit 1`,
  );
  other = first!;
  owner = (await signedInOwner(t, 'owner')).headers;
});
afterAll(() => t.close());

const db = () => t.database.db;

async function makeCoupon(values: Partial<typeof coupons.$inferInsert> & { productIds?: string[] } = {}) {
  const { productIds = [], ...columns } = values;
  const [row] = await db()
    .insert(coupons)
    .values({ code: `F${randomBytes(4).toString('hex').toUpperCase()}`, kind: 'percent', value: 10, ...columns })
    .returning();
  if (productIds.length) {
    await db()
      .insert(couponProducts)
      .values(productIds.map((p) => ({ couponId: row!.id, productId: p })));
  }
  return row!;
}

async function newApplication(headers?: Record<string, string>) {
  const phone = uniquePhone();
  const fields = { service: service.slug, ...GOOD_FIELDS, ...(headers ? {} : { name: 'Asha', phone }) };
  const res = await apply(t, fields, undefined, headers ?? {}, `10.91.0.${++ip}`);
  expect(res.statusCode, res.body).toBe(200);
  const app = res.json<{ data: Application }>().data;
  return { app, phone, token: app.tracking_path.split('/').at(-1)! };
}

const pay = (
  ref: string,
  body: { method: string; coupon?: string },
  headers: Record<string, string> = {},
  remote?: string,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/applications/${ref}/pay`,
    headers,
    payload: body,
    remoteAddress: remote ?? `10.92.${Math.floor(++ip / 250)}.${ip % 250}`,
  });

/** What the owner does to an application (its stage, its fee) and sees of it. */
const ownerCall = (url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: payload ? 'POST' : 'GET', url, headers: owner, ...(payload ? { payload } : {}) });
const cancel = (id: string, from: string) =>
  ownerCall(`/api/admin/applications/${id}/stage`, { from, to: 'cancelled', note: 'Not needed any more' });

const usedCount = async (id: number) =>
  (await queryRows<{ used_count: number }>(db(), sql`select used_count from coupons where id = ${id}`))[0]!.used_count;

const feeOrder = async (orderId: string) =>
  (
    await queryRows<{
      status: string;
      payment_status: string;
      coupon_code: string | null;
      subtotal_minor: number;
      discount_minor: number;
      grand_total_minor: number;
      tax_minor: number;
      application_id: string | null;
      line_discount: number;
      line_total: number;
      line_tax: number;
    }>(
      db(),
      sql`select o.status, o.payment_status, o.coupon_code, o.subtotal_minor, o.discount_minor, o.grand_total_minor,
            o.tax_minor, o.application_id, i.discount_minor as line_discount, i.total_minor as line_total,
            i.tax_minor as line_tax
          from orders o join order_items i on i.order_id = o.id where o.id = ${orderId}`,
    )
  )[0]!;

/** Coupons a guest's fee is refused, with the reason (Pay and the preview give the same). */
const refusals = (): [Partial<typeof coupons.$inferInsert> & { productIds?: string[] }, string][] => [
  [{ isActive: false }, cartMessages.couponUnknown],
  [{ endsAt: new Date(Date.now() - 60_000) }, cartMessages.couponExpired],
  [{ usageLimit: 3, usedCount: 3 }, cartMessages.couponUsedUp],
  [{ minSubtotalMinor: 10_000_000 }, applicationTexts.couponFeeMinimum(money(10_000_000, 'INR').formatted)],
  [{ productIds: [other.id] }, applicationTexts.couponNotForService],
  [{ perCustomerLimit: 1 }, cartMessages.couponLogin],
];

describe('a coupon on a fee', () => {
  it('lowers the fee order, counted once however often Pay is pressed; another coupon later is refused', async () => {
    const coupon = await makeCoupon({ value: 20 });
    const { app, token } = await newApplication();
    const fee = app.fee!.amount;
    const first = await pay(token, { method: 'sandbox', coupon: ` ${coupon.code.toLowerCase()} ` });
    expect(first.statusCode, first.body).toBe(200);
    const orderId = first.json().data.order_id as string;
    const discount = Math.round(fee * 0.2);
    const order = await feeOrder(orderId);
    expect(order).toMatchObject({
      status: 'awaiting_payment',
      coupon_code: coupon.code,
      subtotal_minor: fee,
      discount_minor: discount,
      grand_total_minor: fee - discount,
      application_id: app.id,
      line_discount: discount,
      line_total: fee - discount,
    });
    expect(order.tax_minor).toBe(order.line_tax);
    expect(first.json().data.next.type).toBe('redirect');

    // A retry, with or without the code, pays the same order and counts nothing again.
    for (const body of [{ method: 'sandbox', coupon: coupon.code }, { method: 'sandbox' }]) {
      const again = await pay(token, body);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data.order_id).toBe(orderId);
    }
    expect(await usedCount(coupon.id)).toBe(1);

    const late = await makeCoupon();
    const refused = await pay(token, { method: 'sandbox', coupon: late.code });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.coupon).toEqual([applicationTexts.couponTooLate(coupon.code)]);
    expect(await usedCount(late.id)).toBe(0);
  });

  it("is judged by the coupon's rules, with the service as the product bought (422 at coupon)", async () => {
    const { app, token } = await newApplication();
    for (const [values, message] of refusals()) {
      const coupon = await makeCoupon(values);
      const res = await pay(token, { method: 'sandbox', coupon: coupon.code });
      expect(res.statusCode, JSON.stringify(values)).toBe(422);
      expect(res.json().errors.coupon).toEqual([message]);
    }
    expect(await queryRows(db(), sql`select id from orders where application_id = ${app.id}`)).toEqual([]);

    // Limited to the service's own product: it applies.
    const mine = await makeCoupon({ productIds: [service.id], kind: 'fixed', value: 100 });
    const res = await pay(token, { method: 'sandbox', coupon: mine.code });
    expect(res.statusCode, res.body).toBe(200);
    expect(await feeOrder(res.json().data.order_id)).toMatchObject({ discount_minor: 100 });
  });

  it('a customer limit counts fee orders: the second application of the same customer is refused', async () => {
    const customer = sessionHeaders((await loggedInCustomer(t, { phone: uniquePhone() })).cookie);
    const coupon = await makeCoupon({ perCustomerLimit: 1 });
    const a = await newApplication(customer);
    expect((await pay(a.app.id, { method: 'sandbox', coupon: coupon.code }, customer)).statusCode).toBe(200);
    const b = await newApplication(customer);
    const res = await pay(b.app.id, { method: 'sandbox', coupon: coupon.code }, customer);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.coupon).toEqual([cartMessages.couponUsedByYou]);
    expect(await usedCount(coupon.id)).toBe(1);
  });

  it("of many payers of a coupon's last use exactly one gets it; the others are told it is used up", async () => {
    const coupon = await makeCoupon({ usageLimit: 1 });
    const applications = await Promise.all(Array.from({ length: 6 }, () => newApplication()));
    const results = await Promise.all(
      applications.map((a) => pay(a.token, { method: 'sandbox', coupon: coupon.code })),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(422);
      expect(r.json().errors.coupon).toEqual([cartMessages.couponUsedUp]);
    }
    expect(await usedCount(coupon.id)).toBe(1);
    const [redeemed] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from coupon_redemptions where coupon_id = ${coupon.id}`,
    );
    expect(redeemed!.n).toBe(1);
    // The refused made no order: each pays without the coupon afterwards.
    for (const a of applications) {
      const orders = await queryRows(db(), sql`select id from orders where application_id = ${a.app.id}`);
      expect(orders).toHaveLength(results[applications.indexOf(a)]!.statusCode === 200 ? 1 : 0);
    }
  });

  it('one that covers the whole fee submits the application at once, nothing to pay', async () => {
    const coupon = await makeCoupon({ value: 100 });
    const { app, token } = await newApplication();
    const res = await pay(token, { method: 'sandbox', coupon: coupon.code });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(res.json().message).toBe(applicationTexts.feePaid(app.application_no));
    expect(data.next).toEqual({ type: 'complete', path: `${app.tracking_path}?fee=paid` });
    expect(data.application.stage).toBe('submitted');
    expect(data.application.history.at(-1)).toMatchObject({
      to: 'submitted',
      note: applicationTexts.feeCoveredBy(coupon.code),
    });
    expect(await feeOrder(data.order_id)).toMatchObject({
      status: 'delivered',
      payment_status: 'paid',
      grand_total_minor: 0,
      discount_minor: app.fee!.amount,
    });
    const again = await pay(token, { method: 'sandbox', coupon: coupon.code });
    expect(again.statusCode).toBe(409);
    expect(await usedCount(coupon.id)).toBe(1);
  });

  it('a staff-cancelled fee order gives its use back, as a cancelled goods order does', async () => {
    const coupon = await makeCoupon({ usageLimit: 1 });
    const { token } = await newApplication();
    const first = await pay(token, { method: 'sandbox', coupon: coupon.code });
    expect(first.statusCode, first.body).toBe(200);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${first.json().data.order_id}/cancel`,
      headers: owner,
      payload: { reason: 'Wrong fee' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await usedCount(coupon.id)).toBe(0);
    // The fresh fee order is a new order: the coupon of one use is judged and counted for it again.
    const fresh = await pay(token, { method: 'sandbox', coupon: coupon.code });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().data.order_id).not.toBe(first.json().data.order_id);
    expect(await usedCount(coupon.id)).toBe(1);
  });

  it('an application cancelled before its fee is paid closes its fee order and gives the use back, as does one whose fee a coupon covered whole; a paid one keeps it', async () => {
    const coupon = await makeCoupon({ usageLimit: 2 });
    const unpaid = await newApplication();
    const started = await pay(unpaid.token, { method: 'sandbox', coupon: coupon.code });
    expect(started.statusCode, started.body).toBe(200);
    const results = await Promise.all(Array.from({ length: 5 }, () => cancel(unpaid.app.id, 'awaiting_payment')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await feeOrder(started.json().data.order_id)).toMatchObject({ status: 'cancelled' });
    const [event] = await queryRows<{ notified: boolean }>(
      db(),
      sql`select notified_at is not null as notified from order_events
           where order_id = ${started.json().data.order_id} and to_status = 'cancelled'`,
    );
    expect(event).toEqual({ notified: true });
    expect(await usedCount(coupon.id)).toBe(0);

    // Nothing paid, nothing to refund: the cancel gives the whole-fee coupon back, once.
    const covered = await makeCoupon({ value: 100, usageLimit: 1 });
    const free = await newApplication();
    const done = await pay(free.token, { method: 'sandbox', coupon: covered.code });
    expect(done.json().data.application.stage).toBe('submitted');
    expect(await usedCount(covered.id)).toBe(1);
    const cancels = await Promise.all(Array.from({ length: 5 }, () => cancel(free.app.id, 'submitted')));
    expect(cancels.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await feeOrder(done.json().data.order_id)).toMatchObject({ status: 'delivered' });
    expect(await usedCount(covered.id)).toBe(0);

    // A fee paid with money keeps its use (its money goes back with Refund fee).
    const half = await makeCoupon({ value: 50, usageLimit: 1 });
    const paid = await newApplication();
    const charged = await pay(paid.token, { method: 'sandbox', coupon: half.code });
    expect(charged.statusCode, charged.body).toBe(200);
    // Paid on the sandbox's page, then its webhook, as pay.test does.
    const payPage = String(charged.json().data.next.url);
    const pressed = await t.app.inject({
      method: 'POST',
      url: payPage,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:80' },
      payload: 'outcome=pay',
    });
    expect(pressed.statusCode).toBe(303);
    await deliverSandboxWebhook(t.app, payPage.split('/').pop()!);
    await t.app.jobs.runDue();
    expect(await feeOrder(charged.json().data.order_id)).toMatchObject({ payment_status: 'paid' });
    expect((await cancel(paid.app.id, 'submitted')).statusCode).toBe(200);
    expect(await usedCount(half.id)).toBe(1);
  });
});

const smsTo = async (phone: string) =>
  (
    await queryRows<{ body: string }>(
      db(),
      sql`select body from outbox_messages where recipient = ${phone} and channel = 'sms' order by id`,
    )
  ).map((m) => m.body);

const cancelEvents = (orderId: string) =>
  queryRows<{ from_status: string; notified: boolean }>(
    db(),
    sql`select from_status, notified_at is not null as notified from order_events
         where order_id = ${orderId} and to_status = 'cancelled'`,
  );

const releases = (orderId: string) =>
  queryRows<{ released: boolean }>(
    db(),
    sql`select released_at is not null as released from coupon_redemptions where order_ref = ${orderId}`,
  );

const feeStatusOf = async (applicationId: string) =>
  (await ownerCall(`/api/admin/applications/${applicationId}`)).json().data.fee_status;

/** An application whose fee the applicant chose to pay in cash, with a coupon: submitted, the fee due. */
async function cashFee(coupon: { code: string }) {
  const { app, token, phone } = await newApplication();
  const res = await pay(token, { method: 'cod', coupon: coupon.code });
  expect(res.statusCode, res.body).toBe(200);
  const orderId = res.json().data.order_id as string;
  expect(await feeOrder(orderId)).toMatchObject({ status: 'delivered', payment_status: 'cod' });
  expect(await feeStatusOf(app.id)).toMatchObject({ state: 'cash_due', can_mark_paid: true });
  return { app, phone, orderId };
}

describe('a coupon on a fee due in cash', () => {
  it('the application cancelled before the cash came in closes the fee order and gives the use back once, however many cancel at once; the applicant hears once', async () => {
    const coupon = await makeCoupon({ value: 20, usageLimit: 1 });
    const { app, phone, orderId } = await cashFee(coupon);
    expect(await usedCount(coupon.id)).toBe(1);
    await t.app.jobs.runDue();
    const told = (await smsTo(phone)).length;

    const results = await Promise.all(Array.from({ length: 20 }, () => cancel(app.id, 'submitted')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    expect(await feeOrder(orderId)).toMatchObject({ status: 'cancelled', payment_status: 'cod' });
    expect(await usedCount(coupon.id)).toBe(0);
    expect(await releases(orderId)).toEqual([{ released: true }]);
    // Its history says why, counted as told: the applicant hears of the application only.
    expect(await cancelEvents(orderId)).toEqual([{ from_status: 'delivered', notified: true }]);
    await t.app.jobs.runDue();
    const sms = (await smsTo(phone)).slice(told);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toContain(`${app.application_no} (${app.service.name}) is now at: Cancelled. Not needed any more`);

    // The owner sees it closed, nothing to collect: Mark fee paid is refused, and later cancels change nothing.
    expect(await feeStatusOf(app.id)).toMatchObject({ state: 'cancelled', can_mark_paid: false, can_refund: false });
    const late = await ownerCall(`/api/admin/applications/${app.id}/fee/mark-paid`, {});
    expect([late.statusCode, late.json().message]).toEqual([409, adminOrderMessages.notCodUnpaid]);
    expect((await cancel(app.id, 'submitted')).statusCode).toBe(409);
    expect(await usedCount(coupon.id)).toBe(0);

    // The one use is free again: the next applicant's fee takes it.
    await cashFee(coupon);
    expect(await usedCount(coupon.id)).toBe(1);
  });

  it('a cash fee marked received keeps its use when its application is cancelled: its money goes back by Refund fee', async () => {
    const coupon = await makeCoupon({ value: 20, usageLimit: 1 });
    const { app, orderId } = await cashFee(coupon);
    const received = await ownerCall(`/api/admin/applications/${app.id}/fee/mark-paid`, { note: 'Paid at the desk' });
    expect(received.statusCode, received.body).toBe(200);
    expect((await cancel(app.id, 'submitted')).statusCode).toBe(200);
    expect(await feeOrder(orderId)).toMatchObject({ status: 'delivered', payment_status: 'paid' });
    expect(await cancelEvents(orderId)).toEqual([]);
    expect(await usedCount(coupon.id)).toBe(1);
    expect(await feeStatusOf(app.id)).toMatchObject({ state: 'paid', can_refund: true, can_mark_paid: false });
    const refunded = await ownerCall(`/api/admin/applications/${app.id}/fee/refund`, { note: 'Cash handed back' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await usedCount(coupon.id)).toBe(1);
  });

  it('Mark fee paid racing the cancel: the cash is either received (the use kept) or the fee closed (given back), never both', async () => {
    for (let round = 0; round < 3; round++) {
      const coupon = await makeCoupon({ value: 20, usageLimit: 1 });
      const { app, orderId } = await cashFee(coupon);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2 ? cancel(app.id, 'submitted') : ownerCall(`/api/admin/applications/${app.id}/fee/mark-paid`, {}),
        ),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c !== 200 && c !== 409)).toEqual([]);
      const order = await feeOrder(orderId);
      const marked = results.filter((r, i) => i % 2 === 0 && r.statusCode === 200);
      expect(results.filter((r, i) => i % 2 === 1 && r.statusCode === 200)).toHaveLength(1);
      if (order.status === 'cancelled') {
        expect([order.payment_status, marked.length, await usedCount(coupon.id)]).toEqual(['cod', 0, 0]);
      } else {
        expect([order.status, order.payment_status, marked.length]).toEqual(['delivered', 'paid', 1]);
        expect(await usedCount(coupon.id)).toBe(1);
      }
    }
  });
});

const preview = (ref: string, body: unknown, headers: Record<string, string> = {}, remote?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/applications/${ref}/coupons/preview`,
    headers,
    payload: body as Record<string, unknown>,
    remoteAddress: remote ?? `10.93.${Math.floor(++ip / 250)}.${ip % 250}`,
  });

const offers = async (ref: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/applications/${ref}/coupons`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { coupons: CouponOffer[] } }>().data.coupons;
};

const feeOrdersOf = (applicationId: string) =>
  queryRows(db(), sql`select id from orders where application_id = ${applicationId}`);

describe('a coupon previewed before Pay', () => {
  it('answers the fee, the discount and what is left, counting nothing however many preview at once; Pay then charges that', async () => {
    const coupon = await makeCoupon({ value: 20, usageLimit: 5, description: 'A fifth off' });
    const { app, token } = await newApplication();
    const fee = app.fee!.amount;
    const discount = Math.round(fee * 0.2);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => preview(token, { coupon: i % 2 ? coupon.code.toLowerCase() : coupon.code })),
    );
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({
        code: coupon.code,
        description: 'A fifth off',
        fee: money(fee, 'INR'),
        discount: money(discount, 'INR'),
        total: money(fee - discount, 'INR'),
      });
    }
    expect(await usedCount(coupon.id)).toBe(0);
    expect(await queryRows(db(), sql`select id from coupon_redemptions where coupon_id = ${coupon.id}`)).toEqual([]);
    expect(await feeOrdersOf(app.id)).toEqual([]);

    const paid = await pay(token, { method: 'sandbox', coupon: coupon.code });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await feeOrder(paid.json().data.order_id)).toMatchObject({ grand_total_minor: fee - discount });
    expect(await usedCount(coupon.id)).toBe(1);
    // The fee order carries it now: the same code previews its amounts; another is refused as Pay refuses it.
    const same = await preview(token, { coupon: coupon.code });
    expect(same.json().data.total).toEqual(money(fee - discount, 'INR'));
    const other = await preview(token, { coupon: (await makeCoupon()).code });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.coupon).toEqual([applicationTexts.couponTooLate(coupon.code)]);
    expect(await offers(token)).toEqual([]);
  });

  it("refuses what Pay refuses, in Pay's words; a coupon covering the fee answers nothing to pay", async () => {
    const { app, token } = await newApplication();
    for (const [values, message] of refusals()) {
      const coupon = await makeCoupon(values);
      const res = await preview(token, { coupon: coupon.code });
      expect(res.statusCode, JSON.stringify(values)).toBe(422);
      expect(res.json().errors.coupon).toEqual([message]);
    }
    const unknown = await preview(token, { coupon: '<NOSUCH>' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.coupon).toEqual([cartMessages.couponUnknown]);
    const whole = await makeCoupon({ kind: 'fixed', value: 10_000_000 });
    const covered = await preview(token, { coupon: whole.code });
    expect(covered.json().data).toMatchObject({ discount: app.fee, total: money(0, 'INR') });
    expect(await feeOrdersOf(app.id)).toEqual([]);
  });

  it('a coupon used up between the preview and Pay is refused at Pay, and nothing is charged', async () => {
    const coupon = await makeCoupon({ usageLimit: 1 });
    const late = await newApplication();
    const first = await newApplication();
    expect((await preview(late.token, { coupon: coupon.code })).statusCode).toBe(200);
    expect((await pay(first.token, { method: 'sandbox', coupon: coupon.code })).statusCode).toBe(200);
    const refused = await pay(late.token, { method: 'sandbox', coupon: coupon.code });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.coupon).toEqual([cartMessages.couponUsedUp]);
    expect(await feeOrdersOf(late.app.id)).toEqual([]);
    expect((await preview(late.token, { coupon: coupon.code })).json().errors.coupon).toEqual([
      cartMessages.couponUsedUp,
    ]);
    expect(await usedCount(coupon.id)).toBe(1);
  });

  it("lists the visible coupons judged for this fee (the cart's offers); secret ones never", async () => {
    const fits = await makeCoupon({ description: 'For this service' });
    const elsewhere = await makeCoupon({ productIds: [other.id] });
    const secret = await makeCoupon({ isVisible: false });
    const { token } = await newApplication();
    const listed = await offers(token);
    expect(listed.find((o) => o.code === fits.code)).toMatchObject({ applicable: true, reason: null });
    expect(listed.find((o) => o.code === elsewhere.code)).toMatchObject({
      applicable: false,
      reason: applicationTexts.couponNotForService,
    });
    expect(listed.some((o) => o.code === secret.code)).toBe(false);
    expect(listed.findIndex((o) => !o.applicable)).toBeGreaterThan(listed.findIndex((o) => o.code === fits.code));
  });

  it("only the applicant: another customer or a stranger is 404, as Pay's route answers", async () => {
    const owner = sessionHeaders((await loggedInCustomer(t, { phone: uniquePhone() })).cookie);
    const stranger = sessionHeaders((await loggedInCustomer(t, { phone: uniquePhone() })).cookie);
    const coupon = await makeCoupon();
    const { app } = await newApplication(owner);
    expect((await preview(app.id, { coupon: coupon.code }, owner)).statusCode).toBe(200);
    for (const headers of [stranger, {}]) {
      for (const ref of [app.id, app.application_no]) {
        expect((await preview(ref, { coupon: coupon.code }, headers)).statusCode).toBe(404);
        const list = await t.app.inject({ method: 'GET', url: `/api/applications/${ref}/coupons`, headers });
        expect(list.statusCode).toBe(404);
      }
    }
    expect((await preview('A'.repeat(43), { coupon: coupon.code })).statusCode).toBe(404);
  });

  it('bad input is a 422 with a message, never a 500', async () => {
    const { token } = await newApplication();
    const cases: [unknown, string][] = [
      [{}, messages.required],
      [{ coupon: '   ' }, messages.required],
      [{ coupon: 'X'.repeat(41) }, messages.maxLength(40)],
      [{ coupon: 'FIRST\u0000' }, messages.invalidCharacters],
      [{ coupon: 42 }, messages.required],
    ];
    for (const [body, message] of cases) {
      const res = await preview(token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors.coupon, JSON.stringify(body)).toEqual([message]);
    }
    const extra = await preview(token, { coupon: 'FIRSTFILING', amount: 0 });
    expect(extra.statusCode).toBe(422);
    expect(extra.json().message).toBeTruthy();
  });

  it("is limited with the cart's coupon apply: 20 tries per address, counted together", async () => {
    const { token } = await newApplication();
    const remote = '10.94.0.1';
    for (let i = 0; i < 20; i++)
      expect((await preview(token, { coupon: `GUESS${i}` }, {}, remote)).statusCode).toBe(422);
    expect((await preview(token, { coupon: 'GUESS20' }, {}, remote)).statusCode).toBe(429);
    const cart = await t.app.inject({
      method: 'POST',
      url: '/api/cart/coupons/apply',
      payload: { coupon: 'GUESS21' },
      remoteAddress: remote,
    });
    expect(cart.statusCode).toBe(429);
  });

  it('Pay with a code counts as a guess too: the 21st across cart apply, preview and Pay is 429; Pay without a code is not', async () => {
    const { app, token } = await newApplication();
    const remote = '10.94.0.2';
    const cart = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/cart/coupons/apply',
        payload: { coupon: code },
        remoteAddress: remote,
      });
    for (let i = 0; i < 7; i++) expect((await cart(`CART${i}`)).statusCode).toBe(422);
    for (let i = 0; i < 7; i++)
      expect((await preview(token, { coupon: `PREVIEW${i}` }, {}, remote)).statusCode).toBe(422);
    for (let i = 0; i < 6; i++) {
      const guess = await pay(token, { method: 'sandbox', coupon: `PAY${i}` }, {}, remote);
      expect(guess.statusCode, guess.body).toBe(422);
      expect(guess.json().errors.coupon).toEqual([cartMessages.couponUnknown]);
    }
    const over = await pay(token, { method: 'sandbox', coupon: 'PAY6' }, {}, remote);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ status: 'error', message: messages.tooManyRequests });
    expect(await feeOrdersOf(app.id)).toHaveLength(0);
    expect((await preview(token, { coupon: 'PREVIEW7' }, {}, remote)).statusCode).toBe(429);
    expect((await cart('CART7')).statusCode).toBe(429);
    const plain = await pay(token, { method: 'sandbox' }, {}, remote);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().data.order_id).toBeTruthy();
  });
});
