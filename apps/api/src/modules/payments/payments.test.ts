import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMessages, type Order } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addressSource, loggedInCustomer, uniqueEmail } from '../../test/auth.ts';
import { testBrowser, type TestBrowser } from '../../test/browser.ts';
import { buyableVariants, placeOrder, placedOf, readyCart, setStock, stockOf } from '../../test/checkout.ts';
import { SANDBOX_SIGNATURE_HEADER, sandboxKey, signWebhook } from './providers/sandbox.ts';
import { deliverSandboxWebhook, finishSession } from './sandbox-gateway.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { JobFailedForGood } from '../jobs/registry.ts';
import { expireReservations, markPaid, runRefund } from './service.ts';

let t: TestApp;
/** Variants with stock, one per test that counts stock (tests never share a variant's stock). */
let variants: string[];
let next = 0;
const variant = () => variants[next++]!;

beforeAll(async () => {
  t = await createTestApp();
  variants = await buyableVariants(t.database.db, 1, 30);
  expect(variants.length).toBeGreaterThanOrEqual(20);
});
afterAll(() => t.close());

const db = () => t.database.db;
/** Each shopper browses from an address of their own (per-address limits, as on the cart's contact step). */
const nextAddress = addressSource(61);
/** The shop's origin as app.inject addresses it (what a browser sends as Origin). */
const ORIGIN = 'http://localhost:80';

interface Placed {
  b: TestBrowser;
  order: Order;
  /** The sandbox's payment page (the redirect place-order answered). */
  payPage: string;
  email: string;
}

/** A guest places an order of `qty` × `variantId` paid with the sandbox, through the cart and place-order. */
async function placeOnline(
  variantId: string,
  qty = 1,
  b: TestBrowser = testBrowser(t.app, { ip: nextAddress() }),
): Promise<Placed> {
  await readyCart(t, b, { lines: [[variantId, qty]], payment: 'sandbox' });
  const email = uniqueEmail();
  const contact = await b.call('PUT', '/api/cart/update-contact', { email });
  expect(contact.statusCode, contact.body).toBe(200);
  const res = await placeOrder(b, contact.json().data);
  expect(res.statusCode, res.body).toBe(200);
  const placed = placedOf(res);
  expect(placed.order.status).toBe('awaiting_payment');
  if (placed.next.type !== 'redirect') throw new Error(`expected a redirect, got ${JSON.stringify(placed.next)}`);
  return { b, order: placed.order, payPage: placed.next.url, email };
}

/** Presses a button on the sandbox's page (a plain form post from the shop's origin, with the shopper's cookies). */
function press(p: Placed, outcome: 'pay' | 'fail' | 'cancel', headers: Record<string, string> = {}) {
  const cookie = [...p.b.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  return t.app.inject({
    method: 'POST',
    url: p.payPage,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, cookie, ...headers },
    payload: `outcome=${outcome}`,
  });
}

/** Follows a redirect to the shop's GET /api/checkout/complete (as the shopper's browser does). */
const follow = (location: string) => t.app.inject({ method: 'GET', url: location });

async function orderRow(id: string) {
  const [row] = await queryRows<{
    status: string;
    payment_status: string;
    stock_reserved: boolean;
    reserved_until: string | null;
    paid_at: string | null;
    refunded_minor: number;
    grand_total_minor: number;
    payment_method_code: string;
    cod_fee_minor: number;
  }>(
    db(),
    sql`select status, payment_status, stock_reserved, reserved_until, paid_at, refunded_minor, grand_total_minor,
               payment_method_code, cod_fee_minor
          from orders where id = ${id}`,
  );
  return row!;
}

/** The order's history as [from, to] pairs, oldest first. */
const history = async (id: string) =>
  (
    await queryRows<{ from_status: string | null; to_status: string }>(
      db(),
      sql`select from_status, to_status from order_events where order_id = ${id} order by id`,
    )
  ).map((e) => [e.from_status, e.to_status]);

