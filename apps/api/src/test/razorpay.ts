/**
 * A `payment.captured` webhook event as Razorpay sends it (its documented shape), for the tests that
 * deliver one: stringify it as they need (Razorpay's bodies are pretty-printed; the signature is
 * over the raw bytes).
 */
export function razorpayCapturedEvent(razorpayOrderId: string, paymentId: string, amount: number) {
  return {
    entity: 'event',
    account_id: 'acc_BFQ7uQEaa7j2z7',
    event: 'payment.captured',
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: paymentId,
          entity: 'payment',
          amount,
          currency: 'INR',
          status: 'captured',
          order_id: razorpayOrderId,
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  };
}
