import { useEffect, useRef } from 'react';
import { Link, data, redirect, useActionData, useFetcher } from 'react-router';
import type { Order } from '@shopfront/shared';
import type { Route } from './+types/checkout-failed';
import { Container } from '../components/container';
import { AlertIcon } from '../components/ui/icons';
import { Spinner } from '../components/ui/spinner';
import { ScriptFlag } from '../features/cart/script-flag';
import { PAYMENT_UNUSABLE } from '../features/checkout/payment-view';
import { ProcessingDialog } from '../features/checkout/processing-dialog';
import { useLeaveForPayment } from '../features/checkout/use-leave-for-payment';
import { ownLatestOrder, paymentFailed } from '../features/orders/latest.server';
import { orderAction } from '../features/orders/order-action.server';
import { RETRY_KEY_FIELD, type OrderActionResult } from '../features/orders/order-actions';
import { OrderLines, OrderTotals } from '../features/orders/order-parts';
import { completePath, failedPath, itemCount } from '../features/orders/order-view';
import { errorResponse, logFailure } from '../lib/errors';
import { rootDataFrom, shopMeta } from '../lib/meta';

const PERSONAL = { 'Cache-Control': 'private, no-store' };

/** What went wrong, as the page says it. */
type Failure = 'failed' | 'cancelled' | 'expired' | 'unpaid';

const REASONS = ['failed', 'cancelled', 'expired'] as const;

/**
 * Why the payment did not complete: the provider's return may name it (`?reason=`); otherwise
 * the order's state says it (a reservation that ran out, a payment still not made).
 */
function failureOf(order: Order, reason: string | null, now: number): Failure {
  if (reason && (REASONS as readonly string[]).includes(reason)) return reason as Failure;
  if (order.status === 'cancelled') return 'expired';
  if (order.status === 'awaiting_payment') {
    return order.reserved_until && Date.parse(order.reserved_until) < now ? 'expired' : 'unpaid';
  }
  return 'failed';
}

const TEXT: Record<Failure, { title: string; body: string }> = {
  failed: {
    title: 'Your payment did not go through',
    body: 'No money was taken for this order. You can try again, or choose another way to pay.',
  },
  cancelled: {
    title: 'You cancelled the payment',
    body: 'Your order is waiting for its payment. Try again whenever you are ready.',
  },
  expired: {
    title: 'The time to pay has run out',
    body: 'Your order could not hold its items any longer. If you were charged, the money is returned to you.',
  },
  unpaid: {
    title: 'Your order is waiting for its payment',
    body: 'We have not received the payment for this order yet.',
  },
};

/**
 * The payment failed page (spec section 2 "checkout-failed guard"): only for the shopper's own
 * latest order; a paid one goes to its complete page. Retry pays the same order again
 * (process-payment); Pay on delivery switches it to Cash on Delivery.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  let order;
  try {
    order = await ownLatestOrder(context, request);
  } catch (err) {
    logFailure('order lookup failed', err);
    throw errorResponse({ kind: 'server-error' });
  }
  if (!order) throw redirect('/');
  if (!paymentFailed(order) && order.status !== 'awaiting_payment') throw redirect(completePath(order.id));
  const reason = new URL(request.url).searchParams.get('reason');
  return data(
    { order, failure: failureOf(order, reason, Date.now()), retryKey: crypto.randomUUID() },
    { headers: PERSONAL },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  return orderAction({
    request,
    context,
    allowed: ['retry', 'cod'],
    donePath: (_, id) => failedPath(id),
  });
}

export function headers() {
  return PERSONAL;
}

export const handle = { page: { slug: 'checkout-failed' } };

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...shopMeta(rootDataFrom(matches), { title: 'Payment not completed' }),
    { name: 'robots', content: 'noindex' },
  ];
}

/**
 * What the Pay on delivery button says: the total the order will have and the Cash on Delivery
 * fee it includes (the API answers both: `pay_on_delivery`), so the shopper is never charged more
 * than the button said.
 */
function PayOnDeliveryLabel({ order }: { order: Order }) {
  const offer = order.pay_on_delivery;
  if (!offer) return <span>Pay on delivery</span>;
  return (
    <span className="flex flex-col items-center leading-tight">
      <span>
        Pay on delivery <span aria-hidden="true">·</span> <span className="tabular-nums">{offer.total.formatted}</span>
      </span>
      <span className="text-xs font-normal text-muted">
        {offer.fee.amount > 0 ? (
          <>
            <span className="sr-only"> (</span>incl. {offer.fee.formatted} fee<span className="sr-only">)</span>
          </>
        ) : (
          <>
            <span className="sr-only">, </span>no extra fee
          </>
        )}
      </span>
    </span>
  );
}

