import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationTexts, orderMessages, type Application } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { loggedInCustomer, sessionHeaders, uniquePhone } from '../../test/auth.ts';
import { createTestOrder } from '../../test/orders.ts';
import { sendOrderMessage } from '../orders/messages.ts';
import { deliverSandboxWebhook } from '../payments/sandbox-gateway.ts';
import { signedInOwner } from '../staff/testing.ts';
import { GOOD_FIELDS, apply, makeService } from './testing.ts';

/**
 * Paying an application's fee on the order rails (ADR 37), on PGlite and PostgreSQL: one fee
 * order however many pay at once, the application submitted once however the verdicts race, the
 * applicant only, never in the packing queue.
 */
let t: TestApp;
let service: { id: string; slug: string };
let quoted: { id: string; slug: string };
let customer: Record<string, string>;
let other: Record<string, string>;
let ip = 0;

beforeAll(async () => {
  t = await createTestApp();
  service = await makeService(t.database.db, 6);
  quoted = await makeService(t.database.db, 7, { fee_kind: 'quote' });
  customer = sessionHeaders((await loggedInCustomer(t, { phone: uniquePhone() })).cookie);
  other = sessionHeaders((await loggedInCustomer(t)).cookie);
});
afterAll(() => t.close());

const db = () => t.database.db;
const ORIGIN = 'http://localhost:80';

/** A guest's application (reached by its link's token), or the signed-in customer's. */
async function newApplication(opts: { headers?: Record<string, string>; slug?: string } = {}) {
  const phone = uniquePhone();
  const fields = {
    service: opts.slug ?? service.slug,
    ...GOOD_FIELDS,
    ...(opts.headers ? {} : { name: 'Asha', phone }),
  };
  const res = await apply(t, fields, undefined, opts.headers ?? {}, `10.81.0.${++ip}`);
  expect(res.statusCode, res.body).toBe(200);
  const app = res.json<{ data: Application }>().data;
  return { app, phone, token: app.tracking_path.split('/').at(-1)! };
}

const pay = (ref: string, method: string, headers: Record<string, string> = {}, remote = `10.82.0.${++ip}`) =>
  t.app.inject({
    method: 'POST',
    url: `/api/applications/${ref}/pay`,
    headers,
    payload: { method },
    remoteAddress: remote,
  });

const feeOrders = (applicationId: string) =>
  queryRows<{ id: string; kind: string; status: string; payment_status: string; grand_total_minor: number }>(
    db(),
    sql`select o.id, o.kind, o.status, o.payment_status, o.grand_total_minor from orders o
         where o.id = (select order_id from applications where id = ${applicationId})`,
  );

const stageOf = async (id: string) =>
  (
    await queryRows<{ stage: string; order_id: string | null }>(
      db(),
      sql`select stage, order_id from applications where id = ${id}`,
    )
  )[0]!;

/** Presses "pay" on the sandbox's page, then follows its signed return as the browser would. */
async function payOnSandboxPage(payPage: string) {
  const pressed = await t.app.inject({
    method: 'POST',
    url: payPage,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    payload: 'outcome=pay',
  });
  expect(pressed.statusCode).toBe(303);
  return String(pressed.headers.location);
}

