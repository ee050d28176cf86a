import { useId, useState, type ReactNode } from 'react';
import { Link, data, useActionData, useFetcher, useFetchers } from 'react-router';
import {
  callEndpoint,
  cartApi,
  type Address,
  type AddressField,
  type Cart,
  type CartValidation,
  type Country,
} from '@shopfront/shared';
import type { Route } from './+types/checkout.address';
import { Container } from '../components/container';
import { ResponsiveImage } from '../components/responsive-image';
import { FieldFrame, inputBorder, inputClass } from '../components/ui/field';
import { AlertIcon, ArrowRightIcon, CheckIcon, ChevronDownIcon } from '../components/ui/icons';
import { Spinner } from '../components/ui/spinner';
import { ScriptFlag } from '../features/cart/cart-line';
import { useHydrated } from '../lib/use-hydrated';
import { CartTotals } from '../features/cart/cart-summary';
import { EMPTY_CART_TEXT, isCartUpdating, variantText } from '../features/cart/cart-view';
import { addressStepAction, type AddressStepResult } from '../features/checkout/address-action.server';
import { CONSENT_FIELD, CONSENT_OFFERED_FIELD } from '../features/checkout/contact-fields';
import { CheckoutSteps } from '../features/checkout/steps';
import { api, apiTransport, isUnauthenticated } from '../lib/api.server';
import { errorResponse } from '../lib/errors';
import { rootDataFrom, shopMeta } from '../lib/meta';
import { useShop } from '../lib/shop';

const PERSONAL = { 'Cache-Control': 'private, no-store' };

/** An address with its display lines, formatted on the server (the browser needs no schema module). */
function withLines(a: Address) {
  const join = (parts: (string | null | undefined)[], sep: string) =>
    parts.filter((p): p is string => Boolean(p && p.trim())).join(sep);
  return {
    id: a.id,
    default: a.default,
    name: join([a.first_name, a.last_name], ' '),
    lines: [
      join([a.address_line_1, a.address_line_2], ', '),
      a.landmark ? `Near ${a.landmark}` : '',
      join([a.city, join([a.state?.name, a.postcode], ' ')], ', '),
      a.country.name,
    ].filter(Boolean),
    phone: a.phone,
  };
}
type ShownAddress = ReturnType<typeof withLines>;

/**
 * The address step: the cart (for the summary), the customer's saved shipping addresses (a 401
 * means a guest), the shop's address fields and countries, and what the step still lacks
 * (GET /api/cart/validate/address, spec section 5 messages).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const t = apiTransport(context);
  const client = api(context);
  try {
    const [{ data: cart }, saved, fields, countries] = await Promise.all([
      callEndpoint(t, cartApi.get),
      client.addresses().catch((err: unknown) => {
        if (isUnauthenticated(err)) return null;
        throw err;
      }),
      client.addressFields(),
      client.countries(),
    ]);
    const validation: CartValidation | null = cart.items.length
      ? await callEndpoint(t, cartApi.validateAddress)
          .then((r) => r.data)
          .catch((err: unknown) => {
            console.error('address validation failed', err);
            return null;
          })
      : null;
    return data(
      {
        cart,
        customer: saved !== null,
        saved: (saved ?? []).filter((a) => a.address_type === 'Shipping').map(withLines),
        shippingOnCart: cart.shipping_address ? withLines(cart.shipping_address) : null,
        fields: fields.Shipping,
        countries,
        validation,
      },
      { headers: PERSONAL },
    );
  } catch (err) {
    console.error('checkout address failed', err);
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

function Card({ title, step, done, children }: { title: string; step: string; done: boolean; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-ink/10 bg-background p-5 md:p-7">
      <h2 id={id} className="flex items-center gap-2.5 text-lg font-semibold">
        <span
          aria-hidden="true"
          className={`inline-flex size-6 items-center justify-center rounded-full text-xs font-bold ${
            done ? 'bg-emerald-600 text-white' : 'bg-ink/[0.07] text-ink'
          }`}
        >
          {done ? <CheckIcon className="size-3.5" /> : step}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

function useStepForm(intent: 'contact' | 'address') {
  const fetcher = useFetcher<AddressStepResult>({ key: `checkout-${intent}` });
  const noScript = useActionData<typeof action>() as AddressStepResult | undefined;
  const answer =
    fetcher.state === 'idle' && fetcher.data ? fetcher.data : noScript?.intent === intent ? noScript : undefined;
  return { fetcher, answer, busy: fetcher.state !== 'idle' };
}

/** The plugins row of the abandoned-cart reminder (ABANDONED_CART.moduleName; its module brings zod along). */
const REMINDER_PLUGIN = 'AbandonedCart';

