import { useEffect } from 'react';
import { callEndpoint, trackPurchaseApi, type AnalyticsPluginName, type Order } from '@shopfront/shared';
import { browserTransport } from '../../lib/api.client';
import { activeAnalytics, trackWith } from '../plugins/analytics/bus';
import { orderEventData } from '../plugins/analytics/event-data';
import { useActiveAnalytics } from '../plugins/analytics/use-track';

/**
 * Spec section 4 "Purchase events": each analytics plugin's purchase event fires once per order,
 * guarded by the order's tracked flag. The flag is claimed first (PUT …/track-purchase answers
 * tracked: true to the first call only), then the event is sent: a reload, a second tab or a
 * slow network never sends it twice. Sent only by a provider that is active on the page, that is
 * installed and (with the cookie warning on) consented (features/plugins/analytics/bus.ts);
 * consent given on this page later fires it then.
 */

type Flag =
  | 'google_gtag_event_tracked'
  | 'google_gtm_event_tracked'
  | 'facebook_pixel_event_tracked'
  | 'microsoft_clarity_event_tracked'
  | 'umami_event_tracked';

/** ShopAnalytics has no flag: its own collector counts each order's purchase once. */
const TRACKED: Record<
  Exclude<AnalyticsPluginName, 'ShopAnalytics'>,
  { flag: Flag; endpoint: (typeof trackPurchaseApi)[keyof typeof trackPurchaseApi] }
> = {
  GoogleGtag: { flag: 'google_gtag_event_tracked', endpoint: trackPurchaseApi.googleGtag },
  GoogleTagManager: { flag: 'google_gtm_event_tracked', endpoint: trackPurchaseApi.googleTagManager },
  FacebookPixel: { flag: 'facebook_pixel_event_tracked', endpoint: trackPurchaseApi.facebookPixel },
  MicrosoftClarity: { flag: 'microsoft_clarity_event_tracked', endpoint: trackPurchaseApi.microsoftClarity },
  UmamiAnalytics: { flag: 'umami_event_tracked', endpoint: trackPurchaseApi.umamiAnalytics },
};

/** Claims asked for in this page (the effect runs again when another provider becomes active). */
const claimed = new Set<string>();

/** Fires the purchase events of a confirmed order once (see above). */
export function usePurchaseEvents(order: Order) {
  const active = useActiveAnalytics();
  const counts = order.status !== 'awaiting_payment' && order.status !== 'payment_failed';
  useEffect(() => {
    if (!counts || !active) return;
    for (const plugin of activeAnalytics()) {
      const key = `${order.id}:${plugin}`;
      if (claimed.has(key)) continue;
      if (plugin === 'ShopAnalytics') {
        claimed.add(key);
        trackWith(plugin, 'purchase', orderEventData(order));
        continue;
      }
      const { flag, endpoint } = TRACKED[plugin];
      if (order[flag]) continue;
      claimed.add(key);
      void callEndpoint(browserTransport, endpoint, { body: { order_id: order.id } })
        .then(({ data }) => {
          if (data.tracked) trackWith(plugin, 'purchase', orderEventData(order));
        })
        .catch(() => {
          // Not claimed: a later visit of the page tries again.
          claimed.delete(key);
        });
    }
  }, [counts, active, order]);
}
