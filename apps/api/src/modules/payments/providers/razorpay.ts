import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import type { PaymentNext } from '@shopfront/shared';
import {
  ProviderError,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentRequest,
  type StoredPayment,
} from '../provider.ts';
import { hmacHex, sameSignature } from '../../../lib/signing.ts';

/**
 * Razorpay (ADR 24): Orders API to open an attempt, Standard Checkout (checkout.js) in the page,
 * the checkout's signed result to POST /api/checkout/complete-payment, signed webhooks, and the
 * Refunds API. Signatures as Razorpay documents them:
 *
 * - checkout result: razorpay_signature = hex HMAC-SHA256(order_id + "|" + razorpay_payment_id)
 *   under the key secret, where order_id is the one the shop stored when it created the order
 *   (never the one the browser sends back);
 * - webhook: X-Razorpay-Signature = hex HMAC-SHA256 of the raw request body under the webhook
 *   secret set in the dashboard (the exact bytes received, never re-serialised JSON).
 */

export const RAZORPAY_API = 'https://api.razorpay.com/v1';
export const RAZORPAY_SIGNATURE_HEADER = 'x-razorpay-signature';
/** Razorpay's own API is given this long before the shop gives up on a call. */
const RAZORPAY_TIMEOUT_MS = 10_000;

export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  /** Without it every webhook is refused (nothing can be verified). */
  webhookSecret?: string;
  apiBase?: string;
}

/** razorpay_signature of a checkout result. */
export function razorpayPaymentSignature(orderId: string, paymentId: string, keySecret: string): string {
  return hmacHex(keySecret, `${orderId}|${paymentId}`);
}

/** Whether a checkout result's signature holds for the stored Razorpay order id. */
export function verifyRazorpayPaymentSignature(
  storedOrderId: string,
  paymentId: string,
  signature: unknown,
  keySecret: string,
): boolean {
  return sameSignature(signature, razorpayPaymentSignature(storedOrderId, paymentId, keySecret));
}

/** Whether X-Razorpay-Signature holds for the raw body. */
export function verifyRazorpayWebhookSignature(raw: Buffer | string, signature: unknown, secret: string): boolean {
  return sameSignature(signature, hmacHex(secret, raw));
}

export interface HttpCall {
  url: string;
  init: RequestInit & { method: string; headers: Record<string, string>; body: string };
}

const basicAuth = (cfg: Pick<RazorpayConfig, 'keyId' | 'keySecret'>) =>
  `Basic ${Buffer.from(`${cfg.keyId}:${cfg.keySecret}`).toString('base64')}`;

/** POST /v1/orders for one attempt: the amount in paise, our attempt id as the receipt. */
export function orderCall(cfg: RazorpayConfig, req: PaymentRequest): HttpCall {
  return {
    url: `${cfg.apiBase ?? RAZORPAY_API}/orders`,
    init: {
      method: 'POST',
      headers: { authorization: basicAuth(cfg), 'content-type': 'application/json' },
      body: JSON.stringify({
        amount: req.amountMinor,
        currency: req.currency,
        // At most 40 characters; the attempt id (pmt_ + 22) fits.
        receipt: req.paymentId,
        notes: { order_id: req.orderId, order_no: req.orderNo },
      }),
    },
  };
}

/**
 * POST /v1/payments/:id/refund. `X-Refund-Idempotency` (10+ characters of letters, digits, - and
 * _) makes a retried request refund once.
 */
export function refundCall(
  cfg: RazorpayConfig,
  r: { paymentId: string; amountMinor: number; idempotencyKey: string; receipt: string },
): HttpCall {
  const idempotency = r.idempotencyKey
    .replace(/[^A-Za-z0-9_-]/g, '_')
    .padEnd(10, '_')
    .slice(0, 64);
  return {
    url: `${cfg.apiBase ?? RAZORPAY_API}/payments/${encodeURIComponent(r.paymentId)}/refund`,
    init: {
      method: 'POST',
      headers: {
        authorization: basicAuth(cfg),
        'content-type': 'application/json',
        'x-refund-idempotency': idempotency,
      },
      body: JSON.stringify({ amount: r.amountMinor, speed: 'normal', receipt: r.receipt.slice(0, 40) }),
    },
  };
}

/** The in-page checkout's options (checkout.js); the storefront adds its handler and posts the result back. */
export function checkoutOptions(cfg: Pick<RazorpayConfig, 'keyId'>, req: PaymentRequest, razorpayOrderId: string) {
  return {
    key: cfg.keyId,
    amount: req.amountMinor,
    currency: req.currency,
    name: req.shopName,
    description: `Order ${req.orderNo}`,
    order_id: razorpayOrderId,
    prefill: { name: req.customerName, email: req.email ?? '', contact: req.phone ?? '' },
    notes: { order_id: req.orderId },
  };
}

