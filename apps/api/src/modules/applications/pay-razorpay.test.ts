import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Application } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { hmacHex } from '../../lib/signing.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { uniquePhone } from '../../test/auth.ts';
import { testBrowser } from '../../test/browser.ts';
import { razorpayCapturedEvent } from '../../test/razorpay.ts';
import { razorpayPaymentSignature } from '../payments/providers/razorpay.ts';
import { signedInOwner } from '../staff/testing.ts';
import { GOOD_FIELDS, apply, makeService } from './testing.ts';

/**
 * An application's fee paid with Razorpay (ADR 37, issue 27) through the shop's real routes, the
 * shop's calls to Razorpay's Orders and Refunds APIs answered by a stand-in on loopback
 * (RAZORPAY_API_BASE): the order made for the fee, the in-page checkout's signed result and
 * Razorpay's webhook racing it, the application submitted once, the fee refunded through the API.
 */
const KEY_ID = 'rzp_test_ShopfrontFee1';
const KEY_SECRET = 'test_key_secret_fee_9b2';
const WEBHOOK_SECRET = 'test_webhook_secret_fee_31';

interface Call {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotency: string | undefined;
  body: Record<string, unknown>;
}

/** Razorpay's API as far as the shop uses it: POST /v1/orders and POST /v1/payments/:id/refund. */
function razorpayStandIn() {
  const calls: Call[] = [];
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
  };
  const server: Server = createServer((req, res) => {
    void read(req).then((body) => {
      const call: Call = {
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization,
        idempotency: req.headers['x-refund-idempotency'] as string | undefined,
        body,
      };
      calls.push(call);
      const answer = (status: number, json: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (call.authorization !== `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`)
        return answer(401, { error: { description: 'Authentication failed' } });
      if (call.method === 'POST' && call.path === '/v1/orders')
        return answer(200, {
          id: `order_fee${calls.length.toString().padStart(6, '0')}`,
          entity: 'order',
          amount: body.amount,
          currency: body.currency,
          receipt: body.receipt,
          status: 'created',
        });
      const refund = /^\/v1\/payments\/([\w-]+)\/refund$/.exec(call.path);
      if (call.method === 'POST' && refund)
        return answer(200, { id: `rfnd_${refund[1]}`, entity: 'refund', amount: body.amount, status: 'processed' });
      return answer(404, { error: { description: 'not found' } });
    });
  });
  return { server, calls };
}

let t: TestApp;
let service: { id: string; slug: string };
const standIn = razorpayStandIn();

beforeAll(async () => {
  await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve));
  const { port } = standIn.server.address() as AddressInfo;
  t = await createTestApp({
    env: {
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      RAZORPAY_API_BASE: `http://127.0.0.1:${port}/v1`,
    },
  });
  service = await makeService(t.database.db, 8);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => standIn.server.close(() => resolve()));
});

const db = () => t.database.db;

const stageOf = async (id: string) =>
  (await queryRows<{ stage: string }>(db(), sql`select stage from applications where id = ${id}`))[0]!.stage;

/** The captured-payment webhook as Razorpay signs it (over the raw bytes). */
function capturedWebhook(razorpayOrderId: string, paymentId: string, amount: number) {
  const body = JSON.stringify(razorpayCapturedEvent(razorpayOrderId, paymentId, amount));
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/razorpay',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmacHex(WEBHOOK_SECRET, body) },
    payload: body,
  });
}

describe('the fee paid with Razorpay', () => {
  it('makes one Razorpay order for the fee; the signed result and the webhook racing it submit the application once; staff refund it through Razorpay', async () => {
    const phone = uniquePhone();
    const made = await apply(
      t,
      { service: service.slug, name: 'Asha', phone, ...GOOD_FIELDS },
      undefined,
      {},
      '10.91.0.1',
    );
    expect(made.statusCode, made.body).toBe(200);
    const app = made.json<{ data: Application }>().data;
    const token = app.tracking_path.split('/').at(-1)!;
    expect(app.fee_methods.map((m) => m.code)).toContain('razorpay');

    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/applications/${token}/pay`,
      payload: { method: 'razorpay' },
      remoteAddress: '10.91.0.2',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const { next, order_id: orderId } = paid.json().data;
    // Razorpay's in-page checkout, for an order Razorpay made for exactly the fee.
    expect(next.type).toBe('client');
    const orders = standIn.calls.filter((c) => c.path === '/v1/orders');
    expect(orders).toHaveLength(1);
    expect(orders[0]!.body).toMatchObject({ amount: app.fee!.amount, currency: 'INR' });
    expect(next.options).toMatchObject({
      key: KEY_ID,
      amount: app.fee!.amount,
      order_id: expect.stringMatching(/^order_fee/),
    });
    const razorpayOrderId = String(next.options.order_id);

    // The checkout's signed result (the browser) and Razorpay's webhook, at the same moment.
    const set = paid.headers['set-cookie'];
    const cookie = (Array.isArray(set) ? set : [String(set)]).map((c) => c.split(';')[0]).join('; ');
    const browser = testBrowser(t.app, { cookie });
    const paymentId = 'pay_FeeRazorpay0001';
    const [result] = await Promise.all([
      browser.call('POST', '/api/checkout/complete-payment', {
        order_id: orderId,
        provider: 'razorpay',
        payload: {
          razorpay_order_id: razorpayOrderId,
          razorpay_payment_id: paymentId,
          razorpay_signature: razorpayPaymentSignature(razorpayOrderId, paymentId, KEY_SECRET),
        },
      }),
      capturedWebhook(razorpayOrderId, paymentId, app.fee!.amount),
      capturedWebhook(razorpayOrderId, paymentId, app.fee!.amount),
    ]);
    expect(result.statusCode, result.body).toBe(200);
    await t.app.jobs.runDue();
    expect(await stageOf(app.id)).toBe('submitted');
    const moves = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from application_events where application_id = ${app.id} and to_stage = 'submitted'`,
    );
    expect(moves[0]!.n).toBe(1);
    const told = await queryRows<{ body: string }>(
      db(),
      sql`select body from outbox_messages where recipient = ${phone} and body like ${'%is now at: Submitted%'}`,
    );
    expect(told).toHaveLength(1);

    // Staff refund the fee: one call to Razorpay's refund for the captured payment, the fee shown refunded.
    const owner = (await signedInOwner(t, 'owner')).headers;
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/${app.id}/fee/refund`,
      headers: owner,
      payload: { note: 'Service not offered in your district' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const refundCalls = standIn.calls.filter((c) => c.path === `/v1/payments/${paymentId}/refund`);
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]!.body).toMatchObject({ amount: app.fee!.amount });
    expect(refundCalls[0]!.idempotency?.length).toBeGreaterThanOrEqual(10);
    const view = await t.app.inject({ method: 'GET', url: `/api/admin/applications/${app.id}`, headers: owner });
    expect(view.json().data.fee_status).toMatchObject({ state: 'refunded' });
  });
});
