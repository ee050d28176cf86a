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
  CHECK_TOTAL,
  CONFIRMED_TOTAL_FIELD,
  IDEMPOTENCY_FIELD,
  PAYMENT_MODE_FIELD,
  PAYMENT_NEEDS_SCRIPT,
  SHIPPING_MODE_FIELD,
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
  const confirmed = Number.isSafeInteger(total) ? total : -1;
  const body: PlaceOrderBody = { confirmed_total: confirmed };
  if (form.get(TERMS_OFFERED_FIELD) === '1') body.accept_terms = form.get(TERMS_FIELD) !== null;
  // Without JavaScript the radios come with Place order: saved first, in the cart's order.
  if (!script) {
    const saved = await saveChoices(t, form);
    if (saved !== null && saved !== confirmed) return checkTotal(form);
  }
  // A form without its key (hand-made) still places at most one order: the API finds the cart ordered.
  const key = text(form, IDEMPOTENCY_FIELD) || crypto.randomUUID();
  const { data: placed } = await withKey((headers) => callEndpoint(t, checkoutApi.placeOrder, { body, headers }), key);
  return followNext(placed.next, placed.order, script, 'place-order');
}

/** A refusal of the field it belongs to: `mode` of a save, the spec's 'is empty' of the payment step. */
class ChoiceRefused extends Error {
  constructor(
    readonly field: string,
    readonly refusal: ApiError,
  ) {
    super(refusal.message);
  }
}

/**
 * Saves the delivery option, then the payment method, that a plain Place order posted (each only
 * when posted): the cart's grand total after them (minor units), or null when nothing was posted.
 */
async function saveChoices(t: ApiTransport, form: FormData): Promise<number | null> {
  let total: number | null = null;
  const steps = [
    [SHIPPING_MODE_FIELD, cartApi.updateShippingMode],
    [PAYMENT_MODE_FIELD, cartApi.updatePaymentMode],
  ] as const;
  for (const [field, endpoint] of steps) {
    const mode = text(form, field);
    if (!mode) continue;
    try {
      ({
        data: {
          totals: {
            grand_total: { amount: total },
          },
        },
      } = await callEndpoint(t, endpoint, { body: { mode } }));
    } catch (err) {
      throw err instanceof ApiError ? new ChoiceRefused(field, err) : err;
    }
  }
  return total;
}

/** What a plain form posted, shown again (chosen, ticked) on the page that answers it. */
function keptOf(form: FormData) {
  return {
    shipping: text(form, SHIPPING_MODE_FIELD),
    payment: text(form, PAYMENT_MODE_FIELD),
    terms: form.get(TERMS_FIELD) !== null,
  };
}

/**
 * The choices just saved changed the total on the button the shopper pressed: the order is not
 * placed at a total they have not seen; the page shows the new one and asks again.
 */
function checkTotal(form: FormData) {
  return data<PaymentStepResult>(
    {
      ok: false,
      intent: 'place-order',
      message: CHECK_TOTAL,
      errors: { [CONFIRMED_TOTAL_FIELD]: [CHECK_TOTAL] },
      totalChanged: true,
      kept: keptOf(form),
    },
    { status: 409, headers: { 'Cache-Control': 'private, no-store' } },
  );
}

/**
 * The /checkout/payment action: the delivery option and the payment option of the cart
 * (update-shipping-mode, update-payment-mode; a script saves each on change) and Place order
 * (place-order with the form's Idempotency-Key). Without JavaScript Place order is the step's one
 * form: it saves the posted delivery option and payment method first, and when they change the
 * total it shows the new total instead of placing. A plain form gets Post/Redirect/Get; a script
 * gets data, and for an online payment the provider's address to go to.
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
  } catch (caught) {
    const err = caught instanceof ChoiceRefused ? caught.refusal : caught;
    if (!(err instanceof ApiError)) throw err;
    const { status, message, errors } = failureOf(err, `checkout ${intent}`);
    const totalChanged = intent === 'place-order' && status === 409 && Boolean(errors[CONFIRMED_TOTAL_FIELD]);
    // A refused place-order names its field itself (shipping_method, payment_method: the groups' own names).
    const field = caught instanceof ChoiceRefused ? caught.field : null;
    const shown = intent === 'place-order' && field ? { ...errors, [field]: [errors.mode?.[0] ?? message] } : errors;
    return data<PaymentStepResult>(
      { ok: false, intent, message, errors: shown, totalChanged, ...(script ? {} : { kept: keptOf(form) }) },
      { status, headers: { 'Cache-Control': 'private, no-store' } },
    );
  }
}
