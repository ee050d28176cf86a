import type {
  AccountSubscriptionBodySchema,
  CustomGalleryBodySchema,
  CustomGallerySchema,
  GalleryBodySchema,
  GallerySchema,
  PincodeCheckSchema,
  PincodeQuerySchema,
  ShopAnalyticsEventBodySchema,
  ShopAnalyticsRecordedSchema,
  SubscribeBodySchema,
  SubscribeResultSchema,
  SubscriptionSchema,
  SubscriptionTokenBodySchema,
  SubscriptionTokenParamsSchema,
  TradeEnquiryBodySchema,
  TradeEnquiryProductParamsSchema,
  TradeEnquiryProductSchema,
  TradeEnquiryResultSchema,
} from '../schemas/plugins-shopper.ts';
import { endpoint } from './endpoint.ts';

/**
 * The shopper-facing plugins (spec section 7, Plugins). Each answers 404 'This plugin is not
 * installed' while its plugin is not installed.
 */
export const pincodeApi = {
  /** Is the postcode served (the checkout's own shipping zones), by when, and can it pay on delivery. */
  check: endpoint<{ query: typeof PincodeQuerySchema; data: typeof PincodeCheckSchema }>(
    'GET',
    '/api/plugins/PincodeAvaliability/check',
  ),
} as const;

export const tradeEnquiryApi = {
  submit: endpoint<{ body: typeof TradeEnquiryBodySchema; data: typeof TradeEnquiryResultSchema }>(
    'POST',
    '/api/plugins/TradeEnquiry/submit',
  ),
  /** The published product a trade page's `?product={slug}` names (its name, for the form). */
  product: endpoint<{ params: typeof TradeEnquiryProductParamsSchema; data: typeof TradeEnquiryProductSchema }>(
    'GET',
    '/api/plugins/TradeEnquiry/product/:slug',
  ),
} as const;

export const emailSubscriptionApi = {
  subscribe: endpoint<{ body: typeof SubscribeBodySchema; data: typeof SubscribeResultSchema }>(
    'POST',
    '/api/plugins/emailSubscription/subscribe',
  ),
  /** Follows the e-mailed confirmation link (/newsletter/confirm/{token}). */
  confirm: endpoint<{ body: typeof SubscriptionTokenBodySchema; data: typeof SubscriptionSchema }>(
    'POST',
    '/api/plugins/emailSubscription/confirm',
  ),
  /** What an unsubscribe link (/newsletter/unsubscribe/{token}) is about: the address (masked) and its status. */
  unsubscribeInfo: endpoint<{ params: typeof SubscriptionTokenParamsSchema; data: typeof SubscriptionSchema }>(
    'GET',
    '/api/plugins/emailSubscription/unsubscribe/:token',
  ),
  unsubscribe: endpoint<{ body: typeof SubscriptionTokenBodySchema; data: typeof SubscriptionSchema }>(
    'POST',
    '/api/plugins/emailSubscription/unsubscribe',
  ),
  /** The signed-in customer's subscription. */
  me: endpoint<{ data: typeof SubscriptionSchema }>('GET', '/api/plugins/emailSubscription/me'),
  updateMe: endpoint<{ body: typeof AccountSubscriptionBodySchema; data: typeof SubscriptionSchema }>(
    'PUT',
    '/api/plugins/emailSubscription/me',
  ),
} as const;

export const galleryApi = {
  /** A stored gallery by id. */
  get: endpoint<{ body: typeof GalleryBodySchema; data: typeof GallerySchema }>('POST', '/api/plugins/Gallery'),
  /** Validates and normalises a hand-picked list of media images. */
  custom: endpoint<{ body: typeof CustomGalleryBodySchema; data: typeof CustomGallerySchema }>(
    'POST',
    '/api/plugins/customGallery',
  ),
} as const;

/**
 * The ShopAnalytics plugin's first-party collector. 403 without consent to the analytics group
 * (while the cookie warning is on); the browser id is the plugin's own cookie, never a body field.
 */
export const shopAnalyticsApi = {
  collect: endpoint<{ body: typeof ShopAnalyticsEventBodySchema; data: typeof ShopAnalyticsRecordedSchema }>(
    'POST',
    '/api/plugins/ShopAnalytics/collect',
  ),
} as const;
