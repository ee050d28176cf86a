import { Link, data, useActionData, useLocation } from 'react-router';
import { GuestTrackLink } from '../features/account/guest-track-link';
import { ApiError, callEndpoint, ordersApi, type Order, type OrderDetail } from '@shopfront/shared';
import type { Route } from './+types/account.orders';
import { LocalTime } from '../components/local-time';
import { Pagination } from '../components/pagination';
import { BagIcon } from '../components/ui/icons';
import { AccountSection } from '../features/account/section';
import { shownAddress } from '../features/addresses/address-mapping';
import { orderAction } from '../features/orders/order-action.server';
import type { OrderActionResult } from '../features/orders/order-actions';
import type { ShownOrderDetail } from '../features/orders/order-details';
import { OrderDialogs } from '../features/orders/order-dialogs';
import { LineThumb, StatusBadge } from '../features/orders/order-parts';
import { isOrderDialog, itemCount, orderDialogHref } from '../features/orders/order-view';
import { apiTransport, isNotFound, isUnauthenticated } from '../lib/api.server';
import { errorResponse, logFailure } from '../lib/errors';
import { rootDataFrom, shopMeta } from '../lib/meta';

const TITLE = 'Orders & Refunds';

const shown = (order: OrderDetail): ShownOrderDetail => ({
  order,
  shipTo: shownAddress(order.shipping_address),
  billTo: shownAddress(order.billing_address),
});

/**
 * Orders & Refunds: one page of the customer's orders (GET /api/orders/get), and the order
 * whose dialog the URL opens (`?order=…&dialog=details|cancel|refund|rate`, POST
 * /api/orders/item; someone else's order is simply not found). A guest gets nothing here: the
 * account layout shows the login gate.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = Math.min(10_000, Math.max(1, Math.trunc(Number(url.searchParams.get('page'))) || 1));
  const orderId = url.searchParams.get('order');
  const dialog = url.searchParams.get('dialog') ?? 'details';
  const t = apiTransport(context);
  try {
    const [list, detail] = await Promise.all([
      callEndpoint(t, ordersApi.list, { query: { page } }).then((r) => r.data),
      orderId
        ? callEndpoint(t, ordersApi.item, { body: { order_id: orderId } }).then(
            (r) => shown(r.data),
            (err: unknown) => {
              if (isNotFound(err) || (err instanceof ApiError && err.status === 422)) return null;
              throw err;
            },
          )
        : Promise.resolve(null),
    ]);
    return data(
      {
        list,
        detail,
        missing: orderId !== null && detail === null,
        dialog: isOrderDialog(dialog) ? dialog : null,
        retryKey: crypto.randomUUID(),
      },
      { headers: { 'Cache-Control': 'private, no-store' } },
    );
  } catch (err) {
    if (isUnauthenticated(err)) return { list: null, detail: null, missing: false, dialog: null, retryKey: '' };
    logFailure('orders lookup failed', err);
    throw errorResponse({ kind: 'server-error' });
  }
}

/** Cancel, refund, rate and pay an order of the list; a plain form lands back on its details. */
export async function action({ request, context }: Route.ActionArgs) {
  const search = new URL(request.url).search;
  return orderAction({
    request,
    context,
    allowed: ['cancel', 'refund', 'rate', 'retry'],
    donePath: (_, id) => `/account/orders${orderDialogHref(search, id, 'details')}`,
  });
}

/** On phones the Back to top button shows only while the shopper scrolls up (or at the end), so it never sits on a card's total. */
export const handle = { scrollButton: 'on-scroll-up' };

export function meta({ matches }: Route.MetaArgs) {
  return [...shopMeta(rootDataFrom(matches), { title: TITLE }), { name: 'robots', content: 'noindex' }];
}

/** Up to three line images, then "+N". */
function Thumbs({ order }: { order: Order }) {
  const shownLines = order.productchannel.slice(0, 3);
  const more = order.productchannel.length - shownLines.length;
  return (
    <div className="flex items-center -space-x-2" aria-hidden="true">
      {shownLines.map((i) => (
        <span key={i.id} className="rounded-lg ring-2 ring-background">
          <LineThumb item={i} size="size-12" />
        </span>
      ))}
      {more > 0 && (
        <span className="inline-flex size-12 items-center justify-center rounded-lg bg-surface text-xs font-semibold text-muted ring-2 ring-background">
          +{more}
        </span>
      )}
    </div>
  );
}

