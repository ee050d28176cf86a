import { useEffect, useId, useRef } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { cartMessages, type Cart, type CouponOffer } from '@shopfront/shared';
import { inputClass, inputBorder } from '../../components/ui/field';
import { AlertIcon, CheckIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/spinner';
import { ScriptFlag } from './script-flag';
import { CouponOfferText } from './coupon-offer';
import { CART_ACTION, type CartActionData } from './cart-view';
import { useAuth } from '../auth/auth-context';

/**
 * Coupon entry, the applied coupon, and the coupons the shopper may use (GET coupons/get). A
 * refused code shows the server's reason under the field (e.g. how much more to add for the
 * minimum). A coupon the cart no longer meets stays on it, discounting nothing (ADR 0020): it is
 * shown as a warning with the server's reason and Remove, never as applied. Works without JavaScript: `noScriptResult` is the page's action answer then.
 */
export function CouponPanel({
  cart,
  offers,
  noScriptResult,
}: {
  cart: Cart;
  offers: readonly CouponOffer[];
  noScriptResult: CartActionData | undefined;
}) {
  const fetcher = useFetcher<CartActionData>({ key: 'cart-coupon' });
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== 'idle';
  const sending = busy ? fetcher.formData?.get('coupon') : null;
  const removing = busy && fetcher.formData?.get('intent') === 'remove-coupon';
  const answer =
    fetcher.state === 'idle' && fetcher.data
      ? fetcher.data
      : noScriptResult && (noScriptResult.intent === 'apply-coupon' || noScriptResult.intent === 'remove-coupon')
        ? noScriptResult
        : undefined;
  const failed = answer && !answer.ok ? answer : null;
  const error = failed ? (failed.errors.coupon?.[0] ?? failed.message) : undefined;
  const errorId = `${id}-error`;
  const { loggedIn, store } = useAuth();
  // A coupon for customers only, asked by a guest: log in from here and come back with the code typed.
  const loginFirst = error === cartMessages.couponLogin && !loggedIn;
  const prefill = new URLSearchParams(useLocation().search).get('coupon') ?? '';

  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok && fetcher.data.intent === 'apply-coupon') form.current?.reset();
  }, [fetcher.state, fetcher.data]);

  const applied = cart.coupon;
  const others = offers.filter((o) => o.code !== applied?.code);

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-ink/10 bg-background p-5">
      <h2 id={`${id}-title`} className="font-semibold">
        Coupons
      </h2>
      {applied ? (
        <div
          className={`mt-3 flex items-start gap-3 rounded-xl border px-3.5 py-3 ${
            applied.applicable ? 'border-emerald-600/30 bg-emerald-50' : 'border-amber-400/60 bg-amber-50'
          }`}
          data-testid="applied-coupon"
          data-applicable={applied.applicable ? 'true' : 'false'}
        >
          {applied.applicable ? (
            <span className="mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-emerald-600 text-white">
              <CheckIcon className="size-3.5" />
            </span>
          ) : (
            <AlertIcon className="mt-0.5 size-5 shrink-0 text-amber-700" />
          )}
          <div className="min-w-0 flex-1 text-sm" aria-live="polite">
            {applied.applicable ? (
              <p>
                <span className="font-mono font-semibold">{applied.code}</span> applied · you save{' '}
                <span className="font-semibold">{applied.discount.formatted}</span>
              </p>
            ) : (
              <>
                <p className="text-amber-950">
                  <span className="font-mono font-semibold">{applied.code}</span> does not apply to your cart
                </p>
                <p className="mt-0.5 font-medium text-amber-900" data-testid="coupon-not-applicable">
                  {applied.message ?? 'This coupon does not apply to the items in your cart'}
                </p>
              </>
            )}
            {applied.description && <p className="mt-0.5 text-muted">{applied.description}</p>}
          </div>
          <fetcher.Form method="post" action={CART_ACTION}>
            <input type="hidden" name="intent" value="remove-coupon" />
            <input type="hidden" name="coupon" value={applied.code} />
            <ScriptFlag />
            <button
              type="submit"
              disabled={removing}
              className="-my-1.5 inline-flex h-11 min-w-11 items-center justify-center gap-1.5 rounded-full px-3 text-sm font-medium text-ink hover:bg-ink/5 disabled:opacity-50"
              aria-label={`Remove coupon ${applied.code}`}
            >
              {removing && <Spinner className="size-3.5" />}
              Remove
            </button>
          </fetcher.Form>
        </div>
      ) : (
        <fetcher.Form ref={form} method="post" action={CART_ACTION} className="mt-3" noValidate>
          <input type="hidden" name="intent" value="apply-coupon" />
          <ScriptFlag />
          <label htmlFor={`${id}-code`} className="mb-1.5 block text-sm font-medium">
            Coupon code
          </label>
          <div className="flex gap-2">
            <input
              id={`${id}-code`}
              name="coupon"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              defaultValue={prefill}
              placeholder="Enter a code"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className={`${inputClass} ${inputBorder(error)} h-11 min-w-0 flex-1 font-mono uppercase placeholder:font-sans placeholder:normal-case`}
            />
            <button type="submit" disabled={busy} className="btn btn-primary h-11 shrink-0 px-5">
              {busy && !removing && <Spinner />}
              Apply
            </button>
          </div>
        </fetcher.Form>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700" data-field-error>
          {error}
          {loginFirst && (
            <>
              {' '}
              <button
                type="button"
                className="min-h-11 font-semibold text-ink underline underline-offset-2"
                onClick={() => {
                  const code = (form.current?.elements.namedItem('coupon') as HTMLInputElement | null)?.value ?? '';
                  store.openLogin({ redirectTo: `/cart${code ? `?coupon=${encodeURIComponent(code)}` : ''}` });
                }}
              >
                Log in
              </button>
            </>
          )}
        </p>
      )}

      {others.length > 0 && (
        <div className="mt-4 border-t border-ink/10 pt-4">
          <h3 className="text-sm font-medium text-muted">Available coupons</h3>
          <ul className="mt-2 space-y-2" data-testid="coupon-offers">
            {others.map((o) => (
              <li
                key={o.code}
                className="flex items-start justify-between gap-3 rounded-xl border border-dashed border-ink/20 px-3.5 py-3"
                data-coupon={o.code}
              >
                <CouponOfferText offer={o} />
                <fetcher.Form method="post" action={CART_ACTION} className="shrink-0">
                  <input type="hidden" name="intent" value="apply-coupon" />
                  <input type="hidden" name="coupon" value={o.code} />
                  <ScriptFlag />
                  <button
                    type="submit"
                    disabled={busy || !o.applicable}
                    className="btn btn-outline h-11 px-4"
                    aria-label={`Apply coupon ${o.code}`}
                  >
                    {sending === o.code && <Spinner className="size-3.5" />}
                    Apply
                  </button>
                </fetcher.Form>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
