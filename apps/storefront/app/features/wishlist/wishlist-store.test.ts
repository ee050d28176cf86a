import { describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiSuccess, type Wishlist, type WishlistChange } from '@shopfront/shared';
import { PENDING_KEY, PENDING_VARIANTS_KEY, createWishlistStore, type WishlistCalls } from './wishlist-store';

const ok = <T>(data: T, message?: string): Promise<ApiSuccess<T>> => Promise.resolve({ data, message });
const change = (productId: string, inWishlist: boolean): WishlistChange => ({
  product_id: productId,
  in_wishlist: inWishlist,
  total: 1,
});
const listOf = (...ids: string[]): Wishlist => ({
  items: ids.map((id) => ({
    product_id: id,
    added_at: new Date(0).toISOString(),
    product: {} as never,
    variant: null,
  })),
  total: ids.length,
});

function memoryStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

function setup(calls: Partial<WishlistCalls> = {}) {
  const notices = { success: vi.fn(), error: vi.fn() };
  const storage = memoryStorage();
  const api: WishlistCalls = {
    get: vi.fn(() => ok(listOf('p1'))),
    add: vi.fn((id: string) => ok(change(id, true), 'Added to your wishlist')),
    remove: vi.fn((id: string) => ok(change(id, false), 'Removed from your wishlist')),
    ...calls,
  };
  const store = createWishlistStore(api, notices, () => storage);
  return { store, api, notices, storage };
}