describe('paying the fee', () => {
  it('of many concurrent payers one fee order is made, for the fee, with one line and no stock taken', async () => {
    const { app, token, phone } = await newApplication();
    const [stockBefore] = await queryRows<{ stock: number }>(
      db(),
      sql`select coalesce(sum(stock), 0)::int as stock from variants where product_id = ${service.id}`,
    );
    const results = await Promise.all(Array.from({ length: 8 }, () => pay(token, 'sandbox')));
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const orders = await feeOrders(app.id);
    const [made] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from orders where kind = 'service_fee' and phone = ${phone}`,
    );
    expect(made!.n).toBe(1);
    expect(orders[0]).toMatchObject({
      kind: 'service_fee',
      status: 'awaiting_payment',
      payment_status: 'pending',
      grand_total_minor: app.fee!.amount,
    });
    const answers = results.map((r) => r.json().data);
    expect(new Set(answers.map((a) => a.order_id))).toEqual(new Set([orders[0]!.id]));
    expect(answers[0].next.type).toBe('redirect');
    expect((await stageOf(app.id)).order_id).toBe(orders[0]!.id);
    const lines = await queryRows<{ product_id: string; quantity: number; total_minor: number }>(
      db(),
      sql`select product_id, quantity, total_minor from order_items where order_id = ${orders[0]!.id}`,
    );
    expect(lines).toEqual([{ product_id: service.id, quantity: 1, total_minor: app.fee!.amount }]);
    const [shipping] = await queryRows<{ code: string; shipping_minor: number }>(
      db(),
      sql`select shipping->>'code' as code, shipping_minor from orders where id = ${orders[0]!.id}`,
    );
    expect(shipping).toEqual({ code: 'none', shipping_minor: 0 });
    const [stockAfter] = await queryRows<{ stock: number }>(
      db(),
      sql`select coalesce(sum(stock), 0)::int as stock from variants where product_id = ${service.id}`,
    );
    expect(stockAfter).toEqual(stockBefore);
    // A guest's fee order is remembered in the browser as a guest's order is.
    expect(String(results[0]!.headers['set-cookie'])).toContain('order_ref=');
  });

  it('paid on the sandbox while its webhook races the return: the application is submitted once, told once', async () => {
    const { app, token, phone } = await newApplication();
    const res = await pay(token, 'sandbox');
    expect(res.statusCode, res.body).toBe(200);
    const { next, order_id: orderId } = res.json().data;
    const location = await payOnSandboxPage(next.url);
    const sessionId = String(next.url).split('/').pop()!;
    const follow = () => t.app.inject({ method: 'GET', url: location });
    const [back] = await Promise.all([
      follow(),
      deliverSandboxWebhook(t.app, sessionId),
      deliverSandboxWebhook(t.app, sessionId),
      deliverSandboxWebhook(t.app, sessionId),
      follow(),
    ]);
    await t.app.jobs.runDue();
    // Back to the application, told that the fee is paid.
    expect(back.headers.location).toBe(`/track-application/${token}?fee=paid`);
    expect(await stageOf(app.id)).toEqual({ stage: 'submitted', order_id: orderId });
    const events = await queryRows<{ from_stage: string; to_stage: string; actor: string }>(
      db(),
      sql`select from_stage, to_stage, actor from application_events
           where application_id = ${app.id} and from_stage is not null`,
    );
    expect(events).toEqual([{ from_stage: 'awaiting_payment', to_stage: 'submitted', actor: 'system' }]);
    const sms = await queryRows<{ body: string }>(
      db(),
      sql`select body from outbox_messages where recipient = ${phone} and channel = 'sms' order by id`,
    );
    // One for the application made, one for its submission.
    expect(sms).toHaveLength(2);
    expect(sms[1]!.body).toContain(`${app.application_no} (${app.service.name}) is now at: Submitted. Fee paid`);
    const [order] = await feeOrders(app.id);
    expect(order).toMatchObject({ status: 'delivered', payment_status: 'paid' });
    const history = await queryRows<{ from_status: string | null; to_status: string }>(
      db(),
      sql`select from_status, to_status from order_events where order_id = ${orderId} order by id`,
    );
    expect(history).toEqual([
      { from_status: null, to_status: 'awaiting_payment' },
      { from_status: 'awaiting_payment', to_status: 'confirmed' },
      { from_status: 'confirmed', to_status: 'delivered' },
    ]);

    // Paid: paying again is refused, with a clear message.
    const again = await pay(token, 'sandbox');
    expect([again.statusCode, again.json().message]).toEqual([409, applicationTexts.notAwaitingFee]);
  });

  it('a fee order is never in the packing queue: the owner finds it delivered', async () => {
    const { app, token } = await newApplication();
    const res = await pay(token, 'sandbox');
    const location = await payOnSandboxPage(res.json().data.next.url);
    await t.app.inject({ method: 'GET', url: location });
    const [order] = await feeOrders(app.id);
    const owner = (await signedInOwner(t, 'owner')).headers;
    const tab = async (name: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/admin/orders?tab=${name}&limit=100`, headers: owner }))
        .json<{ data: { orders: { id: string }[] } }>()
        .data.orders.map((o) => o.id);
    expect(await tab('to_pack')).not.toContain(order!.id);
    expect(await tab('delivered')).toContain(order!.id);
  });

  it('a failed payment goes back to the application; paying again reuses the same fee order', async () => {
    const { app, token } = await newApplication();
    const first = await pay(token, 'sandbox');
    const pressed = await t.app.inject({
      method: 'POST',
      url: first.json().data.next.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      payload: 'outcome=fail',
    });
    const back = await t.app.inject({ method: 'GET', url: String(pressed.headers.location) });
    expect(back.headers.location).toBe(`/track-application/${token}?fee=failed`);
    expect(await feeOrders(app.id)).toMatchObject([{ status: 'payment_failed' }]);
    const retry = await pay(token, 'sandbox');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data.order_id).toBe(first.json().data.order_id);
    expect(await feeOrders(app.id)).toMatchObject([{ status: 'awaiting_payment', payment_status: 'pending' }]);
  });

  it('with an offline method the application is submitted at once, the fee due', async () => {
    const { app } = await newApplication({ headers: customer });
    const res = await pay(app.id, 'cod', customer);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.message).toBe(applicationTexts.feeDue);
    expect(answer.data.next).toMatchObject({ type: 'complete' });
    expect(answer.data.next.path).toMatch(/^\/track-application\/[\w-]{43}\?fee=due$/);
    expect(answer.data.application.stage).toBe('submitted');
    expect(answer.data.application.fee_methods).toEqual([]);
    expect(await feeOrders(app.id)).toMatchObject([{ status: 'delivered', payment_status: 'cod' }]);
    // A customer's fee order is reached through their account: no guest cookie.
    expect(String(res.headers['set-cookie'] ?? '')).not.toContain('order_ref=');
  });
});

