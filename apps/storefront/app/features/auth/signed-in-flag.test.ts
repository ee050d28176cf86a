import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_IN_COOKIE } from '@shopfront/shared';
import { onUnauthenticated } from '../../lib/api.client';
import { createAuthStore, type AuthStore } from './auth-store';
import { hasSignedInFlag, loadSignedInUser } from './signed-in-flag';
import { ana } from './test-user';

/**
 * A shared page's account load (ADR 31) through the browser's real transport, with `fetch` and
 * `document.cookie` stood in for: a stale flag answered 401 drops the flag and leaves the rest of
 * the UI as the shopper had it.
 */

const jar = { cookie: `${SIGNED_IN_COOKIE}=1` };
let stop: (() => void) | null = null;

/** Wires the store to 401s as AuthProvider does, and starts the check as it does. */
function checkingStore(): AuthStore {
  const store = createAuthStore({ user: null, defaultMode: 'OTP' });
  stop = onUnauthenticated(() => store.endSession());
  store.set({ checking: true });
  return store;
}

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
}

beforeEach(() => {
  jar.cookie = `${SIGNED_IN_COOKIE}=1`;
  vi.stubGlobal('document', jar);
});
afterEach(() => {
  stop?.();
  stop = null;
  vi.unstubAllGlobals();
});

describe('loading the account a signed-in flag announces', () => {
  it('a 401 (a stale flag) drops the flag and keeps the login dialog the shopper opened meanwhile', async () => {
    const store = checkingStore();
    store.openLogin({ redirectTo: '/product/linen-shirt#reviews' });
    answer(401, { status: 'error', message: 'Please log in.' });

    expect(hasSignedInFlag(jar.cookie)).toBe(true);
    await expect(loadSignedInUser()).resolves.toBeNull();
    expect(jar.cookie).toBe(`${SIGNED_IN_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`);
    expect(store.getState()).toMatchObject({ user: null, loginOpen: true });
    expect(store.getState().redirectTo).not.toBeNull();

    // AuthProvider then settles the check: signed out, the dialog still open.
    store.set({ checking: false });
    expect(store.getState()).toMatchObject({ user: null, checking: false, loginOpen: true });
  });

  it('once the check has settled, a 401 logs the UI out as before', async () => {
    const store = checkingStore();
    store.set({ user: ana, checking: false });
    store.openLogin();
    answer(401, { status: 'error', message: 'Please log in.' });
    await expect(loadSignedInUser()).resolves.toBeNull();
    expect(store.getState()).toMatchObject({ user: null, loginOpen: false });
  });

  it('a failure other than 401 keeps the flag and rejects (the page treats the shopper as signed out)', async () => {
    const store = checkingStore();
    answer(500, { status: 'error', message: 'Something went wrong.' });
    await expect(loadSignedInUser()).rejects.toMatchObject({ status: 500 });
    expect(jar.cookie).toBe(`${SIGNED_IN_COOKIE}=1`);
    expect(store.getState().checking).toBe(true);
  });
});
