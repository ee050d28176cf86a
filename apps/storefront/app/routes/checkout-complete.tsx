import { useEffect, useRef, type ReactNode } from 'react';
import { Link, data, redirect, useActionData, useRevalidator } from 'react-router';
import { PAYMENT_STATUS_LABELS, type LatestOrder } from '@shopfront/shared';
import type { Route } from './+types/checkout-complete';
import { Container } from '../components/container';
import { LocalTime } from '../components/local-time';
import { CheckIcon, TruckIcon } from '../components/ui/icons';
import { Spinner } from '../components/ui/spinner';
import { shownAddress } from '../features/addresses/address-mapping';
import { ownLatestOrder, paymentFailed } from '../features/orders/latest.server';
import { orderAction } from '../features/orders/order-action.server';
import type { OrderActionResult } from '../features/orders/order-actions';
import { AddressBlock, OrderLines, OrderTotals, StatusBadge } from '../features/orders/order-parts';
import {
  completePath,
  deliveryEstimateText,
  failedPath,
  hasInvoice,
  invoicePath,
  itemCount,
  ownTrackingPath,
} from '../features/orders/order-view';
import { usePurchaseEvents } from '../features/orders/purchase-events';
import { GivenRating, RatingForm } from '../features/orders/rating-form';
import { errorResponse, logFailure } from '../lib/errors';
import { rootDataFrom, shopMeta } from '../lib/meta';
import { useShop } from '../lib/shop';

const PERSONAL = { 'Cache-Control': 'private, no-store' };
/** While a payment is being confirmed (the provider's webhook may come late), look again this often. */
const CONFIRMING_POLL_MS = 3_000;
/** …for this long; then the page says the confirmation will follow by message. */
const CONFIRMING_POLL_LIMIT = 40;

/**
 * The thank-you page (spec section 2 "checkout-complete guard"): only for the shopper's own
 * latest order, named in `?order=`; anything else goes home. An order whose payment failed has
 * its own page.
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
  if (paymentFailed(order)) throw redirect(failedPath(order.id));
  return data(
    {
      order,
      shipTo: shownAddress(order.shipping_address),
      estimate: deliveryEstimateText(order.delivery_estimate),
    },
    { headers: PERSONAL },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  return orderAction({ request, context, allowed: ['rate'], donePath: (_, id) => completePath(id) });
}

export function headers() {
  return PERSONAL;
}

export const handle = { page: { slug: 'checkout-complete' } };

export function meta({ matches }: Route.MetaArgs) {
  return [...shopMeta(rootDataFrom(matches), { title: 'Order placed' }), { name: 'robots', content: 'noindex' }];
}

function Panel({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="rounded-2xl border border-ink/10 bg-background p-5 md:p-7" data-testid={testId}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** An online payment still being confirmed: read the order again until it is (or give up quietly). */
function useConfirmingPoll(confirming: boolean) {
  const { revalidate, state } = useRevalidator();
  const polls = useRef(0);
  useEffect(() => {
    if (!confirming || state !== 'idle' || polls.current >= CONFIRMING_POLL_LIMIT) return;
    const timer = setTimeout(() => {
      polls.current += 1;
      void revalidate();
    }, CONFIRMING_POLL_MS);
    return () => clearTimeout(timer);
  }, [confirming, state, revalidate]);
}

/**
 * Where the confirmation goes, said as it is: sent through the shop's e-mail or SMS provider, or
 * held in the shop's outbox when the shop has none set up (nothing then reaches the shopper).
 */
function confirmationText(confirmation: LatestOrder['confirmation'], contact: string | null): string {
  if (confirmation.sending.length) return `We are sending the confirmation to ${confirmation.sending.join(' and ')}.`;
  if (confirmation.held.length || contact) {
    const to = confirmation.held.length ? confirmation.held.join(' or ') : contact;
    return `Your order is confirmed. This shop is not sending confirmations yet, so none will reach ${to}: please note your order number.`;
  }
  return 'Your order is confirmed. Please note your order number.';
}