/** A card's action: thumb-sized, its label on one line. */
const cardAction = 'btn h-11 min-w-0 px-3 whitespace-nowrap sm:flex-none sm:px-5';

function OrderCard({ order, search }: { order: Order; search: string }) {
  const href = (d: 'details' | 'cancel' | 'refund' | 'rate') => orderDialogHref(search, order.id, d);
  const names = order.productchannel.map((i) => i.product.name).join(', ');
  const action = order.can_refund
    ? { to: href('refund'), label: 'Request refund' }
    : order.can_cancel
      ? { to: href('cancel'), label: 'Cancel' }
      : order.can_rate
        ? { to: href('rate'), label: 'Rate' }
        : null;
  const second = order.can_retry_payment
    ? { to: href('details'), label: 'Pay now', ariaLabel: undefined }
    : action
      ? { ...action, ariaLabel: `${action.label}: order ${order.order_no}` }
      : null;
  return (
    <li>
      <article
        aria-labelledby={`order-${order.id}`}
        className="rounded-2xl border border-ink/10 bg-background p-4 md:p-6"
        data-order={order.order_no}
      >
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <h2 id={`order-${order.id}`} className="font-mono text-base font-semibold">
            {order.order_no}
          </h2>
          <StatusBadge order={order} />
        </div>
        {/* Its own line under the number and badge: never squeezed beside the badge. */}
        <p className="mt-0.5 text-sm text-muted">
          <span className="whitespace-nowrap">
            <LocalTime iso={order.created_at} dateOnly />
          </span>{' '}
          · <span className="whitespace-nowrap">{itemCount(order.total_quantity)}</span>
        </p>
        <div className="mt-4 flex items-center justify-between gap-4">
          <div className="flex min-w-0 items-center gap-3">
            <Thumbs order={order} />
            <p className="hidden min-w-0 truncate text-sm text-ink/80 sm:block">{names}</p>
          </div>
          <p className="shrink-0 text-lg font-semibold tabular-nums" data-testid="order-card-total">
            {order.grand_total.formatted}
          </p>
        </div>
        {/* Phones: two equal columns (stacked below 360 px, Details alone spans both), each label on one
            line; their own width from sm. */}
        <div
          className="mt-4 grid grid-cols-1 gap-2 min-[360px]:grid-cols-2 sm:flex sm:flex-wrap"
          data-testid="order-card-actions"
        >
          <Link
            to={href('details')}
            preventScrollReset
            className={`${cardAction} btn-primary ${second ? '' : 'min-[360px]:col-span-2'}`}
            aria-label={`Details of order ${order.order_no}`}
          >
            Details
          </Link>
          {second && (
            <Link
              to={second.to}
              preventScrollReset
              className={`${cardAction} btn-outline`}
              aria-label={second.ariaLabel}
            >
              {second.label}
            </Link>
          )}
        </div>
      </article>
    </li>
  );
}

export default function AccountOrders({ loaderData }: Route.ComponentProps) {
  const { list, detail, missing, dialog, retryKey } = loaderData;
  const { search } = useLocation();
  const noScript = useActionData<typeof action>() as OrderActionResult | undefined;
  if (!list) return null;

  return (
    <AccountSection title={TITLE} description="Follow, cancel, return and rate your orders.">
      {missing && (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          Order not found.{' '}
          <Link to={orderDialogHref(search, null)} className="underline underline-offset-2">
            Back to your orders
          </Link>
        </p>
      )}
      <OrderDialogs detail={detail} dialog={dialog} retryKey={retryKey} noScript={noScript} />
      {list.orders.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-ink/10 bg-background px-6 py-14 text-center">
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-surface text-muted">
            <BagIcon className="size-7" />
          </span>
          <h2 className="mt-4 text-lg font-semibold">No orders yet</h2>
          <p className="mt-1 text-sm text-muted">When you place an order, you can follow it here.</p>
          <Link to="/shop-online" className="btn btn-primary mt-6 h-11 px-6">
            Start shopping
          </Link>
        </div>
      ) : (
        <>
          <ul className="space-y-3 md:space-y-4" data-testid="order-list">
            {list.orders.map((o) => (
              <OrderCard key={o.id} order={o} search={search} />
            ))}
          </ul>
          <Pagination page={list.page} lastPage={list.last_page} label="Order pages" className="mt-6" />
        </>
      )}
      <GuestTrackLink lead="Ordered as a guest?" />
    </AccountSection>
  );
}
