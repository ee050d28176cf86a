import { nextLocation } from './payment-view';
import type { PaymentNext } from '@shopfront/shared';

/**
 * Set once the browser is on its way to the payment provider's page: the page stops reloading
 * its data from then on (a focus or a revalidation would find the cart ordered and send the
 * shopper to /cart, and a same-document navigation could cancel the one to the provider).
 */
let leaving = false;

export const isLeavingForPayment = () => leaving;

/** Sends the browser to the provider's page; false when the answer has no address to go to. */
export function leaveForPayment(next: PaymentNext): boolean {
  const target = nextLocation(next);
  if (!target || next.type !== 'redirect') return false;
  leaving = true;
  window.location.assign(target);
  return true;
}

/** The page is shown again (the back button from the provider's page): it may reload again. */
export function stayedOnPage(): void {
  leaving = false;
}
