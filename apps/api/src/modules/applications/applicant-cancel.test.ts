import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  STAFF_ROLES,
  applicationTexts,
  messages,
  orderMessages,
  type AdminApplication,
  type Application,
} from '@shopfront/shared';
import { randomBytes } from 'node:crypto';
import { queryRows } from '../../db/client.ts';
import { coupons } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { loggedInCustomer, sessionHeaders, uniquePhone } from '../../test/auth.ts';
import { formData } from '../../test/form-data.ts';
import { setStoreSetting } from '../../test/orders.ts';
import { deliverSandboxWebhook } from '../payments/sandbox-gateway.ts';
import { signedInOwner } from '../staff/testing.ts';
import { APPLICATION_CANCEL_RATE_LIMIT, APPLICATION_MESSAGE_RATE_LIMIT } from './routes.ts';
import { GOOD_FIELDS, PDF, apply, makeService } from './testing.ts';

/**
 * The applicant ends their own application (issue 27), on PGlite and PostgreSQL: cancelled at
 * once before work starts (an unpaid fee order closed, a paid fee refunded once however many
 * cancels race, or a payment lands meanwhile), asked for once work has started (the owner
 * declines or cancels), never by anyone else, never when the store's settings say no.
 */
let t: TestApp;
let service: { id: string; slug: string };
let quoted: { id: string; slug: string };
let customer: Record<string, string>;
let owner: Record<string, string>;
let ip = 0;

beforeAll(async () => {
  t = await createTestApp();
  service = await makeService(t.database.db, 6);
  quoted = await makeService(t.database.db, 7, { fee_kind: 'quote' });
  customer = sessionHeaders((await loggedInCustomer(t, { phone: uniquePhone() })).cookie);
  owner = (await signedInOwner(t, 'owner')).headers;
});
afterAll(() => t.close());
beforeEach(async () => {
  await setStoreSetting(db(), 'enable_cancel_order', true);
  await setStoreSetting(db(), 'enable_refund', true);
});

const db = () => t.database.db;
const ORIGIN = 'http://localhost:80';

async function newApplication(opts: { headers?: Record<string, string>; slug?: string } = {}) {
  const phone = uniquePhone();
  const fields = {
    service: opts.slug ?? service.slug,
    ...GOOD_FIELDS,
    ...(opts.headers ? {} : { name: 'Asha', phone }),
  };
  const res = await apply(t, fields, undefined, opts.headers ?? {}, `10.91.0.${++ip % 250}`);
  expect(res.statusCode, res.body).toBe(200);
  const app = res.json<{ data: Application }>().data;
  return { app, phone, token: app.tracking_path.split('/').at(-1)! };
}

const post = (url: string, payload: unknown, headers: Record<string, string> = {}, remote = `10.92.0.${++ip % 250}`) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object, remoteAddress: remote });
const cancel = (ref: string, payload: unknown = {}, headers: Record<string, string> = {}, remote?: string) =>
  post(`/api/applications/${ref}/cancel`, payload, headers, remote);
const pay = (ref: string, method: string, headers: Record<string, string> = {}) =>
  post(`/api/applications/${ref}/pay`, { method }, headers);
const view = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/applications/${token}` })).json<{ data: Application }>().data;

/** Presses "pay" on the sandbox's page: the provider has the money; answers where it sends the browser back. */
async function pressPay(page: string): Promise<string> {
  const pressed = await t.app.inject({
    method: 'POST',
    url: page,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    payload: 'outcome=pay',
  });
  expect(pressed.statusCode).toBe(303);
  return String(pressed.headers.location);
}

async function paidOnline(ref: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await pay(ref, 'sandbox', headers);
  expect(res.statusCode, res.body).toBe(200);
  const { next, order_id: orderId } = res.json().data;
  await t.app.inject({ method: 'GET', url: await pressPay(next.url) });
  return orderId;
}

const orderOf = async (orderId: string) =>
  (
    await queryRows<{ status: string; payment_status: string; refunded_minor: number; grand_total_minor: number }>(
      db(),
      sql`select status, payment_status, refunded_minor, grand_total_minor from orders where id = ${orderId}`,
    )
  )[0]!;
const refundJobs = async (orderId: string) =>
  (
    await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from jobs where kind = 'payment-refund' and payload->>'orderId' = ${orderId}`,
    )
  )[0]!.n;
