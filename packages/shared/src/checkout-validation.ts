/**
 * Where each of the checkout step messages (spec section 5) belongs: the field of a failed
 * GET /api/cart/validate[/address] answer (its 422 `errors` key). Plain data, no schema module,
 * so a storefront page can take it without zod.
 */
export const CHECKOUT_FIELDS = {
  /** Cart step: nothing to buy, a line sold out, prices changed. */
  items: 'items',
  /** 'Customer account is empty': log in first. */
  customer: 'customer',
  phone: 'phone',
  email: 'email',
  /** 'Shipping address is empty' and the server's own check of it; `shipping_address.<column>` for a required field. */
  shipping: 'shipping_address',
  billing: 'billing_address',
  shippingMethod: 'shipping_method',
  paymentMethod: 'payment_method',
} as const;

export type CheckoutStepName = 'cart' | 'address' | 'payment';

/**
 * A checkout verdict: ready, or the first step that is not, with the spec's message and the
 * field where the shopper fixes it (a CHECKOUT_FIELDS value). The API decides it; the storefront
 * reads it back from the validate call's 422.
 */
export type CheckoutVerdict =
  { valid: true } | { valid: false; step: CheckoutStepName; field: string; message: string };

/** The checkout step a failed validation's field belongs to. */
export function checkoutStepOf(field: string): CheckoutStepName {
  if (field === CHECKOUT_FIELDS.items) return 'cart';
  if (field === CHECKOUT_FIELDS.shippingMethod || field === CHECKOUT_FIELDS.paymentMethod) return 'payment';
  return 'address';
}

/** The address column a `shipping_address.<column>` field names, else null. */
export function shippingColumnOf(field: string): string | null {
  const prefix = `${CHECKOUT_FIELDS.shipping}.`;
  return field.startsWith(prefix) ? field.slice(prefix.length) : null;
}
