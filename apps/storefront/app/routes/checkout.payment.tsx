import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  Link,
  data,
  redirect,
  useActionData,
  useFetcher,
  useFetchers,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { callEndpoint, cartApi, orderMessages, type Cart, type CheckoutVerdict } from '@shopfront/shared';
import type { Route } from './+types/checkout.payment';
import { AlertIcon, CheckIcon } from '../components/ui/icons';
import { Spinner } from '../components/ui/spinner';
import { shownAddress } from '../features/addresses/address-mapping';
import { ScriptFlag } from '../features/cart/cart-line';
import { JS_FIELD, isCartUpdating } from '../features/cart/cart-view';
import { isLeavingForPayment } from '../features/checkout/leaving';
import { paymentStepAction } from '../features/checkout/payment-action.server';
import {
  CHECK_TOTAL,
  CONFIRMED_TOTAL_FIELD,
  IDEMPOTENCY_FIELD,
  PAYMENT_MODE_FIELD,
  PAYMENT_UNUSABLE,
  PLACE_ORDER_FORM_ID,
  SHIPPING_MODE_FIELD,
  TERMS_FIELD,
  TERMS_OFFERED_FIELD,
  deliveryDaysText,
  paysOffline,
  paysOnline,
  type PaymentStepResult,
} from '../features/checkout/payment-view';
import { CheckoutHelp } from '../features/checkout/checkout-header';
import { ProcessingDialog } from '../features/checkout/processing-dialog';
import { CheckoutPageTop } from '../features/checkout/steps';
import { CheckoutSummary } from '../features/checkout/summary';
import { useLeaveForPayment } from '../features/checkout/use-leave-for-payment';
import { checkoutVerdict } from '../features/checkout/validation.server';
import { apiTransport } from '../lib/api.server';
import { errorResponse, logFailure } from '../lib/errors';
import { rootDataFrom, shopMeta } from '../lib/meta';
import { useShop } from '../lib/shop';

const PERSONAL = { 'Cache-Control': 'private, no-store' };

/**
 * The payment step, behind the checkout guard: an empty cart goes back to /cart, so does one
 * whose cart step fails (stock, prices); a cart whose address step is not done goes to
 * /checkout/address (GET /api/cart/validate, spec section 5 in its order). The page then shows
 * the delivery and payment options, the summary and Place order, with a fresh Idempotency-Key
 * for the Place order form of this rendering.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const t = apiTransport(context);
  let cart: Cart;
  let validation: CheckoutVerdict;
  try {
    ({ data: cart } = await callEndpoint(t, cartApi.get));
    validation = cart.items.length
      ? await checkoutVerdict(t, 'payment')
      : { valid: false, step: 'cart', field: 'items', message: '' };
  } catch (err) {
    logFailure('checkout payment failed', err);
    throw errorResponse({ kind: 'server-error' });
  }
  if (!validation.valid && validation.step === 'cart') throw redirect('/cart');
  if (!validation.valid && validation.step === 'address') throw redirect('/checkout/address');
  return data(
    {
      cart,
      shipTo: cart.shipping_address ? shownAddress(cart.shipping_address) : null,
      idempotencyKey: crypto.randomUUID(),
      /** The server's own text, shown before the form is sent when the box is not ticked. */
      termsRequired: orderMessages.termsRequired,
    },
    { headers: PERSONAL },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  return paymentStepAction({ request, context });
}

/**
 * Once the order is placed and the browser is leaving for the provider's page, the cart is
 * ordered: reloading this page's data now would send the shopper to /cart instead.
 */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (isLeavingForPayment()) return false;
  const answer = actionResult as PaymentStepResult | undefined;
  if (answer?.ok && answer.intent === 'place-order') return false;
  return defaultShouldRevalidate;
}

export function headers() {
  return PERSONAL;
}

/** `checkout`: the site shell shows the checkout's own header instead of the storefront's chrome. */
export const handle = { page: { slug: 'checkout' }, cartPage: true, checkout: true };

