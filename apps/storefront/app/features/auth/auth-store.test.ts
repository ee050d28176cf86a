import { describe, expect, it } from 'vitest';
import {
  AUTH_STORAGE_KEY,
  afterAccountCheck,
  afterLoginPath,
  createAuthStore,
  defaultAuthMode,
  isLoggedIn,
  safeRedirectPath,
} from './auth-store';
import { ana } from './test-user';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    saved: () => JSON.parse(data.get(AUTH_STORAGE_KEY) ?? 'null') as Record<string, unknown> | null,
  };
}

describe('defaultAuthMode', () => {
  it('is OTP when OTP auth is on, else Legacy', () => {
    expect(defaultAuthMode({ enable_otp_auth: true, enable_legacy_auth: true })).toBe('OTP');
    expect(defaultAuthMode({ enable_otp_auth: false, enable_legacy_auth: true })).toBe('Legacy');
    expect(defaultAuthMode({})).toBe('Legacy');
  });
});

describe('redirect target', () => {
  it('goes to the stored path URL-decoded, else /account', () => {
    expect(afterLoginPath(encodeURIComponent('/account/profile?tab=1'))).toBe('/account/profile?tab=1');
    expect(afterLoginPath('/product/linen-shirt')).toBe('/product/linen-shirt');
    expect(afterLoginPath(null)).toBe('/account');
  });

  it('keeps the path exactly as the browser had it: its own %-escapes survive the round trip', () => {
    for (const path of ['/search?q=t%26c', '/search?q=100%25', '/product/a%2Fb', '/%09/evil.example']) {
      const store = createAuthStore({ user: null, defaultMode: 'OTP' });
      store.openLogin({ redirectTo: path });
      expect(afterLoginPath(store.getState().redirectTo)).toBe(path);
    }
  });

  it('never leaves the shop', () => {
    for (const bad of [
      '//evil.example/x',
      'https://evil.example',
      'javascript:alert(1)',
      encodeURIComponent('//evil.example'),
      '/\\evil.example',
      '%E0%A4%A',
      encodeURIComponent('/\t/evil.example'),
    ]) {
      expect(safeRedirectPath(bad)).toBeNull();
      expect(afterLoginPath(bad)).toBe('/account');
    }
  });
});

