import { useEffect } from 'react';
import { storefrontApi, type StoreState } from '@shopfront/shared';
import { browserTransport } from '../../lib/api.client';

/** Error statuses a closed shop's gate can be behind (403, 503, or a loader's 500 around them). */
const GATE_STATUSES = new Set([403, 500, 503]);

const RELOADED_KEY = 'sf_closed_reload';

/**
 * A tab left open when the shop closes: its next client-side navigation meets the API gate's 403
 * or 503 inside a loader, and shows an error screen. The root loader, which sends a closed shop's
 * visitors to their special page (spec section 4), does not run on a plain navigation. So an
 * error screen with such a status asks the API once whether the shop is still open for this
 * visitor; if not, it reloads the document (once per address, so nothing can loop), and the root
 * loader redirects properly.
 */
export function useReloadWhenShopClosed(status: number | null): void {
  useEffect(() => {
    if (status === null || !GATE_STATUSES.has(status)) return;
    const here = location.pathname + location.search;
    let reloaded: string | null = null;
    try {
      reloaded = sessionStorage.getItem(RELOADED_KEY);
    } catch {
      // Storage blocked: reload at most once anyway (the flag below is then lost, the check stays).
    }
    if (reloaded === here) return;
    let live = true;
    void browserTransport({ method: 'GET', path: storefrontApi.initialValues.path }).then(({ status: s, body }) => {
      const state = (body as { data?: { access?: { state?: StoreState } } } | null)?.data?.access?.state;
      if (!live || s !== 200 || !state || state === 'open') return;
      try {
        sessionStorage.setItem(RELOADED_KEY, here);
      } catch {
        // See above.
      }
      location.reload();
    });
    return () => {
      live = false;
    };
  }, [status]);
}
