import { describe, expect, it } from 'vitest';
import { gstinMessages, messages } from '@shopfront/shared';
import { fittingView, neededLine, slotEntries, targetOfField } from './address-view';

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

describe("an address selector's view", () => {
  const book = [{ id: 3 }, { id: 5 }];

  it('rests on the address form without saved addresses, else on the selected one or the list', () => {
    expect(fittingView(null, { book: [], hasSaved: false, customer: true })).toEqual({ mode: 'form' });
    expect(fittingView(null, { book, hasSaved: true, customer: true })).toEqual({ mode: 'selected' });
    expect(fittingView(null, { book, hasSaved: false, customer: true })).toEqual({ mode: 'select' });
  });

  it('keeps the view chosen while it fits', () => {
    expect(fittingView({ mode: 'select' }, { book, hasSaved: true, customer: true })).toEqual({ mode: 'select' });
    expect(fittingView({ mode: 'add' }, { book, hasSaved: true, customer: true })).toEqual({ mode: 'add' });
    expect(fittingView({ mode: 'edit', id: 5 }, { book, hasSaved: true, customer: true })).toEqual({
      mode: 'edit',
      id: 5,
    });
  });

  it('falls back from a view that does not fit (a stale link, an address gone)', () => {
    expect(fittingView({ mode: 'selected' }, { book, hasSaved: false, customer: true })).toEqual({ mode: 'select' });
    expect(fittingView({ mode: 'select' }, { book: [], hasSaved: false, customer: true })).toEqual({ mode: 'form' });
    expect(fittingView({ mode: 'add' }, { book: [], hasSaved: false, customer: false })).toEqual({ mode: 'form' });
    expect(fittingView({ mode: 'edit', id: 9 }, { book, hasSaved: true, customer: true })).toEqual({
      mode: 'selected',
    });
  });
});

describe("a slot's entries", () => {
  it('takes the `<prefix>.<name>` entries by name and leaves the others', () => {
    expect(
      slotEntries({ 'shipping.city': 'City is empty', shipping: 'x', 'billing.city': 'y', phone: 'z' }, 'shipping'),
    ).toEqual({
      city: 'City is empty',
    });
  });
});
