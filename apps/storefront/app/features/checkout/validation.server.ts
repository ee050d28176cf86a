import {
  ApiError,
  callEndpoint,
  cartApi,
  checkoutStepOf,
  type ApiTransport,
  type CheckoutVerdict,
} from '@shopfront/shared';

/**
 * The checkout steps checked by the API up to `upTo` (GET /api/cart/validate[/address], spec
 * section 5): ready, or the 422's message with the field it is about and that field's step.
 * Any other failure is thrown.
 */
export async function checkoutVerdict(t: ApiTransport, upTo: 'address' | 'payment'): Promise<CheckoutVerdict> {
  try {
    await callEndpoint(t, upTo === 'address' ? cartApi.validateAddress : cartApi.validate);
    return { valid: true };
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 422) throw err;
    const field = Object.keys(err.errors)[0] ?? 'items';
    return { valid: false, step: checkoutStepOf(field), field, message: err.message };
  }
}
