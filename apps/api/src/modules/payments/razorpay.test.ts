import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderMessages, PaymentNextSchema } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { parseEnv } from '../../env.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { testBrowser } from '../../test/browser.ts';
import { createTestOrder, guestOrderCookie, buyableVariants } from '../../test/orders.ts';
import { configuredProviders } from './providers.ts';
import { RAZORPAY_NO_WEBHOOK_WARNING } from './plugin.ts';
import { appWithEnv } from '../../test/ops-app.ts';
import { storableReason } from './records.ts';
import { razorpayPaymentSignature } from './providers/razorpay.ts';
import { hmacHex } from '../../lib/signing.ts';
import { razorpayCapturedEvent } from '../../test/razorpay.ts';

/**
 * Razorpay through the shop's real routes, without Razorpay: the attempt Razorpay's Orders API
 * would have created is written as the shop stores it, and the checkout results and webhooks are
 * signed with the test keys exactly as Razorpay documents (the tests never call Razorpay).
 */

const KEY_ID = 'rzp_test_Shopfront1234';
const KEY_SECRET = 'test_key_secret_4f9a';
const WEBHOOK_SECRET = 'test_webhook_secret_77c1';

let t: TestApp;
let variants: string[];
let next = 0;

beforeAll(async () => {
  t = await createTestApp({
    env: { RAZORPAY_KEY_ID: KEY_ID, RAZORPAY_KEY_SECRET: KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET },
  });
  variants = await buyableVariants(t.database.db, 5, 12);
});
afterAll(() => t.close());

const db = () => t.database.db;

/** A guest's order awaiting a Razorpay payment, with the attempt the Orders API gave it (order_…). */
async function razorpayOrder() {
  const order = await createTestOrder(db(), {
    status: 'awaiting_payment',
    paymentMethod: 'razorpay',
    customerId: null,
    lines: [[variants[next++]!, 1]],
  });
  const razorpayOrderId = `order_${randomBytes(7).toString('hex')}`;
  await queryRows(
    db(),
    sql`insert into payments (id, order_id, provider, provider_ref, amount_minor, currency)
        values (${`pmt_${randomBytes(16).toString('base64url')}`}, ${order.id}, 'razorpay', ${razorpayOrderId},
                ${order.grandTotalMinor}, 'INR')`,
  );
  const b = testBrowser(t.app, { cookie: await guestOrderCookie(db(), order.id) });
  return { order, razorpayOrderId, b };
}

const orderState = async (id: string) =>
  (
    await queryRows<{ status: string; payment_status: string; confirmations: number }>(
      db(),
      sql`select status, payment_status,
            (select count(*)::int from order_events where order_id = o.id and to_status = 'confirmed') as confirmations
           from orders o where id = ${id}`,
    )
  )[0]!;

const paymentOf = async (id: string) =>
  (
    await queryRows<{ status: string; provider_payment_id: string | null; failure_reason: string | null }>(
      db(),
      sql`select status, provider_payment_id, failure_reason from payments where order_id = ${id}`,
    )
  )[0]!;

const complete = (b: ReturnType<typeof testBrowser>, orderId: string, payload: Record<string, string>) =>
  b.call('POST', '/api/checkout/complete-payment', { order_id: orderId, provider: 'razorpay', payload });