describe('who may pay, and when', () => {
  it('the applicant only: another customer, a guest without the link and a wrong token get 404', async () => {
    const { app, token } = await newApplication({ headers: customer });
    // The shop's active methods this process can take: Razorpay, active but with no keys here, is not offered.
    expect(app.fee_methods.map((m) => m.code).sort()).toEqual(['cod', 'sandbox']);
    for (const [ref, headers] of [
      [app.id, other],
      [app.id, {}],
      [app.application_no, other],
      [token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'), {}],
    ] as const) {
      const res = await pay(ref, 'sandbox', headers);
      expect([res.statusCode, res.json().message]).toEqual([404, applicationTexts.notFound]);
    }
    expect(await feeOrders(app.id)).toEqual([]);
    // Its own customer by id or number, or anyone with its link.
    expect((await pay(app.application_no, 'sandbox', customer)).statusCode).toBe(200);
    expect((await pay(token, 'sandbox')).statusCode).toBe(200);
    expect(await feeOrders(app.id)).toHaveLength(1);
  });

  it('409 while a quote is awaited; 422 for a method the shop does not have', async () => {
    const { app, token } = await newApplication({ slug: quoted.slug });
    expect(app.fee_methods).toEqual([]);
    const early = await pay(token, 'sandbox');
    expect([early.statusCode, early.json().message]).toEqual([409, applicationTexts.notAwaitingFee]);
    const { token: other } = await newApplication();
    for (const method of ['nowhere', 'BAD CODE']) {
      const res = await pay(other, method);
      expect([res.statusCode, res.json().errors]).toEqual([422, { method: [orderMessages.paymentMethodUnavailable] }]);
    }
  });

  it('409 once the owner moved the application on (or cancelled it)', async () => {
    const { app, token } = await newApplication();
    const owner = (await signedInOwner(t, 'manager')).headers;
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/${app.id}/stage`,
      headers: owner,
      payload: { from: 'awaiting_payment', to: 'cancelled', note: 'Asked to cancel' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const res = await pay(token, 'sandbox');
    expect([res.statusCode, res.json().message]).toEqual([409, applicationTexts.notAwaitingFee]);
  });

  it('a rejection closes the unpaid fee order: no second pay, a payment landing after it is refunded once', async () => {
    const { app, token } = await newApplication();
    const started = await pay(token, 'sandbox');
    expect(started.statusCode, started.body).toBe(200);
    const { order_id: orderId, next } = started.json().data;
    const session = String(next.url).split('/').pop()!;
    // The applicant is on the provider's page when the owner rejects the application.
    const owner = (await signedInOwner(t, 'manager')).headers;
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/${app.id}/stage`,
      headers: owner,
      payload: { from: 'awaiting_payment', to: 'rejected', note: 'Not a registrable business' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await feeOrders(app.id))[0]!.status).toBe('cancelled');
    const again = await pay(token, 'sandbox');
    expect([again.statusCode, again.json().message]).toEqual([409, applicationTexts.notAwaitingFee]);

    // The provider takes the money anyway: it goes back, once however often the webhook comes.
    await payOnSandboxPage(next.url);
    await Promise.all([deliverSandboxWebhook(t.app, session), deliverSandboxWebhook(t.app, session)]);
    const [order] = await feeOrders(app.id);
    expect(order!.status).toBe('cancelled');
    expect(['refund_pending', 'refunded']).toContain(order!.payment_status);
    const [jobs] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from jobs where kind = 'payment-refund' and payload->>'orderId' = ${orderId}`,
    );
    expect(jobs!.n).toBe(1);
    expect((await stageOf(app.id)).stage).toBe('rejected');
  });

  it('honours Idempotency-Key: a retry replays the first answer', async () => {
    const { token } = await newApplication();
    const headers = { 'idempotency-key': 'fee-retry-1' };
    const first = await pay(token, 'sandbox', headers, '10.83.0.1');
    const again = await pay(token, 'sandbox', headers, '10.83.0.1');
    expect(first.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });
});

const smsTo = async (phone: string) =>
  (
    await queryRows<{ body: string }>(
      db(),
      sql`select body from outbox_messages where recipient = ${phone} and channel = 'sms' order by id`,
    )
  ).map((m) => m.body);

describe('in services words', () => {
  it('a cash fee is paid at the office, never on delivery, wherever it shows; a goods order keeps Cash on Delivery', async () => {
    const { app, token, phone } = await newApplication();
    expect(app.fee_methods.find((m) => m.code === 'cod')?.name).toBe('Cash at our office');
    const res = await pay(token, 'cod');
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.runDue();
    const sms = await smsTo(phone);
    expect(sms.at(-1)).toContain(applicationTexts.feeDueBy('Cash at our office'));
    for (const body of sms) expect(body).not.toMatch(/deliver/i);

    const owner = (await signedInOwner(t, 'owner')).headers;
    const staff = await t.app.inject({ method: 'GET', url: `/api/admin/applications/${app.id}`, headers: owner });
    expect(staff.json().data.fee_status).toMatchObject({ state: 'cash_due', method: 'Cash at our office' });
    const orderView = async (id: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${id}`, headers: owner })).json().data;
    expect((await orderView(res.json().data.order_id)).payment_method.name).toBe('Cash at our office');
    const goods = await createTestOrder(db(), { paymentMethod: 'cod' });
    expect((await orderView(goods.id)).payment_method.name).toBe('Cash on Delivery');
  });

  it('a declined fee payment tells the applicant in services words, with the link to pay again', async () => {
    const { app, token, phone } = await newApplication();
    const first = await pay(token, 'sandbox');
    await t.app.inject({
      method: 'POST',
      url: first.json().data.next.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      payload: 'outcome=fail',
    });
    await t.app.jobs.runDue();
    expect(await feeOrders(app.id)).toMatchObject([{ status: 'payment_failed' }]);
    const sms = await smsTo(phone);
    const failed = sms.filter((b) => b.includes('did not go through'));
    expect(failed).toHaveLength(1);
    expect(failed[0]).toContain(
      `The payment of the fee for your application ${app.application_no} (${app.service.name}) did not go through. You can pay again from your application.`,
    );
    expect(failed[0]).toContain(`/track-application/${token}`);
    for (const body of sms) expect(body).not.toMatch(/Cash on Delivery|order page|SF-\d/);
  });
});

