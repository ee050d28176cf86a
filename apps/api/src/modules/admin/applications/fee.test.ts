import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrderMessages, applicationTexts, type AdminApplication, type Application } from '@shopfront/shared';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { uniquePhone } from '../../../test/auth.ts';
import { setStoreSetting } from '../../../test/orders.ts';
import { GOOD_FIELDS, apply, makeService } from '../../applications/testing.ts';
import { expireReservations } from '../../payments/service.ts';
import { signedInOwner } from '../../staff/testing.ts';

/**
 * The owner's side of a service's fee (ADR 37), on PGlite and PostgreSQL: the Fee card's state,
 * Refund fee on the order refund path (once under concurrent callers), Mark fee paid for a cash
 * fee, the orders inbox's kind filter, the "Fee paid" alert, and an unpaid fee order expiring
 * without moving its application back, paid again afterwards.
 */
let t: TestApp;
let service: { id: string; slug: string };
let owner: Record<string, string>;
let manager: Record<string, string>;
let packer: Record<string, string>;
let editor: Record<string, string>;
let ip = 0;

beforeAll(async () => {
  t = await createTestApp();
  service = await makeService(t.database.db, 8);
  owner = (await signedInOwner(t, 'owner')).headers;
  manager = (await signedInOwner(t, 'manager')).headers;
  packer = (await signedInOwner(t, 'packer')).headers;
  editor = (await signedInOwner(t, 'content_editor')).headers;
});
afterAll(() => t.close());

const db = () => t.database.db;
const ORIGIN = 'http://localhost:80';

async function newApplication() {
  const phone = uniquePhone();
  const res = await apply(
    t,
    { service: service.slug, ...GOOD_FIELDS, name: 'Asha Rao', phone },
    undefined,
    {},
    `10.91.0.${++ip}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  const app = res.json<{ data: Application }>().data;
  return { app, phone, token: app.tracking_path.split('/').at(-1)! };
}

const pay = (token: string, method: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/applications/${token}/pay`,
    payload: { method },
    remoteAddress: `10.92.0.${++ip}`,
  });

/** The applicant pays the fee on the sandbox's page and comes back. */
async function payOnline(token: string) {
  const res = await pay(token, 'sandbox');
  expect(res.statusCode, res.body).toBe(200);
  const pressed = await t.app.inject({
    method: 'POST',
    url: res.json().data.next.url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    payload: 'outcome=pay',
  });
  await t.app.inject({ method: 'GET', url: String(pressed.headers.location) });
  return res.json().data.order_id as string;
}

const view = async (id: string, headers = owner) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/applications/${id}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: AdminApplication }>().data;
};

const refund = (id: string, payload: object = {}, headers = owner) =>
  t.app.inject({ method: 'POST', url: `/api/admin/applications/${id}/fee/refund`, headers, payload });

const markPaid = (id: string, headers = owner) =>
  t.app.inject({ method: 'POST', url: `/api/admin/applications/${id}/fee/mark-paid`, headers, payload: {} });

const order = async (id: string) =>
  (
    await queryRows<{ status: string; payment_status: string; refunded_minor: number; grand_total_minor: number }>(
      db(),
      sql`select status, payment_status, refunded_minor, grand_total_minor from orders where id = ${id}`,
    )
  )[0]!;

const messagesTo = (recipient: string) =>
  queryRows<{ subject: string; body: string }>(
    db(),
    sql`select subject, body from outbox_messages where recipient = ${recipient} order by id`,
  );

