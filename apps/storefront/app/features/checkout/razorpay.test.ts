import { describe, expect, it } from 'vitest';
import { razorpayPayload } from './razorpay';

describe('razorpayPayload', () => {
  it("passes a payment's ids and signature on as Razorpay names them", () => {
    expect(
      razorpayPayload({
        kind: 'paid',
        response: { razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_1', razorpay_signature: 'abc' },
      }),
    ).toEqual({ razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_1', razorpay_signature: 'abc' });
  });

  it('says a failure with its code and description, and a closed checkout as dismissed', () => {
    expect(
      razorpayPayload({ kind: 'failed', response: { error: { code: 'BAD_REQUEST_ERROR', description: 'Declined' } } }),
    ).toEqual({ error_code: 'BAD_REQUEST_ERROR', error_description: 'Declined' });
    expect(razorpayPayload({ kind: 'failed', response: {} })).toEqual({
      error_code: 'PAYMENT_FAILED',
      error_description: '',
    });
    expect(razorpayPayload({ kind: 'dismissed' })).toEqual({ dismissed: 'true' });
  });
});
