import type { IncomingHttpHeaders } from 'node:http';
import type { PaymentNext } from '@shopfront/shared';

/** The online payment providers the shop knows (ADR 24); Cash on Delivery needs none. */
export const PROVIDER_CODES = ['sandbox', 'razorpay'] as const;
export type ProviderCode = (typeof PROVIDER_CODES)[number];

export const isProviderCode = (code: string): code is ProviderCode =>
  (PROVIDER_CODES as readonly string[]).includes(code);

/** What the shop asks a provider to collect: one attempt (payments row) at paying one order. */
export interface PaymentRequest {
  /** The shop's reference of this attempt (payments.id). */
  paymentId: string;
  orderId: string;
  orderNo: string;
  amountMinor: number;
  currency: string;
  shopName: string;
  customerName: string;
  email: string | null;
  phone: string | null;
  /** Where a hosted page sends the shopper back (GET, signed by the provider). */
  returnPath: string;
  /** Where the provider's server-to-server notification goes (a path of this API). */
  webhookPath: string;
}

export interface CreatedPayment {
  /** The provider's id of the attempt (a session, an order): payments.provider_ref. */
  providerRef: string;
  /** What the storefront does next: go to the provider's page, or open its in-page checkout. */
  next: PaymentNext;
}

/** A payment attempt as stored, enough to continue it or refund it. */
export interface StoredPayment {
  id: string;
  orderId: string;
  providerRef: string;
  providerPaymentId: string | null;
  amountMinor: number;
  currency: string;
}

/**
 * A provider's verified word about an attempt. `paid`: the money was taken (the amount is what
 * the provider says it took). `failed` / `cancelled`: the attempt is over without money.
 * `attempt_failed`: one try failed but the shopper may still pay the same attempt (Razorpay's
 * checkout retries in place), so the order keeps waiting. `ignored`: a genuine event the shop does
 * not act on.
 */
export type PaymentOutcome =
  | { kind: 'paid'; providerRef: string; providerPaymentId: string; amountMinor: number; currency: string }
  | { kind: 'failed' | 'cancelled' | 'attempt_failed'; providerRef: string; reason: string }
  | { kind: 'ignored'; reason: string };

/** A verified return of the shopper's browser from a hosted page: the order it names and what happened. */
export interface VerifiedReturn {
  orderId: string;
  outcome: PaymentOutcome;
}

export interface RefundRequest {
  payment: StoredPayment;
  amountMinor: number;
  /** The same on every retry of one refund: the provider pays it out once. */
  idempotencyKey: string;
  reason: string;
}

/**
 * One payment provider (ADR 24). Every method that talks to the provider is called outside any
 * database transaction. Verification methods answer null when a signature does not hold.
 */
export interface PaymentProvider {
  readonly code: ProviderCode;
  /** Opens an attempt with the provider for `req` and says where the shopper goes next. */
  createPayment(req: PaymentRequest): Promise<CreatedPayment>;
  /** The next step of an attempt created a moment ago (a double click reuses it); null when it can no longer be paid. */
  resume(req: PaymentRequest, providerRef: string): Promise<PaymentNext | null>;
  /** A hosted page's signed return (GET /api/checkout/complete: token, order_id, type). */
  verifyReturn?(query: { token: string; order_id: string; type: string }): Promise<VerifiedReturn | null>;
  /** An in-page checkout's signed result (POST /api/checkout/complete-payment), checked against the stored attempt. */
  verifyClientResult?(payment: StoredPayment, payload: Record<string, string>): PaymentOutcome | null;
  /** A server-to-server notification: its outcomes once the signature over the raw body holds, else null. */
  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<PaymentOutcome[] | null>;
  /** Pays `amountMinor` of a captured payment back to the shopper. */
  refund(req: RefundRequest): Promise<{ refundRef: string }>;
}

/** A provider that could not be reached or refused the request (the message is for the log, not the shopper). */
export class ProviderError extends Error {
  constructor(
    readonly provider: ProviderCode,
    message: string,
  ) {
    super(`${provider}: ${message}`);
    this.name = 'ProviderError';
  }
}