const smsTo = (phone: string) =>
  queryRows<{ body: string }>(
    db(),
    sql`select body from outbox_messages where recipient = ${phone} and channel = 'sms' order by id`,
  );
const moveTo = (a: Application, from: string, to: string) =>
  post(`/api/admin/applications/${a.id}/stage`, { from, to }, owner);

/** The applicant uploads a document (answering `requestId` when given). */
const upload = (ref: string, requestId?: number) => {
  const { payload, contentType } = formData(
    [{ field: 'file', filename: 'id.pdf', type: 'application/pdf', data: PDF }],
    requestId === undefined ? {} : { request_id: String(requestId) },
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/applications/${ref}/documents`,
    payload,
    headers: { 'content-type': contentType },
    remoteAddress: `10.93.0.${++ip % 250}`,
  });
};

describe('cancelling before work starts', () => {
  it('a quote not yet answered: cancelled at once, the history says by whom, the applicant told once', async () => {
    const { app, token, phone } = await newApplication({ slug: quoted.slug });
    expect(app.cancel).toEqual({ action: 'cancel', requested_at: null, request_reason: null });
    const res = await cancel(token, { reason: '  Found another firm  ' });
    expect([res.statusCode, res.json().message]).toEqual([200, applicationTexts.cancelled]);
    const after = res.json<{ data: Application }>().data;
    expect(after.stage).toBe('cancelled');
    expect(after.cancel.action).toBeNull();
    // Its stages: the one it reached, then Cancelled as the current one; none it will never reach.
    expect(after.steps.map((s) => [s.key, s.label, s.completed, s.active])).toEqual([
      ['quote_requested', 'Quote requested', true, false],
      ['cancelled', 'Cancelled', true, true],
    ]);
    expect(after.steps.at(-1)!.at).toMatch(/^\d{4}-/);
    expect(after.history.at(-1)).toMatchObject({
      from: 'quote_requested',
      to: 'cancelled',
      note: `${applicationTexts.cancelledByApplicant}: Found another firm`,
    });
    const [event] = await queryRows<{ actor: string }>(
      db(),
      sql`select actor from application_events where application_id = ${app.id} and to_stage = 'cancelled'`,
    );
    expect(event!.actor).toBe('applicant');
    const sms = await smsTo(phone);
    expect(sms.filter((m) => m.body.includes('is now at: Cancelled'))).toHaveLength(1);
    const again = await cancel(token);
    expect([again.statusCode, again.json().message]).toEqual([409, applicationTexts.cancelEnded]);
  });

  it('once it has ended no document can be added: 409, nothing kept; racing the cancel, an upload is in or refused, never a 500', async () => {
    for (let round = 0; round < 4; round++) {
      const { app, token } = await newApplication();
      expect(app.documents_open).toBe(true);
      const [up, done] = await Promise.all([upload(token), cancel(token)]);
      expect(done.statusCode, done.body).toBe(200);
      expect([200, 409], up.body).toContain(up.statusCode);
      if (up.statusCode === 409) expect(up.json().message).toBe(applicationTexts.documentsClosed);
      const after = await view(token);
      expect(after.documents_open).toBe(false);
      expect(after.documents).toHaveLength(app.documents.length + (up.statusCode === 200 ? 1 : 0));
    }
    const { app, token } = await newApplication();
    expect((await cancel(token)).statusCode).toBe(200);
    const late = await upload(token);
    expect([late.statusCode, late.json().message]).toEqual([409, applicationTexts.documentsClosed]);
    expect((await view(token)).documents).toHaveLength(app.documents.length);
  });

  it('awaiting its fee with a payment started: the fee order is closed with it, and a late payment goes back', async () => {
    const { app, token } = await newApplication();
    const started = await pay(token, 'sandbox');
    const { order_id: orderId, next } = started.json().data;
    const res = await cancel(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderOf(orderId)).toMatchObject({ status: 'cancelled' });
    const [history] = await queryRows<{ actor: string; note: string }>(
      db(),
      sql`select actor, note from order_events where order_id = ${orderId} and to_status = 'cancelled'`,
    );
    expect(history).toEqual({ actor: 'shopper', note: applicationTexts.feeClosedWithApplication });
    // The provider captures it anyway: the money goes back, the application stays cancelled.
    const location = await pressPay(next.url);
    await t.app.inject({ method: 'GET', url: location });
    await deliverSandboxWebhook(t.app, String(next.url).split('/').pop()!);
    const seen = await view(token);
    expect(seen.stage).toBe('cancelled');
    expect(await refundJobs(orderId)).toBe(1);
    expect(app.cancel.action).toBe('cancel');
    // The applicant sees that money coming back, then back.
    const order = await orderOf(orderId);
    expect(seen.fee_refund).toMatchObject({ amount: { amount: order.grand_total_minor }, pending: true });
    await t.app.jobs.runDue();
    expect((await view(token)).fee_refund).toMatchObject({
      amount: { amount: order.grand_total_minor },
      pending: false,
    });
  });

  it('submitted with its fee paid online: of 8 concurrent cancels one wins, the fee refunded once', async () => {
    const { app, token } = await newApplication({ headers: customer });
    const orderId = await paidOnline(app.id, customer);
    expect((await view(token)).stage).toBe('submitted');
    const results = await Promise.all(Array.from({ length: 8 }, () => cancel(app.id, {}, customer)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const won = results.find((r) => r.statusCode === 200)!;
    expect(won.json().message).toBe(applicationTexts.cancelledRefunding);
    // The view says the fee comes back (the storefront's notice and Fee line read it, not the message).
    const order = await orderOf(orderId);
    expect(won.json().data.fee_refund).toMatchObject({ amount: { amount: order.grand_total_minor } });
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect([applicationTexts.cancelEnded, applicationTexts.staleStage]).toContain(r.json().message);
    }
    // refund_pending until the jobs runner (which may already have run) has paid it out.
    expect(['refund_pending', 'refunded']).toContain(order.payment_status);
    expect(order.refunded_minor).toBe(order.grand_total_minor);
    expect(await refundJobs(orderId)).toBe(1);
    const events = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from application_events where application_id = ${app.id} and to_stage = 'cancelled'`,
    );
    expect(events[0]!.n).toBe(1);
  });

  it("a fee order's refund is asked for on its application, never as an order's refund request", async () => {
    const { app } = await newApplication({ headers: customer });
    const orderId = await paidOnline(app.id, customer);
    const [item] = await queryRows<{ id: number }>(db(), sql`select id from order_items where order_id = ${orderId}`);
    const res = await post(
      '/api/orders/refund/request',
      { order_id: orderId, items: [{ item_id: item!.id, quantity: 1 }], reason: 'Changed my mind' },
      customer,
    );
    expect([res.statusCode, res.json().message]).toEqual([409, orderMessages.refundFeeOnApplication]);
    const [asked] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from refund_requests where order_id = ${orderId}`,
    );
    expect(asked!.n).toBe(0);
  });

  it('a payment and a cancel at the same moment end one consistent way: cancelled, any captured fee refunded once', async () => {
    const { token } = await newApplication();
    const started = await pay(token, 'sandbox');
    const { order_id: orderId, next } = started.json().data;
    const session = String(next.url).split('/').pop()!;
    await pressPay(next.url);
    // The provider has the money; its webhook and the applicant's cancel arrive together.
    const [res] = await Promise.all([cancel(token), deliverSandboxWebhook(t.app, session)]);
    expect(res.statusCode, res.body).toBe(200);
    expect((await view(token)).stage).toBe('cancelled');
    const order = await orderOf(orderId);
    expect(['refund_pending', 'refunded']).toContain(order.payment_status);
    expect(await refundJobs(orderId)).toBe(1);
  });

  it('racing the owner cancelling it, or its own Pay in another tab: one wins, the other is told, never a 500', async () => {
    for (let round = 0; round < 4; round++) {
      const { app, token } = await newApplication();
      await pay(token, 'sandbox');
      const [mine, staff] = await Promise.all([cancel(token), moveTo(app, 'awaiting_payment', 'cancelled')]);
      expect([mine.statusCode, staff.statusCode].sort()).toEqual([200, 409]);
      expect((await view(token)).stage).toBe('cancelled');

      const other = await newApplication();
      await pay(other.token, 'sandbox');
      const [cancelled, paying] = await Promise.all([cancel(other.token), pay(other.token, 'cod')]);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect([200, 409]).toContain(paying.statusCode);
      const after = await view(other.token);
      expect(after.stage).toBe('cancelled');
      const [order] = await queryRows<{ status: string }>(
        db(),
        sql`select status from orders where id = (select order_id from applications where id = ${after.id})`,
      );
      expect(order!.status).toBe('cancelled');
    }
  });

  it('a fee paid online with a coupon: cancelled and refunded whole, the coupon use goes back (once)', async () => {
    const code = `C${randomBytes(4).toString('hex').toUpperCase()}`;
    await db().insert(coupons).values({ code, kind: 'percent', value: 10, usageLimit: 1 });
    const { token } = await newApplication();
    const res = await post(`/api/applications/${token}/pay`, { method: 'sandbox', coupon: code });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.inject({ method: 'GET', url: await pressPay(res.json().data.next.url) });
    const used = async () =>
      (await queryRows<{ n: number }>(db(), sql`select used_count as n from coupons where code = ${code}`))[0]!.n;
    expect(await used()).toBe(1);
    const done = await Promise.all([cancel(token), cancel(token)]);
    expect(done.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await used()).toBe(0);
  });

  it('with the fee due in cash: the fee order is closed, nothing to refund', async () => {
    const { app } = await newApplication({ headers: customer });
    const res = await pay(app.id, 'cod', customer);
    expect(res.statusCode, res.body).toBe(200);
    const orderId = res.json().data.order_id;
    const done = await cancel(app.id, {}, customer);
    expect([done.statusCode, done.json().message]).toEqual([200, applicationTexts.cancelled]);
    expect(done.json().data.fee_refund).toBeNull();
    expect(await orderOf(orderId)).toMatchObject({ status: 'cancelled', payment_status: 'cod' });
    expect(await refundJobs(orderId)).toBe(0);
  });

  it('with the fee paid in cash at the office: they ask (the business hands cash back), never a silent "refunded"', async () => {
    const { app } = await newApplication({ headers: customer });
    const orderId = (await pay(app.id, 'cod', customer)).json().data.order_id;
    expect((await post(`/api/admin/applications/${app.id}/fee/mark-paid`, {}, owner)).statusCode).toBe(200);
    const seen = await t.app.inject({ method: 'GET', url: `/api/applications/${app.id}`, headers: customer });
    expect(seen.json().data.cancel.action).toBe('request');
    const bare = await cancel(app.id, {}, customer);
    expect(bare.json().errors.reason).toEqual([applicationTexts.cancelReasonRequired]);
    const asked = await cancel(app.id, { reason: 'Cannot come to the office' }, customer);
    expect([asked.statusCode, asked.json().data.stage]).toEqual([200, 'submitted']);
    expect(await orderOf(orderId)).toMatchObject({ payment_status: 'paid', refunded_minor: 0 });
    await setStoreSetting(db(), 'enable_refund', false);
    const declined = await post(`/api/admin/applications/${app.id}/cancel-request/decline`, {}, owner);
    expect(declined.statusCode).toBe(200);
    const off = await cancel(app.id, { reason: 'Again' }, customer);
    expect([off.statusCode, off.json().message]).toEqual([409, applicationTexts.cancelSettleWithUs]);
  });

  it('a retry with the same Idempotency-Key answers the same, and changes nothing twice', async () => {
    const { app, token } = await newApplication();
    const headers = { 'idempotency-key': `cancel-${app.id}` };
    const first = await cancel(token, {}, headers, '10.93.0.1');
    const second = await cancel(token, {}, headers, '10.93.0.1');
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json()).toEqual(first.json());
    const [n] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from application_events where application_id = ${app.id} and to_stage = 'cancelled'`,
    );
    expect(n!.n).toBe(1);
  });

  it('refused when the shop does not let orders be cancelled', async () => {
    await setStoreSetting(db(), 'enable_cancel_order', false);
    const { token } = await newApplication();
    expect((await view(token)).cancel.action).toBeNull();
    const res = await cancel(token);
    expect([res.statusCode, res.json().message]).toEqual([409, applicationTexts.cancelOff]);
    expect((await view(token)).stage).toBe('awaiting_payment');
  });

  it('nobody else can cancel it: another customer and a wrong link are 404; a bad reason is 422', async () => {
    const { app, token } = await newApplication({ headers: customer });
    const other = sessionHeaders((await loggedInCustomer(t)).cookie);
    expect((await cancel(app.id, {}, other)).statusCode).toBe(404);
    expect((await cancel(app.id)).statusCode).toBe(404);
    expect((await cancel(`${token.slice(0, -2)}xx`)).statusCode).toBe(404);
    const long = await cancel(token, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.reason).toEqual([messages.maxLength(500)]);
    expect((await cancel(token, { reason: 5 })).statusCode).toBe(422);
    // Its tracking link (which its number and phone give anyone) does not end an account's application.
    const byLink = await cancel(token);
    expect([byLink.statusCode, byLink.json().message]).toEqual([401, applicationTexts.cancelSignIn]);
    expect((await cancel(token, {}, other)).statusCode).toBe(401);
    expect((await cancel(token, { other: 1 })).statusCode).toBe(422);
    expect((await view(token)).stage).toBe('awaiting_payment');
  });
});

