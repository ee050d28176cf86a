import { addressNameAndLines, type Address, type AddressBody, type AddressColumn } from '@shopfront/shared';

/**
 * The storefront's one mapping of an address between the API's shape and its own: as the screens
 * show it (checkout, orders, the address book), as a form's text values and back, and as the body
 * that saves it again. Types and the zod-free address format only from the contract: the checkout
 * and order pages import this and load no zod (ADR 0010).
 */

/** An address as the screens show it: the name, the lines, the phone (formatted on the server). */
export interface ShownAddress {
  name: string;
  lines: string[];
  phone: string;
}

export function shownAddress(a: Address): ShownAddress {
  return { ...addressNameAndLines(a), phone: a.phone };
}

/** An address as a form holds it: every column as text ('' for none). */
export type AddressFormValues = Record<AddressColumn, string>;

/** A saved address as a form's initial values. */
export function addressFormValues(a: Address): AddressFormValues {
  return {
    first_name: a.first_name,
    last_name: a.last_name,
    phone: a.phone,
    email: a.email ?? '',
    address_line_1: a.address_line_1,
    address_line_2: a.address_line_2 ?? '',
    landmark: a.landmark ?? '',
    city: a.city,
    postcode: a.postcode,
    country_id: String(a.country_id),
    state_id: a.state_id === null ? '' : String(a.state_id),
  };
}

/** A form's country and state, picked as text, as the API's ids ('' is none). */
export function withAddressIds<T extends { country_id: unknown; state_id: unknown }>(
  values: T,
): Omit<T, 'country_id' | 'state_id'> & { country_id: number | null; state_id: number | null } {
  const id = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));
  return { ...values, country_id: id(values.country_id), state_id: id(values.state_id) };
}

/** An address as the body that saves it again unchanged (Set as default sends this with default: true). */
export function addressBodyOf(a: Address): AddressBody {
  return {
    ...addressFormValues(a),
    address_type: a.address_type,
    default: a.default,
    country_id: a.country_id,
    state_id: a.state_id,
  };
}
