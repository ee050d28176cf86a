import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type Address } from '@shopfront/shared';
import {
  deliveryEstimateText,
  isOrderDialog,
  orderDialogHref,
  refundSelection,
  shownAddress,
  statusLabel,
  statusTone,
  wholeNumber,
} from './order-view';

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
      lines: ['12 Residency Road', 'Near Opposite the park', 'Bengaluru, Karnataka 560025', 'India'],
      phone: '9876543210',
    });
  });

  it('does not say "Near" twice', () => {
    expect(shownAddress({ ...address, landmark: 'near the old fort' }).lines[1]).toBe('near the old fort');
  });

  it('leaves out a missing state and landmark', () => {
    expect(shownAddress({ ...address, state: null, state_id: null, landmark: null }).lines).toEqual([
      '12 Residency Road',
      'Bengaluru, 560025',
      'India',
    ]);
  });
});

describe('status badges', () => {
  it('give every status a tone and a label', () => {
    for (const s of ORDER_STATUSES) {
      expect(statusTone(s)).toMatch(/^(progress|waiting|done|problem|closed)$/);
      expect(statusLabel({ status: s })).not.toBe('');
    }
    expect(statusTone('delivered')).toBe('done');
    expect(statusTone('payment_failed')).toBe('problem');
    expect(statusLabel({ status: 'out_for_delivery' })).toBe('Out for delivery');
    expect(statusLabel({ status: 'shipped', status_label: 'On its way' })).toBe('On its way');
  });
});

describe('deliveryEstimateText', () => {
  it('says the range in calendar dates, whatever the time zone', () => {
    expect(deliveryEstimateText({ from: '2027-03-12', to: '2027-03-15' })).toBe('Arrives 12–15 Mar 2027');
    expect(deliveryEstimateText({ from: '2027-03-30', to: '2027-04-02' })).toBe('Arrives 30 Mar – 2 Apr 2027');
    expect(deliveryEstimateText({ from: '2027-12-30', to: '2028-01-02' })).toBe('Arrives 30 Dec 2027 – 2 Jan 2028');
    expect(deliveryEstimateText({ from: '2027-03-12', to: '2027-03-12' })).toBe('Arrives by 12 Mar 2027');
  });

  it('is null without an estimate or with a broken one', () => {
    expect(deliveryEstimateText(null)).toBeNull();
    expect(deliveryEstimateText({ from: 'soon', to: '2027-03-12' })).toBeNull();
  });
});

describe('order dialogs in the URL', () => {
  it('open one dialog of one order, keeping the page', () => {
    expect(orderDialogHref('?page=2', 'ord_a')).toBe('?page=2&order=ord_a&dialog=details');
    expect(orderDialogHref('?page=2&order=ord_a&dialog=details', 'ord_a', 'cancel')).toBe(
      '?page=2&order=ord_a&dialog=cancel',
    );
  });

  it('close every dialog', () => {
    expect(orderDialogHref('?page=3&order=ord_a&dialog=refund', null)).toBe('?page=3');
    expect(orderDialogHref('?order=ord_a&dialog=rate', null)).toBe('?');
  });

  it('know the four dialogs of spec section 4', () => {
    for (const d of ['details', 'cancel', 'refund', 'rate']) expect(isOrderDialog(d)).toBe(true);
    expect(isOrderDialog('delete')).toBe(false);
    expect(isOrderDialog(null)).toBe(false);
  });
});

describe('refund form', () => {
  it('sends only the lines with a quantity', () => {
    const form = new FormData();
    form.set('intent', 'refund');
    form.set('qty_11', '2');
    form.set('qty_12', '0');
    form.set('qty_13', '1');
    form.set('qty_x', '4');
    form.set('qty_14', '-1');
    form.set('qty_15', 'two');
    expect(refundSelection(form)).toEqual([
      { item_id: 11, quantity: 2 },
      { item_id: 13, quantity: 1 },
    ]);
  });

  it('reads whole numbers only', () => {
    expect(wholeNumber('3')).toBe(3);
    expect(wholeNumber(' 4 ')).toBe(4);
    expect(wholeNumber('2.5')).toBeNull();
    expect(wholeNumber('')).toBeNull();
    expect(wholeNumber(null)).toBeNull();
  });
});
