import { useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'react-router';
import { PLUGINS, type AnalyticsPluginName } from '@shopfront/shared';
import { useShop } from '../../../lib/shop';
import { useConsent } from '../../consent/consent-context';
import { applyAnalytics, isAnalyticsPlugin, trackPageView } from './bus';

/**
 * Puts the installed analytics plugins on the page once they may run (spec section 9: installed
 * and, with the cookie warning on, consented), without a reload when consent comes later, and
 * sends a page view on every client-side navigation (the first one is each snippet's own).
 */
export function AnalyticsHost() {
  const { plugins, nonce } = useShop();
  const { allows } = useConsent();
  const installed = useMemo(() => {
    const map = new Map<AnalyticsPluginName, Record<string, unknown>>();
    for (const p of plugins) if (isAnalyticsPlugin(p.module_name)) map.set(p.module_name, p.config);
    return map;
  }, [plugins]);

  useEffect(() => {
    applyAnalytics({
      plugins: installed,
      allowed: (name) => allows(PLUGINS[name].consent),
      nonce: nonce?.script,
    });
  }, [installed, allows, nonce]);

  const location = useLocation();
  const page = `${location.pathname}${location.search}`;
  const first = useRef(page);
  useEffect(() => {
    if (first.current === page) return;
    first.current = '';
    trackPageView({ location: window.location.href, path: page, title: document.title });
  }, [page]);
  return null;
}