export default function CheckoutFailed({ loaderData }: Route.ComponentProps) {
  const { order, failure, retryKey } = loaderData;
  const retry = useFetcher<OrderActionResult>({ key: 'order-retry' });
  const cod = useFetcher<OrderActionResult>({ key: 'order-cod' });
  const noScript = useActionData<typeof action>() as OrderActionResult | undefined;
  const answer =
    (retry.state === 'idle' ? retry.data : undefined) ?? (cod.state === 'idle' ? cod.data : undefined) ?? noScript;
  const leavingAnswer = answer?.ok && (answer.intent === 'retry' || answer.intent === 'cod') ? answer : null;
  const { leaving, unusable } = useLeaveForPayment(leavingAnswer);
  const error = answer && !answer.ok ? answer.message : unusable ? PAYMENT_UNUSABLE : null;
  const busy = retry.state !== 'idle' || cod.state !== 'idle' || leaving;
  const text = TEXT[failure];
  const canPay = order.can_retry_payment;
  // A screen reader starts at what happened, not at the top of the shop's header.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    title.current?.focus();
  }, [order.id]);

  return (
    <div className="bg-surface/60 pb-16">
      <Container className="pt-8 md:pt-12">
        <div className="mx-auto max-w-2xl">
          <header className="flex flex-col items-center text-center" data-testid="payment-failed">
            <span
              className="inline-flex size-16 items-center justify-center rounded-full bg-red-100 text-red-700"
              aria-hidden="true"
            >
              <AlertIcon className="size-8" />
            </span>
            <h1 ref={title} tabIndex={-1} className="mt-5 text-3xl font-semibold outline-none md:text-4xl">
              {text.title}
            </h1>
            <p className="mt-3 text-base">
              Order number{' '}
              <span className="font-mono text-lg font-semibold" data-testid="order-number">
                {order.order_no}
              </span>
            </p>
            <p className="mt-1 max-w-lg text-sm text-muted" data-failure={failure}>
              {canPay
                ? text.body
                : 'This order can no longer be paid. Your cart is waiting if you want to order again.'}
            </p>
          </header>

          <section className="mt-8 rounded-2xl border border-ink/10 bg-background p-5 md:p-7" data-testid="retry-panel">
            {error && (
              <p
                role="alert"
                className="mb-4 flex items-start gap-2.5 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
              >
                <AlertIcon className="mt-0.5 size-4 shrink-0" />
                {error}
              </p>
            )}
            {canPay ? (
              <div className="flex flex-col gap-3 sm:flex-row">
                <retry.Form method="post" className="sm:flex-1">
                  <input type="hidden" name="intent" value="retry" />
                  <input type="hidden" name="order_id" value={order.id} />
                  <input type="hidden" name={RETRY_KEY_FIELD} value={retryKey} />
                  <ScriptFlag />
                  <button type="submit" disabled={busy} className="btn btn-primary h-full min-h-12 w-full py-2">
                    {retry.state !== 'idle' && <Spinner />}
                    Retry payment · {order.grand_total.formatted}
                  </button>
                </retry.Form>
                {order.can_pay_on_delivery !== false && (
                  <cod.Form method="post" className="sm:flex-1">
                    <input type="hidden" name="intent" value="cod" />
                    <input type="hidden" name="order_id" value={order.id} />
                    <input type="hidden" name={RETRY_KEY_FIELD} value={`${retryKey}-cod`} />
                    <ScriptFlag />
                    <button
                      type="submit"
                      disabled={busy}
                      className="btn btn-outline h-full min-h-12 w-full py-2"
                      data-testid="pay-on-delivery"
                    >
                      {cod.state !== 'idle' && <Spinner />}
                      <PayOnDeliveryLabel order={order} />
                    </button>
                  </cod.Form>
                )}
              </div>
            ) : null}
            <div className={canPay ? 'mt-5 border-t border-ink/10 pt-4' : ''}>
              <h2 className="font-semibold">
                Your order <span className="text-sm font-normal text-muted">({itemCount(order.total_quantity)})</span>
              </h2>
              <OrderLines order={order} />
              <div className="mt-2 border-t border-ink/10 pt-3">
                <OrderTotals order={order} />
              </div>
            </div>
          </section>

          {/* The cart became this order, so the way out is the shop, not an empty cart. */}
          <p className="mt-6 text-center text-sm">
            <Link
              to="/shop-online"
              className="inline-flex min-h-11 items-center font-semibold underline underline-offset-4"
            >
              Continue shopping
            </Link>
          </p>
        </div>
      </Container>
      <ProcessingDialog open={leaving} />
    </div>
  );
}
