import { useId, useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { Form, Link, data, useLocation, useNavigation } from 'react-router';
import type { Route } from './+types/checkout.address';
import { AlertIcon, ArrowRightIcon, ChevronDownIcon } from '../components/ui/icons';
import { Spinner } from '../components/ui/spinner';
import { EMPTY_CART_TEXT } from '../features/cart/cart-view';
import { addressStepAction } from '../features/checkout/address-action.server';
import { AccountPrompt } from '../features/checkout/address/account-prompt';
import { AddressSelector } from '../features/checkout/address/address-selector';
import { STEP_FIELDS, STEP_TARGETS, neededLine, targetOfField } from '../features/checkout/address/address-view';
import { BillingSame } from '../features/checkout/address/billing-same';
import { BuyerGstin } from '../features/checkout/address/buyer-gstin';
import { ContactFields } from '../features/checkout/address/contact-form';
import { loadAddressStep } from '../features/checkout/address/load.server';
import { useFocusOnRefusal, useStepRefusal } from '../features/checkout/address/step-form';
import { CheckoutHelp } from '../features/checkout/checkout-header';
import { CheckoutPageTop } from '../features/checkout/steps';
import { CheckoutSummary } from '../features/checkout/summary';
import { useTrackBeginCheckout } from '../features/plugins/analytics/use-track';
import { errorResponse, logFailure } from '../lib/errors';
import { rootDataFrom, shopMeta } from '../lib/meta';
import { useShop } from '../lib/shop';

const PERSONAL = { 'Cache-Control': 'private, no-store' };

/**
 * The address step: the cart (for the summary), the customer's address book (none for a guest),
 * the shop's address fields and countries. A customer's default addresses are put on the cart
 * here when it has none yet (spec section 4, "Address selector").
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

/** `checkout`: the site shell shows the checkout's own header instead of the storefront's chrome. */
export const handle = { page: { slug: 'checkout' }, cartPage: true, checkout: true };

export function meta({ matches }: Route.MetaArgs) {
  return [...shopMeta(rootDataFrom(matches), { title: 'Checkout: Address' }), { name: 'robots', content: 'noindex' }];
}

function Part({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="min-w-0 rounded-2xl border border-ink/10 bg-background p-5 md:p-7">
      <h2 id={id ?? titleId} tabIndex={id ? -1 : undefined} className="text-lg font-semibold outline-none">
        <span id={id ? titleId : undefined}>{title}</span>
      </h2>
      {children}
    </section>
  );
}

/** Focuses `target` (scrolled to the middle) instead of jumping to the anchor. */
function goTo(target: string) {
  return (e: MouseEvent<HTMLAnchorElement>) => {
    const el = document.getElementById(target);
    if (!el) return;
    e.preventDefault();
    el.scrollIntoView({ block: 'center' });
    el.focus({ preventScroll: true });
  };
}

/** The order's lines and totals, folded away under its total (one column: the form comes first). */
function FoldedSummary({ cart }: { cart: Route.ComponentProps['loaderData']['cart'] }) {
  const count = cart.items.reduce((n, l) => n + l.quantity, 0);
  return (
    <details className="group rounded-2xl border border-ink/10 bg-background" data-testid="summary-fold">
      <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-3 px-5 py-3 text-sm [&::-webkit-details-marker]:hidden">
        <span className="flex items-center gap-2 font-medium">
          Order summary
          <span className="text-muted">
            ({count} {count === 1 ? 'item' : 'items'})
          </span>
          <ChevronDownIcon className="size-4 transition-transform group-open:rotate-180" />
        </span>
        <span className="font-semibold tabular-nums">{cart.grand_total.formatted}</span>
      </summary>
      <div className="-mt-2 [&>section]:border-0">
        <CheckoutSummary cart={cart} updating={false} step="cart" />
      </div>
    </details>
  );
}

export default function CheckoutAddress({ loaderData }: Route.ComponentProps) {
  const { cart, customer, book, fields, countries } = loaderData;
  const { settings, storefront } = useShop();
  useTrackBeginCheckout(cart);
  const location = useLocation();
  const navigation = useNavigation();
  const refusal = useStepRefusal();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusOnRefusal(formRef, refusal);
  const busy = navigation.state !== 'idle' && navigation.formAction?.startsWith('/checkout/address') === true;
  const guestCheckout = settings.enable_guest_checkout !== false;
  // A guest where the shop takes no guest orders logs in first: nothing else to fill in yet.
  const blocked = !customer && !guestCheckout;
  const values = refusal?.values ?? null;
  // A message goes once its field is edited (the server says it again if it still applies).
  const [edited, setEdited] = useState<{ for: typeof refusal; names: ReadonlySet<string> }>({
    for: refusal,
    names: new Set(),
  });
  if (edited.for !== refusal) setEdited({ for: refusal, names: new Set() });
  const errors = Object.fromEntries(
    Object.entries(refusal?.errors ?? {}).filter(([k]) => edited.for !== refusal || !edited.names.has(k)),
  );
  const onEdit = (e: FormEvent<HTMLFormElement>) => {
    const name = (e.target as HTMLInputElement).name;
    if (name && refusal?.errors[name] && !edited.names.has(name)) {
      setEdited({ for: refusal, names: new Set([...edited.names, name]) });
    }
  };
  const sameAsShipping = values ? values[STEP_FIELDS.billingSame] !== undefined : cart.billing_same_as_shipping;
  // The address asks no phone or e-mail of its own: the contact's go with it, so it needs them.
  const shippingNeeds = (column: string) =>
    fields.Shipping.some((f) => f.column_name === column && f.is_required) && book.length === 0;
  const selector = {
    customer,
    book,
    fieldsByType: fields,
    countries,
    defaultCountryId: storefront.channel.country.id,
    values,
    errors,
  };
  const firstError = Object.keys(errors)[0];
  // The reason beside Continue: the first message left, or the refusal's own when no field has one.
  const blocker = Boolean(refusal && (firstError || Object.keys(refusal.errors).length === 0));
  const empty = cart.items.length === 0;

  return (
    <div className="checkout-page bg-surface/60 pb-12 md:pb-16">
      <div className="mx-auto max-w-2xl px-4 pt-5 sm:px-6 md:pt-8">
        {/* Spec section 4: emptying the cart resets every step. */}
        <CheckoutPageTop active={empty ? 'cart' : 'address'} />

        {empty ? (
          <div
            className="mt-6 flex flex-col items-center rounded-2xl border border-ink/10 bg-background px-6 py-14 text-center"
            data-cart-empty
          >
            <h2 className="text-xl font-semibold">{EMPTY_CART_TEXT}</h2>
            <p className="mt-1.5 text-muted">Add something to your cart before checking out.</p>
            <Link to="/shop-online" className="btn btn-primary mt-7">
              Continue shopping
            </Link>
          </div>
        ) : (
          <div className="mt-5 space-y-4">
            <FoldedSummary cart={cart} />
            {!customer && <AccountPrompt guestCheckout={guestCheckout} />}
            {!blocked && (
              <Form
                ref={formRef}
                method="post"
                noValidate
                onInput={onEdit}
                // Each render after a navigation starts from what the server has (or the refusal's values).
                key={location.key}
                className="space-y-4"
                data-checkout-form="address-step"
              >
                <Part title="Contact">
                  <ContactFields
                    cart={cart}
                    values={values}
                    errors={errors}
                    phoneRequired={Boolean(settings.order_sms_mandatory) || shippingNeeds('phone')}
                    emailRequired={Boolean(settings.order_email_mandatory) || shippingNeeds('email')}
                  />
                </Part>
                <Part title="Delivery address" id={STEP_TARGETS.Shipping}>
                  <AddressSelector slot="Shipping" onCart={cart.shipping_address} {...selector} />
                </Part>
                <Part title="Billing address" id={STEP_TARGETS.Billing}>
                  <div className="[&:has([data-billing-same]:checked)_[data-billing-fields]]:hidden">
                    <BillingSame same={sameAsShipping} />
                    <div data-billing-fields>
                      <AddressSelector
                        slot="Billing"
                        onCart={cart.billing_same_as_shipping ? null : cart.billing_address}
                        {...selector}
                      />
                    </div>
                  </div>
                  {errors.billing && sameAsShipping && (
                    <p className="mt-2 text-sm font-medium text-red-700" data-field-error>
                      {errors.billing}
                    </p>
                  )}
                  {storefront.channel.country.iso2 === 'IN' && (
                    <BuyerGstin cart={cart} values={values} errors={errors} />
                  )}
                </Part>
                <div
                  className="rounded-2xl border border-ink/10 bg-background p-5 md:p-7"
                  data-testid="continue-to-payment"
                >
                  {refusal && blocker && (
                    <p
                      role="alert"
                      tabIndex={-1}
                      id="payment-blocker"
                      className="mb-3 flex items-start gap-2 text-sm font-medium text-red-700 outline-none"
                      data-testid="address-missing"
                    >
                      <AlertIcon className="mt-0.5 size-4 shrink-0" />
                      <span className="min-w-0">
                        {firstError ? (
                          <>
                            {Object.keys(errors).length > 1
                              ? 'Please fix the fields marked above, starting with: '
                              : ''}
                            <a
                              href={`#${targetOfField(firstError)}`}
                              onClick={goTo(targetOfField(firstError))}
                              className="-my-3.5 inline-block py-3.5 underline underline-offset-2 hover:no-underline"
                              data-testid="still-needed-link"
                            >
                              {neededLine(firstError, errors[firstError]!, fields)}
                            </a>
                          </>
                        ) : (
                          refusal.message
                        )}
                      </span>
                    </p>
                  )}
                  <button
                    type="submit"
                    name={STEP_FIELDS.intent}
                    value="continue"
                    disabled={busy}
                    aria-describedby={blocker ? 'payment-blocker' : undefined}
                    className="btn btn-primary h-12 w-full sm:px-8"
                  >
                    {busy && <Spinner />}
                    Continue to payment
                    <ArrowRightIcon className="size-4" />
                  </button>
                  <p className="mt-3 text-center text-xs text-muted">
                    Your details are saved when you continue. Nothing is charged yet.
                  </p>
                </div>
              </Form>
            )}
          </div>
        )}
        <CheckoutHelp />
      </div>
    </div>
  );
}
