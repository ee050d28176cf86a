import { useCart } from './use-cart';

/**
 * Total item quantity in the shopper's cart, for the header icon and the mobile footer's Cart
 * (spec section 2: shown when above 0). Server state from the `cart` fetcher, with changes on
 * their way already counted.
 */
export function useCartCount(): number {
  return useCart().count;
}
