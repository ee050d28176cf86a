import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkoutOptions,
  orderCall,
  razorpayPaymentSignature,
  refundCall,
  verifyRazorpayPaymentSignature,
  verifyRazorpayWebhookSignature,
  webhookOutcomes,
} from './providers/razorpay.ts';
import {
  SANDBOX_WEBHOOK_TOLERANCE_S,
  signReturn,
  signWebhook,
  verifyReturnToken,
  verifyWebhookSignature,
} from './providers/sandbox.ts';
import type { PaymentRequest } from './provider.ts';

/** One character changed (the last), so a tampered value differs from the genuine one by as little as possible. */
const tamper = (s: string) => s.slice(0, -1) + (s.endsWith('0') ? '1' : '0');

describe('Razorpay signatures, with the values Razorpay publishes', () => {
  // razorpay/razorpay-python tests/test_client_utility.py (client auth key_id / key_secret).
  const payment = {
    keySecret: 'key_secret',
    orderId: 'fake_order_id',
    paymentId: 'fake_payment_id',
    signature: 'b2335e3b0801106b84a7faff035df56ecffde06918c9ddd1f0fafbb37a51cc89',
  };
  // razorpay/razorpay-node test/utils/razorpay-utils.spec.js, validateWebhookSignature.
  const webhook = {
    body: '{"a":1,"b":2,"c":{"d":3}}',
    secret: '123456',
    signature: '2fe04e22977002e6c7cb553adab8b460cb9e2a4970d5953cb27a8472752e3bbc',
  };

  it('computes and accepts the documented checkout signature: HMAC-SHA256(order_id|payment_id, key secret), hex', () => {
    expect(razorpayPaymentSignature(payment.orderId, payment.paymentId, payment.keySecret)).toBe(payment.signature);
    expect(
      verifyRazorpayPaymentSignature(payment.orderId, payment.paymentId, payment.signature, payment.keySecret),
    ).toBe(true);
  });

  it('refuses a checkout signature that was tampered with, or checked against another order, payment or secret', () => {
    const ok = (order: string, pay: string, sig: unknown, secret: string) =>
      verifyRazorpayPaymentSignature(order, pay, sig, secret);
    expect(ok(payment.orderId, payment.paymentId, tamper(payment.signature), payment.keySecret)).toBe(false);
    expect(ok('order_other', payment.paymentId, payment.signature, payment.keySecret)).toBe(false);
    expect(ok(payment.orderId, 'pay_other', payment.signature, payment.keySecret)).toBe(false);
    expect(ok(payment.orderId, payment.paymentId, payment.signature, 'another_secret')).toBe(false);
    expect(ok(payment.orderId, payment.paymentId, payment.signature.toUpperCase(), payment.keySecret)).toBe(false);
    expect(ok(payment.orderId, payment.paymentId, '', payment.keySecret)).toBe(false);
    expect(ok(payment.orderId, payment.paymentId, undefined, payment.keySecret)).toBe(false);
    expect(ok(payment.orderId, payment.paymentId, ['b2335e3b'], payment.keySecret)).toBe(false);
  });

  it('accepts the documented webhook signature over the raw body, and refuses a changed body or signature', () => {
    expect(verifyRazorpayWebhookSignature(webhook.body, webhook.signature, webhook.secret)).toBe(true);
    expect(verifyRazorpayWebhookSignature(Buffer.from(webhook.body), webhook.signature, webhook.secret)).toBe(true);
    // The same JSON re-serialised with a space is other bytes: refused.
    expect(verifyRazorpayWebhookSignature('{"a": 1,"b":2,"c":{"d":3}}', webhook.signature, webhook.secret)).toBe(false);
    expect(verifyRazorpayWebhookSignature(webhook.body, tamper(webhook.signature), webhook.secret)).toBe(false);
    expect(verifyRazorpayWebhookSignature(webhook.body, 'sdfafds', webhook.secret)).toBe(false);
    expect(verifyRazorpayWebhookSignature(webhook.body, webhook.signature, '1234567')).toBe(false);
  });
});

const request: PaymentRequest = {
  paymentId: 'pmt_abcdefghijklmnopqrstuv',
  orderId: 'ord_xyz',
  orderNo: 'SF-100042',
  amountMinor: 129_900,
  currency: 'INR',
  shopName: 'Loom & Leaf',
  customerName: 'Asha Rao',
  email: 'asha@example.test',
  phone: '9876543210',
  returnPath: '/api/checkout/complete',
  webhookPath: '/api/payments/webhook/razorpay',
};
const cfg = { keyId: 'rzp_test_1DP5mmOlF5G5ag', keySecret: 'thisisasecret' };