/** 'order-message' jobs queued for the order's history rows moving to `to`. */
const messageJobs = async (id: string, to: string) =>
  (
    await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from jobs j join order_events e on e.id = (j.payload->>'eventId')::int
           where j.kind = 'order-message' and e.order_id = ${id} and e.to_status = ${to}`,
    )
  )[0]!.n;

const payments = (id: string) =>
  queryRows<{ provider: string; status: string; amount_minor: number; refunded_minor: number }>(
    db(),
    sql`select provider, status, amount_minor, refunded_minor from payments where order_id = ${id} order by created_at`,
  );

/** The payment that paid the order (markPaid records it). */
const paidPaymentId = async (id: string) =>
  (await queryRows<{ id: string }>(db(), sql`select paid_payment_id as id from orders where id = ${id}`))[0]!.id;

/** Makes the order's reservation run out now. */
const expireNow = (id: string) =>
  queryRows(db(), sql`update orders set reserved_until = now() - interval '1 minute' where id = ${id}`);

describe('the sandbox gateway', () => {
  it('shows its own payment page: shop, amount, order number and three buttons in a form, no script', async () => {
    const p = await placeOnline(variant());
    expect(p.payPage).toMatch(/^\/sandbox-gateway\/pay\/sbs_[A-Za-z0-9_-]{32}$/);
    const res = await t.app.inject({ method: 'GET', url: p.payPage });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    const html = res.body;
    expect(html).toContain('Loom &amp; Leaf');
    expect(html).toContain(p.order.order_no);
    expect(html).toContain(p.order.grand_total.formatted);
    expect(html).toContain(`<form method="post" action="${p.payPage}">`);
    for (const value of ['pay', 'fail', 'cancel']) expect(html).toContain(`name="outcome" value="${value}"`);
    expect(html).not.toMatch(/<script/i);
    // CSP-safe: the one style element carries the response's nonce.
    const nonce = /<style nonce="([^"]+)">/.exec(html)?.[1];
    expect(nonce).toBeTruthy();
    expect(String(res.headers['content-security-policy'])).toContain(`'nonce-${nonce}'`);

    const missing = await t.app.inject({ method: 'GET', url: '/sandbox-gateway/pay/sbs_nothing' });
    expect(missing.statusCode).toBe(404);
  });

  it('pay: back to the shop with a signed return, the order confirmed and paid; the webhook after it changes nothing', async () => {
    const v = variant();
    await setStock(db(), v, 5);
    const p = await placeOnline(v, 2);
    expect(await stockOf(db(), v)).toBe(3);

    const pressed = await press(p, 'pay');
    expect(pressed.statusCode).toBe(303);
    const location = String(pressed.headers.location);
    expect(location).toMatch(/^\/api\/checkout\/complete\?token=sbs_[^&]+&order_id=ord_[^&]+&type=success$/);

    const back = await follow(location);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/checkout-complete?order=${encodeURIComponent(p.order.id)}`);
    const row = await orderRow(p.order.id);
    expect(row).toMatchObject({
      status: 'confirmed',
      payment_status: 'paid',
      reserved_until: null,
      stock_reserved: true,
    });
    expect(row.paid_at).not.toBeNull();
    expect(await stockOf(db(), v)).toBe(3);
    expect(await payments(p.order.id)).toEqual([
      { provider: 'sandbox', status: 'paid', amount_minor: p.order.grand_total.amount, refunded_minor: 0 },
    ]);

    // The webhook the page queued arrives later (the jobs queue delivers it through the real route).
    await t.app.jobs.runDue();
    const done = await queryRows<{ status: string; attempts: number }>(
      db(),
      sql`select status, attempts from jobs where kind = 'sandbox-webhook' and payload->>'sessionId' = ${p.payPage.split('/').pop()!}`,
    );
    expect(done).toEqual([{ status: 'done', attempts: 1 }]);
    expect(await history(p.order.id)).toEqual([
      [null, 'awaiting_payment'],
      ['awaiting_payment', 'confirmed'],
    ]);
    expect(await messageJobs(p.order.id, 'confirmed')).toBe(1);

    // The page of a finished session shows its result and the way back.
    const page = await t.app.inject({ method: 'GET', url: p.payPage });
    expect(page.body).toContain('Payment successful.');
    expect(page.body).not.toContain('name="outcome" value="pay"');
    // Pressing again (a double submit) changes nothing and goes back the same way.
    const again = await press(p, 'fail');
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(location);
    expect((await orderRow(p.order.id)).status).toBe('confirmed');
  });

  it('webhook delivered 3 times while the return redirect races it: paid once, one confirmation message', async () => {
    const p = await placeOnline(variant());
    const pressed = await press(p, 'pay');
    const location = String(pressed.headers.location);
    const sessionId = p.payPage.split('/').pop()!;

    const [ret] = await Promise.all([
      follow(location),
      deliverSandboxWebhook(t.app, sessionId),
      deliverSandboxWebhook(t.app, sessionId),
      deliverSandboxWebhook(t.app, sessionId),
      follow(location),
    ]);
    expect(ret.headers.location).toBe(`/checkout-complete?order=${encodeURIComponent(p.order.id)}`);
    await t.app.jobs.runDue();

    expect(await history(p.order.id)).toEqual([
      [null, 'awaiting_payment'],
      ['awaiting_payment', 'confirmed'],
    ]);
    expect(await messageJobs(p.order.id, 'confirmed')).toBe(1);
    expect(await payments(p.order.id)).toMatchObject([{ status: 'paid' }]);
    const told = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from outbox_messages where recipient = ${p.email}`,
    );
    expect(told[0]!.n).toBe(1);
  });

  it('fail and cancel: the shopper lands on the failed page, the order is payment_failed and its stock is back', async () => {
    for (const outcome of ['fail', 'cancel'] as const) {
      const v = variant();
      await setStock(db(), v, 4);
      const p = await placeOnline(v, 3);
      expect(await stockOf(db(), v)).toBe(1);
      const pressed = await press(p, outcome);
      expect(String(pressed.headers.location)).toMatch(outcome === 'fail' ? /type=failed$/ : /type=cancelled$/);
      const back = await follow(String(pressed.headers.location));
      // A cancel is told as such (the failed page words it so).
      expect(back.headers.location).toBe(
        `/checkout-failed?order=${encodeURIComponent(p.order.id)}${outcome === 'cancel' ? '&reason=cancelled' : ''}`,
      );
      expect(await orderRow(p.order.id)).toMatchObject({
        status: 'payment_failed',
        payment_status: 'failed',
        stock_reserved: false,
      });
      expect(await stockOf(db(), v)).toBe(4);
      expect(await payments(p.order.id)).toMatchObject([{ status: 'failed' }]);
      // The webhook says the same: nothing more happens.
      await t.app.jobs.runDue();
      expect(await history(p.order.id)).toEqual([
        [null, 'awaiting_payment'],
        ['awaiting_payment', 'payment_failed'],
      ]);
    }
  });

  it('a return whose signature does not hold goes to the failed page and changes nothing (never a 500)', async () => {
    const p = await placeOnline(variant());
    const pressed = await press(p, 'pay');
    const location = new URL(String(pressed.headers.location), ORIGIN);
    const token = location.searchParams.get('token')!;
    const tampered = [
      { token: token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'), type: 'success' },
      { token, type: 'failed' },
      { token: 'x', type: 'success' },
      { token: '', type: '' },
      { token: `${token}.${token}`, type: 'success' },
    ];
    for (const q of tampered) {
      const res = await follow(
        `/api/checkout/complete?${new URLSearchParams({ token: q.token, order_id: p.order.id, type: q.type })}`,
      );
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/checkout-failed?order=${encodeURIComponent(p.order.id)}`);
    }
    // Another order's id under this token is refused too.
    const other = await follow(
      `/api/checkout/complete?${new URLSearchParams({ token, order_id: 'ord_someone_else', type: 'success' })}`,
    );
    expect(other.headers.location).toBe('/checkout-failed?order=ord_someone_else');
    expect((await follow('/api/checkout/complete')).statusCode).toBe(303);
    expect(await orderRow(p.order.id)).toMatchObject({ status: 'awaiting_payment', payment_status: 'pending' });
    expect(await payments(p.order.id)).toMatchObject([{ status: 'created' }]);
  });

  it('delivers its webhook through the jobs queue: after the configured delay, retried until the shop takes it', async () => {
    const p = await placeOnline(variant());
    const sessionId = p.payPage.split('/').pop()!;
    // The shopper pays and closes the tab: only the webhook will tell the shop.
    const { changed } = await finishSession(db(), sessionId, 'pay', 60_000);
    expect(changed).toBe(true);
    const job = async () =>
      (
        await queryRows<{ status: string; attempts: number; last_error: string | null; wait_s: number }>(
          db(),
          sql`select status, attempts, last_error, extract(epoch from run_at - now())::int as wait_s
                from jobs where kind = 'sandbox-webhook' and payload->>'sessionId' = ${sessionId}`,
        )
      )[0]!;
    expect((await job()).wait_s).toBeGreaterThanOrEqual(55);
    await t.app.jobs.runDue();
    expect((await job()).attempts).toBe(0);
    expect((await orderRow(p.order.id)).status).toBe('awaiting_payment');

    // Due now, but the shop's endpoint answers 404 (say, a deploy in progress): retried later.
    await queryRows(
      db(),
      sql`update sandbox_sessions set webhook_path = '/api/payments/webhook/nowhere' where id = ${sessionId}`,
    );
    await queryRows(
      db(),
      sql`update jobs set run_at = now() where kind = 'sandbox-webhook' and payload->>'sessionId' = ${sessionId}`,
    );
    await t.app.jobs.runDue();
    const failed = await job();
    expect(failed).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'sandbox webhook: the shop answered 404',
    });
    expect(failed.wait_s).toBeGreaterThan(0);
    expect((await orderRow(p.order.id)).status).toBe('awaiting_payment');

    await queryRows(
      db(),
      sql`update sandbox_sessions set webhook_path = '/api/payments/webhook/sandbox' where id = ${sessionId}`,
    );
    await queryRows(
      db(),
      sql`update jobs set run_at = now() where kind = 'sandbox-webhook' and payload->>'sessionId' = ${sessionId}`,
    );
    await t.app.jobs.runDue();
    expect(await job()).toMatchObject({ status: 'done', attempts: 2 });
    expect(await orderRow(p.order.id)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    expect(await messageJobs(p.order.id, 'confirmed')).toBe(1);
  });

  it('refuses a form posted from another site', async () => {
    const p = await placeOnline(variant());
    const cross = await press(p, 'pay', { origin: 'https://evil.example' });
    expect(cross.statusCode).toBe(403);
    const fetchSite = await press(p, 'pay', { origin: '', 'sec-fetch-site': 'cross-site' });
    expect(fetchSite.statusCode).toBe(403);
    const page = await t.app.inject({ method: 'GET', url: p.payPage });
    expect(page.body).toContain('name="outcome" value="pay"');
  });
});

