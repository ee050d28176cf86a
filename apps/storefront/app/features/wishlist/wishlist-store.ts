import { ApiError, type ApiSuccess, type Wishlist, type WishlistChange } from '@shopfront/shared';

/**
 * Which products the signed-in customer has saved, for every heart on the page. One small
 * store per browser tab (like the toasts): hearts on cards, the product page, the quickview and
 * the wishlist page all read it, so a toggle anywhere shows everywhere. On the server nothing is
 * ever written to it (hearts render from the empty snapshot; loading happens in effects).
 */
export interface WishlistState {
  /** The customer the ids belong to; null when nobody is signed in. */
  ownerId: number | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  ids: ReadonlySet<string>;
  /** Products with a save or remove on its way (their hearts are disabled). */
  busy: ReadonlySet<string>;
}

export interface WishlistCalls {
  get: () => Promise<ApiSuccess<Wishlist>>;
  add: (productId: string) => Promise<ApiSuccess<WishlistChange>>;
  remove: (productId: string) => Promise<ApiSuccess<WishlistChange>>;
}

export interface WishlistNotices {
  success: (message: string) => void;
  error: (message: string) => void;
}

/** Where a guest's heart click is remembered until they have logged in (this tab only). */
export const PENDING_KEY = 'shopfront:wishlist-pending';

/** Nobody's wishlist: the server's snapshot, and what a guest sees. */
export const EMPTY_WISHLIST: WishlistState = { ownerId: null, status: 'idle', ids: new Set(), busy: new Set() };
const EMPTY = EMPTY_WISHLIST;

type PendingStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function createWishlistStore(
  calls: WishlistCalls,
  notices: WishlistNotices,
  storage: () => PendingStorage | null,
) {
  let state: WishlistState = EMPTY;
  const listeners = new Set<() => void>();
  let loadingFor: Promise<void> | null = null;
  /** Bumped by every reset and load: an older load's answer is stale and never applied. */
  let generation = 0;

  const set = (patch: Partial<WishlistState>) => {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  };
  const withId = (ids: ReadonlySet<string>, id: string, present: boolean) => {
    const next = new Set(ids);
    if (present) next.add(id);
    else next.delete(id);
    return next;
  };

  const store = {
    getState: () => state,
    getServerState: () => EMPTY,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Forgets everything (logout, or a different customer signed in). */
    reset() {
      generation += 1;
      loadingFor = null;
      if (state !== EMPTY) {
        state = EMPTY;
        for (const l of listeners) l();
      }
    },

    /**
     * Loads the customer's saved product ids once (again only for another customer), then saves
     * the product a guest clicked before logging in, if any.
     */
    async load(customerId: number): Promise<void> {
      if (state.ownerId === customerId && (state.status === 'ready' || state.status === 'loading') && loadingFor) {
        return loadingFor;
      }
      const mine = (generation += 1);
      set({ ownerId: customerId, status: 'loading', ids: new Set(), busy: new Set() });
      const run = (async () => {
        try {
          const { data } = await calls.get();
          if (generation !== mine) return;
          set({ status: 'ready', ids: new Set(data.items.map((i) => i.product_id)) });
        } catch {
          if (generation === mine) set({ status: 'error' });
          return;
        }
        const pending = readPending();
        if (pending) {
          clearPending();
          if (!state.ids.has(pending)) await store.toggle(pending);
        }
      })();
      loadingFor = run;
      return run;
    },

    /** Remembers a guest's heart click, to be saved once they are logged in. */
    rememberForLater(productId: string) {
      try {
        storage()?.setItem(PENDING_KEY, productId);
      } catch {
        // Storage unavailable: the shopper clicks the heart again after logging in.
      }
    },

    /** The guest closed the login dialog without logging in: their click is not kept any longer. */
    forgetForLater() {
      clearPending();
    },

    /**
     * Saves or removes a product at once on screen (optimistic) and then on the server; a
     * failure puts the heart back and says why. Ignored while the same product is in flight;
     * while the saved ids are still loading, the click is kept and saved once they have loaded
     * (a change now would be overwritten by the load).
     */
    async toggle(productId: string): Promise<boolean> {
      if (state.busy.has(productId) || state.ownerId === null) return state.ids.has(productId);
      if (state.status === 'loading') {
        store.rememberForLater(productId);
        return false;
      }
      const owner = state.ownerId;
      const wasSaved = state.ids.has(productId);
      set({ ids: withId(state.ids, productId, !wasSaved), busy: withId(state.busy, productId, true) });
      try {
        const { message } = wasSaved ? await calls.remove(productId) : await calls.add(productId);
        if (state.ownerId === owner) set({ busy: withId(state.busy, productId, false) });
        if (message) notices.success(message);
        return !wasSaved;
      } catch (err) {
        if (state.ownerId === owner) {
          set({ ids: withId(state.ids, productId, wasSaved), busy: withId(state.busy, productId, false) });
        }
        // A 401 has already logged the UI out (the session is gone); the heart asks to log in again.
        if (!(err instanceof ApiError && err.status === 401)) {
          notices.error(err instanceof Error ? err.message : String(err));
        }
        return wasSaved;
      }
    },
  };

  function readPending(): string | null {
    try {
      return storage()?.getItem(PENDING_KEY) ?? null;
    } catch {
      return null;
    }
  }
  function clearPending() {
    try {
      storage()?.removeItem(PENDING_KEY);
    } catch {
      // nothing to clear
    }
  }

  return store;
}

export type WishlistStore = ReturnType<typeof createWishlistStore>;
