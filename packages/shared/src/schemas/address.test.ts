import { describe, expect, it } from 'vitest';
import { DEFAULT_ADDRESS_FIELDS, addressBodySchema, firstEmptyAddressField, type AddressField } from './address.ts';

const valid = {
  address_type: 'Shipping',
  first_name: 'Asha',
  last_name: 'Rao',
  phone: '9876543210',
  email: 'Asha@Example.com',
  address_line_1: '12 Residency Road',
  address_line_2: '',
  landmark: 'Opposite the park',
  city: 'Bengaluru',
  postcode: '560025',
  country_id: 1,
  state_id: 3,
};

const shipping = (stateIds: number[] = [3, 4]) => addressBodySchema(DEFAULT_ADDRESS_FIELDS.Shipping, 10, { stateIds });

function errors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const i of result.error?.issues ?? []) out[i.path.map(String).join('.')] ??= i.message;
  return out;
}

describe('addressBodySchema', () => {
  it('accepts a complete address, trims it and normalises email, postcode and empty optionals', () => {
    const r = shipping().safeParse({ ...valid, first_name: '  Asha ', postcode: ' 560025 ' });
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({
      first_name: 'Asha',
      email: 'asha@example.com',
      address_line_2: null,
      postcode: '560025',
      country_id: 1,
      state_id: 3,
      default: false,
    });
  });

  it('drops total_mrp and any column the shop does not ask for', () => {
    const r = shipping().safeParse({ ...valid, total_mrp: 129900, customer_id: 7, id: 99 });
    expect(r.success).toBe(true);
    expect(r.data).not.toHaveProperty('total_mrp');
    expect(r.data).not.toHaveProperty('customer_id');
    expect(r.data).not.toHaveProperty('id');
    const billing = addressBodySchema(DEFAULT_ADDRESS_FIELDS.Billing, 10, { stateIds: [3] }).parse({
      ...valid,
      address_type: 'Billing',
    });
    // Billing forms have no landmark: whatever is sent is not kept.
    expect(billing.landmark).toBeNull();
  });

  it("says 'This field is required' for each required field left empty", () => {
    const r = shipping().safeParse({ address_type: 'Shipping', country_id: 1, first_name: '   ' });
    expect(errors(r)).toEqual({
      first_name: 'This field is required',
      last_name: 'This field is required',
      phone: 'This field is required',
      address_line_1: 'This field is required',
      city: 'This field is required',
      postcode: 'This field is required',
      state_id: 'This field is required',
    });
  });

  it('follows the definitions: a field made optional may be empty, a field made required may not', () => {
    const fields: AddressField[] = DEFAULT_ADDRESS_FIELDS.Shipping.map((f) =>
      f.column_name === 'postcode'
        ? { ...f, is_required: false }
        : f.column_name === 'landmark'
          ? { ...f, is_required: true }
          : f,
    );
    const r = addressBodySchema(fields, 10, { stateIds: [3] }).safeParse({ ...valid, postcode: '', landmark: '' });
    expect(errors(r)).toEqual({ landmark: 'This field is required' });
  });

  it('checks the phone against the country length, digits only', () => {
    expect(errors(shipping().safeParse({ ...valid, phone: '98765' }))).toEqual({
      phone: 'The value length should be at least 10',
    });
    expect(errors(shipping().safeParse({ ...valid, phone: '98765432101' }))).toEqual({
      phone: 'The value length should not exceed 10',
    });
    expect(errors(shipping().safeParse({ ...valid, phone: '+919876543' }))).toEqual({
      phone: 'The value must be numeric',
    });
    const uae = addressBodySchema(DEFAULT_ADDRESS_FIELDS.Shipping, 9, { stateIds: [3] });
    expect(uae.safeParse({ ...valid, phone: '501234567' }).success).toBe(true);
  });

  it('checks e-mail and postcode shapes', () => {
    expect(errors(shipping().safeParse({ ...valid, email: 'not-an-email' }))).toEqual({
      email: 'The value must be an valid email address',
    });
    for (const postcode of ['SW1A 1AA', '10115', '02134-1234', 'k1a0b1']) {
      expect(shipping().safeParse({ ...valid, postcode }).success, postcode).toBe(true);
    }
    for (const postcode of ['12', '560025!', '56--0025', '<b>56</b>', ' - ']) {
      expect(errors(shipping().safeParse({ ...valid, postcode })), postcode).toEqual({
        postcode: 'The value must be a valid postcode',
      });
    }
  });

  it('requires a country and a state of that country (when it has states)', () => {
    expect(errors(shipping().safeParse({ ...valid, country_id: null }))).toMatchObject({
      country_id: 'This field is required',
    });
    expect(errors(shipping().safeParse({ ...valid, state_id: 99 }))).toEqual({
      state_id: 'The selected state is invalid',
    });
    // A country without states: no state is asked, and none is kept.
    const noStates = shipping([]).parse({ ...valid, state_id: null });
    expect(noStates.state_id).toBeNull();
  });

  it('accepts ids as form strings and rejects other types', () => {
    expect(shipping().parse({ ...valid, country_id: '1', state_id: '4' })).toMatchObject({
      country_id: 1,
      state_id: 4,
    });
    expect(errors(shipping().safeParse({ ...valid, address_type: 'Pickup' }))).toEqual({
      address_type: 'This field is not valid',
    });
    expect(errors(shipping().safeParse({ ...valid, country_id: 'IN' }))).toEqual({
      country_id: 'This field is not valid',
    });
  });

  it('refuses over-long text and control characters', () => {
    expect(errors(shipping().safeParse({ ...valid, city: 'x'.repeat(101) }))).toEqual({
      city: 'The value length should not exceed 100',
    });
    expect(errors(shipping().safeParse({ ...valid, address_line_1: 'a\u0000b' }))).toEqual({
      address_line_1: 'This field contains characters that are not allowed',
    });
    expect(errors(shipping().safeParse({ ...valid, city: 'Pune\ud800' }))).toEqual({
      city: 'This field contains characters that are not allowed',
    });
  });
});

describe('firstEmptyAddressField', () => {
  it("names the first empty required field as '{label} is empty' (checkout step rule 6)", () => {
    expect(firstEmptyAddressField(DEFAULT_ADDRESS_FIELDS.Shipping, { ...valid, city: ' ' })).toBe('City is empty');
    expect(firstEmptyAddressField(DEFAULT_ADDRESS_FIELDS.Shipping, valid)).toBeNull();
    expect(
      firstEmptyAddressField(
        DEFAULT_ADDRESS_FIELDS.Shipping,
        { ...valid, state_id: null },
        { countryHasStates: false },
      ),
    ).toBeNull();
    expect(firstEmptyAddressField(DEFAULT_ADDRESS_FIELDS.Shipping, { ...valid, state_id: null })).toBe(
      'State is empty',
    );
  });
});
