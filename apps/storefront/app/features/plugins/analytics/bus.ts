import { ANALYTICS_PLUGINS, type AnalyticsPluginName } from '@shopfront/shared';
import type { PageInfo, PROVIDERS } from './providers';
import type { EcommerceData, ShopEvent } from './types';

/**
 * The one event bus of the analytics plugins. Pages call `track('add_to_cart', data)`; the bus
 * hands the event to every provider that is loaded *and still allowed* (installed and, with the
 * cookie warning on, consented). The site shell's AnalyticsHost tells it what may run
 * (`applyAnalytics`) whenever the plugins or the shopper's choice change.
 *
 * Declining after a script was loaded cannot unload it (a script stays in the page's memory):
 * from then on the bus sends it no event, and the consent UI reloads the page so it is gone.
 *
 * The providers' code (providers.ts, shop-analytics.ts) is fetched only once a plugin may run: a
 * shop without analytics, or a visitor who has not consented, never downloads it. Events tracked
 * while it is on its way wait with the early ones.
 */

export interface AnalyticsSetup {
  /** Installed analytics plugins with their public config. */
  plugins: ReadonlyMap<AnalyticsPluginName, Record<string, unknown>>;
  /** May this plugin run now (installed, and consented when the cookie warning is on)? */
  allowed: (name: AnalyticsPluginName) => boolean;
  nonce: string | undefined;
}

let setup: AnalyticsSetup | null = null;
let providers: typeof PROVIDERS | null = null;
let providersLoading = false;
const loaded = new Set<AnalyticsPluginName>();
/** Events tracked before the shell applied the setup (a page's effect runs before the shell's). */
const early: [ShopEvent, EcommerceData][] = [];
const listeners = new Set<() => void>();
let activeKey = '';

export const isAnalyticsPlugin = (name: string): name is AnalyticsPluginName =>
  (ANALYTICS_PLUGINS as readonly string[]).includes(name);

/** Loads what may now run (never twice) and remembers what may receive events. */
export function applyAnalytics(next: AnalyticsSetup): void {
  setup = next;
  if (!providers) {
    // Nothing may run yet: no provider is loaded, so early events have nowhere to go.
    if (![...next.plugins.keys()].some((name) => next.allowed(name))) {
      early.length = 0;
      return;
    }
    if (!providersLoading) {
      providersLoading = true;
      void import('./providers').then((m) => {
        providers = m.PROVIDERS;
        if (setup) applyAnalytics(setup);
      });
    }
    return;
  }
  for (const [name, config] of next.plugins) {
    if (loaded.has(name) || !next.allowed(name)) continue;
    if (providers[name].load(config, next.nonce)) loaded.add(name);
  }
  for (const [event, data] of early.splice(0)) track(event, data);
  const key = activeAnalytics().join(',');
  if (key !== activeKey) {
    activeKey = key;
    for (const l of listeners) l();
  }
}

/** The providers that receive events now: loaded, still installed and still allowed. */
export function activeAnalytics(): AnalyticsPluginName[] {
  const s = setup;
  if (!s) return [];
  return ANALYTICS_PLUGINS.filter((n) => loaded.has(n) && s.plugins.has(n) && s.allowed(n));
}

/** Were scripts of these plugins put on the page (a revoked consent then reloads the page)? */
export function wasLoaded(name: AnalyticsPluginName): boolean {
  return loaded.has(name);
}

/** Sends a shopping event to every active provider, each in its own format. */
export function track(event: ShopEvent, data: EcommerceData | null): void {
  if (!data) return;
  // Before the shell applied the setup, or while the providers' code is on its way.
  if (!setup || (providersLoading && !providers)) {
    if (early.length < 20) early.push([event, data]);
    return;
  }
  for (const name of activeAnalytics()) providers?.[name].send(event, data);
}

/** Sends one provider's event (the purchase, once its tracked flag was claimed), if it is still active. */
export function trackWith(name: AnalyticsPluginName, event: ShopEvent, data: EcommerceData): void {
  if (activeAnalytics().includes(name)) providers?.[name].send(event, data);
}

/** A client-side navigation (the first page view of each provider is its snippet's). */
export function trackPageView(page: PageInfo): void {
  for (const name of activeAnalytics()) providers?.[name].pageView(page);
}

/** For useSyncExternalStore: told when the set of active providers changes. */
export function subscribeAnalytics(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const activeAnalyticsKey = (): string => activeKey;
