import type { User } from '@shopfront/shared';

/** Login dialog modes (spec section 2); register uses OTP and Legacy only. */
export type AuthMode = 'OTP' | 'Legacy' | 'ForgotPassword';

/** The auth state group (spec section 3): persisted in browser storage, the server session wins. */
export interface AuthState {
  user: User | null;
  mode: AuthMode;
  loginOpen: boolean;
  registerOpen: boolean;
  /** Where to go after login/register (a same-site path, stored URL-encoded). */
  redirectTo: string | null;
  /** True while an auth request runs (spec section 4, "Auth updating flag"); never persisted. */
  updating: boolean;
  /**
   * The page came from the shared cache and the browser is loading the account its signed-in
   * flag announces (ADR 31); never persisted. Until it is known, a click that needs the account
   * must not take the shopper for a guest.
   */
  checking: boolean;
}

export const AUTH_STORAGE_KEY = 'shopfront:auth';

/** Spec section 4: OTP if enabled, else Legacy if enabled; Legacy when the settings say neither. */
export function defaultAuthMode(settings: { enable_otp_auth?: boolean; enable_legacy_auth?: boolean }): AuthMode {
  if (settings.enable_otp_auth) return 'OTP';
  return 'Legacy';
}

/** Logged in means the user has an id (spec section 4). */
export function isLoggedIn(state: Pick<AuthState, 'user'>): boolean {
  return typeof state.user?.id === 'number';
}

/** A decoded path that stays on this shop: not `//host`, no backslash or control character (`/\t/evil.example`). */
function staysOnShop(decoded: string): boolean {
  // eslint-disable-next-line no-control-regex
  return decoded.startsWith('/') && !decoded.startsWith('//') && !/[\u0000-\u001f\u007f\\]/.test(decoded);
}

function decodeOnce(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * A stored (URL-encoded) redirect target, decoded, or null: a redirect target must never send
 * the shopper to another site (`//evil.example`, `https://…`, `javascript:`).
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  const decoded = value ? decodeOnce(value) : null;
  return decoded !== null && staysOnShop(decoded) ? decoded : null;
}

/** Where to go after login or register: the stored target, URL-decoded, else /account. */
export function afterLoginPath(redirectTo: string | null): string {
  return safeRedirectPath(redirectTo) ?? '/account';
}

type Listener = () => void;

export interface AuthStore {
  getState(): AuthState;
  /**
   * The state the page was rendered with on the server. Parts of a page hydrate late (streamed
   * reviews and related products): they must see it, not a user loaded meanwhile (ADR 31).
   */
  getServerState(): AuthState;
  subscribe(listener: Listener): () => void;
  /** Replaces part of the state and notifies subscribers. */
  set(patch: Partial<AuthState>): void;
  readonly defaultMode: AuthMode;
  /** Opens the login dialog (closing register); remembers where to go afterwards. */
  openLogin(opts?: { redirectTo?: string | null; mode?: AuthMode }): void;
  /** Opens the register dialog (closing login). */
  openRegister(opts?: { redirectTo?: string | null }): void;
  /** Closes both dialogs; closing resets the mode to the default (spec section 4). */
  closeDialogs(): void;
  setMode(mode: AuthMode): void;
  setUser(user: User | null): void;
  /** Forgets the user (logout, or a 401 from an account call) and any pending redirect. */
  reset(): void;
  /**
   * An API call answered 401 (the session is gone): `reset`, except while the account a
   * signed-in flag announced is loading (ADR 31).
   */
  endSession(): void;
  /**
   * Runs one auth request with the updating flag on, off afterwards, except when `keepUpdating`
   * says so for the result (spec: a successful OTP request leaves it on).
   */
  track<T>(request: () => Promise<T>, keepUpdating?: (result: T) => boolean): Promise<T>;
  /** Loads the persisted state once the page runs; the server's user (or null) always wins. */
  hydrate(storage: Pick<Storage, 'getItem' | 'setItem'> | null, serverUser: User | null): void;
}

function encodeTarget(path: string | null | undefined): string | null {
  // The path as the browser has it (its own %-escapes kept), encoded once for storage.
  return path && staysOnShop(path) ? encodeURIComponent(path) : null;
}

