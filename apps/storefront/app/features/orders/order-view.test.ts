import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@shopfront/shared';
import {
  deliveryEstimateText,
  estimatedRefundMinor,
  formatMinor,
  isOrderDialog,
  orderDialogHref,
  paymentLabelBeside,
  refundSelection,
  statusLabel,
  statusTone,
  wholeNumber,
} from './order-view';

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
    const today = '2027-03-01';
    expect(deliveryEstimateText({ from: '2027-03-12', to: '2027-03-15' }, today)).toBe('Arrives 12–15 Mar 2027');
    expect(deliveryEstimateText({ from: '2027-03-30', to: '2027-04-02' }, today)).toBe('Arrives 30 Mar – 2 Apr 2027');
    expect(deliveryEstimateText({ from: '2027-12-30', to: '2028-01-02' }, today)).toBe(
      'Arrives 30 Dec 2027 – 2 Jan 2028',
    );
    expect(deliveryEstimateText({ from: '2027-03-12', to: '2027-03-12' }, today)).toBe('Arrives by 12 Mar 2027');
  });

  it('never promises a day that has passed: "Was due …" once the last day is before today', () => {
    const estimate = { from: '2026-11-20', to: '2026-11-21' };
    expect(deliveryEstimateText(estimate, '2026-11-21')).toBe('Arrives 20–21 Nov 2026');
    expect(deliveryEstimateText(estimate, '2026-11-22')).toBe('Was due 20–21 Nov 2026');
    expect(deliveryEstimateText({ from: '2026-11-20', to: '2026-11-20' }, '2026-11-24')).toBe('Was due 20 Nov 2026');
  });

  it('is null without an estimate or with a broken one', () => {
    expect(deliveryEstimateText(null)).toBeNull();
    expect(deliveryEstimateText({ from: 'soon', to: '2027-03-12' })).toBeNull();
  });
});

describe('paymentLabelBeside', () => {
  it('is the payment label, unless it repeats the order status', () => {
    expect(paymentLabelBeside({ status: 'payment_failed', payment_status: 'failed' })).toBeNull();
    expect(paymentLabelBeside({ status: 'refunded', payment_status: 'refunded' })).toBeNull();
    expect(paymentLabelBeside({ status: 'confirmed', payment_status: 'paid' })).toBe('Paid');
    expect(paymentLabelBeside({ status: 'awaiting_payment', payment_status: 'pending' })).toBe('Payment pending');
  });
});

describe('estimatedRefundMinor', () => {
  const lines = [
    { id: 1, quantity: 4, total: { amount: 219_600 } },
    { id: 2, quantity: 3, total: { amount: 100_00 } },
  ];
  it('adds each chosen line share of its total, in whole minor units', () => {
    expect(estimatedRefundMinor(lines, new Map())).toBe(0);
    expect(estimatedRefundMinor(lines, new Map([[1, 1]]))).toBe(54_900);
    expect(estimatedRefundMinor(lines, new Map([[1, 4]]))).toBe(219_600);
    // 10000 × 1 / 3 = 3333.33… → 3333; × 2 / 3 → 6667.
    expect(estimatedRefundMinor(lines, new Map([[2, 1]]))).toBe(3_333);
    expect(
      estimatedRefundMinor(
        lines,
        new Map([
          [1, 2],
          [2, 2],
        ]),
      ),
    ).toBe(109_800 + 6_667);
  });
  it('never counts more than was bought, nor unknown lines', () => {
    expect(
      estimatedRefundMinor(
        lines,
        new Map([
          [1, 9],
          [7, 1],
        ]),
      ),
    ).toBe(219_600);
  });
});

describe('formatMinor', () => {
  it('writes minor units as the API does', () => {
    expect(formatMinor(214_700, 'INR')).toBe('₹2,147.00');
    expect(formatMinor(12_345_600, 'INR')).toBe('₹1,23,456.00');
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
