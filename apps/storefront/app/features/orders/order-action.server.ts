import { data, redirect } from 'react-router';
import { ApiError, callEndpoint, checkoutApi, messages, ordersApi } from '@shopfront/shared';
import { apiTransport } from '../../lib/api.server';
import { isCrossSite } from '../../lib/cross-site.server';
import { JS_FIELD } from '../cart/cart-view';
import { failureOf, withKey } from '../checkout/payment-action.server';
import { PAYMENT_NEEDS_SCRIPT, nextLocation } from '../checkout/payment-view';
import {
  RATING_REQUIRED,
  REFUND_ITEMS_REQUIRED,
  RETRY_KEY_FIELD,
  isOrderIntent,
  type OrderActionResult,
  type OrderIntent,
} from './order-actions';
import { refundSelection, wholeNumber } from './order-view';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim() : '';
};

function failure(
  intent: OrderIntent | null,
  orderId: string | null,
  status: number,
  message: string,
  errors: Record<string, string[]> = {},
) {
  return data<OrderActionResult>({ ok: false, intent, orderId, message, errors }, { status, headers: NO_STORE });
}

/**
 * The changes a shopper makes to one of their orders, made on the server through the contract:
 * rate the experience, retry the online payment or switch it to Cash on Delivery
 * (process-payment), cancel, ask for a refund. `allowed` says which intents the page offers;
 * `donePath` is where a plain form lands after a success (Post/Redirect/Get). A payment answer
 * sends the browser to the result page or to the provider's (a script shows the
 * payment-processing popup first).
 */
export async function orderAction({
  request,
  context,
  allowed,
  donePath,
}: {
  request: Request;
  context: unknown;
  allowed: readonly OrderIntent[];
  donePath: (intent: OrderIntent, orderId: string) => string;
}) {
  if (isCrossSite(request)) return failure(null, null, 403, messages.forbiddenOrigin);
  const form = await request.formData();
  const intent = form.get('intent');
  if (!isOrderIntent(intent) || !allowed.includes(intent)) return failure(null, null, 400, messages.fallback);
  const orderId = text(form, 'order_id');
  const script = form.get(JS_FIELD) === '1';
  const t = apiTransport(context);
  try {
    switch (intent) {
      case 'rate': {
        const rating = wholeNumber(form.get('rating'));
        if (rating === null) return failure(intent, orderId, 422, RATING_REQUIRED, { rating: [RATING_REQUIRED] });
        const comment = text(form, 'comment');
        const { message } = await callEndpoint(t, checkoutApi.rateExperience, {
          body: { order_id: orderId, rating, comment: comment || null },
        });
        if (!script) return redirect(donePath(intent, orderId), 303);
        return data<OrderActionResult>({ ok: true, intent, orderId, message: message ?? null });
      }
      case 'cancel': {
        const reason = text(form, 'reason');
        const { message } = await callEndpoint(t, ordersApi.cancel, {
          body: { order_id: orderId, ...(reason ? { reason } : {}) },
        });
        if (!script) return redirect(donePath(intent, orderId), 303);
        return data<OrderActionResult>({ ok: true, intent, orderId, message: message ?? null });
      }
      case 'refund': {
        const items = refundSelection(form);
        if (!items.length) {
          return failure(intent, orderId, 422, REFUND_ITEMS_REQUIRED, { items: [REFUND_ITEMS_REQUIRED] });
        }
        const { message } = await callEndpoint(t, ordersApi.refundRequest, {
          body: { order_id: orderId, items, reason: text(form, 'reason') },
        });
        if (!script) return redirect(donePath(intent, orderId), 303);
        return data<OrderActionResult>({ ok: true, intent, orderId, message: message ?? null });
      }
      case 'retry':
      case 'cod': {
        const key = text(form, RETRY_KEY_FIELD) || crypto.randomUUID();
        const { data: answer } = await withKey(
          (headers) =>
            callEndpoint(t, checkoutApi.processPayment, {
              body: { order_id: orderId, ...(intent === 'cod' ? { method: 'cod' } : {}) },
              headers,
            }),
          key,
        );
        const { next } = answer;
        const target = nextLocation(next);
        if (target && (next.type !== 'redirect' || !script)) return redirect(target, 303);
        if (target || script) return data<OrderActionResult>({ ok: true, intent, orderId, next });
        // A provider whose checkout runs in the page, asked for without JavaScript.
        return failure(intent, orderId, 409, PAYMENT_NEEDS_SCRIPT);
      }
    }
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const { status, message, errors } = failureOf(err, `order ${intent}`);
    return failure(intent, orderId, status, message, errors);
  }
}