describe('limits', () => {
  it(`one address may send ${APPLICATION_CANCEL_RATE_LIMIT.max} cancels in ${APPLICATION_CANCEL_RATE_LIMIT.timeWindow}, then 429`, async () => {
    const { token } = await newApplication();
    const codes: number[] = [];
    for (let i = 0; i <= APPLICATION_CANCEL_RATE_LIMIT.max; i++) {
      codes.push((await cancel(token, { reason: 'x'.repeat(501) }, {}, '10.94.0.1')).statusCode);
    }
    expect(codes.at(-1)).toBe(429);
    expect(codes.slice(0, -1).every((c) => c === 422)).toBe(true);
  });
  it(`one address may send ${APPLICATION_MESSAGE_RATE_LIMIT.max} messages in ${APPLICATION_MESSAGE_RATE_LIMIT.timeWindow}, then 429`, async () => {
    const { token } = await newApplication();
    const codes: number[] = [];
    for (let i = 0; i <= APPLICATION_MESSAGE_RATE_LIMIT.max; i++) {
      codes.push(
        (await post(`/api/applications/${token}/messages`, { body: `Note ${i}` }, {}, '10.94.0.2')).statusCode,
      );
    }
    expect(codes.at(-1)).toBe(429);
    expect(codes.slice(0, -1).every((c) => c === 200)).toBe(true);
    // Another address is not held back by it.
    expect(
      (await post(`/api/applications/${token}/messages`, { body: 'Still here' }, {}, '10.94.0.3')).statusCode,
    ).toBe(200);
  });
});

