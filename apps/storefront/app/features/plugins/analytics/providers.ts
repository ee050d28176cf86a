import type { AnalyticsPluginName } from '@shopfront/shared';
import { shopAnalytics } from './shop-analytics';
import type { EcommerceData, ShopEvent } from './types';

/**
 * The five analytics plugins of spec section 9, each in its provider's own format, and the
 * shop's own first-party statistics (ShopAnalytics, shop-analytics.ts). `load` runs
 * only once the plugin may run (installed and, with the cookie warning on, its consent group
 * accepted; see bus.ts): before that there is no script tag, no cookie and no queue stub on the
 * page. Every script is inserted with the page's CSP nonce; apps/api/src/app.ts allows each
 * provider's hosts only while its plugin is installed.
 */

type Queue = unknown[];
interface Fbq {
  (...args: unknown[]): void;
  callMethod?: (...args: unknown[]) => void;
  queue: Queue;
  push: Fbq;
  loaded: boolean;
  version: string;
}
export interface AnalyticsWindow {
  dataLayer?: Queue;
  gtag?: (...args: unknown[]) => void;
  fbq?: Fbq;
  _fbq?: Fbq;
  clarity?: ((...args: unknown[]) => void) & { q?: Queue };
  umami?: { track: (name: string, data?: Record<string, unknown>) => void };
}

export interface PageInfo {
  location: string;
  path: string;
  title: string;
}

export interface Provider {
  /** Puts the provider's script and its own queue on the page (the initial page view is the snippet's). False when the config is unusable. */
  load(config: Record<string, unknown>, nonce: string | undefined): boolean;
  /** A client-side navigation. */
  pageView(page: PageInfo): void;
  send(event: ShopEvent, data: EcommerceData): void;
}

const w = () => window as unknown as AnalyticsWindow;

function insertScript(src: string, nonce: string | undefined, attrs: Record<string, string> = {}): HTMLScriptElement {
  const s = document.createElement('script');
  s.async = true;
  s.src = src;
  // The attribute (not only the property): tag managers copy it onto the tags they insert.
  if (nonce) s.setAttribute('nonce', nonce);
  for (const [k, v] of Object.entries(attrs)) s.setAttribute(k, v);
  s.dataset.analytics = 'true';
  document.head.appendChild(s);
  return s;
}

const str = (v: unknown, re: RegExp): string | null => (typeof v === 'string' && re.test(v) ? v : null);

/** The gtag.js / GTM data layer; gtag() pushes its `arguments` object, as gtag.js requires. */
function ensureGtag(): (...args: unknown[]) => void {
  const win = w();
  const layer = (win.dataLayer ??= []);
  win.gtag ??= function gtag() {
    // eslint-disable-next-line prefer-rest-params
    layer.push(arguments);
  };
  return win.gtag;
}

const pixelEvents: Record<ShopEvent, string> = {
  view_item: 'ViewContent',
  add_to_cart: 'AddToCart',
  begin_checkout: 'InitiateCheckout',
  purchase: 'Purchase',
};

function pixelData(event: ShopEvent, d: EcommerceData): Record<string, unknown> {
  const base = {
    value: d.value,
    currency: d.currency,
    content_type: 'product',
    content_ids: d.items.map((i) => i.item_id),
    contents: d.items.map((i) => ({ id: i.item_id, quantity: i.quantity, item_price: i.price })),
  };
  if (event === 'view_item' || event === 'add_to_cart') return { ...base, content_name: d.items[0]?.item_name };
  return { ...base, num_items: d.items.reduce((n, i) => n + i.quantity, 0) };
}

/** Umami has no queue of its own before its script ran: events wait here (in this page only). */
const umamiWaiting: [string, Record<string, unknown>][] = [];

