import { Link, data, redirect, useLocation } from 'react-router';
import { ApiError, applicationsApi, callEndpoint, isUnpaid, trackingApi, type Tracking } from '@shopfront/shared';
import type { Route } from './+types/track-order.$slug';
import { Container } from '../components/container';
import { LocalTime } from '../components/local-time';
import { ResponsiveImage } from '../components/responsive-image';
import { AlertIcon, TruckIcon } from '../components/ui/icons';
import { StatusBadge } from '../features/orders/order-parts';
import { deliveryEstimateText, isOverdueEstimate, itemCount } from '../features/orders/order-view';
import { ScanList, ShipmentCard, TrackingSteps } from '../features/orders/tracking-parts';
import { UrlDialog } from '../features/orders/url-dialog';
import { apiTransport } from '../lib/api.server';
import { errorResponse, logFailure } from '../lib/errors';
import { rootDataFrom, shopMeta } from '../lib/meta';

const PERSONAL = { 'Cache-Control': 'private, no-store' };
/** What an order number looks like in the address bar (the shop's SF-…, in any case). */
const ORDER_NO_RE = /^SF-\d{4,12}$/i;
/** An application's tracking token (services mode: /track-application/{token} is its own page). */
const APPLICATION_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The spec's track-order link also tracks an application (issue 27): a slug that is no order's
 * but an application's token goes to the application's page. Null when it is neither.
 */
async function applicationPage(context: Route.LoaderArgs['context'], slug: string): Promise<string | null> {
  if (!APPLICATION_TOKEN_RE.test(slug)) return null;
  try {
    await callEndpoint(apiTransport(context), applicationsApi.get, { params: { ref: slug } });
    return `/track-application/${slug}`;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 422)) return null;
    throw err;
  }
}

/**
 * An order's tracking page (spec section 2, track-order guard): the slug is the secret of the
 * confirmation message's link, or the order's id for its owner (GET /api/track-order/{waybill});
 * anything else is "not found", never someone else's order.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  // An order number (SF-100003) is shown to its signed-in customer; anyone else is asked for the
  // phone or e-mail it was placed with, on the find form with the number filled in.
  const orderNo = ORDER_NO_RE.test(params.slug) ? params.slug.toUpperCase() : null;
  try {
    const { data: tracking } = await callEndpoint(apiTransport(context), trackingApi.get, {
      params: { waybill: params.slug },
    });
    return data(
      { tracking, estimate: deliveryEstimateText(tracking.delivery_estimate), orderNo: null },
      { headers: PERSONAL },
    );
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 422)) {
      const application = await applicationPage(context, params.slug).catch((e: unknown) => {
        logFailure('application lookup failed', e);
        return null;
      });
      if (application) throw redirect(application, { headers: PERSONAL });
      return data({ tracking: null as Tracking | null, estimate: null, orderNo }, { status: 404, headers: PERSONAL });
    }
    logFailure('tracking lookup failed', err);
    throw errorResponse({ kind: 'server-error' });
  }
}

export function headers() {
  return PERSONAL;
}

export const handle = { page: { slug: 'track-order' } };

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const title = loaderData?.tracking ? `Track order ${loaderData.tracking.order_no}` : 'Track order';
  return [...shopMeta(rootDataFrom(matches), { title }), { name: 'robots', content: 'noindex' }];
}

/** The tracking steps stop at a cancelled or unpaid order: none is in progress. */
const stopped = (t: Tracking) => t.status === 'cancelled' || isUnpaid(t.status);

/** Why the steps stopped: a cancelled order ends there; an unpaid one goes on once it is paid. */
const stoppedText = (t: Tracking) =>
  t.status === 'cancelled'
    ? 'This order is cancelled: it will not be delivered.'
    : 'This order is waiting for its payment: it is prepared and sent once it is paid.';