describe('auth store', () => {
  it('logged in means the user has an id', () => {
    const store = createAuthStore({ user: null, defaultMode: 'OTP' });
    expect(isLoggedIn(store.getState())).toBe(false);
    store.setUser(ana);
    expect(isLoggedIn(store.getState())).toBe(true);
  });

  it('opening login closes register and remembers the target; closing resets the mode', () => {
    const store = createAuthStore({ user: null, defaultMode: 'OTP' });
    store.openRegister();
    store.setMode('Legacy');
    store.openLogin({ redirectTo: '/account/wishlist' });
    expect(store.getState()).toMatchObject({ loginOpen: true, registerOpen: false, mode: 'OTP' });
    expect(store.getState().redirectTo).toBe(encodeURIComponent('/account/wishlist'));
    store.setMode('ForgotPassword');
    store.closeDialogs();
    expect(store.getState()).toMatchObject({ loginOpen: false, registerOpen: false, mode: 'OTP' });
    // The target survives closing: a later login from the header still lands there only if asked.
    expect(afterLoginPath(store.getState().redirectTo)).toBe('/account/wishlist');
  });

  it('notifies subscribers and replaces the state object on every change', () => {
    const store = createAuthStore({ user: null, defaultMode: 'Legacy' });
    const seen: boolean[] = [];
    const stop = store.subscribe(() => seen.push(store.getState().loginOpen));
    const before = store.getState();
    store.openLogin();
    expect(store.getState()).not.toBe(before);
    stop();
    store.closeDialogs();
    expect(seen).toEqual([true]);
  });

  it('updating is on while a request runs and off afterwards, also on failure', async () => {
    const store = createAuthStore({ user: null, defaultMode: 'OTP' });
    let during = false;
    await store.track(async () => {
      during = store.getState().updating;
    });
    expect(during).toBe(true);
    expect(store.getState().updating).toBe(false);
    await expect(store.track(() => Promise.reject(new Error('nope')))).rejects.toThrow('nope');
    expect(store.getState().updating).toBe(false);
  });

  it('stays updating after a successful OTP request when asked to', async () => {
    const store = createAuthStore({ user: null, defaultMode: 'OTP' });
    await store.track(
      async () => ({ sent: true }),
      (r) => r.sent,
    );
    expect(store.getState().updating).toBe(true);
  });

  it('persists the user, mode and target, never the updating flag or an open dialog', () => {
    const storage = memoryStorage();
    const store = createAuthStore({ user: null, defaultMode: 'OTP' });
    store.hydrate(storage, null);
    store.openLogin({ redirectTo: '/account/profile' });
    store.set({ updating: true });
    expect(storage.saved()).toEqual({
      user: null,
      mode: 'OTP',
      redirectTo: encodeURIComponent('/account/profile'),
    });
  });

  it('a dialog left open is not reopened by a reload or the next page', () => {
    const storage = memoryStorage();
    const first = createAuthStore({ user: null, defaultMode: 'OTP' });
    first.hydrate(storage, null);
    first.openLogin({ redirectTo: '/account', mode: 'Legacy' });
    const next = createAuthStore({ user: null, defaultMode: 'OTP' });
    next.hydrate(storage, null);
    expect(next.getState()).toMatchObject({ loginOpen: false, registerOpen: false, mode: 'OTP' });
    // The target survives: a login the shopper starts later from this tab may still use it.
    expect(next.getState().redirectTo).toBe(encodeURIComponent('/account'));
  });

  it('on load the server session wins over browser storage', () => {
    const stale = memoryStorage({
      [AUTH_STORAGE_KEY]: JSON.stringify({
        user: ana,
        mode: 'Legacy',
        loginOpen: false,
        registerOpen: false,
        redirectTo: null,
      }),
    });
    const guest = createAuthStore({ user: null, defaultMode: 'OTP' });
    guest.hydrate(stale, null);
    expect(guest.getState().user).toBeNull();
    // Mode only survives while a dialog was open; otherwise it is the default.
    expect(guest.getState().mode).toBe('OTP');

    const pending = memoryStorage({
      [AUTH_STORAGE_KEY]: JSON.stringify({
        user: null,
        mode: 'Legacy',
        loginOpen: true,
        redirectTo: '%2Faccount%2Fsecurity',
      }),
    });
    const customer = createAuthStore({ user: null, defaultMode: 'OTP' });
    customer.hydrate(pending, ana);
    expect(customer.getState()).toMatchObject({ user: ana, loginOpen: false, redirectTo: '%2Faccount%2Fsecurity' });

    // Storage written by an older version (with the dialog flags) does not reopen a dialog either.
    const stillPending = memoryStorage({
      [AUTH_STORAGE_KEY]: JSON.stringify({
        user: null,
        mode: 'Legacy',
        loginOpen: true,
        redirectTo: '%2Faccount%2Fsecurity',
      }),
    });
    const reopened = createAuthStore({ user: null, defaultMode: 'OTP' });
    reopened.hydrate(stillPending, null);
    expect(reopened.getState()).toMatchObject({ user: null, loginOpen: false, mode: 'OTP' });
  });

  it('ignores unreadable storage and unsafe stored targets', () => {
    const broken = memoryStorage({ [AUTH_STORAGE_KEY]: '{not json' });
    const store = createAuthStore({ user: null, defaultMode: 'Legacy' });
    store.hydrate(broken, null);
    expect(store.getState()).toMatchObject({ user: null, loginOpen: false, redirectTo: null });
    const evil = memoryStorage({ [AUTH_STORAGE_KEY]: JSON.stringify({ redirectTo: '//evil.example' }) });
    store.hydrate(evil, null);
    expect(store.getState().redirectTo).toBeNull();
  });

  it('reset (logout, or a 401) forgets the user and the pending target', () => {
    const store = createAuthStore({ user: ana, defaultMode: 'OTP' });
    store.openLogin({ redirectTo: '/account' });
    store.reset();
    expect(store.getState()).toMatchObject({ user: null, redirectTo: null, loginOpen: false, mode: 'OTP' });
  });

  it('a 401 once the account is known logs out as reset does', () => {
    const store = createAuthStore({ user: ana, defaultMode: 'OTP' });
    store.set({ redirectTo: '%2Fcart', updating: true });
    store.endSession();
    expect(store.getState()).toMatchObject({ user: null, redirectTo: null, loginOpen: false, updating: false });
  });

  it('a 401 while a shared page loads the account (a stale flag) leaves the dialogs and the target alone', () => {
    const store = createAuthStore({ user: null, defaultMode: 'OTP' });
    store.set({ checking: true });
    // The shopper opened the login meanwhile, and switched its mode.
    store.openLogin({ redirectTo: '/product/linen-shirt#reviews' });
    store.setMode('Legacy');
    const before = store.getState();
    store.endSession();
    expect(store.getState()).toBe(before);
    expect(store.getState()).toMatchObject({ loginOpen: true, mode: 'Legacy', user: null });
    expect(afterLoginPath(store.getState().redirectTo)).toBe('/product/linen-shirt#reviews');
  });

  it('a 401 from the stale account load does not log out a shopper who signed in meanwhile', () => {
    const store = createAuthStore({ user: null, defaultMode: 'OTP' });
    store.set({ checking: true });
    store.setUser(ana);
    store.endSession();
    expect(store.getState().user).toEqual(ana);
  });
});

describe('afterAccountCheck', () => {
  it('decides at once when no account is loading', () => {
    const store = createAuthStore({ user: ana, defaultMode: 'OTP' });
    const seen: boolean[] = [];
    afterAccountCheck(store, (s) => seen.push(isLoggedIn(s)));
    expect(seen).toEqual([true]);
    const guest = createAuthStore({ user: null, defaultMode: 'OTP' });
    afterAccountCheck(guest, (s) => seen.push(isLoggedIn(s)));
    expect(seen).toEqual([true, false]);
  });

  it('waits for a running check: a signed-in shopper is not taken for a guest', () => {
    const store = createAuthStore({ user: null, defaultMode: 'OTP' });
    store.set({ checking: true });
    const seen: boolean[] = [];
    afterAccountCheck(store, (s) => seen.push(isLoggedIn(s)));
    store.openLogin(); // any other change while checking: still waiting
    expect(seen).toEqual([]);
    store.set({ user: ana, checking: false });
    expect(seen).toEqual([true]);
    // Once only.
    store.set({ user: null });
    store.set({ checking: true });
    store.set({ checking: false });
    expect(seen).toEqual([true]);
  });

  it('answers a guest when the check finds no account', () => {
    const store = createAuthStore({ user: null, defaultMode: 'OTP' });
    store.set({ checking: true });
    const seen: boolean[] = [];
    afterAccountCheck(store, (s) => seen.push(isLoggedIn(s)));
    store.set({ checking: false });
    expect(seen).toEqual([false]);
  });

  it('can be cancelled (the button left the page)', () => {
    const store = createAuthStore({ user: null, defaultMode: 'OTP' });
    store.set({ checking: true });
    const seen: boolean[] = [];
    const cancel = afterAccountCheck(store, (s) => seen.push(isLoggedIn(s)));
    cancel();
    store.set({ user: ana, checking: false });
    expect(seen).toEqual([]);
  });
});
