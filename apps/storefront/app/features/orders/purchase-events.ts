import { useEffect } from 'react';
import { callEndpoint, trackPurchaseApi, type Order } from '@shopfront/shared';
import { browserTransport } from '../../lib/api.client';
import { useShop } from '../../lib/shop';

/**
 * Spec section 4 "Purchase events": each analytics plugin's purchase event fires once per order,
 * guarded by the order's tracked flag. The flag is claimed first (PUT …/track-purchase answers
 * tracked: true to the first call only), then the event is sent: a reload, a second tab or a
 * slow network never sends it twice. Sent only when the plugin is installed, its script is on the
 * page, and (with the cookie warning on) the shopper accepted the optional cookies.
 */

type Tracker = {
  plugin: 'GoogleGtag' | 'GoogleTagManager' | 'FacebookPixel';
  flag: 'google_gtag_event_tracked' | 'google_gtm_event_tracked' | 'facebook_pixel_event_tracked';
  endpoint: (typeof trackPurchaseApi)[keyof typeof trackPurchaseApi];
  /** The plugin's script, when it is on the page: sends the event. */
  sender: (w: AnalyticsWindow) => ((order: Order) => void) | null;
};

interface AnalyticsWindow {
  gtag?: (...args: unknown[]) => void;
  dataLayer?: unknown[];
  fbq?: (...args: unknown[]) => void;
}

const major = (o: Order) => o.grand_total.amount / 100;
const items = (o: Order) =>
  o.productchannel.map((i) => ({
    item_id: i.sku || i.product_id,
    item_name: i.product.name,
    item_variant: i.variant_title,
    price: i.unit_price.amount / 100,
    quantity: i.quantity,
  }));

const TRACKERS: readonly Tracker[] = [
  {
    plugin: 'GoogleGtag',
    flag: 'google_gtag_event_tracked',
    endpoint: trackPurchaseApi.googleGtag,
    sender: (w) =>
      w.gtag
        ? (o) =>
            w.gtag!('event', 'purchase', {
              transaction_id: o.order_no,
              value: major(o),
              currency: o.currency,
              shipping: o.totals.shipping.amount / 100,
              tax: o.totals.tax_included.amount / 100,
              coupon: o.coupon_code ?? undefined,
              items: items(o),
            })
        : null,
  },
  {
    plugin: 'GoogleTagManager',
    flag: 'google_gtm_event_tracked',
    endpoint: trackPurchaseApi.googleTagManager,
    sender: (w) =>
      w.dataLayer
        ? (o) =>
            w.dataLayer!.push({
              event: 'purchase',
              ecommerce: { transaction_id: o.order_no, value: major(o), currency: o.currency, items: items(o) },
            })
        : null,
  },
  {
    plugin: 'FacebookPixel',
    flag: 'facebook_pixel_event_tracked',
    endpoint: trackPurchaseApi.facebookPixel,
    sender: (w) =>
      w.fbq
        ? (o) =>
            w.fbq!('track', 'Purchase', {
              value: major(o),
              currency: o.currency,
              contents: o.productchannel.map((i) => ({ id: i.sku || i.product_id, quantity: i.quantity })),
              content_type: 'product',
            })
        : null,
  },
];

/** The optional cookies were accepted (spec section 3, cookie entries stored under cookiePreferences). */
export function optionalCookiesAccepted(stored: string | null): boolean {
  if (!stored) return false;
  try {
    const entries = JSON.parse(stored) as unknown;
    return (
      Array.isArray(entries) &&
      entries.some(
        (e) =>
          typeof e === 'object' &&
          e !== null &&
          (e as { group?: unknown }).group === 'optional' &&
          (e as { accepted?: unknown }).accepted === true,
      )
    );
  } catch {
    return false;
  }
}

/** Fires the purchase events of a confirmed order once (see above). */
export function usePurchaseEvents(order: Order) {
  const { plugins, storefront } = useShop();
  const installed = plugins.map((p) => p.module_name).join(',');
  const counts = order.status !== 'awaiting_payment' && order.status !== 'payment_failed';
  useEffect(() => {
    if (!counts) return;
    if (storefront.is_cookie_warning_enabled && !optionalCookiesAccepted(localStorage.getItem('cookiePreferences'))) {
      return;
    }
    const w = window as unknown as AnalyticsWindow;
    for (const t of TRACKERS) {
      if (!installed.split(',').includes(t.plugin) || order[t.flag]) continue;
      const send = t.sender(w);
      if (!send) continue;
      void callEndpoint(browserTransport, t.endpoint, { body: { order_id: order.id } })
        .then(({ data }) => {
          if (data.tracked) send(order);
        })
        .catch(() => {
          // Not claimed: a later visit of the page tries again.
        });
    }
  }, [counts, installed, order, storefront.is_cookie_warning_enabled]);
}
