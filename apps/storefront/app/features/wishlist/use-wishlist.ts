import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { toast } from '../../components/ui/toast';
import { useAuth } from '../auth/auth-context';
import { wishlistCalls } from './wishlist-api';
import { EMPTY_WISHLIST, createWishlistStore, type WishlistState } from './wishlist-store';

/** The tab's one wishlist store (see wishlist-store.ts). */
export const wishlistStore = createWishlistStore(wishlistCalls, toast, () => {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
});

/**
 * The signed-in customer's wishlist state, loaded once per customer after hydration and reset
 * on logout (spec section 4: on logout the wishlist store resets).
 */
export function useWishlistState(): WishlistState {
  const { user, store: auth } = useAuth();
  const userId = user?.id ?? null;
  useEffect(() => {
    // The live account, not the rendered one: a part still hydrating renders the server's
    // snapshot (nobody signed in on a shared page, ADR 31) and must not reset the wishlist.
    const live = auth.getState().user?.id ?? null;
    if (live === null) wishlistStore.reset();
    else void wishlistStore.load(live);
  }, [auth, userId]);
  // A guest who closes the dialogs without logging in did not mean to save it later on (a
  // shared page still loading the account is not such a guest yet).
  useEffect(
    () =>
      auth.subscribe(() => {
        const s = auth.getState();
        if (!s.user && !s.checking && !s.loginOpen && !s.registerOpen) wishlistStore.forgetForLater();
      }),
    [auth],
  );
  const state = useSyncExternalStore(wishlistStore.subscribe, wishlistStore.getState, wishlistStore.getServerState);
  // Until the effect above has caught up, another customer's (or a logged-out one's) hearts are never shown.
  return state.ownerId === userId ? state : EMPTY_WISHLIST;
}

/**
 * One heart: whether the product is saved, whether a change is on its way, and the click.
 * Spec sections 4 and 6: adding requires login; a guest gets the login dialog and the current
 * path is remembered as the redirect target (and the product is saved once logged in).
 */
export function useWishlistHeart(productId: string, variantId?: string) {
  const state = useWishlistState();
  const { loggedIn, store: auth } = useAuth();
  const location = useLocation();
  const saved = state.ids.has(productId) || state.queued.has(productId);
  const busy = state.busy.has(productId) || (loggedIn && state.status === 'loading');
  const toggle = () => {
    // A shared page still loading the account (ADR 31), or an account whose wishlist has not
    // started loading yet: saved once it has loaded.
    const { user, checking } = auth.getState();
    if (checking || (user && wishlistStore.getState().ownerId !== user.id)) {
      wishlistStore.rememberForLater(productId, variantId);
      return;
    }
    if (!loggedIn) {
      wishlistStore.rememberForLater(productId, variantId);
      auth.openLogin({ redirectTo: `${location.pathname}${location.search}` });
      return;
    }
    void wishlistStore.toggle(productId, variantId);
  };
  return { saved, busy, toggle };
}
