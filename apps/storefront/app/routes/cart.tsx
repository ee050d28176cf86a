import { Link, data, useActionData, useFetcher, useFetchers } from 'react-router';
import { callEndpoint, cartApi, type CouponOffer } from '@shopfront/shared';
import type { Route } from './+types/cart';
import { Container } from '../components/container';
import { AlertIcon, ArrowRightIcon, BagIcon } from '../components/ui/icons';
import { Spinner } from '../components/ui/spinner';
import { cartAction } from '../features/cart/cart-action.server';
import { CartLine } from '../features/cart/cart-line';
import { ScriptFlag } from '../features/cart/script-flag';
import { BarTotal, CartTotals } from '../features/cart/cart-totals';
import {
  CART_ACTION,
  EMPTY_CART_TEXT,
  cartReadiness,
  isCartUpdating,
  pendingLineQuantities,
  type CartActionData,
} from '../features/cart/cart-view';
import { useCartUi } from '../features/cart/cart-ui';
import { CouponPanel } from '../features/cart/coupon-panel';
import { FreeShippingNudge } from '../features/cart/free-shipping';
import { CheckoutSteps } from '../features/checkout/steps';
import { apiTransport } from '../lib/api.server';
import { errorResponse, logFailure } from '../lib/errors';
import { rootDataFrom, shopMeta } from '../lib/meta';

const PERSONAL = { 'Cache-Control': 'private, no-store' };

/** The cart and the coupons the shopper may use; personal, never cached by a shared cache. */
export async function loader({ context }: Route.LoaderArgs) {
  const t = apiTransport(context);
  const offers = callEndpoint(t, cartApi.coupons)
    .then((r): CouponOffer[] => r.data.coupons)
    .catch((err: unknown) => {
      // Coupons decorate the cart; entering a code still works without the list.
      logFailure('coupon offers failed', err);
      return [] as CouponOffer[];
    });
  try {
    const { data: cart } = await callEndpoint(t, cartApi.get);
    return data({ cart, offers: await offers }, { headers: PERSONAL });
  } catch (err) {
    logFailure('cart lookup failed', err);
    throw errorResponse({ kind: 'server-error' });
  }
}