describe('configuration', () => {
  it('offers Razorpay only with both keys, and refuses half a configuration at boot', () => {
    expect(configuredProviders(parseEnv({}))).toEqual(['sandbox']);
    expect(configuredProviders(parseEnv({ SANDBOX_GATEWAY: 'false' }))).toEqual([]);
    expect(
      configuredProviders(
        parseEnv({ RAZORPAY_KEY_ID: KEY_ID, RAZORPAY_KEY_SECRET: KEY_SECRET, SANDBOX_GATEWAY: 'false' }),
      ),
    ).toEqual(['razorpay']);
    expect(() => parseEnv({ RAZORPAY_KEY_ID: KEY_ID })).toThrow(
      /RAZORPAY_KEY_SECRET must be set together with the other Razorpay key/,
    );
    expect(() => parseEnv({ RAZORPAY_KEY_SECRET: KEY_SECRET })).toThrow(/RAZORPAY_KEY_ID must be set together/);
    expect(() => parseEnv({ RAZORPAY_KEY_ID: 'key_live_x', RAZORPAY_KEY_SECRET: KEY_SECRET })).toThrow(
      /RAZORPAY_KEY_ID must be a Razorpay key id/,
    );
    expect(() => parseEnv({ SANDBOX_GATEWAY_SECRET: 'short' })).toThrow(/SANDBOX_GATEWAY_SECRET must be at least 32/);
  });

  it("takes Razorpay's API address over https, or http on loopback only (the key secret goes with every call)", () => {
    expect(parseEnv({ RAZORPAY_API_BASE: 'https://rzp-proxy.example.com/v1/' }).RAZORPAY_API_BASE).toBe(
      'https://rzp-proxy.example.com/v1',
    );
    expect(parseEnv({ RAZORPAY_API_BASE: 'http://127.0.0.1:9000/v1' }).RAZORPAY_API_BASE).toBe(
      'http://127.0.0.1:9000/v1',
    );
    for (const bad of ['http://rzp-proxy.example.com/v1', 'http://127.0.0.1.example.com/v1', 'ftp://x/v1', 'v1'])
      expect(() => parseEnv({ RAZORPAY_API_BASE: bad }), bad).toThrow(/RAZORPAY_API_BASE must be an https/);
  });

  it('warns once at boot, in one clear line, when the keys are set without a webhook secret', async () => {
    const warningsAtBoot = async (vars: Record<string, string>) => {
      const lines: string[] = [];
      const app = await appWithEnv(
        t.database,
        { LOG_LEVEL: 'warn', ...vars },
        { logStream: { write: (l) => void lines.push(l) } },
      );
      await app.ready();
      await app.close();
      return lines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level === 40);
    };
    const keys = { RAZORPAY_KEY_ID: KEY_ID, RAZORPAY_KEY_SECRET: KEY_SECRET };
    const without = await warningsAtBoot(keys);
    expect(without.filter((l) => l.msg === RAZORPAY_NO_WEBHOOK_WARNING)).toHaveLength(1);
    expect(RAZORPAY_NO_WEBHOOK_WARNING).toMatch(/RAZORPAY_WEBHOOK_SECRET is not/);
    const withSecret = await warningsAtBoot({ ...keys, RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET });
    expect(withSecret.filter((l) => /WEBHOOK/.test(l.msg))).toEqual([]);
    expect((await warningsAtBoot({})).filter((l) => /WEBHOOK/.test(l.msg))).toEqual([]);
  });
});

describe('the page policy (CSP)', () => {
  it("lets Razorpay's checkout script, frame and calls run only in a shop that takes Razorpay", async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/checkout\.razorpay\.com/);
    expect(csp).toMatch(/frame-src 'self' https:\/\/api\.razorpay\.com/);
    const plain = await createTestApp();
    try {
      const other = String(
        (await plain.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
      );
      expect(other).not.toContain('razorpay');
    } finally {
      await plain.close();
    }
  });
});

describe('the in-page checkout result (complete-payment)', () => {
  it('confirms the order once for a result signed as Razorpay documents, against the stored order id', async () => {
    const { order, razorpayOrderId, b } = await razorpayOrder();
    const paymentId = 'pay_29QQoUBi66xm2f';
    const payload = {
      razorpay_order_id: razorpayOrderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: razorpayPaymentSignature(razorpayOrderId, paymentId, KEY_SECRET),
    };
    const res = await complete(b, order.id, payload);
    expect(res.statusCode, res.body).toBe(200);
    expect(PaymentNextSchema.parse(res.json().data)).toEqual({
      type: 'complete',
      path: `/checkout-complete?order=${encodeURIComponent(order.id)}`,
    });
    expect(res.json().message).toBe(orderMessages.paymentReceived);
    expect(await orderState(order.id)).toEqual({ status: 'confirmed', payment_status: 'paid', confirmations: 1 });
    expect(await paymentOf(order.id)).toMatchObject({ status: 'paid', provider_payment_id: paymentId });

    // Sent again (a reload): the same answer, nothing new.
    const again = await complete(b, order.id, payload);
    expect(again.json().data.type).toBe('complete');
    expect((await orderState(order.id)).confirmations).toBe(1);
  });

  it('refuses a tampered result with 422 and changes nothing', async () => {
    const { order, razorpayOrderId, b } = await razorpayOrder();
    const paymentId = 'pay_tampered01';
    const good = razorpayPaymentSignature(razorpayOrderId, paymentId, KEY_SECRET);
    const bad: Record<string, string>[] = [
      {
        razorpay_order_id: razorpayOrderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: good.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
      },
      { razorpay_order_id: razorpayOrderId, razorpay_payment_id: 'pay_other', razorpay_signature: good },
      // Signed for another Razorpay order: never accepted for this one, whatever the browser says.
      {
        razorpay_order_id: 'order_other',
        razorpay_payment_id: paymentId,
        razorpay_signature: razorpayPaymentSignature('order_other', paymentId, KEY_SECRET),
      },
      {
        razorpay_payment_id: paymentId,
        razorpay_signature: razorpayPaymentSignature(razorpayOrderId, paymentId, 'another_secret'),
      },
      { razorpay_payment_id: paymentId },
      {},
    ];
    for (const payload of bad) {
      const res = await complete(b, order.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors).toEqual({ payload: [orderMessages.paymentSignatureInvalid] });
    }
    expect(await orderState(order.id)).toEqual({
      status: 'awaiting_payment',
      payment_status: 'pending',
      confirmations: 0,
    });
    expect((await paymentOf(order.id)).status).toBe('created');
  });

  it("is 404 for another shopper's order", async () => {
    const { order, razorpayOrderId } = await razorpayOrder();
    const paymentId = 'pay_stranger01';
    const res = await complete(testBrowser(t.app), order.id, {
      razorpay_order_id: razorpayOrderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: razorpayPaymentSignature(razorpayOrderId, paymentId, KEY_SECRET),
    });
    expect(res.statusCode).toBe(404);
    expect((await orderState(order.id)).status).toBe('awaiting_payment');
  });

  it('a checkout that reports an error sends the shopper to the failed page, with the stock back', async () => {
    const { order, b } = await razorpayOrder();
    const res = await complete(b, order.id, { error_code: 'BAD_REQUEST_ERROR', error_description: 'Card declined' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ type: 'failed', path: `/checkout-failed?order=${encodeURIComponent(order.id)}` });
    expect(await orderState(order.id)).toMatchObject({ status: 'payment_failed', payment_status: 'failed' });
    expect(await paymentOf(order.id)).toMatchObject({ status: 'failed', failure_reason: 'Card declined' });
  });
});

