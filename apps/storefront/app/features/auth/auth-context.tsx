import {
  createContext,
  use,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { User } from '@shopfront/shared';
import { onUnauthenticated } from '../../lib/api.client';
import { createAuthStore, isLoggedIn, type AuthMode, type AuthState, type AuthStore } from './auth-store';
import { hasSignedInFlag, loadSignedInUser } from './signed-in-flag';

const AuthContext = createContext<AuthStore | null>(null);

/**
 * Owns the page's auth store. `user` is what the server said on this document load
 * (initial-values `account`): it wins over anything kept in browser storage. After that the
 * store is the live truth (login, logout, a 401 from an account call).
 */
export function AuthProvider({
  user,
  defaultMode,
  children,
}: {
  user: User | null;
  defaultMode: AuthMode;
  children: ReactNode;
}) {
  const [store] = useState(() => createAuthStore({ user, defaultMode }));
  const first = useRef(true);

  // A layout effect: it runs before any page's own effects (which may open or close dialogs).
  useLayoutEffect(() => {
    // Per tab (sessionStorage): a reload keeps the redirect target (never an open dialog), and
    // a link opened in a new tab (the reset e-mail) does not inherit another tab's state.
    let storage: Storage | null = null;
    try {
      storage = window.sessionStorage;
    } catch {
      storage = null;
    }
    // The user this document was rendered with (later changes are handled below).
    const rendered = store.getServerState().user;
    store.hydrate(storage, rendered);
    // A page from the shared cache (ADR 31) carries no account: a signed-in browser loads it now.
    if (rendered === null && hasSignedInFlag(document.cookie)) {
      store.set({ checking: true });
      const done = (signedIn: User | null) => {
        // Unless the shopper signed in meanwhile (the store already knows better).
        if (signedIn && store.getState().user === null) store.set({ user: signedIn, checking: false });
        else store.set({ checking: false });
      };
      loadSignedInUser().then(done, () => done(null));
    }
  }, [store]);

  // The root data is reloaded after form submissions; whatever the server says then wins too.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    store.setUser(user);
  }, [store, user]);

  useEffect(() => onUnauthenticated(() => store.endSession()), [store]);

  return <AuthContext value={store}>{children}</AuthContext>;
}

export function useAuthStore(): AuthStore {
  const store = use(AuthContext);
  if (!store) throw new Error('useAuthStore() used outside <AuthProvider>');
  return store;
}

/** The auth state; re-renders on every change (the state object is replaced, never mutated). */
export function useAuth(): AuthState & { loggedIn: boolean; store: AuthStore } {
  const store = useAuthStore();
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getServerState);
  return { ...state, loggedIn: isLoggedIn(state), store };
}