describe('wishlist store', () => {
  it('loads the customer’s ids once, and again only for another customer', async () => {
    const { store, api } = setup();
    await Promise.all([store.load(7), store.load(7)]);
    await store.load(7);
    expect(api.get).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ ownerId: 7, status: 'ready' });
    expect([...store.getState().ids]).toEqual(['p1']);
    await store.load(8);
    expect(api.get).toHaveBeenCalledTimes(2);
    store.reset();
    expect(store.getState()).toMatchObject({ ownerId: null, status: 'idle' });
    expect(store.getState().ids.size).toBe(0);
  });

  it('shows a save at once, before the server answers, and the server’s message after', async () => {
    let answer!: (v: ApiSuccess<WishlistChange>) => void;
    const { store, notices } = setup({ add: () => new Promise((r) => (answer = r)) });
    await store.load(7);
    const done = store.toggle('p2');
    expect(store.getState().ids.has('p2')).toBe(true);
    expect(store.getState().busy.has('p2')).toBe(true);
    // A second click while in flight changes nothing.
    await store.toggle('p2');
    expect(store.getState().ids.has('p2')).toBe(true);
    answer({ data: change('p2', true), message: 'Added to your wishlist' });
    await expect(done).resolves.toBe(true);
    expect(store.getState().busy.has('p2')).toBe(false);
    expect(notices.success).toHaveBeenCalledWith('Added to your wishlist');
  });

  it('puts the heart back and shows the error when the server refuses', async () => {
    const { store, notices } = setup({
      add: () => Promise.reject(new ApiError(404, 'Product not found')),
      remove: () => Promise.reject(new ApiError(0, 'Could not reach the shop')),
    });
    await store.load(7);
    await expect(store.toggle('gone')).resolves.toBe(false);
    expect(store.getState().ids.has('gone')).toBe(false);
    expect(notices.error).toHaveBeenCalledWith('Product not found');

    await expect(store.toggle('p1')).resolves.toBe(true);
    expect(store.getState().ids.has('p1')).toBe(true);
    expect(notices.error).toHaveBeenCalledWith('Could not reach the shop');
  });

  it('stays quiet on a 401 (the session is gone and the UI is logged out by the API client)', async () => {
    const { store, notices } = setup({
      add: () => Promise.reject(new ApiError(401, 'Please log in to continue')),
    });
    await store.load(7);
    await store.toggle('p2');
    expect(store.getState().ids.has('p2')).toBe(false);
    expect(notices.error).not.toHaveBeenCalled();
  });

  it('does nothing for nobody', async () => {
    const { store, api } = setup();
    await store.toggle('p2');
    expect(api.add).not.toHaveBeenCalled();
  });

  it('saves the product a guest clicked, once they have logged in', async () => {
    const { store, api, storage } = setup();
    store.rememberForLater('p9');
    expect(JSON.parse(storage.getItem(PENDING_KEY)!)).toEqual(['p9']);
    await store.load(7);
    expect(api.add).toHaveBeenCalledWith('p9');
    expect(store.getState().ids.has('p9')).toBe(true);
    expect(storage.getItem(PENDING_KEY)).toBeNull();
  });

  it('saves the option the guest had chosen with the product, once they have logged in', async () => {
    const { store, api, storage } = setup();
    store.rememberForLater('p9', 'v9-indigo');
    store.rememberForLater('p8');
    await store.load(7);
    expect(api.add).toHaveBeenCalledWith('p9', 'v9-indigo');
    expect(api.add).toHaveBeenCalledWith('p8');
    expect(storage.getItem(PENDING_VARIANTS_KEY)).toBeNull();
  });

  it('forgets the click when the guest gives up on logging in', async () => {
    const { store, api } = setup();
    store.rememberForLater('p9');
    store.forgetForLater();
    await store.load(7);
    expect(api.add).not.toHaveBeenCalled();
  });

  it('keeps clicks made while the ids load: shown saved at once, saved once they have loaded', async () => {
    let answer!: (v: ApiSuccess<Wishlist>) => void;
    const { store, api, storage } = setup({ get: () => new Promise((r) => (answer = r)) });
    const loading = store.load(7);
    await store.toggle('p2');
    await store.toggle('p3');
    await store.toggle('p4');
    await store.toggle('p4'); // changed their mind: off the queue again
    expect(api.add).not.toHaveBeenCalled();
    expect([...store.getState().queued]).toEqual(['p2', 'p3']);
    expect(JSON.parse(storage.getItem(PENDING_KEY)!)).toEqual(['p2', 'p3']);
    answer({ data: listOf('p1', 'p3'), message: undefined });
    await loading;
    expect(api.add).toHaveBeenCalledTimes(1); // p3 was saved already
    expect(api.add).toHaveBeenCalledWith('p2');
    expect([...store.getState().ids].sort()).toEqual(['p1', 'p2', 'p3']);
    expect(store.getState().queued.size).toBe(0);
    expect(storage.getItem(PENDING_KEY)).toBeNull();
  });

  it('keeps the clicks for the next load when loading fails, and reads a bare id an older tab wrote', async () => {
    const { store, api, storage } = setup({ get: () => Promise.reject(new Error('offline')) });
    storage.setItem(PENDING_KEY, 'p5');
    await store.load(7);
    expect(store.getState()).toMatchObject({ status: 'error' });
    expect(store.getState().queued.size).toBe(0);
    expect(api.add).not.toHaveBeenCalled();
    api.get = vi.fn(() => ok(listOf('p1')));
    store.reset();
    await store.load(7);
    expect(api.add).toHaveBeenCalledWith('p5');
  });

  it('a save answered after a new load began leaves the new load’s state alone', async () => {
    let refuse!: (e: Error) => void;
    const { store } = setup({ add: () => new Promise((_, r) => (refuse = r)) });
    await store.load(7);
    const saving = store.toggle('p2');
    store.reset();
    await store.load(7);
    refuse(new Error('nope'));
    await saving;
    expect([...store.getState().ids]).toEqual(['p1']);
    expect(store.getState().busy.size).toBe(0);
  });

  it('never applies an older load’s answer over a newer one (or over a save made since)', async () => {
    const answers: ((v: ApiSuccess<Wishlist>) => void)[] = [];
    const { store } = setup({ get: () => new Promise((r) => answers.push(r)) });
    const first = store.load(7);
    store.reset();
    const second = store.load(7);
    answers[1]!({ data: listOf('p1'), message: undefined });
    await second;
    await store.toggle('p2');
    answers[0]!({ data: listOf(), message: undefined });
    await first;
    expect([...store.getState().ids].sort()).toEqual(['p1', 'p2']);
    expect(store.getState().status).toBe('ready');
  });

  it('does not save it twice when it already is saved', async () => {
    const { store, api } = setup();
    store.rememberForLater('p1');
    await store.load(7);
    expect(api.add).not.toHaveBeenCalled();
  });
});
