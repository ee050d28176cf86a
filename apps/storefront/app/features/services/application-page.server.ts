import { createHash } from 'node:crypto';
import { data, redirect } from 'react-router';
import {
  ApiError,
  applicationTexts,
  applicationsApi,
  callEndpoint,
  messages,
  ordersApi,
  type Application,
  type CouponOffer,
  type OrderDetail,
} from '@shopfront/shared';
import { JS_FIELD } from '../cart/cart-view';
import { failureOf, withKey } from '../checkout/payment-action.server';
import { PAYMENT_NEEDS_SCRIPT, nextLocation } from '../checkout/payment-view';
import {
  FEE_COUPON_APPLY,
  FEE_COUPON_FIELD,
  FEE_COUPON_REMOVE,
  FEE_INTENT,
  FEE_KEY_FIELD,
  type FeeCouponResult,
  type FeeResult,
} from './fee-payment-form';
import { CANCEL_INTENT } from './cancel-application-form';
import { cancelApplication } from './cancel-application.server';
import { apiTransport, isNotFound, isUnauthenticated } from '../../lib/api.server';
import { isCrossSite } from '../../lib/cross-site.server';
import { errorResponse, logFailure } from '../../lib/errors';

/** What an application's message form answers: sent, or the API's message (and the text kept). */
export type MessageResult =
  { ok: true; message: string } | { ok: false; message: string; errors: Record<string, string[]>; body: string };

const PRIVATE = { 'Cache-Control': 'private, no-store' };

/**
 * One application as its applicant sees it (GET /api/applications/{ref}): `ref` is its id or
 * number for the signed-in customer it belongs to, or its tracking link's token for anyone who
 * holds the link. Someone else's (or no such) application is null: the page says not found.
 */
export async function loadApplication(context: unknown, ref: string): Promise<Application | null> {
  try {
    return (await callEndpoint(apiTransport(context), applicationsApi.get, { params: { ref } })).data;
  } catch (err) {
    if (isNotFound(err) || isUnauthenticated(err) || (err instanceof ApiError && err.status === 422)) return null;
    logFailure('application lookup failed', err);
    throw errorResponse({ kind: 'server-error' });
  }
}

/**
 * The coupons on offer for the fee (GET /api/applications/{ref}/coupons), asked only while the
 * pay form takes a coupon; none when they cannot be had (the form still takes a typed code).
 */
async function loadFeeOffers(context: unknown, ref: string, application: Application | null): Promise<CouponOffer[]> {
  if (!application || application.fee_methods.length === 0 || application.fee_coupon) return [];
  try {
    return (await callEndpoint(apiTransport(context), applicationsApi.coupons, { params: { ref } })).data.coupons;
  } catch (err) {
    logFailure('fee coupon offers failed', err);
    return [];
  }
}

/**
 * The fee's order once the fee is paid (`fee_order_id`), for the analytics plugins' purchase
 * event (usePurchaseEvents, as the checkout's complete page fires it for a goods order): read as
 * the shopper's own order (POST /api/orders/item), so only its customer or the browser that paid
 * it as a guest (the order_ref cookie) gets it. Anyone else holding the tracking link gets a 404:
 * no order, no event, not an error; nor is any other failure (the page never fails for analytics).
 *
 * Asked on every view of an application whose fee is paid, not only on the return from paying:
 * consent given on a later visit still fires the event then, and the order's flags (claimed once
 * per plugin through …/track-purchase) keep it to once. Which plugins are installed, or whether
 * their flags are set, is not known here without another call, so this one order read is the
 * simplest price; an application awaiting its fee (or with none) asks nothing.
 */
async function loadFeeOrder(context: unknown, application: Application | null): Promise<OrderDetail | null> {
  if (!application?.fee_order_id) return null;
  try {
    const { data: order } = await callEndpoint(apiTransport(context), ordersApi.item, {
      body: { order_id: application.fee_order_id },
    });
    return order;
  } catch (err) {
    if (!(isNotFound(err) || isUnauthenticated(err) || (err instanceof ApiError && err.status === 422))) {
      logFailure('fee order lookup failed', err);
    }
    return null;
  }
}

/** The page's loader answer: the application (null: not found, with a 404 status), never cached. */
export async function applicationPageData(context: unknown, ref: string) {
  const application = await loadApplication(context, ref);
  const [feeOffers, feeOrder] = await Promise.all([
    loadFeeOffers(context, ref, application),
    loadFeeOrder(context, application),
  ]);
  return data(
    { application, ref, feeKey: crypto.randomUUID(), cancelKey: crypto.randomUUID(), feeOffers, feeOrder },
    { status: application ? 200 : 404, headers: PRIVATE },
  );
}

/**
 * The application page's forms: pay the fee (`intent=pay`), cancel (`intent=cancel`) or write a message. Each goes through
 * the contract as the signed-in customer or the holder of the link (`ref`).
 */
