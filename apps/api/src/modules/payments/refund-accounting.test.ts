import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addressSource, uniqueEmail } from '../../test/auth.ts';
import { testBrowser, type TestBrowser } from '../../test/browser.ts';
import { buyableVariants, placeOrder, placedOf, readyCart, setStock } from '../../test/checkout.ts';
import { createTestOrder } from '../../test/orders.ts';
import { JobFailedForGood } from '../jobs/registry.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { approveRefund, markDelivered, markOutForDelivery, packOrder, shipOrder } from '../orders/fulfilment.ts';
import { RefundJobSchema } from './refunds.ts';
import { finishSession } from './sandbox-gateway.ts';
import { expireReservations, markPaid, runRefund } from './service.ts';

/**
 * Which money a refund takes, and what the order counts as refunded (an outside review's
 * findings): orders.refunded_minor is what was granted back of the payment that paid the order;
 * money that never paid it (a late payment, a duplicate) goes back from its own payment and is
 * counted there only; a cancellation or an approved request pays back the paying payment, never a
 * duplicate.
 */

let t: TestApp;
let variants: string[];
let next = 0;
const variant = () => variants[next++]!;
const db = () => t.database.db;
const nextAddress = addressSource(64);
const ORIGIN = 'http://localhost:80';

beforeAll(async () => {
  t = await createTestApp();
  variants = await buyableVariants(t.database.db, 1, 12);
});
afterAll(() => t.close());

interface Placed {
  b: TestBrowser;
  order: Order;
  payPage: string;
}

async function placeOnline(variantId: string): Promise<Placed> {
  const b = testBrowser(t.app, { ip: nextAddress() });
  await readyCart(t, b, { lines: [[variantId, 1]], payment: 'sandbox' });
  const contact = await b.call('PUT', '/api/cart/update-contact', { email: uniqueEmail() });
  expect(contact.statusCode, contact.body).toBe(200);
  const res = await placeOrder(b, contact.json().data);
  expect(res.statusCode, res.body).toBe(200);
  const placed = placedOf(res);
  if (placed.next.type !== 'redirect') throw new Error('expected the sandbox page');
  return { b, order: placed.order, payPage: placed.next.url };
}

/** Pays (or not) on a sandbox page and follows the signed return, as the shopper's browser does. */
async function payOn(p: Placed, payPage: string): Promise<void> {
  const cookie = [...p.b.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const pressed = await t.app.inject({
    method: 'POST',
    url: payPage,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, cookie },
    payload: 'outcome=pay',
  });
  expect(pressed.statusCode).toBe(303);
  await t.app.inject({ method: 'GET', url: String(pressed.headers.location) });
}

/** A second sandbox page for the order, opened from another tab more than 10 minutes later. */
async function secondAttempt(p: Placed): Promise<string> {
  await queryRows(
    db(),
    sql`update payments set created_at = now() - interval '11 minutes' where order_id = ${p.order.id}`,
  );
  const retry = await p.b.call('POST', '/api/checkout/process-payment', { order_id: p.order.id });
  expect(retry.statusCode, retry.body).toBe(200);
  const page = (placedOf(retry).next as { url: string }).url;
  expect(page).not.toBe(p.payPage);
  return page;
}

const sessionOf = (page: string) => page.split('/').pop()!;

const orderRow = async (id: string) =>
  (
    await queryRows<{
      status: string;
      payment_status: string;
      refunded_minor: number;
      grand_total_minor: number;
      paid_payment_id: string | null;
    }>(
      db(),
      sql`select status, payment_status, refunded_minor, grand_total_minor, paid_payment_id from orders where id = ${id}`,
    )
  )[0]!;

const paymentsOf = (id: string) =>
  queryRows<{ id: string; status: string; amount_minor: number; refunded_minor: number; provider_ref: string }>(
    db(),
    sql`select id, status, amount_minor, refunded_minor, provider_ref from payments where order_id = ${id}
         order by created_at, id`,
  );

const refundJobs = (id: string) =>
  queryRows<{ id: number; payload: { paymentId: string; amountMinor: number }; dedupe_key: string }>(
    db(),
    sql`select id, payload, dedupe_key from jobs where kind = 'payment-refund' and payload->>'orderId' = ${id}
         order by id`,
  );

const ctx = (jobId: number) => ({ jobId, attempt: 1, maxAttempts: 10, log: t.app.log });