/** Every cart change of the storefront posts here (see features/cart/cart-action.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  return cartAction({ request, context });
}

export function headers() {
  return PERSONAL;
}

export const handle = { page: { slug: 'cart' }, cartPage: true };

export function meta({ matches }: Route.MetaArgs) {
  return [...shopMeta(rootDataFrom(matches), { title: 'Cart' }), { name: 'robots', content: 'noindex' }];
}

function ContinueButton({ enabled, noteId, className }: { enabled: boolean; noteId: string; className: string }) {
  return enabled ? (
    <Link to="/checkout/address" className={`btn btn-primary ${className}`}>
      Continue
      <ArrowRightIcon className="size-4" />
    </Link>
  ) : (
    <button type="button" disabled aria-describedby={noteId} className={`btn btn-primary ${className}`}>
      Continue
      <ArrowRightIcon className="size-4" />
    </button>
  );
}

function AcceptPrices() {
  const fetcher = useFetcher<CartActionData>({ key: 'cart-accept-prices' });
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post" action={CART_ACTION}>
      <input type="hidden" name="intent" value="accept-prices" />
      <ScriptFlag />
      <button type="submit" disabled={busy} className="btn btn-primary h-10 px-5">
        {busy && <Spinner />}
        Accept new prices
      </button>
    </fetcher.Form>
  );
}

function EmptyCart() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-12 text-center md:py-20" data-cart-empty>
      <span className="inline-flex size-16 items-center justify-center rounded-full bg-surface text-muted">
        <BagIcon className="size-8" />
      </span>
      <h2 className="mt-5 text-xl font-semibold">{EMPTY_CART_TEXT}</h2>
      <p className="mt-1.5 text-muted">Browse the shop and add something you like: it will wait for you here.</p>
      <Link to="/shop-online" className="btn btn-primary mt-7">
        Continue shopping
      </Link>
    </div>
  );
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { cart, offers } = loaderData;
  // Without JavaScript the page is the action's answer: a refused change is shown from here.
  const noScript = useActionData<typeof action>() as CartActionData | undefined;
  const fetchers = useFetchers();
  const pending = pendingLineQuantities(fetchers);
  const updating = isCartUpdating(fetchers);
  const { addedLineId } = useCartUi();
  const ready = cartReadiness(cart);
  const noteId = 'cart-continue-note';
  const pageError =
    noScript && !noScript.ok && noScript.intent !== 'apply-coupon' && noScript.intent !== 'remove-coupon'
      ? noScript.message
      : null;

  return (
    <div className="cart-page bg-surface/60 pb-10 md:pb-16">
      <Container className="pt-6 md:pt-10">
        <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
          <h1 className="text-3xl font-semibold md:text-4xl">Your cart</h1>
          <CheckoutSteps active="cart" />
        </div>

        {pageError && (
          <p
            role="alert"
            className="mt-6 flex items-start gap-2.5 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
          >
            <AlertIcon className="mt-0.5 size-4 shrink-0" />
            {pageError}
          </p>
        )}

        {ready.empty ? (
          <div className="mt-8 rounded-2xl border border-ink/10 bg-background">
            <EmptyCart />
          </div>
        ) : (
          <div className="mt-6 grid gap-6 md:mt-8 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start lg:gap-8">
            <div className="min-w-0 space-y-4">
              <FreeShippingNudge cart={cart} className="rounded-2xl border border-ink/10 bg-background px-4 py-3.5" />
              {ready.pricesChanged && (
                <div
                  role="status"
                  className="flex flex-col gap-3 rounded-2xl border border-accent/40 bg-accent/10 p-4 sm:flex-row sm:items-center sm:justify-between"
                  data-cart-warning="prices"
                >
                  <p className="text-sm">
                    <span className="font-semibold">Some prices have changed</span> since you added them. Please review
                    your cart.
                  </p>
                  <AcceptPrices />
                </div>
              )}
              {ready.shortLines.length > 0 && (
                <div
                  role="status"
                  className="flex items-start gap-2.5 rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
                  data-cart-warning="stock"
                >
                  <AlertIcon className="mt-0.5 size-4 shrink-0" />
                  <p>
                    <span className="font-semibold">
                      {ready.shortLines.length === 1
                        ? '1 item is not available'
                        : `${ready.shortLines.length} items are not available`}
                    </span>{' '}
                    in the quantity you chose. Reduce or remove {ready.shortLines.length === 1 ? 'it' : 'them'} to
                    continue.
                  </p>
                </div>
              )}
              <section aria-label="Items in your cart" className="rounded-2xl border border-ink/10 bg-background">
                <ul className="divide-y divide-ink/10 p-1.5 md:p-2" data-cart-lines>
                  {cart.items.map((line) => (
                    <CartLine
                      key={line.id}
                      line={line}
                      pendingQuantity={pending.get(line.id)}
                      maxLineQuantity={cart.max_line_quantity}
                      highlighted={addedLineId === line.id}
                    />
                  ))}
                </ul>
              </section>
              <Link
                to="/shop-online"
                className="inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold underline-offset-4 hover:underline"
              >
                ← Continue shopping
              </Link>
            </div>

            <aside className="space-y-4 lg:sticky lg:top-28" aria-label="Order summary">
              <section
                aria-labelledby="cart-summary-title"
                className="rounded-2xl border border-ink/10 bg-background p-5"
              >
                <h2 id="cart-summary-title" className="mb-2 font-semibold">
                  Order summary
                </h2>
                <CartTotals cart={cart} updating={updating} />
                <ContinueButton
                  enabled={ready.canContinue}
                  noteId={noteId}
                  className="mt-5 hidden h-12 w-full md:flex"
                />
                {ready.blocker && (
                  <p id={noteId} className="mt-3 text-sm text-red-700" data-testid="continue-blocker">
                    {ready.blocker}
                  </p>
                )}
              </section>
              <CouponPanel cart={cart} offers={offers} noScriptResult={noScript} />
            </aside>
          </div>
        )}
      </Container>

      {!ready.empty && (
        <div
          className="cart-bottom-bar fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-30 border-t border-ink/10 bg-background/95 px-4 py-3 shadow-[0_-8px_24px_-16px_rgb(0_0_0/0.3)] backdrop-blur md:hidden"
          data-testid="cart-bottom-bar"
        >
          <div className="flex items-center justify-between gap-4">
            <BarTotal total={cart.totals.grand_total} updating={updating} />
            <ContinueButton enabled={ready.canContinue} noteId={noteId} className="h-12 px-7" />
          </div>
        </div>
      )}
    </div>
  );
}
