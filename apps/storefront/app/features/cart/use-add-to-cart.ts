import { useEffect, useRef } from 'react';
import { useFetcher, useNavigate } from 'react-router';
import { toast } from '../../components/ui/toast';
import { trackAddToCart } from '../plugins/analytics/use-track';
import { useCartUi } from './cart-ui';
import { CART_RESOURCE, type CartActionData } from './cart-view';
import { useCartFetcher } from './use-cart';

/**
 * A fetcher for the forms that put something into the cart (Add to cart, Buy now, Move to
 * cart), and what follows its answer: the drawer opens with the added line highlighted; a
 * refusal without a field to sit beside becomes a toast; a product that needs a variant chosen
 * sends the shopper to its page. Flags: adding (to cart) and buying now (spec section 3).
 */
export function useAddToCart({ onAdded }: { onAdded?: (() => void) | undefined } = {}) {
  const fetcher = useFetcher<CartActionData>();
  const cartFetcher = useCartFetcher();
  const { openDrawer } = useCartUi();
  const navigate = useNavigate();
  const handled = useRef<CartActionData | undefined>(undefined);
  const busy = fetcher.state !== 'idle';
  const sending = busy ? fetcher.formData?.get('intent') : null;
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const loadCart = cartFetcher.load;
  const cartLoaded = cartFetcher.data !== undefined;

  useEffect(() => {
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    if (!answer.ok) {
      if (answer.chooseVariantUrl) {
        toast.error(answer.message);
        void navigate(answer.chooseVariantUrl);
      } else if (Object.keys(answer.errors).length === 0) toast.error(answer.message);
      return;
    }
    onAdded?.();
    trackAddToCart(answer.cart, answer.addedLineId);
    openDrawer({ cart: answer.cart, lineId: answer.addedLineId });
    // The first add of a visit: from now on the cart fetcher follows every change.
    if (!cartLoaded) void loadCart(CART_RESOURCE);
  }, [answer, onAdded, openDrawer, navigate, loadCart, cartLoaded]);

  const failed = answer && !answer.ok && !answer.chooseVariantUrl ? answer : null;
  return {
    fetcher,
    busy,
    adding: sending === 'add' || sending === 'move-to-cart',
    buyingNow: sending === 'buy-now',
    /** A 422's first field message, to show beside the button. */
    fieldError: failed && Object.keys(failed.errors).length ? (Object.values(failed.errors)[0]?.[0] ?? null) : null,
    answer,
  };
}