describe('Razorpay requests (built, never sent by the tests)', () => {
  it('creates an order with Basic auth, the amount in paise and the attempt id as receipt', () => {
    const call = orderCall(cfg, request);
    expect(call.url).toBe('https://api.razorpay.com/v1/orders');
    expect(call.init.method).toBe('POST');
    expect(call.init.headers.authorization).toBe(
      `Basic ${Buffer.from('rzp_test_1DP5mmOlF5G5ag:thisisasecret').toString('base64')}`,
    );
    expect(JSON.parse(call.init.body)).toEqual({
      amount: 129_900,
      currency: 'INR',
      receipt: 'pmt_abcdefghijklmnopqrstuv',
      notes: { order_id: 'ord_xyz', order_no: 'SF-100042' },
    });
  });

  it('refunds a captured payment once per idempotency key (X-Refund-Idempotency)', () => {
    const call = refundCall(cfg, {
      paymentId: 'pay_29QQoUBi66xm2f',
      amountMinor: 50_000,
      idempotencyKey: 'refund-job-17',
      receipt: 'pmt_abcdefghijklmnopqrstuv',
    });
    expect(call.url).toBe('https://api.razorpay.com/v1/payments/pay_29QQoUBi66xm2f/refund');
    expect(call.init.headers['x-refund-idempotency']).toBe('refund-job-17');
    expect(call.init.headers.authorization).toMatch(/^Basic /);
    expect(JSON.parse(call.init.body)).toEqual({
      amount: 50_000,
      speed: 'normal',
      receipt: 'pmt_abcdefghijklmnopqrstuv',
    });
    // Razorpay asks for at least 10 characters of letters, digits, - and _.
    const short = refundCall(cfg, { paymentId: 'pay_1', amountMinor: 1, idempotencyKey: 'r:1', receipt: 'x' });
    expect(short.init.headers['x-refund-idempotency']).toMatch(/^[A-Za-z0-9_-]{10,}$/);
  });

  it('hands the in-page checkout the public key id, never the secret', () => {
    const options = checkoutOptions(cfg, request, 'order_9A33XWu170gUtm');
    expect(options).toMatchObject({
      key: cfg.keyId,
      amount: 129_900,
      currency: 'INR',
      order_id: 'order_9A33XWu170gUtm',
    });
    expect(JSON.stringify(options)).not.toContain(cfg.keySecret);
  });

  it('reads captured, paid and failed events; anything else is ignored', () => {
    const payment = { id: 'pay_1', order_id: 'order_1', amount: 500, currency: 'INR', status: 'captured' };
    expect(webhookOutcomes({ event: 'payment.captured', payload: { payment: { entity: payment } } })).toEqual([
      { kind: 'paid', providerRef: 'order_1', providerPaymentId: 'pay_1', amountMinor: 500, currency: 'INR' },
    ]);
    expect(
      webhookOutcomes({
        event: 'order.paid',
        payload: { payment: { entity: payment }, order: { entity: { id: 'order_1', amount_paid: 500 } } },
      }),
    ).toEqual([
      { kind: 'paid', providerRef: 'order_1', providerPaymentId: 'pay_1', amountMinor: 500, currency: 'INR' },
    ]);
    expect(
      webhookOutcomes({
        event: 'payment.failed',
        payload: { payment: { entity: { ...payment, status: 'failed', error_description: 'Card declined' } } },
      }),
    ).toEqual([{ kind: 'attempt_failed', providerRef: 'order_1', reason: 'Card declined' }]);
    expect(webhookOutcomes({ event: 'refund.processed', payload: {} })).toEqual([
      { kind: 'ignored', reason: 'event refund.processed' },
    ]);
    expect(webhookOutcomes('not an object')[0]!.kind).toBe('ignored');
  });
});

describe('sandbox signatures', () => {
  const key = randomBytes(32);
  const session = `sbs_${randomBytes(24).toString('base64url')}`;

  it('signs the return over order id, type and session; any change is refused', () => {
    const token = signReturn(key, 'ord_1', 'success', session);
    expect(verifyReturnToken(key, token, 'ord_1', 'success')).toBe(session);
    expect(verifyReturnToken(key, token, 'ord_2', 'success')).toBeNull();
    expect(verifyReturnToken(key, token, 'ord_1', 'failed')).toBeNull();
    expect(verifyReturnToken(key, tamper(token), 'ord_1', 'success')).toBeNull();
    expect(verifyReturnToken(randomBytes(32), token, 'ord_1', 'success')).toBeNull();
    const otherSession = `sbs_${randomBytes(24).toString('base64url')}`;
    expect(verifyReturnToken(key, otherSession + token.slice(token.indexOf('.')), 'ord_1', 'success')).toBeNull();
    for (const junk of ['', '.', 'abc', `${session}.`, `${session}.${'x'.repeat(43)}`, '….…']) {
      expect(verifyReturnToken(key, junk, 'ord_1', 'success')).toBeNull();
    }
  });

  it('signs the webhook with a timestamp; a changed body, a wrong key or a stale signature is refused', () => {
    const body = JSON.stringify({ id: 'evt_1', type: 'payment.succeeded' });
    const now = 1_800_000_000;
    const header = signWebhook(key, body, now);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(key, Buffer.from(body), header, now)).toBe(true);
    expect(verifyWebhookSignature(key, Buffer.from(body), header, now + SANDBOX_WEBHOOK_TOLERANCE_S)).toBe(true);
    expect(verifyWebhookSignature(key, Buffer.from(body), header, now + SANDBOX_WEBHOOK_TOLERANCE_S + 1)).toBe(false);
    expect(verifyWebhookSignature(key, Buffer.from(`${body} `), header, now)).toBe(false);
    expect(verifyWebhookSignature(randomBytes(32), Buffer.from(body), header, now)).toBe(false);
    expect(verifyWebhookSignature(key, Buffer.from(body), tamper(header), now)).toBe(false);
    // The timestamp is signed too: moving it forward breaks the signature.
    expect(verifyWebhookSignature(key, Buffer.from(body), header.replace('t=1800000000', 't=1800000100'), now)).toBe(
      false,
    );
    // A rotated key: either v1 may match.
    const rotated = `${header},v1=${signWebhook(randomBytes(32), body, now).split('v1=')[1]}`;
    expect(verifyWebhookSignature(key, Buffer.from(body), rotated, now)).toBe(true);
    for (const junk of [undefined, '', 'v1=abc', `t=${now}`, 't=x,v1=y', ['t=1', 'v1=2']]) {
      expect(verifyWebhookSignature(key, Buffer.from(body), junk, now)).toBe(false);
    }
  });
});
