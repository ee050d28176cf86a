import { callEndpoint, cartApi, type Address, type AddressType, type Cart } from '@shopfront/shared';
import { api, apiTransport, isUnauthenticated } from '../../../lib/api.server';
import { logFailure } from '../../../lib/errors';

/**
 * Spec section 4, "Address selector": a selector starts on the address already on the cart,
 * else on the customer's default address of its type, which is put on the cart so that the
 * step validates without a click. Billing only while it is not the shipping address.
 */
async function withInitialSelection(context: unknown, cart: Cart, book: readonly Address[]): Promise<Cart> {
  const t = apiTransport(context);
  const defaultOf = (type: AddressType) => book.find((a) => a.address_type === type && a.default);
  let current = cart;
  const wanted: [AddressType, boolean][] = [
    ['Shipping', !current.shipping_address],
    ['Billing', !current.billing_same_as_shipping && !current.billing_address],
  ];
  for (const [type, missing] of wanted) {
    const chosen = missing ? defaultOf(type) : undefined;
    if (!chosen) continue;
    try {
      ({ data: current } = await callEndpoint(t, cartApi.updateAddress, {
        body: { address_type: type, address_id: chosen.id },
      }));
    } catch (err) {
      // The shopper can still choose it by hand.
      logFailure(`checkout: putting the default ${type} address on the cart failed`, err);
    }
  }
  return current;
}

/**
 * The address step's data: the cart (for the summary), the customer's address book (null for a
 * guest: a 401), the shop's address fields of both types and the countries. What the step still
 * lacks is said when Continue is pressed, at each field (the action).
 */
export async function loadAddressStep(context: unknown) {
  const t = apiTransport(context);
  const client = api(context);
  const [{ data: fetched }, book, fields, countries] = await Promise.all([
    callEndpoint(t, cartApi.get),
    client.addresses().catch((err: unknown) => {
      if (isUnauthenticated(err)) return null;
      throw err;
    }),
    client.addressFields(),
    client.countries(),
  ]);
  const cart = book && fetched.items.length ? await withInitialSelection(context, fetched, book) : fetched;
  return { cart, customer: book !== null, book: book ?? [], fields, countries };
}
