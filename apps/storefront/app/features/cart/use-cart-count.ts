/**
 * Total item quantity in the shopper's cart. The cart capability is not built yet, so every
 * visitor has an empty cart; header and mobile footer already read it from here.
 */
export function useCartCount(): number {
  return 0;
}
