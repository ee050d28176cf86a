import { Link } from 'react-router';
import { CheckIcon } from '../../components/ui/icons';

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
      <ol className="flex items-center gap-2 sm:gap-3">
        {CHECKOUT_STEP_LIST.map((step, i) => {
          const state = i < activeIndex ? 'completed' : i === activeIndex ? 'active' : 'pending';
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
            <span className={`text-sm font-medium ${state === 'pending' ? 'text-muted' : 'text-ink'}`}>
              {step.label}
              <span className="sr-only">
                {state === 'active' ? ' (current step)' : state === 'completed' ? ' (completed)' : ''}
              </span>
            </span>
          );
          return (
            <li
              key={step.key}
              className="flex min-w-0 items-center gap-2 sm:gap-3"
              data-step={step.key}
              data-state={state}
            >
              {state === 'completed' ? (
                <Link to={step.to} className="flex items-center gap-2 rounded-full hover:opacity-80">
                  {badge}
                  {label}
                </Link>
              ) : (
                <span className="flex items-center gap-2" aria-current={state === 'active' ? 'step' : undefined}>
                  {badge}
                  {label}
                </span>
              )}
              {i < CHECKOUT_STEP_LIST.length - 1 && (
                <span aria-hidden="true" className="h-px w-6 bg-ink/15 sm:w-12 md:w-16" />
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
