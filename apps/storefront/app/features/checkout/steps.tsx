import { Link } from 'react-router';
import { CheckIcon, ChevronLeftIcon } from '../../components/ui/icons';

/** Spec section 2 "Cart flow" and section 4 "Checkout steps": cart, address, payment, numbered 1 to 3. */
export const CHECKOUT_STEP_LIST = [
  { key: 'cart', label: 'Cart', to: '/cart' },
  { key: 'address', label: 'Address', to: '/checkout/address' },
  { key: 'payment', label: 'Payment', to: '/checkout/payment' },
] as const;
export type CheckoutStepKey = (typeof CHECKOUT_STEP_LIST)[number]['key'];

/**
 * The numbered steps above the cart and checkout pages. Activating a step leaves the ones before
 * it completed (linked, to go back) and the ones after it pending (spec section 4: activating
 * cart resets address and payment, activating address resets payment).
 */
export function CheckoutSteps({ active, className = '' }: { active: CheckoutStepKey; className?: string }) {
  const activeIndex = CHECKOUT_STEP_LIST.findIndex((s) => s.key === active);
  return (
    <nav aria-label="Checkout steps" className={className}>
      {/* Full width on phones (the connectors take what is left, down to 320 px); its own width from md. */}
      <ol className="flex w-full min-w-0 items-center gap-1.5 sm:gap-3 md:w-auto">
        {CHECKOUT_STEP_LIST.map((step, i) => {
          const state = i < activeIndex ? 'completed' : i === activeIndex ? 'active' : 'pending';
          const last = i === CHECKOUT_STEP_LIST.length - 1;
          const badge = (
            <span
              aria-hidden="true"
              className={`inline-flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${
                state === 'active'
                  ? 'bg-primary text-on-primary'
                  : state === 'completed'
                    ? 'bg-primary/15 text-primary'
                    : 'border border-ink/20 text-muted'
              }`}
            >
              {state === 'completed' ? <CheckIcon className="size-4" /> : i + 1}
            </span>
          );
          const label = (
            <span
              className={`text-sm font-medium whitespace-nowrap ${state === 'pending' ? 'text-muted' : 'text-ink'}`}
            >
              {step.label}
              <span className="sr-only">
                {state === 'active' ? ' (current step)' : state === 'completed' ? ' (completed)' : ''}
              </span>
            </span>
          );
          // A thumb-sized row (44 px tall) for every step; a link for the completed ones.
          const item = 'flex min-h-11 shrink-0 items-center gap-1.5 sm:gap-2';
          return (
            <li
              key={step.key}
              className={`flex min-w-0 items-center gap-1.5 sm:gap-3 ${last ? 'shrink-0' : 'flex-1 md:flex-none'}`}
              data-step={step.key}
              data-state={state}
            >
              {state === 'completed' ? (
                <Link to={step.to} className={`${item} rounded-full hover:opacity-80`}>
                  {badge}
                  {label}
                </Link>
              ) : (
                <span className={item} aria-current={state === 'active' ? 'step' : undefined}>
                  {badge}
                  {label}
                </span>
              )}
              {!last && <span aria-hidden="true" className="h-px min-w-2 flex-1 bg-ink/15 md:w-16 md:flex-none" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The top of a checkout page (no storefront chrome there): a way back to the cart, the heading and the steps. */
export function CheckoutPageTop({ active }: { active: CheckoutStepKey }) {
  return (
    <>
      <Link
        to="/cart"
        className="-ml-2 inline-flex min-h-11 items-center gap-1 rounded-full px-2 text-sm font-medium text-ink hover:bg-ink/5"
      >
        <ChevronLeftIcon className="size-4" />
        Back to cart
      </Link>
      <h1 className="mt-1 text-2xl font-semibold md:text-3xl">Checkout</h1>
      <CheckoutSteps active={active} className="mt-3" />
    </>
  );
}
