import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import type { Cart } from '@shopfront/shared';
import { activeAnalyticsKey, subscribeAnalytics, track } from './bus';
import { addedLineEventData, cartEventData, productEventData } from './event-data';
import type { EcommerceData, ShopEvent } from './types';

/**
 * Tracks `event` once per `key` (a product page per product, the address step per visit) after
 * the page rendered. `data` is read when the effect runs; null sends nothing.
 */
export function useTrackEvent(event: ShopEvent, data: EcommerceData | null, key: string): void {
  // The data of the render that ran the effect; a new `key` (not new data) sends again.
  const send = useEffectEvent(() => track(event, data));
  useEffect(() => {
    send();
  }, [key]);
}

/** The active analytics providers as a comma-joined key; re-renders when it changes. */
export function useActiveAnalytics(): string {
  return useSyncExternalStore(subscribeAnalytics, activeAnalyticsKey, () => '');
}

/** view_item, once per product page (a variant change is not a new view). */
export function useTrackViewItem(
  product: Parameters<typeof productEventData>[0],
  variant: Parameters<typeof productEventData>[1],
) {
  useTrackEvent('view_item', productEventData(product, variant), product.id);
}

/** begin_checkout, once each time the shopper enters the address step with something in the cart. */
export function useTrackBeginCheckout(cart: Cart) {
  useTrackEvent('begin_checkout', cartEventData(cart), 'checkout');
}

/** add_to_cart: the line an add (or a move from the wishlist) landed on. */
export function trackAddToCart(cart: Cart, lineId: string | null): void {
  track('add_to_cart', addedLineEventData(cart, lineId));
}
