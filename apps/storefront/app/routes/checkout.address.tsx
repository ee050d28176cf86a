import { useId, type MouseEvent, type ReactNode } from 'react';
import { Link, data, useFetchers } from 'react-router';
import type { Route } from './+types/checkout.address';
import { Container } from '../components/container';
import { AlertIcon, ArrowRightIcon, CheckIcon } from '../components/ui/icons';
import { CartTotals } from '../features/cart/cart-summary';
import { EMPTY_CART_TEXT, isCartUpdating } from '../features/cart/cart-view';
import { addressStepAction } from '../features/checkout/address-action.server';
import { AccountPrompt } from '../features/checkout/address/account-prompt';
import { AddressSelector } from '../features/checkout/address/address-selector';
import { STEP_TARGETS, stepTargetOf } from '../features/checkout/address/address-view';
import { BillingSame } from '../features/checkout/address/billing-same';
import { ContactForm } from '../features/checkout/address/contact-form';
import { loadAddressStep } from '../features/checkout/address/load.server';
import { CheckoutSteps } from '../features/checkout/steps';
import { CheckoutSummary } from '../features/checkout/summary';
import { useTrackBeginCheckout } from '../features/plugins/analytics/use-track';
import { errorResponse, logFailure } from '../lib/errors';
import { rootDataFrom, shopMeta } from '../lib/meta';
import { useShop } from '../lib/shop';

const PERSONAL = { 'Cache-Control': 'private, no-store' };

/**
 * The address step: the cart (for the summary), the customer's address book (none for a guest),
 * the shop's address fields and countries, and what the step still lacks. A customer's default
 * addresses are put on the cart here when it has none yet (spec section 4, "Address selector").
 */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    return data(await loadAddressStep(context), { headers: PERSONAL });
  } catch (err) {
    logFailure('checkout address failed', err);
    throw errorResponse({ kind: 'server-error' });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return addressStepAction({ request, context });
}

export function headers() {
  return PERSONAL;
}

export const handle = { page: { slug: 'checkout' }, cartPage: true };

export function meta({ matches }: Route.MetaArgs) {
  return [...shopMeta(rootDataFrom(matches), { title: 'Checkout: Address' }), { name: 'robots', content: 'noindex' }];
}

function Card({
  title,
  step,
  done,
  id,
  children,
}: {
  title: string;
  step: string;
  done: boolean;
  id?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="min-w-0 rounded-2xl border border-ink/10 bg-background p-5 md:p-7">
      <h2
        id={id ?? titleId}
        tabIndex={id ? -1 : undefined}
        className="flex items-center gap-2.5 text-lg font-semibold outline-none"
      >
        <span
          aria-hidden="true"
          className={`inline-flex size-6 items-center justify-center rounded-full text-xs font-bold ${
            done ? 'bg-emerald-600 text-white' : 'bg-ink/[0.07] text-ink'
          }`}
        >
          {done ? <CheckIcon className="size-3.5" /> : step}
        </span>
        <span id={id ? titleId : undefined}>{title}</span>
      </h2>
      {children}
    </section>
  );
}

/**
 * What the step still lacks (spec section 5, the API's first failing message), linked to where
 * it is fixed: following it moves the focus there.
 */
function StillNeeded({ message }: { message: string }) {
  const target = stepTargetOf(message);
  const go = (e: MouseEvent<HTMLAnchorElement>) => {
    const el = document.getElementById(target);
    if (!el) return;
    e.preventDefault();
    el.scrollIntoView({ block: 'center' });
    el.focus({ preventScroll: true });
  };
  return (
    <p
      id="payment-blocker"
      className="mb-3 flex items-start gap-2 text-sm font-medium text-secondary-hover"
      data-testid="address-missing"
    >
      <AlertIcon className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0">
        Still needed: {/* Padded to 44 px tall for the thumb; the negative margin keeps the line as it was. */}
        <a
          href={`#${target}`}
          onClick={go}
          className="-my-3.5 inline-block py-3.5 underline underline-offset-2 hover:no-underline"
          data-testid="still-needed-link"
        >
          {message}
        </a>
      </span>
    </p>
  );
}