describe('asking to cancel once work has started', () => {
  async function startedWork() {
    const made = await newApplication({ headers: customer });
    await paidOnline(made.app.id, customer);
    const moved = await moveTo(made.app, 'submitted', 'verified');
    expect(moved.statusCode, moved.body).toBe(200);
    return made;
  }

  it('asks with a reason, once; the thread has it; the inbox marks it; the owner declines and it can be asked again', async () => {
    const { app, token } = await startedWork();
    expect((await view(token)).cancel).toEqual({ action: 'request', requested_at: null, request_reason: null });
    const bare = await cancel(app.id, {}, customer);
    expect(bare.statusCode).toBe(422);
    expect(bare.body).toContain(applicationTexts.cancelReasonRequired);

    const asked = await cancel(app.id, { reason: 'My plans changed' }, customer);
    expect([asked.statusCode, asked.json().message]).toEqual([200, applicationTexts.cancelRequested]);
    const seen = asked.json<{ data: Application }>().data;
    expect(seen.stage).toBe('verified');
    expect(seen.cancel.action).toBeNull();
    expect(seen.cancel.request_reason).toBe('My plans changed');
    expect(seen.cancel.requested_at).toMatch(/^\d{4}-/);
    expect(seen.messages.at(-1)).toMatchObject({
      author: 'applicant',
      body: applicationTexts.cancelRequestMessage('My plans changed'),
    });
    const twice = await cancel(app.id, { reason: 'Again' }, customer);
    expect([twice.statusCode, twice.json().message]).toEqual([409, applicationTexts.cancelAlreadyRequested]);

    // The staff who follow orders are told once per request, with a link to the application.
    const alerts = () =>
      queryRows<{ body: string }>(
        db(),
        sql`select body from outbox_messages where channel = 'email' and subject = ${`${app.application_no}: asked to cancel`}`,
      );
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const told = await alerts();
    expect(told.length).toBeGreaterThan(0);
    expect(told[0]!.body).toContain('asks to cancel application');
    expect(told[0]!.body).toContain('My plans changed');
    expect(told[0]!.body).toContain(`/admin/applications/${app.id}`);

    const inbox = await t.app.inject({
      method: 'GET',
      url: `/api/admin/applications?service=${service.id}`,
      headers: owner,
    });
    const row = inbox.json().data.applications.find((r: { id: string }) => r.id === app.id);
    expect(row.cancel_requested).toBe(true);

    const declines = await Promise.all([
      post(`/api/admin/applications/${app.id}/cancel-request/decline`, { note: 'Filing is under way.' }, owner),
      post(`/api/admin/applications/${app.id}/cancel-request/decline`, { note: 'Filing is under way.' }, owner),
    ]);
    expect(declines.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const staff = declines.find((r) => r.statusCode === 200)!.json<{ data: AdminApplication }>().data;
    expect(staff.cancel).toEqual({ action: 'request', requested_at: null, request_reason: null });
    expect(staff.messages.at(-1)).toMatchObject({
      author: 'staff',
      body: applicationTexts.cancelDeclinedMessage('Filing is under way.'),
    });
    const refused = declines.find((r) => r.statusCode === 409)!;
    expect(refused.json().message).toBe(applicationTexts.noCancelRequest);
    // The applicant is told of the answer once, as of any staff message.
    const answers = await queryRows<{ body: string }>(
      db(),
      sql`select body from outbox_messages
           where recipient in (select email from applications where id = ${app.id}
                               union select phone from applications where id = ${app.id})
             and body like ${'%we wrote:%Filing is under way.%'}`,
    );
    expect(answers).toHaveLength(1);
    expect((await cancel(app.id, { reason: 'Please, it is urgent' }, customer)).statusCode).toBe(200);
    await t.app.jobs.runDue();
    expect((await alerts()).length).toBe(told.length * 2);
  });

  it('an application without a fee order (work started on a quote not yet paid): staff are still told, once', async () => {
    const { app } = await newApplication({ headers: customer, slug: quoted.slug });
    const moved = await moveTo(app, 'quote_requested', 'verified');
    expect(moved.statusCode, moved.body).toBe(200);
    const asked = await cancel(app.id, { reason: 'No longer needed' }, customer);
    expect(asked.statusCode, asked.body).toBe(200);
    const [noFee] = await queryRows<{ order_id: string | null }>(
      db(),
      sql`select order_id from applications where id = ${app.id}`,
    );
    expect(noFee!.order_id).toBeNull();
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const told = await queryRows<{ body: string }>(
      db(),
      sql`select body from outbox_messages where channel = 'email' and subject = ${`${app.application_no}: asked to cancel`}`,
    );
    expect(told.length).toBeGreaterThan(0);
    expect(told[0]!.body).toContain('No longer needed');
    expect(told[0]!.body).toContain(`/admin/applications/${app.id}`);
    await t.app.jobs.runDue();
    const again = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from outbox_messages where channel = 'email' and subject = ${`${app.application_no}: asked to cancel`}`,
    );
    expect(again[0]!.n).toBe(told.length);
  });

  it('the owner accepts by refunding the fee and cancelling: the request is gone with it', async () => {
    const { app, token } = await startedWork();
    await cancel(app.id, { reason: 'Moving abroad' }, customer);
    const refund = await post(`/api/admin/applications/${app.id}/fee/refund`, { cancel_application: true }, owner);
    expect(refund.statusCode, refund.body).toBe(200);
    const after = await view(token);
    expect(after.stage).toBe('cancelled');
    expect(after.cancel).toEqual({ action: null, requested_at: null, request_reason: null });
    const inbox = await t.app.inject({
      method: 'GET',
      url: `/api/admin/applications?service=${service.id}`,
      headers: owner,
    });
    expect(inbox.json().data.applications.find((r: { id: string }) => r.id === app.id).cancel_requested).toBe(false);
  });

  it('completed: no more documents, neither asked for by staff nor uploaded, even to answer an open request', async () => {
    const { app, token } = await startedWork();
    const asked = await post(`/api/admin/applications/${app.id}/document-requests`, { what: 'PAN card' }, owner);
    expect(asked.statusCode, asked.body).toBe(200);
    const requestId = asked.json<{ data: { document_requests: { id: number }[] } }>().data.document_requests[0]!.id;
    expect((await moveTo(app, 'verified', 'completed')).statusCode).toBe(200);
    const seen = await view(token);
    expect([seen.stage, seen.documents_open]).toEqual(['completed', false]);
    const late = await upload(token, requestId);
    expect([late.statusCode, late.json().message]).toEqual([409, applicationTexts.documentsClosed]);
    expect((await view(token)).documents).toHaveLength(seen.documents.length);
    const again = await post(`/api/admin/applications/${app.id}/document-requests`, { what: 'Aadhaar' }, owner);
    expect([again.statusCode, again.json().message]).toEqual([409, applicationTexts.documentRequestClosed]);
    const missing = await post(`/api/admin/applications/AP-404404/document-requests`, { what: 'Aadhaar' }, owner);
    expect(missing.statusCode).toBe(404);
  });

  it('refused when the shop offers no refunds, and once the application is completed', async () => {
    const { app, token } = await startedWork();
    await setStoreSetting(db(), 'enable_refund', false);
    expect((await view(token)).cancel.action).toBeNull();
    const off = await cancel(app.id, { reason: 'Changed my mind' }, customer);
    expect([off.statusCode, off.json().message]).toEqual([409, applicationTexts.cancelAskOff]);
    await setStoreSetting(db(), 'enable_refund', true);
    expect((await moveTo(app, 'verified', 'completed')).statusCode).toBe(200);
    const ended = await cancel(app.id, { reason: 'Changed my mind' }, customer);
    expect([ended.statusCode, ended.json().message]).toEqual([409, applicationTexts.cancelEnded]);
  });

  it('asking for a document by role: owner, manager and packer may; a content editor is 403; no session is 401', async () => {
    const { app } = await startedWork();
    const url = `/api/admin/applications/${app.id}/document-requests`;
    expect((await post(url, { what: 'PAN card' })).statusCode).toBe(401);
    for (const role of STAFF_ROLES) {
      const { headers } = await signedInOwner(t, role);
      const res = await post(url, { what: `PAN card for ${role}` }, headers);
      expect([role, res.statusCode]).toEqual([role, role === 'content_editor' ? 403 : 200]);
    }
    // Only the allowed roles' requests were made: the content editor's and the anonymous one were not.
    const seen = await t.app.inject({ method: 'GET', url: `/api/admin/applications/${app.id}`, headers: owner });
    const asked = seen.json<{ data: { document_requests: { what: string }[] } }>().data.document_requests;
    expect(asked.map((r) => r.what).sort()).toEqual(
      STAFF_ROLES.filter((r) => r !== 'content_editor')
        .map((r) => `PAN card for ${r}`)
        .sort(),
    );
  });

  it('declining by role: owner, manager and packer may; a content editor is 403; no session is 401; none open is 409', async () => {
    const { app } = await startedWork();
    const url = `/api/admin/applications/${app.id}/cancel-request/decline`;
    expect((await post(url, {})).statusCode).toBe(401);
    for (const role of STAFF_ROLES) {
      await cancel(app.id, { reason: `Asked before ${role}` }, customer);
      const { headers } = await signedInOwner(t, role);
      const res = await post(url, {}, headers);
      expect([role, res.statusCode]).toEqual([role, role === 'content_editor' ? 403 : 200]);
      if (res.statusCode === 403) await post(url, {}, owner);
    }
    const none = await post(url, {}, owner);
    expect([none.statusCode, none.json().message]).toEqual([409, applicationTexts.noCancelRequest]);
    expect((await post('/api/admin/applications/app_nothing/cancel-request/decline', {}, owner)).statusCode).toBe(404);
  });
});
