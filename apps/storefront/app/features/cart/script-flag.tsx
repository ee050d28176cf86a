import { useHydrated } from '../../lib/use-hydrated';
import { JS_FIELD } from './cart-view';

/**
 * Present only once JavaScript runs: the /cart action then answers data instead of a redirect.
 * A module of its own: the forms that post to /cart (Add to cart, coupons, checkout) need it,
 * not the cart line's code.
 */
export function ScriptFlag() {
  const hydrated = useHydrated();
  return hydrated ? <input type="hidden" name={JS_FIELD} value="1" /> : null;
}
