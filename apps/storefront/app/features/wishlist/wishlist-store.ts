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
  /** Products clicked while the ids load: shown saved, and saved once they have loaded. */
  queued: ReadonlySet<string>;
}

export interface WishlistCalls {
  get: () => Promise<ApiSuccess<Wishlist>>;
  /** `variantId`: the option chosen on the product page, saved with it (Move to cart moves that one). */
  add: (productId: string, variantId?: string) => Promise<ApiSuccess<WishlistChange>>;
  remove: (productId: string) => Promise<ApiSuccess<WishlistChange>>;
}

export interface WishlistNotices {
  success: (message: string) => void;
  error: (message: string) => void;
}

/** Where heart clicks are remembered until the customer's ids have loaded (this tab only): a guest's until they log in. */
export const PENDING_KEY = 'shopfront:wishlist-pending';
/** The option chosen with each remembered click (product id → variant id), saved with it later. */
export const PENDING_VARIANTS_KEY = 'shopfront:wishlist-pending-variants';

/** Nobody's wishlist: the server's snapshot, and what a guest sees. */
export const EMPTY_WISHLIST: WishlistState = {
  ownerId: null,
  status: 'idle',
  ids: new Set(),
  busy: new Set(),
  queued: new Set(),
};
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
     * the products clicked before: by the guest before logging in, or while the ids loaded.
     */
    async load(customerId: number): Promise<void> {
      if (state.ownerId === customerId && (state.status === 'ready' || state.status === 'loading') && loadingFor) {
        return loadingFor;
      }
      const mine = (generation += 1);
      set({ ownerId: customerId, status: 'loading', ids: new Set(), busy: new Set(), queued: new Set(readPending()) });
      const run = (async () => {
        let ids: Set<string>;
        try {
          const { data } = await calls.get();
          if (generation !== mine) return;
          ids = new Set(data.items.map((i) => i.product_id));
        } catch {
          // The clicks stay remembered for the next load; the hearts show what is known: nothing.
          if (generation === mine) set({ status: 'error', queued: new Set() });
          return;
        }
        const pending = readPending().filter((id) => !ids.has(id));
        writePending([]);
        // In one go with the optimistic saves below: no heart empties in between.
        set({ status: 'ready', ids, queued: new Set() });
        const chosen = readPendingVariants();
        writePendingVariants({});
        await Promise.all(pending.map((id) => store.toggle(id, chosen[id])));
      })();
      loadingFor = run;
      return run;
    },

    /** Remembers a heart click, to be saved once the customer's ids have loaded (a guest: once logged in). */
    rememberForLater(productId: string, variantId?: string) {
      const pending = readPending();
      if (!pending.includes(productId)) writePending([...pending, productId]);
      if (variantId) writePendingVariants({ ...readPendingVariants(), [productId]: variantId });
      if (state.status === 'loading') set({ queued: withId(state.queued, productId, true) });
    },

    /** The guest closed the login dialog without logging in: their clicks are not kept any longer. */
    forgetForLater() {
      writePending([]);
      writePendingVariants({});
      if (state.queued.size) set({ queued: new Set() });
    },

    /**
     * Saves or removes a product at once on screen (optimistic) and then on the server; a
     * failure puts the heart back and says why. Ignored while the same product is in flight.
     * While the saved ids are still loading, a click queues the product (shown saved) or takes it
     * off the queue again; the queue is saved once they have loaded (a change sent now would be
     * overwritten by the load's answer).
     */
    async toggle(productId: string, variantId?: string): Promise<boolean> {
      if (state.busy.has(productId) || state.ownerId === null) return state.ids.has(productId);
      if (state.status === 'loading') {
        if (!state.queued.has(productId)) {
          store.rememberForLater(productId, variantId);
          return true;
        }
        writePending(readPending().filter((id) => id !== productId));
        set({ queued: withId(state.queued, productId, false) });
        return false;
      }
      // A load begun since (another customer, or the wishlist page's refresh) owns the state now.
      const mine = generation;
      const wasSaved = state.ids.has(productId);
      set({ ids: withId(state.ids, productId, !wasSaved), busy: withId(state.busy, productId, true) });
      try {
        const { message } = wasSaved
          ? await calls.remove(productId)
          : await (variantId ? calls.add(productId, variantId) : calls.add(productId));
        if (generation === mine) set({ busy: withId(state.busy, productId, false) });
        if (message) notices.success(message);
        return !wasSaved;
      } catch (err) {
        if (generation === mine) {
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

  /** The remembered product ids (a JSON list; a bare id is what an older version of this tab wrote). */
  function readPending(): string[] {
    let raw: string | null;
    try {
      raw = storage()?.getItem(PENDING_KEY) ?? null;
    } catch {
      return [];
    }
    if (!raw) return [];
    try {
      const list: unknown = JSON.parse(raw);
      return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];
    } catch {
      return [raw];
    }
  }
  function readPendingVariants(): Record<string, string> {
    try {
      const parsed: unknown = JSON.parse(storage()?.getItem(PENDING_VARIANTS_KEY) ?? '{}');
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
      return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
    } catch {
      return {};
    }
  }
  function writePendingVariants(chosen: Record<string, string>) {
    try {
      if (Object.keys(chosen).length) storage()?.setItem(PENDING_VARIANTS_KEY, JSON.stringify(chosen));
      else storage()?.removeItem(PENDING_VARIANTS_KEY);
    } catch {
      // Storage unavailable: the product is saved without its option (Move to cart then asks for one).
    }
  }
  function writePending(ids: string[]) {
    try {
      if (ids.length) storage()?.setItem(PENDING_KEY, JSON.stringify(ids));
      else storage()?.removeItem(PENDING_KEY);
    } catch {
      // Storage unavailable: the shopper clicks the heart again once the wishlist has loaded.
    }
  }

  return store;
}

export type WishlistStore = ReturnType<typeof createWishlistStore>;
