import type {
  CancelOrderBodySchema,
  OrderDetailSchema,
  OrderIdBodySchema,
  OrderIdQuerySchema,
  OrderPageSchema,
  OrdersPageQuerySchema,
  RefundRequestBodySchema,
  TrackOrderBodySchema,
  TrackParamsSchema,
  TrackPurchaseBodySchema,
  TrackPurchaseSchema,
  TrackingSchema,
} from '../schemas/order.ts';
import { endpoint } from './endpoint.ts';

type Detail = typeof OrderDetailSchema;

/** A customer's orders (spec section 7, Orders); 401 for guests, 404 for anyone else's order. */
export const ordersApi = {
  list: endpoint<{ query: typeof OrdersPageQuerySchema; data: typeof OrderPageSchema }>('GET', '/api/orders/get'),
  item: endpoint<{ body: typeof OrderIdBodySchema; data: Detail }>('POST', '/api/orders/item'),
  /** A PDF (not JSON): the storefront links to it. */
  invoice: endpoint<{ query: typeof OrderIdQuerySchema; data: never }>('GET', '/api/orders/invoice'),
  cancel: endpoint<{ body: typeof CancelOrderBodySchema; data: Detail }>('PUT', '/api/orders/cancel'),
  refundRequest: endpoint<{ body: typeof RefundRequestBodySchema; data: Detail }>('POST', '/api/orders/refund/request'),
} as const;

/** Tracking (spec section 7): find by order number and contact, or follow the link's secret. */
export const trackingApi = {
  find: endpoint<{ body: typeof TrackOrderBodySchema; data: typeof TrackingSchema }>('POST', '/api/track-order'),
  get: endpoint<{ params: typeof TrackParamsSchema; data: typeof TrackingSchema }>('GET', '/api/track-order/:waybill'),
} as const;

/** Purchase events fire once per order (spec section 4): these set the order's tracked flag. */
export const trackPurchaseApi = {
  googleGtag: endpoint<{ body: typeof TrackPurchaseBodySchema; data: typeof TrackPurchaseSchema }>(
    'PUT',
    '/api/plugins/GoogleGtag/track-purchase',
  ),
  facebookPixel: endpoint<{ body: typeof TrackPurchaseBodySchema; data: typeof TrackPurchaseSchema }>(
    'PUT',
    '/api/plugins/FacebookPixel/track-purchase',
  ),
  /** The third tracked flag of spec section 3 (google_gtm_event_tracked), for symmetry. */
  googleTagManager: endpoint<{ body: typeof TrackPurchaseBodySchema; data: typeof TrackPurchaseSchema }>(
    'PUT',
    '/api/plugins/GoogleTagManager/track-purchase',
  ),
  microsoftClarity: endpoint<{ body: typeof TrackPurchaseBodySchema; data: typeof TrackPurchaseSchema }>(
    'PUT',
    '/api/plugins/MicrosoftClarity/track-purchase',
  ),
  umamiAnalytics: endpoint<{ body: typeof TrackPurchaseBodySchema; data: typeof TrackPurchaseSchema }>(
    'PUT',
    '/api/plugins/UmamiAnalytics/track-purchase',
  ),
} as const;