describe('the sandbox webhook route', () => {
  const post = (body: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/sandbox',
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    });

  it('refuses a body whose signature does not hold, a stale one and an unsigned one; unknown providers are 404', async () => {
    const key = await sandboxKey(db(), t.app.env);
    const body = JSON.stringify({ id: 'evt_1', type: 'payment.succeeded', data: {} });
    const now = Math.floor(Date.now() / 1000);
    expect((await post(body, { [SANDBOX_SIGNATURE_HEADER]: signWebhook(key, body, now) })).statusCode).toBe(200);
    const wrong = await post(`${body} `, { [SANDBOX_SIGNATURE_HEADER]: signWebhook(key, body, now) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(orderMessages.paymentSignatureInvalid);
    expect((await post(body, { [SANDBOX_SIGNATURE_HEADER]: signWebhook(key, body, now - 3600) })).statusCode).toBe(400);
    expect((await post(body, {})).statusCode).toBe(400);
    // Razorpay is not configured in this shop.
    for (const provider of ['razorpay', 'other']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/payments/webhook/${provider}`, payload: body });
      expect(res.statusCode).toBe(404);
    }
    // Larger than any notification: refused before it is read.
    const big = await post('x'.repeat(70 * 1024), { [SANDBOX_SIGNATURE_HEADER]: signWebhook(key, body, now) });
    expect(big.statusCode).toBe(413);
  });

  it('a paid webhook for the wrong amount never confirms: the order fails and the money is refunded', async () => {
    const v = variant();
    await setStock(db(), v, 3);
    const p = await placeOnline(v, 1);
    const sessionId = p.payPage.split('/').pop()!;
    const key = await sandboxKey(db(), t.app.env);
    const body = JSON.stringify({
      id: `evt_${sessionId}_paid`,
      type: 'payment.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: { session_id: sessionId, amount_minor: 100, currency: 'INR', payment_id: 'sbp_short' },
    });
    const res = await post(body, { [SANDBOX_SIGNATURE_HEADER]: signWebhook(key, body, Math.floor(Date.now() / 1000)) });
    expect(res.statusCode).toBe(200);
    expect(await orderRow(p.order.id)).toMatchObject({ status: 'payment_failed', payment_status: 'refund_pending' });
    expect(await stockOf(db(), v)).toBe(3);
    const [job] = await queryRows<{ payload: Record<string, unknown> }>(
      db(),
      sql`select payload from jobs where kind = 'payment-refund' and payload->>'orderId' = ${p.order.id}`,
    );
    expect(job!.payload).toMatchObject({ amountMinor: 100, reason: 'amount-mismatch' });
  });
});

describe('reservations', () => {
  it('an order whose reservation runs out gives its stock back and is payment_failed', async () => {
    const v = variant();
    await setStock(db(), v, 6);
    const p = await placeOnline(v, 4);
    expect(await stockOf(db(), v)).toBe(2);
    expect(await expireReservations(db())).toBe(0);
    await expireNow(p.order.id);
    expect(await expireReservations(db())).toBeGreaterThanOrEqual(1);
    expect(await orderRow(p.order.id)).toMatchObject({
      status: 'payment_failed',
      payment_status: 'failed',
      stock_reserved: false,
      reserved_until: null,
    });
    expect(await stockOf(db(), v)).toBe(6);
    // Once only: a second sweep finds nothing of it.
    await expireReservations(db());
    expect(await stockOf(db(), v)).toBe(6);
    expect(await messageJobs(p.order.id, 'payment_failed')).toBe(1);
  });

  it('runs as the recurring payment-reservations job', async () => {
    const v = variant();
    await setStock(db(), v, 2);
    const p = await placeOnline(v, 2);
    await expireNow(p.order.id);
    await queryRows(
      db(),
      sql`update jobs set run_at = now() where kind = 'payment-reservations' and status = 'pending'`,
    );
    await t.app.jobs.runDue();
    expect((await orderRow(p.order.id)).status).toBe('payment_failed');
    expect(await stockOf(db(), v)).toBe(2);
    const [nextRun] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from jobs where kind = 'payment-reservations' and status = 'pending'`,
    );
    expect(nextRun!.n).toBe(1);
  });

  it('a payment after the reservation ran out takes the stock again when it is there, and confirms', async () => {
    const v = variant();
    await setStock(db(), v, 3);
    const p = await placeOnline(v, 2);
    await expireNow(p.order.id);
    await expireReservations(db());
    expect(await stockOf(db(), v)).toBe(3);

    const pressed = await press(p, 'pay');
    const back = await follow(String(pressed.headers.location));
    expect(back.headers.location).toBe(`/checkout-complete?order=${encodeURIComponent(p.order.id)}`);
    expect(await orderRow(p.order.id)).toMatchObject({
      status: 'confirmed',
      payment_status: 'paid',
      stock_reserved: true,
    });
    expect(await stockOf(db(), v)).toBe(1);
    await t.app.jobs.runDue();
    expect(await history(p.order.id)).toEqual([
      [null, 'awaiting_payment'],
      ['awaiting_payment', 'payment_failed'],
      ['payment_failed', 'confirmed'],
    ]);
    expect(await messageJobs(p.order.id, 'confirmed')).toBe(1);
  });

  it('the reservation running out just as the payment arrives: paid once, the stock taken once', async () => {
    for (let i = 0; i < 3; i++) {
      const v = variant();
      await setStock(db(), v, 2);
      const p = await placeOnline(v, 1);
      const location = String((await press(p, 'pay')).headers.location);
      await expireNow(p.order.id);
      await Promise.all([
        expireReservations(db()),
        follow(location),
        deliverSandboxWebhook(t.app, p.payPage.split('/').pop()!),
        expireReservations(db()),
      ]);
      await t.app.jobs.runDue();
      expect(await orderRow(p.order.id)).toMatchObject({
        status: 'confirmed',
        payment_status: 'paid',
        stock_reserved: true,
      });
      expect(await stockOf(db(), v)).toBe(1);
      expect(await messageJobs(p.order.id, 'confirmed')).toBe(1);
    }
  });

  it('a payment after the reservation ran out and the stock sold: refunded, never lost', async () => {
    const v = variant();
    await setStock(db(), v, 2);
    const p = await placeOnline(v, 2);
    await expireNow(p.order.id);
    await expireReservations(db());
    await setStock(db(), v, 1); // someone else bought one meanwhile

    const pressed = await press(p, 'pay');
    const back = await follow(String(pressed.headers.location));
    expect(back.headers.location).toBe(`/checkout-failed?order=${encodeURIComponent(p.order.id)}`);
    expect(await orderRow(p.order.id)).toMatchObject({ status: 'payment_failed', payment_status: 'refund_pending' });
    expect(await stockOf(db(), v)).toBe(1);
    const [job] = await queryRows<{ payload: Record<string, unknown>; status: string }>(
      db(),
      sql`select payload, status from jobs where kind = 'payment-refund' and payload->>'orderId' = ${p.order.id}`,
    );
    expect(job).toMatchObject({ status: 'pending', payload: { reason: 'late-payment-stock-gone' } });

    // The refund job pays it back through the sandbox, once, and the order says so. The money
    // never paid the order: it is counted on its payment, not in the order's refunded amount.
    await t.app.jobs.runDue();
    const total = p.order.grand_total.amount;
    expect(await orderRow(p.order.id)).toMatchObject({ payment_status: 'refunded', refunded_minor: 0 });
    expect(await payments(p.order.id)).toEqual([
      { provider: 'sandbox', status: 'refunded', amount_minor: total, refunded_minor: total },
    ]);
    const sandboxRefunds = await queryRows<{ amount_minor: number }>(
      db(),
      sql`select r.amount_minor from sandbox_refunds r join sandbox_sessions s on s.id = r.session_id
           where s.order_id = ${p.order.id}`,
    );
    expect(sandboxRefunds).toEqual([{ amount_minor: total }]);
    // The same payment reported again (a late webhook): nothing more.
    await deliverSandboxWebhook(t.app, p.payPage.split('/').pop()!);
    await t.app.jobs.runDue();
    expect(await payments(p.order.id)).toMatchObject([{ refunded_minor: total }]);
    expect((await orderRow(p.order.id)).status).toBe('payment_failed');
  });
});

describe('process-payment', () => {
  it("another shopper's order is not found", async () => {
    const p = await placeOnline(variant());
    const stranger = testBrowser(t.app);
    const res = await stranger.call('POST', '/api/checkout/process-payment', { order_id: p.order.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(orderMessages.orderNotFound);
    const customer = await loggedInCustomer(t);
    const asCustomer = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/process-payment',
      headers: { ...customer.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ order_id: p.order.id, method: 'cod' }),
    });
    expect(asCustomer.statusCode).toBe(404);
    expect((await orderRow(p.order.id)).status).toBe('awaiting_payment');
  });

  it('retries a failed payment on the same order: stock taken again, awaiting payment, a new sandbox page', async () => {
    const v = variant();
    await setStock(db(), v, 2);
    const p = await placeOnline(v, 2);
    await follow(String((await press(p, 'fail')).headers.location));
    expect(await stockOf(db(), v)).toBe(2);

    const res = await p.b.call('POST', '/api/checkout/process-payment', { order_id: p.order.id });
    expect(res.statusCode, res.body).toBe(200);
    const { order, next } = placedOf(res);
    expect(order).toMatchObject({ status: 'awaiting_payment', payment_status: 'pending', can_retry_payment: true });
    expect(order.reserved_until).not.toBeNull();
    expect(next.type).toBe('redirect');
    const retryPage = (next as { url: string }).url;
    expect(retryPage).not.toBe(p.payPage);
    expect(await stockOf(db(), v)).toBe(0);

    // The same request again (a double click) continues the same attempt.
    const again = placedOf(await p.b.call('POST', '/api/checkout/process-payment', { order_id: p.order.id }));
    expect(again.next).toEqual(next);

    const paid = await press({ ...p, payPage: retryPage }, 'pay');
    expect((await follow(String(paid.headers.location))).headers.location).toMatch(/^\/checkout-complete/);
    expect(await orderRow(p.order.id)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    expect(await stockOf(db(), v)).toBe(0);
    // Paid now: nothing left to pay.
    const late = await p.b.call('POST', '/api/checkout/process-payment', { order_id: p.order.id });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(orderMessages.notAwaitingPayment);
  });

  it('opens a new page when the last one is finished but the shop has not heard yet; its late failure leaves the new one be', async () => {
    const p = await placeOnline(variant());
    // Declined on the page; the browser never comes back and the webhook has not arrived yet.
    expect((await press(p, 'fail')).statusCode).toBe(303);
    expect((await orderRow(p.order.id)).status).toBe('awaiting_payment');
    const res = await p.b.call('POST', '/api/checkout/process-payment', { order_id: p.order.id });
    expect(res.statusCode, res.body).toBe(200);
    const { next } = placedOf(res);
    expect(next.type).toBe('redirect');
    const fresh = (next as { url: string }).url;
    expect(fresh).not.toBe(p.payPage);
    // The old page's failure arrives now: the order still waits for the new attempt.
    await t.app.jobs.runDue();
    expect((await orderRow(p.order.id)).status).toBe('awaiting_payment');
    expect(await payments(p.order.id)).toMatchObject([{ status: 'failed' }, { status: 'created' }]);
    await follow(String((await press({ ...p, payPage: fresh }, 'pay')).headers.location));
    expect(await orderRow(p.order.id)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
  });

  it('a retry racing the old attempt’s failure: the order ends awaiting the new attempt, holding its stock', async () => {
    for (let i = 0; i < 2; i++) {
      const v = variant();
      await setStock(db(), v, 2);
      const p = await placeOnline(v, 1);
      expect((await press(p, 'fail')).statusCode).toBe(303);
      // The retry and the old page's failure webhook (also kicked in the background) at once.
      const [res] = await Promise.all([
        p.b.call('POST', '/api/checkout/process-payment', { order_id: p.order.id }),
        deliverSandboxWebhook(t.app, p.payPage.split('/').pop()!),
      ]);
      expect(res.statusCode, res.body).toBe(200);
      await t.app.jobs.runDue();
      expect(await orderRow(p.order.id)).toMatchObject({
        status: 'awaiting_payment',
        payment_status: 'pending',
        stock_reserved: true,
      });
      expect(await payments(p.order.id)).toMatchObject([{ status: 'failed' }, { status: 'created' }]);
      expect(await stockOf(db(), v)).toBe(1);
    }
  });

  it('refuses a retry when the stock is gone, and changes nothing', async () => {
    const v = variant();
    await setStock(db(), v, 1);
    const p = await placeOnline(v, 1);
    await follow(String((await press(p, 'cancel')).headers.location));
    await setStock(db(), v, 0);
    const res = await p.b.call('POST', '/api/checkout/process-payment', { order_id: p.order.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(orderMessages.stockGone);
    expect(await orderRow(p.order.id)).toMatchObject({ status: 'payment_failed', stock_reserved: false });
    expect(await stockOf(db(), v)).toBe(0);
    const cod = await p.b.call('POST', '/api/checkout/process-payment', { order_id: p.order.id, method: 'cod' });
    expect(cod.statusCode).toBe(409);
  });

  it('switches a failed order to Cash on Delivery: stock taken again, confirmed, the COD fee added', async () => {
    const v = variant();
    await setStock(db(), v, 3);
    const p = await placeOnline(v, 1);
    await follow(String((await press(p, 'fail')).headers.location));
    const before = await orderRow(p.order.id);
    const [zone] = await queryRows<{ fee: number }>(
      db(),
      sql`select cod_fee_minor as fee from shipping_zones where is_active and cod_available order by position, id limit 1`,
    );
    // The failed page is told beforehand what paying on delivery will cost.
    const shown = (await p.b.call('POST', '/api/orders/item', { order_id: p.order.id })).json().data;
    expect(shown.can_pay_on_delivery).toBe(true);
    expect(shown.pay_on_delivery.fee.amount).toBe(zone!.fee);
    expect(shown.pay_on_delivery.total.amount).toBe(before.grand_total_minor - before.cod_fee_minor + zone!.fee);

    const res = await p.b.call('POST', '/api/checkout/process-payment', { order_id: p.order.id, method: 'cod' });
    expect(res.statusCode, res.body).toBe(200);
    const { order, next } = placedOf(res);
    expect(res.json().message).toBe(orderMessages.codChosen);
    expect(order.pay_on_delivery ?? null).toBeNull();
    expect(next).toEqual({ type: 'complete', path: `/checkout-complete?order=${encodeURIComponent(p.order.id)}` });
    expect(order).toMatchObject({ status: 'confirmed', payment_status: 'cod', payment_method: { code: 'cod' } });
    expect(order.totals.cod_fee.amount).toBe(zone!.fee);
    expect(order.grand_total.amount).toBe(before.grand_total_minor - before.cod_fee_minor + zone!.fee);
    expect(await stockOf(db(), v)).toBe(2);
    await t.app.jobs.runDue();
    expect(await messageJobs(p.order.id, 'confirmed')).toBe(1);
  });

  it('answers 422, never a 500, to a method that is no method code (NUL, lone surrogate, a number)', async () => {
    const p = await placeOnline(variant());
    for (const method of ['sand\u0000box', '\ud800', 'SANDBOX', 'cod;', 'x'.repeat(41), '', 5, null]) {
      const res = await p.b.call('POST', '/api/checkout/process-payment', { order_id: p.order.id, method });
      expect(res.statusCode, `${JSON.stringify(method)}: ${res.body}`).toBe(422);
      expect(res.json().errors).toEqual({ method: [orderMessages.paymentMethodUnavailable] });
    }
    expect(await orderRow(p.order.id)).toMatchObject({ status: 'awaiting_payment', payment_method_code: 'sandbox' });
  });

  it('refuses a method the shop does not offer', async () => {
    const p = await placeOnline(variant());
    for (const method of ['razorpay', 'bitcoin']) {
      const res = await p.b.call('POST', '/api/checkout/process-payment', { order_id: p.order.id, method });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ method: [orderMessages.paymentMethodUnavailable] });
    }
  });
});

describe('refunds', () => {
  it('markPaid for an attempt nobody knows is null, and changes nothing', async () => {
    expect(
      await markPaid(db(), {
        provider: 'sandbox',
        providerRef: 'sbs_unknown',
        providerPaymentId: 'sbp_x',
        amountMinor: 100,
        currency: 'INR',
      }),
    ).toBeNull();
  });

  it("the orders module's refunds (granted and recorded there): paid back through the provider once, the payment status follows", async () => {
    const p = await placeOnline(variant(), 2);
    await follow(String((await press(p, 'pay')).headers.location));
    await t.app.jobs.runDue();
    const total = p.order.grand_total.amount;
    const part = Math.floor(total / 4);
    const paymentId = await paidPaymentId(p.order.id);
    // As orders/fulfilment.ts grants a refund request and orders/service.ts a cancellation.
    const grant = (amountMinor: number, key: string) =>
      db().transaction(async (tx) => {
        await queryRows(
          tx,
          sql`update orders set payment_status = 'refund_pending', refunded_minor = refunded_minor + ${amountMinor}
               where id = ${p.order.id}`,
        );
        await enqueueJob(tx, {
          kind: 'payment-refund',
          payload: { orderId: p.order.id, amountMinor, reason: 'granted', paymentId },
          dedupeKey: key,
        });
      });

    await grant(part, `refund-request:${p.order.id}`);
    await t.app.jobs.runDue();
    expect(await orderRow(p.order.id)).toMatchObject({ payment_status: 'paid', refunded_minor: part });
    expect(await payments(p.order.id)).toMatchObject([{ status: 'paid', refunded_minor: part }]);

    await grant(total - part, `cancel:${p.order.id}`);
    await t.app.jobs.runDue();
    expect(await orderRow(p.order.id)).toMatchObject({ payment_status: 'refunded', refunded_minor: total });
    expect(await payments(p.order.id)).toMatchObject([{ status: 'refunded', refunded_minor: total }]);
    const refunds = await queryRows<{ status: string; amount_minor: number }>(
      db(),
      sql`select status, amount_minor from payment_refunds where order_id = ${p.order.id} order by id`,
    );
    expect(refunds).toEqual([
      { status: 'done', amount_minor: part },
      { status: 'done', amount_minor: total - part },
    ]);
    const paidBack = await queryRows<{ refunded_minor: number }>(
      db(),
      sql`select refunded_minor from sandbox_sessions where order_id = ${p.order.id}`,
    );
    expect(paidBack).toEqual([{ refunded_minor: total }]);

    // More than is left: nothing is paid out (the job finds no captured payment to take it from),
    // and the job fails at once, not quietly: money owed that a person must look at.
    const again = await enqueueJob(db(), {
      kind: 'payment-refund',
      payload: { orderId: p.order.id, amountMinor: 1, reason: 'again', paymentId },
    });
    await t.app.jobs.runDue();
    expect(await orderRow(p.order.id)).toMatchObject({ payment_status: 'refunded', refunded_minor: total });
    expect(await payments(p.order.id)).toMatchObject([{ refunded_minor: total }]);
    const [job] = await queryRows<{ status: string; attempts: number; last_error: string }>(
      db(),
      sql`select status, attempts, last_error from jobs where id = ${again}`,
    );
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job!.last_error).toMatch(/nothing captured is left to refund 1 of order/);
  });

  it('two refunds at once never take more than was paid: one is paid out, the other fails for a person', async () => {
    const p = await placeOnline(variant(), 1);
    await follow(String((await press(p, 'pay')).headers.location));
    await t.app.jobs.runDue();
    const total = p.order.grand_total.amount;
    const part = Math.floor((total * 3) / 4);
    const paymentId = await paidPaymentId(p.order.id);
    const ids = await Promise.all(
      ['first', 'second'].map((key) =>
        enqueueJob(db(), {
          kind: 'payment-refund',
          payload: { orderId: p.order.id, amountMinor: part, reason: key, paymentId },
          runAt: new Date(Date.now() + 3_600_000),
        }),
      ),
    );
    const ctx = (jobId: number) => ({ jobId, attempt: 1, maxAttempts: 10, log: t.app.log });
    const outcomes = await Promise.allSettled(
      ids.map((id) =>
        runRefund(t.app, { orderId: p.order.id, amountMinor: part, reason: 'both', paymentId }, ctx(id!)),
      ),
    );
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const failed = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(failed.reason).toBeInstanceOf(JobFailedForGood);
    expect(await payments(p.order.id)).toMatchObject([{ status: 'paid', refunded_minor: part }]);
  });

  it('a payment for an order confirmed another way (COD chosen meanwhile) is paid back, the order untouched', async () => {
    const v = variant();
    await setStock(db(), v, 3);
    const p = await placeOnline(v, 1);
    const cod = await p.b.call('POST', '/api/checkout/process-payment', { order_id: p.order.id, method: 'cod' });
    expect(cod.statusCode, cod.body).toBe(200);
    // The sandbox page was still open in another tab: the shopper pays there too.
    await follow(String((await press(p, 'pay')).headers.location));
    await t.app.jobs.runDue();
    expect(await orderRow(p.order.id)).toMatchObject({ status: 'confirmed', payment_status: 'cod', refunded_minor: 0 });
    expect(await payments(p.order.id)).toMatchObject([{ status: 'refunded' }]);
  });
});