export const PROVIDERS: Record<AnalyticsPluginName, Provider> = {
  GoogleGtag: {
    load(config, nonce) {
      const id = str(config['google_tag_id'], /^[A-Z]{1,3}-[A-Z0-9]{4,20}$/);
      if (!id) return false;
      const gtag = ensureGtag();
      gtag('js', new Date());
      gtag('config', id);
      insertScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`, nonce);
      return true;
    },
    // With history-change page views on in the GA4 property, turn them off there: this sends them.
    pageView: (p) =>
      ensureGtag()('event', 'page_view', { page_location: p.location, page_path: p.path, page_title: p.title }),
    send: (event, d) => ensureGtag()('event', event, d),
  },
  GoogleTagManager: {
    load(config, nonce) {
      const id = str(config['code'], /^GTM-[A-Z0-9]{4,12}$/);
      if (!id) return false;
      (w().dataLayer ??= []).push({ 'gtm.start': Date.now(), event: 'gtm.js' });
      insertScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`, nonce);
      return true;
    },
    pageView: (p) =>
      (w().dataLayer ??= []).push({
        event: 'page_view',
        page_location: p.location,
        page_path: p.path,
        page_title: p.title,
      }),
    send(event, d) {
      const layer = (w().dataLayer ??= []);
      // Google's advice: clear the previous ecommerce object first, or its fields leak into this one.
      layer.push({ ecommerce: null });
      layer.push({ event, ecommerce: d });
    },
  },
  FacebookPixel: {
    load(config, nonce) {
      const id = str(config['tag_code'], /^\d{15,16}$/);
      if (!id) return false;
      const win = w();
      if (!win.fbq) {
        // Meta's base code, without its inline <script>: a queue until fbevents.js takes over.
        const fbq = function (...args: unknown[]) {
          if (fbq.callMethod) fbq.callMethod(...args);
          else fbq.queue.push(args);
        } as Fbq;
        fbq.queue = [];
        fbq.push = fbq;
        fbq.loaded = true;
        fbq.version = '2.0';
        win.fbq = fbq;
        win._fbq ??= fbq;
        insertScript('https://connect.facebook.net/en_US/fbevents.js', nonce);
      }
      win.fbq('init', id);
      win.fbq('track', 'PageView');
      return true;
    },
    pageView: () => w().fbq?.('track', 'PageView'),
    send: (event, d) => w().fbq?.('track', pixelEvents[event], pixelData(event, d)),
  },
  MicrosoftClarity: {
    load(config, nonce) {
      const id = str(config['code'], /^[a-z0-9]{8,12}$/);
      if (!id) return false;
      const win = w();
      if (!win.clarity) {
        const clarity = Object.assign(
          (...args: unknown[]) => {
            (clarity.q ??= []).push(args);
          },
          { q: [] as Queue },
        );
        win.clarity = clarity;
      }
      insertScript(`https://www.clarity.ms/tag/${encodeURIComponent(id)}`, nonce);
      return true;
    },
    // Clarity follows a single-page app's navigations itself.
    pageView: () => {},
    send: (event) => w().clarity?.('event', event),
  },
  ShopAnalytics: shopAnalytics,
  UmamiAnalytics: {
    load(config, nonce) {
      const websiteId = str(config['website_id'], /^[0-9a-f-]{36}$/);
      const src = typeof config['script_url'] === 'string' ? config['script_url'] : '';
      if (!websiteId || !/^https:\/\/[^\s"'<>]+$/.test(src)) return false;
      const s = insertScript(src, nonce, { 'data-website-id': websiteId });
      s.defer = true;
      s.addEventListener('load', () => {
        const umami = w().umami;
        for (const [name, data] of umamiWaiting.splice(0)) umami?.track(name, data);
      });
      return true;
    },
    // Umami's script counts page views itself, the client-side ones included (history changes).
    pageView: () => {},
    send(event, d) {
      const data = {
        currency: d.currency,
        value: d.value,
        items: d.items.reduce((n, i) => n + i.quantity, 0),
        item_ids: d.items.map((i) => i.item_id).join(','),
        ...(d.transaction_id ? { transaction_id: d.transaction_id } : {}),
      };
      const umami = w().umami;
      if (umami) umami.track(event, data);
      else if (umamiWaiting.length < 20) umamiWaiting.push([event, data]);
    },
  },
};
