import type { AddressColumn } from '@shopfront/shared';

/**
 * How an address's fields are laid out and filled in, the same in the address book's form and
 * the checkout's typed address.
 */

/** Columns that take half a row from the small breakpoint up; the address lines take a whole one. */
export const HALF_ROW_COLUMNS: ReadonlySet<AddressColumn> = new Set([
  'first_name',
  'last_name',
  'phone',
  'email',
  'city',
  'postcode',
  'country_id',
  'state_id',
]);

/** The browser's autofill name of each typed column (country and state are picked from lists). */
export const ADDRESS_AUTOCOMPLETE: Partial<Record<AddressColumn, string>> = {
  first_name: 'given-name',
  last_name: 'family-name',
  phone: 'tel-national',
  email: 'email',
  address_line_1: 'address-line1',
  address_line_2: 'address-line2',
  landmark: 'off',
  city: 'address-level2',
  postcode: 'postal-code',
};
