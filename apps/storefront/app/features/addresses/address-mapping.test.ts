import { describe, expect, it } from 'vitest';
import type { Address } from '@shopfront/shared';
import { addressBodyOf, addressFormValues, shownAddress, withAddressIds } from './address-mapping';

const address: Address = {
  id: 7,
  address_id: 7,
  default: true,
  address_type: 'Shipping',
  first_name: 'Asha',
  last_name: 'Rao',
  phone: '9876543210',
  email: null,
  address_line_1: '12 Residency Road',
  address_line_2: ' ',
  landmark: 'Opposite the park',
  city: 'Bengaluru',
  postcode: '560025',
  country_id: 1,
  state_id: 2,
  country: { id: 1, name: 'India' },
  state: { id: 2, name: 'Karnataka' },
};

describe('shownAddress', () => {
  it('joins the parts a courier reads, skipping blank ones', () => {
    expect(shownAddress(address)).toEqual({
      name: 'Asha Rao',
      // The contract's landmark rule (address-format.ts), as in the address book: a landmark that
      // says where it is gets no "Near" (the order screens' own copy said 'Near Opposite the park').
      lines: ['12 Residency Road', 'Opposite the park', 'Bengaluru, Karnataka 560025', 'India'],
      phone: '9876543210',
    });
  });

  it('does not say "Near" twice', () => {
    expect(shownAddress({ ...address, landmark: 'near the old fort' }).lines[1]).toBe('near the old fort');
    expect(shownAddress({ ...address, landmark: 'the old fort' }).lines[1]).toBe('Near the old fort');
  });

  it('leaves out a missing state and landmark', () => {
    expect(shownAddress({ ...address, state: null, state_id: null, landmark: null }).lines).toEqual([
      '12 Residency Road',
      'Bengaluru, 560025',
      'India',
    ]);
  });
});

describe('an address in a form and back', () => {
  const values = {
    first_name: 'Asha',
    last_name: 'Rao',
    phone: '9876543210',
    email: '',
    address_line_1: '12 Residency Road',
    address_line_2: ' ',
    landmark: 'Opposite the park',
    city: 'Bengaluru',
    postcode: '560025',
    country_id: '1',
    state_id: '2',
  };

  it('holds every column as text, none as an empty one', () => {
    expect(addressFormValues(address)).toEqual(values);
    expect(addressFormValues({ ...address, state_id: null, state: null, landmark: null }).state_id).toBe('');
  });

  it('sends the picked country and state as ids, none as null', () => {
    expect(withAddressIds(values)).toEqual({ ...values, country_id: 1, state_id: 2 });
    expect(withAddressIds({ ...values, country_id: '', state_id: '' })).toMatchObject({
      country_id: null,
      state_id: null,
    });
  });

  it('saves a saved address again unchanged', () => {
    expect(addressBodyOf(address)).toEqual({
      ...values,
      address_type: 'Shipping',
      default: true,
      country_id: 1,
      state_id: 2,
    });
  });
});