function ContactForm({ cart }: { cart: Cart }) {
  const { settings, account, plugins } = useShop();
  const { fetcher, answer, busy } = useStepForm('contact');
  const id = useId();
  const failed = answer && !answer.ok ? answer : null;
  const values = failed ? failed.values : {};
  const errors = failed ? failed.errors : {};
  const email = values.email ?? cart.email ?? account?.email ?? '';
  const phone = values.phone ?? cart.phone ?? account?.phone ?? '';
  // Consent to the one reminder: asked only while the plugin is installed, unticked until given.
  const offerReminder = plugins.some((p) => p.module_name === REMINDER_PLUGIN);
  const consent = failed ? values[CONSENT_FIELD] !== undefined : cart.marketing_consent;
  const err = (k: string) => errors[k]?.[0];
  return (
    <fetcher.Form method="post" noValidate className="mt-5 space-y-4" data-checkout-form="contact">
      <input type="hidden" name="intent" value="contact" />
      <ScriptFlag />
      <div className="grid gap-4 sm:grid-cols-2">
        <FieldFrame
          id={`${id}-email`}
          label={
            <>Email{!settings.order_email_mandatory && <span className="ml-1.5 text-xs text-muted">(optional)</span>}</>
          }
          error={err('email')}
        >
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={email}
            aria-invalid={err('email') ? true : undefined}
            className={`${inputClass} ${inputBorder(err('email'))}`}
          />
        </FieldFrame>
        <FieldFrame
          id={`${id}-phone`}
          label={
            <>Phone{!settings.order_sms_mandatory && <span className="ml-1.5 text-xs text-muted">(optional)</span>}</>
          }
          error={err('phone')}
        >
          <input
            id={`${id}-phone`}
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            defaultValue={phone}
            aria-invalid={err('phone') ? true : undefined}
            className={`${inputClass} ${inputBorder(err('phone'))}`}
          />
        </FieldFrame>
      </div>
      {offerReminder && (
        <div>
          <input type="hidden" name={CONSENT_OFFERED_FIELD} value="1" />
          <label className="inline-flex cursor-pointer items-start gap-2.5 py-1 text-sm text-ink select-none">
            <input
              type="checkbox"
              name={CONSENT_FIELD}
              defaultChecked={consent}
              aria-describedby={`${id}-consent-hint`}
              className="mt-0.5 size-4.5 shrink-0 rounded border-ink/30 accent-[var(--sf-primary)]"
              data-testid="reminder-consent"
            />
            <span>Send me one reminder about this cart if I don’t finish my order</span>
          </label>
          <p id={`${id}-consent-hint`} className="pl-7 text-xs text-muted">
            One message at most, sent to the email or phone above. Untick and save to change your mind.
          </p>
        </div>
      )}
      {answer && !answer.ok && Object.keys(answer.errors).length === 0 && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {answer.message}
        </p>
      )}
      <div className="flex items-center gap-3">
        <button type="submit" disabled={busy} className="btn btn-outline h-11 px-5">
          {busy && <Spinner />}
          Save contact
        </button>
        {answer?.ok && <span className="text-sm font-medium text-emerald-700">{answer.message ?? 'Saved'}</span>}
      </div>
    </fetcher.Form>
  );
}

function AddressFields({
  fields,
  countries,
  initial,
  errors,
}: {
  fields: AddressField[];
  countries: Country[];
  initial: Record<string, string>;
  errors: Record<string, string[]>;
}) {
  const id = useId();
  const [countryId, setCountryId] = useState(initial.country_id ?? '');
  const country = countries.find((c) => String(c.id) === countryId);
  const err = (k: string) => errors[k]?.[0];
  const half = new Set(['first_name', 'last_name', 'phone', 'email', 'city', 'postcode', 'country_id', 'state_id']);
  return (
    <div className="grid gap-x-4 gap-y-4 sm:grid-cols-2">
      {fields.map((f) => {
        const fid = `${id}-${f.column_name}`;
        const label = (
          <>
            {f.label}
            {!f.is_required && <span className="ml-1.5 text-xs text-muted">(optional)</span>}
          </>
        );
        const span = half.has(f.column_name) ? '' : 'sm:col-span-2';
        if (f.column_name === 'country_id' || f.column_name === 'state_id') {
          const isCountry = f.column_name === 'country_id';
          const options = isCountry ? countries : (country?.states ?? []);
          if (!isCountry && options.length === 0) return null;
          return (
            <FieldFrame key={f.column_name} id={fid} label={label} error={err(f.column_name)} className={span}>
              <div className="relative">
                <select
                  id={fid}
                  name={f.column_name}
                  defaultValue={isCountry ? undefined : (initial.state_id ?? '')}
                  {...(isCountry ? { value: countryId, onChange: (e) => setCountryId(e.target.value) } : {})}
                  aria-invalid={err(f.column_name) ? true : undefined}
                  className={`${inputClass} ${inputBorder(err(f.column_name))} appearance-none pr-10`}
                >
                  <option value="">{isCountry ? 'Select a country' : 'Select a state'}</option>
                  {options.map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.name}
                    </option>
                  ))}
                </select>
                <ChevronDownIcon className="pointer-events-none absolute inset-y-0 right-3 my-auto size-5 text-muted" />
              </div>
            </FieldFrame>
          );
        }
        return (
          <FieldFrame key={f.column_name} id={fid} label={label} error={err(f.column_name)} className={span}>
            <input
              id={fid}
              name={f.column_name}
              type={f.column_name === 'email' ? 'email' : f.column_name === 'phone' ? 'tel' : 'text'}
              inputMode={f.column_name === 'phone' ? 'numeric' : undefined}
              defaultValue={initial[f.column_name] ?? ''}
              aria-invalid={err(f.column_name) ? true : undefined}
              className={`${inputClass} ${inputBorder(err(f.column_name))}`}
            />
          </FieldFrame>
        );
      })}
    </div>
  );
}