export function meta({ matches }: Route.MetaArgs) {
  return [...shopMeta(rootDataFrom(matches), { title: 'Checkout: Payment' }), { name: 'robots', content: 'noindex' }];
}

function Card({
  title,
  done,
  aside,
  children,
  testId,
}: {
  title: string;
  done: boolean;
  aside?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-2xl border border-ink/10 bg-background p-5 md:p-7"
      data-testid={testId}
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={id} className="flex items-center gap-2.5 text-lg font-semibold">
          {done && (
            <span
              aria-hidden="true"
              className="inline-flex size-6 items-center justify-center rounded-full bg-emerald-600 text-white"
            >
              <CheckIcon className="size-3.5" />
            </span>
          )}
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** A failed answer of this page's action for `intent` (a script's fetcher, else the plain form's page). */
function useAnswer(intent: 'shipping' | 'payment' | 'place-order') {
  const fetcher = useFetcher<PaymentStepResult>({ key: `checkout-${intent}` });
  const noScript = useActionData<typeof action>() as PaymentStepResult | undefined;
  const answer =
    fetcher.state === 'idle' && fetcher.data ? fetcher.data : noScript?.intent === intent ? noScript : undefined;
  return { fetcher, answer, busy: fetcher.state !== 'idle' };
}

interface Option {
  code: string;
  name: string;
  description: string;
  price?: string;
}

/**
 * One choice of the cart (delivery or payment option) as a radio group. Its radios belong to the
 * Place order form, which posts them without JavaScript (no Save button of their own); with
 * JavaScript a change is saved at once.
 */
function OptionGroup({
  intent,
  legend,
  options,
  chosen,
  prompt,
  placeError,
}: {
  intent: 'shipping' | 'payment';
  legend: string;
  options: Option[];
  chosen: string | null;
  /** Said (quietly) while nothing is chosen; the spec's 'is empty' error comes from placing the order. */
  prompt: string;
  /** Place order's refusal of this choice ('Shipping Method is empty', an option no longer offered). */
  placeError: string | null;
}) {
  const { fetcher, answer, busy } = useAnswer(intent);
  const id = useId();
  const pending = fetcher.formData?.get('mode');
  const selected = typeof pending === 'string' ? pending : chosen;
  const error = (answer && !answer.ok ? (answer.errors.mode?.[0] ?? answer.message) : null) ?? placeError;
  const note = error ?? (selected ? null : prompt);
  const save = (mode: string) => void fetcher.submit({ intent, mode, [JS_FIELD]: '1' }, { method: 'post' });
  return (
    <div data-checkout-form={intent} className="mt-4">
      {/* min-w-0: a fieldset is never narrower than its content otherwise (and overflows at 320 px). */}
      <fieldset className="min-w-0" aria-describedby={note ? `${id}-note` : undefined} aria-busy={busy || undefined}>
        <legend className="sr-only">{legend}</legend>
        {options.length === 0 ? (
          <p className="text-sm text-muted">No option is available for this address.</p>
        ) : (
          <div className="grid gap-3">
            {options.map((o) => (
              <label
                key={o.code}
                className="flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border border-ink/15 px-4 py-3 text-sm transition-colors has-[:checked]:border-primary has-[:checked]:bg-primary/[0.04] has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary/40"
              >
                <input
                  type="radio"
                  form={PLACE_ORDER_FORM_ID}
                  name={intent === 'shipping' ? SHIPPING_MODE_FIELD : PAYMENT_MODE_FIELD}
                  value={o.code}
                  // Uncontrolled: arrowing through the group keeps focus and saves each choice.
                  defaultChecked={o.code === chosen}
                  onChange={(e) => e.currentTarget.checked && save(o.code)}
                  className="size-4.5 shrink-0 accent-[var(--sf-primary)]"
                />
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold">{o.name}</span>
                  {o.description && <span className="mt-0.5 block text-muted">{o.description}</span>}
                </span>
                {o.price && <span className="shrink-0 font-semibold tabular-nums">{o.price}</span>}
              </label>
            ))}
          </div>
        )}
      </fieldset>
      {note && (
        <p
          id={`${id}-note`}
          role={error ? 'alert' : undefined}
          className={`mt-3 flex items-start gap-2 text-sm ${error ? 'font-medium text-red-700' : 'text-muted'}`}
          data-testid={`${intent}-missing`}
          data-field-error={error ? true : undefined}
        >
          {error && <AlertIcon className="mt-0.5 size-4 shrink-0" />}
          {note}
        </p>
      )}
    </div>
  );
}

/**
 * Place order, with the total it confirms. While a delivery or payment choice is being saved the
 * total is about to change: the button waits and says so (the server would refuse a stale total).
 */
function PlaceOrderButton({
  total,
  busy,
  updating,
  className,
  form,
}: {
  total: string;
  busy: boolean;
  updating: boolean;
  className: string;
  form?: string;
}) {
  return (
    <button
      type="submit"
      form={form}
      disabled={busy || updating}
      className={`btn btn-primary ${className}`}
      data-testid="place-order"
    >
      {(busy || updating) && <Spinner />}
      {busy ? 'Placing order…' : updating ? 'Updating total…' : 'Place order'}
      <span aria-hidden="true" className="opacity-60">
        ·
      </span>
      <span className="tabular-nums">{total}</span>
    </button>
  );
}

export default function CheckoutPayment({ loaderData }: Route.ComponentProps) {
  const { cart, shipTo, idempotencyKey, termsRequired } = loaderData;
  const { settings, storefront } = useShop();
  const fetchers = useFetchers();
  const { fetcher: place, answer, busy } = useAnswer('place-order');
  const updating =
    isCartUpdating(fetchers) || fetchers.some((f) => f.key === 'checkout-shipping' || f.key === 'checkout-payment');
  const placed = answer?.ok && answer.intent === 'place-order' ? answer : null;
  const { leaving, unusable } = useLeaveForPayment(placed);
  const failed = answer && !answer.ok ? answer : null;
  const termsOffered = settings.allow_tnc_checkout;
  const terms = storefront.termsandconditions_page;
  const [termsError, setTermsError] = useState<string | null>(null);
  const kept = failed?.kept;
  // Without JavaScript a refused Place order comes back with the tick as it was posted.
  const [termsTicked, setTermsTicked] = useState(kept?.terms ?? false);
  /** Counts the times the box is pointed at (Place order without a tick): each brings it into view. */
  const [termsPrompt, setTermsPrompt] = useState(0);
  const [seenFailure, setSeenFailure] = useState(failed);
  if (seenFailure !== failed) {
    setSeenFailure(failed);
    if (failed?.errors[TERMS_FIELD]?.[0]) {
      setTermsError(failed.errors[TERMS_FIELD][0]);
      setTermsPrompt((n) => n + 1);
    }
  }
  const shownTermsError = termsError ?? failed?.errors[TERMS_FIELD]?.[0] ?? null;
  const choiceError = (field: string) => failed?.errors[field]?.[0] ?? null;
  const atField = [TERMS_FIELD, SHIPPING_MODE_FIELD, PAYMENT_MODE_FIELD].some((f) => failed?.errors[f]);
  const pageError = failed && !atField ? failed.message : null;
  /** The shopper's own new choice changed the total: a note to check it, not an error. */
  const checkTotal = failed?.message === CHECK_TOTAL;
  const total = cart.totals.grand_total;
  const online = paysOnline(cart);
  const offline = paysOffline(cart);
  const processing = leaving || (busy && online);

  // The box and its message are brought into view above the phone's sticky Place order bar and
  // bottom navigation (both fixed over the page) before the focus moves there, once the message
  // is on the page.
  const termsField = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (termsPrompt === 0) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    termsField.current?.scrollIntoView({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
    document.getElementById('accept-terms')?.focus({ preventScroll: true });
  }, [termsPrompt]);

  // Without a tick the shopper is told at once, beside the box (the server says the same).
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (termsOffered && !termsTicked) {
      e.preventDefault();
      setTermsError(termsRequired);
      setTermsPrompt((n) => n + 1);
    }
  };

  const shippingOptions: Option[] = cart.shipping_methods.map((m) => ({
    code: m.code,
    name: m.name,
    // The days, unless the shop's own description already says how long it takes.
    description: m.description || deliveryDaysText(m) || '',
    price: m.price.amount === 0 ? 'Free' : m.price.formatted,
  }));
  const paymentOptions: Option[] = cart.cart_payment_methods.map((p) => ({
    code: p.code,
    name: p.name,
    description: p.description,
    ...(p.fee.amount > 0 ? { price: `+ ${p.fee.formatted}` } : {}),
  }));

  return (
    <div className="checkout-page bg-surface/60 pb-32 md:pb-16">
      <div className="mx-auto max-w-2xl px-4 pt-5 sm:px-6 md:pt-8">
        <CheckoutPageTop active="payment" />

        <div className="mt-5">
          <div className="min-w-0 space-y-4">
            {shipTo && (
              <Card
                title="Delivering to"
                done
                testId="deliver-to"
                aside={
                  <Link
                    to="/checkout/address"
                    className="inline-flex min-h-11 items-center text-sm font-semibold underline underline-offset-2 hover:no-underline"
                  >
                    Change
                  </Link>
                }
              >
                <div className="mt-2 text-sm [overflow-wrap:anywhere]">
                  <p className="font-semibold">{shipTo.name}</p>
                  <p className="text-ink/80">{shipTo.lines.join(', ')}</p>
                  <p className="mt-1 text-muted">
                    {[cart.phone || shipTo.phone, cart.email].filter(Boolean).join(' · ')}
                  </p>
                </div>
              </Card>
            )}

            <Card title="Delivery option" done={cart.shipping_method !== null} testId="delivery-options">
              <OptionGroup
                intent="shipping"
                legend="Delivery option"
                options={shippingOptions}
                chosen={kept?.shipping || cart.shipping_method?.code || null}
                prompt="Choose a delivery option."
                placeError={choiceError(SHIPPING_MODE_FIELD)}
              />
            </Card>

            <Card title="Payment method" done={cart.cart_payment_method !== null} testId="payment-options">
              <OptionGroup
                intent="payment"
                legend="Payment method"
                options={paymentOptions}
                chosen={kept?.payment || cart.cart_payment_method?.code || null}
                prompt="Choose how you would like to pay."
                placeError={choiceError(PAYMENT_MODE_FIELD)}
              />
            </Card>

            <CheckoutSummary cart={cart} updating={updating} />

            <section
              aria-label="Place your order"
              className="min-w-0 rounded-2xl border border-ink/10 bg-background p-5 md:p-7"
              data-testid="place-order-panel"
            >
              {settings.checkout_instruction && (
                <p
                  className="mb-4 rounded-xl bg-accent/10 px-4 py-3 text-sm text-ink"
                  data-testid="checkout-instruction"
                >
                  {settings.checkout_instruction}
                </p>
              )}
              <place.Form method="post" id={PLACE_ORDER_FORM_ID} onSubmit={onSubmit} noValidate>
                <input type="hidden" name="intent" value="place-order" />
                <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
                <input type="hidden" name={CONFIRMED_TOTAL_FIELD} value={total.amount} />
                <ScriptFlag />
                {termsOffered && (
                  <div
                    ref={termsField}
                    // Scrolled to (and focused) clear of the phone's fixed Place order bar and bottom navigation.
                    className={`mb-4 scroll-mt-24 scroll-mb-48 rounded-xl transition-colors md:scroll-mb-8 ${
                      shownTermsError ? '-mx-3 bg-red-50 px-3 py-2 ring-1 ring-red-200' : ''
                    }`}
                    data-testid="terms-field"
                  >
                    <input type="hidden" name={TERMS_OFFERED_FIELD} value="1" />
                    <label className="flex min-h-11 cursor-pointer items-start gap-3 py-1 text-sm text-ink select-none">
                      <input
                        id="accept-terms"
                        type="checkbox"
                        name={TERMS_FIELD}
                        checked={termsTicked}
                        onChange={(e) => {
                          setTermsTicked(e.target.checked);
                          if (e.target.checked) setTermsError(null);
                        }}
                        aria-invalid={shownTermsError ? true : undefined}
                        aria-describedby={shownTermsError ? 'accept-terms-error' : undefined}
                        className="mt-0.5 size-5 shrink-0 scroll-mt-24 scroll-mb-48 rounded border-ink/30 accent-[var(--sf-primary)] md:scroll-mb-8"
                      />
                      <span>
                        I have read and accept the{' '}
                        {terms ? (
                          <Link
                            to={`/${terms.slug}`}
                            target="_blank"
                            className="font-semibold underline underline-offset-2 hover:no-underline"
                          >
                            terms and conditions
                          </Link>
                        ) : (
                          'terms and conditions'
                        )}
                      </span>
                    </label>
                    {shownTermsError && (
                      <p
                        id="accept-terms-error"
                        className="mt-1 flex items-start gap-2 pl-8 text-sm font-semibold text-red-700"
                        data-field-error
                      >
                        <AlertIcon className="mt-0.5 size-4 shrink-0" />
                        {shownTermsError}
                      </p>
                    )}
                  </div>
                )}
                {(pageError || unusable) && (
                  <div
                    role="alert"
                    className={`mb-4 flex items-start gap-2.5 rounded-xl px-4 py-3 text-sm font-medium ${
                      checkTotal && !unusable ? 'bg-amber-50 text-amber-900' : 'bg-red-50 text-red-800'
                    }`}
                    data-testid="place-order-error"
                  >
                    <AlertIcon className="mt-0.5 size-4 shrink-0" />
                    <span>
                      {unusable ? PAYMENT_UNUSABLE : pageError}
                      {failed?.totalChanged && (
                        <span className="block font-normal">The summary now shows the new total.</span>
                      )}
                    </span>
                  </div>
                )}
                <PlaceOrderButton
                  total={total.formatted}
                  busy={busy || leaving}
                  updating={updating}
                  className="hidden h-12 w-full md:flex"
                />
                {(online || offline) && (
                  <p className="mt-3 text-xs text-muted" data-testid="payment-when">
                    {online
                      ? 'You will pay on the secure payment page next. Your items are held for you while you pay.'
                      : 'You pay when your order arrives.'}
                  </p>
                )}
              </place.Form>
            </section>
          </div>
        </div>
        <CheckoutHelp />
      </div>

      {/* Phones: Place order stays under the thumb, with the total it confirms. */}
      <div
        className="fixed inset-x-0 bottom-0 z-30 border-t border-ink/10 bg-background/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-8px_24px_-16px_rgb(0_0_0/0.3)] backdrop-blur md:hidden"
        data-testid="place-order-bar"
      >
        <div className="flex items-center justify-between gap-4">
          <div className="min-w-0">
            <p className="text-xs text-muted">Total</p>
            <p className="flex items-center gap-2 text-lg leading-tight font-semibold tabular-nums">
              {updating && <Spinner className="size-4 text-muted" />}
              {total.formatted}
            </p>
          </div>
          <button
            type="submit"
            form={PLACE_ORDER_FORM_ID}
            disabled={busy || leaving || updating}
            className="btn btn-primary h-12 px-7"
          >
            {(busy || leaving || updating) && <Spinner />}
            {updating && !busy ? 'Updating…' : 'Place order'}
          </button>
        </div>
      </div>

      <ProcessingDialog open={processing} />
    </div>
  );
}
