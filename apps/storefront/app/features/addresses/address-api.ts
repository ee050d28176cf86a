import type { Address, AddressBody } from '@shopfront/shared';

/** An address as the body that saves it again unchanged (Set as default sends this with default: true). */
export function bodyOf(a: Address): AddressBody {
  return {
    address_type: a.address_type,
    default: a.default,
    first_name: a.first_name,
    last_name: a.last_name,
    phone: a.phone,
    email: a.email ?? '',
    address_line_1: a.address_line_1,
    address_line_2: a.address_line_2 ?? '',
    landmark: a.landmark ?? '',
    city: a.city,
    postcode: a.postcode,
    country_id: a.country_id,
    state_id: a.state_id,
  };
}