function ShippingAddress({
  cart,
  saved,
  shippingOnCart,
  fields,
  countries,
}: {
  cart: Cart;
  saved: ShownAddress[];
  shippingOnCart: ShownAddress | null;
  fields: AddressField[];
  countries: Country[];
}) {
  const { fetcher, answer, busy } = useStepForm('address');
  const shop = useShop();
  const failed = answer && !answer.ok ? answer : null;
  const chosenId = cart.shipping_address?.id ?? saved.find((a) => a.default)?.id ?? saved[0]?.id;
  const typedBefore = failed && !failed.values.address_id;
  const [typing, setTyping] = useState(saved.length === 0 || Boolean(typedBefore));
  // Once an address is on the cart it is shown on its own, with Change; without JavaScript the
  // forms stay open below it (Change needs a script).
  const hydrated = useHydrated();
  const [changing, setChanging] = useState(false);
  const [settled, setSettled] = useState(answer);
  if (settled !== answer) {
    setSettled(answer);
    if (answer?.ok) setChanging(false);
  }
  const showForms = !hydrated || !shippingOnCart || changing || Boolean(failed);
  const onCart = cart.shipping_address;
  const defaultCountry =
    countries.find((c) => c.iso2 === shop.settings.store_country || c.name === shop.settings.store_country)?.id ??
    countries[0]?.id;
  const initial: Record<string, string> = failed
    ? failed.values
    : onCart && !saved.some((a) => a.id === onCart.id)
      ? {
          first_name: onCart.first_name,
          last_name: onCart.last_name,
          phone: onCart.phone,
          email: onCart.email ?? '',
          address_line_1: onCart.address_line_1,
          address_line_2: onCart.address_line_2 ?? '',
          landmark: onCart.landmark ?? '',
          city: onCart.city,
          postcode: onCart.postcode,
          country_id: String(onCart.country_id),
          state_id: onCart.state_id === null ? '' : String(onCart.state_id),
        }
      : { country_id: defaultCountry === undefined ? '' : String(defaultCountry) };

  return (
    <div className="mt-5 space-y-4">
      {shippingOnCart && (
        <div
          className="rounded-xl border border-emerald-600/30 bg-emerald-50 px-4 py-3 text-sm"
          data-testid="shipping-on-cart"
        >
          <p className="font-medium text-emerald-800">Delivering to</p>
          <p className="mt-1 font-semibold">{shippingOnCart.name}</p>
          <p className="text-ink/80">{shippingOnCart.lines.join(', ')}</p>
          {hydrated && !changing && (
            <button
              type="button"
              onClick={() => setChanging(true)}
              className="mt-2 font-semibold text-ink underline underline-offset-2 hover:no-underline"
            >
              Change
            </button>
          )}
        </div>
      )}
      {showForms && saved.length > 0 && !typing && (
        <fetcher.Form method="post" className="space-y-3" data-checkout-form="saved-address">
          <input type="hidden" name="intent" value="address" />
          <ScriptFlag />
          <fieldset>
            <legend className="mb-2 text-sm font-medium">Your saved addresses</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {saved.map((a) => (
                <label
                  key={a.id}
                  className="flex cursor-pointer gap-3 rounded-xl border border-ink/15 p-4 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/[0.04]"
                >
                  <input
                    type="radio"
                    name="address_id"
                    value={a.id}
                    defaultChecked={a.id === chosenId}
                    className="mt-1 accent-[var(--sf-primary)]"
                  />
                  <span className="min-w-0">
                    <span className="font-semibold">{a.name}</span>
                    {a.default && (
                      <span className="ml-2 rounded-full bg-ink/[0.07] px-2 py-0.5 text-[11px] font-semibold uppercase">
                        Default
                      </span>
                    )}
                    <span className="mt-1 block break-words text-ink/80">{a.lines.join(', ')}</span>
                    <span className="mt-1 block text-muted">{a.phone}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          {failed && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {failed.message}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" disabled={busy} className="btn btn-primary h-11 px-5">
              {busy && <Spinner />}
              Deliver here
            </button>
            <button type="button" onClick={() => setTyping(true)} className="btn btn-outline h-11 px-5">
              Use a new address
            </button>
          </div>
        </fetcher.Form>
      )}
      {showForms && typing && (
        <fetcher.Form method="post" noValidate className="space-y-4" data-checkout-form="new-address">
          <input type="hidden" name="intent" value="address" />
          <ScriptFlag />
          <AddressFields fields={fields} countries={countries} initial={initial} errors={failed?.errors ?? {}} />
          {failed && Object.keys(failed.errors).length === 0 && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {failed.message}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" disabled={busy} className="btn btn-primary h-11 px-5">
              {busy && <Spinner />}
              Deliver to this address
            </button>
            {saved.length > 0 && (
              <button type="button" onClick={() => setTyping(false)} className="btn btn-outline h-11 px-5">
                Choose a saved address
              </button>
            )}
          </div>
        </fetcher.Form>
      )}
    </div>
  );
}

function OrderSummary({ cart, updating }: { cart: Cart; updating: boolean }) {
  return (
    <section aria-labelledby="checkout-summary-title" className="rounded-2xl border border-ink/10 bg-background p-5">
      <div className="flex items-baseline justify-between">
        <h2 id="checkout-summary-title" className="font-semibold">
          Order summary
        </h2>
        <Link to="/cart" className="text-sm font-medium underline underline-offset-2 hover:no-underline">
          Edit cart
        </Link>
      </div>
      <ul className="mt-3 divide-y divide-ink/10" data-testid="summary-lines">
        {cart.items.map((l) => (
          <li key={l.id} className="flex items-center gap-3 py-3">
            <span className="relative size-14 shrink-0 overflow-hidden rounded-lg bg-surface">
              {l.product.image && (
                <ResponsiveImage
                  src={l.product.image.url}
                  alt={l.product.image.alt || l.product.name}
                  width={200}
                  height={200}
                  sizes={{ base: '56px' }}
                  fallbackWidth={320}
                  className="size-full object-cover"
                />
              )}
              <span className="absolute top-0.5 right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-ink px-1 text-[11px] font-bold text-background">
                {l.quantity}
              </span>
            </span>
            <span className="min-w-0 flex-1 text-sm">
              <span className="block truncate font-medium">{l.product.name}</span>
              {variantText(l) && <span className="block text-muted">{variantText(l)}</span>}
            </span>
            <span className="text-sm font-medium tabular-nums">{l.line_total.formatted}</span>
          </li>
        ))}
      </ul>
      <div className="mt-2 border-t border-ink/10 pt-3">
        <CartTotals cart={cart} updating={updating} />
      </div>
    </section>
  );
}

export default function CheckoutAddress({ loaderData }: Route.ComponentProps) {
  const { cart, saved, shippingOnCart, fields, countries, validation } = loaderData;
  const fetchers = useFetchers();
  const updating = isCartUpdating(fetchers) || fetchers.some((f) => f.key.startsWith('checkout-'));
  const contactDone = Boolean(cart.email || cart.phone);

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
          <div className="mt-6 grid gap-6 md:mt-8 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start lg:gap-8">
            <div className="min-w-0 space-y-5">
              <Card title="Contact" step="1" done={contactDone}>
                <p className="mt-1 text-sm text-muted">Where we send your order updates.</p>
                <ContactForm cart={cart} />
              </Card>
              <Card title="Shipping address" step="2" done={Boolean(cart.shipping_address)}>
                <ShippingAddress
                  cart={cart}
                  saved={saved}
                  shippingOnCart={shippingOnCart}
                  fields={fields}
                  countries={countries}
                />
                {cart.shipping_address && (
                  <p className="mt-4 text-sm text-muted">
                    Billing address:{' '}
                    {cart.billing_same_as_shipping ? 'the same as shipping.' : 'as saved on your cart.'}
                  </p>
                )}
              </Card>
              <div
                className="rounded-2xl border border-ink/10 bg-background p-5 md:p-7"
                data-testid="continue-to-payment"
              >
                {validation && !validation.valid && validation.message && (
                  <p
                    id="payment-blocker"
                    className="mb-3 flex items-start gap-2 text-sm font-medium text-secondary-hover"
                    data-testid="address-missing"
                  >
                    <AlertIcon className="mt-0.5 size-4 shrink-0" />
                    Still needed: {validation.message}
                  </p>
                )}
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
            <aside className="lg:sticky lg:top-28">
              <OrderSummary cart={cart} updating={updating} />
            </aside>
          </div>
        )}
      </Container>
    </div>
  );
}
