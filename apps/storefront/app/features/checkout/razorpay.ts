import { callEndpoint, checkoutApi, type PaymentNext } from '@shopfront/shared';
import { browserTransport } from '../../lib/api.client';

/**
 * Razorpay's in-page checkout (ADR 24): the API answers `next.type === 'client'` with the
 * options of checkout.js; the page loads Razorpay's script, opens its checkout, and posts what it
 * reports (a payment with its signature, a failure, or the shopper closing it) to
 * POST /api/checkout/complete-payment, which verifies it and answers the result page.
 * The shop's CSP must allow checkout.razorpay.com (script) and api.razorpay.com (frame).
 */

const SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

interface RazorpaySuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}
interface RazorpayFailure {
  error?: { code?: string; description?: string };
}
interface RazorpayInstance {
  open: () => void;
  on: (event: 'payment.failed', handler: (r: RazorpayFailure) => void) => void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

let loading: Promise<RazorpayConstructor> | null = null;

/** Loads checkout.js once (with the page's script nonce, so the CSP lets it run). */
function loadCheckout(nonce: string | null): Promise<RazorpayConstructor> {
  const w = window as unknown as { Razorpay?: RazorpayConstructor };
  if (w.Razorpay) return Promise.resolve(w.Razorpay);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    if (nonce) script.nonce = nonce;
    script.onload = () => (w.Razorpay ? resolve(w.Razorpay) : reject(new Error('checkout.js loaded without Razorpay')));
    script.onerror = () => reject(new Error('checkout.js could not be loaded'));
    document.head.appendChild(script);
  }).catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

/** What the in-page checkout reported, as complete-payment takes it (the provider's own field names). */
export function razorpayPayload(
  result:
    { kind: 'paid'; response: RazorpaySuccess } | { kind: 'failed'; response: RazorpayFailure } | { kind: 'dismissed' },
): Record<string, string> {
  if (result.kind === 'paid') {
    const { razorpay_payment_id, razorpay_order_id, razorpay_signature } = result.response;
    return { razorpay_payment_id, razorpay_order_id, razorpay_signature };
  }
  if (result.kind === 'failed') {
    return {
      error_code: String(result.response.error?.code ?? 'PAYMENT_FAILED').slice(0, 100),
      error_description: String(result.response.error?.description ?? '').slice(0, 500),
    };
  }
  return { dismissed: 'true' };
}

/**
 * Pays `orderId` in the page with the provider `next` names; resolves with where to go next
 * (the complete or failed page), or null for a provider this storefront does not know.
 */
export async function payInPage(
  next: Extract<PaymentNext, { type: 'client' }>,
  orderId: string,
  nonce: string | null,
): Promise<PaymentNext | null> {
  if (next.provider !== 'razorpay') return null;
  const Razorpay = await loadCheckout(nonce);
  const outcome = await new Promise<Parameters<typeof razorpayPayload>[0]>((resolve) => {
    const checkout = new Razorpay({
      ...next.options,
      handler: (response: RazorpaySuccess) => resolve({ kind: 'paid', response }),
      modal: { ondismiss: () => resolve({ kind: 'dismissed' }) },
    });
    checkout.on('payment.failed', (response) => resolve({ kind: 'failed', response }));
    checkout.open();
  });
  const { data } = await callEndpoint(browserTransport, checkoutApi.completePayment, {
    body: { order_id: orderId, provider: 'razorpay', payload: razorpayPayload(outcome) },
  });
  return data;
}
