import { describe, expect, it } from 'vitest';
import {
  deliveryDaysText,
  isPaymentIntent,
  nextLocation,
  paymentOptionsOf,
  paysOnline,
  shippingOptionsOf,
} from './payment-view';

const methods = [
  { code: 'cod', name: 'Cash on Delivery', description: '', kind: 'offline' as const, fee: inr(0) },
  { code: 'sandbox', name: 'Pay online', description: '', kind: 'online' as const, fee: inr(0) },
];

function inr(amount: number) {
  return { amount, currency: 'INR', formatted: `₹${amount / 100}` };
}

describe('nextLocation', () => {
  it("goes to the shop's own result pages", () => {
    expect(nextLocation({ type: 'complete', path: '/checkout-complete?order=ord_1' })).toBe(
      '/checkout-complete?order=ord_1',
    );
    expect(nextLocation({ type: 'failed', path: '/checkout-failed?order=ord_1' })).toBe('/checkout-failed?order=ord_1');
  });

  it("goes to a provider's page over http(s) or a path of the API", () => {
    expect(nextLocation({ type: 'redirect', url: 'https://pay.example.test/p/123?x=1' })).toBe(
      'https://pay.example.test/p/123?x=1',
    );
    expect(nextLocation({ type: 'redirect', url: '/api/payments/sandbox/pay/abc' })).toBe(
      '/api/payments/sandbox/pay/abc',
    );
  });

  it('never to a script or another protocol, nor a protocol-relative host', () => {
    expect(nextLocation({ type: 'redirect', url: 'javascript:alert(1)' })).toBeNull();
    expect(nextLocation({ type: 'redirect', url: 'data:text/html,hi' })).toBeNull();
    expect(nextLocation({ type: 'redirect', url: '//evil.example/pay' })).toBeNull();
    expect(nextLocation({ type: 'complete', path: 'not a url' })).toBeNull();
    expect(nextLocation({ type: 'client', provider: 'razorpay', options: {} })).toBeNull();
  });
});

describe('paysOnline', () => {
  it('is true for a chosen online method only', () => {
    expect(
      paysOnline({ cart_payment_method: { code: 'sandbox', name: 'Pay online' }, cart_payment_methods: methods }),
    ).toBe(true);
    expect(paysOnline({ cart_payment_method: { code: 'cod', name: 'COD' }, cart_payment_methods: methods })).toBe(
      false,
    );
    expect(paysOnline({ cart_payment_method: null, cart_payment_methods: methods })).toBe(false);
  });
});

describe('deliveryDaysText', () => {
  it('says the days of a delivery option', () => {
    expect(deliveryDaysText({ delivery_days_min: 3, delivery_days_max: 5 })).toBe('Arrives in 3–5 days');
    expect(deliveryDaysText({ delivery_days_min: 1, delivery_days_max: 1 })).toBe('Arrives in 1 day');
    expect(deliveryDaysText({ delivery_days_min: null, delivery_days_max: 4 })).toBe('Arrives in 4 days');
    expect(deliveryDaysText({ delivery_days_min: null, delivery_days_max: null })).toBeNull();
  });
});

describe('isPaymentIntent', () => {
  it('knows the forms of the payment step', () => {
    for (const i of ['shipping', 'payment', 'place-order']) expect(isPaymentIntent(i)).toBe(true);
    expect(isPaymentIntent('pay')).toBe(false);
  });
});

describe('the choices of the payment step', () => {
  it('shows a delivery option with its description, else its days, and Free for no price', () => {
    const option = { code: 'std', name: 'Standard', description: '', delivery_days_min: 3, delivery_days_max: 5 };
    expect(
      shippingOptionsOf({
        shipping_methods: [
          { ...option, price: inr(0) },
          { ...option, code: 'exp', name: 'Express', description: 'Next day', price: inr(9900) },
        ],
      }),
    ).toEqual([
      { code: 'std', name: 'Standard', description: 'Arrives in 3–5 days', price: 'Free' },
      { code: 'exp', name: 'Express', description: 'Next day', price: '₹99' },
    ]);
  });

  it('shows a payment method with its fee when it has one', () => {
    expect(paymentOptionsOf({ cart_payment_methods: [{ ...methods[0]!, fee: inr(4900) }, methods[1]!] })).toEqual([
      { code: 'cod', name: 'Cash on Delivery', description: '', price: '+ ₹49' },
      { code: 'sandbox', name: 'Pay online', description: '' },
    ]);
  });
});