describe('refunds and the order’s refunded amount', () => {
  it('late payment refunded, then retried and paid, then cancelled: the paying payment comes back in full', async () => {
    const v = variant();
    await setStock(db(), v, 3);
    const p = await placeOnline(v);
    const total = p.order.grand_total.amount;
    // The reservation runs out and someone else buys the last units; then the shopper pays the old page.
    await queryRows(db(), sql`update orders set reserved_until = now() - interval '1 minute' where id = ${p.order.id}`);
    await expireReservations(db());
    await setStock(db(), v, 0);
    await payOn(p, p.payPage);
    await t.app.jobs.runDue();
    // That money is back with the shopper, counted on its payment: the order was never paid by it.
    expect(await orderRow(p.order.id)).toMatchObject({
      status: 'payment_failed',
      payment_status: 'refunded',
      refunded_minor: 0,
      paid_payment_id: null,
    });

    // Stock again: the shopper retries and pays.
    await setStock(db(), v, 3);
    const retry = await p.b.call('POST', '/api/checkout/process-payment', { order_id: p.order.id });
    expect(retry.statusCode, retry.body).toBe(200);
    await payOn(p, (placedOf(retry).next as { url: string }).url);
    await t.app.jobs.runDue();
    const [late, paying] = await paymentsOf(p.order.id);
    expect(late).toMatchObject({ status: 'refunded', refunded_minor: total });
    expect(paying).toMatchObject({ status: 'paid', refunded_minor: 0 });
    expect(await orderRow(p.order.id)).toMatchObject({
      status: 'confirmed',
      payment_status: 'paid',
      refunded_minor: 0,
      paid_payment_id: paying!.id,
    });

    const cancel = await p.b.call('PUT', '/api/orders/cancel', { order_id: p.order.id, reason: 'changed my mind' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await t.app.jobs.runDue();
    expect(await paymentsOf(p.order.id)).toMatchObject([
      { status: 'refunded', refunded_minor: total },
      { id: paying!.id, status: 'refunded', refunded_minor: total },
    ]);
    expect(await orderRow(p.order.id)).toMatchObject({
      status: 'cancelled',
      payment_status: 'refunded',
      refunded_minor: total,
    });
  });

  it('paid in two tabs, then cancelled: the cancellation refunds the paying payment, the duplicate its own (whichever job runs first)', async () => {
    const p = await placeOnline(variant());
    const total = p.order.grand_total.amount;
    const pageB = await secondAttempt(p);
    await finishSession(db(), sessionOf(p.payPage), 'pay', 3_600_000);
    await finishSession(db(), sessionOf(pageB), 'pay', 3_600_000);
    const pay = (ref: string, id: string) =>
      markPaid(db(), {
        provider: 'sandbox',
        providerRef: ref,
        providerPaymentId: id,
        amountMinor: total,
        currency: 'INR',
      });
    // The jobs are run by hand below, in the order another process might run them. A queued job
    // wakes the runner after its commit (the duplicate payment's refund included), so what is
    // queued so far runs first, and from here on no wake-up runs anything until the test is done.
    await t.app.jobs.runDue();
    const kick = vi.spyOn(t.app.jobs, 'kick').mockImplementation(() => {});
    try {
      expect((await pay(sessionOf(p.payPage), 'sbp_a'))?.result).toBe('confirmed');
      expect((await pay(sessionOf(pageB), 'sbp_b'))?.result).toBe('duplicate');
      // The duplicate does not touch the order: still paid, nothing granted back of it.
      expect(await orderRow(p.order.id)).toMatchObject({ payment_status: 'paid', refunded_minor: 0 });
      const cancel = await p.b.call('PUT', '/api/orders/cancel', { order_id: p.order.id });
      expect(cancel.statusCode, cancel.body).toBe(200);
      const [a, b] = await paymentsOf(p.order.id);
      const jobs = await refundJobs(p.order.id);
      const cancelJob = jobs.find((j) => j.dedupe_key === `cancel:${p.order.id}`)!;
      const dupJob = jobs.find((j) => j.dedupe_key === `payment:${b!.id}`)!;
      // Every refund names its payment: the cancellation's is the one that paid the order.
      expect(cancelJob.payload).toMatchObject({ paymentId: a!.id, amountMinor: total });
      expect(dupJob.payload).toMatchObject({ paymentId: b!.id, amountMinor: total });
      expect((await orderRow(p.order.id)).paid_payment_id).toBe(a!.id);

      // Another process runs the cancellation's job before the duplicate's.
      await runRefund(t.app, RefundJobSchema.parse(cancelJob.payload), ctx(cancelJob.id));
      await runRefund(t.app, RefundJobSchema.parse(dupJob.payload), ctx(dupJob.id));
      expect(await paymentsOf(p.order.id)).toMatchObject([
        { id: a!.id, status: 'refunded', refunded_minor: total },
        { id: b!.id, status: 'refunded', refunded_minor: total },
      ]);
      expect(await orderRow(p.order.id)).toMatchObject({
        status: 'cancelled',
        payment_status: 'refunded',
        refunded_minor: total,
      });
    } finally {
      kick.mockRestore();
    }
  });

  it('cancelled, then the second tab’s payment lands before the jobs run: both come back, the paying one too', async () => {
    const p = await placeOnline(variant());
    const total = p.order.grand_total.amount;
    const pageB = await secondAttempt(p);
    await finishSession(db(), sessionOf(p.payPage), 'pay', 3_600_000);
    await finishSession(db(), sessionOf(pageB), 'pay', 3_600_000);
    const pay = (ref: string, id: string) =>
      markPaid(db(), {
        provider: 'sandbox',
        providerRef: ref,
        providerPaymentId: id,
        amountMinor: total,
        currency: 'INR',
      });
    expect((await pay(sessionOf(p.payPage), 'sbp_c'))?.result).toBe('confirmed');
    const cancel = await p.b.call('PUT', '/api/orders/cancel', { order_id: p.order.id });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await pay(sessionOf(pageB), 'sbp_d'))?.result).toBe('duplicate');
    await t.app.jobs.runDue();
    const pays = await paymentsOf(p.order.id);
    expect(pays.map((x) => [x.provider_ref, x.status, x.refunded_minor])).toEqual([
      [sessionOf(p.payPage), 'refunded', total],
      [sessionOf(pageB), 'refunded', total],
    ]);
    expect(await orderRow(p.order.id)).toMatchObject({ payment_status: 'refunded', refunded_minor: total });
  });

  it('the cancel route runs the refund at once (it kicks the job runner), not at the next poll', async () => {
    const p = await placeOnline(variant());
    await payOn(p, p.payPage);
    await t.app.jobs.runDue();
    const kick = vi.spyOn(t.app.jobs, 'kick');
    try {
      const cancel = await p.b.call('PUT', '/api/orders/cancel', { order_id: p.order.id });
      expect(cancel.statusCode, cancel.body).toBe(200);
      // The queued refund wakes the runner once the cancellation commits.
      await expect.poll(() => kick.mock.calls.length, { timeout: 3_000, interval: 20 }).toBeGreaterThan(0);
    } finally {
      kick.mockRestore();
    }
    // No runDue: the kick runs it now.
    await expect
      .poll(async () => (await orderRow(p.order.id)).payment_status, { timeout: 3_000, interval: 50 })
      .toBe('refunded');
  });

  it('an approved refund request after a late payment was refunded: from the paying payment, within the total', async () => {
    const v = variant();
    await setStock(db(), v, 3);
    const p = await placeOnline(v);
    const total = p.order.grand_total.amount;
    await queryRows(db(), sql`update orders set reserved_until = now() - interval '1 minute' where id = ${p.order.id}`);
    await expireReservations(db());
    await setStock(db(), v, 0);
    await payOn(p, p.payPage);
    await t.app.jobs.runDue();
    await setStock(db(), v, 3);
    const retry = await p.b.call('POST', '/api/checkout/process-payment', { order_id: p.order.id });
    await payOn(p, (placedOf(retry).next as { url: string }).url);
    await t.app.jobs.runDue();
    await packOrder(db(), p.order.id);
    await shipOrder(db(), p.order.id, { carrier: 'Ekart', waybill: `EK-ACC-${p.order.order_no}` });
    await markOutForDelivery(db(), p.order.id);
    await markDelivered(db(), p.order.id);

    const [item] = (await p.b.call('POST', '/api/orders/item', { order_id: p.order.id })).json().data.productchannel;
    const asked = await p.b.call('POST', '/api/orders/refund/request', {
      order_id: p.order.id,
      items: [{ item_id: item.id, quantity: 1 }],
      reason: 'Arrived broken',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const [request] = await queryRows<{ id: number; amount_minor: number }>(
      db(),
      sql`select id, amount_minor from refund_requests where order_id = ${p.order.id}`,
    );
    await approveRefund(db(), request!.id);
    const paying = (await orderRow(p.order.id)).paid_payment_id;
    const job = (await refundJobs(p.order.id)).find((j) => j.dedupe_key === `refund-request:${request!.id}`)!;
    expect(job.payload).toMatchObject({ paymentId: paying, amountMinor: request!.amount_minor });
    await t.app.jobs.runDue();
    const order = await orderRow(p.order.id);
    expect(order.refunded_minor).toBe(request!.amount_minor);
    expect(order.refunded_minor).toBeLessThanOrEqual(total);
    expect(await paymentsOf(p.order.id)).toMatchObject([
      { status: 'refunded', refunded_minor: total },
      { id: paying, refunded_minor: request!.amount_minor },
    ]);
  });
});

describe('a refund names its payment', () => {
  it('a job without a payment is not a refund job; one naming another order’s payment refunds nothing and fails for a person', async () => {
    expect(RefundJobSchema.safeParse({ orderId: 'ord_x', amountMinor: 100, reason: 'r' }).success).toBe(false);
    const mine = await createTestOrder(db(), { paymentMethod: 'sandbox', lines: [[variant(), 1]] });
    const theirs = await createTestOrder(db(), { paymentMethod: 'sandbox', lines: [[variant(), 1]] });
    const theirPayment = (await orderRow(theirs.id)).paid_payment_id!;
    expect(theirPayment).toBeTruthy();
    const payload = { orderId: mine.id, amountMinor: 100, reason: 'wrong payment', paymentId: theirPayment };
    const id = await enqueueJob(db(), { kind: 'payment-refund', payload, runAt: new Date(Date.now() + 3_600_000) });
    await expect(runRefund(t.app, payload, ctx(id!))).rejects.toBeInstanceOf(JobFailedForGood);
    expect(await paymentsOf(theirs.id)).toMatchObject([{ status: 'paid', refunded_minor: 0 }]);
    const claims = await queryRows(db(), sql`select id from payment_refunds where payment_id = ${theirPayment}`);
    expect(claims).toEqual([]);
  });
});
