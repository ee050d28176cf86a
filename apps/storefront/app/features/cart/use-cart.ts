import { useCallback, useEffect, useRef, useState } from 'react';
import { useFetcher, useFetchers, useMatches, useRevalidator } from 'react-router';
import type { Cart } from '@shopfront/shared';
import type { loader as cartLoader } from '../../routes/resources.cart';
import { useAuth } from '../auth/auth-context';
import { hasSignedInFlag } from '../auth/signed-in-flag';
import { onUnauthenticated } from '../../lib/api.client';
import { useCartUi } from './cart-ui';
import {
  CART_CHANNEL,
  CART_FETCHER_KEY,
  CART_RESOURCE,
  displayedCount,
  hasCartCookie,
  isCartUpdating,
  pendingLineQuantities,
} from './cart-view';

/** The one fetcher holding the shopper's cart on every page (header badge, mobile footer, drawer). */
export function useCartFetcher() {
  return useFetcher<typeof cartLoader>({ key: CART_FETCHER_KEY });
}

/**
 * Whether this browser may have a cart worth asking for: its flag cookie, or a signed-in customer
 * (known, or said by the signed-in flag while a shared page loads the account: ADR 31).
 */
function useCartActive(): boolean {
  const { loggedIn } = useAuth();
  return (
    loggedIn ||
    (typeof document !== 'undefined' && (hasCartCookie(document.cookie) || hasSignedInFlag(document.cookie)))
  );
}

/** Route handle of pages that show the cart from their own loader (/cart, /checkout/…). */
export interface CartPageHandle {
  cartPage?: boolean;
}

export interface CartView {
  /** The cart as last answered by the server; null before it was asked for, or for nobody. */
  cart: Cart | null;
  /** Total quantity, with changes on their way already applied (optimistic). */
  count: number;
  /** Line id → quantity asked for but not yet confirmed (0: being removed). */
  pending: ReadonlyMap<string, number>;
  /** A cart change is on its way (the spec's updating flag). */
  updating: boolean;
  /** The cart is being read for the first time. */
  loading: boolean;
}

/**
 * The shopper's cart on any page: server state from the `cart` fetcher (or, until that has its
 * first answer, the cart an add answered), with pending changes applied.
 */
export function useCart(): CartView {
  const fetcher = useCartFetcher();
  const fetchers = useFetchers();
  const { answered } = useCartUi();
  const active = useCartActive();
  // A failed re-read answers null: keep showing the last cart rather than an empty one.
  const [kept, setKept] = useState<Cart | null>(null);
  const fresh = fetcher.data?.cart ?? null;
  if (fresh && fresh !== kept) setKept(fresh);
  const cart = active ? (fresh ?? kept ?? answered) : null;
  const pending = pendingLineQuantities(fetchers);
  return {
    cart,
    count: displayedCount(cart, pending),
    pending,
    updating: isCartUpdating(fetchers),
    loading: active && fetcher.state === 'loading' && !cart,
  };
}

/** Total item quantity for the header icon and the mobile footer's Cart. */
export function useCartCount(): number {
  return useCart().count;
}

/**
 * Keeps the cart true across the visit (once, in the shop shell): reads it after hydration when
 * the browser has one; reads it again when the tab comes back into view, when the shopper logs
 * in or out (the server merges a guest cart on login), and when another tab says it changed.
 * After a change made here it tells the other tabs, so two tabs never disagree for long.
 */
export function CartSync() {
  const fetcher = useCartFetcher();
  const fetchers = useFetchers();
  const { user } = useAuth();
  const revalidator = useRevalidator();
  const matches = useMatches();
  const onCartPage = matches.some((m) => (m.handle as CartPageHandle | undefined)?.cartPage);
  const channel = useRef<BroadcastChannel | null>(null);
  const lastRead = useRef(0);

  const load = fetcher.load;
  const revalidate = revalidator.revalidate;
  const refresh = useCallback(
    (force = false) => {
      const now = Date.now();
      // Focus and visibilitychange come together; one read is enough.
      if (!force && now - lastRead.current < 1000) return;
      lastRead.current = now;
      // A cart page's own loader holds the cart it shows; revalidating reloads the fetcher too.
      if (onCartPage) void revalidate();
      else if (hasCartCookie(document.cookie) || user) void load(CART_RESOURCE);
    },
    [onCartPage, revalidate, load, user],
  );
  const refreshRef = useRef(refresh);
  useEffect(() => {
    refreshRef.current = refresh;
  }, [refresh]);

  // First read after hydration (a cart page's loader has the cart, but the badge reads the
  // fetcher), and again whenever the customer changes (login merges the guest cart).
  const userId = user?.id ?? null;
  const firstRead = useRef(true);
  // The first read was made with a session: the account a shared page loads after hydration
  // (ADR 31) is that session's, so its arrival needs no second read.
  const readSignedIn = useRef(false);
  useEffect(() => {
    if (firstRead.current) {
      firstRead.current = false;
      lastRead.current = Date.now();
      readSignedIn.current = userId !== null || hasSignedInFlag(document.cookie);
      if (hasCartCookie(document.cookie) || readSignedIn.current) void load(CART_RESOURCE);
      return;
    }
    const known = readSignedIn.current && userId !== null;
    readSignedIn.current = false;
    if (!known) refreshRef.current(true);
  }, [userId, load]);
  // A session found gone (a 401) means the first read was a guest's after all.
  useEffect(
    () =>
      onUnauthenticated(() => {
        readSignedIn.current = false;
      }),
    [],
  );

  useEffect(() => {
    const onFocus = () => refreshRef.current();
    const onVisible = () => document.visibilityState === 'visible' && refreshRef.current();
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    let bc: BroadcastChannel | null = null;
    if (typeof BroadcastChannel !== 'undefined') {
      bc = new BroadcastChannel(CART_CHANNEL);
      bc.onmessage = () => refreshRef.current(true);
      channel.current = bc;
    }
    // Logging in or out in this tab changes the cart of every tab.
    const onAuth = () => channel.current?.postMessage({ type: 'auth' });
    window.addEventListener('shopfront:after-login', onAuth);
    window.addEventListener('shopfront:logout', onAuth);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('shopfront:after-login', onAuth);
      window.removeEventListener('shopfront:logout', onAuth);
      bc?.close();
      channel.current = null;
    };
  }, []);

  // A cart change made in this tab has settled: the other tabs read the cart again.
  const updating = isCartUpdating(fetchers);
  const wasUpdating = useRef(false);
  // The first add of a visit creates the cart after this tab's first read was skipped (no
  // cookie yet): once a change settles, a fetcher never loaded here starts following the cart.
  const neverLoaded = fetcher.data === undefined && fetcher.state === 'idle';
  useEffect(() => {
    if (wasUpdating.current && !updating) {
      channel.current?.postMessage({ type: 'changed' });
      if (neverLoaded && hasCartCookie(document.cookie)) void load(CART_RESOURCE);
    }
    wasUpdating.current = updating;
  }, [updating, neverLoaded, load]);

  return null;
}