const Entity = z.looseObject({ id: z.string().max(100) });
const WebhookSchema = z.looseObject({
  event: z.string().max(100),
  payload: z
    .looseObject({
      payment: z
        .looseObject({
          entity: Entity.extend({
            order_id: z.string().max(100).nullable().optional(),
            amount: z.number().int(),
            currency: z.string().max(3),
            error_description: z.string().max(500).nullable().optional(),
          }),
        })
        .optional(),
      order: z.looseObject({ entity: Entity }).optional(),
    })
    .optional(),
});

/** What a verified webhook body says (pure: the signature is checked before). */
export function webhookOutcomes(body: unknown): PaymentOutcome[] {
  const parsed = WebhookSchema.safeParse(body);
  if (!parsed.success) return [{ kind: 'ignored', reason: 'not a payment event' }];
  const { event, payload } = parsed.data;
  const payment = payload?.payment?.entity;
  const orderRef = payload?.order?.entity.id ?? payment?.order_id ?? null;
  if ((event === 'payment.captured' || event === 'order.paid') && payment && orderRef) {
    return [
      {
        kind: 'paid',
        providerRef: orderRef,
        providerPaymentId: payment.id,
        amountMinor: payment.amount,
        currency: payment.currency,
      },
    ];
  }
  // One try failed; Razorpay's checkout lets the shopper try again on the same order.
  if (event === 'payment.failed' && payment?.order_id) {
    return [
      { kind: 'attempt_failed', providerRef: payment.order_id, reason: payment.error_description ?? 'payment failed' },
    ];
  }
  return [{ kind: 'ignored', reason: `event ${event}` }];
}

async function callRazorpay<T>(cfg: RazorpayConfig, call: HttpCall, schema: z.ZodType<T>): Promise<T> {
  let res: Response;
  try {
    res = await fetch(call.url, { ...call.init, signal: AbortSignal.timeout(RAZORPAY_TIMEOUT_MS) });
  } catch (err) {
    throw new ProviderError('razorpay', `request failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // reported below
  }
  if (!res.ok) {
    const description = (json as { error?: { description?: unknown } } | null)?.error?.description;
    throw new ProviderError(
      'razorpay',
      `HTTP ${res.status}: ${typeof description === 'string' ? description : 'no description'}`,
    );
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ProviderError('razorpay', 'unexpected answer');
  return parsed.data;
}

/** Razorpay as a PaymentProvider. */
export function razorpayProvider(cfg: RazorpayConfig): PaymentProvider {
  const next = (req: PaymentRequest, razorpayOrderId: string): PaymentNext => ({
    type: 'client',
    provider: 'razorpay',
    options: checkoutOptions(cfg, req, razorpayOrderId),
  });

  return {
    code: 'razorpay',

    async createPayment(req) {
      const order = await callRazorpay(cfg, orderCall(cfg, req), z.looseObject({ id: z.string().min(1).max(100) }));
      return { providerRef: order.id, next: next(req, order.id) };
    },

    // A Razorpay order takes payments until one succeeds: the same checkout opens again.
    resume: async (req, razorpayOrderId) => next(req, razorpayOrderId),

    verifyClientResult(payment: StoredPayment, payload) {
      if (payload.error_code || payload.error_description) {
        return {
          kind: 'failed',
          providerRef: payment.providerRef,
          reason: payload.error_description || payload.error_code!,
        };
      }
      if (payload.dismissed === 'true') {
        return { kind: 'cancelled', providerRef: payment.providerRef, reason: 'checkout closed by the shopper' };
      }
      const paymentId = payload.razorpay_payment_id;
      if (!paymentId) return null;
      // The browser's order id must be ours, but the signature is checked against the stored one.
      if (payload.razorpay_order_id !== undefined && payload.razorpay_order_id !== payment.providerRef) return null;
      if (!verifyRazorpayPaymentSignature(payment.providerRef, paymentId, payload.razorpay_signature, cfg.keySecret)) {
        return null;
      }
      // A verified checkout result is for the order's amount, which the shop set when creating it.
      return {
        kind: 'paid',
        providerRef: payment.providerRef,
        providerPaymentId: paymentId,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
      };
    },

    async verifyWebhook(raw: Buffer, headers: IncomingHttpHeaders) {
      if (!cfg.webhookSecret) return null;
      if (!verifyRazorpayWebhookSignature(raw, headers[RAZORPAY_SIGNATURE_HEADER], cfg.webhookSecret)) return null;
      try {
        return webhookOutcomes(JSON.parse(raw.toString('utf8')));
      } catch {
        return [{ kind: 'ignored', reason: 'body is not JSON' }];
      }
    },

    async refund({ payment, amountMinor, idempotencyKey }) {
      if (!payment.providerPaymentId)
        throw new ProviderError('razorpay', `attempt ${payment.id} has no captured payment`);
      const call = refundCall(cfg, {
        paymentId: payment.providerPaymentId,
        amountMinor,
        idempotencyKey,
        receipt: payment.id,
      });
      const refund = await callRazorpay(cfg, call, z.looseObject({ id: z.string().min(1).max(100) }));
      return { refundRef: refund.id };
    },
  };
}