describe('a fee order cancelled by staff', () => {
  it('does not block paying: of many concurrent payers one fresh fee order is made, and it pays', async () => {
    const { app, token, phone } = await newApplication();
    const first = await pay(token, 'sandbox');
    const oldId = first.json().data.order_id as string;
    const owner = (await signedInOwner(t, 'owner')).headers;
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${oldId}/cancel`,
      headers: owner,
      payload: { reason: 'Paid by mistake twice' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await t.app.jobs.runDue();
    const closed = (await smsTo(phone)).filter((b) => b.includes('was closed'));
    expect(closed).toHaveLength(1);
    expect(closed[0]).toContain('You can pay again from your application.');

    const results = await Promise.all(Array.from({ length: 6 }, () => pay(token, 'sandbox')));
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const ids = new Set(results.map((r) => r.json().data.order_id as string));
    expect(ids.size).toBe(1);
    const [freshId] = [...ids];
    expect(freshId).not.toBe(oldId);
    const all = await queryRows<{ id: string; status: string }>(
      db(),
      sql`select id, status from orders where kind = 'service_fee' and phone = ${phone} order by created_at, id`,
    );
    expect(all.map((o) => o.status).sort()).toEqual(['awaiting_payment', 'cancelled']);
    expect((await stageOf(app.id)).order_id).toBe(freshId);

    const location = await payOnSandboxPage(results[0]!.json().data.next.url);
    await t.app.inject({ method: 'GET', url: location });
    expect(await stageOf(app.id)).toEqual({ stage: 'submitted', order_id: freshId });
    expect(await feeOrders(app.id)).toMatchObject([{ status: 'delivered', payment_status: 'paid' }]);
  });

  it('keeps its application: a late message and a late return of the replaced order use services words', async () => {
    const { app, token, phone } = await newApplication();
    const first = await pay(token, 'sandbox');
    const oldId = first.json().data.order_id as string;
    const owner = (await signedInOwner(t, 'owner')).headers;
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${oldId}/cancel`,
      headers: owner,
      payload: { reason: 'Wrong amount' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Paid again before the cancellation's message went out: the application now links the fresh order.
    const again = await pay(token, 'sandbox');
    expect(again.json().data.order_id).not.toBe(oldId);
    const links = await queryRows<{ id: string; application_id: string | null }>(
      db(),
      sql`select id, application_id from orders where kind = 'service_fee' and phone = ${phone}`,
    );
    expect(links.map((o) => o.application_id)).toEqual([app.id, app.id]);
    await t.app.jobs.runDue();
    // The cancellation told late (its message job retried after the fresh order was made): it still
    // finds its application, in services words.
    const [event] = await queryRows<{ id: number }>(
      db(),
      sql`update order_events set notified_at = null where order_id = ${oldId} and to_status = 'cancelled' returning id`,
    );
    expect(await sendOrderMessage(t.app, db(), event!.id)).toBe(1);
    const sms = await smsTo(phone);
    const closed = sms.filter((b) => b.includes('was closed'));
    expect(closed.length).toBeGreaterThanOrEqual(1);
    for (const body of closed) expect(body).toContain(`/track-application/${token}`);
    for (const body of sms) expect(body).not.toMatch(/Cash on Delivery|order page|SF-\d/);
    // The old order's sandbox page, paid late: the money goes back, and the browser to the application.
    const location = await payOnSandboxPage(first.json().data.next.url);
    const back = await t.app.inject({ method: 'GET', url: location });
    expect(String(back.headers.location)).toBe(`${app.tracking_path}?fee=failed`);
  });
});