/** One store per page (the React provider owns it): small, synchronous, testable without React. */
export function createAuthStore(init: { user: User | null; defaultMode: AuthMode }): AuthStore {
  let state: AuthState = {
    user: init.user,
    mode: init.defaultMode,
    loginOpen: false,
    registerOpen: false,
    redirectTo: null,
    updating: false,
    checking: false,
  };
  const rendered = state;
  const listeners = new Set<Listener>();
  let storage: Pick<Storage, 'getItem' | 'setItem'> | null = null;

  const persist = () => {
    if (!storage) return;
    // The dialog flags are not kept: a dialog opens for the visit that asked for it, and a
    // reload or the next page must not bring it back (issue 13: a guest who once opened
    // /account got the login dialog on every later page until closing it by hand).
    const { updating: _updating, checking: _checking, loginOpen: _login, registerOpen: _register, ...kept } = state;
    try {
      storage.setItem(AUTH_STORAGE_KEY, JSON.stringify(kept));
    } catch {
      // Private mode or a full quota: the state simply is not kept across reloads.
    }
  };

  const store: AuthStore = {
    defaultMode: init.defaultMode,
    getState: () => state,
    getServerState: () => rendered,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(patch) {
      state = { ...state, ...patch };
      persist();
      for (const l of listeners) l();
    },
    openLogin(opts = {}) {
      store.set({
        loginOpen: true,
        registerOpen: false,
        mode: opts.mode ?? (state.loginOpen ? state.mode : init.defaultMode),
        ...(opts.redirectTo !== undefined ? { redirectTo: encodeTarget(opts.redirectTo) } : {}),
      });
    },
    openRegister(opts = {}) {
      store.set({
        registerOpen: true,
        loginOpen: false,
        mode: init.defaultMode,
        ...(opts.redirectTo !== undefined ? { redirectTo: encodeTarget(opts.redirectTo) } : {}),
      });
    },
    closeDialogs() {
      store.set({ loginOpen: false, registerOpen: false, mode: init.defaultMode, updating: false });
    },
    setMode(mode) {
      store.set({ mode });
    },
    setUser(user) {
      store.set({ user });
    },
    reset() {
      store.set({
        user: null,
        redirectTo: null,
        loginOpen: false,
        registerOpen: false,
        mode: init.defaultMode,
        updating: false,
      });
    },
    endSession() {
      // While the account is loading, a 401 is that load's answer (a stale flag): it drops the
      // flag and settles to signed out itself. A reset would close a dialog the shopper opened
      // meanwhile, or log out one who has just signed in.
      if (state.checking) return;
      store.reset();
    },
    async track(request, keepUpdating) {
      store.set({ updating: true });
      try {
        const result = await request();
        if (!keepUpdating?.(result)) store.set({ updating: false });
        return result;
      } catch (err) {
        store.set({ updating: false });
        throw err;
      }
    },
    hydrate(next, serverUser) {
      storage = next;
      let saved: Partial<AuthState> = {};
      try {
        const raw = next?.getItem(AUTH_STORAGE_KEY);
        if (raw) saved = JSON.parse(raw) as Partial<AuthState>;
      } catch {
        saved = {};
      }
      store.set({
        // The server session is the authority: a stored user without a session is logged out.
        user: serverUser,
        // Never reopened from storage (see persist); a page that needs a dialog opens it itself.
        loginOpen: false,
        registerOpen: false,
        mode: init.defaultMode,
        redirectTo:
          typeof saved.redirectTo === 'string' && safeRedirectPath(saved.redirectTo) !== null ? saved.redirectTo : null,
        updating: false,
      });
    },
  };
  return store;
}

/**
 * Calls `then` with the state once no account check runs (ADR 31): at once when none does, else
 * when it settles. A click that needs the account waits for it rather than take a signed-in
 * shopper for a guest. Returns a function that cancels the wait.
 */
export function afterAccountCheck(
  store: Pick<AuthStore, 'getState' | 'subscribe'>,
  then: (state: AuthState) => void,
): () => void {
  const now = store.getState();
  if (!now.checking) {
    then(now);
    return () => {};
  }
  const unsubscribe = store.subscribe(() => {
    const state = store.getState();
    if (state.checking) return;
    unsubscribe();
    then(state);
  });
  return unsubscribe;
}