export async function applicationAction(request: Request, context: unknown, ref: string) {
  const form = await request.formData();
  if (form.get('intent') === CANCEL_INTENT) return cancelApplication(request, context, ref, form);
  if (form.get('intent') === FEE_INTENT) {
    if (form.has(FEE_COUPON_APPLY) || form.has(FEE_COUPON_REMOVE)) return previewFeeCoupon(request, context, ref, form);
    return payFee(request, context, ref, form);
  }
  return postApplicationMessage(request, context, ref, form);
}

/** Posts the applicant's message on the application's thread (POST /api/applications/{ref}/messages). */
async function postApplicationMessage(request: Request, context: unknown, ref: string, form: FormData) {
  const body = String(form.get('body') ?? '');
  if (isCrossSite(request)) {
    return data<MessageResult>({ ok: false, message: messages.forbiddenOrigin, errors: {}, body }, { status: 403 });
  }
  try {
    const answer = await callEndpoint(apiTransport(context), applicationsApi.message, {
      params: { ref },
      body: { body },
    });
    return data<MessageResult>(
      { ok: true, message: answer.message ?? applicationTexts.messageSent },
      { headers: PRIVATE },
    );
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const { status, message, errors } = failureOf(err, 'application message');
    return data<MessageResult>({ ok: false, message, errors, body }, { status, headers: PRIVATE });
  }
}

/**
 * The pay form's coupon (ADR 37): Apply asks what the code (an offered coupon's, or the one typed)
 * would take off the fee (POST /api/applications/{ref}/coupons/preview: nothing is counted), its
 * refusal shown under the field; Remove drops it, asking nothing. The page keeps the answer: Pay
 * then sends that code, and the API judges it again.
 */
async function previewFeeCoupon(request: Request, context: unknown, ref: string, form: FormData) {
  const coupon = String(form.get(FEE_COUPON_APPLY) || form.get(FEE_COUPON_FIELD) || '').trim();
  const answer = (result: FeeCouponResult, status = 200) => data<FeeCouponResult>(result, { status, headers: PRIVATE });
  if (isCrossSite(request)) {
    return answer({ ok: false, intent: 'fee-coupon', message: messages.forbiddenOrigin, coupon }, 403);
  }
  if (form.has(FEE_COUPON_REMOVE)) return answer({ ok: true, intent: 'fee-coupon', preview: null });
  try {
    const { data: preview } = await callEndpoint(apiTransport(context), applicationsApi.previewCoupon, {
      params: { ref },
      body: { coupon },
    });
    return answer({ ok: true, intent: 'fee-coupon', preview });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const { status, message, errors } = failureOf(err, 'fee coupon preview');
    const couponError = errors.coupon?.[0];
    return answer(
      { ok: false, intent: 'fee-coupon', message, coupon, ...(couponError ? { couponError } : {}) },
      status,
    );
  }
}

/**
 * Pays the application's fee (POST /api/applications/{ref}/pay, with the form's Idempotency-Key:
 * a double click gets the first answer). A page of the shop (back to the application) is a
 * redirect; the provider's page is a redirect for a plain form and data for a script, which
 * shows the payment-processing popup first; an in-page checkout (Razorpay) needs the script.
 */
async function payFee(request: Request, context: unknown, ref: string, form: FormData) {
  const coupon = String(form.get(FEE_COUPON_FIELD) ?? '').trim();
  const fail = (status: number, message: string, couponError?: string) =>
    data<FeeResult>(
      { ok: false, intent: FEE_INTENT, message, coupon, ...(couponError ? { couponError } : {}) },
      { status, headers: PRIVATE },
    );
  if (isCrossSite(request)) return fail(403, messages.forbiddenOrigin);
  const method = String(form.get('method') ?? '');
  // The page's key, per coupon typed: a double click pays once, a corrected coupon is a new request
  // (the API replays a refused one's answer for its key).
  const pageKey = String(form.get(FEE_KEY_FIELD) ?? '').trim() || crypto.randomUUID();
  const key = coupon ? `${pageKey}.${createHash('sha256').update(coupon).digest('hex').slice(0, 16)}` : pageKey;
  const script = form.get(JS_FIELD) === '1';
  try {
    const { data: answer } = await withKey(
      (headers) =>
        callEndpoint(apiTransport(context), applicationsApi.pay, {
          params: { ref },
          body: { method, ...(coupon ? { coupon } : {}) },
          headers,
        }),
      key,
    );
    const { next } = answer;
    const target = nextLocation(next);
    if (target && (next.type !== 'redirect' || !script)) return redirect(target, 303);
    if (target || script) {
      return data<FeeResult>({ ok: true, intent: FEE_INTENT, next, orderId: answer.order_id }, { headers: PRIVATE });
    }
    return fail(409, PAYMENT_NEEDS_SCRIPT);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const { status, message, errors } = failureOf(err, 'application fee');
    if (errors.coupon?.[0]) return fail(status, errors.coupon[0], errors.coupon[0]);
    return fail(status, errors.method?.[0] ?? message);
  }
}