export default function CheckoutComplete({ loaderData }: Route.ComponentProps) {
  const { order, shipTo, estimate } = loaderData;
  const { account } = useShop();
  const noScript = useActionData<typeof action>() as OrderActionResult | undefined;
  const confirming = order.status === 'awaiting_payment';
  useConfirmingPoll(confirming);
  usePurchaseEvents(order);
  const contact = order.email ?? order.phone;

  return (
    <div className="bg-surface/60 pb-16">
      <Container className="pt-8 md:pt-12">
        <div className="mx-auto max-w-3xl">
          <header className="flex flex-col items-center text-center" data-testid="order-placed">
            <span
              className={`inline-flex size-16 items-center justify-center rounded-full ${
                confirming ? 'bg-amber-100 text-amber-800' : 'bg-emerald-600 text-white'
              }`}
              aria-hidden="true"
            >
              {confirming ? <Spinner className="size-8" /> : <CheckIcon className="size-8" />}
            </span>
            <h1 className="mt-5 text-3xl font-semibold md:text-4xl">
              {confirming ? 'Confirming your payment…' : 'Thank you for your order!'}
            </h1>
            <p className="mt-3 text-base">
              Order number{' '}
              <span className="font-mono text-lg font-semibold" data-testid="order-number">
                {order.order_no}
              </span>
            </p>
            <p
              className="mt-1 max-w-full text-sm [overflow-wrap:anywhere] text-muted"
              role="status"
              aria-live="polite"
              data-testid="confirmation-to"
            >
              {confirming
                ? 'Your items are held for you while we hear from the payment provider. This page updates by itself.'
                : confirmationText(order.confirmation, contact)}
            </p>
          </header>

          <div className="mt-8 grid grid-cols-1 gap-5">
            <section
              className="flex flex-col gap-4 rounded-2xl border border-ink/10 bg-background p-5 sm:flex-row sm:items-center sm:justify-between md:p-7"
              data-testid="delivery-estimate"
            >
              <div className="flex min-w-0 items-start gap-3">
                <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                  <TruckIcon className="size-5" />
                </span>
                <div className="min-w-0">
                  <p className="font-semibold">{estimate ?? 'We will let you know when it ships'}</p>
                  <p className="mt-0.5 text-sm [overflow-wrap:anywhere] text-muted">
                    {order.shipping_method.name} to {shipTo.name}, {order.shipping_address.city}
                  </p>
                </div>
              </div>
              <Link to={ownTrackingPath(order.id)} className="btn btn-outline h-11 shrink-0 px-5">
                Track your order
              </Link>
            </section>

            <Panel title="Order summary" testId="order-summary">
              <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
                <span>
                  Placed <LocalTime iso={order.created_at} />
                </span>
                <span aria-hidden="true">·</span>
                <span>{itemCount(order.total_quantity)}</span>
                <StatusBadge order={order} />
              </div>
              <div className="mt-2">
                <OrderLines order={order} />
              </div>
              <div className="mt-2 border-t border-ink/10 pt-3">
                <OrderTotals order={order} />
              </div>
              {hasInvoice(order) && (
                <a
                  href={invoicePath(order.id)}
                  download
                  className="mt-4 inline-flex min-h-11 items-center text-sm font-semibold underline underline-offset-2"
                  data-testid="invoice-link"
                >
                  Download invoice (PDF)
                </a>
              )}
            </Panel>

            <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
              <section className="rounded-2xl border border-ink/10 bg-background p-5 md:p-7">
                <AddressBlock title="Delivery address" address={shipTo} />
              </section>
              <section className="rounded-2xl border border-ink/10 bg-background p-5 text-sm md:p-7">
                <h3 className="font-body text-xs font-semibold tracking-wide text-muted uppercase">Payment</h3>
                <p className="mt-1.5 font-semibold">{order.payment_method.name}</p>
                <p className="text-ink/80" data-testid="payment-status">
                  {PAYMENT_STATUS_LABELS[order.payment_status]}
                </p>
              </section>
            </div>

            {(order.rating || order.can_rate) && (
              <Panel title="Rate your experience" testId="rate-experience">
                {order.rating ? (
                  <GivenRating rating={order.rating.rating} comment={order.rating.comment} />
                ) : (
                  <>
                    <p className="mt-1 text-sm text-muted">How was shopping with us? It takes a few seconds.</p>
                    <RatingForm orderId={order.id} fetcherKey={`rate-${order.id}`} noScriptAnswer={noScript} />
                  </>
                )}
              </Panel>
            )}

            <div className="flex flex-col items-stretch gap-3 sm:flex-row sm:justify-center">
              <Link to="/shop-online" className="btn btn-primary h-12 px-8">
                Continue shopping
              </Link>
              {account && (
                <Link to="/account/orders" className="btn btn-outline h-12 px-8">
                  View your orders
                </Link>
              )}
            </div>
          </div>
        </div>
      </Container>
    </div>
  );
}