describe('the Fee card and Refund fee', () => {
  it('a paid fee: shown paid with its order and method; refunded once of many concurrent refunds; the applicant told', async () => {
    const { app, phone } = await newApplication();
    expect((await view(app.id)).fee_status).toMatchObject({ state: 'due', order_id: null, can_refund: false });
    const orderId = await payOnline(app.tracking_path.split('/').at(-1)!);
    const before = await view(app.id);
    expect(before.fee_status).toMatchObject({
      state: 'paid',
      order_id: orderId,
      method: expect.any(String),
      paid_at: expect.any(String),
      can_refund: true,
      can_mark_paid: false,
    });
    expect(before.fee_status.order_no).toMatch(/^SF-\d+$/);

    const results = await Promise.all(Array.from({ length: 6 }, () => refund(app.id, { note: 'Service not offered' })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(refused.json().message).toBe(applicationTexts.feeNotRefundable);
    const done = results.find((r) => r.statusCode === 200)!.json();
    expect(done.message).toBe(applicationTexts.feeRefunded);
    expect(done.data.fee_status).toMatchObject({ state: 'refunded', can_refund: false });
    expect(done.data.fee_status.refunded.amount).toBe(app.fee!.amount);

    const [requests] = await queryRows<{ n: number; amount: number }>(
      db(),
      sql`select count(*)::int as n, sum(amount_minor)::int as amount from refund_requests where order_id = ${orderId}`,
    );
    expect(requests).toEqual({ n: 1, amount: app.fee!.amount });
    expect(await order(orderId)).toMatchObject({ status: 'refunded', refunded_minor: app.fee!.amount });
    await t.app.jobs.runDue();
    // Paid back through the provider once; the applicant hears of the refund, not of a request.
    const [paidBack] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from jobs where kind = 'payment-refund' and payload->>'orderId' = ${orderId}`,
    );
    expect(paidBack!.n).toBe(1);
    expect((await order(orderId)).payment_status).toBe('refunded');
    const sms = (await messagesTo(phone)).map((m) => m.body);
    expect(sms.filter((b) => b.includes('refund request'))).toEqual([]);
    expect(sms.filter((b) => b.includes('refund of') && b.includes('Service not offered'))).toHaveLength(1);

    const audit = await queryRows<{ action: string }>(
      db(),
      sql`select action from audit_log where target = ${`order:${orderId}`} and action = 'order.refund'`,
    );
    expect(audit).toHaveLength(1);
  });

  it('a partial refund as order refunds allow (at most the fee), by a manager', async () => {
    const { app, token } = await newApplication();
    const orderId = await payOnline(token);
    const tooMuch = await refund(app.id, { amount_minor: app.fee!.amount + 1 }, manager);
    expect(tooMuch.statusCode).toBe(422);
    expect(Object.keys(tooMuch.json().errors)).toEqual(['amount_minor']);
    const zero = await refund(app.id, { amount_minor: 0 }, manager);
    expect(zero.statusCode).toBe(422);
    const part = await refund(app.id, { amount_minor: 5000 }, manager);
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().data.fee_status.refunded.amount).toBe(5000);
    expect(await order(orderId)).toMatchObject({ refunded_minor: 5000 });
    const again = await refund(app.id, {}, manager);
    expect([again.statusCode, again.json().message]).toEqual([409, applicationTexts.feeNotRefundable]);
  });

  it('a cash fee: due, not refundable until a packer marks it paid (once); then refunded as cash', async () => {
    const { app, token } = await newApplication();
    const res = await pay(token, 'cod');
    expect(res.statusCode, res.body).toBe(200);
    const due = await view(app.id, packer);
    expect(due.fee_status).toMatchObject({ state: 'cash_due', can_mark_paid: true, can_refund: false });
    const early = await refund(app.id, {}, packer);
    expect([early.statusCode, early.json().message]).toEqual([409, applicationTexts.feeNotRefundable]);
    const marked = await markPaid(app.id, packer);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().message).toBe(applicationTexts.feeMarkedPaid);
    expect(marked.json().data.fee_status).toMatchObject({ state: 'paid', can_mark_paid: false, can_refund: true });
    const twice = await markPaid(app.id, packer);
    expect([twice.statusCode, twice.json().message]).toEqual([409, adminOrderMessages.notCodUnpaid]);
    const back = await refund(app.id, {}, packer);
    expect(back.statusCode, back.body).toBe(200);
    expect(await order(due.fee_status.order_id!)).toMatchObject({ status: 'refunded', payment_status: 'refunded' });
  });

  it('nothing to act on before the applicant pays: 409; an unknown application 404', async () => {
    const { app } = await newApplication();
    for (const res of [await refund(app.id), await markPaid(app.id)]) {
      expect([res.statusCode, res.json().message]).toEqual([409, applicationTexts.noFeeOrder]);
    }
    expect((await refund('apl_nope')).statusCode).toBe(404);
  });

  it('per role: a content editor is 403 and nobody signed in 401, on both routes', async () => {
    const { app, token } = await newApplication();
    await payOnline(token);
    for (const url of [
      `/api/admin/applications/${app.id}/fee/refund`,
      `/api/admin/applications/${app.id}/fee/mark-paid`,
    ]) {
      expect((await t.app.inject({ method: 'POST', url, headers: editor, payload: {} })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    }
    expect((await view(app.id)).fee_status.state).toBe('paid');
  });
});

describe('fee orders among the orders', () => {
  it('the inbox filters by kind; a fee order never waits to be packed; the alert says "Fee paid for AP-…"', async () => {
    const { app, token } = await newApplication();
    const orderId = await payOnline(token);
    const list = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/orders?limit=100&${query}`, headers: owner });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: { orders: { id: string }[]; counts: Record<string, number> } }>().data;
    };
    const fees = await list('kind=service_fee');
    expect(fees.orders.map((o) => o.id)).toContain(orderId);
    const [kinds] = await queryRows<{ kinds: string[] }>(
      db(),
      sql`select array_agg(distinct kind) as kinds from orders where id in ${sql`(${sql.join(
        fees.orders.map((o) => sql`${o.id}`),
        sql`, `,
      )})`}`,
    );
    expect(kinds!.kinds).toEqual(['service_fee']);
    expect(fees.counts.to_pack).toBe(0);
    expect((await list('kind=goods')).orders.map((o) => o.id)).not.toContain(orderId);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/orders?kind=parcel', headers: owner });
    expect(bad.statusCode).toBe(422);

    await t.app.jobs.runDue();
    const [member] = await queryRows<{ email: string }>(
      db(),
      sql`select email from staff where role = 'owner' limit 1`,
    );
    const alerts = (await messagesTo(member!.email)).filter((m) => m.subject.includes(app.application_no));
    expect(alerts.map((m) => m.subject)).toEqual([`Fee paid for ${app.application_no}`]);
    expect(alerts[0]!.body).toContain(`/admin/applications/${app.id}`);
  });
});

