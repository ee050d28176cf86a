import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { CART_ACTION } from './cart-view';

/** True when the submission that just finished was a cart change (a form posting to /cart). */
export function isCartSubmission({ formAction }: Pick<ShouldRevalidateFunctionArgs, 'formAction'>): boolean {
  if (!formAction) return false;
  return new URL(formAction, 'http://x').pathname === CART_ACTION;
}

/**
 * shouldRevalidate of browsing pages: a cart change (Add to cart on a product page or in a
 * quickview) changes nothing they show, so their loaders are not run again; the cart fetcher
 * (header badge, drawer) is reloaded by React Router all the same.
 */
export function browsingShouldRevalidate(args: ShouldRevalidateFunctionArgs): boolean {
  return isCartSubmission(args) ? false : args.defaultShouldRevalidate;
}
