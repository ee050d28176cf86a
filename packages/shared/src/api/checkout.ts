import type {
  LatestOrderSchema,
  CheckoutCompleteQuerySchema,
  CompletePaymentBodySchema,
  OrderSchema,
  PlaceOrderBodySchema,
  PlacedOrderSchema,
  ProcessPaymentBodySchema,
  PaymentNextSchema,
  RateExperienceBodySchema,
} from '../schemas/order.ts';
import { endpoint } from './endpoint.ts';

/**
 * Checkout (spec section 7): place the cart's order, pay it online (process-payment, then the
 * provider's return to GET complete or its in-page result to complete-payment), rate it.
 * `latest` answers the shopper's own latest order: the complete and failed pages' guard.
 */
export const checkoutApi = {
  placeOrder: endpoint<{ body: typeof PlaceOrderBodySchema; data: typeof PlacedOrderSchema }>(
    'POST',
    '/api/checkout/place-order',
  ),
  processPayment: endpoint<{ body: typeof ProcessPaymentBodySchema; data: typeof PlacedOrderSchema }>(
    'POST',
    '/api/checkout/process-payment',
  ),
  completePayment: endpoint<{ body: typeof CompletePaymentBodySchema; data: typeof PaymentNextSchema }>(
    'POST',
    '/api/checkout/complete-payment',
  ),
  /** The provider's signed return: answers a redirect to /checkout-complete or /checkout-failed. */
  complete: endpoint<{ query: typeof CheckoutCompleteQuerySchema; data: typeof PaymentNextSchema }>(
    'GET',
    '/api/checkout/complete',
  ),
  rateExperience: endpoint<{ body: typeof RateExperienceBodySchema; data: typeof OrderSchema }>(
    'POST',
    '/api/checkout/rate-experience',
  ),
  latest: endpoint<{ data: typeof LatestOrderSchema }>('GET', '/api/checkout/latest-order'),
} as const;