export default function TrackOrder({ loaderData }: Route.ComponentProps) {
  const { tracking, estimate, orderNo } = loaderData;
  const { pathname, search } = useLocation();

  if (!tracking) {
    return (
      <Container className="py-12 md:py-16">
        <div className="mx-auto flex max-w-md flex-col items-center text-center" data-testid="tracking-not-found">
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-surface text-muted">
            <AlertIcon className="size-7" />
          </span>
          {orderNo ? (
            <>
              <h1 className="mt-5 text-2xl font-semibold">Track order {orderNo}</h1>
              <p className="mt-2 text-muted">
                To see it, give the phone number or e-mail address it was placed with, or log in to the account it
                belongs to.
              </p>
              <Link
                to={`/track-order?order_no=${encodeURIComponent(orderNo)}`}
                className="btn btn-primary mt-6 h-12 px-8"
              >
                Find my order
              </Link>
            </>
          ) : (
            <>
              <h1 className="mt-5 text-2xl font-semibold">We could not find this order</h1>
              <p className="mt-2 text-muted">The link may be incomplete. Find your order with its number instead.</p>
              <Link to="/track-order" className="btn btn-primary mt-6 h-12 px-8">
                Find my order
              </Link>
            </>
          )}
        </div>
      </Container>
    );
  }

  const qs = new URLSearchParams(search);
  const openWaybill = qs.get('scans');
  const scansOf = (waybill: string) => {
    const next = new URLSearchParams(search);
    next.set('scans', waybill);
    return `${pathname}?${next.toString()}`;
  };
  const closeScans = (() => {
    const next = new URLSearchParams(search);
    next.delete('scans');
    const s = next.toString();
    return s ? `${pathname}?${s}` : pathname;
  })();
  const opened = tracking.shipments.find((s) => s.waybill === openWaybill) ?? null;

  return (
    <div className="bg-surface/60 pb-16">
      <Container className="pt-8 md:pt-12">
        <div className="mx-auto max-w-4xl">
          <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <div>
              <p className="text-sm text-muted">Track order</p>
              <h1 className="text-3xl font-semibold md:text-4xl">
                <span className="sr-only">Order </span>
                <span className="font-mono" data-testid="tracking-order-no">
                  {tracking.order_no}
                </span>
              </h1>
              <p className="mt-1 text-sm text-muted">
                Placed <LocalTime iso={tracking.placed_at} />
              </p>
            </div>
            <span className="self-start sm:self-auto">
              <StatusBadge order={tracking} />
            </span>
          </header>

          <div className="mt-6">
            <UrlDialog
              open={opened !== null}
              closeTo={closeScans}
              title={opened ? `Scans of ${opened.waybill}` : 'Scans'}
              testId="scan-dialog"
            >
              {opened && (
                <>
                  <p className="mt-1 text-sm text-muted">{opened.carrier}</p>
                  <ScanList shipment={opened} />
                  {opened.tracking_url && (
                    <a
                      href={opened.tracking_url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="mt-5 inline-flex min-h-11 items-center text-sm font-semibold underline underline-offset-2"
                    >
                      Follow it on the courier’s site
                    </a>
                  )}
                </>
              )}
            </UrlDialog>
          </div>

          <section
            aria-label="Progress"
            className="rounded-2xl border border-ink/10 bg-background p-5 md:p-8"
            data-testid="tracking-progress"
          >
            {stopped(tracking) ? (
              <p className="mb-5 flex items-start gap-2 rounded-xl bg-ink/[0.04] px-4 py-3 text-sm font-medium">
                <AlertIcon className="mt-0.5 size-4 shrink-0" />
                {stoppedText(tracking)}
              </p>
            ) : (
              estimate && (
                <div className="mb-6" data-testid="tracking-estimate">
                  <p className="flex items-center gap-2.5 text-base font-semibold">
                    <TruckIcon className="size-5 shrink-0 text-primary" />
                    {estimate}
                  </p>
                  {isOverdueEstimate(estimate) && (
                    <p className="mt-1 pl-7.5 text-sm text-muted">
                      It is taking longer than planned. The steps below show where it is now.
                    </p>
                  )}
                </div>
              )
            )}
            <TrackingSteps steps={tracking.steps} stopped={stopped(tracking)} />
          </section>

          <div className="mt-5 grid gap-5 lg:grid-cols-[minmax(0,1fr)_320px] lg:items-start">
            <section className="rounded-2xl border border-ink/10 bg-background p-5 md:p-7" data-testid="shipments">
              <h2 className="text-lg font-semibold">Parcels</h2>
              {tracking.shipments.length === 0 ? (
                <p className="mt-2 text-sm text-muted">
                  Your order has not been handed to a courier yet. Its parcels and their scans show here once it ships.
                </p>
              ) : (
                <div className="mt-4 grid gap-3">
                  {tracking.shipments.map((s) => (
                    <ShipmentCard key={s.waybill} shipment={s} scansHref={scansOf(s.waybill)} />
                  ))}
                </div>
              )}
            </section>
            <section className="rounded-2xl border border-ink/10 bg-background p-5 md:p-7">
              <h2 className="text-lg font-semibold">
                Items{' '}
                <span className="text-sm font-normal text-muted">
                  ({itemCount(tracking.items.reduce((n, i) => n + i.quantity, 0))})
                </span>
              </h2>
              <ul className="mt-3 divide-y divide-ink/10">
                {tracking.items.map((item, i) => (
                  <li key={`${item.name}-${i}`} className="flex items-center gap-3 py-3">
                    <span className="size-12 shrink-0 overflow-hidden rounded-lg bg-surface">
                      {item.image && (
                        <ResponsiveImage
                          src={item.image.url}
                          alt={item.image.alt || item.name}
                          width={200}
                          height={200}
                          sizes={{ base: '48px' }}
                          fallbackWidth={320}
                          className="size-full object-cover"
                        />
                      )}
                    </span>
                    <span className="min-w-0 flex-1 text-sm">
                      <span className="block truncate font-medium">{item.name}</span>
                      <span className="block text-muted">
                        {[
                          item.variant_title && item.variant_title.toLowerCase() !== 'default'
                            ? item.variant_title
                            : '',
                          `Qty ${item.quantity}`,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          </div>

          <p className="mt-6 text-center text-sm text-muted">
            Another order?{' '}
            <Link
              to="/track-order"
              className="inline-flex min-h-11 items-center font-semibold text-ink underline underline-offset-4"
            >
              Find it here
            </Link>
          </p>
        </div>
      </Container>
    </div>
  );
}
