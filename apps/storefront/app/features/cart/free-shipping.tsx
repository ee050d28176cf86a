import { useId } from 'react';
import type { Cart } from '@shopfront/shared';
import { CheckIcon, TruckIcon } from '../../components/ui/icons';

/**
 * What the free-shipping nudge shows, from the server's `free_shipping` (the threshold and what
 * is left are decided there, on the goods after the coupon): null when nothing ships free.
 */
export function freeShippingProgress(cart: Pick<Cart, 'free_shipping' | 'shipping_method'>) {
  const fs = cart.free_shipping;
  if (!fs || fs.threshold.amount <= 0) return null;
  const reached = fs.remaining.amount === 0;
  const percent = reached
    ? 100
    : Math.min(99, Math.floor(((fs.threshold.amount - fs.remaining.amount) / fs.threshold.amount) * 100));
  // Reached, but the shopper chose another option (express): name the one that is free.
  const otherMethod = reached && cart.shipping_method !== null && cart.shipping_method.code !== fs.method.code;
  return {
    reached,
    percent,
    remaining: fs.remaining.formatted,
    threshold: fs.threshold.formatted,
    otherMethod,
    method: fs.method.name,
  };
}

/**
 * "Add ₹X more for free shipping" with a slim progress bar, or "You've got free shipping" once
 * the goods reach the threshold. Always one line of text and one bar, so a change never moves
 * what is below it.
 */
export function FreeShippingNudge({ cart, className = '' }: { cart: Cart; className?: string }) {
  const labelId = useId();
  const view = freeShippingProgress(cart);
  if (!view) return null;
  return (
    <div className={className} data-testid="free-shipping" data-reached={view.reached || undefined}>
      <p id={labelId} aria-live="polite" className="flex min-h-5 items-center gap-2 text-sm leading-5 text-ink">
        {view.reached ? (
          <>
            <span className="inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-emerald-700 text-white">
              <CheckIcon className="size-3.5" />
            </span>
            <span className="font-medium">
              {view.otherMethod ? `${view.method} is free for this order` : "You've got free shipping"}
            </span>
          </>
        ) : (
          <>
            <TruckIcon className="size-5 shrink-0 text-muted" />
            <span>
              Add <span className="font-semibold tabular-nums">{view.remaining}</span> more for free shipping
            </span>
          </>
        )}
      </p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={view.percent}
        aria-valuetext={
          view.reached ? `Free shipping from ${view.threshold}: reached` : `${view.percent}% of ${view.threshold}`
        }
        className="mt-2 h-1.5 overflow-hidden rounded-full bg-ink/10"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-300 motion-reduce:transition-none ${
            view.reached ? 'bg-emerald-600' : 'bg-primary'
          }`}
          style={{ width: `${view.percent}%` }}
        />
      </div>
    </div>
  );
}