describe('an unpaid fee order', () => {
  it('expires like an unpaid order without moving the application back or messaging the applicant; paying again works', async () => {
    const { app, token, phone } = await newApplication();
    const first = await pay(token, 'sandbox');
    const orderId = first.json().data.order_id as string;
    const before = (await messagesTo(phone)).length;
    await db().execute(sql`update orders set reserved_until = now() - interval '1 minute' where id = ${orderId}`);
    await expireReservations(db());
    await t.app.jobs.runDue();
    expect(await order(orderId)).toMatchObject({ status: 'payment_failed', payment_status: 'failed' });
    const [stage] = await queryRows<{ stage: string }>(db(), sql`select stage from applications where id = ${app.id}`);
    expect(stage!.stage).toBe('awaiting_payment');
    expect((await messagesTo(phone)).length).toBe(before);
    expect((await view(app.id)).fee_status.state).toBe('awaiting_payment');

    const paidAgain = await payOnline(token);
    expect(paidAgain).toBe(orderId);
    expect(await order(orderId)).toMatchObject({ status: 'delivered', payment_status: 'paid' });
    expect((await view(app.id)).fee_status.state).toBe('paid');
  });
});

describe('Refund fee with "Also cancel the application"', () => {
  it('starts on before work starts (store lets orders be cancelled), off once work started or cancelling is off', async () => {
    const { app, token } = await newApplication();
    await payOnline(token);
    await setStoreSetting(db(), 'enable_cancel_order', true);
    expect((await view(app.id)).fee_status).toMatchObject({ can_cancel_application: true, cancel_by_default: true });
    await setStoreSetting(db(), 'enable_cancel_order', false);
    expect((await view(app.id)).fee_status.cancel_by_default).toBe(false);
    await setStoreSetting(db(), 'enable_cancel_order', true);
    const next = (await view(app.id)).next_stages[0]!.key;
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/${app.id}/stage`,
      headers: owner,
      payload: { from: 'submitted', to: next, note: null },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await view(app.id)).fee_status).toMatchObject({ can_cancel_application: true, cancel_by_default: false });
  });

  it('one action: refunded and cancelled once of many concurrent presses; the applicant gets one message', async () => {
    const { app, token, phone } = await newApplication();
    const orderId = await payOnline(token);
    await t.app.jobs.runDue();
    const before = (await messagesTo(phone)).length;
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        refund(app.id, { cancel_application: true, note: 'We cannot take this on' }, manager),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const done = results.find((r) => r.statusCode === 200)!.json();
    expect(done.message).toBe(applicationTexts.feeRefundedCancelled);
    expect(done.data).toMatchObject({ stage: 'cancelled' });
    expect(done.data.fee_status).toMatchObject({ state: 'refunded', can_cancel_application: false });
    expect(await order(orderId)).toMatchObject({ status: 'refunded', refunded_minor: app.fee!.amount });
    const events = await queryRows<{ from_stage: string; note: string }>(
      db(),
      sql`select from_stage, note from application_events where application_id = ${app.id} and to_stage = 'cancelled'`,
    );
    expect(events).toEqual([{ from_stage: 'submitted', note: 'We cannot take this on' }]);
    await t.app.jobs.runDue();
    const after = (await messagesTo(phone)).slice(before).map((m) => m.body);
    expect(after).toHaveLength(1);
    expect(after[0]).toContain(
      `Your application ${app.application_no} (${app.service.name}) is cancelled, and your refund of ${app.fee!.formatted} of its fee has been approved.`,
    );
  });

  it('an application that has ended is not cancelled: 409, and nothing is refunded', async () => {
    const { app, token } = await newApplication();
    const orderId = await payOnline(token);
    const last = (await view(app.id)).next_stages.filter((s) => !['rejected', 'cancelled'].includes(s.key)).at(-1)!;
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/${app.id}/stage`,
      headers: owner,
      payload: { from: 'submitted', to: last.key, note: null },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await view(app.id)).fee_status.can_cancel_application).toBe(false);
    const res = await refund(app.id, { cancel_application: true });
    expect([res.statusCode, res.json().message]).toEqual([409, applicationTexts.cannotCancel]);
    expect(await order(orderId)).toMatchObject({ status: 'delivered', payment_status: 'paid', refunded_minor: 0 });
    // The fee alone is still refundable.
    expect((await refund(app.id)).statusCode).toBe(200);
  });
});