describe('unsigned words from the browser', () => {
  it('a checkout error whose description holds control characters is noted without them, never a 500', async () => {
    const { order, b } = await razorpayOrder();
    const res = await complete(b, order.id, {
      error_code: 'BAD_REQUEST_ERROR',
      error_description: 'bad\u0000thing\u001b[31m\ud800 declined',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.type).toBe('failed');
    expect(await paymentOf(order.id)).toMatchObject({ status: 'failed', failure_reason: 'bad thing [31m  declined' });
    expect(await orderState(order.id)).toMatchObject({ status: 'payment_failed' });
  });

  it('a webhook’s failure reason is stored the same way (a pair of surrogates kept whole)', async () => {
    const { order, razorpayOrderId } = await razorpayOrder();
    const body = JSON.stringify({
      event: 'payment.failed',
      payload: {
        payment: {
          entity: {
            id: 'pay_failed_nul',
            amount: order.grandTotalMinor,
            currency: 'INR',
            order_id: razorpayOrderId,
            error_description: 'OTP\u0000wrong\u0007 \ud83d\ude00 \udc00end',
          },
        },
      },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/razorpay',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmacHex(WEBHOOK_SECRET, body) },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect((await paymentOf(order.id)).failure_reason).toBe('OTP wrong  \ud83d\ude00  end');
    // At most 500 characters; a cut between the halves of a pair leaves no lone half behind.
    expect(storableReason(`${'a'.repeat(499)}\ud83d\ude00`)).toBe(`${'a'.repeat(499)} `);
  });
});

describe('Razorpay webhooks', () => {
  const deliver = (body: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/razorpay',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
      payload: body,
    });

  /** A payment.captured event as Razorpay sends it: pretty-printed, so only the raw bytes verify. */
  const captured = (razorpayOrderId: string, paymentId: string, amount: number) =>
    JSON.stringify(razorpayCapturedEvent(razorpayOrderId, paymentId, amount), null, 2);

  it('payment.captured three times: the order is paid once', async () => {
    const { order, razorpayOrderId } = await razorpayOrder();
    const body = captured(razorpayOrderId, 'pay_webhook0001', order.grandTotalMinor);
    const signature = hmacHex(WEBHOOK_SECRET, body);
    const answers = await Promise.all([deliver(body, signature), deliver(body, signature), deliver(body, signature)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await orderState(order.id)).toEqual({ status: 'confirmed', payment_status: 'paid', confirmations: 1 });
    expect(await paymentOf(order.id)).toMatchObject({ status: 'paid', provider_payment_id: 'pay_webhook0001' });
  });

  it('a second captured payment on the same Razorpay order is recorded as its own payment and refunded', async () => {
    const { order, razorpayOrderId, b } = await razorpayOrder();
    // The refund goes to Razorpay's Refunds API: answered here, never sent.
    const calls: { url: string; body: unknown }[] = [];
    const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), body: JSON.parse(String(init?.body)) });
      return new Response(JSON.stringify({ id: 'rfnd_second0001' }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    try {
      const first = captured(razorpayOrderId, 'pay_first0001', order.grandTotalMinor);
      expect((await deliver(first, hmacHex(WEBHOOK_SECRET, first))).statusCode).toBe(200);
      // Another tab paid the same Razorpay order too: a second payment id.
      const second = captured(razorpayOrderId, 'pay_second0001', order.grandTotalMinor);
      for (let i = 0; i < 3; i++) {
        expect((await deliver(second, hmacHex(WEBHOOK_SECRET, second))).statusCode).toBe(200);
      }
      // The first one again changes nothing.
      expect((await deliver(first, hmacHex(WEBHOOK_SECRET, first))).statusCode).toBe(200);
      // The second tab's checkout result comes back too: checked against the shop's attempt, answered complete.
      const result = await complete(b, order.id, {
        razorpay_order_id: razorpayOrderId,
        razorpay_payment_id: 'pay_second0001',
        razorpay_signature: razorpayPaymentSignature(razorpayOrderId, 'pay_second0001', KEY_SECRET),
      });
      expect(result.statusCode, result.body).toBe(200);
      expect(result.json().data.type).toBe('complete');
      await t.app.jobs.runDue();

      const rows = await queryRows<{
        id: string;
        status: string;
        provider_payment_id: string;
        amount_minor: number;
        refunded_minor: number;
      }>(
        db(),
        sql`select id, status, provider_payment_id, amount_minor, refunded_minor from payments
             where order_id = ${order.id} order by created_at, id`,
      );
      expect(rows.map((r) => [r.provider_payment_id, r.status, r.amount_minor, r.refunded_minor])).toEqual([
        ['pay_first0001', 'paid', order.grandTotalMinor, 0],
        ['pay_second0001', 'refunded', order.grandTotalMinor, order.grandTotalMinor],
      ]);
      // Refunded once, from the second payment, as much as it took.
      expect(calls).toEqual([
        {
          url: 'https://api.razorpay.com/v1/payments/pay_second0001/refund',
          body: expect.objectContaining({ amount: order.grandTotalMinor }),
        },
      ]);
      const [refund] = await queryRows<{ payment_id: string; status: string }>(
        db(),
        sql`select payment_id, status from payment_refunds where order_id = ${order.id}`,
      );
      expect(refund).toEqual({ payment_id: rows[1]!.id, status: 'done' });
      // The order stays paid by the first, nothing of it counted as refunded.
      expect(await orderState(order.id)).toEqual({ status: 'confirmed', payment_status: 'paid', confirmations: 1 });
      const [o] = await queryRows<{ refunded_minor: number; paid_payment_id: string }>(
        db(),
        sql`select refunded_minor, paid_payment_id from orders where id = ${order.id}`,
      );
      expect(o).toEqual({ refunded_minor: 0, paid_payment_id: rows[0]!.id });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('refuses a webhook whose signature does not hold over the raw body', async () => {
    const { order, razorpayOrderId } = await razorpayOrder();
    const body = captured(razorpayOrderId, 'pay_webhook0002', order.grandTotalMinor);
    const signature = hmacHex(WEBHOOK_SECRET, body);
    const reserialised = JSON.stringify(JSON.parse(body));
    for (const [b, s] of [
      [reserialised, signature],
      [body, hmacHex(KEY_SECRET, body)],
      [body, ''],
    ] as const) {
      const res = await deliver(b, s);
      expect(res.statusCode).toBe(400);
    }
    expect(await orderState(order.id)).toMatchObject({ status: 'awaiting_payment', confirmations: 0 });
  });

  it('payment.failed notes the failure but keeps the order waiting (the checkout lets the shopper try again)', async () => {
    const { order, razorpayOrderId } = await razorpayOrder();
    const body = JSON.stringify({
      event: 'payment.failed',
      payload: {
        payment: {
          entity: {
            id: 'pay_failed0001',
            amount: order.grandTotalMinor,
            currency: 'INR',
            status: 'failed',
            order_id: razorpayOrderId,
            error_description: 'Payment was unsuccessful as the OTP was incorrect',
          },
        },
      },
    });
    expect((await deliver(body, hmacHex(WEBHOOK_SECRET, body))).statusCode).toBe(200);
    expect(await orderState(order.id)).toMatchObject({ status: 'awaiting_payment', payment_status: 'pending' });
    expect(await paymentOf(order.id)).toMatchObject({
      status: 'created',
      failure_reason: 'Payment was unsuccessful as the OTP was incorrect',
    });
    // The next try in the same checkout succeeds: order.paid confirms it.
    const paid = JSON.stringify({
      event: 'order.paid',
      payload: {
        payment: {
          entity: { id: 'pay_retry0001', amount: order.grandTotalMinor, currency: 'INR', order_id: razorpayOrderId },
        },
        order: { entity: { id: razorpayOrderId, amount_paid: order.grandTotalMinor } },
      },
    });
    expect((await deliver(paid, hmacHex(WEBHOOK_SECRET, paid))).statusCode).toBe(200);
    expect(await orderState(order.id)).toEqual({ status: 'confirmed', payment_status: 'paid', confirmations: 1 });
  });
});
