import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  SHOP_ANALYTICS_COOKIE,
  SHOP_ANALYTICS_COOKIE_MAX_AGE,
  shopAnalyticsApi,
  type ShopAnalyticsEventBody,
} from '@shopfront/shared';
import { readCookie, writeCookie } from '../../../lib/cookies';
import type { PageInfo, Provider } from './providers';

/**
 * The ShopAnalytics plugin: the shop's own statistics. No third-party script: its events go to
 * the shop's own collector (POST /api/plugins/ShopAnalytics/collect), which stores them in the
 * shop's database. Like every analytics plugin it runs only once the analytics group is accepted
 * (bus.ts): then, and only then, it sets its cookie (a random id of this browser, for counting
 * visitors rather than page loads) and sends the page view. Withdrawing the consent removes the
 * cookie (consent-context.tsx), the bus stops sending at once, and the server refuses events
 * from a browser whose cookie choice no longer accepts analytics.
 */

function visitorId(): string {
  const known = readCookie(document.cookie, SHOP_ANALYTICS_COOKIE);
  if (known && /^[A-Za-z0-9_-]{16,64}$/.test(known)) return known;
  const id = crypto.randomUUID();
  writeCookie(SHOP_ANALYTICS_COOKIE, id, SHOP_ANALYTICS_COOKIE_MAX_AGE);
  return id;
}

function post(body: ShopAnalyticsEventBody): void {
  visitorId();
  // keepalive: an add to cart followed at once by a navigation is still counted.
  void fetch(shopAnalyticsApi.collect.path, {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: true,
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
    body: JSON.stringify(body),
  }).catch(() => {
    // Statistics are best effort: a lost event is never the shopper's problem.
  });
}

const here = (): string => `${location.pathname}${location.search}`.slice(0, 500);

export const shopAnalytics: Provider = {
  load() {
    post({ event: 'page_view', path: here() });
    return true;
  },
  pageView: (p: PageInfo) => post({ event: 'page_view', path: p.path.slice(0, 500) }),
  send(event, d) {
    post({
      event,
      path: here(),
      value: Math.max(0, d.value),
      currency: d.currency,
      items: d.items.reduce((n, i) => n + i.quantity, 0),
      ...(d.transaction_id ? { transaction_id: d.transaction_id } : {}),
    });
  },
};