export default function CheckoutAddress({ loaderData }: Route.ComponentProps) {
  const { cart, customer, book, fields, countries, validation } = loaderData;
  const { settings, storefront } = useShop();
  useTrackBeginCheckout(cart);
  const fetchers = useFetchers();
  const updating = isCartUpdating(fetchers) || fetchers.some((f) => f.key.startsWith('checkout-'));
  const contactDone = Boolean(cart.email || cart.phone);
  const guestCheckout = settings.enable_guest_checkout !== false;
  // A guest where the shop takes no guest orders logs in first: nothing else to fill in yet.
  const blocked = !customer && !guestCheckout;
  const billingOnCart = cart.billing_same_as_shipping ? null : cart.billing_address;
  const selector = {
    customer,
    book,
    fieldsByType: fields,
    countries,
    defaultCountryId: storefront.channel.country.id,
  };

  return (
    <div className="checkout-page bg-surface/60 pb-12 md:pb-16">
      <Container className="pt-6 md:pt-10">
        <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
          <h1 className="text-3xl font-semibold md:text-4xl">Checkout</h1>
          <CheckoutSteps active="address" />
        </div>

        {cart.items.length === 0 ? (
          <div
            className="mt-8 flex flex-col items-center rounded-2xl border border-ink/10 bg-background px-6 py-14 text-center"
            data-cart-empty
          >
            <h2 className="text-xl font-semibold">{EMPTY_CART_TEXT}</h2>
            <p className="mt-1.5 text-muted">Add something to your cart before checking out.</p>
            <Link to="/shop-online" className="btn btn-primary mt-7">
              Continue shopping
            </Link>
          </div>
        ) : (
          <div className="mt-6 grid grid-cols-1 gap-6 md:mt-8 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start lg:gap-8">
            <div className="min-w-0 space-y-5">
              {!customer && <AccountPrompt guestCheckout={guestCheckout} />}
              {!blocked && (
                <>
                  <Card title="Contact" step="1" done={contactDone}>
                    <p className="mt-1 text-sm text-muted">Where we send your order updates.</p>
                    <ContactForm cart={cart} />
                  </Card>
                  <Card
                    title="Shipping address"
                    step="2"
                    done={Boolean(cart.shipping_address)}
                    id={STEP_TARGETS.Shipping}
                  >
                    <AddressSelector slot="Shipping" onCart={cart.shipping_address} {...selector} />
                  </Card>
                  <Card
                    title="Billing address"
                    step="3"
                    done={Boolean(cart.billing_same_as_shipping ? cart.shipping_address : billingOnCart)}
                    id={STEP_TARGETS.Billing}
                  >
                    <BillingSame same={cart.billing_same_as_shipping} />
                    {!cart.billing_same_as_shipping && (
                      <AddressSelector slot="Billing" onCart={billingOnCart} {...selector} />
                    )}
                  </Card>
                </>
              )}
              <div
                className="rounded-2xl border border-ink/10 bg-background p-5 md:p-7"
                data-testid="continue-to-payment"
              >
                {validation && !validation.valid && validation.message && <StillNeeded message={validation.message} />}
                {validation?.valid ? (
                  <Link to="/checkout/payment" className="btn btn-primary h-12 w-full sm:w-auto sm:px-8">
                    Continue to payment
                    <ArrowRightIcon className="size-4" />
                  </Link>
                ) : (
                  <button
                    type="button"
                    disabled
                    aria-describedby={validation?.message ? 'payment-blocker' : undefined}
                    className="btn btn-primary h-12 w-full sm:w-auto sm:px-8"
                  >
                    Continue to payment
                    <ArrowRightIcon className="size-4" />
                  </button>
                )}
              </div>
            </div>
            <aside className="min-w-0 lg:sticky lg:top-28">
              <CheckoutSummary
                cart={cart}
                updating={updating}
                totals={
                  <div className="mt-2 border-t border-ink/10 pt-3">
                    <CartTotals cart={cart} updating={updating} />
                  </div>
                }
              />
            </aside>
          </div>
        )}
      </Container>
    </div>
  );
}
