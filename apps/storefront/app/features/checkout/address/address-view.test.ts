import { describe, expect, it } from 'vitest';
import { gstinMessages, messages } from '@shopfront/shared';
import { neededLine, targetOfField } from './address-view';

const fields = {
  Shipping: [
    { column_name: 'postcode' as const, label: 'Pincode' },
    { column_name: 'city' as const, label: 'City' },
  ],
};

describe('the line beside Continue', () => {
  it('names the field of a message that does not (a too-short phone)', () => {
    expect(neededLine('phone', messages.minLength(6), fields)).toBe('Phone: The value length should be at least 6');
    expect(neededLine('email', messages.email, fields)).toBe('Email: The value must be an valid email address');
    expect(neededLine('shipping.postcode', messages.numeric, fields)).toBe('Pincode: The value must be numeric');
  });

  it("keeps a message that names its field ('{label} is empty') as the spec gives it", () => {
    expect(neededLine('phone', messages.phoneEmpty, fields)).toBe('Phone No is empty');
    expect(neededLine('shipping.city', 'City is empty', fields)).toBe('City is empty');
    // A field without a label here: the message alone.
    expect(neededLine('customer', 'Customer account is empty', fields)).toBe('Customer account is empty');
  });

  it("leads with the GSTIN's labels and links to its fields (issue 26)", () => {
    expect(neededLine('buyer_gstin', gstinMessages.invalid, fields)).toBe(`GSTIN: ${gstinMessages.invalid}`);
    expect(neededLine('buyer_business_name', messages.fieldEmpty('Business name'), fields)).toBe(
      'Business name is empty',
    );
    expect(targetOfField('buyer_gstin')).toBe('checkout-buyer-gstin');
    expect(targetOfField('buyer_business_name')).toBe('checkout-buyer-business-name');
  });
});
