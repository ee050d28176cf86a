import { data, redirect } from 'react-router';
import {
  ApiError,
  IDEMPOTENCY_KEY_HEADER,
  callEndpoint,
  cartApi,
  checkoutApi,
  idempotencyMessages,
  messages,
  type ApiTransport,
  type PaymentNext,
  type PlaceOrderBody,
} from '@shopfront/shared';
import { apiTransport } from '../../lib/api.server';
import { isCrossSite } from '../../lib/cross-site.server';
import { JS_FIELD } from '../cart/cart-view';
import {
  CONFIRMED_TOTAL_FIELD,
  IDEMPOTENCY_FIELD,
  PAYMENT_NEEDS_SCRIPT,
  TERMS_FIELD,
  TERMS_OFFERED_FIELD,
  isPaymentIntent,
  nextLocation,
  type PaymentIntent,
  type PaymentStepResult,
} from './payment-view';
import { logFailure } from '../../lib/errors';

/** The payment step's own URL (Post/Redirect/Get target of its plain forms). */
export const PAYMENT_STEP_PATH = '/checkout/payment';

/** A keyed request still running (a double click reached the API first): wait for its answer this long. */
const IN_FLIGHT_WAIT_MS = 8_000;
const IN_FLIGHT_POLL_MS = 250;

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim() : '';
};

function failure(intent: PaymentIntent | null, status: number, message: string, errors: Record<string, string[]> = {}) {
  return data<PaymentStepResult>(
    { ok: false, intent, message, errors, totalChanged: false },
    { status, headers: { 'Cache-Control': 'private, no-store' } },
  );
}

/** An ApiError as the page shows it: the server's own message, a generic one for a 5xx. */
export function failureOf(err: ApiError, what: string) {
  const status = err.status === 0 ? 503 : err.status;
  if (status >= 500) logFailure(`${what} failed`, err);
  const message = status >= 500 && err.status !== 0 ? messages.unexpected : err.message;
  return { status, message, errors: err.errors };
}

/**
 * Calls an idempotent endpoint with its key; while the same key's first request is still running
 * (409, ADR 17) it waits and asks again, so a double submission gets the first one's answer.
 */
export async function withKey<T>(call: (headers: Record<string, string>) => Promise<T>, key: string): Promise<T> {
  const headers = { [IDEMPOTENCY_KEY_HEADER]: key };
  const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
  for (;;) {
    try {
      return await call(headers);
    } catch (err) {
      const inFlight = err instanceof ApiError && err.status === 409 && err.message === idempotencyMessages.inFlight;
      if (!inFlight || Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, IN_FLIGHT_POLL_MS));
    }
  }
}

/**
 * The answer to a placed or retried order: a page of the shop (complete, failed) is a redirect
 * either way; the provider's page is a redirect for a plain form and data for a script, which
 * shows the payment-processing popup before it leaves.
 */
export function followNext(
  next: PaymentNext,
  order: { id: string; order_no: string },
  script: boolean,
  intent: 'place-order',
) {
  const target = nextLocation(next);
  if (next.type === 'complete' || next.type === 'failed') {
    if (target) return redirect(target, 303);
  } else if (next.type === 'redirect') {
    if (target && !script) return redirect(target, 303);
    if (target) return data<PaymentStepResult>({ ok: true, intent, next, orderId: order.id, orderNo: order.order_no });
  } else if (script) {
    // A provider whose checkout runs in the page.
    return data<PaymentStepResult>({ ok: true, intent, next, orderId: order.id, orderNo: order.order_no });
  } else {
    return failure(intent, 409, PAYMENT_NEEDS_SCRIPT);
  }
  logFailure('unusable payment answer', next);
  return failure(intent, 502, messages.unexpected);
}

async function placeOrder(t: ApiTransport, form: FormData, script: boolean) {
  const total = Number(text(form, CONFIRMED_TOTAL_FIELD));
  const body: PlaceOrderBody = { confirmed_total: Number.isSafeInteger(total) ? total : -1 };
  if (form.get(TERMS_OFFERED_FIELD) === '1') body.accept_terms = form.get(TERMS_FIELD) !== null;
  // A form without its key (hand-made) still places at most one order: the API finds the cart ordered.
  const key = text(form, IDEMPOTENCY_FIELD) || crypto.randomUUID();
  const { data: placed } = await withKey((headers) => callEndpoint(t, checkoutApi.placeOrder, { body, headers }), key);
  return followNext(placed.next, placed.order, script, 'place-order');
}

/**
 * The /checkout/payment action: the delivery option and the payment option of the cart
 * (update-shipping-mode, update-payment-mode) and Place order (place-order with the form's
 * Idempotency-Key). A plain form gets Post/Redirect/Get; a script gets data, and for an online
 * payment the provider's address to go to.
 */
export async function paymentStepAction({ request, context }: { request: Request; context: unknown }) {
  if (isCrossSite(request)) return failure(null, 403, messages.forbiddenOrigin);
  const form = await request.formData();
  const intent = form.get('intent');
  if (!isPaymentIntent(intent)) return failure(null, 400, messages.fallback);
  const script = form.get(JS_FIELD) === '1';
  const t = apiTransport(context);
  try {
    if (intent === 'place-order') return await placeOrder(t, form, script);
    const mode = text(form, 'mode');
    const endpoint = intent === 'shipping' ? cartApi.updateShippingMode : cartApi.updatePaymentMode;
    const { message } = await callEndpoint(t, endpoint, { body: { mode } });
    if (!script) return redirect(PAYMENT_STEP_PATH, 303);
    return data<PaymentStepResult>({ ok: true, intent, message: message ?? null });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const { status, message, errors } = failureOf(err, `checkout ${intent}`);
    const totalChanged = intent === 'place-order' && status === 409 && Boolean(errors[CONFIRMED_TOTAL_FIELD]);
    return data<PaymentStepResult>(
      { ok: false, intent, message, errors, totalChanged },
      { status, headers: { 'Cache-Control': 'private, no-store' } },
    );
  }
}
